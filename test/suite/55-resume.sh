# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# suite: long
# ---- resumable loading: random reads, orders, budgets, cancels -----------
if gen_maps=$(gen_maps); then run_prog resume $BUILD/t/test_resume $gen_maps
else skip "resume: no generated maps in $MAPS"; fi
if real=$(real_maps); then
    run_prog resume-real $BUILD/t/test_resume --quick $real
else
    skip "resume-real: $SHARED/maps absent"
fi
# the tool answers the same through the resumable path
resumable=0
for m in $gen_maps; do
    base=${m%.bsp}
    [ -f "$base.queries" ] && [ -f "$base.expected" ] || continue
    resumable=$((resumable + 1))
    $BUILD/asan/bspkit query --resumable --budget 777 --chunk 1000 "$m" < "$base.queries" > "$base.res" 2>&1
    if cmp -s "$base.res" "$base.expected"; then pass "$(basename "$base"): query --resumable gives the expected answers"
    else fail "$(basename "$base"): query --resumable differs"; fi
done
[ $resumable -gt 0 ] || skip "query --resumable: no generated map with .queries and .expected"
for arch in ppc ppc64; do
    dir=build/$arch
    if [ -z "$gen_maps" ]; then
        skip "$arch-resume: no generated maps"
    elif command -v qemu-$arch >/dev/null && [ -x $dir/t/test_resume ]; then
        run_prog $arch-resume qemu-$arch $dir/t/test_resume --quick $gen_maps
    else
        cross_missing "$arch: qemu-$arch or $dir/t/test_resume missing (make cross)"
    fi
done
# decode jobs on real threads (test/bench/bench_jobs.c --check) under
# ThreadSanitizer: the generated console maps (every compressed layout),
# one map of each other family (no jobs to hand out), the real console map
if gen_ready; then
    x360_maps=$(ls $MAPS/x360_*.bsp $MAPS/v20_lzma*.bsp 2>/dev/null)
    run_prog jobs-threads $BUILD/tsan/bench_jobs --check $x360_maps $(gen_maps q1 q2 q3 nightfire)
else
    skip "jobs-threads: no generated maps in $MAPS"
fi
if have_shared; then
    run_prog jobs-threads-real $BUILD/tsan/bench_jobs --check "$SHARED/maps/xbox360/shack.360.bsp"
else
    skip "jobs-threads-real: $SHARED/maps absent"
fi
