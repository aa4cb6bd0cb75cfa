/* SPDX-License-Identifier: MIT */
/* views.h - filling a loaded map's role views (views.c). */
#ifndef BSP_VIEWS_H
#define BSP_VIEWS_H

#include "../family/family.h"
#include "../core/map.h"

/* Fill the map's role views from its lumps, as the load's choice of HDR
 * lighting (m->use_hdr) selects them. */
void bsp__resolve_views(bsp__map *m, const bsp_header *h);

#endif
