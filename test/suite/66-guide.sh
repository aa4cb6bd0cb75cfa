# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- the documentation's code runs (issue 34): every C block of the README,
# the engine integration guide and the detail pages loading, collision,
# access and formats, and every docs/examples/*.c, is
# extracted (test/guide/guide_blocks.py), compiled as a user would compile it
# (-std=c99 -Wall -Wextra -Werror -pedantic, the installed headers' folder
# layout, the library; here under ASan+UBSan) and run on the generated map
# of every family it applies to. A fragment runs inside its harness,
# test/guide/<check>.c; the rules are in docs/testing.md.
gd=$BUILD/guide
rm -rf "$gd"; mkdir -p "$gd"
if ! python3 test/guide/guide_blocks.py "$gd" README.md docs/guide.md docs/loading.md docs/collision.md \
        docs/access.md docs/formats.md docs/examples/*.c > "$gd/extract.log" 2>&1; then
    fail "guide: the code blocks cannot be extracted: $(tail -1 "$gd/extract.log")"
else
    pass "guide: $(wc -l < "$gd/manifest") code blocks of README.md, docs/guide.md, the pages it links for details and docs/examples/ extracted, each with its check"
fi
guide_cc() {  # OUT SOURCE BLOCK: one program, the sanitized library
    ${CC:-cc} -std=c99 -Wall -Wextra -Werror -pedantic -ffp-contract=off -O1 -g \
        -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
        -Iloader -Iplatform/memory -Iplatform/posix -Itest/guide -DGUIDE_BLOCK="\"$3\"" \
        "$2" platform/posix/bsp_file.c $BUILD/t/libbspkit.a -lm -pthread -o "$1"
}
guide_maps() {  # the generated maps a maps= list names (all, lzma: groups)
    for w in $(echo "$1" | tr ',' ' '); do
        case $w in
        all) gm="v20_ldr x360_v20_ldr q1 goldsrc bsp2 bsp2_2psb q2 q3 nightfire" ;;
        lzma) gm="x360_v20_ldr v20_lzma x360_lc8 v20_lzma_tactical" ;;
        *) gm=$w ;;
        esac
        for n in $gm; do echo "$MAPS/$n.bsp"; done
    done
}
[ -f "$gd/manifest" ] && while IFS='	' read -r name check maps needs where; do
    missing=""
    for n in $(echo "$needs" | tr ',' ' '); do
        [ "$n" = - ] || grep -qw "$n" loader/bspkit.h || missing="$missing $n"
    done
    if [ -n "$missing" ]; then
        skip "guide: $where (check=$check): to be enabled once loader/bspkit.h has$missing"
        continue
    fi
    src=$gd/$name.c
    [ "$check" = program ] || src=test/guide/$check.c
    if ! guide_cc "$gd/$name" "$src" "$(pwd)/$gd/$name.c" > "$gd/$name.cc.log" 2>&1; then
        fail "guide: $where (check=$check) does not compile"; head -8 "$gd/$name.cc.log"
        continue
    fi
    ran=0; bad=""
    for m in $(guide_maps "$maps"); do
        if [ ! -f "$m" ]; then bad="$bad $(basename "$m"):missing"; continue; fi
        ASAN_OPTIONS=detect_leaks=0 timeout 120 "$gd/$name" "$m" < /dev/null > "$gd/$name.$(basename "$m").out" 2>&1
        rc=$?
        if [ $rc -eq 0 ]; then ran=$((ran + 1)); else bad="$bad $(basename "$m"):$rc"; fi
    done
    if [ -z "$bad" ] && [ $ran -gt 0 ]; then
        pass "guide: $where (check=$check) compiles and runs on $ran generated maps ($maps)"
    else
        fail "guide: $where (check=$check) failed on$bad (see $gd/$name.*.out)"
        for o in "$gd/$name".*.out; do [ -s "$o" ] && { echo "  $o:"; tail -3 "$o"; break; }; done
    fi
done < "$gd/manifest"
# The README's program on every real map (../shared/maps, OpenArena's):
# its eye is at the player start and not in solid (test/guide/first_check.py
# reads the entity text through bspkit entities, the rules from the engines)
gd_first=$(awk -F'\t' '$2 == "program" && $5 ~ /^README/ {print $1; exit}' "$gd/manifest" 2>/dev/null)
gd_real=$(real_maps) || skip "guide: the README's program on the shared maps: no $SHARED/maps"
if gd_oa=$(oa_maps); then
    gd_real="$gd_real $gd_oa"
else
    skip "guide: the README's program on OpenArena's maps: $OA has no .pk3 files (install openarena-data)"
fi
if [ -z "$gd_first" ] || [ ! -x "$gd/$gd_first" ]; then
    fail "guide: no README program to run on the real maps"
elif [ -z "$gd_real" ]; then
    skip "guide: the README's program on real maps: no ../shared/maps and no OpenArena"
else
    gd_ran=0; gd_bad=""
    for m in $gd_real; do
        o=$gd/first-real.out
        ASAN_OPTIONS=detect_leaks=0 timeout 120 "$gd/$gd_first" "$m" < /dev/null > "$o" 2>&1 &&
            $BUILD/bspkit entities "$m" > "$gd/first-real.ent" 2> /dev/null
        gd_ran=$((gd_ran + 1))
        why=$(python3 test/guide/first_check.py "$o" "$gd/first-real.ent" 2>&1) ||
            gd_bad="$gd_bad $(basename "$m"): $why;"
    done
    if [ -z "$gd_bad" ] && [ $gd_ran -gt 0 ]; then
        pass "guide: the README's program on $gd_ran real maps: the eye at the player start, not in solid"
    else
        fail "guide: the README's program on real maps:$(echo "$gd_bad" | cut -c1-600)"
    fi
fi
# The guide's drawing path (build_world_mesh, draw_frame) on every real map
# (../shared/maps, OpenArena's) and on a generated terrain map whose
# displacements have a texture to draw (test/craft/craft_mesh.py's
# mesh_terrain): from an eye in each cluster, the triangles drawn equal the
# face access's count, every displacement a clustered leaf lists is drawn
# (test/guide/draw_mesh.c)
gd_draw=$(awk -F'\t' '$2 == "draw_mesh" {print $1; exit}' "$gd/manifest" 2>/dev/null)
gd_terrain=$(mesh_maps | tr ' ' '\n' | grep mesh_terrain) || skip "guide: no crafted terrain map for the drawing path (test/craft/craft_mesh.py)"
gd_draw_maps="$gd_terrain $(real_maps) $(oa_maps)"
if [ -z "$gd_draw" ] || [ ! -x "$gd/$gd_draw" ]; then
    fail "guide: the drawing path (check=draw_mesh) was not built"
elif [ -z "$(echo $gd_draw_maps)" ]; then
    skip "guide: the drawing path on real maps: no $SHARED/maps, no OpenArena, no crafted terrain"
else
    gd_ran=0; gd_bad=""; gd_tris=0; gd_disps=""
    for m in $gd_draw_maps; do
        o=$gd/draw-real.out
        if ASAN_OPTIONS=detect_leaks=0 timeout 300 "$gd/$gd_draw" "$m" < /dev/null > "$o" 2>&1; then
            gd_ran=$((gd_ran + 1))
            gd_tris=$((gd_tris + $(sed -n 's/.* \([0-9]*\) triangles drawn.*/\1/p' "$o")))
            d=$(sed -n 's/.*, \([0-9]* of [0-9]*\) displacements drawn.*/\1/p' "$o")
            case $d in "0 of 0") ;; *) gd_disps="$gd_disps $(basename "$m"): $d;" ;; esac
        else
            gd_bad="$gd_bad $(basename "$m"): $(tail -1 "$o");"
        fi
    done
    if [ -z "$gd_bad" ] && [ $gd_ran -gt 0 ]; then
        pass "guide: the drawing path on $gd_ran real and crafted maps from every cluster: $gd_tris triangles drawn as the face access counts; displacements drawn:$gd_disps"
    else
        fail "guide: the drawing path:$(echo "$gd_bad" | cut -c1-600)"
    fi
fi
# Links: every relative link and #anchor of the pages resolves, and the
# README takes a new user to the collision section, the jobs loop and the
# family caveats in one click.
if python3 test/checks/doc_links.py README.md docs/*.md > "$gd/links.log" 2>&1; then
    pass "guide: every relative link and anchor of README.md and docs/*.md resolves"
else
    fail "guide: broken links: $(head -3 "$gd/links.log" | tr '\n' ' ')"
fi
if python3 test/checks/doc_links.py --must README.md docs/guide.md#collision \
        docs/guide.md#with-decode-jobs-a-job-system docs/guide.md#what-each-family-lacks > "$gd/must.log" 2>&1; then
    pass "guide: the README links to the collision section, the decode jobs loop and what each family lacks"
else
    fail "guide: $(head -3 "$gd/must.log" | tr '\n' ' ')"
fi
readme_lines=$(wc -l < README.md)
if [ "$readme_lines" -le 300 ]; then pass "guide: README.md is $readme_lines lines (at most 300)"
else fail "guide: README.md is $readme_lines lines (more than 300)"; fi
