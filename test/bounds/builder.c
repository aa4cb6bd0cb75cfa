/* SPDX-License-Identifier: MIT */
/* builder.c - test_bounds' map builder: lumps appended record by record,
 * assembled into a file with its directory; and loads into an arena with
 * guard bytes on both sides. */
#include <stdlib.h>
#include <string.h>

#include "bounds.h"
#include "../../platform/memory/bsp_memstream.h"


/* lump indices (the same in both families for these roles) */



void mb_init(mb *m, int fam)
{
    memset(m, 0, sizeof *m);
    m->fam = fam;
    if (fam == FAM_SOURCE) m->l[L_LEAFS].version = 1;   /* 32-byte leaves */
}

void mb_free(mb *m)
{
    int i;
    for (i = 0; i < 64; i++) free(m->l[i].p);
}

void put(lump *l, const void *src, uint32_t n)
{
    if (l->n + n > l->cap) {
        l->cap = (l->n + n) * 2 + 64;
        l->p = realloc(l->p, l->cap);
    }
    memcpy(l->p + l->n, src, n);
    l->n += n;
}

void u8(lump *l, uint32_t v)
{
    uint8_t b = (uint8_t)v;
    put(l, &b, 1);
}

void u16(lump *l, uint32_t v)
{
    u8(l, v);
    u8(l, v >> 8);
}

void u32(lump *l, uint32_t v)
{
    u16(l, v);
    u16(l, v >> 16);
}

void f32(lump *l, float f)
{
    uint32_t v;
    memcpy(&v, &f, 4);
    u32(l, v);
}

void le32_at(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

uint32_t get_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

uint32_t header_bytes(int fam)
{
    return fam == FAM_SOURCE ? 1036 : 124;
}

/* Directory entry `i` of an assembled file: offset and length words. */
uint8_t *dir_entry(uint8_t *file, int fam, int i)
{
    return fam == FAM_SOURCE ? file + 8 + 16 * i : file + 4 + 8 * i;
}

/* The file: header, then the lumps in index order, each 4-aligned plus its
 * pad bytes. */
uint8_t *mb_file(const mb *m, uint32_t *size)
{
    int nl = m->fam == FAM_SOURCE ? 64 : 15, i;
    uint32_t pos = header_bytes(m->fam), ofs[64];
    uint8_t *f;
    for (i = 0; i < nl; i++) {
        pos = (pos + 3) & ~3u;
        pos += m->pad[i];
        ofs[i] = pos;
        pos += m->l[i].n;
    }
    f = calloc(1, pos);
    if (m->fam == FAM_SOURCE) {
        memcpy(f, "VBSP", 4);
        le32_at(f + 4, 20);
    } else {
        le32_at(f, 29);
    }
    for (i = 0; i < nl; i++) {
        uint8_t *e = dir_entry(f, m->fam, i);
        if (!m->l[i].n) continue;
        le32_at(e, ofs[i]);
        le32_at(e + 4, m->l[i].n);
        if (m->fam == FAM_SOURCE) {
            le32_at(e + 8, m->l[i].version);
            le32_at(e + 12, m->l[i].packed_size);
        }
        memcpy(f + ofs[i], m->l[i].p, m->l[i].n);
    }
    *size = pos;
    return f;
}

/* records: both families */
void plane(mb *m, float nx, float ny, float nz, float dist)
{
    lump *l = &m->l[L_PLANES];
    f32(l, nx);
    f32(l, ny);
    f32(l, nz);
    f32(l, dist);
    u32(l, nz != 0.0f ? 2 : 0);
}

void node(mb *m, uint32_t planenum, int32_t c0, int32_t c1, uint32_t firstface, uint32_t numfaces)
{
    lump *l = &m->l[L_NODES];
    int k;
    u32(l, planenum);
    if (m->fam == FAM_SOURCE) {
        u32(l, (uint32_t)c0);
        u32(l, (uint32_t)c1);
    } else {
        u16(l, (uint32_t)c0);
        u16(l, (uint32_t)c1);
    }
    for (k = 0; k < 6; k++) u16(l, 0);
    u16(l, firstface);
    u16(l, numfaces);
    if (m->fam == FAM_SOURCE) {
        u16(l, 0);
        u16(l, 0);
    }
}

/* Source: cluster; Quake: visofs */
void leaf(mb *m, int32_t contents, int32_t cluster_or_visofs)
{
    lump *l = &m->l[L_LEAFS];
    int k;
    u32(l, (uint32_t)contents);
    if (m->fam == FAM_SOURCE) {
        u16(l, (uint32_t)cluster_or_visofs);
        u16(l, 0);
        for (k = 0; k < 6; k++) u16(l, 0);
        for (k = 0; k < 6; k++) u16(l, 0);   /* leafface, leafbrush ranges, water id, pad */
    } else {
        u32(l, (uint32_t)cluster_or_visofs);
        for (k = 0; k < 6; k++) u16(l, 0);
        u16(l, 0);
        u16(l, 0);
        u32(l, 0);   /* ambient levels */
    }
}

void model(mb *m, int32_t headnode, int32_t visleafs, uint32_t firstface, uint32_t numfaces)
{
    lump *l = &m->l[L_MODELS];
    int k;
    for (k = 0; k < 9; k++) f32(l, 0.0f);
    u32(l, (uint32_t)headnode);
    if (m->fam == FAM_QUAKE) {
        for (k = 0; k < 3; k++) u32(l, 0);
        u32(l, (uint32_t)visleafs);
    }
    u32(l, firstface);
    u32(l, numfaces);
}

/* lightmap / texture vectors: s = x, t = y */
void texinfo(mb *m, uint32_t flags)
{
    lump *l = &m->l[L_TEXINFO];
    int k;
    if (m->fam == FAM_SOURCE)
        for (k = 0; k < 8; k++) f32(l, 0.0f);           /* texture vecs */
    for (k = 0; k < 8; k++) f32(l, k == 0 || k == 5 ? 1.0f : 0.0f);
    if (m->fam == FAM_SOURCE) {
        u32(l, flags);
        u32(l, 0);
    } else {
        u32(l, 0);
        u32(l, flags);
    }
}

/* Source: luxel mins 0, size w-1 x h-1. Quake: extents from the edges. */
void face(mb *m, int32_t tinfo, int32_t lightofs, uint32_t style0, int32_t firstedge,
                 int32_t numedges, uint32_t w, uint32_t h)
{
    lump *l = &m->l[L_FACES];
    if (m->fam == FAM_SOURCE) {
        u16(l, 0);                      /* plane */
        u8(l, 0);
        u8(l, 0);
        u32(l, (uint32_t)firstedge);
        u16(l, (uint32_t)numedges);
        u16(l, (uint32_t)tinfo);
        u16(l, 0xffff);                 /* dispinfo -1 */
        u16(l, 0);
        u8(l, style0);
        u8(l, 255);
        u8(l, 255);
        u8(l, 255);
        u32(l, (uint32_t)lightofs);
        f32(l, 0.0f);
        u32(l, 0);
        u32(l, 0);
        u32(l, w - 1);
        u32(l, h - 1);
        u32(l, 0);
        u16(l, 0);
        u16(l, 0);
        u32(l, 0);
    } else {
        u16(l, 0);
        u16(l, 0);
        u32(l, (uint32_t)firstedge);
        u16(l, (uint32_t)numedges);
        u16(l, (uint32_t)tinfo);
        u8(l, style0);
        u8(l, 255);
        u8(l, 255);
        u8(l, 255);
        u32(l, (uint32_t)lightofs);
    }
}

void vertex(mb *m, float x, float y, float z)
{
    f32(&m->l[L_VERTS], x);
    f32(&m->l[L_VERTS], y);
    f32(&m->l[L_VERTS], z);
}

void edge(mb *m, uint32_t a, uint32_t b)
{
    u16(&m->l[L_EDGES], a);
    u16(&m->l[L_EDGES], b);
}

/* A square face's loop: 4 vertices (x0..x0+size, y0..y0+size, z), 4 edges
 * and 4 surfedges; returns the first surfedge. */
uint32_t square(mb *m, float x0, float y0, float z, float size)
{
    uint32_t v = m->l[L_VERTS].n / 12, e = m->l[L_EDGES].n / 4, first = m->l[L_SURFEDGES].n / 4, k;
    if (e == 0) {
        edge(m, 0, 0);                  /* edge 0 is unused by convention */
        e = 1;
    }
    vertex(m, x0, y0, z);
    vertex(m, x0 + size, y0, z);
    vertex(m, x0 + size, y0 + size, z);
    vertex(m, x0, y0 + size, z);
    for (k = 0; k < 4; k++) {
        edge(m, v + k, v + (k + 1) % 4);
        u32(&m->l[L_SURFEDGES], e + k);
    }
    return first;
}




bsp_status load_opts(loaded *L, const uint8_t *file, uint32_t size, bsp_options o)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_status st;
    memset(L, 0, sizeof *L);
    bsp_memstream_init(&ms, &s, file, size);
    st = bsp_open(&L->h, &s);
    if (st == BSP_OK) st = bsp_measure(&L->h, &o, &L->need);
    if (st != BSP_OK) return st;
    if (L->need > (256u << 20)) return BSP_E_ARENA_TOO_SMALL;
    L->block = malloc(L->need + 2 * GUARD);
    memset(L->block, GUARD_BYTE, L->need + 2 * GUARD);
    st = bsp_load(&L->m, &L->h, &s, L->block + GUARD, L->need, &o, NULL);
    return st;
}

bsp_status load(loaded *L, const uint8_t *file, uint32_t size, uint32_t sets)
{
    return load_opts(L, file, size, bsp_default_options(sets));
}

void unload(loaded *L)
{
    free(L->block);
    L->block = NULL;
}

bsp_status load_mb(loaded *L, const mb *m, uint32_t sets)
{
    uint32_t size;
    uint8_t *f = mb_file(m, &size);
    bsp_status st = load(L, f, size, sets);
    free(f);
    return st;
}
