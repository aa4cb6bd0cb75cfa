# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- pictures: every map's default and --top views show its geometry ----
# bspkit render's default view and --top view (320 x 240) of every generated
# map, every real map in ../shared/maps and every map of Debian's
# openarena-data, each judged by test/access/picture_check.py (not blank,
# not one colour, not mostly background; --top fitted and centred:
# docs/pictures.md has the thresholds and the figures they come from;
# generated
# worlds, floors and ceilings without walls, need only not be blank nor
# mostly background); and the
# Quake-family generated maps' pictures against their own geometry read by
# the reference (test/access/picture_ref.py).
pic_dir=$BUILD/pictures-check
mkdir -p "$pic_dir"
pic_one() {   # MAP NAME [--generated]: both pictures of one map, one line
    pic_m=$1
    pic_n=$2
    pic_g=${3:-}
    pic_view=$($BUILD/bspkit render "$pic_m" --size 320 240 -o "$pic_dir/$pic_n.png" 2> "$pic_dir/$pic_n.err" |
               sed -n 's/.*"camera":"\([^"]*\)".*/\1/p')
    if [ -z "$pic_view" ] ||
       ! $BUILD/bspkit render "$pic_m" --top --size 320 240 -o "$pic_dir/$pic_n-top.png" > /dev/null 2>> "$pic_dir/$pic_n.err"; then
        fail "picture $pic_n: bspkit render failed: $(head -1 "$pic_dir/$pic_n.err")"
        return
    fi
    pic_a=$(python3 test/access/picture_check.py view "$pic_dir/$pic_n.png" $pic_g 2>&1)
    pic_ra=$?
    pic_b=$(python3 test/access/picture_check.py view "$pic_dir/$pic_n-top.png" --top 2>&1)
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
    for m in q1 bsp2 goldsrc; do
        out=$pic_dir/$m.ref
        if python3 test/access/picture_ref.py $BUILD/bspkit "$MAPS/$m.bsp" "$pic_dir" > "$out" 2>&1; then
            pass "picture reference $m.bsp: $(tail -1 "$out")"
        else
            fail "picture reference $m.bsp: the pictures differ from the geometry (see $out)"
            head -5 "$out"
        fi
    done
    if have_shared; then
        for m in "$SHARED"/maps/*/*.bsp; do
            pic_one "$m" "$(basename "$(dirname "$m")")-$(basename "$m" .bsp)"
        done
    else
        skip "pictures of real maps: no $SHARED/maps"
    fi
    pic_oa=${OA:-/usr/share/games/openarena}
    if ls "$pic_oa"/*/*.pk3 > /dev/null 2>&1; then
        mkdir -p "$BUILD/openarena"
        python3 test/openarena_maps.py "$pic_oa" "$BUILD/openarena"
        for m in "$BUILD"/openarena/*.bsp; do
            pic_one "$m" "openarena-$(basename "$m" .bsp)"
        done
    else
        skip "pictures of openarena maps: $pic_oa has no .pk3 files (install openarena-data)"
    fi
fi
