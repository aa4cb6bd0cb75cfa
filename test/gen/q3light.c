/* SPDX-License-Identifier: MIT */
/* q3light.c - Quake 3 surfaces, lightmap pages and light grid of a
 * generated world, and their luxel and ambient answers (docs/queries.md 4, 7).
 *
 * Surfaces, by face number f (a face without a lightmap keeps
 * lightmapNum -1): f 1 names the page past the lump, f 2 is a flare, f % 9
 * == 4 a patch (3 x 3 control points over the face); f % 4 == 3 a triangle
 * soup: a fan of 4 triangles around the face's centre, whose lightmap
 * coordinate is moved off the plane's affine map (the triangle found
 * decides the texel), f % 8 == 7 with a second layer 32 units above (the
 * nearer layer wins), f % 3 == 0 led by a degenerate triangle (skipped),
 * f % 5 == 0 with two stray indexes (ignored); the rest planar quads.
 * Lightmap coordinates put 12 world units on a texel, from a per-face
 * corner in the page, axes swapped on odd faces.
 *
 * Grid: cells of hash bytes over model 0's box as the contract derives it
 * (every fifth cell's ambient all zero: "samples in walls"); the sizes come
 * from the worldspawn's gridsize keys through the host's sscanf, which is
 * what the contract names.
 */
#include "q3light.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "idtech.h"

#define NPAGES 3
#define EDGE_EPS 1e-4f

static unsigned page_byte(int page, int i, int j, int c)
{
    return gen_hash32(0x51334c4du, (uint32_t)page, (uint32_t)(j * 128 + i), (uint32_t)c) & 0xff;
}

static void lm_at(const gen_face *fc, int f, const float xyz[3], float lm[2])
{
    double a = ((double)xyz[0] - fc->rect.lo[0]) / 12.0, b = ((double)xyz[1] - fc->rect.lo[1]) / 12.0, t;
    int ox = 4 + (int)(gen_hash32(0x51334f58u, (uint32_t)f, 0, 0) % 80);
    int oy = 4 + (int)(gen_hash32(0x51334f59u, (uint32_t)f, 0, 0) % 80);
    if (f & 1) t = a, a = b, b = t;
    lm[0] = (float)((ox + a + 0.3) / 128.0);
    lm[1] = (float)((oy + b + 0.3) / 128.0);
}

static void add_vert(gen_q3surf *s, const gen_face *fc, int f, float x, float y, float z)
{
    float *p = s->xyz[s->nverts];
    if (s->nverts >= GEN_Q3_MAXV) gen_die("q3 surface %d: too many vertices", f);
    p[0] = x, p[1] = y, p[2] = z;
    lm_at(fc, f, p, s->lm[s->nverts]);
    s->nverts++;
}

static void add_tri(gen_q3surf *s, int a, int b, int c)
{
    if (s->nindexes + 3 > GEN_Q3_MAXI) gen_die("q3 surface: too many indexes");
    s->idx[s->nindexes++] = a;
    s->idx[s->nindexes++] = b;
    s->idx[s->nindexes++] = c;
}

static void build_surface(const gen_world *w, int f, gen_q3surf *s)
{
    const gen_face *fc = &w->faces[f];
    int vi[4], k;
    float z = (float)fc->rect.lo[2];
    memset(s, 0, sizeof *s);
    id_face_verts(w, f, vi);
    s->type = f == 2 ? 4 : f % 9 == 4 ? 2 : f % 4 == 3 ? 3 : 1;
    s->page = fc->styles[0] == GEN_NO_STYLE ? -1 : f == 1 ? NPAGES : f % NPAGES;
    if (s->type == 2) {
        int r, c;
        for (r = 0; r < 3; r++)
            for (c = 0; c < 3; c++)
                add_vert(s, fc, f, (float)fc->rect.lo[0] + (float)(fc->rect.hi[0] - fc->rect.lo[0]) * 0.5f * (float)c,
                         (float)fc->rect.lo[1] + (float)(fc->rect.hi[1] - fc->rect.lo[1]) * 0.5f * (float)r, z);
        return;
    }
    for (k = 0; k < 4; k++) add_vert(s, fc, f, (float)w->verts[vi[k]][0], (float)w->verts[vi[k]][1], z);
    if (s->type != 3) {
        add_tri(s, 0, 1, 2);
        add_tri(s, 0, 2, 3);
        return;
    }
    add_vert(s, fc, f, (float)(fc->rect.lo[0] + fc->rect.hi[0]) * 0.5f, (float)(fc->rect.lo[1] + fc->rect.hi[1]) * 0.5f,
             z);
    s->lm[4][0] += 3.0f / 128.0f; /* off the affine map: the triangle matters */
    s->lm[4][1] -= 2.0f / 128.0f;
    if (f % 3 == 0) add_tri(s, 4, 4, 0);
    for (k = 0; k < 4; k++) add_tri(s, 4, k, (k + 1) % 4);
    if (f % 8 == 7) { /* a layer above, its lightmap elsewhere on the page */
        for (k = 0; k < 4; k++) {
            add_vert(s, fc, f, s->xyz[k][0], s->xyz[k][1], z + 32.0f);
            s->lm[5 + k][0] = s->lm[k][1];
            s->lm[5 + k][1] = s->lm[k][0];
        }
        add_tri(s, 5, 6, 7);
        add_tri(s, 5, 7, 8);
    }
    if (f % 5 == 0) { /* a remainder of two indexes, ignored */
        s->idx[s->nindexes++] = 0;
        s->idx[s->nindexes++] = 1;
    }
}

/* The renderer's sine table as docs/queries.md 7 derives it; checked against
 * four of the contract's hexadecimal entries. */
static void sin_table(float t[256])
{
    static const struct { int b; uint32_t bits; } check[] = {
        {1, 0x3cc93cfcu}, {64, 0x3f7fffecu}, {128, 0xbb4940ecu}, {255, 0xbc96efafu}};
    int b, k;
    for (b = 0; b < 256; b++) {
        float deg = (float)(4 * b) * 360.0f / 1023.0f;
        t[b] = (float)sin(((double)deg * 3.14159265358979323846) / 180.0);
    }
    for (k = 0; k < 4; k++) {
        uint32_t bits;
        memcpy(&bits, &t[check[k].b], 4);
        if (bits != check[k].bits) gen_die("SIN[%d] = %08x, the contract has %08x", check[k].b, bits, check[k].bits);
    }
}

static void grid_setup(const gen_world *w, gen_q3l *q)
{
    const gen_ibox *mb = &w->models[0].box;
    long n = 1, k;
    int a;
    for (a = 0; a < 3; a++) {
        float sz = q->size[a], mins = (float)mb->lo[a], maxs = (float)mb->hi[a], top, b;
        q->bounds[a] = 0;
        if (!(sz > 0.0f && sz <= 1e30f)) continue;
        q->inv[a] = 1.0f / sz;
        q->origin[a] = sz * ceilf(mins / sz);
        top = sz * floorf(maxs / sz);
        b = (top - q->origin[a]) / sz + 1.0f;
        if (b >= 1.0f) q->bounds[a] = (int)b;
    }
    for (a = 0; a < 3; a++) n *= q->bounds[a];
    if (q->grid == GEN_Q3_GRID_NONE) return;
    if (n == 0 || n > 100000) gen_die("q3 grid of %ld cells", n);
    for (k = 0; k < n; k++) {
        unsigned char c[8];
        int b;
        for (b = 0; b < 8; b++) c[b] = gen_hash32(0x51334744u, (uint32_t)k, (uint32_t)b, 0) & 0xff;
        if (k % 5 == 2) c[0] = c[1] = c[2] = 0;
        gbuf_put(&q->cells, c, 8);
    }
    if (q->grid == GEN_Q3_GRID_SHORT) q->cells.len -= 5; /* neither 8 * cells nor a multiple of 8 */
}

void gen_q3l_build(const gen_world *w, const char *worldspawn, int grid, gen_q3l *q)
{
    const char *s;
    int f;
    memset(q, 0, sizeof *q);
    q->npages = NPAGES;
    q->side = 128;
    q->worldspawn = worldspawn;
    q->grid = grid;
    q->surf = calloc((size_t)w->nfaces + 1, sizeof *q->surf);
    if (!q->surf) gen_die("out of memory");
    q->nsurf = w->nfaces;
    for (f = 0; f < w->nfaces; f++) build_surface(w, f, &q->surf[f]);
    q->size[0] = 64.0f, q->size[1] = 64.0f, q->size[2] = 128.0f;
    /* worldspawn lines: "key" "value"; the gridsize ones in order, each
     * read by sscanf into the same three floats (the engine's loop) */
    for (s = worldspawn; s && *s; s = strchr(s, '\n') + 1) {
        char key[64], value[256];
        if (!strchr(s, '\n')) gen_die("worldspawn lines end with a newline");
        if (sscanf(s, "\"%63[^\"]\" \"%255[^\"]\"", key, value) == 2 && strcasecmp(key, "gridsize") == 0)
            sscanf(value, "%f %f %f", &q->size[0], &q->size[1], &q->size[2]);
    }
    grid_setup(w, q);
}

void gen_q3l_free(gen_q3l *q)
{
    free(q->surf);
    gbuf_free(&q->cells);
    gbuf_free(&q->points);
    gbuf_free(&q->array);
    memset(q, 0, sizeof *q);
}

void gen_q3l_pages(const gen_q3l *q, gbuf *out)
{
    int page, i, j, c;
    for (page = 0; page < q->npages; page++)
        for (j = 0; j < q->side; j++)
            for (i = 0; i < q->side; i++)
                for (c = 0; c < 3; c++) gbuf_u8(out, page_byte(page, i, j, c));
}

/* ---------------- Raven's grid points and light array (13.3) ---------------- */

/* Styles of a point: 0 first, then a style, a 255 that ends the slots
 * (a style after it is not read), or 255 alone. */
void gen_q3l_point_styles(long k, unsigned char styles[4])
{
    static const unsigned char pick[4][4] = {{0, 2, 255, 5}, {0, 5, 2, 255}, {0, 2, 5, 7}, {0, 255, 255, 255}};
    memcpy(styles, pick[k % 4], 4);
}

int gen_q3l_style0(const gen_q3l *q, int f)
{
    return q->raven == GEN_Q3_RAVEN_DARK && f % 7 == 6 && q->surf[f].page >= 0 ? 255 : 0;
}

void gen_q3l_raven(gen_q3l *q, int raven, int side)
{
    long n = (long)q->bounds[0] * q->bounds[1] * q->bounds[2], k, next = 1;
    int f, v, b;
    q->raven = raven;
    q->side = side;
    for (f = 0; side != 128 && f < q->nsurf; f++) {
        for (v = 0; v < q->surf[f].nverts; v++)
            for (b = 0; b < 2; b++) q->surf[f].lm[v][b] *= 128.0f / (float)side; /* a power of two: exact */
    }
    if (q->grid != GEN_Q3_GRID_OK || n == 0) return;
    /* point 0: the in-wall cells' (TWIN: style 255 over bright bytes, which
     * a reader testing Quake 3's zero ambient would keep; DARK: style 0, no light) */
    for (b = 0; b < 30; b++) {
        unsigned char c = gen_hash32(0x52415630u, (uint32_t)b, 0, 0) & 0xff;
        if (b < 24 && raven == GEN_Q3_RAVEN_DARK) c = 0;
        if (b >= 24 && b < 28) c = raven == GEN_Q3_RAVEN_DARK && b == 24 ? 0 : 255;
        gbuf_u8(&q->points, c);
    }
    q->bad_cell = raven == GEN_Q3_RAVEN_DARK ? (q->bounds[0] - 1) + (long)(q->bounds[2] - 1) * q->bounds[0] * q->bounds[1] : -1;
    for (k = 0; k < n; k++) {
        const unsigned char *c = q->cells.data + 8 * k;
        unsigned char pt[30], styles[4];
        int s;
        long idx = next;
        if (k % 5 == 2) idx = 0;
        if (k == q->bad_cell) idx = 60000; /* past lump 15 */
        gbuf_u8(&q->array, (unsigned)idx & 0xff);
        gbuf_u8(&q->array, (unsigned)idx >> 8);
        if (idx != next) continue;
        next++;
        gen_q3l_point_styles(k, styles);
        for (s = 0; s < 4; s++)
            for (b = 0; b < 3; b++) {
                pt[3 * s + b] = s == 0 ? c[b] : gen_hash32(0x52415631u, (uint32_t)k, (uint32_t)s, (uint32_t)b) & 0xff;
                pt[12 + 3 * s + b] = s == 0 ? c[3 + b] : gen_hash32(0x52415632u, (uint32_t)k, (uint32_t)s, (uint32_t)b) & 0xff;
            }
        memcpy(pt + 24, styles, 4);
        pt[28] = c[6];
        pt[29] = c[7];
        gbuf_put(&q->points, pt, 30);
    }
    if (next > 65535) gen_die("raven grid: %ld points", next);
}

/* ---------------- answers, float32 in the contract's order ---------------- */

static float dot3(const float a[3], const float b[3])
{
    float d = a[0] * b[0] + a[1] * b[1];
    return d + a[2] * b[2];
}

static void sub3(const float a[3], const float b[3], float out[3])
{
    int k;
    for (k = 0; k < 3; k++) out[k] = a[k] - b[k];
}

static int texel(float u, int side, int *clear)
{
    float x = u * (float)side, fl = floorf(x);
    if (x - fl < 1e-3f || fl + 1.0f - x < 1e-3f) *clear = 0;
    return fl < 0 ? 0 : fl > (float)(side - 1) ? side - 1 : (int)fl;
}

static void q3_error(gbuf *e, const char *q, const char *name) { gbuf_printf(e, "{\"q\":\"%s\",\"error\":\"%s\"}\n", q, name); }

int gen_q3l_luxel(const gen_q3l *q, int f, const float p[3], gbuf *e)
{
    const gen_q3surf *s = &q->surf[f];
    int k, best = -1, clear = 1, i, j, c;
    float bb[3] = {0, 0, 0}, bestd = 0, u, v;
    if (s->type == 2) return q3_error(e, "luxel", "unsupported"), 1;
    if ((s->type != 1 && s->type != 3) || s->page < 0 || s->page >= q->npages || gen_q3l_style0(q, f) == 255)
        return q3_error(e, "luxel", "no_lightmap"), 1;
    for (k = 0; k < s->nindexes / 3; k++) {
        const float *A = s->xyz[s->idx[3 * k]], *B = s->xyz[s->idx[3 * k + 1]], *C = s->xyz[s->idx[3 * k + 2]];
        float e1[3], e2[3], wv[3], n[3], d00, d01, d11, d20, d21, den, nn, b0, b1, b2, qd, dsq, t;
        sub3(B, A, e1);
        sub3(C, A, e2);
        sub3(p, A, wv);
        d00 = dot3(e1, e1);
        d01 = dot3(e1, e2);
        d11 = dot3(e2, e2);
        d20 = dot3(wv, e1);
        d21 = dot3(wv, e2);
        t = d01 * d01;
        den = d00 * d11 - t;
        t = e1[2] * e2[1];
        n[0] = e1[1] * e2[2] - t;
        t = e1[0] * e2[2];
        n[1] = e1[2] * e2[0] - t;
        t = e1[1] * e2[0];
        n[2] = e1[0] * e2[1] - t;
        nn = dot3(n, n);
        if (!(den > 0 && nn > 0)) continue;
        t = d01 * d21;
        b1 = (d11 * d20 - t) / den;
        t = d01 * d20;
        b2 = (d00 * d21 - t) / den;
        b0 = (1.0f - b1) - b2;
        qd = dot3(wv, n);
        dsq = (qd * qd) / nn;
        if (fabsf(b0) < EDGE_EPS || fabsf(b1) < EDGE_EPS || fabsf(b2) < EDGE_EPS) clear = 0;
        if (b0 >= 0 && b1 >= 0 && b2 >= 0) {
            if (best >= 0 && fabsf(dsq - bestd) < 0.01f) clear = 0;
            if (best < 0 || dsq < bestd) {
                best = k;
                bestd = dsq;
                bb[0] = b0, bb[1] = b1, bb[2] = b2;
            }
        }
    }
    if (!clear) return 0;
    if (best < 0) return q3_error(e, "luxel", "not_on_face"), 1;
    {
        const float *la = s->lm[s->idx[3 * best]], *lb = s->lm[s->idx[3 * best + 1]], *lc = s->lm[s->idx[3 * best + 2]];
        float t;
        u = bb[0] * la[0] + bb[1] * lb[0];
        t = bb[2] * lc[0];
        u = u + t;
        v = bb[0] * la[1] + bb[1] * lb[1];
        t = bb[2] * lc[1];
        v = v + t;
    }
    i = texel(u, q->side, &clear);
    j = texel(v, q->side, &clear);
    if (!clear) return 0;
    gbuf_printf(e, "{\"q\":\"luxel\",\"face\":%d,\"s\":%d,\"t\":%d,\"raw\":\"", f, i, j);
    for (c = 0; c < 3; c++) gbuf_printf(e, "%02x", page_byte(s->page, i, j, c));
    gbuf_printf(e, "\",\"rgb\":[");
    for (c = 0; c < 3; c++) gbuf_printf(e, "%s%.9g", c ? "," : "", (double)((float)page_byte(s->page, i, j, c) / 255.0f));
    gbuf_printf(e, "]}\n");
    return 1;
}

static void put_vec(gbuf *e, const char *name, const float v[3])
{
    gbuf_printf(e, ",\"%s\":[%.9g,%.9g,%.9g]", name, (double)v[0], (double)v[1], (double)v[2]);
}

void gen_q3l_ambient(const gen_q3l *q, const float p[3], int style, gbuf *e)
{
    float SIN[256], frac[3], amb[3] = {0, 0, 0}, dird[3] = {0, 0, 0}, dirn[3] = {0, 0, 0}, out[3], total = 0, len2;
    int pos[3], a, i, j, c, lat, lon;
    long n = (long)q->bounds[0] * q->bounds[1] * q->bounds[2], k;
    if (n == 0 || q->cells.len != (size_t)(8 * n) || (q->raven && q->array.len != (size_t)(2 * n))) {
        q3_error(e, "ambient", "no_ambient");
        return;
    }
    sin_table(SIN);
    for (a = 0; a < 3; a++) {
        float v = (p[a] - q->origin[a]) * q->inv[a], fl = floorf(v);
        frac[a] = v - fl;
        pos[a] = fl < 0 ? 0 : fl > (float)(q->bounds[a] - 1) ? q->bounds[a] - 1 : (int)fl;
    }
    for (i = 0; i < 8; i++) {
        float factor = 1.0f, nv[3];
        int cell[3], skip = 0;
        const unsigned char *d;
        int slot = 0;
        for (j = 0; j < 3; j++) {
            cell[j] = pos[j];
            if (i & (1 << j)) {
                if (pos[j] + 1 > q->bounds[j] - 1) skip = 1;
                factor = factor * frac[j];
                cell[j]++;
            } else {
                factor = factor * (1.0f - frac[j]);
            }
        }
        if (skip) continue;
        k = cell[0] + cell[1] * q->bounds[0] + cell[2] * q->bounds[0] * q->bounds[1];
        if (q->raven) { /* 13.3: through the light array to a point, its slot of the style */
            const unsigned char *ae = q->array.data + 2 * k;
            unsigned idx = ae[0] | (unsigned)ae[1] << 8;
            int s;
            if ((size_t)idx >= q->points.len / 30) {
                q3_error(e, "ambient", "corrupt");
                return;
            }
            d = q->points.data + 30 * idx;
            if (d[24] == 255) continue;
            slot = -1;
            for (s = 0; s < 4 && d[24 + s] != 255; s++)
                if (d[24 + s] == style) {
                    slot = s;
                    break;
                }
            total = total + factor;
            for (c = 0; slot >= 0 && c < 3; c++) {
                float t = factor * (float)d[3 * slot + c];
                amb[c] = amb[c] + t;
                t = factor * (float)d[12 + 3 * slot + c];
                dird[c] = dird[c] + t;
            }
            lat = d[28], lon = d[29];
        } else {
            d = q->cells.data + 8 * k;
            if (d[0] == 0 && d[1] == 0 && d[2] == 0) continue;
            total = total + factor;
            for (c = 0; c < 3; c++) {
                float t = factor * (float)d[c];
                amb[c] = amb[c] + t;
                t = factor * (float)d[3 + c];
                dird[c] = dird[c] + t;
            }
            lat = d[6], lon = d[7];
        }
        nv[0] = SIN[(lon + 64) & 255] * SIN[lat];
        nv[1] = SIN[lon] * SIN[lat];
        nv[2] = SIN[(lat + 64) & 255];
        for (c = 0; c < 3; c++) {
            float t = nv[c] * factor;
            dirn[c] = dirn[c] + t;
        }
    }
    if (total > 0 && total < 0.99f) {
        float s = 1.0f / total;
        for (c = 0; c < 3; c++) {
            amb[c] = amb[c] * s;
            dird[c] = dird[c] * s;
        }
    }
    gbuf_printf(e, "{\"q\":\"ambient\",\"cell\":[%d,%d,%d]", pos[0], pos[1], pos[2]);
    for (c = 0; c < 3; c++) out[c] = amb[c] / 255.0f;
    put_vec(e, "ambient", out);
    for (c = 0; c < 3; c++) out[c] = dird[c] / 255.0f;
    put_vec(e, "directed", out);
    len2 = dot3(dirn, dirn);
    for (c = 0; c < 3; c++) out[c] = 0.0f;
    if (len2 != 0) {
        float il = 1.0f / sqrtf(len2);
        for (c = 0; c < 3; c++) out[c] = dirn[c] * il;
    }
    put_vec(e, "dir", out);
    gbuf_printf(e, "}\n");
}
