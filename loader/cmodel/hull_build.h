/* SPDX-License-Identifier: MIT */
/* hull_build.h - the Quake family's hulls as the hull walks read them
 * (loader/collision/hull.c): built once at load into the arena from the
 * nodes, clipnodes, leaves, planes and models, through the family's
 * description. */
#ifndef BSP_HULL_BUILD_H
#define BSP_HULL_BUILD_H

#include "../family/family.h"
#include "../core/map.h"

/* A node of a hull's tree with its plane in it (one record read a step):
 * the plane's normal and dist, its axial type (0, 1, 2; 3 for any other),
 * the children (>= 0 a node of the same tree, as its byte offset in the
 * tree, which saves the walk a shift a step; < 0 contents: hull 0 has its
 * leaves' contents there already). Every child and head node the file
 * gives outside its tree, and every node whose plane is outside the planes
 * lump, is the tree's last node instead, which stands for "corrupt": its
 * plane's dist is a NaN and both its children are itself, so a trace that
 * splits on it answers CORRUPT (its fraction is a NaN) and a point sent
 * down it answers CORRUPT (its path passes BSP_TREE_DEPTH_MAX), as a walk
 * that checked each index would. So the walks check no index. */
#define BSP__HNODE_SHIFT 5
/* The most nodes a tree may have, so that a node's offset (and the last
 * node's, the corrupt one) fits an int32 and twice it a uint32 (the walk's
 * stack keeps offset << 1 | side): a larger tree makes the plan fail with
 * BAD_LUMP. */
#define BSP__HULL_NODES_MAX ((0x7fffffffu >> BSP__HNODE_SHIFT) - 1u)
typedef struct bsp__hnode {
    float n[3];
    float dist;
    int32_t child[2];
    uint32_t type;
    uint32_t reserved;
} bsp__hnode;
BSP__CHECK(hnode_bytes, sizeof(bsp__hnode) == 1u << BSP__HNODE_SHIFT);

/* The hulls of a map loaded with BSP_LOAD_COLLISION (bsp__map.hulls):
 * tree[0] hull 0 (count[0] nodes, then the corrupt node), tree[1] the
 * clipnodes hulls 1 and up share (likewise); head[model * num_hulls +
 * hull]: the node a model's hull starts at (a byte offset, or contents),
 * and world[hull] model 0's
 * (the corrupt node of the tree for a map without models). usable: the
 * hulls the map has (1 when it has no clipnodes); at most BSP__HULLS_MAX
 * (family/description.h). */
typedef struct bsp__hulls {
    const bsp__hnode *tree[2];
    const int32_t *head;
    int32_t world[BSP__HULLS_MAX]; /* model 0's heads (one load less for the world) */
    uint32_t count[2];
    uint32_t models;
    uint16_t num_hulls, usable;
} bsp__hulls;

/* The bytes the hulls of header h take in the arena (a multiple of
 * BSP_ARENA_ALIGN; 0 when the family has no hulls; 0xffffffff for a tree
 * past BSP__HULL_NODES_MAX). */
uint32_t bsp__hulls_bytes(const bsp_header *h);

/* Builds them into `region` (bsp__hulls_bytes of it, BSP_ARENA_ALIGN-
 * aligned) from the map's loaded views, and sets m->hulls. */
void bsp__hulls_build(bsp__map *m, const bsp_header *h, uint8_t *region);

#endif
