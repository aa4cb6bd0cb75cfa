# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- collision rules of issues 30 and 31 (docs/queries.md 8.9 - 8.12) -----
dir=$BUILD/rules
mkdir -p $dir
# Source: a DETAIL | PLAYERCLIP brush with a bevel side in a leaf of
# contents 0 (test/craft/craft_source_clip.py, answers worked out from its box):
# it collides (no leaf filter), a mask without PLAYERCLIP passes it, a
# point skips its bevel, contents ORs it.
if python3 test/craft/craft_source_clip.py $MAPS/v20_ldr.bsp $dir/clip.bsp $dir/clip.queries $dir/clip.expected; then
    $BUILD/asan/bspkit query $dir/clip.bsp < $dir/clip.queries > $dir/clip.out 2>&1
    python3 test/reference/bspref.py query $dir/clip.bsp < $dir/clip.queries > $dir/clip.ref 2>&1
    if cmp -s $dir/clip.out $dir/clip.expected && cmp -s $dir/clip.ref $dir/clip.expected; then
        pass "source clip brush in a contents-0 leaf: $(wc -l < $dir/clip.queries) lines as worked out (tool and reference)"
    else
        fail "source clip brush in a contents-0 leaf"; diff $dir/clip.out $dir/clip.expected | head -4
    fi
else
    fail "craft_source_clip.py failed"
fi
# A brush listed 10 000 times in each of 255 leaves (issue 31): the answers
# equal the reference's (its time bound is make bench's
# repeated_brush_trace_ms, not a timed test).
if python3 test/craft/craft_repeated.py $MAPS/q2.bsp $MAPS/q3.bsp $dir; then
    printf 'trace 2100 0 0 -100 0 0\ntrace 1000 0 0 1000 -20 0\ntrace 2100 0 0 -100 0 0 -4 -4 -4 4 4 4\ncontents 1000 -20 0\n' > $dir/rep.queries
    for f in q2 q3; do
        $BUILD/asan/bspkit query $dir/repeated_$f.bsp < $dir/rep.queries > $dir/rep_$f.out 2>&1
        python3 test/reference/bspref.py query $dir/repeated_$f.bsp < $dir/rep.queries > $dir/rep_$f.ref 2>&1
        if cmp -s $dir/rep_$f.out $dir/rep_$f.ref && head -1 $dir/rep_$f.out | grep -q '"fraction":1,' &&
           sed -n 2p $dir/rep_$f.out | grep -q '"normal":\[0,1,0\],"dist":-10}'; then
            pass "repeated brush ($f): the ray passes, the hit stops at y = -10 as the reference says"
        else
            fail "repeated brush ($f)"; diff $dir/rep_$f.out $dir/rep_$f.ref | head -4
        fi
    done
else
    fail "craft_repeated.py failed"
fi
# The door (model 1) moved and turned (8.10): answers worked out from its
# box in double precision (test/craft/turned_door.py), within 8.8's tolerances.
for f in q2 q3 v20_ldr x360_v20_ldr v25_strata; do
    if python3 test/craft/turned_door.py $MAPS/$f.bsp $dir/td_$f.q $dir/td_$f.e &&
       $BUILD/bspkit query $MAPS/$f.bsp < $dir/td_$f.q > $dir/td_$f.out 2>&1 &&
       python3 test/checks/compare_turned.py $dir/td_$f.e $dir/td_$f.out > $dir/td_$f.log; then
        pass "$f.bsp: turned door, $(cat $dir/td_$f.log) from the worked-out answers"
    else
        fail "$f.bsp: turned door: $(tail -1 $dir/td_$f.log)"; head -4 $dir/td_$f.log
    fi
done
# Moved and turned models, masks and models against the reference, on the
# generated maps of every family and the real ones (test/craft/moved_queries.py).
maps="$MAPS/q2.bsp $MAPS/q2_ramp.bsp $MAPS/q2_qbism.bsp $MAPS/q2_qbism_ramp.bsp $MAPS/q3.bsp $MAPS/q3_lit.bsp $MAPS/v20_ldr.bsp $MAPS/x360_v20_ldr.bsp
      $MAPS/v25_strata.bsp $MAPS/v21_l4d2.bsp $MAPS/nightfire.bsp $MAPS/q1.bsp $MAPS/goldsrc.bsp $MAPS/bsp2.bsp"
if have_shared; then
    maps="$maps $(ls "$SHARED"/maps/source/*.bsp "$SHARED"/maps/xbox360/*.bsp "$SHARED"/maps/quake2/*.bsp \
                     "$SHARED"/maps/quake3/*.bsp "$SHARED"/maps/nightfire/*.bsp "$SHARED"/maps/quake/mp_lobby.bsp)"
    if new_id=$(id_new_maps); then maps="$maps $new_id"
    else skip "moved models on the new id maps: none in ../shared/maps/new/quake2 or quake3"; fi
else
    skip "moved models on real maps: no ../shared/maps"
fi
for m in $maps; do
    name=$(basename "$(dirname "$m")")/$(basename "$m")
    q=$dir/moved-$(basename "$(dirname "$m")")-$(basename "$m").queries
    python3 test/craft/moved_queries.py "$m" 200 > "$q" 2> /dev/null
    python3 test/reference/bspref.py query "$m" < "$q" > "$q.ref" 2>&1
    $BUILD/bspkit query "$m" < "$q" > "$q.out" 2>&1
    if [ -s "$q" ] && cmp -s "$q.ref" "$q.out"; then
        pass "$name: $(wc -l < "$q") moved/turned model lines answer as the reference does"
    else
        fail "$name: moved/turned model lines differ from the reference"; diff "$q.ref" "$q.out" | head -4
    fi
done
# contents on quake, goldsrc and bsp2 is hull 0's (8.12): on the generated
# and real maps of those families, `contents` at the reference's sample
# points equals `hullcontents 0` line by line, and the reference (its own
# walk) agrees
hc_maps="$MAPS/q1.bsp $MAPS/goldsrc.bsp $MAPS/bsp2.bsp $MAPS/bsp2_2psb.bsp"
have_shared && hc_maps="$hc_maps $(ls "$SHARED"/maps/quake/*.bsp "$SHARED"/maps/goldsrc/*.bsp "$SHARED"/maps/bsp2/*.bsp)"
for m in $hc_maps; do
    name=$(basename "$(dirname "$m")")/$(basename "$m")
    q=$dir/hc-$(basename "$(dirname "$m")")-$(basename "$m")
    python3 test/reference/bspref.py points "$m" --count 200 2> /dev/null | awk '$1 == "leaf" { print $2, $3, $4 }' |
        grep -E '^-?[0-9.]+ -?[0-9.]+ -?[0-9.]+$' > "$q.p"
    sed 's/^/contents /' "$q.p" > "$q.c"
    sed 's/^/hullcontents 0 /' "$q.p" > "$q.h"
    $BUILD/bspkit query "$m" < "$q.c" | sed 's/"q":"contents"/"q":"X"/' > "$q.c.out" 2>&1
    $BUILD/bspkit query "$m" < "$q.h" | sed 's/"q":"hullcontents"/"q":"X"/' > "$q.h.out" 2>&1
    python3 test/reference/bspref.py query "$m" < "$q.c" | sed 's/"q":"contents"/"q":"X"/' > "$q.c.ref" 2>&1
    n=$(grep -c '"contents":-[0-9]' "$q.c.out")
    if [ -s "$q.p" ] && [ "$n" = "$(wc -l < "$q.p")" ] && cmp -s "$q.c.out" "$q.h.out" && cmp -s "$q.c.out" "$q.c.ref"; then
        pass "$name: contents equals hullcontents 0 at $n points (tool and reference)"
    else
        fail "$name: contents differs from hullcontents 0 or the reference ($n answers)"
        paste -d' ' "$q.c.out" "$q.h.out" "$q.c.ref" | awk '$1 != $2 || $1 != $3' | head -3
    fi
done
# tf2_test2: the line of issue 30 stops at the DETAIL | PLAYERCLIP brush
if have_shared; then
    out=$(echo "trace 450 -288 144 650 -288 144" | $BUILD/bspkit query "$SHARED/maps/source/tf2_test2.bsp")
    case $out in
        *'"contents":134283264,'*) pass "tf2_test2: trace 450 -288 144 650 -288 144 stops at the 0x8010000 brush";;
        *) fail "tf2_test2: the clip brush is not hit: $out";;
    esac
fi
# Nightfire: inside a wall (a leaf of the solid type, whose brushes the
# compiler lists in the open leaves around it) contents is 2 and a position
# test is inside, as `leaf` says (8.9, 8.12)
if have_shared; then
    m="$SHARED/maps/nightfire/weapon_accuracy_nf.bsp"
    python3 test/reference/bspref.py points "$m" 2> /dev/null | grep '^leaf' > $dir/nf-leaf.q
    $BUILD/bspkit query "$m" < $dir/nf-leaf.q > $dir/nf-leaf.out
    paste -d' ' $dir/nf-leaf.q $dir/nf-leaf.out | grep '"contents":2}' |
        awk '{ print "contents " $2 " " $3 " " $4; print "trace " $2 " " $3 " " $4 " " $2 " " $3 " " $4 }' > $dir/nf-solid.q
    $BUILD/bspkit query "$m" < $dir/nf-solid.q > $dir/nf-solid.out
    n=$(grep -c '^trace' $dir/nf-solid.q)
    if [ "$n" -gt 0 ] && [ "$(grep -c '"q":"contents","contents":2}' $dir/nf-solid.out)" = "$n" ] &&
       [ "$(grep -c '"q":"trace","fraction":0,.*"startsolid":1,"allsolid":1' $dir/nf-solid.out)" = "$n" ]; then
        # (inside: the wall's brush when one holds the point, else the leaf: contents 2)
        pass "nightfire: $n points in solid leaves: contents 2 and position tests inside"
    else
        fail "nightfire: points in solid leaves are not solid"; head -4 $dir/nf-solid.out
    fi
fi
# The transformed queries' statuses, their answers without a turn, and a
# map left unwritten by traces (the brush mark is the caller's)
run_prog trace-rules $BUILD/t/test_trace_rules $MAPS/q2.bsp $MAPS/q2_ramp.bsp $MAPS/q3.bsp $MAPS/q3_lit.bsp \
    $MAPS/v20_ldr.bsp $MAPS/x360_v20_ldr.bsp $MAPS/v25_strata.bsp $MAPS/nightfire.bsp $MAPS/q1.bsp \
    $MAPS/goldsrc.bsp $MAPS/bsp2.bsp
# BSPX BRUSHLIST (docs/queries.md 13.7): a quake-family box trace on a model
# without its hull runs 8.2's rule over the model's list brushes. The
# generator's brushlist/ maps (test/gen/brushlist.c): random traces against
# the reference byte for byte, worked-out answers (the floor, water and clip
# brushes with their masks, the sky, the door), `brushes`, and the hostile
# lists answering bad_hull; the real maps carrying the lump likewise
# (test/checks/brushlist_check.py).
run_prog brushlist-generated python3 test/checks/brushlist_check.py generated $BUILD/asan/bspkit $MAPS
if have_shared; then
    run_prog brushlist-real python3 test/checks/brushlist_check.py real $BUILD/asan/bspkit "$SHARED/maps"
else
    skip "BRUSHLIST on real maps (q1_cube, example_q1_bspx): $SHARED/maps is absent"
fi
# the BRUSHLIST maps and their hostile lists truncated and corrupted (every
# query, ASan and UBSan): statuses only
run_prog hostile-brushlist $BUILD/t/test_hostile $MAPS/brushlist/*.bsp
