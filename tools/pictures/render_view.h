/* SPDX-License-Identifier: MIT */
/* render_view.h - where bspkit render looks from (render_camera.c) and how
 * a --top picture is framed (render_view.c); docs/pictures.md. */
#ifndef BSPKIT_RENDER_VIEW_H
#define BSPKIT_RENDER_VIEW_H

#include "render.h"

/* Quake angles in degrees (yaw about +z from +x, pitch positive looking
 * down) to the frame's axes; 90 degrees across. */
void render_set_view(frame *fr, float yaw, float pitch);
/* The eye at `eye` looking at `look` (a look point equal to the eye looks
 * along +x). */
void render_look_at(frame *fr, const float eye[3], const float look[3]);

/* The default camera (docs/pictures.md: the rule). family: the header's
 * family name. Sets fr's eye and axes; `why` gets a short account
 * ("info_player_start", "open leaf 12", ...) of at most n bytes. Returns 0,
 * or 1 when it is out of memory. */
int render_default_camera(frame *fr, const bsp_map *m, const char *family, char *why, size_t n);

/* --top: the scale (pixels per unit) and corner that fit the faces a top
 * view draws into the frame, centred with a margin. level 0 is the
 * default frame; each level up to TOP_LEVELS reaches less far past the
 * bulk of the floor plan (docs/pictures.md). Returns 1, or 0 for a level
 * past the last (fr untouched). */
#define TOP_LEVELS 3
/* the share of a --top picture a floor plan should fill before the frame
 * closes in (test/access/picture_check.py FLOOR_MIN_DRAWN is 0.20) */
#define TOP_MIN_FILL 0.22f
int render_fit_top(frame *fr, const bsp_map *m, int level);
/* --top relief: fr->dist (w * h, the caller's) gets each pixel's
 * distance to a wall or a step up, fr->span its reach, and with apply the
 * pixels within it are darkened towards it. Returns 0. */
int render_top_relief(frame *fr, int apply);
/* --top: the scale bar, bottom left; returns its length in map units (0:
 * the picture is too small for one). Its pixels show no face (--samples
 * skips them). */
int render_scale_bar(frame *fr);

#endif
