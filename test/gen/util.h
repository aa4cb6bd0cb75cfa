/* SPDX-License-Identifier: MIT */
/* util.h - small host-side helpers shared by the fixture generator:
 * growable arrays and byte buffers, little-endian packing, a seeded RNG,
 * an integer-keyed hash map for de-duplication, and number formatting that
 * round-trips through strtof. Nothing here knows about any BSP family. */
#ifndef BSPGEN_UTIL_H
#define BSPGEN_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The expected answers depend on float arithmetic being done in float. */
#include <float.h>
#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "bspgen needs FLT_EVAL_METHOD == 0 (SSE or equivalent float arithmetic)"
#endif

void gen_die(const char *fmt, ...);
void *gen_grow(void *p, int *cap, int need, size_t elem);

/* Make room for element arr[n]; usage: GEN_RESERVE(a, n, cap); a[n++] = v; */
#define GEN_RESERVE(arr, n, cap)                                              \
    do {                                                                      \
        if ((n) >= (cap)) (arr) = gen_grow((arr), &(cap), (n) + 1, sizeof *(arr)); \
    } while (0)

/* Byte buffer a lump or a text file is assembled in. */
typedef struct {
    unsigned char *data;
    size_t len, cap;
} gbuf;

void gbuf_put(gbuf *b, const void *p, size_t n);
void gbuf_u8(gbuf *b, unsigned v);
void gbuf_le16(gbuf *b, unsigned v);
void gbuf_le32(gbuf *b, uint32_t v);
void gbuf_i32(gbuf *b, int32_t v);
void gbuf_f32(gbuf *b, float v);
void gbuf_zero(gbuf *b, size_t n);
void gbuf_printf(gbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void gbuf_set_le32(gbuf *b, size_t at, uint32_t v);
void gbuf_free(gbuf *b);
int gbuf_save(const gbuf *b, const char *path);

/* splitmix64: fixed seeds give the same fixtures on every host. */
typedef struct { uint64_t s; } gen_rng;
uint64_t gen_rng_next(gen_rng *r);
int gen_rng_range(gen_rng *r, int lo, int hi); /* inclusive */
uint32_t gen_hash32(uint32_t a, uint32_t b, uint32_t c, uint32_t d);
uint64_t gen_hash_str(const char *s);

/* Open-addressing map from up to 4 int32 to an int (>= 0). */
typedef struct {
    int32_t *keys;
    int *vals;
    size_t cap, used;
} gen_map;

int gen_map_get(const gen_map *m, const int32_t k[4]); /* -1 when absent */
void gen_map_put(gen_map *m, const int32_t k[4], int v);
void gen_map_free(gen_map *m);

/* Shortest decimal text that strtof reads back as exactly v. */
void gen_fmt_coord(char *out, size_t n, float v);

#endif
