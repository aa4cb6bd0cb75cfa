/* SPDX-License-Identifier: MIT */
/* test_boxleaves.c - bsp_box_leaves without a set (issue 42, docs/queries.md
 * 8.12a): what the load proves of a tree (bsp__map box_tree: no node of two
 * parents, at most one leaf of two) and the answers on it.
 *
 *   test_boxleaves [--tree N | --dag N] MAP...
 * --tree N: MAP is test/craft/craft_leaves.py's balanced tree of N leaves
 * (leaf k the slab x in [k - N/2, k + 1 - N/2)): the load must find it a
 * tree, the box over the world must count N leaves with a list of 16, of
 * N and none, and list them front child first (leaf N-1, N-2, ...).
 * --dag N: the same map with a node of two parents: not a tree.
 * Every map: 400 boxes over the world answered through the walk the load
 * chose and, the map's copy told it is no tree, through the set of the
 * leaves met, which must agree (count, list of 16 and of every leaf,
 * topnode). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/files.h"
#include "../common/held.h"
#include "../../loader/core/map.h"

#define BOXES 400u

/* Both walks of one box agree: count, the first 16, every leaf, topnode. */
static int same_both_ways(const bsp_map *m, const bsp_map *set_walk, const float lo[3], const float hi[3],
                          uint32_t *a, uint32_t *b, uint32_t cap, char *why, size_t why_size)
{
    uint32_t na, nb, sizes[3], s, k;
    int32_t ta, tb;
    sizes[0] = 0;
    sizes[1] = cap < 16 ? cap : 16;
    sizes[2] = cap;
    for (s = 0; s < 3; s++) {
        bsp_status sa = bsp_box_leaves(m, 0, lo, hi, s ? a : NULL, sizes[s], &na, &ta);
        bsp_status sb = bsp_box_leaves(set_walk, 0, lo, hi, s ? b : NULL, sizes[s], &nb, &tb);
        if (sa != sb || (sa == BSP_OK && (na != nb || ta != tb))) {
            snprintf(why, why_size, "list of %u: status %d/%d count %u/%u topnode %d/%d", (unsigned)sizes[s],
                     (int)sa, (int)sb, (unsigned)na, (unsigned)nb, (int)ta, (int)tb);
            return 0;
        }
        for (k = 0; sa == BSP_OK && s && k < na && k < sizes[s]; k++)
            if (a[k] != b[k]) {
                snprintf(why, why_size, "list of %u: entry %u: leaf %u/%u", (unsigned)sizes[s], (unsigned)k,
                         (unsigned)a[k], (unsigned)b[k]);
                return 0;
            }
    }
    return 1;
}

int main(int argc, char **argv)
{
    int i = 1;
    long want = 0;
    int want_tree = -1;
    if (argc > 2 && (!strcmp(argv[1], "--tree") || !strcmp(argv[1], "--dag"))) {
        want_tree = !strcmp(argv[1], "--tree");
        want = strtol(argv[2], NULL, 10);
        i = 3;
    }
    for (; i < argc; i++) {
        uint32_t size, cap, k, n, seed = 7, *a, *b;
        uint8_t *data = read_file(argv[i], &size);
        bsp_options o = held_options(BSP_LOAD_COLLISION);
        held H;
        bsp_map copy;
        bsp__map *cm;
        const bsp__map *mm;
        float lo[3], hi[3], w[6];
        char name[512], why[256];
        int32_t top;
        int ok = 1;
        if (!data || held_load(&H, data, size, &o) != BSP_OK) {
            /* (a map the suite keeps for a status, not for collision) */
            snprintf(name, sizeof name, "boxleaves: %s", argv[i]);
            if (want_tree >= 0 || !data) CHECK(0, name, "load: status %d", (int)H.st);
            else check_skip(name, bsp_status_name(H.st));
            free(H.arena);
            free(data);
            continue;
        }
        mm = bsp__map_c(&H.m);
        cap = mm->leafs.count ? mm->leafs.count : 1;
        a = malloc(cap * sizeof *a);
        b = malloc(cap * sizeof *b);
        for (k = 0; k < 3; k++) {
            memcpy(&w[k], mm->models.data + 4 * k, 4);
            memcpy(&w[k + 3], mm->models.data + 12 + 4 * k, 4);
        }
        if (want_tree >= 0) {
            snprintf(name, sizeof name, "boxleaves: %s: the load finds %s", argv[i],
                     want_tree ? "a tree (no leaf shared)" : "no tree (a node of two parents)");
            CHECK(mm->box_tree == (uint32_t)want_tree &&
                      (!want_tree || mm->box_shared_leaf == BSP__NO_SHARED_LEAF),
                  name, "box_tree %u, shared leaf %u", (unsigned)mm->box_tree, (unsigned)mm->box_shared_leaf);
        }
        if (want_tree == 1) {
            uint32_t sizes[3] = { 0, 16, 0 }, s;
            sizes[2] = cap;
            for (k = 0; k < 3; k++) {
                lo[k] = w[k] - 1;
                hi[k] = w[k + 3] + 1;
            }
            for (s = 0; s < 3; s++) {
                bsp_status st = bsp_box_leaves(&H.m, 0, lo, hi, s ? a : NULL, sizes[s], &n, &top);
                int order = 1;
                for (k = 0; s && k < n && k < sizes[s]; k++) order &= a[k] == (uint32_t)want - 1 - k;
                snprintf(name, sizeof name, "boxleaves: %s: the world's box, a list of %u: %ld leaves, front first",
                         argv[i], (unsigned)sizes[s], want);
                CHECK(st == BSP_OK && n == (uint32_t)want && order, name, "status %d, %u leaves, order %d",
                      (int)st, (unsigned)n, order);
            }
        }
        /* the same map told it is no tree walks with the set, as before */
        copy = H.m;
        cm = (bsp__map *)(void *)&copy;
        cm->box_tree = 0;
        for (n = 0; n < BOXES && ok; n++) {
            for (k = 0; k < 3; k++) {
                float t0, t1;
                seed = seed * 1664525u + 1013904223u;
                t0 = (float)(seed >> 8) / 16777216.0f;
                seed = seed * 1664525u + 1013904223u;
                t1 = (float)(seed >> 8) / 16777216.0f;
                /* (a few boxes over the whole world, most of a player's size to a room's) */
                if (n < 4) {
                    lo[k] = w[k];
                    hi[k] = w[k + 3];
                } else {
                    lo[k] = w[k] + (w[k + 3] - w[k]) * t0;
                    hi[k] = lo[k] + (n & 1 ? 32.0f : 512.0f) * t1;
                }
            }
            ok = same_both_ways(&H.m, &copy, lo, hi, a, b, cap, why, sizeof why);
        }
        snprintf(name, sizeof name, "boxleaves: %s (%s): %u boxes answer as the set's walk does", argv[i],
                 mm->box_tree ? "a tree" : "no tree", (unsigned)BOXES);
        CHECK(ok, name, "box %u: %s", (unsigned)n, why);
        free(a);
        free(b);
        free(H.arena);
        free(data);
    }
    return check_exit();
}
