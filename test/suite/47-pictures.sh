# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# suite: long
# ---- pictures: every map's default and --top views show its geometry ----
# bspkit render's default view and --top view (320 x 240) of every generated
# map, every real map in ../shared/maps and every map of Debian's
# openarena-data, each judged by test/access/picture_check.py (not blank,
# not one colour, not mostly background; a real map's default view meets
# the floor: bright enough, not mostly black, not flat; --top fitted and
# centred, and its floor plan meets the floor too:
# docs/pictures.md has the thresholds and the figures they come from;
# generated
# worlds, floors and ceilings without walls, need only not be blank nor
# mostly background); and the
# Quake-family generated maps' pictures against their own geometry read by
# the reference (test/access/picture_ref.py); copies of q1.bsp with all-zero,
# dark and flat light (test/access/patch_light.py) and --fullbright; the
# library's renderer data in the pictures (test/access/render_data_check.py:
# Source terrain, Quake 3 vertex colours and curves).
pic_dir=$BUILD/pictures-check
mkdir -p "$pic_dir"
pic_one() {   # MAP NAME [--generated]: both pictures of one map, one line;
              # a real map's top view also meets the floor over its floor plan
    pic_m=$1
    pic_n=$2
    pic_g=${3:-}
    pic_f=--floor
    [ -n "$pic_g" ] && pic_f=
    pic_view=$($BUILD/bspkit render "$pic_m" --size 320 240 -o "$pic_dir/$pic_n.png" 2> "$pic_dir/$pic_n.err" |
               sed -n 's/.*"camera":"\([^"]*\)".*/\1/p')
    if [ -z "$pic_view" ] ||
       ! $BUILD/bspkit render "$pic_m" --top --size 320 240 -o "$pic_dir/$pic_n-top.png" > /dev/null 2>> "$pic_dir/$pic_n.err"; then
        fail "picture $pic_n: bspkit render failed: $(head -1 "$pic_dir/$pic_n.err")"
        return
    fi
    pic_a=$(python3 test/access/picture_check.py view "$pic_dir/$pic_n.png" $pic_g 2>&1)
    pic_ra=$?
    pic_b=$(python3 test/access/picture_check.py view "$pic_dir/$pic_n-top.png" --top $pic_f 2>&1)
    pic_rb=$?
    if [ $pic_ra -eq 0 ] && [ $pic_rb -eq 0 ]; then
        pass "picture $pic_n: view from $pic_view: $pic_a; top: $pic_b"
    else
        fail "picture $pic_n: view from $pic_view: $pic_a; top: $pic_b"
    fi
}
if ! $BUILD/bspkit render "$MAPS/q1.bsp" -o "$pic_dir/probe.png" > /dev/null 2>&1; then
    skip "pictures: $BUILD/bspkit render draws none (built without libstb-dev?)"
else
    for m in $(ls $MAPS/*.bsp | grep -v '/large\.bsp$'); do
        pic_one "$m" "gen-$(basename "$m" .bsp)" --generated
    done
    # make demo's pictures (test/ship/demo.sh's commands, on the same generated
    # map): a person sees rooms, so they meet the real maps' floor, the
    # top view over its drawn floor plan (picture_check.py --floor)
    if [ -f "$MAPS/demo.bsp" ] &&
       $BUILD/bspkit render "$MAPS/demo.bsp" -o "$pic_dir/demo.png" > /dev/null 2>&1 &&
       $BUILD/bspkit render "$MAPS/demo.bsp" --top --pvs -o "$pic_dir/demo-top.png" > /dev/null 2>&1; then
        if pic_a=$(python3 test/access/picture_check.py view "$pic_dir/demo.png" 2>&1) &&
           pic_b=$(python3 test/access/picture_check.py view "$pic_dir/demo-top.png" --top --floor 2>&1); then
            pass "make demo's pictures meet the floor: view: $pic_a; top: $pic_b"
        else
            fail "make demo's pictures under the floor: $pic_a ${pic_b:-}"
        fi
    else
        fail "make demo's pictures: no $MAPS/demo.bsp or bspkit render failed"
    fi
    for m in q1 bsp2 goldsrc; do
        out=$pic_dir/$m.ref
        if python3 test/access/picture_ref.py $BUILD/bspkit "$MAPS/$m.bsp" "$pic_dir" > "$out" 2>&1; then
            pass "picture reference $m.bsp: $(tail -1 "$out")"
        else
            fail "picture reference $m.bsp: the pictures differ from the geometry (see $out)"
            head -5 "$out"
        fi
    done
    # the light cases (docs/pictures.md "Exposure"): copies of q1.bsp whose
    # light is all zero, an eighth of the original, or one flat value; and
    # the original --fullbright. Each default view must meet the floor.
    pic_floor() {   # PNG: the floor's verdict, exit 1 below it
        python3 -c 'import sys; sys.path.insert(0, "test/access"); import picture_check as c
f = c.floor_stats(sys.argv[1]); k, bad = c.floor_class(f)
print(k + ": " + c.floor_summary(f) + ("; " + "; ".join(bad) if bad else "")); sys.exit(k != "good")' "$1"
    }
    pic_light() {   # NAME VALUE [render options]: a patched q1.bsp's default view
        pic_l=$1; pic_v=$2; shift 2
        python3 test/access/patch_light.py "$MAPS/q1.bsp" "$pic_dir/light-$pic_l.bsp" "$pic_v" &&
            $BUILD/bspkit render "$pic_dir/light-$pic_l.bsp" --size 320 240 -o "$pic_dir/light-$pic_l.png" "$@" \
                > "$pic_dir/light-$pic_l.json" 2> "$pic_dir/light-$pic_l.err"
    }
    $BUILD/bspkit render "$MAPS/q1.bsp" --size 320 240 -o "$pic_dir/light-orig.png" > "$pic_dir/light-orig.json"
    pic_orig=$(python3 -c 'import sys; sys.path.insert(0, "test/access"); import picture_check as c
print("%.1f" % c.floor_stats(sys.argv[1])["mean_luma"])' "$pic_dir/light-orig.png")
    pic_r=
    if pic_light zero zero && grep -q "the light is all zero or nearly so" "$pic_dir/light-zero.err" &&
       grep -q '"light":"none"' "$pic_dir/light-zero.json" && pic_r=$(pic_floor "$pic_dir/light-zero.png"); then
        pass "picture of q1.bsp with all-zero light: said on stderr, drawn full bright: $pic_r"
    else
        fail "picture of q1.bsp with all-zero light: $(cat "$pic_dir/light-zero.err" "$pic_dir/light-zero.json") ${pic_r:-}"
    fi
    pic_r=
    if pic_light dark dark && ! [ -s "$pic_dir/light-dark.err" ] && pic_r=$(pic_floor "$pic_dir/light-dark.png") &&
       python3 -c 'import sys, json; sys.path.insert(0, "test/access"); import picture_check as c
e = json.load(open(sys.argv[1]))["exposure"]; m = c.floor_stats(sys.argv[2])["mean_luma"]
sys.exit(not (e > 4 and abs(m - float(sys.argv[3])) <= 0.25 * float(sys.argv[3])))' \
           "$pic_dir/light-dark.json" "$pic_dir/light-dark.png" "$pic_orig"; then
        pass "picture of q1.bsp with an eighth of its light: exposed to the original's brightness (mean luma $pic_orig): $pic_r"
    else
        fail "picture of q1.bsp with an eighth of its light: $(cat "$pic_dir/light-dark.json") ${pic_r:-}, the original's mean luma $pic_orig"
    fi
    pic_r=
    if pic_light flat 128 --flat && pic_r=$(pic_floor "$pic_dir/light-flat.png"); then
        pass "picture of q1.bsp under one flat light, --flat: shaded by normal and distance: $pic_r"
    else
        fail "picture of q1.bsp under one flat light, --flat: no shading: ${pic_r:-$(cat "$pic_dir/light-flat.err")}"
    fi
    pic_r=
    if $BUILD/bspkit render "$MAPS/q1.bsp" --fullbright --size 320 240 -o "$pic_dir/light-full.png" \
           > "$pic_dir/light-full.json" 2> "$pic_dir/light-full.err" && ! [ -s "$pic_dir/light-full.err" ] &&
       grep -q '"light":"none"' "$pic_dir/light-full.json" && pic_r=$(pic_floor "$pic_dir/light-full.png"); then
        pass "picture of q1.bsp --fullbright: no lightmap, shaded by normal: $pic_r"
    else
        fail "picture of q1.bsp --fullbright: $(cat "$pic_dir/light-full.json" "$pic_dir/light-full.err") ${pic_r:-}"
    fi
    # docs/pictures.md "Geometry": what render draws is the library's
    # renderer data, against the references (test/access/render_data_check.py):
    # terrain lit by Valve's grid coordinates, Quake 3 vertex colours, curves
    # at id's subdivision 4 stitched; each counts the pixels the old drawing
    # (the flat projection, full bright, the level-8 face access) shows
    # otherwise and fails when there are none
    pic_data() {   # MAP: one line
        pic_r=$(python3 test/access/render_data_check.py $BUILD/bspkit "$1" "$pic_dir" 2>&1)
        case $? in
            0) pass "render data $(basename "$1"): $(echo "$pic_r" | tail -1)" ;;
            3) skip "render data $(basename "$1"): $(echo "$pic_r" | tail -1)" ;;
            *) fail "render data $(basename "$1"): $(echo "$pic_r" | head -3 | tr '\n' ' ')" ;;
        esac
    }
    if pic_c=$(curves_maps) &&
       python3 test/access/render_data_check.py --craft ${pic_c%% *} "$pic_dir/curves_vl.bsp"; then
        pic_data "$pic_dir/curves_vl.bsp"
    else
        fail "render data: no crafted curves map (curves_maps, render_data_check.py --craft)"
    fi
    if have_shared; then
        for m in "$SHARED"/maps/source/tf2_test2.bsp "$SHARED"/maps/xbox360/shack.360.bsp; do
            if [ -f "$m" ]; then pic_data "$m"; else skip "render data: no $m"; fi
        done
    else
        skip "render data of the Source terrain maps: no $SHARED/maps"
    fi
    if pic_oa=$(oa_maps oa_dm5); then pic_data "$pic_oa"
    else skip "render data of oa_dm5: openarena-data's oa_dm5 absent"; fi
    if have_shared; then
        for m in "$SHARED"/maps/*/*.bsp; do
            pic_one "$m" "$(basename "$(dirname "$m")")-$(basename "$m" .bsp)"
        done
    else
        skip "pictures of real maps: no $SHARED/maps"
    fi
    if pic_oa=$(oa_maps); then
        for m in $pic_oa; do
            pic_one "$m" "openarena-$(basename "$m" .bsp)"
        done
    else
        skip "pictures of openarena maps: $OA has no .pk3 files (install openarena-data)"
    fi
fi
