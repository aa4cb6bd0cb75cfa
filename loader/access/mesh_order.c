/* SPDX-License-Identifier: MIT */
/* mesh_order.c - the batches' order: the faces a mesh holds grouped by
 * texture name, surface flags and lightmap page.
 *
 * Textures are one when their names are (Quake 2 repeats a name in every
 * texinfo that uses it). Comparing names per face would cost a name
 * compare per comparison of the faces' sort; instead merge sorts (n log n
 * whatever the file's order, stable: the keys come in face order): the keys by (texture index, flags, page,
 * face), the distinct textures (one record per run of keys, with a hash
 * of its name) by name, and, when two textures turned out to share a
 * name, the keys again with each texture replaced by its name's lowest.
 */
#include "mesh.h"
#include "../core/map.h"
#include "../core/sort.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

enum { G_TEX, G_FIRST, G_COUNT, G_NAMED, G_HASH };

static int order_key_batch_before(const uint32_t *a, const uint32_t *b, const void *ctx)
{
    const bsp__mesh_key *x = (const bsp__mesh_key *)(const void *)a, *y = (const bsp__mesh_key *)(const void *)b;
    (void)ctx;
    if (x->texture != y->texture) return x->texture < y->texture;
    if (x->flags != y->flags) return x->flags < y->flags;
    if (x->page != y->page) return x->page < y->page;
    return x->face < y->face;
}

/* Texture t's name (len 0: none, or one that cannot be read). */
static uint32_t order_name_of(const bsp__map *m, int32_t t, const char **name)
{
    uint32_t len;
    if (t < 0 || bsp_texture_name(bsp__map_cpub(m), (uint32_t)t, name, &len) != BSP_OK) len = 0;
    return len;
}

static uint8_t order_folded(char c)
{
    uint8_t u = (uint8_t)c;
    return (uint8_t)(u >= 'A' && u <= 'Z' ? u + 32 : u);
}

/* <0, 0, >0: names a (na bytes) and b compared without ASCII case. */
static int order_name_cmp(const char *a, uint32_t na, const char *b, uint32_t nb)
{
    uint32_t k;
    for (k = 0; k < na && k < nb; k++)
        if (order_folded(a[k]) != order_folded(b[k])) return order_folded(a[k]) < order_folded(b[k]) ? -1 : 1;
    return na == nb ? 0 : na < nb ? -1 : 1;
}

/* FNV-1a of the name without ASCII case: most names that differ are told
 * apart by one comparison of their hashes (Quake 3's all begin with
 * "textures/"). */
static uint32_t order_hash(const char *name, uint32_t len)
{
    uint32_t h = 2166136261u, k;
    for (k = 0; k < len; k++) h = (h ^ order_folded(name[k])) * 16777619u;
    return h;
}

/* Any order in which equal names are neighbours and, among them, the
 * lowest texture comes first (the batches' own order is the textures'):
 * textures without a name first (by index), then by hash, then by name,
 * equal names by index. */
static int order_group_before(const uint32_t *a, const uint32_t *b, const void *ctx)
{
    const bsp__map *m = (const bsp__map *)ctx;
    const char *na = "", *nb = "";
    int32_t ta = (int32_t)a[G_TEX], tb = (int32_t)b[G_TEX];
    uint32_t la, lb;
    int c;
    if (a[G_NAMED] != b[G_NAMED]) return !a[G_NAMED];
    if (!a[G_NAMED]) return ta < tb;
    if (a[G_HASH] != b[G_HASH]) return a[G_HASH] < b[G_HASH];
    la = order_name_of(m, ta, &na), lb = order_name_of(m, tb, &nb);
    c = order_name_cmp(na, la, nb, lb);
    return c ? c < 0 : ta < tb;
}

static int order_same_name(const bsp__map *m, int32_t ta, int32_t tb)
{
    const char *na = "", *nb = "";
    uint32_t la = order_name_of(m, ta, &na), lb = order_name_of(m, tb, &nb);
    return la && lb && order_name_cmp(na, la, nb, lb) == 0;
}

uint32_t bsp__mesh_order(const bsp__map *m, bsp__mesh_key *keys, uint32_t n, uint32_t *groups, uint32_t *tmp)
{
    uint32_t *k = (uint32_t *)(void *)keys, i, g = 0, batches = 0;
    int32_t lowest = -1;
    int merged = 0;
    if (!n) return 0;
    bsp__sort(k, tmp, n, BSP__MESH_KEY_WORDS, order_key_batch_before, NULL);
    for (i = 0; i < n; i++) {
        if (i == 0 || keys[i].texture != keys[i - 1].texture) {
            uint32_t *r = groups + (size_t)g++ * BSP__MESH_GROUP_WORDS, len;
            const char *name = "";
            r[G_TEX] = (uint32_t)keys[i].texture, r[G_FIRST] = i, r[G_COUNT] = 0;
            len = order_name_of(m, keys[i].texture, &name);
            r[G_NAMED] = len != 0, r[G_HASH] = order_hash(name, len);
        }
        groups[(size_t)(g - 1) * BSP__MESH_GROUP_WORDS + G_COUNT]++;
    }
    bsp__sort(groups, tmp, g, BSP__MESH_GROUP_WORDS, order_group_before, m);
    for (i = 0; i < g; i++) {
        const uint32_t *r = groups + (size_t)i * BSP__MESH_GROUP_WORDS;
        uint32_t j;
        const uint32_t *q = i ? r - BSP__MESH_GROUP_WORDS : r;   /* (the one before) */
        if (i == 0 || !r[G_NAMED] || !q[G_NAMED] || r[G_HASH] != q[G_HASH] ||
            !order_same_name(m, (int32_t)r[G_TEX], (int32_t)q[G_TEX]))
            lowest = (int32_t)r[G_TEX];
        if (lowest == (int32_t)r[G_TEX]) continue;
        for (j = 0; j < r[G_COUNT]; j++) keys[r[G_FIRST] + j].texture = lowest;
        merged = 1;
    }
    /* (no name shared by two textures, the common case: already in order) */
    if (merged) bsp__sort(k, tmp, n, BSP__MESH_KEY_WORDS, order_key_batch_before, NULL);
    for (i = 0; i < n; i++)
        if (i == 0 || !bsp__mesh_same_batch(&keys[i - 1], &keys[i])) batches++;
    return batches;
}

int bsp__mesh_same_batch(const bsp__mesh_key *a, const bsp__mesh_key *b)
{
    return a->texture == b->texture && a->flags == b->flags && a->page == b->page;
}

#endif
