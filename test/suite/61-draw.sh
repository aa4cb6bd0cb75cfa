# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- What an engine draws: terrain in the leaves, visible faces (issue 40) --
# docs/queries.md 11.1 and 11.8: on the generated maps of every family and
# the shared real maps, `displeaves` for every leaf of a Source map and
# `visible` for clusters spread over each map (with the edges: -1, one past
# the end, malformed lines) answer as the reference
# (test/reference/bspref_draw.py, written from the contract) answers, byte
# for byte.
draw_dir=$BUILD/draw
mkdir -p "$draw_dir"
draw_maps=$(gen_maps) || skip "draw: no generated maps"
if real=$(real_maps); then
    draw_maps="$draw_maps $real"
else
    skip "draw: no $SHARED/maps: the real maps' visible faces are not checked"
fi
draw_same=0
draw_lines=0
for m in $draw_maps; do
    tag=$(echo "$m" | tr / - | sed 's/^[-.]*//')
    q=$draw_dir/$tag.queries
    # (maps the reference cannot load are another part's business)
    python3 test/checks/draw_check.py lines "$m" > "$q" 2>/dev/null || continue
    $BUILD/bspkit query "$m" < "$q" > "$draw_dir/$tag.tool" 2>&1
    timeout 900 python3 test/reference/bspref.py query "$m" < "$q" > "$draw_dir/$tag.ref" 2>&1
    if cmp -s "$draw_dir/$tag.tool" "$draw_dir/$tag.ref"; then
        draw_same=$((draw_same + 1))
        draw_lines=$((draw_lines + $(wc -l < "$q")))
    else
        fail "draw: $m: tool and reference differ (diff $draw_dir/$tag.tool $draw_dir/$tag.ref)"
    fi
done
if [ $draw_same -gt 0 ]; then
    pass "draw: $draw_same maps, $draw_lines displeaves/visible lines equal to the reference"
else
    fail "draw: no map's displeaves/visible lines were compared (test/checks/draw_check.py lines failed on every map)"
fi
# the player's view: every displacement of the real Source maps is listed
# by a leaf with a cluster that draws it (the generated terrain maps keep
# one in solid, in no cluster's leaf: test/guide/draw.c checks those draw
# what their clustered leaves list)
for m in $SHARED/maps/source/tf2_test2.bsp $SHARED/maps/xbox360/shack.360.bsp; do
    [ -f "$m" ] || continue
    if out=$(python3 test/checks/draw_check.py view $BUILD/bspkit "$m" 2>&1); then
        pass "draw: player view: $out"
    else
        fail "draw: player view: $out"
    fi
done
# the real Source maps' terrain is in leaves (a nonempty displeaves line)
for m in $SHARED/maps/source/tf2_test2.bsp $SHARED/maps/xbox360/shack.360.bsp $MAPS/v20_terrain.bsp; do
    [ -f "$m" ] || continue
    tag=$(echo "$m" | tr / - | sed 's/^[-.]*//')
    n=$(grep -c '"disps":\[[0-9]' "$draw_dir/$tag.tool" 2>/dev/null)
    if [ "${n:-0}" -gt 0 ]; then
        pass "draw: $m: $n leaves hold terrain"
    else
        fail "draw: $m: no leaf holds a displacement"
    fi
done
# hostile: shared nodes (2^nodes paths) and leaf lists that all overlap
# (test/craft/craft_draw.py): answered at once, as the reference answers
hdir=$draw_dir/hostile
mkdir -p "$hdir"
if [ -f "$MAPS/v20_terrain.bsp" ] && python3 test/craft/craft_draw.py "$MAPS/v20_terrain.bsp" "$hdir" > "$hdir/craft.out"; then
    for t in shared overlap; do
        python3 test/checks/draw_check.py lines "$hdir/$t.bsp" > "$hdir/$t.queries"
        timeout 20 $BUILD/asan/bspkit query "$hdir/$t.bsp" < "$hdir/$t.queries" > "$hdir/$t.tool" 2>&1
        rc=$?
        timeout 300 python3 test/reference/bspref.py query "$hdir/$t.bsp" < "$hdir/$t.queries" > "$hdir/$t.ref" 2>&1
        if [ $rc -eq 0 ] && cmp -s "$hdir/$t.tool" "$hdir/$t.ref"; then
            pass "draw: hostile $t ($(cat "$hdir/craft.out")): $(grep -c corrupt "$hdir/$t.tool") corrupt of $(wc -l < "$hdir/$t.queries") lines, as the reference"
        else
            fail "draw: hostile $t: exit $rc, or differs from the reference (diff $hdir/$t.tool $hdir/$t.ref)"
        fi
    done
else
    fail "draw: craft_draw.py failed"
fi
