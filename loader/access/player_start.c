/* SPDX-License-Identifier: MIT */
/* player_start.c - where each family's games put the player when a map
 * starts: the classnames of their start entities, the angle keys and the
 * eye's height, read from the entity text in place (entity.c). */
#include "entity_text.h"
#include "../core/map.h"
#include "../core/fmath.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

/* The start classes of each family, the one a game picks first first
 * (single player, then deathmatch, then team and co-op spawns); the
 * names are those of the games' entity definitions and of the real maps
 * the suite reads. */
static const char *const starts_quake[] = {
    "info_player_start", "info_player_deathmatch", "info_player_coop", NULL
};
static const char *const starts_goldsrc[] = {
    "info_player_start", "info_player_deathmatch", NULL
};
static const char *const starts_quake3[] = {
    "info_player_deathmatch", "info_player_start", "team_CTF_redplayer", "team_CTF_blueplayer",
    "team_CTF_redspawn", "team_CTF_bluespawn", NULL
};
static const char *const starts_source[] = {
    "info_player_start", "info_player_teamspawn", "info_player_terrorist",
    "info_player_counterterrorist", "info_player_deathmatch", "info_player_combine",
    "info_player_rebel", "info_survivor_position", "info_player_coop", "info_player_axis",
    "info_player_allies", NULL
};

/* Per family: its start classes, how far above the entity's origin the
 * game puts the player (QuakeC's PutClientInServer, Half-Life's and
 * Source's EntSelectSpawnPoint: 1 unit; Quake 2's and Quake 3's
 * SelectSpawnPoint: 9), and the eye above the player's origin (the
 * Quake family, Quake 2 and Quake 3, whose origin is the box's centre,
 * 22, 22 and 26; GoldSrc and Nightfire 28, VEC_VIEW; Source, whose origin
 * is at the feet, 64). */
static const struct start_family {
    const char *const *classes;
    float lift, view_height;
} start_families[BSP_FAMILY_NIGHTFIRE + 1] = {   /* (not respawn's: issue 44) */
    /* unknown */   { NULL, 0.0f, 0.0f },
    /* source */    { starts_source, 1.0f, 64.0f },
    /* goldsrc */   { starts_goldsrc, 1.0f, 28.0f },
    /* quake */     { starts_quake, 1.0f, 22.0f },
    /* bsp2 */      { starts_quake, 1.0f, 22.0f },
    /* quake2 */    { starts_quake, 9.0f, 22.0f },
    /* quake3 */    { starts_quake3, 9.0f, 26.0f },
    /* nightfire */ { starts_goldsrc, 1.0f, 28.0f },
};

/* The entity whose '{' is at `at`: its origin and angles into *out.
 * 0 when it has no origin of three finite numbers. */
static int read_start(const char *text, uint32_t len, uint32_t at, bsp_player_start_info *out)
{
    bsp_entity_iter it;
    float angle = 0.0f, v[3];
    int origin = 0, angles = 0, has_angle = 0;
    uint32_t k;
    bsp_entity_begin(&it, text + at, len - at);
    if (bsp_entity_next(&it) != BSP_ENT_BEGIN) return 0;
    while (bsp_entity_next(&it) == BSP_ENT_PAIR) {
        if (bsp__entity_same(it.key, it.key_len, "origin")) {
            origin = bsp__entity_numbers(it.value, it.value_len, v, 3) && bsp__finite3(v);
            if (!origin) return 0;
            for (k = 0; k < 3; k++) out->origin[k] = v[k];
        } else if (bsp__entity_same(it.key, it.key_len, "angles")) {
            /* pitch yaw roll; text that is not three numbers turns nothing,
             * as the engines' sscanf leaves the angles 0 */
            angles = bsp__entity_numbers(it.value, it.value_len, v, 3) && bsp__finite3(v);
            for (k = 0; k < 3; k++) out->angles[k] = angles ? v[k] : 0.0f;
        } else if (bsp__entity_same(it.key, it.key_len, "angle")) {
            has_angle = bsp__entity_numbers(it.value, it.value_len, v, 1) && v[0] - v[0] == 0.0f;
            angle = has_angle ? v[0] : 0.0f;
        }
    }
    if (!origin) return 0;
    if (!angles) {
        for (k = 0; k < 3; k++) out->angles[k] = 0.0f;
        /* "angle": a yaw, or the Quake editors' -1 (up) and -2 (down) */
        if (has_angle && angle == -1.0f) out->angles[0] = -90.0f;
        else if (has_angle && angle == -2.0f) out->angles[0] = 90.0f;
        else out->angles[1] = angle;
    }
    out->entity = at;
    return 1;
}

bsp_status bsp_player_start(const bsp_map *map, bsp_player_start_info *out)
{
    const bsp__map *m = bsp__map_c(map);
    const struct start_family *fam;
    const char *text;
    int found = 0;
    uint32_t c, k;
    bsp_family_id id = bsp_map_family(map);
    if (!out || id == BSP_FAMILY_UNKNOWN) return BSP_E_BAD_ARGUMENT;
    /* (Respawn's spawn points are in its .ent files, a later step) */
    if (bsp__no_tree(m)) return BSP_E_UNSUPPORTED;
    if (bsp__entity_text_left_out(m)) return BSP_E_NOT_LOADED;
    fam = &start_families[id];
    text = (const char *)m->entities.data;
    for (c = 0; fam->classes[c]; c++) {
        uint32_t at;
        for (at = 0; bsp_entity_find(map, "classname", fam->classes[c], &at) == BSP_OK; at++) {
            found = 1;
            if (!read_start(text, m->entities.count, at, out)) continue;
            out->classname = fam->classes[c];
            out->view_height = fam->view_height;
            for (k = 0; k < 3; k++) out->spawn[k] = out->eye[k] = out->origin[k];
            out->spawn[2] = bsp__fadd(out->origin[2], fam->lift);
            out->eye[2] = bsp__fadd(out->spawn[2], fam->view_height);
            return BSP_OK;
        }
    }
    return found ? BSP_E_CORRUPT : BSP_E_END;
}

#endif
