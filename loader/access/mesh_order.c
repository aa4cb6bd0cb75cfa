/* SPDX-License-Identifier: MIT */
/* mesh_order.c - the batches' order: the faces a mesh holds grouped by
 * texture name, surface flags and lightmap page.
 *
 * Textures are one when their names are (Quake 2 repeats a name in every
 * texinfo that uses it). Comparing names per face would cost a name
 * compare per comparison of the faces' sort; instead three sorts, each n
 * log n whatever the file's order: the keys by texture index, the
 * distinct textures (one record per run of keys) by name, then the keys
 * again by (the name's lowest texture index, flags, page, face).
 */
#include "mesh.h"
#include "../core/map.h"
#include "../core/sort.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

enum { G_TEX, G_FIRST, G_COUNT };

static int key_texture_before(const uint32_t *a, const uint32_t *b, const void *ctx)
{
    const bsp__mesh_key *x = (const bsp__mesh_key *)(const void *)a, *y = (const bsp__mesh_key *)(const void *)b;
    (void)ctx;
    if (x->texture != y->texture) return x->texture < y->texture;
    return x->face < y->face;
}

static int key_batch_before(const uint32_t *a, const uint32_t *b, const void *ctx)
{
    const bsp__mesh_key *x = (const bsp__mesh_key *)(const void *)a, *y = (const bsp__mesh_key *)(const void *)b;
    (void)ctx;
    if (x->texture != y->texture) return x->texture < y->texture;
    if (x->flags != y->flags) return x->flags < y->flags;
    if (x->page != y->page) return x->page < y->page;
    return x->face < y->face;
}

/* Texture t's name (len 0: none, or one that cannot be read). */
static uint32_t name_of(const bsp__map *m, int32_t t, const char **name)
{
    uint32_t len;
    if (t < 0 || bsp_texture_name(bsp__map_cpub(m), (uint32_t)t, name, &len) != BSP_OK) len = 0;
    return len;
}

static uint8_t folded(char c)
{
    uint8_t u = (uint8_t)c;
    return (uint8_t)(u >= 'A' && u <= 'Z' ? u + 32 : u);
}

/* <0, 0, >0: names a (na bytes) and b compared without ASCII case. */
static int name_cmp(const char *a, uint32_t na, const char *b, uint32_t nb)
{
    uint32_t k;
    for (k = 0; k < na && k < nb; k++)
        if (folded(a[k]) != folded(b[k])) return folded(a[k]) < folded(b[k]) ? -1 : 1;
    return na == nb ? 0 : na < nb ? -1 : 1;
}

/* Textures without a name first (by index), then by name, equal names by
 * index: the first of each name is its lowest texture. */
static int group_before(const uint32_t *a, const uint32_t *b, const void *ctx)
{
    const bsp__map *m = (const bsp__map *)ctx;
    const char *na = "", *nb = "";
    int32_t ta = (int32_t)a[G_TEX], tb = (int32_t)b[G_TEX];
    uint32_t la = name_of(m, ta, &na), lb = name_of(m, tb, &nb);
    int c;
    if (!la || !lb) return la != lb ? !la : ta < tb;
    c = name_cmp(na, la, nb, lb);
    return c ? c < 0 : ta < tb;
}

static int same_name(const bsp__map *m, int32_t ta, int32_t tb)
{
    const char *na = "", *nb = "";
    uint32_t la = name_of(m, ta, &na), lb = name_of(m, tb, &nb);
    return la && lb && name_cmp(na, la, nb, lb) == 0;
}

uint32_t bsp__mesh_order(const bsp__map *m, bsp__mesh_key *keys, uint32_t n, uint32_t *groups)
{
    uint32_t *k = (uint32_t *)(void *)keys, i, g = 0, batches = 0;
    int32_t lowest = -1;
    if (!n) return 0;
    bsp__sort(k, n, BSP__MESH_KEY_WORDS, key_texture_before, NULL);
    for (i = 0; i < n; i++) {
        if (i == 0 || keys[i].texture != keys[i - 1].texture) {
            uint32_t *r = groups + (size_t)g++ * BSP__MESH_GROUP_WORDS;
            r[G_TEX] = (uint32_t)keys[i].texture, r[G_FIRST] = i, r[G_COUNT] = 0;
        }
        groups[(size_t)(g - 1) * BSP__MESH_GROUP_WORDS + G_COUNT]++;
    }
    bsp__sort(groups, g, BSP__MESH_GROUP_WORDS, group_before, m);
    for (i = 0; i < g; i++) {
        const uint32_t *r = groups + (size_t)i * BSP__MESH_GROUP_WORDS;
        uint32_t j;
        if (i == 0 || !same_name(m, (int32_t)r[G_TEX], (int32_t)(r - BSP__MESH_GROUP_WORDS)[G_TEX]))
            lowest = (int32_t)r[G_TEX];
        for (j = 0; j < r[G_COUNT]; j++) keys[r[G_FIRST] + j].texture = lowest;
    }
    bsp__sort(k, n, BSP__MESH_KEY_WORDS, key_batch_before, NULL);
    for (i = 0; i < n; i++)
        if (i == 0 || !bsp__mesh_same_batch(&keys[i - 1], &keys[i])) batches++;
    return batches;
}

int bsp__mesh_same_batch(const bsp__mesh_key *a, const bsp__mesh_key *b)
{
    return a->texture == b->texture && a->flags == b->flags && a->page == b->page;
}

#endif
