/* SPDX-License-Identifier: MIT */
/* fuzz_load.c - the whole API on arbitrary bytes taken as a map file.
 *
 * Each input is a map file, loaded under several options and queried in
 * every way (load_all.h says what is checked).
 *
 * Seeds: every generated map (all families, console variants) and the real
 * maps of ../shared/maps. */
#include "load_all.h"

FUZZ_ENTRY(load)
{
    if (size > 0xffffffffu) return 0;
    load_all(data, (uint32_t)size);
    return 0;
}
