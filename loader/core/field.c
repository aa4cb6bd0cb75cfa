/* SPDX-License-Identifier: MIT */
/* field.c - the one out-of-line field reader of a build for size. */
#include "field.h"

#ifdef __OPTIMIZE_SIZE__
int32_t bsp__field_get_at(const uint8_t *rec, uint32_t offset, uint32_t type)
{
    bsp__field f;
    f.offset = (uint8_t)offset;
    f.type = (uint8_t)type;
    return bsp__field_read(rec, f);
}
#else
typedef int bsp__field_c_not_empty;   /* ISO C: a file declares something */
#endif
