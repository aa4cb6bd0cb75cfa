/* SPDX-License-Identifier: MIT */
/* files.h - read a whole file for the test programs. */
#ifndef BSP_TEST_FILES_H
#define BSP_TEST_FILES_H

#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

/* The file's bytes in a fresh malloc block of exactly its size (so ASan
 * catches any read past it), or NULL. */
static __attribute__((unused)) uint8_t *read_file(const char *path, uint32_t *size)
{
    FILE *fp = fopen(path, "rb");
    uint8_t *data;
    long n;
    if (!fp) return NULL;
    if (fseek(fp, 0, SEEK_END) != 0 || (n = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET) != 0) {
        fclose(fp);
        return NULL;
    }
    data = malloc(n ? (size_t)n : 1);
    if (data && fread(data, 1, (size_t)n, fp) != (size_t)n) {
        free(data);
        data = NULL;
    }
    fclose(fp);
    *size = (uint32_t)n;
    return data;
}

#endif
