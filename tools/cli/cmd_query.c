/* SPDX-License-Identifier: MIT */
/* cmd_query.c - bspkit query: one answer line per query line read from
 * standard input (docs/queries.md 6). The table `lines` is the parser:
 * a line's first word picks its row; --help and --list-queries print the
 * same rows, so the help cannot leave a line out. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ambient.h"
#include "areas.h"
#include "collision.h"
#include "commands.h"

#define MAX_TOKENS TOOL_COLLISION_TOKENS

static int parse_point(char **tok, float p[3])
{
    return tool_parse_floats(tok, 3, p);
}

static void print_error(const char *q, bsp_status st)
{
    printf("{\"q\":");
    json_string(q, strlen(q));
    printf(",\"error\":\"%s\"}\n", bsp_status_name(st));
}

static void print_sample(const char *q, const bsp_sample *s)
{
    uint32_t k;
    printf("{\"q\":\"%s\",\"face\":%d,\"s\":%d,\"t\":%d,\"raw\":\"", q, (int)s->face,
           (int)s->s, (int)s->t);
    for (k = 0; k < s->raw_len; k++) printf("%02x", s->raw[k]);
    printf("\",\"rgb\":[%.9g,%.9g,%.9g]%s}\n", (double)s->rgb[0], (double)s->rgb[1],
           (double)s->rgb[2], s->hdr ? ",\"hdr\":true" : "");
}

static void print_row(const char *q, int32_t cluster, const uint8_t *row, uint32_t n)
{
    uint32_t j;
    int first = 1;
    printf("{\"q\":\"%s\",\"cluster\":%d,\"visible\":[", q, (int)cluster);
    for (j = 0; j < n; j++)
        if (row[j >> 3] & (1u << (j & 7))) {
            printf(first ? "%u" : ",%u", (unsigned)j);
            first = 0;
        }
    printf("]}\n");
}

/* What every line's answer may need: the map, a vis row, the status a
 * collision line answers when collision could not be loaded, and whether
 * `ambient` takes a STYLE (docs/queries.md 10.5). */
typedef struct qctx {
    const bsp_map *m;
    uint8_t *row;
    bsp_status coll_status;
    int styled;
} qctx;

static bsp_status q_leaf(const qctx *c, char **tok, int n)
{
    float p[3];
    uint32_t leaf;
    bsp_leaf lf;
    bsp_status st;
    if (n != 4 || !parse_point(tok + 1, p)) return BSP_E_BAD_QUERY;
    st = bsp_point_leaf(c->m, 0, p, &leaf);
    if (st == BSP_OK) st = bsp_get_leaf(c->m, leaf, &lf);
    /* (the tool links whichever library was built: one without map access
     * (BSPKIT_ACCESS=0) answers bsp_get_leaf unsupported and keeps the
     * deprecated bsp_leaf_info as its leaf reader) */
    if (st == BSP_E_UNSUPPORTED) st = bsp_leaf_info(c->m, leaf, &lf.contents, &lf.cluster);
    if (st != BSP_OK) return st;
    printf("{\"q\":\"leaf\",\"leaf\":%u,\"cluster\":%d,\"contents\":%d}\n",
           (unsigned)leaf, (int)lf.cluster, (int)lf.contents);
    return BSP_OK;
}

static bsp_status q_vis(const qctx *c, char **tok, int n)
{
    int pas = tok[0][1] == 'a';
    int32_t num;
    bsp_status st;
    if (n != 2 || !tool_parse_int32(tok[1], &num)) return BSP_E_BAD_QUERY;
    st = pas ? bsp_pas(c->m, num, c->row, bsp_vis_row_bytes(c->m))
             : bsp_pvs(c->m, num, c->row, bsp_vis_row_bytes(c->m));
    if (st != BSP_OK) return st;
    print_row(pas ? "pas" : "pvs", num, c->row, bsp_num_clusters(c->m));
    return BSP_OK;
}

static void print_list(const char *q, const char *what, int32_t num, const char *key,
                       const uint32_t *v, uint32_t n)
{
    uint32_t k;
    printf("{\"q\":\"%s\",\"%s\":%d,\"%s\":[", q, what, (int)num, key);
    for (k = 0; k < n; k++) printf(k ? ",%u" : "%u", (unsigned)v[k]);
    printf("]}\n");
}

/* visible C (docs/queries.md 11.8) */
static bsp_status q_visible(const qctx *c, char **tok, int n)
{
    int32_t num;
    uint32_t words = bsp_visible_faces_scratch(c->m), count = 0, faces_n;
    uint32_t *scratch, *faces;
    bsp_counts counts;
    bsp_status st;
    if (n != 2 || !tool_parse_int32(tok[1], &num)) return BSP_E_BAD_QUERY;
    faces_n = bsp_get_counts(c->m, &counts) == BSP_OK ? counts.faces : 0;
    scratch = tool_alloc(4 * (size_t)(words ? words : 1));
    faces = tool_alloc(4 * (size_t)(faces_n ? faces_n : 1));
    if (!scratch || !faces) {
        free(scratch);
        free(faces);
        return BSP_E_CORRUPT;   /* (out of memory: no answer) */
    }
    st = bsp_visible_faces(c->m, num, scratch, words, faces, faces_n, &count);
    if (st == BSP_OK) print_list("visible", "cluster", num, "faces", faces, count);
    free(scratch);
    free(faces);
    return st;
}

/* displeaves L (docs/queries.md 11.1) */
static bsp_status q_displeaves(const qctx *c, char **tok, int n)
{
    static uint32_t disps[BSP_TRACE_DISPS_MAX];
    int32_t num;
    uint32_t count = 0;
    bsp_status st;
    if (n != 2 || !tool_parse_int32(tok[1], &num)) return BSP_E_BAD_QUERY;
    /* (a negative leaf is outside the lump too: bad_leaf) */
    st = bsp_leaf_disps(c->m, (uint32_t)num, disps, BSP_TRACE_DISPS_MAX, &count);
    if (st == BSP_OK) print_list("displeaves", "leaf", num, "disps", disps, count);
    return st;
}

static bsp_status q_light(const qctx *c, char **tok, int n)
{
    float p[3];
    bsp_sample s;
    bsp_status st;
    if (n != 4 || !parse_point(tok + 1, p)) return BSP_E_BAD_QUERY;
    st = bsp_light_point(c->m, p, &s);
    if (st != BSP_OK) return st;
    if (s.face < 0) printf("{\"q\":\"light\",\"face\":-1}\n");
    else print_sample("light", &s);
    return BSP_OK;
}

static bsp_status q_luxel(const qctx *c, char **tok, int n)
{
    float p[3];
    int32_t num;
    bsp_sample s;
    bsp_status st;
    if (n != 5 || !tool_parse_int32(tok[1], &num) || !parse_point(tok + 2, p)) return BSP_E_BAD_QUERY;
    st = bsp_luxel(c->m, num, p, 0, &s);
    if (st != BSP_OK) return st;
    print_sample("luxel", &s);
    return BSP_OK;
}

static bsp_status q_ambient(const qctx *c, char **tok, int n)
{
    /* a light style after the point: the Quake family's grid, Raven's points */
    float p[3];
    int32_t style = 0;
    if (n == 5 && c->styled) {
        if (!tool_parse_int32(tok[4], &style) || style < 0 || style > 255) return BSP_E_BAD_QUERY;
    } else if (n != 4) {
        return BSP_E_BAD_QUERY;
    }
    if (!parse_point(tok + 1, p)) return BSP_E_BAD_QUERY;
    return tool_ambient(c->m, p, (uint32_t)style);
}

static bsp_status q_areas(const qctx *c, char **tok, int n)
{
    int32_t a, b;
    if (n != 4 || !tool_parse_int32(tok[1], &a) || !tool_parse_int32(tok[2], &b)) return BSP_E_BAD_QUERY;
    return tool_areas(c->m, a, b, tok[3]);
}

static bsp_status q_collision(const qctx *c, char **tok, int n)
{
    if (n > MAX_TOKENS) return BSP_E_BAD_QUERY;
    return tool_collision(c->m, tok, n, c->coll_status);
}

/* The query lines: word, what follows it, what it answers, and the
 * function that parses and answers the rest of the line (the status to
 * report, BSP_OK once printed). */
static const struct query_line {
    const char *word, *args, *what;
    bsp_status (*run)(const qctx *c, char **tok, int n);
} lines[] = {
    { "leaf", "X Y Z", "leaf, cluster and contents at a point", q_leaf },
    { "pvs", "C", "clusters visible from cluster C", q_vis },
    { "pas", "C", "clusters audible from cluster C", q_vis },
    { "light", "X Y Z", "light falling on a point", q_light },
    { "luxel", "F X Y Z", "lightmap sample of face F at a point", q_luxel },
    { "ambient", "X Y Z [STYLE]",
      "ambient light at a point (Source ambient cubes, Quake 3\n"
      "light grid; the Quake family's BSPX grid, STYLE 0..255)", q_ambient },
    { "trace", "X0 Y0 Z0 X1 Y1 Z1 [MINX MINY MINZ MAXX MAXY MAXZ]\n"
               "[mask M] [model K] [origin X Y Z] [angles P Y R]",
      "sweep a point or a box from 0 to 1 (mask: the contents\n"
      "that stop it, decimal or 0x hex; origin, angles: a\n"
      "moved model)", q_collision },
    { "hulltrace", "H X0 Y0 Z0 X1 Y1 Z1 [model K]",
      "sweep through clipping hull H (quake, goldsrc, bsp2)", q_collision },
    { "contents", "X Y Z [model K] [origin X Y Z] [angles P Y R]",
      "the contents at a point (quake, goldsrc, bsp2: hull 0's)", q_collision },
    { "hullcontents", "H X Y Z [model K]", "the contents of hull H at a point",
      q_collision },
    { "boxleaves", "MINX MINY MINZ MAXX MAXY MAXZ [model K]",
      "every leaf a box touches", q_collision },
    { "visible", "C", "faces drawn from cluster C: its PVS's leaf faces and\n"
      "(source) displacements", q_visible },
    { "displeaves", "L", "displacements of leaf L (source)", q_displeaves },
    { "areas", "A B STATE", "area connectivity under portal STATE (open, closed,\n"
      "or the state's bytes in hex)", q_areas },
    { NULL, NULL, NULL, NULL }
};

/* Text with embedded newlines: its first line indented by `first`, the
 * others by `indent`. */
static void put_indented(FILE *out, const char *s, int first, int indent)
{
    for (; *s; first = indent) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        fprintf(out, "%*s%.*s\n", first, "", (int)len, s);
        s += len + (nl != NULL);
    }
}

void tool_print_query_lines(FILE *out, int indent)
{
    int k;
    for (k = 0; lines[k].word; k++) {
        fprintf(out, "%*s%s ", indent, "", lines[k].word);
        put_indented(out, lines[k].args, 0, indent + (int)strlen(lines[k].word) + 1);
        put_indented(out, lines[k].what, indent + 4, indent + 4);
    }
}

void tool_print_query_words(FILE *out)
{
    int k;
    for (k = 0; lines[k].word; k++) fprintf(out, "%s\n", lines[k].word);
}

/* The sentence a person gets on standard error for a bad_query line. Not
 * when standard error is standard output's own file and no terminal
 * (2>&1 into a file or a pipe): the output then stays exactly the
 * contract's lines (docs/queries.md 6). */
static int explain(void)
{
    struct stat o, e;
    if (isatty(2)) return 1;
    if (fstat(1, &o) || fstat(2, &e)) return 1;
    return !(o.st_dev == e.st_dev && o.st_ino == e.st_ino);
}

static void explain_bad(unsigned long lineno, const char *word, const struct query_line *ql)
{
    int k;
    if (!explain()) return;
    fflush(stdout);
    if (ql) {
        fprintf(stderr, "bspkit query: line %lu: %s takes %s\n", lineno, ql->word, ql->args);
        return;
    }
    fprintf(stderr, "bspkit query: line %lu: unknown query word '%s' (the query lines:", lineno,
            word);
    for (k = 0; lines[k].word; k++) fprintf(stderr, " %s", lines[k].word);
    fprintf(stderr, "; bspkit --help)\n");
}

int cmd_query(const char *path, int hdr, int forward)
{
    loaded L;
    char *line = NULL;
    size_t cap = 0;
    unsigned long lineno = 0;
    bsp_status st;
    bsp_family_id fam;
    qctx c;
    if (load_map(&L, path, BSP_LOAD_GEOMETRY | BSP_LOAD_ENTITIES | BSP_LOAD_COLLISION, hdr, forward))
        return TOOL_EXIT_FAIL;
    c.m = &L.map;
    c.coll_status = L.collision_status;
    c.row = tool_alloc(bsp_vis_row_bytes(&L.map));
    if (!c.row) {
        unload_map(&L);
        return tool_out_of_memory("a vis row", bsp_vis_row_bytes(&L.map));
    }
    /* docs/queries.md 10.5: `ambient X Y Z STYLE` on these families, and
     * 13.3 on Raven's and qfusion's grid points */
    fam = bsp_map_family(&L.map);
    c.styled = fam == BSP_FAMILY_QUAKE || fam == BSP_FAMILY_GOLDSRC || fam == BSP_FAMILY_BSP2 ||
               fam == BSP_FAMILY_QUAKE2 ||
               (fam == BSP_FAMILY_QUAKE3 && bsp_variant_name(&L.header) &&
                (!strcmp(bsp_variant_name(&L.header), "raven") || !strcmp(bsp_variant_name(&L.header), "qfusion")));
    while (getline(&line, &cap, stdin) >= 0) {
        char *tok[MAX_TOKENS + 1], *save = NULL, *t;
        const struct query_line *ql;
        int n = 0;
        lineno++;
        for (t = strtok_r(line, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save))
            if (n <= MAX_TOKENS) tok[n++] = t;
        if (n == 0) continue;
        for (ql = lines; ql->word && strcmp(ql->word, tok[0]); ql++) continue;
        st = ql->word ? ql->run(&c, tok, n) : BSP_E_BAD_QUERY;
        if (st == BSP_OK) continue;
        print_error(tok[0], st);
        if (st == BSP_E_BAD_QUERY) explain_bad(lineno, tok[0], ql->word ? ql : NULL);
    }
    free(line);
    free(c.row);
    unload_map(&L);
    return TOOL_EXIT_OK;
}
