# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- section 10: BSPX, .lit, decoupled lightmaps (test/checks/bspx_check.py) ----
# The generator's bspx/ maps: the base maps' answers as the description
# changes them, the independent reference (test/reference/bspref_bspx.py)
# with and without --hdr, info, .lit diagnostics, forward-only and
# resumable loads; the real example_q1_bspx.bsp and pd_counter.bsp (with
# and without its .lit) against the reference.
bspx_run() { run_prog bspx-$1 python3 test/checks/bspx_check.py "$@"; }
bspx_run generated $BUILD/bspkit $MAPS
# the library side: the .lit stream, style slots past 0, extra_lumps
if have_shared; then run_prog bspx $BUILD/t/test_bspx $MAPS "$SHARED/maps"
else run_prog bspx $BUILD/t/test_bspx $MAPS; fi
if have_shared; then
    bspx_run real $BUILD/bspkit "$SHARED/maps"
else
    skip "section 10 real maps: $SHARED/maps is absent"
fi
# big-endian hosts (make cross): the same answers and info, byte for byte
for t in ppc ppc64; do
    if [ -x build/$t/bspkit ] && command -v qemu-$t > /dev/null; then
        bspx_be=0
        for m in $MAPS/bspx/*.bsp $(have_shared && ls "$SHARED/maps/bsp2/example_q1_bspx.bsp" "$SHARED/maps/quake/pd_counter.bsp"); do
            python3 -c "import sys; sys.path.insert(0, 'test/checks'); import bspx_check as C; sys.stdout.buffer.write(C.face_centres(sys.argv[1]))" "$m" > "$LOG.bq"
            # (no query lines would compare two empty answers)
            [ -s "$LOG.bq" ] || { bspx_be=1; echo "  $m: no query lines"; }
            for fl in "" --hdr --forward; do
                qemu-$t build/$t/bspkit query $fl "$m" < "$LOG.bq" > "$LOG.be" 2>/dev/null
                $BUILD/bspkit query $fl "$m" < "$LOG.bq" > "$LOG.le" 2>/dev/null
                cmp -s "$LOG.be" "$LOG.le" || { bspx_be=1; echo "  $t $m $fl differs"; }
            done
            [ "$(qemu-$t build/$t/bspkit info "$m" 2>/dev/null)" = "$($BUILD/bspkit info "$m" 2>/dev/null)" ] ||
                { bspx_be=1; echo "  $t $m info differs"; }
        done
        rm -f "$LOG.bq" "$LOG.be" "$LOG.le"
        if [ $bspx_be -eq 0 ]; then pass "section 10 maps: $t (big-endian) answers byte for byte as the host"
        else fail "section 10 maps: $t (big-endian) answers differ from the host's"; fi
    else
        skip "section 10 maps on $t: build/$t/bspkit or qemu-$t missing (make cross)"
    fi
done
# typed face access (bsp_get_face's block, lightmap UVs) by each face's rule
for m in $MAPS/bspx/*.bsp; do
    if python3 test/access/access_check.py $BUILD/bspkit "$m" > "$LOG.acc" 2>&1; then
        pass "bspx/$(basename "$m"): map access follows section 10 ($(tail -1 "$LOG.acc" | sed 's/.*: //'))"
    else
        fail "bspx/$(basename "$m"): map access differs (see below)"; grep FAIL "$LOG.acc" | head -3
    fi
done
rm -f "$LOG.acc"
