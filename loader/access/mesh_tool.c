/* SPDX-License-Identifier: MIT */
/* mesh_tool.c - tool textures: the faces a renderer leaves out (sky,
 * nodraw, skip, hint, trigger, clip, origin), by the face's surface flags
 * and by its texture's name where the family stores no flag for it (the
 * Quake family's trigger brushes, a Quake 2 map compiled without the .wal
 * files' flags, Source's tools materials). One table for every family: a
 * name is a tool's in whichever game it appears. */
#include "mesh.h"
#include "../core/map.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

static const struct { uint32_t flag, tool; } by_flag[] = {
    { BSP_SURF_SKY, BSP_MESH_TOOL_SKY },
    { BSP_SURF_NODRAW, BSP_MESH_TOOL_NODRAW },
    { BSP_SURF_SKIP, BSP_MESH_TOOL_SKIP },
    { BSP_SURF_HINT, BSP_MESH_TOOL_HINT },
    { BSP_SURF_TRIGGER, BSP_MESH_TOOL_TRIGGER },
};

/* The base names (after the last '/' or '\\'), lower case; each string
 * ends in '\0', the table in an empty one. */
static const struct { uint32_t tool; const char *names; } by_name[] = {
    { BSP_MESH_TOOL_CLIP, "clip\0playerclip\0monsterclip\0botclip\0weapclip\0toolsclip\0"
                          "toolsplayerclip\0toolsnpcclip\0" },
    { BSP_MESH_TOOL_ORIGIN, "origin\0toolsorigin\0" },
    { BSP_MESH_TOOL_TRIGGER, "trigger\0aaatrigger\0toolstrigger\0" },
    { BSP_MESH_TOOL_HINT, "hint\0hintskip\0toolshint\0" },
    { BSP_MESH_TOOL_SKIP, "skip\0toolsskip\0" },
    { BSP_MESH_TOOL_NODRAW, "nodraw\0null\0caulk\0toolsnodraw\0toolsinvisible\0" },
    { BSP_MESH_TOOL_SKY, "toolsskybox\0toolsskybox2d\0" },
};

/* Is the base name b (n bytes) the lower-case name s, without ASCII case? */
static int same_base(const char *b, uint32_t n, const char *s)
{
    uint32_t k;
    for (k = 0; k < n; k++) {
        uint8_t c = (uint8_t)b[k];
        if (c >= 'A' && c <= 'Z') c = (uint8_t)(c + 32);
        if (!s[k] || c != (uint8_t)s[k]) return 0;
    }
    return s[n] == '\0';
}

uint32_t bsp__mesh_tool(const bsp__map *m, const bsp_face *f)
{
    const char *name;
    uint32_t len, k, start = 0, tool = 0;
    for (k = 0; k < sizeof by_flag / sizeof by_flag[0]; k++)
        if (f->flags & by_flag[k].flag) tool |= by_flag[k].tool;
    if (f->texture < 0 || bsp_texture_name(bsp__map_cpub(m), (uint32_t)f->texture, &name, &len) != BSP_OK)
        return tool;
    for (k = 0; k < len; k++)
        if (name[k] == '/' || name[k] == '\\') start = k + 1;
    if (start == len) return tool;
    for (k = 0; k < sizeof by_name / sizeof by_name[0]; k++) {
        const char *s;
        for (s = by_name[k].names; *s; ) {
            uint32_t n = 0;
            if (same_base(name + start, len - start, s)) tool |= by_name[k].tool;
            while (s[n]) n++;
            s += n + 1;
        }
    }
    return tool;
}

#endif
