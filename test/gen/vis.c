/* SPDX-License-Identifier: MIT */
/* vis.c - visibility rows from the declared room visibility, and the
 * run-length compressed dvis_t lump (Source and Quake 2 layout).
 *
 * Clusters are rooms. PVS(c) = rooms room c is declared to see (itself
 * included); PAS(c) = OR of PVS(v) over every v in PVS(c).
 */
#include "world.h"

#include <stdlib.h>
#include <string.h>

int gen_vis_rowbytes(int nclusters) { return (nclusters + 7) / 8; }

void gen_vis_build(gen_world *w)
{
    int n = w->nclusters, nb = gen_vis_rowbytes(n), c, b;
    w->pvs = calloc((size_t)n * (size_t)nb + 1, 1);
    if (!w->pvs) gen_die("out of memory");
    for (c = 0; c < n; c++)
        for (b = 0; b < n; b++)
            if (w->desc->sees[(size_t)c * (size_t)n + (size_t)b])
                w->pvs[(size_t)c * (size_t)nb + (size_t)(b >> 3)] |= (unsigned char)(1u << (b & 7));
}

void gen_vis_row(const gen_world *w, int c, int pas, unsigned char *row)
{
    int n = w->nclusters, nb = gen_vis_rowbytes(n), v, k;
    memcpy(row, w->pvs + (size_t)c * (size_t)nb, (size_t)nb);
    if (!pas) return;
    for (v = 0; v < n; v++) {
        const unsigned char *pv = w->pvs + (size_t)v * (size_t)nb;
        if (!(w->pvs[(size_t)c * (size_t)nb + (size_t)(v >> 3)] & (1u << (v & 7)))) continue;
        for (k = 0; k < nb; k++) row[k] |= pv[k];
    }
}

/* Quake-style encoding: a zero byte is followed by the count of zero bytes
 * (1..255). With overrun > 0 a zero run that ends the row claims that many
 * extra bytes past the row's end, as real compilers sometimes write; the
 * contract cuts such runs at the row's end. */
void gen_vis_rle(const unsigned char *row, int nb, int overrun, gbuf *out)
{
    int i = 0;
    while (i < nb) {
        int run = 0;
        if (row[i]) {
            gbuf_u8(out, row[i++]);
            continue;
        }
        while (i + run < nb && row[i + run] == 0 && run < 255) run++;
        i += run;
        if (i == nb && overrun && run + overrun <= 255) run += overrun;
        gbuf_u8(out, 0);
        gbuf_u8(out, (unsigned)run);
    }
}

void gen_vis_lump(const gen_world *w, gbuf *out)
{
    int n = w->nclusters, nb = gen_vis_rowbytes(n), c, pas;
    unsigned char *row = malloc((size_t)nb + 1);
    size_t base = out->len;
    if (!row) gen_die("out of memory");
    gbuf_i32(out, n);
    gbuf_zero(out, (size_t)n * 8);
    /* All PVS rows, then all PAS rows, as vvis lays them out. */
    for (pas = 0; pas < 2; pas++)
        for (c = 0; c < n; c++) {
            gbuf_set_le32(out, base + 4 + (size_t)c * 8 + (size_t)pas * 4, (uint32_t)(out->len - base));
            gen_vis_row(w, c, pas, row);
            gen_vis_rle(row, nb, (!pas && (c & 1)) ? 3 : 0, out); /* odd PVS rows overrun */
        }
    free(row);
}
