/* SPDX-License-Identifier: MIT */
/* cmd_info.c - bspkit info (the header, lump directory and main counts;
 * docs/queries.md 6) and bspkit stats (record counts by lump name). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "../common/sha256.h"

/* Respawn's ENTITY_PARTITIONS lump (docs/queries.md 12.2) */
#define RESPAWN_ENTITY_PARTITIONS 0x18u

/* info's BSPX directory and light source (docs/queries.md 10.6): its
 * valid entries in directory order, then the source, when the map has a
 * directory or was given a .lit; nothing otherwise. */
static void print_bspx(const loaded *L)
{
    static const char *const sources[] = { "none", "lighting", "rgblighting", "lit",
                                            "lighting_e5bgr9", "lit_e5bgr9" };
    bsp_map_info info;
    const bsp_bspx *d;
    uint32_t k;
    if (bsp_get_info(&L->map, &info) != BSP_OK || !info.bspx) return;
    d = info.bspx;
    if (d->offset) {
        printf(",\"bspx\":{\"offset\":%u,\"lumps\":[", (unsigned)d->offset);
        for (k = 0; k < d->count; k++) {
            const char *name = d->name[k];
            const char *nul = memchr(name, 0, BSP_BSPX_NAME);
            printf("%s{\"name\":", k ? "," : "");
            json_string(name, nul ? (size_t)(nul - name) : BSP_BSPX_NAME);
            printf(",\"offset\":%u,\"length\":%u}", (unsigned)d->lump_offset[k],
                   (unsigned)d->lump_length[k]);
        }
        printf("]}");
    }
    if (d->offset || info.lit != BSP_LIT_NONE)
        printf(",\"light\":\"%s\"", sources[info.light_source < 6 ? info.light_source : 0]);
}

int cmd_info(const char *path, int hdr, int forward)
{
    loaded L;
    bsp_map_info info;
    uint32_t i, size = 0;
    int first = 1, respawn;
    if (load_map(&L, path, BSP_LOAD_ALL, hdr, forward)) return TOOL_EXIT_FAIL;
    bsp_get_info(&L.map, &info);
    respawn = bsp_header_family(&L.header) == BSP_FAMILY_RESPAWN;
    printf("{\"family\":\"%s\",\"version\":%d,\"endian\":\"%s\",",
           bsp_family_name(&L.header), (int)L.header.version,
           L.header.big_endian ? "big" : "little");
    if (bsp_variant_name(&L.header)) printf("\"variant\":\"%s\",", bsp_variant_name(&L.header));
    if (respawn) {
        /* docs/queries.md 12.11: the revision, the signature's first line,
         * the ENTITY_PARTITIONS words (up to their NUL) */
        const char *parts = (const char *)bsp_lump(&L.map, RESPAWN_ENTITY_PARTITIONS, &size);
        uint32_t n = 0;
        while (parts && n < size && parts[n]) n++;
        printf("\"revision\":%u,\"signature\":", (unsigned)L.header.revision);
        json_string(L.header.signature, strlen(L.header.signature));
        printf(",\"entity_partitions\":");
        json_string(parts ? parts : "", n);
        printf(",");
    }
    printf("\"lumps\":[");
    for (i = 0; i < L.header.num_lumps; i++) {
        const bsp_lump_entry *e = &L.header.lumps[i];
        if (e->length == 0) continue;
        printf("%s{\"index\":%u,", first ? "" : ",", (unsigned)i);
        /* respawn's 128 lumps by name (12.11) */
        if (respawn) printf("\"name\":\"%s\",", bsp_lump_name(&L.header, i));
        printf("\"offset\":%u,\"length\":%u,\"version\":%u,\"compressed\":%s,\"size\":%u",
               (unsigned)e->offset, (unsigned)e->length, (unsigned)e->version,
               e->compressed ? "true" : "false", (unsigned)e->size);
        if (respawn) {
            /* the loaded bytes, in the host's order (PSBr: swapped),
             * so that a byte-swapped copy can be compared with its twin */
            char hex[SHA256_HEX];
            uint32_t n = 0;
            const void *bytes = bsp_lump(&L.map, i, &n);
            sha256_hex(bytes ? bytes : "", bytes ? n : 0, hex);
            printf(",\"sha256\":\"%s\"", hex);
            /* a part (.bsp_lump) of another size than its entry's, used
             * with its own (12.2) */
            if (bytes && n != e->size) printf(",\"file_length\":%u", (unsigned)n);
        }
        printf("}");
        first = 0;
    }
    printf("]");
    print_bspx(&L);
    printf(",\"arena_bytes\":%u,\"models\":%u,\"nodes\":%u,\"leafs\":%u,"
           "\"faces\":%u,\"clusters\":%u}\n",
           (unsigned)L.arena_bytes, (unsigned)info.models,
           (unsigned)info.nodes, (unsigned)info.leafs,
           (unsigned)info.faces, (unsigned)bsp_num_clusters(&L.map));
    unload_map(&L);
    return 0;
}

int cmd_stats(const char *path, int forward)
{
    loaded L;
    uint32_t i;
    int first = 1;
    if (load_map(&L, path, BSP_LOAD_ALL, 0, forward)) return TOOL_EXIT_FAIL;
    printf("{");
    for (i = 0; i < L.header.num_lumps; i++) {
        uint32_t rec = bsp_lump_record_size(&L.header, i);
        uint32_t size = L.header.lumps[i].size;
        if (L.header.lumps[i].length == 0) continue;
        /* a build without text (BSPKIT_STRINGS=0) names lumps "": their numbers */
        if (*bsp_lump_name(&L.header, i))
            printf("%s\"%s\":", first ? "" : ",", bsp_lump_name(&L.header, i));
        else
            printf("%s\"%u\":", first ? "" : ",", (unsigned)i);
        printf("%u", (unsigned)(rec ? size / rec : size));
        first = 0;
    }
    printf("%s\"num_clusters\":%u}\n", first ? "" : ",", (unsigned)bsp_num_clusters(&L.map));
    unload_map(&L);
    return 0;
}

