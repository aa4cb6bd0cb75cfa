# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# suite: long
# ---- Source terrain collides (docs/queries.md 8.14, issue 30) -------------
# On every map with displacements (the generated terrain maps and their
# console twin; the real Source maps): a player box (Source's standing box,
# origin at the feet) dropped onto a grid of points over every displacement
# stops on the terrain, never below the drawn triangles; query lines over
# the displacements (point and box sweeps, position tests, masks) answer as
# the reference (test/reference/bspref_disp.py, written from the contract)
# answers, byte for byte; the console twin answers as its PC map; hostile
# displacement records are corrupt at load.
disp_dir=$BUILD/disp
mkdir -p "$disp_dir"
disp_maps="$MAPS/v20_terrain.bsp $MAPS/x360_v20_terrain.bsp"
if have_shared; then
    disp_maps="$disp_maps $SHARED/maps/source/tf2_test2.bsp $SHARED/maps/xbox360/shack.360.bsp"
else
    skip "disp: no ../shared/maps: the real Source maps' terrain is not checked"
fi
for m in $disp_maps; do
    name=$(basename "$(dirname "$m")")/$(basename "$m")
    tag=$(echo "$name" | tr / -)
    if [ ! -f "$m" ]; then
        fail "disp: $name: missing"
        continue
    fi
    out=$disp_dir/$tag.drop
    if timeout 600 python3 test/checks/disp_check.py drop $BUILD/bspkit "$m" > "$out" 2>&1; then
        pass "disp: $name: player drops stop on the terrain: $(tail -1 "$out")"
    else
        fail "disp: $name: $(tail -1 "$out") (see $out)"
    fi
    q=$disp_dir/$tag.queries
    python3 test/checks/disp_check.py queries $BUILD/bspkit "$m" --count 500 > "$q"
    $BUILD/bspkit query "$m" < "$q" > "$disp_dir/$tag.tool" 2>&1
    timeout 900 python3 test/reference/bspref.py query "$m" < "$q" > "$disp_dir/$tag.ref" 2>&1
    hits=$(grep -c '"disp":' "$disp_dir/$tag.tool")
    if cmp -s "$disp_dir/$tag.tool" "$disp_dir/$tag.ref"; then
        pass "disp: $name: $(wc -l < "$q") terrain queries ($hits on terrain) equal to the reference"
    else
        fail "disp: $name: tool and reference differ on terrain queries (diff $disp_dir/$tag.tool $disp_dir/$tag.ref)"
    fi
done
# the console twin: the same lines, the same bytes
q=$disp_dir/maps-v20_terrain.bsp.queries
if [ -f "$q" ] && [ -f "$MAPS/x360_v20_terrain.bsp" ]; then
    $BUILD/bspkit query "$MAPS/x360_v20_terrain.bsp" < "$q" > "$disp_dir/x360-twin.tool" 2>&1
    if cmp -s "$disp_dir/x360-twin.tool" "$disp_dir/maps-v20_terrain.bsp.tool"; then
        pass "disp: x360_v20_terrain answers as v20_terrain ($(wc -l < "$q") lines)"
    else
        fail "disp: x360_v20_terrain and v20_terrain differ on terrain queries"
    fi
fi
# The label belongs to the answer (8.14): a floor brush met after a
# displacement gives the shorter answer here, so no displacement is named
# (0.8.0 named displacement 5 with the brush's plane)
label_q='trace -124.899384 66.9140015 79.855896 -108.899384 74.9140015 15.855896'
label_tool=$(echo "$label_q" | $BUILD/bspkit query "$MAPS/v20_terrain.bsp" 2>&1)
label_ref=$(echo "$label_q" | timeout 300 python3 test/reference/bspref.py query "$MAPS/v20_terrain.bsp" 2>&1)
case $label_tool in
*'"dist":32'*'"disp":'*|'') fail "disp: a brush's answer after terrain keeps a displacement's label: $label_tool" ;;
*)  if [ "$label_tool" = "$label_ref" ]; then
        pass "disp: a brush's answer met after terrain names no displacement, as the reference"
    else
        fail "disp: the label case differs from the reference: $label_tool / $label_ref"
    fi ;;
esac
out=$disp_dir/hostile.out
if python3 test/craft/disp_hostile.py $BUILD/bspkit "$MAPS/v20_terrain.bsp" > "$out" 2>&1; then
    pass "disp: hostile displacement records: $(grep -c '^PASS' "$out") cases, corrupt at load"
else
    fail "disp: hostile displacement records: $(grep '^FAIL' "$out" | head -1)"
fi
