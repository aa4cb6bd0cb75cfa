/* SPDX-License-Identifier: MIT */
/* layouts.c - the geometric descriptions the fixtures are built from.
 *
 * Rooms are boxes with coordinates multiple of 16, never overlapping (they
 * may touch: touching faces are the "openings"). Visibility is declared
 * pair by pair and is deliberately sparse, so PVS rows contain zero runs.
 */
#include "world.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    int x0, x1, y0, y1, z0, z1, floor_surf, ceil_surf;
} room_row;

static void set_rooms(gen_desc *d, const room_row *rows, int n)
{
    int r;
    d->nrooms = n;
    d->rooms = calloc((size_t)n, sizeof *d->rooms);
    d->sees = calloc((size_t)n * (size_t)n, 1);
    if (!d->rooms || !d->sees) gen_die("out of memory");
    for (r = 0; r < n; r++) {
        gen_room *m = &d->rooms[r];
        m->box.lo[0] = rows[r].x0;
        m->box.hi[0] = rows[r].x1;
        m->box.lo[1] = rows[r].y0;
        m->box.hi[1] = rows[r].y1;
        m->box.lo[2] = rows[r].z0;
        m->box.hi[2] = rows[r].z1;
        m->floor_surf = rows[r].floor_surf;
        m->ceil_surf = rows[r].ceil_surf;
        d->sees[(size_t)r * (size_t)n + (size_t)r] = 1;
    }
}

static void set_pairs(gen_desc *d, const int (*pairs)[2], int n)
{
    int k;
    for (k = 0; k < n; k++) {
        int a = pairs[k][0], b = pairs[k][1];
        d->sees[a * d->nrooms + b] = d->sees[b * d->nrooms + a] = 1;
    }
}

static void set_door(gen_desc *d, int x0, int x1, int y0, int y1, int z0, int z1)
{
    d->door.lo[0] = x0;
    d->door.hi[0] = x1;
    d->door.lo[1] = y0;
    d->door.hi[1] = y1;
    d->door.lo[2] = z0;
    d->door.hi[2] = z1;
    d->door_top_surf = SURF_PLAIN;
    d->door_bottom_surf = SURF_DARK;
}

/* 18 rooms (3-byte vis rows) on nine z planes. Face-order cases on shared
 * planes (faces of a node go in room order):
 *  - z=128 over rooms 0/1: room 0's unlit ceiling comes first, so light
 *    from room 1 lands on room 1's two-style floor;
 *  - z=128 over rooms 2/4/17: room 2's ceiling is unlit; room 4's 8-unit
 *    floor has a lightmap reaching 4 units past its edge into room 17;
 *  - z=128 over rooms 14/15: room 14's lit ceiling wins over room 15's floor;
 *  - closet 9 has an unlit floor with nothing below: light -1. */
void gen_layout_standard(gen_desc *d)
{
    static const room_row rows[] = {
        {0, 256, 0, 256, 0, 128, SURF_PLAIN, SURF_DARK},    /* 0 ground hall */
        {0, 256, 0, 256, 128, 256, SURF_TWO, SURF_PLAIN},   /* 1 above 0 */
        {256, 512, 0, 128, 0, 128, SURF_BUMP, SURF_DARK},   /* 2 bumped floor */
        {256, 512, 128, 256, 0, 192, SURF_ROT, SURF_PLAIN}, /* 3 tall, rotated lightmap */
        {256, 384, 0, 128, 128, 224, SURF_FINE, SURF_PLAIN}, /* 4 over part of 2 */
        {-128, 0, 64, 192, 32, 96, SURF_PLAIN, SURF_PLAIN}, /* 5 raised side room */
        {0, 64, -64, 0, 0, 64, SURF_PLAIN, SURF_PLAIN},     /* 6..13 closets */
        {64, 128, -64, 0, 0, 64, SURF_PLAIN, SURF_FINE},
        {128, 192, -64, 0, 0, 64, SURF_PLAIN, SURF_PLAIN},
        {192, 256, -64, 0, 0, 64, SURF_DARK, SURF_PLAIN},
        {256, 320, -64, 0, 0, 64, SURF_PLAIN, SURF_PLAIN},
        {320, 384, -64, 0, 0, 64, SURF_ROT, SURF_PLAIN},
        {384, 448, -64, 0, 0, 64, SURF_PLAIN, SURF_TWO},
        {448, 512, -64, 0, 0, 64, SURF_PLAIN, SURF_PLAIN},
        {512, 640, 0, 256, 0, 128, SURF_PLAIN, SURF_PLAIN}, /* 14 east hall */
        {512, 640, 0, 256, 128, 256, SURF_PLAIN, SURF_PLAIN}, /* 15 above 14 */
        {-128, 0, 192, 256, 0, 256, SURF_PLAIN, SURF_PLAIN}, /* 16 shaft */
        {384, 512, 0, 128, 128, 160, SURF_PLAIN, SURF_FINE}, /* 17 low loft */
    };
    static const int pairs[][2] = {
        {0, 1}, {0, 2}, {0, 5}, {0, 6}, {0, 7}, {0, 8}, {0, 9}, {1, 4}, {1, 16}, {2, 3},
        {2, 4}, {2, 10}, {2, 11}, {2, 12}, {2, 13}, {2, 14}, {2, 17}, {3, 14}, {3, 15}, {4, 17},
        {5, 16}, {6, 7}, {7, 8}, {8, 9}, {9, 10}, {10, 11}, {11, 12}, {12, 13}, {14, 15},
    };
    memset(d, 0, sizeof *d);
    d->name = "standard";
    set_rooms(d, rows, (int)(sizeof rows / sizeof rows[0]));
    set_pairs(d, pairs, (int)(sizeof pairs / sizeof pairs[0]));
    set_door(d, 240, 272, 32, 96, 0, 112); /* in the opening between 0 and 2 */
    d->player_room = 0;
}

/* The bundled demo: a hall with side rooms, an upper floor and a loft. */
void gen_layout_demo(gen_desc *d)
{
    static const room_row rows[] = {
        {-256, 256, -256, 256, 0, 192, SURF_PLAIN, SURF_PLAIN}, /* 0 hall */
        {256, 512, -128, 128, 0, 128, SURF_BUMP, SURF_PLAIN},   /* 1 east room */
        {-512, -256, -128, 128, 0, 128, SURF_TWO, SURF_DARK},   /* 2 west room */
        {-512, -256, -128, 128, 128, 256, SURF_ROT, SURF_PLAIN}, /* 3 above west */
        {-64, 64, 256, 512, 0, 128, SURF_FINE, SURF_PLAIN},     /* 4 north corridor */
        {-256, 0, 256, 512, 128, 256, SURF_PLAIN, SURF_PLAIN},  /* 5 loft */
    };
    static const int pairs[][2] = {{0, 1}, {0, 2}, {0, 4}, {2, 3}, {4, 5}, {3, 5}};
    memset(d, 0, sizeof *d);
    d->name = "demo";
    set_rooms(d, rows, (int)(sizeof rows / sizeof rows[0]));
    set_pairs(d, pairs, (int)(sizeof pairs / sizeof pairs[0]));
    set_door(d, 240, 272, -32, 32, 0, 112);
    d->player_room = 0;
}

/* n rooms of 128 x 128 on a square grid around the origin, alternately at
 * z 0..128 and 16..144; each room sees the rooms within grid distance 2. */
void gen_layout_grid(gen_desc *d, int n)
{
    int side = 1, r, q;
    room_row *rows;
    while (side * side < n) side++;
    rows = calloc((size_t)n, sizeof *rows);
    if (!rows) gen_die("out of memory");
    for (r = 0; r < n; r++) {
        int gx = r % side, gy = r / side, z0 = ((gx + gy) & 1) ? 16 : 0;
        rows[r].x0 = (gx - side / 2) * 128;
        rows[r].x1 = rows[r].x0 + 128;
        rows[r].y0 = (gy - side / 2) * 128;
        rows[r].y1 = rows[r].y0 + 128;
        rows[r].z0 = z0;
        rows[r].z1 = z0 + 128;
        rows[r].floor_surf = (r % 11 == 3) ? SURF_BUMP : (r % 13 == 5) ? SURF_TWO : SURF_PLAIN;
        rows[r].ceil_surf = (r % 5 == 0) ? SURF_DARK : SURF_PLAIN;
    }
    memset(d, 0, sizeof *d);
    d->name = "large";
    set_rooms(d, rows, n);
    for (r = 0; r < n; r++)
        for (q = r - 2 * side - 2; q <= r + 2 * side + 2; q++) {
            int dx, dy;
            if (q < 0 || q >= n) continue;
            dx = abs(r % side - q % side);
            dy = abs(r / side - q / side);
            if (dx + dy <= 2) d->sees[(size_t)r * (size_t)n + (size_t)q] = 1;
        }
    free(rows);
    set_door(d, 16, 48, 32, 96, 0, 112);
    d->player_room = 0;
}

void gen_desc_free(gen_desc *d)
{
    free(d->rooms);
    free(d->sees);
    memset(d, 0, sizeof *d);
}
