# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- section 10: BSPX, .lit, decoupled lightmaps (test/bspx_check.py) ----
# The generator's bspx/ maps: the base maps' answers as the description
# changes them, the independent reference (test/reference/bspref_bspx.py)
# with and without --hdr, info, .lit diagnostics, forward-only and
# resumable loads; the real example_q1_bspx.bsp and pd_counter.bsp (with
# and without its .lit) against the reference.
bspx_run() {
    if python3 test/bspx_check.py "$@" > "$LOG.bspx" 2>&1; then :; fi
    grep -E '^(PASS|FAIL|SKIP) ' "$LOG.bspx" >> "$LOG"
    grep -E '^(FAIL|SKIP) ' "$LOG.bspx"
    grep -qE '^(PASS|FAIL|SKIP) ' "$LOG.bspx" || { fail "bspx_check.py $1: no result"; tail -5 "$LOG.bspx"; }
    rm -f "$LOG.bspx"
}
bspx_run generated $BUILD/bspkit $MAPS
if have_shared; then
    bspx_run real $BUILD/bspkit "$SHARED/maps"
else
    skip "section 10 real maps: $SHARED/maps is absent"
fi
