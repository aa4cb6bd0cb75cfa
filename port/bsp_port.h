/* SPDX-License-Identifier: MIT */
/* bsp_port.h - the only compiler-specific code bspkit uses.
 *
 * Fixed-width types, the host's byte order, byte swaps, aliasing-safe loads
 * from arena memory, and unaligned little/big-endian reads from raw file
 * bytes. Everything is static inline so the loader needs no external symbol
 * from here; port/bsp_mem.c supplies memcpy/memset/memmove/memcmp for
 * freestanding targets where the compiler may emit calls to them.
 */
#ifndef BSP_PORT_H
#define BSP_PORT_H

#include <stdint.h>
#include <stddef.h>

#if defined(__GNUC__) || defined(__clang__)
#define BSP_INLINE static __inline__ __attribute__((unused))
/* Hot paths of the fast build (-O2) only: a helper inlined into each
 * caller, a loop unrolled, a branch hinted, and unaligned 8-byte chunks
 * for the LZMA match copy (BSP_HAVE_U64_CHUNKS). */
#define BSP_ALWAYS_INLINE static __inline__ __attribute__((always_inline, unused))
/* A function kept out of its callers: its frame exists only while it runs
 * (a walk's large stack, one copy of several, not all in the caller's). */
#define BSP_NOINLINE static __attribute__((noinline))
#define BSP__PRAGMA(x) _Pragma(#x)
#define BSP_UNROLL8 BSP__PRAGMA(GCC unroll 8)
#define BSP_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define BSP_HAVE_U64_CHUNKS 1
typedef uint64_t __attribute__((may_alias, aligned(1))) bsp__chunk_u64;
/* Arena memory is declared by the caller as bytes; reading it through wider
 * types needs a may_alias type to stay inside the aliasing rules. */
typedef uint16_t __attribute__((may_alias)) bsp__alias_u16;
typedef uint32_t __attribute__((may_alias)) bsp__alias_u32;
typedef uint64_t __attribute__((may_alias)) bsp__alias_u64;
typedef int16_t __attribute__((may_alias)) bsp__alias_i16;
typedef int32_t __attribute__((may_alias)) bsp__alias_i32;
typedef float __attribute__((may_alias)) bsp__alias_f32;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define BSP_HOST_BIG_ENDIAN 1
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define BSP_HOST_BIG_ENDIAN 0
#else
#error "bsp_port.h: cannot tell the host byte order; define BSP_HOST_BIG_ENDIAN"
#endif
#define bsp__bswap16_(x) __builtin_bswap16(x)
#define bsp__bswap32_(x) __builtin_bswap32(x)
#else
/* Port note: another compiler needs its own may_alias equivalent (or
 * -fno-strict-aliasing) and must define BSP_HOST_BIG_ENDIAN. */
#define BSP_INLINE static
#define BSP_ALWAYS_INLINE static
#define BSP_NOINLINE static
#define BSP_UNROLL8
#define BSP_UNLIKELY(x) (x)
typedef uint16_t bsp__alias_u16;
typedef uint32_t bsp__alias_u32;
typedef uint64_t bsp__alias_u64;
typedef int16_t bsp__alias_i16;
typedef int32_t bsp__alias_i32;
typedef float bsp__alias_f32;
#ifndef BSP_HOST_BIG_ENDIAN
#error "bsp_port.h: define BSP_HOST_BIG_ENDIAN to 0 or 1 for this compiler"
#endif
#define bsp__bswap16_(x) ((uint16_t)(((x) >> 8) | ((x) << 8)))
#define bsp__bswap32_(x) ((((x) >> 24) & 0xffu) | (((x) >> 8) & 0xff00u) | \
                         (((x) & 0xff00u) << 8) | ((x) << 24))
#endif

BSP_INLINE uint16_t bsp__bswap16(uint16_t v) { return (uint16_t)bsp__bswap16_(v); }
BSP_INLINE uint32_t bsp__bswap32(uint32_t v) { return (uint32_t)bsp__bswap32_(v); }

/* Reads of raw file bytes at any alignment, in a stated byte order. */
BSP_INLINE uint32_t bsp__get_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
BSP_INLINE uint32_t bsp__get_be32(const uint8_t *p)
{
    return (uint32_t)p[3] | ((uint32_t)p[2] << 8) | ((uint32_t)p[1] << 16) | ((uint32_t)p[0] << 24);
}
BSP_INLINE uint32_t bsp__get32(const uint8_t *p, int big) { return big ? bsp__get_be32(p) : bsp__get_le32(p); }

/* Native-order reads of arena records; p must be aligned for the type
 * (the loader places every lump at its record alignment). */
BSP_INLINE uint16_t bsp__u16(const uint8_t *p) { return *(const bsp__alias_u16 *)(const void *)p; }
BSP_INLINE int16_t bsp__i16(const uint8_t *p) { return *(const bsp__alias_i16 *)(const void *)p; }
BSP_INLINE uint32_t bsp__u32(const uint8_t *p) { return *(const bsp__alias_u32 *)(const void *)p; }
BSP_INLINE int32_t bsp__i32(const uint8_t *p) { return *(const bsp__alias_i32 *)(const void *)p; }
BSP_INLINE float bsp__f32(const uint8_t *p) { return *(const bsp__alias_f32 *)(const void *)p; }
BSP_INLINE void bsp__put_u16(uint8_t *p, uint16_t v) { *(bsp__alias_u16 *)(void *)p = v; }
BSP_INLINE void bsp__put_u32(uint8_t *p, uint32_t v) { *(bsp__alias_u32 *)(void *)p = v; }

/* |x| with the sign bit cleared in the float's representation: no branch
 * (a compare on the sign mispredicts half the time on mixed signs, the
 * patch builder's hot loop), exact for every value (-0 gives +0; a NaN
 * stays a NaN). */
BSP_INLINE float bsp__fabs_bits(float x)
{
    union { float f; uint32_t u; } v;
    v.f = x;
    v.u &= 0x7fffffffu;
    return v.f;
}

/* A square root in one instruction where the target has an IEEE one
 * (correctly rounded, so the same bits as the loader's integer root) that
 * the compiler reaches without libm: BSP_HAVE_HW_SQRTF. Only for x > 0,
 * finite (the caller handles the rest). */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && defined(__SSE_MATH__)
#define BSP_HAVE_HW_SQRTF 1
BSP_INLINE float bsp__sqrtf_hw(float x)
{
    float r;
    __asm__("sqrtss %1, %0" : "=x"(r) : "x"(x));
    return r;
}
#elif (defined(__GNUC__) || defined(__clang__)) && defined(__aarch64__)
#define BSP_HAVE_HW_SQRTF 1
BSP_INLINE float bsp__sqrtf_hw(float x)
{
    float r;
    __asm__("fsqrt %s0, %s1" : "=w"(r) : "w"(x));
    return r;
}
#else
#define BSP_HAVE_HW_SQRTF 0
BSP_INLINE float bsp__sqrtf_hw(float x) { return x; }
#endif

/* Byte copy and fill for the loader; the loader calls these, never the libc
 * names, so a hosted build needs nothing from libc. */
/* A word at a time when both ends are 4-aligned (arena records are: a
 * Quake 3 load's copies are mostly whole words), through the may_alias
 * type; forward, so a copy down onto its own source stays right. A build
 * for size (-Os) keeps the byte loop alone: it is inlined at every call. */
BSP_INLINE void bsp__copy(void *dst, const void *src, size_t n)
{
    uint8_t *d = (uint8_t *)dst;
    const uint8_t *s = (const uint8_t *)src;
#if !defined(__OPTIMIZE_SIZE__)
    if (!(((uintptr_t)d | (uintptr_t)s) & 3u))
        for (; n >= 4; n -= 4, d += 4, s += 4) *(bsp__alias_u32 *)(void *)d = *(const bsp__alias_u32 *)(const void *)s;
#endif
    while (n--) *d++ = *s++;
}
/* The fill: past the first bytes to an 8-aligned address, 16 bytes a step
 * and the rest by one store each of 8, 4, 2 and 1 bytes when there are 16
 * or more (a PVS row, a cleared set; a 32-bit target stores two words for
 * one of 8), a word at a time from 8; a build for size keeps the byte
 * loop. */
BSP_INLINE void bsp__fill(void *dst, uint8_t v, size_t n)
{
    uint8_t *d = (uint8_t *)dst;
#if !defined(__OPTIMIZE_SIZE__)
    uint32_t word = 0x01010101u * v;
    if (n >= 16) {
        uint64_t wide = (uint64_t)word << 32 | word;
        for (; (uintptr_t)d & 7u; n--) *d++ = v;
        for (; n >= 16; n -= 16, d += 16) {
            *(bsp__alias_u64 *)(void *)d = wide;
            *(bsp__alias_u64 *)(void *)(d + 8) = wide;
        }
        if (n & 8) *(bsp__alias_u64 *)(void *)d = wide, d += 8;
        if (n & 4) *(bsp__alias_u32 *)(void *)d = word, d += 4;
        if (n & 2) *(bsp__alias_u16 *)(void *)d = (uint16_t)word, d += 2;
        if (n & 1) *d = v;
        return;
    }
    if (n >= 8) {
        for (; (uintptr_t)d & 3u; n--) *d++ = v;
        for (; n >= 4; n -= 4, d += 4) *(bsp__alias_u32 *)(void *)d = word;
    }
#endif
    while (n--) *d++ = v;
}

#endif
