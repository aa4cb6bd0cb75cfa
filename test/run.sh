#!/bin/sh
# SPDX-License-Identifier: MIT
# run.sh - the whole suite, as `make test` runs it. Every check prints one
# PASS/FAIL/SKIP line; the last line is "N passed, N failed, N skipped" and
# the exit status is non-zero if anything failed.
#
# Environment: BUILD (default build), SHARED (default ../shared), OA (the
# openarena-data tree), PARTS, SKIP_PARTS (parts left out the same way; make
# test-host leaves out the cross-target ones), SUITE_CROSS (0: no cross
# build is made, see cross_missing), SUITE (the folder of parts, default
# test/suite; the suite's own self-test points it elsewhere), SUITE_JOBS
# (parts run at once, default 2; see "the parts").
BUILD=${BUILD:-build}
SHARED=${SHARED:-../shared}
OA=${OA:-/usr/share/games/openarena}
SUITE=${SUITE:-test/suite}
MAPS=$BUILD/maps
LOG=$BUILD/test.log
mkdir -p "$BUILD/suite"
: > "$LOG"

# ---- reporting ------------------------------------------------------------
# A FAIL line names the part's file and line: `fail ...` in a part is run
# as `fail_at LINE ...` (see run_part), since dash has no $LINENO.
pass() { echo "PASS $*" >> "$LOG"; }
fail_at() {
    _at=$SUITE_PART:$1; shift
    echo "FAIL $_at: $*" >> "$LOG"; echo "FAIL $_at: $*"
}
fail() { fail_at "?" "$@"; }
skip() { echo "SKIP $*" >> "$LOG"; echo "SKIP $*"; }

# A C test program: its PASS/FAIL/SKIP lines go to the log; a crash or a
# non-zero exit without a FAIL line is a failure of its own, and so is a
# program that checked nothing (no line at all: it was given no input). A
# FAIL line that names no file:line of its own (a script's, a Python
# checker's) gets the part's line that ran it.
run_prog_at() {
    _line=$1; name=$2; shift 2
    out=$BUILD/test-$name.out
    "$@" > "$out.raw" 2>&1
    rc=$?
    awk -v at="$SUITE_PART:$_line" '/^FAIL / && $2 !~ /^[^ ]+:[0-9]+:$/ { sub(/^FAIL /, "FAIL " at ": ") } { print }' \
        "$out.raw" > "$out"
    rm -f "$out.raw"
    grep -E '^(PASS|FAIL|SKIP) ' "$out" >> "$LOG"
    grep -E '^(FAIL|SKIP) ' "$out"
    if [ $rc -ne 0 ] && ! grep -q '^FAIL ' "$out"; then
        fail_at "$_line" "$name: exited with status $rc (see $out)"
        tail -5 "$out"
    elif ! grep -qE '^(PASS|FAIL|SKIP) ' "$out"; then
        fail_at "$_line" "$name: printed no PASS, FAIL or SKIP line (see $out)"
    fi
}
run_prog() { run_prog_at "?" "$@"; }

have_shared() { [ -d "$SHARED/maps" ]; }

# A check that needs a cross build or qemu that is not there: make test
# builds them before the suite (a FAIL here), make test-host does not
# (SUITE_CROSS=0: a SKIP).
cross_missing_at() {
    _line=$1; shift
    if [ "${SUITE_CROSS:-1}" = 0 ]; then skip "$* (make test-host builds no cross target)"
    else fail_at "$_line" "$*"; fi
}
cross_missing() { cross_missing_at "?" "$@"; }

# ---- the parts' inputs ----------------------------------------------------
# Each prints its list of files and returns 1 when there is none, so that a
# part says why it skips:   maps=$(gen_maps) || skip "resume: no generated maps"

# The fixture maps of test/gen (make builds them; here made on demand for a
# run.sh started by hand).
gen_ready() {
    [ -f "$MAPS/.stamp" ] && return 0
    [ -x "$BUILD/bspgen" ] || return 1
    mkdir -p "$MAPS" && "$BUILD/bspgen" "$MAPS" > "$BUILD/bspgen.log" 2>&1 && touch "$MAPS/.stamp"
}
# gen_maps [NAME...]: every generated map but the large one, or the named
# ones ($MAPS/NAME.bsp) that exist.
gen_maps() {
    gen_ready || return 1
    if [ $# -eq 0 ]; then
        _list=$(ls "$MAPS"/*.bsp 2>/dev/null | grep -v '/large\.bsp$')
    else
        _list=""
        for _n in "$@"; do [ -f "$MAPS/$_n.bsp" ] && _list="$_list $MAPS/$_n.bsp"; done
    fi
    [ -n "$_list" ] && echo $_list
}
# test_api's arguments: every generated map, each followed by its .api file
# (the generator's expected answers) when it has one.
gen_api_args() {
    _maps=$(gen_maps) || return 1
    for _m in $_maps; do
        printf '%s ' "$_m"; [ -f "${_m%.bsp}.api" ] && printf '%s ' "${_m%.bsp}.api"
    done
    echo
}
# The three small Source maps the hostile-input mutations run over.
small_maps() { gen_maps v20_ldr x360_v20_ldr v20_lzma; }
# real_maps [DIR...]: the real maps of $SHARED/maps (DIR: only those
# folders, e.g. quake3).
real_maps() {
    have_shared || return 1
    if [ $# -eq 0 ]; then _list=$(ls "$SHARED"/maps/*/*.bsp 2>/dev/null)
    else _list=""; for _d in "$@"; do _list="$_list $(ls "$SHARED/maps/$_d"/*.bsp 2>/dev/null)"; done; fi
    _list=$(echo $_list)
    [ -n "$_list" ] && echo "$_list"
}
# quake2_new_maps: the real Quake 2 maps of $SHARED/maps/new/quake2 the
# quake2 parts also read (issue 43: QBSP 38, the re-release's
# example_qbism.bsp), read in place, never copied; returns 1 when absent.
quake2_new_maps() {
    have_shared || return 1
    _list=$(ls "$SHARED"/maps/new/quake2/*.bsp 2>/dev/null)
    _list=$(echo $_list)
    [ -n "$_list" ] && echo "$_list"
}

# id_new_maps: the real maps of $SHARED/maps/new that the id families read
# (new/quake2: QBSP 38; new/quake3: IBSP 47, docs/queries.md 13.2), read in
# place, never copied; returns 1 when there are none.
id_new_maps() {
    have_shared || return 1
    _list=$(ls "$SHARED"/maps/new/quake2/*.bsp "$SHARED"/maps/new/quake3/*.bsp 2>/dev/null)
    _list=$(echo $_list)
    [ -n "$_list" ] && echo "$_list"
}
# real_queries MAP: the file of query points the independent reference
# (test/reference/bspref.py) picks on a real map, made once.
real_queries() {
    _q=$BUILD/ref-$(basename "$(dirname "$1")")-$(basename "$1").queries
    # (written aside and moved: two parts running at once may both ask)
    [ -s "$_q" ] || { python3 test/reference/bspref.py points "$1" > "$_q.$$" 2>/dev/null; mv -f "$_q.$$" "$_q"; }
    [ -s "$_q" ] && echo "$_q"
}
# made_once DIR COMMAND...: fill DIR by COMMAND once (DIR/.stamp says it
# was); a part that asks while another part is making it waits for that one
# (parts run at once: see "the parts"). Returns 1 when COMMAND failed.
made_once() {
    _dir=$1; shift
    while [ ! -f "$_dir/.stamp" ]; do
        if mkdir -p "$(dirname "$_dir")" && mkdir "$_dir.making" 2> /dev/null; then
            mkdir -p "$_dir"
            "$@" > /dev/null 2>&1 && touch "$_dir/.stamp"
            rmdir "$_dir.making"
            [ -f "$_dir/.stamp" ]; return
        fi
        sleep 1
    done
}
# oa_maps [NAME...]: the Quake 3 maps of openarena-data's .pk3 files,
# extracted into $BUILD/openarena once; or the named ones.
oa_maps() {
    ls "$OA"/*/*.pk3 > /dev/null 2>&1 || return 1
    made_once "$BUILD/openarena" python3 test/openarena/openarena_maps.py "$OA" "$BUILD/openarena" || return 1
    if [ $# -eq 0 ]; then _list=$(ls "$BUILD"/openarena/*.bsp 2>/dev/null)
    else _list=""; for _n in "$@"; do [ -f "$BUILD/openarena/$_n.bsp" ] && _list="$_list $BUILD/openarena/$_n.bsp"; done; fi
    _list=$(echo $_list)
    [ -n "$_list" ] && echo "$_list"
}

# curves_maps: the Quake 3 maps test/craft/craft_curves.py makes from the
# generated q3.bsp (curves.bsp, curves_bad.bsp, curves_big.bsp), crafted
# into $BUILD/curves once.
curves_maps() {
    _q3=$(gen_maps q3) || return 1
    made_once "$BUILD/curves" python3 test/craft/craft_curves.py $_q3 "$BUILD/curves" || return 1
    echo "$BUILD/curves/curves.bsp $BUILD/curves/curves_bad.bsp $BUILD/curves/curves_big.bsp"
}

# mesh_maps: the maps test/craft/craft_mesh.py makes for meshes by texture
# (mesh_q1, mesh_q2, mesh_v20, mesh_terrain, mesh_q3, mesh_q3_big,
# mesh_q3_bad), from the
# generated maps and the curve maps, crafted into $BUILD/meshcraft once.
mesh_maps() {
    curves_maps > /dev/null || return 1
    gen_maps q1 q2 v20_terrain > /dev/null || return 1
    made_once "$BUILD/meshcraft" python3 test/craft/craft_mesh.py "$MAPS" "$BUILD/curves" "$BUILD/meshcraft" || return 1
    echo $BUILD/meshcraft/mesh_q1.bsp $BUILD/meshcraft/mesh_q2.bsp $BUILD/meshcraft/mesh_v20.bsp $BUILD/meshcraft/mesh_terrain.bsp \
        $BUILD/meshcraft/mesh_q3.bsp $BUILD/meshcraft/mesh_q3_big.bsp $BUILD/meshcraft/mesh_q3_bad.bsp
}

# ---- the parts ------------------------------------------------------------
# Each file in $SUITE is one part, each in a subshell of its own: it sees the
# helpers above, and no variable another part set (its inputs come from the
# functions above). Before it runs, a copy of it gets the line number of each
# `fail`, `run_prog` and `cross_missing` call (the word starting a command)
# as a first argument, for the FAIL line. A part writes its lines to a log of
# its own; the logs are joined in name order into $LOG at the end, so the
# log reads the same however the parts were run.
run_part() {   # PART_FILE
    SUITE_PART=$1
    _name=$(basename "$1" .sh)
    _copy=$BUILD/suite/$_name.sh
    LOG=$BUILD/suite/$_name.log
    : > "$LOG"
    awk 'function mark(s, word, repl,   o) {
        o = ""
        while (match(s, "(^|[ \t;&|{()])" word "[ \t]")) {
            o = o substr(s, 1, RSTART + RLENGTH - 2 - length(word)) repl
            s = substr(s, RSTART + RLENGTH)
        }
        return o s
    }
    { s = mark($0, "fail", "fail_at " NR " ")
      s = mark(s, "run_prog", "run_prog_at " NR " ")
      print mark(s, "cross_missing", "cross_missing_at " NR " ") }' "$1" > "$_copy"
    _t0=$(date +%s)
    ( . "$_copy" )
    echo "$_name $(( $(date +%s) - _t0 ))" >> "$BUILD/suite/times"
    if [ ! -s "$LOG" ]; then
        fail_at "-" "part $(basename "$1") reported no PASS, FAIL or SKIP line"
    fi
}

# The fixtures first: a part that names a generated map finds it.
gen_ready || echo "note: no generated maps in $MAPS and no $BUILD/bspgen to make them (make host-bins)"

# PARTS (for example PARTS="30 70") runs only the parts whose names start
# with one of those words, for quick work on one area; make test runs all.
picked=$BUILD/suite/picked
: > "$picked"
for part in "$SUITE"/*.sh; do
    if [ -n "${PARTS:-}" ]; then
        want=0
        for p in $PARTS; do case $(basename "$part") in "$p"*) want=1 ;; esac; done
        [ $want -eq 1 ] || continue
    fi
    skip_it=0
    for p in ${SKIP_PARTS:-}; do case $(basename "$part") in "$p"*) skip_it=1 ;; esac; done
    [ $skip_it -eq 0 ] || continue
    echo "$part" >> "$picked"
done

# SUITE_JOBS workers (the machines the suite runs on have two cores and most
# parts keep one busy) take the parts one at a time: the parts whose header
# says "# suite: long" first, then the rest in name order, so that no long
# part starts last. A part is taken by making its claim folder (mkdir is
# atomic: one worker wins it).
rm -rf "$BUILD/suite/claim" "$BUILD/suite/times" "$BUILD"/*.making "$BUILD"/suite/*.log
mkdir -p "$BUILD/suite/claim"
queue=$BUILD/suite/queue
{ while read -r part; do grep -q '^# suite: long' "$part" && echo "$part"; done < "$picked"
  while read -r part; do grep -q '^# suite: long' "$part" || echo "$part"; done < "$picked"; } > "$queue"
suite_worker() {
    while read -r part; do
        mkdir "$BUILD/suite/claim/$(basename "$part")" 2> /dev/null || continue
        run_part "$part"
    done < "$queue"
}
w=0
while [ $w -lt "${SUITE_JOBS:-2}" ]; do
    suite_worker &
    w=$((w + 1))
done
wait

while read -r part; do
    cat "$BUILD/suite/$(basename "$part" .sh).log" >> "$LOG"
done < "$picked"
# the longest parts, for whoever makes the suite faster
if [ -s "$BUILD/suite/times" ]; then
    echo "longest parts (s): $(sort -k2 -nr "$BUILD/suite/times" | head -6 | tr '\n' ' ')"
fi
passed=$(grep -c '^PASS ' "$LOG")
failed=$(grep -c '^FAIL ' "$LOG")
skipped=$(grep -c '^SKIP ' "$LOG")
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
