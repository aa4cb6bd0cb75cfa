/* SPDX-License-Identifier: MIT */
/* fuzz.h - what the fuzz targets share.
 *
 * Each target (fuzz_*.c) defines one entry point with FUZZ_ENTRY(name). Built
 * for libFuzzer (clang -fsanitize=fuzzer) that is LLVMFuzzerTestOneInput;
 * built with -DFUZZ_REPLAY (any C99 compiler, no libFuzzer: gcc on the host,
 * powerpc64-linux-gnu-gcc -static under qemu) it is fuzz_NAME_one, called by
 * replay.c for the files of the regression corpus.
 *
 * A broken promise (a status outside the enum, a write outside the arena, a
 * read outside the file, output that disagrees with the reference) is
 * FUZZ_ASSERT: it prints where and aborts, which libFuzzer records as a
 * crash and the replay driver as a FAIL line. The sanitizers catch the rest.
 */
#ifndef BSP_FUZZ_H
#define BSP_FUZZ_H

#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef FUZZ_REPLAY
#define FUZZ_ENTRY(name) int fuzz_##name##_one(const uint8_t *data, size_t size)
#else
#define FUZZ_ENTRY(name) int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
#endif

/* ASan's manual poisoning, when the target is built with ASan: guard bytes
 * around an arena then fault on the first touch, reads included. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_ASAN 1
#endif
#endif
#if !defined(FUZZ_ASAN) && defined(__SANITIZE_ADDRESS__)
#define FUZZ_ASAN 1
#endif
#ifdef FUZZ_ASAN
#include <sanitizer/asan_interface.h>
#define FUZZ_POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define FUZZ_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define FUZZ_POISON(p, n) ((void)(p), (void)(n))
#define FUZZ_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

static __attribute__((unused, noreturn)) void fuzz_fail(const char *file, int line, const char *what)
{
    fprintf(stderr, "FUZZ ASSERTION FAILED %s:%d: %s\n", file, line, what);
    fflush(stderr);
    abort();
}

#define FUZZ_ASSERT(cond) \
    do { \
        if (!(cond)) fuzz_fail(__FILE__, __LINE__, #cond); \
    } while (0)

static __attribute__((unused)) uint32_t fuzz_le(const uint8_t *p, int bytes)
{
    uint32_t v = 0;
    int i;
    for (i = bytes - 1; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

/* A block of `n` usable bytes with GUARD bytes of 0xA5 on each side (and
 * poisoned under ASan); the usable part is 16-aligned. */
#define FUZZ_GUARD 64
#define FUZZ_GUARD_BYTE 0xA5

typedef struct fuzz_block {
    uint8_t *raw, *p;
    size_t n;
} fuzz_block;

static __attribute__((unused)) int fuzz_block_alloc(fuzz_block *b, size_t n)
{
    b->n = n;
    b->raw = (uint8_t *)malloc(n + 2 * FUZZ_GUARD);
    if (!b->raw) return -1;
    b->p = b->raw + FUZZ_GUARD;
    memset(b->raw, FUZZ_GUARD_BYTE, FUZZ_GUARD);
    memset(b->p + n, FUZZ_GUARD_BYTE, FUZZ_GUARD);
    FUZZ_POISON(b->raw, FUZZ_GUARD);
    FUZZ_POISON(b->p + n, FUZZ_GUARD);
    return 0;
}

/* 1 if both guards still hold their pattern. */
static __attribute__((unused)) int fuzz_block_guards_ok(const fuzz_block *b)
{
    size_t i;
    int ok = 1;
    FUZZ_UNPOISON(b->raw, FUZZ_GUARD);
    FUZZ_UNPOISON(b->p + b->n, FUZZ_GUARD);
    for (i = 0; i < FUZZ_GUARD; i++)
        if (b->raw[i] != FUZZ_GUARD_BYTE || b->p[b->n + i] != FUZZ_GUARD_BYTE) ok = 0;
    FUZZ_POISON(b->raw, FUZZ_GUARD);
    FUZZ_POISON(b->p + b->n, FUZZ_GUARD);
    return ok;
}

static __attribute__((unused)) void fuzz_block_free(fuzz_block *b)
{
    if (!b->raw) return;
    FUZZ_UNPOISON(b->raw, b->n + 2 * FUZZ_GUARD);
    free(b->raw);
    b->raw = b->p = NULL;
}

#endif
