/* SPDX-License-Identifier: MIT */
/* lzma_enc.c - Valve's LZMA lump header around a raw LZMA1 stream
 * (format: lzma_enc.h). liblzma encodes what it can; the LZMA SDK encoder
 * (lzma_sdk.c) the rest. Both are deterministic for given input and
 * settings (single-threaded); the bytes may differ between library versions,
 * which is why the checks decode streams instead of comparing them.
 */
#include "lzma_enc.h"

#include <stdlib.h>
/* GEN_NO_LIBLZMA: the demo's generator, built with only a C compiler; the
 * LZMA variants then need the SDK encoder or are skipped. */
#ifndef GEN_NO_LIBLZMA
#include <lzma.h>
#endif

static int liblzma_can(const gen_lzma *z)
{
#if defined(LZMA_FILTER_LZMA1EXT) && !defined(GEN_NO_LIBLZMA)
    return z->lc >= 0 && z->lp >= 0 && z->lc + z->lp <= LZMA_LCLP_MAX && z->pb >= 0 && z->pb <= LZMA_PB_MAX &&
           z->dict >= LZMA_DICT_SIZE_MIN;
#else
    /* liblzma < 5.4 always writes an end marker: leave it to the SDK */
    (void)z;
    return 0;
#endif
}

static int liblzma_encode(const gen_lzma *z, const unsigned char *in, size_t n, unsigned char *out, size_t *out_len)
{
#if defined(LZMA_FILTER_LZMA1EXT) && !defined(GEN_NO_LIBLZMA)
    lzma_options_lzma opt;
    lzma_filter f[2];
    size_t pos = 0;
    if (lzma_lzma_preset(&opt, z->fast ? 1u : 6u)) return 1;
    opt.dict_size = z->dict;
    opt.lc = (uint32_t)z->lc;
    opt.lp = (uint32_t)z->lp;
    opt.pb = (uint32_t)z->pb;
    opt.ext_flags = z->eos ? LZMA_LZMA1EXT_ALLOW_EOPM : 0;
    opt.ext_size_low = UINT32_MAX; /* only the decoder reads the size */
    opt.ext_size_high = UINT32_MAX;
    f[0].id = LZMA_FILTER_LZMA1EXT;
    f[0].options = &opt;
    f[1].id = LZMA_VLI_UNKNOWN;
    f[1].options = NULL;
    if (lzma_raw_buffer_encode(f, NULL, in, n, out, &pos, *out_len) != LZMA_OK) return 1;
    *out_len = pos;
    return 0;
#else
    (void)z, (void)in, (void)n, (void)out, (void)out_len;
    return 1;
#endif
}

int gen_lzma_can_encode(const gen_lzma *z) { return liblzma_can(z) || gen_lzma_sdk_available(); }

void gen_lzma_lump(const gen_lzma *z, const unsigned char *in, size_t n, gbuf *out)
{
    size_t cap = n + n / 4 + 4096, len = cap;
    unsigned char *buf = malloc(cap);
    int err = 1;
    if (!buf) gen_die("out of memory");
    if (n > 0xffffffffu) gen_die("lump too large for an LZMA header");
    if (liblzma_can(z)) err = liblzma_encode(z, in, n, buf, &len);
    else if (gen_lzma_sdk_available()) err = gen_lzma_sdk_encode(z, in, n, buf, &len);
    else gen_die("LZMA lc %d lp %d needs the LZMA SDK encoder (Debian lzma-dev)", z->lc, z->lp);
    if (err) gen_die("LZMA encoding failed (lc %d lp %d pb %d)", z->lc, z->lp, z->pb);
    gbuf_put(out, "LZMA", 4);
    gbuf_le32(out, (uint32_t)n);
    gbuf_le32(out, (uint32_t)len);
    gbuf_u8(out, (unsigned)((z->pb * 5 + z->lp) * 9 + z->lc));
    gbuf_le32(out, z->dict);
    gbuf_put(out, buf, len);
    free(buf);
}
