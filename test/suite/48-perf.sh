# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- hull 0 on a hostile file (docs/queries.md 8.13, issue 31) -----------
# test/craft_hull0.py sets every leaf's contents but leaf 0's to 0 in the
# generated Quake-family maps: hull 0 then takes a leaf for node 0 and a
# walk that did not count its nodes would go round for ever. The trace and
# the point's contents answer corrupt (the time bound only tells a hang
# from an answer: speed is make bench's).
dir=$BUILD/hull0
mkdir -p $dir
for m in q1 goldsrc bsp2 bsp2_2psb; do
    if ! python3 test/craft_hull0.py $MAPS/$m.bsp $dir/$m.bsp; then
        fail "hull-0 loop $m: craft_hull0.py failed"
        continue
    fi
    out=$(printf 'hulltrace 0 0 0 0 10 10 10\nhullcontents 0 0 0 0\n' |
          timeout 60 $BUILD/asan/bspkit query $dir/$m.bsp 2>&1)
    if [ "$out" = '{"q":"hulltrace","error":"corrupt"}
{"q":"hullcontents","error":"corrupt"}' ]; then
        pass "hull-0 loop $m: hulltrace and hullcontents answer corrupt"
    else
        fail "hull-0 loop $m: $out"
    fi
done
