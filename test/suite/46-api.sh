# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# suite: long
# ---- issue 30's engine-facing calls (docs/queries.md 8.4a, 8.12a) ---------
# trace with boxes of every size class on quake/goldsrc/bsp2 and boxleaves
# on every family: test/reference/bspref_api.py writes the lines, the
# independent reference answers them, the library's tool (ASan build) must
# give the same bytes; on every generated map and every real map.
api_maps=$(ls $MAPS/*.bsp 2>/dev/null | grep -v '/large\.bsp$')
if have_shared; then
    api_maps="$api_maps $(ls "$SHARED"/maps/*/*.bsp)"
else
    skip "api: no ../shared/maps (the real maps): generated maps only"
fi
for m in $api_maps; do
    case $m in "$SHARED"/*) name=${m#$SHARED/maps/} ;; *) name=gen/$(basename "$m") ;; esac
    q=$BUILD/api-$(echo "$name" | tr '/' '-').queries
    if ! python3 test/reference/bspref_api.py points "$m" > "$q" 2> "$q.err"; then
        # a map the reference does not load (its own tests say so)
        if grep -q 'cannot load' "$q.err"; then skip "api: $name: the reference cannot load it ($(tail -1 "$q.err"))"; continue; fi
        fail "api: $name: bspref_api.py points failed: $(tail -1 "$q.err")"
        continue
    fi
    [ -s "$q" ] || continue
    python3 test/reference/bspref.py query "$m" < "$q" > "$q.ref" 2>&1
    $BUILD/asan/bspkit query "$m" < "$q" > "$q.out" 2>&1
    if cmp -s "$q.ref" "$q.out"; then
        pass "api: $name: $(grep -c '^trace' "$q") box-class traces and $(grep -c '^boxleaves' "$q") boxleaves lines answer as the reference does"
    else
        fail "api: $name: answers differ from the reference"
        diff "$q.ref" "$q.out" | head -6
    fi
done
# The guide's player-move loop (docs/guide.md, Collision) is
# docs/examples/player_move.c verbatim, and test_engine runs that file
# unchanged on a generated map of every family (and on the real maps when
# there); part 66 compiles and runs the guide's copy too.
if python3 - docs/guide.md docs/examples/player_move.c <<'PY'
import sys
readme, code = open(sys.argv[1]).read(), open(sys.argv[2]).read()
sys.exit(0 if "```c check=player_move maps=all\n" + code + "```\n" in readme else 1)
PY
then pass "guide: the player-move example is docs/examples/player_move.c verbatim"
else fail "guide: the player-move example differs from docs/examples/player_move.c"; fi
# (with the BRUSHLIST maps of docs/queries.md 13.7: the player's box runs
# 8.2's rule over their brushes, and never overlaps one; a hostile list is
# ignored: bad_hull. The real q1_cube and example_q1_bspx are among real_maps.)
engine_maps="$(gen_maps v20_ldr x360_v20_ldr q1 q1_hexen2 goldsrc bsp2 bsp2_2psb q2 q3 nightfire brushlist/q1_brushlist \
    brushlist/bsp2_brushlist brushlist/goldsrc_brushlist brushlist/q1_brushlist_bad_sum) $(real_maps)"
if [ -n "$(echo $engine_maps)" ]; then run_prog engine $BUILD/t/test_engine $engine_maps
else skip "engine: no generated map and no $SHARED/maps"; fi
# boxleaves on Debian's OpenArena maps (Quake 3, last_leaf), when installed
if oa=$(oa_maps); then
    oa_same=0; oa_lines=0; oa_differ=""
    for m in $oa; do
        q=$m.api.queries
        python3 test/reference/bspref_api.py points "$m" > "$q" 2> /dev/null
        python3 test/reference/bspref.py query "$m" < "$q" > "$q.ref" 2>&1
        $BUILD/bspkit query "$m" < "$q" > "$q.out" 2>&1
        if [ -s "$q" ] && cmp -s "$q.ref" "$q.out"; then
            oa_same=$((oa_same + 1)); oa_lines=$((oa_lines + $(wc -l < "$q")))
        else
            oa_differ="$oa_differ $(basename "$m")"
        fi
    done
    if [ -z "$oa_differ" ]; then pass "api: $oa_same OpenArena maps: $oa_lines boxleaves lines answer as the reference does"
    else fail "api: OpenArena maps whose boxleaves answers differ from the reference:$oa_differ"; fi
else
    skip "api: OpenArena maps: $OA has no .pk3 files (install openarena-data)"
fi
# ---- bsp_box_leaves on a tree keeps no set (issue 42) ---------------------
# test/craft/craft_leaves.py: the generated Quake 2 map's world made a
# balanced tree of 16 384 leaves (and the same with a node of two parents):
# the load must find the first a tree and the second not, the world's box
# must count every leaf front first with any list, and on every generated
# and real map both walks (the tree's and the set's) must give the same
# answers (test/programs/test_boxleaves.c).
dir=$BUILD/boxleaves
mkdir -p $dir
if python3 test/craft/craft_leaves.py $MAPS/q2.bsp $dir/tree.bsp 16384 &&
   python3 test/craft/craft_leaves.py $MAPS/q2.bsp $dir/dag.bsp 16384 dag; then
    run_prog boxleaves-tree $BUILD/t/test_boxleaves --tree 16384 $dir/tree.bsp
    run_prog boxleaves-dag $BUILD/t/test_boxleaves --dag 16384 $dir/dag.bsp
    run_prog boxleaves-maps $BUILD/t/test_boxleaves $api_maps
else
    fail "boxleaves: craft_leaves.py failed"
fi
