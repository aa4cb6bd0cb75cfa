# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- collision's tree check (docs/queries.md 8.13, issue 21) -------------
# Maps crafted from the generated Quake 2 map (test/craft/craft_trees.py): a
# chain of 300 nodes and a loop are refused at load when collision is
# loaded (corrupt, in the nodes lump), never walked into a stack overflow;
# a chain of 200 nodes, within BSP_TREE_DEPTH_MAX, loads and traces.
dir=$BUILD/trees
mkdir -p $dir
if python3 test/craft/craft_trees.py $MAPS/q2.bsp $dir; then
    for t in deep cycle; do
        out=$(echo "trace 0 0 100 0 0 -100" | $BUILD/asan/bspkit query $dir/$t.bsp 2>/dev/null)
        case $out in
            *'"error":"corrupt"'*'"lump":"nodes"'*) pass "hostile tree $t: refused at load (corrupt, nodes)";;
            *) fail "hostile tree $t: not refused: $out";;
        esac
    done
    out=$(echo "trace 0 0 100 0 0 -100" | $BUILD/asan/bspkit query $dir/shallow.bsp 2>&1)
    if [ "$out" = '{"q":"trace","fraction":1,"endpos":[0,0,-100],"startsolid":0,"allsolid":0,"contents":0}' ]; then
        pass "a 200-node chain loads and traces (within BSP_TREE_DEPTH_MAX)"
    else
        fail "a 200-node chain: $out"
    fi
else
    fail "craft_trees.py failed"
fi
# Quake 3 curved surfaces: the patch builder on hostile control grids.
run_prog patch-hostile $BUILD/t/test_patch --hostile
# Generated Quake 3 maps with curved surfaces: their collision as the
# independent reference answers it (the generator's description does not
# model curved surfaces, so their expected files have no collision lines).
for m in $MAPS/q3_lit.bsp $MAPS/q3_gridsize.bsp; do
    name=$(basename "$m")
    q=$BUILD/ref-gen-$name.queries
    python3 test/reference/bspref.py points "$m" > "$q" 2>/dev/null
    python3 test/reference/bspref.py query "$m" < "$q" > "$q.ref" 2>&1
    $BUILD/asan/bspkit query "$m" < "$q" > "$q.out" 2>&1
    if [ -s "$q" ] && grep -q '^trace' "$q" && cmp -s "$q.ref" "$q.out"; then
        pass "$name: $(grep -c '^trace' "$q") traces (curved surfaces) and $(wc -l < "$q") queries in all answer as the reference does"
    else
        fail "$name: answers differ from test/reference/bspref.py"
        diff "$q.ref" "$q.out" | head -4
    fi
done
