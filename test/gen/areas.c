/* SPDX-License-Identifier: MIT */
/* areas.c - the generated map's areas and area portals (world.h): rooms
 * grouped in order into at most GEN_MAX_AREAS areas, a chain of doors
 * between neighbouring areas, so that closing door k cuts the chain. */
#include "world.h"

int gen_num_areas(const gen_desc *d)
{
    return d->nrooms < GEN_MAX_AREAS ? d->nrooms : GEN_MAX_AREAS;
}

int gen_room_area(const gen_desc *d, int room)
{
    return 1 + room * gen_num_areas(d) / d->nrooms;
}

int gen_num_portal_records(const gen_desc *d)
{
    return 1 + 2 * (gen_num_areas(d) - 1);
}

void gen_area_portals(const gen_desc *d, int a, int *first, int *num)
{
    int n = gen_num_areas(d);
    *num = a == 0 ? 0 : (a > 1) + (a < n);
    /* area 1 has one record (up), every later one two, from record 1 */
    *first = a <= 1 ? 1 : 2 * a - 2;
    if (*num == 0) *first = 0;
}

void gen_portal_record(const gen_desc *d, int r, int *key, int *other)
{
    int a, first, num;
    *key = *other = 0;
    for (a = 1; a <= gen_num_areas(d); a++) {
        gen_area_portals(d, a, &first, &num);
        if (r < first || r >= first + num) continue;
        /* the first of two records leads down; area 1's one leads up */
        if (a > 1 && r == first) *key = a - 1, *other = a - 1;
        else *key = a, *other = a + 1;
    }
}
