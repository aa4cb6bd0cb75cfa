/* SPDX-License-Identifier: MIT */
/* render_material.c - the colour of a texture the file does not hold, from
 * what its name says (docs/pictures.md, "Textures outside the file"):
 * sky, liquids and tool textures by a word anywhere in the name, else a
 * muted colour by the earliest material word that starts a word of the
 * name (after the start, '/', '\\', '_', '-', '.', '+', '*', '{', '!',
 * '~' or a digit), else the earliest material word of four letters or
 * more anywhere, else a near grey. Each texture's value is scaled by
 * 0.9 .. 1.1 from the FNV-1a hash of its lower-cased name, so two
 * textures of one material stay apart. The table is data: part 45's
 * checker reads it from this file. */
#include <math.h>
#include <stddef.h>

#include "render_texture.h"

typedef struct material {
    const char *word;
    float rgb[3];
} material;

/* Anywhere in the name, first match in this order wins. */
static const material mat_special[] = {
    { "sky", { 0.45f, 0.62f, 0.85f } },
    { "lava", { 0.85f, 0.35f, 0.10f } },
    { "slime", { 0.35f, 0.55f, 0.15f } },
    { "water", { 0.22f, 0.38f, 0.48f } },
    { "nodraw", { 0.70f, 0.66f, 0.32f } },
    { "playerclip", { 0.58f, 0.32f, 0.58f } },
    { "clip", { 0.52f, 0.36f, 0.60f } },
    { "trigger", { 0.76f, 0.50f, 0.22f } },
    { "skip", { 0.66f, 0.44f, 0.54f } },
    { "hint", { 0.66f, 0.44f, 0.54f } },
    { "caulk", { 0.60f, 0.52f, 0.60f } },
    { "areaportal", { 0.60f, 0.32f, 0.30f } },
    { "origin", { 0.44f, 0.56f, 0.44f } },
    { "invisible", { 0.52f, 0.60f, 0.66f } },
    { "blocklight", { 0.30f, 0.30f, 0.34f } },
    { "blockbullets", { 0.50f, 0.40f, 0.46f } },
    { "toolsblack", { 0.12f, 0.12f, 0.12f } },
    { "fog", { 0.55f, 0.58f, 0.62f } },
};
#define MAT_FIRST_TOOL 4   /* mat_special from here on: tool textures and fog */

/* At the start of a word; the earliest in the name wins, then the first
 * in this order. */
static const material mat_words[] = {
    { "concrete", { 0.56f, 0.55f, 0.52f } },
    { "cement", { 0.56f, 0.55f, 0.52f } },
    { "metal", { 0.50f, 0.52f, 0.56f } },
    { "steel", { 0.50f, 0.52f, 0.56f } },
    { "iron", { 0.46f, 0.46f, 0.48f } },
    { "tech", { 0.46f, 0.49f, 0.53f } },
    { "pipe", { 0.48f, 0.48f, 0.50f } },
    { "grate", { 0.42f, 0.42f, 0.44f } },
    { "rust", { 0.55f, 0.36f, 0.24f } },
    { "wood", { 0.56f, 0.41f, 0.26f } },
    { "plank", { 0.56f, 0.41f, 0.26f } },
    { "crate", { 0.58f, 0.45f, 0.30f } },
    { "grass", { 0.36f, 0.50f, 0.26f } },
    { "foliage", { 0.30f, 0.45f, 0.22f } },
    { "leaf", { 0.30f, 0.45f, 0.22f } },
    { "tree", { 0.40f, 0.36f, 0.26f } },
    { "sand", { 0.78f, 0.68f, 0.48f } },
    { "dust", { 0.76f, 0.66f, 0.48f } },
    { "desert", { 0.78f, 0.68f, 0.48f } },
    { "brick", { 0.60f, 0.36f, 0.28f } },
    { "dirt", { 0.48f, 0.38f, 0.28f } },
    { "mud", { 0.42f, 0.34f, 0.26f } },
    { "ground", { 0.50f, 0.42f, 0.32f } },
    { "gravel", { 0.50f, 0.48f, 0.45f } },
    { "rock", { 0.50f, 0.47f, 0.43f } },
    { "cliff", { 0.50f, 0.47f, 0.43f } },
    { "stone", { 0.58f, 0.56f, 0.52f } },
    { "cobble", { 0.54f, 0.52f, 0.48f } },
    { "gothic", { 0.52f, 0.47f, 0.42f } },
    { "marble", { 0.76f, 0.75f, 0.71f } },
    { "tile", { 0.70f, 0.70f, 0.66f } },
    { "plaster", { 0.78f, 0.75f, 0.68f } },
    { "wall", { 0.64f, 0.62f, 0.58f } },
    { "floor", { 0.54f, 0.52f, 0.49f } },
    { "ceiling", { 0.70f, 0.70f, 0.68f } },
    { "glass", { 0.56f, 0.66f, 0.70f } },
    { "window", { 0.56f, 0.66f, 0.70f } },
    { "snow", { 0.88f, 0.90f, 0.92f } },
    { "ice", { 0.72f, 0.80f, 0.86f } },
    { "carpet", { 0.50f, 0.32f, 0.30f } },
    { "cloth", { 0.56f, 0.46f, 0.40f } },
    { "fabric", { 0.56f, 0.46f, 0.40f } },
    { "paper", { 0.80f, 0.78f, 0.70f } },
    { "asphalt", { 0.36f, 0.36f, 0.37f } },
    { "road", { 0.36f, 0.36f, 0.37f } },
    { "light", { 0.86f, 0.84f, 0.76f } },
    { "lamp", { 0.86f, 0.84f, 0.76f } },
    { "gold", { 0.74f, 0.62f, 0.32f } },
    { "door", { 0.50f, 0.47f, 0.43f } },
    { "trim", { 0.52f, 0.51f, 0.50f } },
    { "flesh", { 0.56f, 0.32f, 0.30f } },
    { "organic", { 0.50f, 0.38f, 0.30f } },
    { "red", { 0.62f, 0.26f, 0.22f } },
    { "blue", { 0.26f, 0.36f, 0.62f } },
    { "green", { 0.34f, 0.50f, 0.30f } },
    { "yellow", { 0.76f, 0.68f, 0.30f } },
    { "black", { 0.16f, 0.16f, 0.17f } },
    { "white", { 0.86f, 0.86f, 0.84f } },
    { "grey", { 0.55f, 0.55f, 0.55f } },
    { "gray", { 0.55f, 0.55f, 0.55f } },
};

#define MAT_NEAR_GREY 0.60f
#define MAT_INSIDE 4     /* shorter words (ice, mud, red) only start words */

static unsigned char mat_lower(char c)
{
    unsigned char b = (unsigned char)c;
    return b >= 'A' && b <= 'Z' ? (unsigned char)(b + ('a' - 'A')) : b;
}

/* Does `word` occur in name at byte at? */
static int mat_at(const char *name, uint32_t len, uint32_t at, const char *word)
{
    uint32_t k;
    for (k = 0; word[k]; k++)
        if (at + k >= len || mat_lower(name[at + k]) != (unsigned char)word[k]) return 0;
    return 1;
}

static int mat_word_start(const char *name, uint32_t at)
{
    unsigned char b;
    if (at == 0) return 1;
    b = mat_lower(name[at - 1]);
    return !(b >= 'a' && b <= 'z');
}

static const material *mat_find(const char *name, uint32_t len)
{
    uint32_t at;
    size_t k;
    for (k = 0; k < sizeof mat_special / sizeof mat_special[0]; k++)
        for (at = 0; at < len; at++)
            if (mat_at(name, len, at, mat_special[k].word)) return &mat_special[k];
    for (at = 0; at < len; at++) {
        if (!mat_word_start(name, at)) continue;
        for (k = 0; k < sizeof mat_words / sizeof mat_words[0]; k++)
            if (mat_at(name, len, at, mat_words[k].word)) return &mat_words[k];
    }
    /* none starts a word: the earliest of MAT_INSIDE letters or more
       inside one ("blendgroundtograss" is ground) */
    for (at = 0; at < len; at++)
        for (k = 0; k < sizeof mat_words / sizeof mat_words[0]; k++)
            if (mat_words[k].word[MAT_INSIDE - 1] && mat_at(name, len, at, mat_words[k].word))
                return &mat_words[k];
    return NULL;
}

void render_name_colour(const char *name, uint32_t len, float rgb[3])
{
    uint32_t h = 2166136261u, k;
    const material *mt = mat_find(name, len);
    float scale;
    for (k = 0; k < len; k++) h = (h ^ mat_lower(name[k])) * 16777619u;
    scale = 0.9f + 0.2f * (float)((h >> 20) & 255u) / 255.0f;
    if (mt) {
        for (k = 0; k < 3; k++) rgb[k] = fminf(1.0f, mt->rgb[k] * scale);
        return;
    }
    /* no word known: a grey tinted by 0.04 towards one of three channels */
    for (k = 0; k < 3; k++) rgb[k] = MAT_NEAR_GREY * scale;
    rgb[h % 3u] += 0.04f;
}

/* Besides the tool words (mat_special from MAT_FIRST_TOOL on): names a
 * --top view leaves out although the file may not flag them (a Quake 3
 * compiler without the shader script stores no sky bit). */
static const struct {
    const char *word;
    int anywhere;            /* else at a word's start */
} top_hidden[] = { { "sky", 0 }, { "skies", 0 }, { "fog", 1 } };

int render_name_tool(const char *name, uint32_t len)
{
    uint32_t at;
    size_t k;
    for (at = 0; at < len; at++) {
        /* at a word's start, or after "tools" (Source's toolsnodraw) */
        int start = mat_word_start(name, at) || (at >= 5 && mat_at(name, len, at - 5, "tools"));
        for (k = 0; k < sizeof top_hidden / sizeof top_hidden[0]; k++)
            if ((start || top_hidden[k].anywhere) && mat_at(name, len, at, top_hidden[k].word)) return 1;
        if (!start) continue;
        for (k = MAT_FIRST_TOOL; k < sizeof mat_special / sizeof mat_special[0]; k++)
            if (mat_at(name, len, at, mat_special[k].word)) return 1;
    }
    return 0;
}
