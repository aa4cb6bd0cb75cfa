/* SPDX-License-Identifier: MIT */
/* util.c - see util.h. */
#include "util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void gen_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("bspgen: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

void *gen_grow(void *p, int *cap, int need, size_t elem)
{
    int c = *cap ? *cap : 16;
    while (c < need) c *= 2;
    p = realloc(p, (size_t)c * elem);
    if (!p) gen_die("out of memory");
    *cap = c;
    return p;
}

void gbuf_put(gbuf *b, const void *p, size_t n)
{
    if (b->len + n > b->cap) {
        size_t c = b->cap ? b->cap : 256;
        while (c < b->len + n) c *= 2;
        b->data = realloc(b->data, c);
        if (!b->data) gen_die("out of memory");
        b->cap = c;
    }
    if (n) memcpy(b->data + b->len, p, n);
    b->len += n;
}

void gbuf_u8(gbuf *b, unsigned v)
{
    unsigned char c = (unsigned char)v;
    gbuf_put(b, &c, 1);
}

void gbuf_le16(gbuf *b, unsigned v)
{
    unsigned char c[2];
    c[0] = (unsigned char)(v & 0xff);
    c[1] = (unsigned char)((v >> 8) & 0xff);
    gbuf_put(b, c, 2);
}

void gbuf_le32(gbuf *b, uint32_t v)
{
    unsigned char c[4];
    c[0] = (unsigned char)(v & 0xff);
    c[1] = (unsigned char)((v >> 8) & 0xff);
    c[2] = (unsigned char)((v >> 16) & 0xff);
    c[3] = (unsigned char)(v >> 24);
    gbuf_put(b, c, 4);
}

void gbuf_i32(gbuf *b, int32_t v) { gbuf_le32(b, (uint32_t)v); }

void gbuf_f32(gbuf *b, float v)
{
    uint32_t u;
    memcpy(&u, &v, 4);
    gbuf_le32(b, u);
}

void gbuf_zero(gbuf *b, size_t n)
{
    static const unsigned char z[64];
    while (n) {
        size_t k = n < sizeof z ? n : sizeof z;
        gbuf_put(b, z, k);
        n -= k;
    }
}

void gbuf_printf(gbuf *b, const char *fmt, ...)
{
    char tmp[512];
    int n;
    va_list ap;
    va_start(ap, fmt);
    n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof tmp) gen_die("gbuf_printf: line too long");
    gbuf_put(b, tmp, (size_t)n);
}

void gbuf_set_le32(gbuf *b, size_t at, uint32_t v)
{
    if (at + 4 > b->len) gen_die("gbuf_set_le32 out of range");
    b->data[at] = (unsigned char)(v & 0xff);
    b->data[at + 1] = (unsigned char)((v >> 8) & 0xff);
    b->data[at + 2] = (unsigned char)((v >> 16) & 0xff);
    b->data[at + 3] = (unsigned char)(v >> 24);
}

void gbuf_free(gbuf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

int gbuf_save(const gbuf *b, const char *path)
{
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    if (b->len && fwrite(b->data, 1, b->len, f) != b->len) {
        fclose(f);
        return -1;
    }
    return fclose(f) == 0 ? 0 : -1;
}

uint64_t gen_rng_next(gen_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int gen_rng_range(gen_rng *r, int lo, int hi)
{
    uint64_t span = (uint64_t)((int64_t)hi - lo + 1);
    return lo + (int)(gen_rng_next(r) % span);
}

static uint32_t mix32(uint32_t h)
{
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    return h;
}

uint32_t gen_hash32(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    uint32_t h = mix32(a + 0x9E3779B9u);
    h = mix32(h ^ (b + 0x85EBCA6Bu));
    h = mix32(h ^ (c + 0xC2B2AE35u));
    return mix32(h ^ (d + 0x27D4EB2Fu));
}

uint64_t gen_hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    while (*s) {
        h ^= (unsigned char)*s++;
        h *= 1099511628211ull;
    }
    return h;
}

static size_t map_slot(const gen_map *m, const int32_t k[4])
{
    size_t i = gen_hash32((uint32_t)k[0], (uint32_t)k[1], (uint32_t)k[2], (uint32_t)k[3]) & (m->cap - 1);
    while (m->vals[i] >= 0 && memcmp(m->keys + 4 * i, k, 4 * sizeof(int32_t)) != 0)
        i = (i + 1) & (m->cap - 1);
    return i;
}

int gen_map_get(const gen_map *m, const int32_t k[4])
{
    if (!m->cap) return -1;
    return m->vals[map_slot(m, k)];
}

void gen_map_put(gen_map *m, const int32_t k[4], int v)
{
    size_t i;
    if ((m->used + 1) * 2 > m->cap) {
        gen_map old = *m;
        size_t j;
        m->cap = old.cap ? old.cap * 2 : 64;
        m->used = 0;
        m->keys = malloc(m->cap * 4 * sizeof(int32_t));
        m->vals = malloc(m->cap * sizeof(int));
        if (!m->keys || !m->vals) gen_die("out of memory");
        for (j = 0; j < m->cap; j++) m->vals[j] = -1;
        for (j = 0; j < old.cap; j++)
            if (old.vals[j] >= 0) gen_map_put(m, old.keys + 4 * j, old.vals[j]);
        free(old.keys);
        free(old.vals);
    }
    i = map_slot(m, k);
    if (m->vals[i] < 0) m->used++;
    memcpy(m->keys + 4 * i, k, 4 * sizeof(int32_t));
    m->vals[i] = v;
}

void gen_map_free(gen_map *m)
{
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}

void gen_fmt_coord(char *out, size_t n, float v)
{
    int d;
    /* Plain decimals first (query points are multiples of 1/32, so this
     * nearly always ends with a short exact form), %.9g as the fallback:
     * nine significant digits always round-trip a float. */
    for (d = 0; d <= 6; d++) {
        snprintf(out, n, "%.*f", d, (double)v);
        if (strtof(out, NULL) == v && strlen(out) < 16) return;
    }
    snprintf(out, n, "%.9g", (double)v);
}
