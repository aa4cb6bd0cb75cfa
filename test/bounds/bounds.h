/* SPDX-License-Identifier: MIT */
/* bounds.h - what the parts of test_bounds share: the map builder (Source
 * v20 and Quake v29 maps written byte by byte, little-endian whatever the
 * host), loading into a guarded arena, the watchdog and the labels. */
#ifndef BSP_TEST_BOUNDS_H
#define BSP_TEST_BOUNDS_H

#include <stdio.h>
#include <stdint.h>
#include "../../loader/bspkit.h"

/* ---- map builder (builder.c) ---- */
enum { FAM_SOURCE, FAM_QUAKE };
enum { L_ENT = 0, L_PLANES = 1, L_VERTS = 3, L_VIS = 4, L_NODES = 5, L_TEXINFO = 6, L_FACES = 7,
       L_LIGHT = 8, L_LEAFS = 10, L_EDGES = 12, L_SURFEDGES = 13, L_MODELS = 14, L_GAME = 35 };
typedef struct lump {
    uint8_t *p;
    uint32_t n, cap, version, packed_size;
} lump;
typedef struct mb {
    int fam;
    lump l[64];
    uint32_t pad[64];      /* bytes before each lump in the file */
} mb;

void mb_init(mb *m, int fam);
void mb_free(mb *m);
void put(lump *l, const void *src, uint32_t n);
void u8(lump *l, uint32_t v);
void u16(lump *l, uint32_t v);
void u32(lump *l, uint32_t v);
void f32(lump *l, float f);
void le32_at(uint8_t *p, uint32_t v);
uint32_t get_le32(const uint8_t *p);
uint32_t header_bytes(int fam);
uint8_t *dir_entry(uint8_t *file, int fam, int i);
uint8_t *mb_file(const mb *m, uint32_t *size);
void plane(mb *m, float nx, float ny, float nz, float dist);
void node(mb *m, uint32_t planenum, int32_t c0, int32_t c1, uint32_t firstface, uint32_t numfaces);
void leaf(mb *m, int32_t contents, int32_t cluster_or_visofs);
void model(mb *m, int32_t headnode, int32_t visleafs, uint32_t firstface, uint32_t numfaces);
void texinfo(mb *m, uint32_t flags);
void face(mb *m, int32_t tinfo, int32_t lightofs, uint32_t style0, int32_t firstedge,
          int32_t numedges, uint32_t w, uint32_t h);
void vertex(mb *m, float x, float y, float z);
void edge(mb *m, uint32_t a, uint32_t b);
uint32_t square(mb *m, float x0, float y0, float z, float size);

/* ---- loading into GUARD | arena | GUARD (builder.c) ---- */
#define GUARD 256
#define GUARD_BYTE 0xA5
typedef struct loaded {
    bsp_header h;
    bsp_map m;
    uint8_t *block;        /* GUARD | arena | GUARD */
    uint32_t need;
} loaded;

bsp_status load_opts(loaded *L, const uint8_t *file, uint32_t size, bsp_options o);
bsp_status load(loaded *L, const uint8_t *file, uint32_t size, uint32_t sets);
void unload(loaded *L);
bsp_status load_mb(loaded *L, const mb *m, uint32_t sets);

/* ---- the watchdog and labels (test_bounds.c) ---- */
/* Name the case about to run; if it has not finished in the watchdog's
 * time the program prints a FAIL line for it and exits. */
void watch(const char *name);
extern char label[400];
#define LABEL(...) (snprintf(label, sizeof label, __VA_ARGS__), label)
#define EXPECT(got, want, ...) \
    do { \
        bsp_status g_ = (got), w_ = (want); \
        CHECK(g_ == w_, LABEL(__VA_ARGS__), "got %s, want %s", bsp_status_name(g_), bsp_status_name(w_)); \
    } while (0)

/* ---- arena and stream discipline (discipline.c) ---- */
void test_discipline(const char *name, const uint8_t *data, uint32_t size);

#endif
