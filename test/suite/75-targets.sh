# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# suite: long
# ---- same bits on every CPU (issue 12) ------------------------------------
# Boundary query sets: test/programs/boundary.c walks from the maps' query points to
# the nearest places where the host's answer changes (plane tests at d = 0,
# luxels at x.5, the light trace's accept rectangle and plane crossings) and
# keeps the floats around each. Every target below answers them, and the
# generated and real maps' ordinary queries, under qemu-user:
#   CONSOLE_TARGETS of mk/targets.mk (gcc; the tool only): generated maps
#     against the generator's expected answers, real maps and all boundary
#     sets byte for byte against the host;
#   ppc, ppc64 (gcc; part 70 runs their C tests and sessions): the boundary
#     sets;
#   clang-ppc, clang-ppc64 (clang --target=...): generated maps, boundary sets.
# $BUILD/targets-table.txt gets one row per target: maps, queries, identical.
gen_maps=$(gen_maps) || skip "targets: no generated maps in $MAPS"
real=$(real_maps)
bdir=$BUILD/bsets
mkdir -p $bdir
table=$BUILD/targets-table.txt
printf '%-12s %5s %8s %s\n' target maps queries identical > $table

# The sets: one generated map of every family (and the console twin), and
# every real map.
bsets=""
if [ ! -x $BUILD/boundary ]; then
    fail "boundary: $BUILD/boundary missing (make $BUILD/boundary)"
else
    bmaps=""
    for n in v20_ldr x360_v20_ldr v17 v25_strata q1 goldsrc bsp2 q2 q3 q3_lit nightfire nightfire_lit; do
        [ -f $MAPS/$n.bsp ] && bmaps="$bmaps $MAPS/$n.bsp:$MAPS/$n.queries"
    done
    if [ -n "$real" ]; then
        for m in $real; do
            seeds=$(real_queries "$m") && bmaps="$bmaps $m:$seeds"
        done
    else
        skip "boundary sets of the real maps: $SHARED/maps absent"
    fi
    for pair in $bmaps; do
        m=${pair%%:*}; seeds=${pair#*:}
        q=$bdir/$(basename "$(dirname "$m")")-$(basename "$m").queries
        if ! $BUILD/boundary "$m" "$seeds" > "$q" 2> "$q.log" || [ ! -s "$q" ]; then
            fail "boundary: no query set for $m"; cat "$q.log"; continue
        fi
        $BUILD/bspkit query "$m" < "$q" > "$q.host" 2>&1
        bsets="$bsets $m:$q"
    done
fi

# The real maps' ordinary query points, answered by the host.
rsets=""
if [ -n "$real" ]; then
    for m in $real; do
        q=$(real_queries "$m") || continue
        $BUILD/bspkit query "$m" < "$q" > "$q.host" 2>&1
        rsets="$rsets $m:$q:$q.host"
    done
fi

# target_run NAME QEMU TOOL WHAT: runs the sessions WHAT lists (gen, real,
# boundary) with TOOL under QEMU, one PASS/FAIL line and one table row.
target_run() {
    t=$1; qemu=$2; tool=$3; what=$4
    if ! command -v $qemu >/dev/null || [ ! -x $tool ]; then
        fail "$t: $qemu or $tool missing (make targets clang-cross)"
        return
    fi
    maps=0; queries=0; same=0; differ=""
    out=$BUILD/$t.target.out
    for kind in $what; do
        case $kind in
        gen) list=""; for m in $gen_maps; do list="$list $m:${m%.bsp}.queries:${m%.bsp}.expected"; done ;;
        real) list=$rsets ;;
        boundary) list=""; for pair in $bsets; do list="$list $pair:${pair#*:}.host"; done ;;
        esac
        for triple in $list; do
            m=${triple%%:*}; rest=${triple#*:}; q=${rest%%:*}; want=${rest#*:}
            [ -f "$q" ] && [ -f "$want" ] || continue
            $qemu $tool query "$m" < "$q" > $out 2>&1
            maps=$((maps + 1)); queries=$((queries + $(wc -l < "$q")))
            if cmp -s $out "$want"; then same=$((same + 1)); else differ="$differ $kind:$(basename "$m")"; fi
        done
    done
    if [ -z "$differ" ] && [ $same -gt 0 ]; then
        pass "$t: $same sessions ($what), $queries queries, identical to the host and the expected answers"
        printf '%-12s %5d %8d %s\n' $t $maps $queries yes >> $table
    else
        fail "$t: output differs:$differ"
        printf '%-12s %5d %8d %s\n' $t $maps $queries "no:$differ" >> $table
    fi
}

for t in $(sed -n 's/^CONSOLE_TARGETS *:= *//p' mk/targets.mk); do
    target_run $t "$(sed -n "s/^TARGET_${t}_QEMU *:= *//p" mk/targets.mk)" build/$t/bspkit "gen real boundary"
done
for t in ppc ppc64; do target_run $t qemu-$t build/$t/bspkit boundary; done
for t in ppc ppc64; do target_run clang-$t qemu-$t build/clang-$t/bspkit "gen boundary"; done
cat $table
