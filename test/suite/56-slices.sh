# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- every phase of a resumable load in budget-sized slices ---------------
if gen_maps=$(gen_maps); then run_prog slices $BUILD/t/test_slices $gen_maps
else skip "slices: no generated maps in $MAPS"; fi
if real=$(real_maps); then
    run_prog slices-real $BUILD/t/test_slices $real
else
    skip "slices-real: $SHARED/maps absent"
fi
for arch in ppc ppc64; do
    dir=build/$arch
    if [ -z "$gen_maps" ]; then
        skip "$arch-slices: no generated maps"
    elif command -v qemu-$arch >/dev/null && [ -x $dir/t/test_slices ]; then
        run_prog $arch-slices qemu-$arch $dir/t/test_slices $gen_maps
    else
        cross_missing "$arch: qemu-$arch or $dir/t/test_slices missing (make cross)"
    fi
done
