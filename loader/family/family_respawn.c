/* SPDX-License-Identifier: MIT */
/* family_respawn.c - Respawn's rBSP (docs/queries.md 12): Titanfall (29),
 * the Titanfall 2 tech test (36) and Titanfall 2 (37), little-endian, and
 * the Xbox 360's PSBr (29, big-endian: every scalar swapped at its width,
 * Source's PSBV rule).
 *
 * The header: magic, a version word (low 16 bits the version, high 16 a
 * minor number, 0 for every version read here), the map revision, the
 * highest lump index (127), then 128 entries {offset, length, version,
 * fourCC}: 2064 bytes. The bytes between the directory and the first lump
 * are the compiler's signature. Apex Legends (47 and later, minor numbers
 * 1 and up) is refused by name (foreign.c).
 *
 * This step reads the header, names the lumps, knows the record sizes of
 * section 12.3 (the byte swapper and bad_lump need them) and gives the
 * entities of the ENTITIES lump; the tree, faces, light and collision are
 * later steps of issue 44, so those queries answer unsupported
 * (core/map.h's bsp__no_tree).
 */
#include "family.h"
#include "../core/map.h"

#if BSPKIT_FAMILY_RESPAWN

enum {
    R_ENTITIES = 0x00, R_PLANES = 0x01, R_TEXTURE_DATA = 0x02, R_VERTICES = 0x03,
    R_MODELS = 0x0E, R_VERTEX_NORMALS = 0x1E, R_STRING_DATA = 0x2B, R_STRING_TABLE = 0x2C,
    R_VERTEX_UNLIT = 0x47, R_VERTEX_LIT_FLAT = 0x48, R_VERTEX_LIT_BUMP = 0x49,
    R_VERTEX_UNLIT_TS = 0x4A, R_MESH_INDICES = 0x4F, R_MESHES = 0x50, R_MESH_BOUNDS = 0x51,
    R_MATERIAL_SORTS = 0x52, R_LIGHTMAP_HEADERS = 0x53, R_CM_GRID = 0x55,
    R_CM_GRID_CELLS = 0x56, R_CM_GEO_SETS = 0x57, R_CM_PRIMITIVES = 0x59,
    R_CM_UNIQUE_CONTENTS = 0x5B, R_CM_BRUSHES = 0x5C, R_CM_PLANE_OFFSETS = 0x5D,
    R_CM_SIDE_PROPERTIES = 0x5E, R_CELL_BSP_NODES = 0x6A, R_CELLS = 0x6B, R_PORTALS = 0x6C,
    R_PORTAL_VERTICES = 0x6D, R_PORTAL_VERTEX_REFERENCES = 0x70, R_CELL_AABB_NODES = 0x77,
    R_OBJ_REFERENCES = 0x78, R_OBJ_REFERENCE_BOUNDS = 0x79
};

#define RESPAWN_LUMPS 128
#define RESPAWN_HEADER_BYTES (16 + RESPAWN_LUMPS * 16)   /* 2064 */
BSP__CHECK_DIRECTORY(respawn, RESPAWN_HEADER_BYTES, RESPAWN_LUMPS);

/* The lumps' names as the public readers give them, lower-case; slots no
 * game of these versions uses are "unused_N" (N decimal). Titanfall's own
 * lumps (0x3E, 0x46) keep their names: Titanfall 2 leaves them empty. */
static const char respawn_lump_names[] =
    "entities\0" "planes\0" "texture_data\0" "vertices\0" "lightprobe_parent_infos\0"
    "shadow_environments\0" "lightprobe_bsp_nodes\0" "lightprobe_bsp_ref_ids\0"
    "unused_8\0" "unused_9\0" "unused_10\0" "unused_11\0" "unused_12\0" "unused_13\0"
    "models\0" "unused_15\0" "unused_16\0" "unused_17\0" "unused_18\0" "unused_19\0"
    "unused_20\0" "unused_21\0" "unused_22\0" "unused_23\0" "entity_partitions\0"
    "unused_25\0" "unused_26\0" "unused_27\0" "unused_28\0" "physics_collide\0"
    "vertex_normals\0" "unused_31\0" "unused_32\0" "unused_33\0" "unused_34\0" "game_lump\0"
    "leaf_water_data\0" "unused_37\0" "unused_38\0" "unused_39\0" "pakfile\0" "unused_41\0"
    "cubemaps\0" "texture_data_string_data\0" "texture_data_string_table\0" "unused_45\0"
    "unused_46\0" "unused_47\0" "unused_48\0" "unused_49\0" "unused_50\0" "unused_51\0"
    "unused_52\0" "unused_53\0" "world_lights\0" "world_light_parent_infos\0" "unused_56\0"
    "unused_57\0" "unused_58\0" "unused_59\0" "unused_60\0" "unused_61\0" "physics_level\0"
    "unused_63\0" "unused_64\0" "unused_65\0" "tricoll_triangles\0" "unused_67\0"
    "tricoll_nodes\0" "tricoll_headers\0" "physics_triangles\0" "vertex_unlit\0"
    "vertex_lit_flat\0" "vertex_lit_bump\0" "vertex_unlit_ts\0" "vertex_blinn_phong\0"
    "vertex_reserved_5\0" "vertex_reserved_6\0" "vertex_reserved_7\0" "mesh_indices\0"
    "meshes\0" "mesh_bounds\0" "material_sorts\0" "lightmap_headers\0" "unused_84\0"
    "cm_grid\0" "cm_grid_cells\0" "cm_geo_sets\0" "cm_geo_set_bounds\0" "cm_primitives\0"
    "cm_primitive_bounds\0" "cm_unique_contents\0" "cm_brushes\0"
    "cm_brush_side_plane_offsets\0" "cm_brush_side_properties\0"
    "cm_brush_side_texture_vectors\0" "tricoll_bevel_starts\0" "tricoll_bevel_indices\0"
    "lightmap_data_sky\0" "csm_aabb_nodes\0" "csm_obj_references\0" "lightprobes\0"
    "static_prop_lightprobe_indices\0" "lightprobe_tree\0" "lightprobe_references\0"
    "lightmap_data_real_time_lights\0" "cell_bsp_nodes\0" "cells\0" "portals\0"
    "portal_vertices\0" "portal_edges\0" "portal_vertex_edges\0" "portal_vertex_references\0"
    "portal_edge_references\0" "portal_edge_intersect_at_edge\0"
    "portal_edge_intersect_at_vertex\0" "portal_edge_intersect_header\0"
    "occlusion_mesh_vertices\0" "occlusion_mesh_indices\0" "cell_aabb_nodes\0"
    "obj_references\0" "obj_reference_bounds\0" "lightmap_data_rtl_page\0" "level_info\0"
    "shadow_mesh_opaque_vertices\0" "shadow_mesh_alpha_vertices\0" "shadow_mesh_indices\0"
    "shadow_meshes\0";

/* The records of docs/queries.md 12.3, each described once (core/record.h;
 * unsigned 32-bit fields are I32: only their width matters here). A
 * record's size is what bad_lump checks and how PSBr is swapped. */
#define R_PLANE(F) F(normal, F32, 3) F(dist, F32, 1)
#define R_TEXTURE_DATA(F) F(reflectivity, F32, 3) F(name_index, I32, 1) F(width, I32, 1) \
    F(height, I32, 1) F(view_width, I32, 1) F(view_height, I32, 1) F(flags, I32, 1)
#define R_MODEL(F) F(mins, F32, 3) F(maxs, F32, 3) F(first_mesh, I32, 1) F(num_meshes, I32, 1)
#define R_VERTEX_UNLIT(F) F(position, I32, 1) F(normal, I32, 1) F(uv, F32, 2) F(rgba, U8, 4)
#define R_VERTEX_LIT_FLAT(F) R_VERTEX_UNLIT(F) F(lightmap_uv, F32, 2) F(lightmap_step, F32, 2)
#define R_VERTEX_LIT_BUMP(F) R_VERTEX_LIT_FLAT(F) F(tangent, I32, 2)
#define R_VERTEX_UNLIT_TS(F) R_VERTEX_UNLIT(F) F(tangent, I32, 2)
/* the 12 lighting bytes differ between v29 and v37 and are not read: bytes */
#define R_MESH(F) F(first_index, I32, 1) F(num_triangles, U16, 1) F(first_vertex, U16, 1) \
    F(num_vertices, U16, 1) F(lighting, U8, 12) F(material_sort, U16, 1) F(flags, I32, 1)
#define R_MESH_BOUNDS(F) F(origin, F32, 3) F(radius, F32, 1) F(extents, F32, 3) F(tan_yaw, F32, 1)
#define R_MATERIAL_SORT(F) F(texture_data, I16, 1) F(lightmap_header, I16, 1) \
    F(cubemap, I16, 1) F(unknown, I16, 1) F(vertex_offset, I32, 1)
#define R_LIGHTMAP_HEADER(F) F(type, I32, 1) F(width, U16, 1) F(height, U16, 1)
#define R_CELL_BSP_NODE(F) F(plane, I32, 1) F(child, I32, 1)
#define R_CELL(F) F(num_portals, U16, 1) F(first_portal, U16, 1) F(flags, U16, 1) \
    F(leaf_water_data, I16, 1)
#define R_PORTAL(F) F(reversed, U8, 1) F(type, U8, 1) F(num_refs, U8, 1) F(pad, U8, 1) \
    F(first_ref, U16, 1) F(cell, U16, 1) F(plane, I32, 1)
#define R_CELL_AABB_NODE(F) F(mins, F32, 3) F(num_children, U8, 1) F(num_refs, U8, 1) \
    F(total_refs, U16, 1) F(maxs, F32, 3) F(first_child, U16, 1) F(first_ref, U16, 1)
#define R_CM_GRID(F) F(scale, F32, 1) F(offset, I32, 2) F(count, I32, 2) \
    F(num_straddle_groups, I32, 1) F(first_brush_plane, I32, 1)
#define R_CM_GRID_CELL(F) F(first_geo_set, U16, 1) F(num_geo_sets, U16, 1)
#define R_CM_GEO_SET(F) F(straddle_group, U16, 1) F(num_primitives, U16, 1) F(primitive, I32, 1)
#define R_CM_BRUSH(F) F(origin, F32, 3) F(num_non_axial_kept, U8, 1) \
    F(num_plane_offsets, U8, 1) F(index, I16, 1) F(extents, F32, 3) F(side_offset, I32, 1)
BSP_RECORD(r_plane, R_PLANE);
BSP_RECORD(r_texture_data, R_TEXTURE_DATA);
BSP_RECORD(r_model, R_MODEL);
BSP_RECORD(r_vertex_unlit, R_VERTEX_UNLIT);
BSP_RECORD(r_vertex_lit_flat, R_VERTEX_LIT_FLAT);
BSP_RECORD(r_vertex_lit_bump, R_VERTEX_LIT_BUMP);
BSP_RECORD(r_vertex_unlit_ts, R_VERTEX_UNLIT_TS);
BSP_RECORD(r_mesh, R_MESH);
BSP_RECORD(r_mesh_bounds, R_MESH_BOUNDS);
BSP_RECORD(r_material_sort, R_MATERIAL_SORT);
BSP_RECORD(r_lightmap_header, R_LIGHTMAP_HEADER);
BSP_RECORD(r_cell_bsp_node, R_CELL_BSP_NODE);
BSP_RECORD(r_cell, R_CELL);
BSP_RECORD(r_portal, R_PORTAL);
BSP_RECORD(r_cell_aabb_node, R_CELL_AABB_NODE);
BSP_RECORD(r_cm_grid, R_CM_GRID);
BSP_RECORD(r_cm_grid_cell, R_CM_GRID_CELL);
BSP_RECORD(r_cm_geo_set, R_CM_GEO_SET);
BSP_RECORD(r_cm_brush, R_CM_BRUSH);

static const bsp__layout_rule respawn_rules[] = {
    BSP_RULE(R_PLANES, BSP_RECORDS(r_plane)),
    BSP_RULE(R_TEXTURE_DATA, BSP_RECORDS(r_texture_data)),
    BSP_RULE(R_VERTICES, BSP_RECORDS(bsp__vec3)),
    BSP_RULE(R_MODELS, BSP_RECORDS(r_model)),
    BSP_RULE(R_VERTEX_NORMALS, BSP_RECORDS(bsp__vec3)),
    BSP_RULE(R_STRING_TABLE, BSP_RECORDS(bsp__int32)),
    BSP_RULE(R_VERTEX_UNLIT, BSP_RECORDS(r_vertex_unlit)),
    BSP_RULE(R_VERTEX_LIT_FLAT, BSP_RECORDS(r_vertex_lit_flat)),
    BSP_RULE(R_VERTEX_LIT_BUMP, BSP_RECORDS(r_vertex_lit_bump)),
    BSP_RULE(R_VERTEX_UNLIT_TS, BSP_RECORDS(r_vertex_unlit_ts)),
    BSP_RULE(R_MESH_INDICES, BSP_RECORDS(bsp__uint16)),
    BSP_RULE(R_MESHES, BSP_RECORDS(r_mesh)),
    BSP_RULE(R_MESH_BOUNDS, BSP_RECORDS(r_mesh_bounds)),
    BSP_RULE(R_MATERIAL_SORTS, BSP_RECORDS(r_material_sort)),
    BSP_RULE(R_LIGHTMAP_HEADERS, BSP_RECORDS(r_lightmap_header)),
    BSP_RULE(R_CM_GRID, BSP_RECORDS(r_cm_grid)),
    BSP_RULE(R_CM_GRID_CELLS, BSP_RECORDS(r_cm_grid_cell)),
    BSP_RULE(R_CM_GEO_SETS, BSP_RECORDS(r_cm_geo_set)),
    BSP_RULE(R_CM_PRIMITIVES, BSP_RECORDS(bsp__int32)),
    BSP_RULE(R_CM_UNIQUE_CONTENTS, BSP_RECORDS(bsp__int32)),
    BSP_RULE(R_CM_BRUSHES, BSP_RECORDS(r_cm_brush)),
    BSP_RULE(R_CM_PLANE_OFFSETS, BSP_RECORDS(bsp__uint16)),
    BSP_RULE(R_CM_SIDE_PROPERTIES, BSP_RECORDS(bsp__uint16)),
    BSP_RULE(R_CELL_BSP_NODES, BSP_RECORDS(r_cell_bsp_node)),
    BSP_RULE(R_CELLS, BSP_RECORDS(r_cell)),
    BSP_RULE(R_PORTALS, BSP_RECORDS(r_portal)),
    BSP_RULE(R_PORTAL_VERTICES, BSP_RECORDS(bsp__vec3)),
    BSP_RULE(R_PORTAL_VERTEX_REFERENCES, BSP_RECORDS(bsp__uint16)),
    BSP_RULE(R_CELL_AABB_NODES, BSP_RECORDS(r_cell_aabb_node)),
    BSP_RULE(R_OBJ_REFERENCES, BSP_RECORDS(bsp__uint16)),
    BSP_RULE(R_OBJ_REFERENCE_BOUNDS, BSP_RECORDS(r_mesh_bounds)),
};
static const bsp__layout_table respawn_layouts = BSP_LAYOUT_TABLE(respawn_rules, NULL);

/* No tree, clusters or visibility are read yet: nothing to finish. */
static bsp_status respawn_finish(bsp__map *m)
{
    (void)m;
    return BSP_OK;
}

/* What both descriptions share: the header of 12.1 (the fourCC word is not
 * read: no file sets it, and it is not a compressed size as Source's is),
 * the entities lump, the lump names and records. */
#define RESPAWN_COMMON \
    .name = "respawn", .detect.id = BSP_FAMILY_RESPAWN, \
    .detect.magic = "rBSP", .detect.version_at = 4, \
    .dir.header_bytes = RESPAWN_HEADER_BYTES, \
    .dir.dir_offset = 16, \
    .dir.num_lumps = RESPAWN_LUMPS, \
    .dir.entry_words = 4, \
    .dir.entry = { 0, 1, 2, -1 }, \
    .dir.count_at = 12, .dir.revision_at = 8, .dir.signature = 1, .dir.parts = 1, \
    .dir.role_lump = { BSP_ROLE(ENTITIES, R_ENTITIES) }, \
    .dir.lump_names = BSP__IF(BSPKIT_STRINGS, respawn_lump_names), \
    .dir.layouts = &respawn_layouts, \
    .finish = respawn_finish

/* Titanfall (29), and the Xbox 360's PSBr, the magic read backwards. */
const struct bsp_family bsp__family_respawn29 = {
    RESPAWN_COMMON,
    .detect.swapped_magic = 1,
    .detect.min_version = 29, .detect.max_version = 29,
};

/* Titanfall 2's tech test (36) and Titanfall 2 (37): little-endian only. */
const struct bsp_family bsp__family_respawn = {
    RESPAWN_COMMON,
    .detect.min_version = 36, .detect.max_version = 37,
};

#endif
