/* SPDX-License-Identifier: MIT */
/* strata_writer.c - Strata Source's v25 records, as its "BSP v25" page
 * describes them (bsp_tool's strata branch and bsppp agree):
 *   nodes v1   planenum, children[2], float mins[3], maxs[3], uint32
 *              firstface, numfaces, int16 area, pad           (48 bytes)
 *   faces v2   uint32 planenum, side, onNode, 2 pad bytes, int32 firstedge,
 *              numedges, texinfo, dispinfo, fog volume, styles[4],
 *              lightofs, float area, luxel mins[2], size[2], origFace,
 *              shadows:1/numPrims:31, firstPrimID, smoothingGroups (72)
 *   leaves v2  contents, int32 cluster, area:17/flags:15, float mins[3],
 *              maxs[3], uint32 leafface and leafbrush ranges, water id (56)
 *   edges v1, leaf faces v1, leaf brushes v1: uint32 indices
 *   brush sides v1  uint32 planenum, texinfo, dispinfo, bevel, thin, pad (16)
 *   leaf ambient index v1  uint32 count, first                  (8)
 *   area portals v1  uint32 portalKey, otherarea, firstClipPortalVert,
 *              clipPortalVerts, int32 planenum                  (20)
 * The page's lump version table (wiki.stratasource.org/modding/formats/
 * bsp-v25, StrataSource/Wiki docs/modding/formats/bsp-v25.md) also names
 * physdisp 2, dispinfo 1, primitives 1, face brushes (22) 1, face brush
 * list (23) 1, prim indices 1, vertex normal indices 1, overlays 3, water
 * overlays 1, leaf water data 1 and world lights 2; strata_lump_versions
 * sets them all, though only the lumps written here carry a version (an
 * empty lump's is 0). Original faces keep lump version 0 with the 72-byte
 * record, as Strata's vbsp writes them (momentum_mp_lobby.bsp).
 */
#include "strata_writer.h"
#include "source_writer.h"

#include <stdlib.h>
#include <string.h>

enum { L_NODES = 5, L_FACES = 7, L_LEAFS = 10, L_EDGES = 12, L_LEAFFACES = 16, L_LEAFBRUSHES = 17,
       L_BRUSHSIDES = 19, L_LEAF_AMBIENT_INDEX_HDR = 51, L_LEAF_AMBIENT_INDEX = 52, L_FACES_HDR = 58,
       L_ORIGFACES = 27, L_WORLDLIGHTS = 15, L_AREAPORTALS = 21, L_FACEBRUSHES = 22,
       L_FACEBRUSHLIST = 23, L_DISPINFO = 26, L_PHYSDISP = 28, L_VERTNORMALINDICES = 31,
       L_LEAFWATERDATA = 36, L_PRIMITIVES = 37, L_PRIMINDICES = 39, L_OVERLAYS = 45,
       L_WATEROVERLAYS = 50, L_WORLDLIGHTS_HDR = 54 };

void strata_nodes(const gen_world *w, gbuf *b)
{
    int i;
    for (i = 0; i < w->nnodes; i++) {
        const gen_node *n = &w->nodes[i];
        gbuf_i32(b, n->plane);
        gbuf_i32(b, n->child[0]);
        gbuf_i32(b, n->child[1]);
        src_put_bounds(b, w, &n->box, n->model, 1);
        gbuf_le32(b, (uint32_t)n->firstface);
        gbuf_le32(b, (uint32_t)n->numfaces);
        gbuf_le16(b, 0); /* area */
        gbuf_le16(b, 0); /* padding */
    }
}

void strata_faces(const gen_world *w, const int *lightofs, gbuf *b)
{
    int f;
    for (f = 0; f < w->nfaces; f++) {
        const gen_face *fc = &w->faces[f];
        gbuf_le32(b, (uint32_t)fc->plane);
        gbuf_u8(b, (unsigned)fc->side);
        gbuf_u8(b, 1);   /* onNode */
        gbuf_le16(b, 0); /* alignment */
        gbuf_i32(b, fc->firstedge);
        gbuf_i32(b, fc->numedges);
        gbuf_i32(b, fc->texinfo);
        gbuf_i32(b, -1); /* dispinfo */
        gbuf_i32(b, -1); /* surfaceFogVolumeID */
        gbuf_put(b, fc->styles, 4);
        src_put_face_light(b, fc, lightofs[f]);
        gbuf_i32(b, 0);  /* origFace */
        gbuf_le32(b, 1); /* enableShadows 1, numPrims 0 */
        gbuf_le32(b, 0); /* firstPrimID */
        gbuf_le32(b, 0); /* smoothingGroups */
    }
}

void strata_leaves(const gen_world *w, gbuf *b)
{
    int l;
    for (l = 0; l < w->nleaves; l++) {
        const gen_leaf *lf = &w->leaves[l];
        gbuf_i32(b, lf->contents);
        gbuf_i32(b, lf->cluster);
        /* the area in the low 17 bits, and a flag above them that a 9-bit
         * reading would take for area bits */
        gbuf_le32(b, lf->cluster >= 0 ? ((uint32_t)gen_room_area(w->desc, lf->cluster) | 1u << 17) : 0u);
        if (l == 0) gbuf_zero(b, 24);
        else src_put_bounds(b, w, &lf->box, lf->model, 1);
        gbuf_le32(b, (uint32_t)lf->firstleafface);
        gbuf_le32(b, (uint32_t)lf->numleaffaces);
        gbuf_le32(b, (uint32_t)lf->firstleafbrush);
        gbuf_le32(b, (uint32_t)lf->numleafbrushes);
        gbuf_i32(b, -1); /* leafWaterDataID */
    }
}

void strata_indices(const gen_world *w, gbuf *edges, gbuf *leaffaces, gbuf *leafbrushes, gbuf *sides)
{
    int i;
    for (i = 0; i < w->nedges; i++) {
        gbuf_le32(edges, (uint32_t)w->edges[i][0]);
        gbuf_le32(edges, (uint32_t)w->edges[i][1]);
    }
    for (i = 0; i < w->nleaffaces; i++) gbuf_le32(leaffaces, (uint32_t)w->leaffaces[i]);
    for (i = 0; i < w->nleafbrushes; i++) gbuf_le32(leafbrushes, (uint32_t)w->leafbrushes[i]);
    for (i = 0; i < w->nsides; i++) {
        gbuf_le32(sides, (uint32_t)w->sides[i].plane);
        gbuf_i32(sides, w->sides[i].texinfo);
        gbuf_i32(sides, 0); /* dispinfo */
        gbuf_u8(sides, 0);  /* bevel */
        gbuf_u8(sides, 0);  /* thin */
        gbuf_le16(sides, 0);
    }
}

void strata_areaportals(const gen_desc *d, gbuf *b)
{
    int r, k;
    for (r = 0; r < gen_num_portal_records(d); r++) { /* record 0: vbsp's reserved portal */
        int key, other;
        gen_portal_record(d, r, &key, &other);
        gbuf_i32(b, key);
        gbuf_i32(b, other);
        for (k = 0; k < 3; k++) gbuf_le32(b, 0); /* no clip vertices, plane 0 */
    }
}

void strata_widen16(gbuf *b)
{
    gbuf out;
    size_t k;
    memset(&out, 0, sizeof out);
    for (k = 0; k + 1 < b->len; k += 2) gbuf_le32(&out, (uint32_t)(b->data[k] | b->data[k + 1] << 8));
    gbuf_free(b);
    *b = out;
}

void strata_lump_versions(int *v)
{
    v[L_NODES] = 1;
    v[L_FACES] = v[L_FACES_HDR] = 2;
    v[L_ORIGFACES] = 0;
    v[L_LEAFS] = 2;
    v[L_EDGES] = v[L_LEAFFACES] = v[L_LEAFBRUSHES] = v[L_BRUSHSIDES] = 1;
    v[L_LEAF_AMBIENT_INDEX] = v[L_LEAF_AMBIENT_INDEX_HDR] = 1;
    v[L_AREAPORTALS] = 1;
    v[L_PHYSDISP] = 2;
    v[L_DISPINFO] = v[L_PRIMITIVES] = v[L_PRIMINDICES] = v[L_VERTNORMALINDICES] = 1;
    v[L_FACEBRUSHES] = v[L_FACEBRUSHLIST] = 1;
    v[L_OVERLAYS] = 3;
    v[L_WATEROVERLAYS] = v[L_LEAFWATERDATA] = 1;
    v[L_WORLDLIGHTS] = v[L_WORLDLIGHTS_HDR] = 2;
}

const char *strata_widths(int lump)
{
    switch (lump) {
    case L_NODES: return "444" "444444" "44" "22";
    case L_FACES: case L_FACES_HDR: return "4" "11" "2" "44444" "1111" "4" "4" "4444" "4" "4" "4" "4";
    case L_LEAFS: return "444" "444444" "4444" "4";
    case L_EDGES: case L_LEAF_AMBIENT_INDEX: case L_LEAF_AMBIENT_INDEX_HDR: return "44";
    case L_LEAFFACES: case L_LEAFBRUSHES: return "4";
    case L_BRUSHSIDES: return "444" "11" "2";
    case L_AREAPORTALS: return "44444";
    default: return NULL;
    }
}
