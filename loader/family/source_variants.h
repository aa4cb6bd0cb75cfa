/* SPDX-License-Identifier: MIT */
/* source_variants.h - Source games that changed the format, as description
 * variants over family_source.c's tables (included there once, so that
 * they share its static layouts and fields; not a header to include
 * elsewhere).
 *
 * Dark Messiah of Might and Magic (Arkane, 2006): the version word is
 * 20 | 4 << 16 (bytes 14 00 04 00; ata4/bspsrc BspFile, snake-biscuits/
 * bsp_tool branches/arkane, wfowler1/LibBSP BSPReader read it so), and three
 * records differ (bspsrc DTexInfoDM, DModelDM, BspFile.loadGameLumps):
 *   texinfo    96 bytes: 24 unknown bytes between lightmapVecs and flags;
 *   dmodel_t   52 bytes: an unknown int32 between origin and headnode;
 *   dgamelump  20 bytes: an unknown int32 before the id.
 * bsp_tool puts the game lump's extra int32 after filelen instead and reads
 * multiplayer maps with the standard texinfo and models; bspkit follows
 * bspsrc (which reads every such file with these records). No real Dark
 * Messiah map was available to settle it.
 */

#define DM_TEXINFO_WIDTHS "4444444444444444" "111111111111111111111111" "44"
static const bsp__layout_rule dm_rules[] = {
    BSP_RULE(L_TEXINFO, { DM_TEXINFO_WIDTHS, 96, BSP_LAYOUT_RECORDS }),
    BSP_RULE(L_MODELS, { "4444444444444", 52, BSP_LAYOUT_RECORDS }),
    BSP_RULE(L_GAME_LUMP, { "442244", 20, BSP_LAYOUT_COUNTED }),
};
static const bsp__layout_table dm_layouts = BSP_LAYOUT_TABLE(dm_rules, &source_layouts);

static const bsp__game_lump_dir dm_game_lump_dir = {
    20, { 4, BSP_F_I32 }, { 8, BSP_F_U16 }, { 10, BSP_F_U16 }, { 12, BSP_F_I32 },
    { 16, BSP_F_I32 }
};

static const bsp__access dm_access = {
    SOURCE_ACCESS_COMMON,
    .texinfo_texture = { 92, BSP_F_I32 }, .texinfo_flags = { 88, BSP_F_I32 }
};

const struct bsp_family bsp__family_source_dm = {
    .name = "source",
    .variant = "dark_messiah",
    .min_version = 20, .max_version = 20, .version_tag = 4,
    SOURCE_COMMON,
    SOURCE_FACES,
    .model_headnode = { 40, BSP_F_I32 },
    .model_firstface = { 44, BSP_F_I32 }, .model_numfaces = { 48, BSP_F_I32 },
    .texinfo_flags = { 88, BSP_F_I32 },
    .layouts = &dm_layouts,
    .access = &dm_access,
    .game_lump_dir = &dm_game_lump_dir,
};
