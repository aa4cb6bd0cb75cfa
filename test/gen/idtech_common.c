/* SPDX-License-Identifier: MIT */
/* idtech_common.c - what the non-Source writers share (idtech.h). */
#include "idtech.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

unsigned id_u16(long v, const char *what)
{
    if (v < 0 || v > 65535) gen_die("%s %ld does not fit in 16 bits", what, v);
    return (unsigned)v;
}

unsigned id_s16(long v, const char *what)
{
    if (v < -32768 || v > 32767) gen_die("%s %ld does not fit in int16", what, v);
    return (unsigned)(v & 0xffff);
}

void id_assemble(const unsigned char *prefix, int prefix_len, gbuf *lumps, int nlumps, const int *order,
                 const char *path)
{
    gbuf file;
    int *ofs = calloc((size_t)nlumps, sizeof *ofs), *seen = calloc((size_t)nlumps, sizeof *seen), i;
    if (!ofs || !seen) gen_die("out of memory");
    memset(&file, 0, sizeof file);
    gbuf_put(&file, prefix, (size_t)prefix_len);
    gbuf_zero(&file, (size_t)nlumps * 8);
    for (i = 0; i < nlumps; i++) {
        int k = order[i];
        if (k < 0 || k >= nlumps || seen[k]++) gen_die("lump order is not a permutation");
        if (lumps[k].len) gbuf_zero(&file, (4 - file.len % 4) % 4);
        ofs[k] = (int)file.len;
        gbuf_put(&file, lumps[k].data, lumps[k].len);
    }
    for (i = 0; i < nlumps; i++) {
        gbuf_set_le32(&file, (size_t)prefix_len + 8 * (size_t)i, (uint32_t)ofs[i]);
        gbuf_set_le32(&file, (size_t)prefix_len + 8 * (size_t)i + 4, (uint32_t)lumps[i].len);
    }
    if (gbuf_save(&file, path)) gen_die("cannot write %s", path);
    gbuf_free(&file);
    free(ofs);
    free(seen);
}

void id_entities(const gen_world *w, int family, gbuf *b)
{
    const gen_ibox *pr = &w->desc->rooms[w->desc->player_room].box;
    const char *start = family == GEN_FAM_QUAKE3 ? "info_player_deathmatch" : "info_player_start";
    gbuf_printf(b, "{\n\"classname\" \"worldspawn\"\n\"message\" \"bspgen %s\"\n", w->desc->name);
    switch (family) {
    case GEN_FAM_QUAKE: case GEN_FAM_BSP2: case GEN_FAM_BSP2RMQ:
        gbuf_printf(b, "\"wad\" \"gfx/base.wad\"\n\"worldtype\" \"2\"\n");
        break;
    case GEN_FAM_GOLDSRC:
        gbuf_printf(b, "\"wad\" \"\\\\half-life\\\\valve\\\\halflife.wad\"\n\"mapversion\" \"220\"\n");
        break;
    case GEN_FAM_QUAKE2:
        gbuf_printf(b, "\"sky\" \"unit1_\"\n");
        break;
    case GEN_FAM_NIGHTFIRE:
        gbuf_printf(b, "\"mapversion\" \"510\"\n\"MaxRange\" \"16384\"\n");
        break;
    default:
        break;
    }
    gbuf_printf(b, "}\n{\n\"classname\" \"%s\"\n\"origin\" \"%d %d %d\"\n\"angle\" \"90\"\n}\n", start,
                (pr->lo[0] + pr->hi[0]) / 2 + 8, (pr->lo[1] + pr->hi[1]) / 2 + 8, pr->lo[2] + 24);
    gbuf_printf(b, "{\n\"classname\" \"func_door\"\n\"model\" \"*1\"\n\"targetname\" \"door1\"\n\"speed\" \"100\"\n}\n");
    gbuf_u8(b, 0);
}

void id_face_verts(const gen_world *w, int f, int v[4])
{
    const gen_face *fc = &w->faces[f];
    int k;
    if (fc->numedges != 4) gen_die("face %d has %d edges", f, fc->numedges);
    for (k = 0; k < 4; k++) {
        int se = w->surfedges[fc->firstedge + k];
        v[k] = se >= 0 ? w->edges[se][0] : w->edges[-se][1];
    }
}

int id_child(const gen_view *v, int child)
{
    int l;
    if (child >= 0) {
        if (child >= v->nnodes) gen_die("node %d is not written", child);
        return child;
    }
    l = v->leaf_of[-1 - child];
    if (l < 0) gen_die("leaf %d is not written", -1 - child);
    return -1 - l;
}

void id_leaf_bounds(const gen_view *v, int file_leaf, int lo[3], int hi[3])
{
    int src = v->leaf_src[file_leaf], a;
    const gen_leaf *lf = &v->w->leaves[src];
    if (src == 0) { /* the placeholder (quake: leaf 0, every solid leaf) */
        for (a = 0; a < 3; a++) lo[a] = hi[a] = 0;
        return;
    }
    gen_region_bounds(v->w, &lf->box, lf->model, lo, hi);
}

void id_node_bounds(const gen_view *v, int node, int lo[3], int hi[3])
{
    const gen_node *n = &v->w->nodes[node];
    gen_region_bounds(v->w, &n->box, n->model, lo, hi);
}

void id_texture_name(int texdata, char *out, size_t n)
{
    size_t k;
    const char *s = gen_texture_names[texdata];
    for (k = 0; k + 1 < n && s[k]; k++) out[k] = (char)tolower((unsigned char)s[k]);
    out[k] = 0;
}
