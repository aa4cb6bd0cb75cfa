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

static const struct { uint32_t flag, tool; } tool_by_flag[] = {
    { BSP_SURF_SKY, BSP_MESH_TOOL_SKY },
    { BSP_SURF_NODRAW, BSP_MESH_TOOL_NODRAW },
    { BSP_SURF_SKIP, BSP_MESH_TOOL_SKIP },
    { BSP_SURF_HINT, BSP_MESH_TOOL_HINT },
    { BSP_SURF_TRIGGER, BSP_MESH_TOOL_TRIGGER },
};

/* The base names (after the last '/' or '\\'), lower case, with their
 * lengths: a name of another length is not looked at. */
#define TOOL_NAME(tool, name) { tool, sizeof name - 1, name }
static const struct { uint8_t tool, len; const char *name; } tool_by_name[] = {
    TOOL_NAME(BSP_MESH_TOOL_CLIP, "clip"), TOOL_NAME(BSP_MESH_TOOL_CLIP, "playerclip"),
    TOOL_NAME(BSP_MESH_TOOL_CLIP, "monsterclip"), TOOL_NAME(BSP_MESH_TOOL_CLIP, "botclip"),
    TOOL_NAME(BSP_MESH_TOOL_CLIP, "weapclip"), TOOL_NAME(BSP_MESH_TOOL_CLIP, "toolsclip"),
    TOOL_NAME(BSP_MESH_TOOL_CLIP, "toolsplayerclip"), TOOL_NAME(BSP_MESH_TOOL_CLIP, "toolsnpcclip"),
    TOOL_NAME(BSP_MESH_TOOL_ORIGIN, "origin"), TOOL_NAME(BSP_MESH_TOOL_ORIGIN, "toolsorigin"),
    TOOL_NAME(BSP_MESH_TOOL_TRIGGER, "trigger"), TOOL_NAME(BSP_MESH_TOOL_TRIGGER, "aaatrigger"),
    TOOL_NAME(BSP_MESH_TOOL_TRIGGER, "toolstrigger"),
    TOOL_NAME(BSP_MESH_TOOL_HINT, "hint"), TOOL_NAME(BSP_MESH_TOOL_HINT, "hintskip"),
    TOOL_NAME(BSP_MESH_TOOL_HINT, "toolshint"),
    TOOL_NAME(BSP_MESH_TOOL_SKIP, "skip"), TOOL_NAME(BSP_MESH_TOOL_SKIP, "toolsskip"),
    TOOL_NAME(BSP_MESH_TOOL_NODRAW, "nodraw"), TOOL_NAME(BSP_MESH_TOOL_NODRAW, "null"),
    TOOL_NAME(BSP_MESH_TOOL_NODRAW, "caulk"), TOOL_NAME(BSP_MESH_TOOL_NODRAW, "toolsnodraw"),
    TOOL_NAME(BSP_MESH_TOOL_NODRAW, "toolsinvisible"),
    TOOL_NAME(BSP_MESH_TOOL_SKY, "toolsskybox"), TOOL_NAME(BSP_MESH_TOOL_SKY, "toolsskybox2d"),
};
#define TOOL_NAME_MAX 15u   /* toolsplayerclip */

/* Is the base name b (n bytes) the lower-case name s, without ASCII case? */
static int tool_same_base(const char *b, uint32_t n, const char *s)
{
    uint32_t k;
    for (k = 0; k < n; k++) {
        uint8_t c = (uint8_t)b[k];
        if (c >= 'A' && c <= 'Z') c = (uint8_t)(c + 32);
        if (c != (uint8_t)s[k]) return 0;
    }
    return 1;
}

uint32_t bsp__mesh_tool(const bsp__map *m, const bsp_face *f)
{
    const char *name;
    uint32_t len, k, start = 0, tool = 0;
    for (k = 0; k < sizeof tool_by_flag / sizeof tool_by_flag[0]; k++)
        if (f->flags & tool_by_flag[k].flag) tool |= tool_by_flag[k].tool;
    if (f->texture < 0 || bsp_texture_name(bsp__map_cpub(m), (uint32_t)f->texture, &name, &len) != BSP_OK)
        return tool;
    for (k = 0; k < len; k++)
        if (name[k] == '/' || name[k] == '\\') start = k + 1;
    if (len - start > TOOL_NAME_MAX) return tool;
    for (k = 0; k < sizeof tool_by_name / sizeof tool_by_name[0]; k++)
        if (tool_by_name[k].len == len - start && tool_same_base(name + start, len - start, tool_by_name[k].name))
            tool |= tool_by_name[k].tool;
    return tool;
}

#endif
