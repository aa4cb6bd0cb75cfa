# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- resumable loading: random reads, orders, budgets, cancels -----------
run_prog resume $BUILD/t/test_resume $gen_maps
if have_shared; then
    run_prog resume-real $BUILD/t/test_resume --quick $(ls "$SHARED"/maps/*/*.bsp)
else
    skip "resume-real: $SHARED/maps absent"
fi
# the tool answers the same through the resumable path
for m in $gen_maps; do
    base=${m%.bsp}
    [ -f "$base.queries" ] && [ -f "$base.expected" ] || continue
    $BUILD/asan/bspkit query --resumable --budget 777 --chunk 1000 "$m" < "$base.queries" > "$base.res" 2>&1
    if cmp -s "$base.res" "$base.expected"; then pass "$(basename "$base"): query --resumable gives the expected answers"
    else fail "$(basename "$base"): query --resumable differs"; fi
done
for arch in ppc ppc64; do
    dir=build/$arch
    if command -v qemu-$arch >/dev/null && [ -x $dir/t/test_resume ]; then
        run_prog $arch-resume qemu-$arch $dir/t/test_resume --quick $gen_maps
    else
        fail "$arch: qemu-$arch or $dir/t/test_resume missing (make cross)"
    fi
done
# decode jobs on real threads (test/bench_jobs.c --check) under
# ThreadSanitizer: the generated console maps (every compressed layout),
# one map of each other family (no jobs to hand out), the real console map
x360_maps=$(ls $MAPS/x360_*.bsp $MAPS/v20_lzma*.bsp 2>/dev/null)
run_prog jobs-threads $BUILD/tsan/bench_jobs --check $x360_maps $MAPS/q1.bsp $MAPS/q2.bsp $MAPS/q3.bsp $MAPS/nightfire.bsp
if have_shared; then
    run_prog jobs-threads-real $BUILD/tsan/bench_jobs --check "$SHARED/maps/xbox360/shack.360.bsp"
else
    skip "jobs-threads-real: $SHARED/maps absent"
fi
