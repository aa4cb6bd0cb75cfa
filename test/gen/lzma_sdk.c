/* SPDX-License-Identifier: MIT */
/* lzma_sdk.c - the LZMA SDK encoder (Igor Pavlov, public domain) as Debian's
 * lzma-dev installs it in /usr/include/lzma/, compiled into this unit.
 *
 * liblzma refuses lc + lp > 4; the SDK encoder, like the one Valve used,
 * takes lc 0..8. The sources are included from the system include
 * directory, so the compiler treats them as system headers and the
 * generator's strict warnings do not apply to them. Without lzma-dev the
 * generator still builds; variants that need it are skipped.
 */
#include "lzma_enc.h"

#if defined(__has_include)
#if __has_include(<lzma/LzmaEnc.c>) && __has_include(<lzma/LzFind.c>)
#define GEN_HAVE_LZMA_SDK 1
#endif
#endif

#ifdef GEN_HAVE_LZMA_SDK

#include <stdlib.h>

#define _7ZIP_ST /* no LzFindMt: single-threaded, deterministic */
#include <lzma/LzFind.c>
#include <lzma/LzmaEnc.c>

static void *sdk_alloc(void *p, size_t n)
{
    (void)p;
    return malloc(n ? n : 1);
}

static void sdk_free(void *p, void *q)
{
    (void)p;
    free(q);
}

int gen_lzma_sdk_available(void) { return 1; }

int gen_lzma_sdk_encode(const gen_lzma *z, const unsigned char *in, size_t n, unsigned char *out, size_t *out_len)
{
    ISzAlloc al;
    CLzmaEncProps p;
    unsigned char props[LZMA_PROPS_SIZE];
    SizeT dl = *out_len, ps = LZMA_PROPS_SIZE;
    SRes r;
    al.Alloc = sdk_alloc;
    al.Free = sdk_free;
    LzmaEncProps_Init(&p);
    p.level = z->fast ? 1 : 5;
    p.dictSize = z->dict;
    p.reduceSize = (UInt32)-1; /* keep the dictionary as asked */
    p.lc = z->lc;
    p.lp = z->lp;
    p.pb = z->pb;
    p.numThreads = 1;
    p.writeEndMark = z->eos ? 1u : 0u;
    r = LzmaEncode(out, &dl, in, n, &p, props, &ps, z->eos, NULL, &al, &al);
    if (r != SZ_OK) return 1;
    *out_len = dl;
    return 0;
}

#else

int gen_lzma_sdk_available(void) { return 0; }

int gen_lzma_sdk_encode(const gen_lzma *z, const unsigned char *in, size_t n, unsigned char *out, size_t *out_len)
{
    (void)z, (void)in, (void)n, (void)out, (void)out_len;
    return 1;
}

#endif
