# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- every phase of a resumable load in budget-sized slices ---------------
[ -n "${gen_maps:-}" ] || gen_maps=$(ls $MAPS/*.bsp 2>/dev/null | grep -v '/large\.bsp$')
run_prog slices $BUILD/t/test_slices $gen_maps
if have_shared; then
    run_prog slices-real $BUILD/t/test_slices $(ls "$SHARED"/maps/*/*.bsp)
else
    skip "slices-real: $SHARED/maps absent"
fi
for arch in ppc ppc64; do
    dir=build/$arch
    if command -v qemu-$arch >/dev/null && [ -x $dir/t/test_slices ]; then
        run_prog $arch-slices qemu-$arch $dir/t/test_slices $gen_maps
    else
        fail "$arch: qemu-$arch or $dir/t/test_slices missing (make cross)"
    fi
done
