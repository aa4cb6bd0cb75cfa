/* SPDX-License-Identifier: MIT */
/* version.c - the version compiled into the library, for programs that load
 * it as a shared library and want to check it against their header. */
#include "../bspkit.h"

#define BSP__STR2(x) #x
#define BSP__STR(x) BSP__STR2(x)

uint32_t bsp_version(void)
{
    return (uint32_t)BSPKIT_VERSION_NUMBER;
}

const char *bsp_version_string(void)
{
    return BSP__STR(BSPKIT_VERSION_MAJOR) "." BSP__STR(BSPKIT_VERSION_MINOR) "." BSP__STR(BSPKIT_VERSION_PATCH);
}
