/* SPDX-License-Identifier: MIT */
/* record.h - a record described once.
 *
 * A family describes each record of its file as one list of its fields in
 * file order, each with a name, a type (field.h) and a count:
 *
 *     #define Q2_NODE(F) F(planenum, I32, 1) F(children, I32, 2) \
 *         F(mins, I16, 3) F(maxs, I16, 3) F(firstface, U16, 1) F(numfaces, U16, 1)
 *     BSP_RECORD(q2_node, Q2_NODE);
 *
 * Everything else follows from that list, at compile time: where a field
 * is and what it is (BSP_FIELD(q2_node, numfaces), BSP_FIELD_K(q2_node,
 * children, 1), BSP_AT for a byte offset), the record's size
 * (q2_node_bytes) and the byte swapper's description of the lump
 * (BSP_RECORDS(q2_node): one run byte per field, BSP_RUN). Two tables that
 * could disagree are never written.
 *
 * How: the list expands into a struct of char arrays, one per field, sized
 * by the field's bytes (offsetof gives the offsets: char arrays are never
 * padded between), a second struct whose arrays are sized by the type code
 * (sizeof gives the type), and the run table.
 */
#ifndef BSP_RECORD_H
#define BSP_RECORD_H

#include <stddef.h>
#include "field.h"

/* A hidden limit, checked at compile time where it is assumed. */
#define BSP__CHECK(name, cond) typedef char bsp__check_##name[(cond) ? 1 : -1]

#define BSP__REC_AT_(name, type, n) char name[BSP__WIDTH_##type * (n)];
#define BSP__REC_TYPE_(name, type, n) char name[BSP_F_##type];
/* A run: `n` (1..64) fields of one width in one byte, the width's code
 * (0: 1 byte, 1: 2, 2: 4) in the top two bits and n - 1 below; code 3 ends
 * the list. One byte a field keeps every description's swap table as
 * small as the width strings it replaced. */
#define BSP__WCODE_U8 0
#define BSP__WCODE_I16 1
#define BSP__WCODE_U16 1
#define BSP__WCODE_I32 2
#define BSP__WCODE_F32 2
#define BSP_RUN_END 0xc0u
#define BSP_RUN_WIDTH(run) (1u << ((run) >> 6))
#define BSP_RUN_COUNT(run) (((run) & 63u) + 1u)
#define BSP__REC_RUN_(name, type, n) (uint8_t)(BSP__WCODE_##type << 6 | ((n) - 1)),
#define BSP__REC_SUM_(name, type, n) + BSP__WIDTH_##type * (n) + 0 * sizeof(char[(n) <= 64 ? 1 : -1])

/* The compile-time parts of a record (shared records declare these in a
 * header, and their runs once in a .c file with BSP_RECORD_RUNS). */
#define BSP_RECORD_TYPES(rec, LIST) \
    struct rec##_at { LIST(BSP__REC_AT_) }; \
    struct rec##_ty { LIST(BSP__REC_TYPE_) }; \
    enum { rec##_bytes = 0 LIST(BSP__REC_SUM_) }; \
    BSP__CHECK(rec##_packed, sizeof(struct rec##_at) == rec##_bytes)
#define BSP_RECORD_RUNS(rec, LIST) const uint8_t rec##_runs[] = { LIST(BSP__REC_RUN_) BSP_RUN_END }
#define BSP_RECORD(rec, LIST) BSP_RECORD_TYPES(rec, LIST); static BSP_RECORD_RUNS(rec, LIST)

/* A field's byte offset (a compile error past 255: the readers keep
 * offsets in one byte), type and width. */
#define BSP__REC_OFS(rec, name) offsetof(struct rec##_at, name)
#define BSP__REC_TYPE(rec, name) sizeof(((struct rec##_ty *)0)->name)
#define BSP__TYPE_WIDTH(t) ((t) == BSP_F_U8 ? 1u : (t) <= BSP_F_U16 ? 2u : 4u)
#define BSP__FITS_BYTE(x) ((x) + 0 * sizeof(char[(x) < 256 ? 1 : -1]))
#define BSP_AT(rec, name) ((uint8_t)BSP__FITS_BYTE(BSP__REC_OFS(rec, name)))
#define BSP_AT_K(rec, name, k) \
    ((uint8_t)BSP__FITS_BYTE(BSP__REC_OFS(rec, name) + (k) * BSP__TYPE_WIDTH(BSP__REC_TYPE(rec, name))))
/* Bytes of a field (a name's length). */
#define BSP_BYTES(rec, name) ((uint8_t)BSP__FITS_BYTE(sizeof(((struct rec##_at *)0)->name)))
/* A bsp__field initializer: the field, or element k of a field's run. */
#define BSP_FIELD(rec, name) { BSP_AT(rec, name), (uint8_t)BSP__REC_TYPE(rec, name) }
#define BSP_FIELD_K(rec, name, k) { BSP_AT_K(rec, name, k), (uint8_t)BSP__REC_TYPE(rec, name) }

/* A lump's byte-order description, walked by the one swapper
 * (pipeline/swap.c): `runs` holds run bytes (BSP_RUN_WIDTH, BSP_RUN_COUNT)
 * up to one >= BSP_RUN_END; the record size is their sum. Kinds:
 *   BSP_LAYOUT_RECORDS  the lump is an array of records;
 *   BSP_LAYOUT_COUNTED  an int32 count, that many records, then bytes
 *                       (Source visibility, the game lump directory);
 *   BSP_LAYOUT_HEADER   one record, then bytes (Quake 3 visibility);
 *   runs NULL           text or bytes, never swapped (record_size may
 *                       still give the record's size). */
enum bsp__layout_kind { BSP_LAYOUT_RECORDS = 0, BSP_LAYOUT_COUNTED = 1, BSP_LAYOUT_HEADER = 2,
       /* a rule that ends the search: this (lump, version) has no known
        * layout in this description, whatever rules follow in the chain */
       BSP_LAYOUT_UNKNOWN = 3 };
typedef struct bsp__layout {
    const uint8_t *runs;
    uint16_t record_size;
    uint8_t kind;
} bsp__layout;
#define BSP_RECORDS(rec) { rec##_runs, rec##_bytes, BSP_LAYOUT_RECORDS }
#define BSP_COUNTED(rec) { rec##_runs, rec##_bytes, BSP_LAYOUT_COUNTED }
#define BSP_HEADER(rec) { rec##_runs, rec##_bytes, BSP_LAYOUT_HEADER }
#define BSP_LAYOUT_BYTES { NULL, 0, BSP_LAYOUT_RECORDS }
/* Records of bytes only: nothing to swap, but a size to check. */
#define BSP_UNSWAPPED(rec) { NULL, rec##_bytes, BSP_LAYOUT_RECORDS }

/* The layout of `lump`. A rule applies to every file unless it names file
 * versions (min_version..max_version, both 0: any) or lump versions
 * (lump_versions: bit v for lump version v, 0: any). */
typedef struct bsp__layout_rule {
    bsp__layout layout;        /* first: the bytes after it pack in its padding */
    uint8_t lump;
    uint8_t min_version, max_version;
    uint8_t lump_versions;
} bsp__layout_rule;

/* A family's rules, then those it shares with related families (`next`):
 * the first matching rule along the chain wins. */
typedef struct bsp__layout_table {
    const bsp__layout_rule *rules;
    uint16_t count;
    const struct bsp__layout_table *next;
} bsp__layout_table;
/* BSP_RULE(lump, layout): every file; BSP_RULE_FOR adds the versions. */
#define BSP_RULE(lump_, ...) { .lump = (lump_), .layout = __VA_ARGS__ }
#define BSP_RULE_FOR(lump_, min_, max_, lump_versions_, ...) \
    { .lump = (lump_), .min_version = (min_), .max_version = (max_), \
      .lump_versions = (lump_versions_), .layout = __VA_ARGS__ }
#define BSP_RULE_UNKNOWN(lump_) { .lump = (lump_), .layout = { NULL, 0, BSP_LAYOUT_UNKNOWN } }
#define BSP_LAYOUT_TABLE(rules, next) { rules, sizeof rules / sizeof rules[0], next }

#endif
