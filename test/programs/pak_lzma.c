/* SPDX-License-Identifier: MIT */
/* pak_lzma.c - test helper for test/craft/pak_gen.py: standard input compressed
 * to a raw LZMA1 stream on standard output, with or without an end marker
 * (Python's lzma module always writes one), preceded by its 5 property
 * bytes: what a zip LZMA entry carries after its version and property
 * size. Uses the generator's encoder (test/gen/lzma_enc.c).
 *
 *   pak_lzma eos|noeos < in > props+stream
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../gen/lzma_enc.h"

int main(int argc, char **argv)
{
    gen_lzma z = GEN_LZMA_VALVE;
    gbuf in = {0}, out = {0};
    unsigned char chunk[65536];
    size_t n;
    if (argc != 2 || (strcmp(argv[1], "eos") && strcmp(argv[1], "noeos"))) {
        fprintf(stderr, "usage: pak_lzma eos|noeos < in > out\n");
        return 2;
    }
    z.eos = !strcmp(argv[1], "eos");
    while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) gbuf_put(&in, chunk, n);
    gen_lzma_lump(&z, in.data, in.len, &out);
    /* Valve's 17-byte header: "LZMA", two sizes, then the 5 property bytes */
    fwrite(out.data + 12, 1, out.len - 12, stdout);
    gbuf_free(&in);
    gbuf_free(&out);
    return fflush(stdout) != 0;
}
