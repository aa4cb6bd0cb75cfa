/* SPDX-License-Identifier: MIT */
/* validate.h - check once, at load, every index a query will follow. */
#ifndef BSP_VALIDATE_H
#define BSP_VALIDATE_H

#include "../family/family.h"

/* BSP_OK, or BSP_E_CORRUPT for the first index out of range. Calls the
 * family's finish step, which sets num_clusters. On failure it records the
 * lump it was checking in m->error_lump and m->error_offset. */
bsp_status bsp__validate(bsp_map *m);

#endif
