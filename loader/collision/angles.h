/* SPDX-License-Identifier: MIT */
/* angles.h - the engines' AngleVectors for turned models (docs/queries.md
 * 8.10), with a sine and cosine that give the same bits on every target. */
#ifndef BSP_ANGLES_H
#define BSP_ANGLES_H

#include "collision.h"

/* The largest |angle| in degrees the turned queries take (BSP_QUERY past
 * it): the sine's reduction below is exact up to there. */
#define BSP__ANGLE_MAX 16777216.0f

/* id's AngleVectors (Quake 2 q_shared.c, Quake 3 q_math.c): angles are
 * pitch, yaw, roll in degrees. */
void bsp__angle_vectors(const float angles[3], float forward[3], float right[3], float up[3]);

#endif
