/* SPDX-License-Identifier: MIT */
/* test_selection.c - core/config.h's "only in builds that have it" constants
 * against the descriptions the build carries.
 *
 * Generic code reads some description fields only when a compile-time
 * constant says a family or variant of the build has them (BSP__USE_*,
 * BSP__STRATA, ...). A description that set such a field in a build whose
 * constant is 0 would be read as if the field were absent, silently. The
 * suite builds and runs this program in every reduced build (make
 * subsets), where the constants differ; in the full build they are all 1.
 */
#include "../../loader/family/family.h"
#include "../common/check.h"

static void check_one(const struct bsp_family *f, const char *how)
{
    char name[128];
    snprintf(name, sizeof name, "selection %s %s", f->name, how);
    CHECK(!f->faces.face_luxel || BSP__USE_FACE_LUXEL, name, "face_luxel set, BSP__USE_FACE_LUXEL is 0");
    CHECK(f->tree.model_headnode.type || BSP__USE_HEADLESS_TREES, name,
          "no model_headnode, BSP__USE_HEADLESS_TREES is 0");
    CHECK(!f->dir.bspx || BSP__USE_BSPX, name, "dir.bspx set, BSP__USE_BSPX is 0");
    CHECK(!f->detect.version_tag || BSP__DARK_MESSIAH, name, "version_tag set, BSP__DARK_MESSIAH is 0");
    CHECK(!f->dir.lump_variant || BSP__STRATA, name, "lump_variant set, BSP__STRATA is 0");
    CHECK(!f->vis.vis_view || BSP__USE_VIS_VIEW, name, "vis_view set, BSP__USE_VIS_VIEW is 0");
    CHECK(!f->faces.face_numverts.type || BSP__USE_FACE_VERTS, name, "face_numverts set, BSP__USE_FACE_VERTS is 0");
#if !BSP__USE_RAW_VIS
    /* (the one rule of such a build whose rows are always coded) */
    CHECK(!f->vis.vis_row || f->vis.vis_row == bsp__dvis_row, name,
          "a vis_row other than dvis's, BSP__USE_RAW_VIS is 0");
#endif
    CHECK(!f->dir.game_lump_dir || BSP__DARK_MESSIAH || BSP__VINDICTUS, name,
          "game_lump_dir set, neither BSP__DARK_MESSIAH nor BSP__VINDICTUS");
}

int main(void)
{
    uint32_t i, n = 0;
    for (i = 0; bsp__families[i]; i++, n++) {
        const struct bsp_family *f;
        check_one(bsp__families[i], "(detected)");
        /* bsp_open moves along this chain only when BSP__STRATA is 1 */
        for (f = bsp__families[i]->dir.lump_variant; f; f = f->dir.lump_variant) check_one(f, "(lump variant)");
    }
#if BSP__VINDICTUS
    check_one(&bsp__family_source_vindictus1, "(bsp_use_variant)");
    check_one(&bsp__family_source_vindictus2, "(bsp_use_variant)");
#endif
    CHECK(n > 0, "selection: the build carries a family", "bsp__families is empty");
    return check_exit();
}
