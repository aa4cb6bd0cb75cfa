# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- lighting edge rules: LDR/HDR choice with empty lumps (docs/queries.md 4, 7)
# test_lightedge empties directory entries of two generated Source maps and
# checks which pair each answer comes from, on the host and big-endian
# PowerPC. (The other edge rules live in the generated maps of part 30:
# q3_gridsize*, q3_grid_short, borrowing chains, not_on_face.)
run_prog lightedge $BUILD/t/test_lightedge $MAPS/v21_ldr_hdr.bsp $MAPS/v19_ldr_hdr.bsp
for arch in ppc ppc64; do
    if [ -x build/$arch/t/test_lightedge ] && command -v qemu-$arch > /dev/null; then
        run_prog $arch-lightedge qemu-$arch build/$arch/t/test_lightedge $MAPS/v21_ldr_hdr.bsp $MAPS/v19_ldr_hdr.bsp
    else
        cross_missing "$arch: build/$arch/t/test_lightedge or qemu-$arch missing (make cross)"
    fi
done
