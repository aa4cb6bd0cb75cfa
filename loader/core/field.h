/* SPDX-License-Identifier: MIT */
/* field.h - reading one described field of a record: where it is (a byte
 * offset) and what it is (a type). Every generic reader of the loader goes
 * through these, so that a family changes a record by changing data. */
#ifndef BSP_FIELD_H
#define BSP_FIELD_H

#include "../../port/bsp_port.h"

/* The types a field may have. The values double as the size of a marker
 * array in record.h, so none is 0 but BSP_F_NONE (no such field). */
enum bsp__field_type { BSP_F_NONE = 0, BSP_F_U8, BSP_F_I16, BSP_F_U16, BSP_F_I32,
                       BSP_F_F32 /* bsp__field_get reads 0: floats use bsp__field_getf */ };
/* Bytes of each type, for the swapper and for runs of fields. */
#define BSP__WIDTH_NONE 0
#define BSP__WIDTH_U8 1
#define BSP__WIDTH_I16 2
#define BSP__WIDTH_U16 2
#define BSP__WIDTH_I32 4
#define BSP__WIDTH_F32 4
typedef struct bsp__field { uint8_t offset, type; } bsp__field;

BSP_INLINE int32_t bsp__field_read(const uint8_t *rec, bsp__field f)
{
    switch (f.type) {
    case BSP_F_U8: return rec[f.offset];
    case BSP_F_I16: return bsp__i16(rec + f.offset);
    case BSP_F_U16: return bsp__u16(rec + f.offset);
    case BSP_F_I32: return bsp__i32(rec + f.offset);
    default: return 0;
    }
}

/* Inlined, a field read is fast on the hot paths (the node walks); a build
 * for size would keep one copy in each of the files that read fields, so
 * there it is one function (field.c). */
#ifdef __OPTIMIZE_SIZE__
/* Two scalars, not the struct: 32-bit PowerPC passes a struct through a
 * copy in memory at every call. */
int32_t bsp__field_get_at(const uint8_t *rec, uint32_t offset, uint32_t type);
BSP_INLINE int32_t bsp__field_get(const uint8_t *rec, bsp__field f)
{
    return bsp__field_get_at(rec, f.offset, f.type);
}
#else
#define bsp__field_get bsp__field_read
#endif

/* bsp__field_get with the description read in place: 32-bit PowerPC
 * passes a struct argument as a copy in memory, which every call site
 * would make (the collision walks read many fields). */
BSP_INLINE int32_t bsp__field_getp(const uint8_t *rec, const bsp__field *f)
{
#ifdef __OPTIMIZE_SIZE__
    return bsp__field_get_at(rec, f->offset, f->type);
#else
    return bsp__field_read(rec, *f);
#endif
}
/* A numeric field as float: integers convert, BSP_F_F32 is read as is. */
BSP_INLINE float bsp__field_getf(const uint8_t *rec, bsp__field f)
{
    if (f.type == BSP_F_F32) return bsp__f32(rec + f.offset);
    return (float)bsp__field_get(rec, f);
}

/* The field of the k-th element of a run of such fields (bounds: mins[3]
 * then maxs[3]). */
BSP_INLINE bsp__field bsp__field_at(bsp__field f, uint32_t k)
{
    static const uint8_t width[] = { 0, 1, 2, 2, 4, 4 };
    f.offset = (uint8_t)(f.offset + k * width[f.type]);
    return f;
}

#endif
