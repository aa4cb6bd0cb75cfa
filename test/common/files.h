/* SPDX-License-Identifier: MIT */
/* files.h - read a whole file for the test programs. */
#ifndef BSP_TEST_FILES_H
#define BSP_TEST_FILES_H

#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include "check.h"

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

/* The test programs' loop over maps: fn runs on each map named in
 * argv[1..] with its file name, its bytes (freed after), its argument
 * index, and the ".api" expectations file that may follow it (else NULL;
 * that argument is then skipped). An unreadable map is a FAIL. */
typedef void (*map_fn)(const char *name, const uint8_t *data, uint32_t size, int index,
                       const char *api);

static __attribute__((unused)) void for_each_map(int argc, char **argv, map_fn fn)
{
    int i;
    for (i = 1; i < argc; i++) {
        const char *name = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
        const char *api = NULL;
        uint32_t size;
        uint8_t *data = read_file(argv[i], &size);
        if (i + 1 < argc && strstr(argv[i + 1], ".api")) api = argv[++i];
        if (!data) {
            CHECK(0, name, "cannot read %s", argv[i]);
            continue;
        }
        fn(name, data, size, i, api);
        free(data);
    }
}

#endif
