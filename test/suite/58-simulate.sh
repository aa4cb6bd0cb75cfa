# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- `bspkit load --simulate MEDIUM [--workers N] [--cpu-factor F]` -------
# Only what the model guarantees: the load's result whatever the workers,
# the load no shorter than its bound (the drive, or a lump's first byte
# plus its decode: the same measured costs as the load's) nor than the
# drive's transfer time, every compressed lump decoded by jobs, and the
# arena's price per job. Timings themselves are not compared (processor time varies).
sim_map=$MAPS/x360_v20_ldr.bsp
sim_tool=$BUILD/asan/bspkit
S=$BUILD/simulate
mkdir -p $S
if [ -f "$sim_map" ]; then
    ok=1
    for med in dvd hdd ssd; do
        for w in 0 1 3; do
            $sim_tool load --simulate $med --workers $w "$sim_map" > $S/$med.w$w.json 2> $S/$med.w$w.err ||
                { ok=0; echo "exit $? for $med --workers $w: $(cat $S/$med.w$w.err)"; }
        done
    done
    $sim_tool load --simulate dvd --workers 3 --console "$sim_map" > $S/console.json 2>&1 || ok=0
    $sim_tool load --simulate dvd --workers 2 --cpu-factor 2.5 "$sim_map" > $S/f25.json 2>&1 || ok=0
    $BUILD/bspkit info "$sim_map" > $S/info.json 2>&1 || ok=0
    if [ $ok = 1 ] && python3 - $S "$sim_map" <<'PY'
import json, sys
d = sys.argv[1]
info = json.load(open(d + "/info.json"))
compressed = sum(1 for l in info["lumps"] if l["compressed"])
bad = []
for med in ("dvd", "hdd", "ssd"):
    r = {w: json.load(open("%s/%s.w%d.json" % (d, med, w))) for w in (0, 1, 3)}
    if r[0]["resumable_ms"] is None or r[0]["workers"] != 0:
        bad.append("%s: workers 0 has no real-time run" % med)
    for w in (1, 3):
        x = r[w]
        if x["workers"] != w or x["resumable_ms"] is not None or x["cpu_factor"] != 1:
            bad.append("%s w%d: workers/real-time keys/factor %s" % (med, w, x))
        if x["job_lumps"] != compressed or x["jobs"] < compressed:
            bad.append("%s w%d: %d jobs over %d lumps for %d compressed lumps" % (med, w, x["jobs"], x["job_lumps"], compressed))
        # a lump's decode after its first byte is a lower bound (same
        # costs), the drive's transfer too
        if x["model_vs_stream_bound"] < 0.9995 or x["model_vs_transfer"] < 0.9995:
            bad.append("%s w%d: under its bound: %s" % (med, w, x))
        if x["longest_job_ms"] > x["bound_ms"] + 0.01 or x["transfer_ms"] > x["stream_bound_ms"] + 0.01 or \
           x["stream_bound_ms"] > x["bound_ms"] + 0.01:
            bad.append("%s w%d: bound %s below a job or the drive" % (med, w, x["bound_ms"]))
        if x["transfer_ms"] != r[0]["transfer_ms"]:
            bad.append("%s w%d: the drive's time depends on the workers" % (med, w))
    # every job costs one decoder table and state, nothing else
    if r[3]["arena_bytes"] - r[1]["arena_bytes"] != 2 * r[3]["worker_arena_bytes"] or \
       not 0 < r[1]["arena_bytes"] - r[0]["arena_bytes"] <= r[3]["worker_arena_bytes"] or \
       r[3]["worker_arena_bytes"] != 16112:
        bad.append("%s: arena %d/%d/%d, %d a worker" % (med, r[0]["arena_bytes"], r[1]["arena_bytes"],
                                                        r[3]["arena_bytes"], r[3]["worker_arena_bytes"]))
c = json.load(open(d + "/console.json"))
f = json.load(open(d + "/f25.json"))
if c["cpu_factor"] != 8 or f["cpu_factor"] != 2.5 or c["model_vs_stream_bound"] < 0.9995:
    bad.append("factors: %s / %s" % (c, f))
sys.exit("\n".join(bad) if bad else 0)
PY
    then pass "load --simulate --workers: every lump decoded by jobs, no load under its bound or the drive, a decoder table a worker"
    else fail "load --simulate --workers: see $S"; fi

    # a broken lump: the same status and report whatever the workers
    python3 - "$sim_map" $S/bad.bsp $S/info.json <<'PY'
import json, sys
data = bytearray(open(sys.argv[1], "rb").read())
info = json.load(open(sys.argv[3]))
big = max((l for l in info["lumps"] if l["compressed"]), key=lambda l: l["length"])
at = big["offset"] + 17 + big["length"] // 3
data[at:at + 64] = b"\xff" * 64
open(sys.argv[2], "wb").write(data)
PY
    for w in 0 1 3; do
        $sim_tool load --simulate hdd --workers $w $S/bad.bsp > $S/bad.w$w.out 2>&1
        echo "exit $?" >> $S/bad.w$w.out
    done
    if grep -q '"error":"lzma_corrupt"' $S/bad.w0.out && grep -q "exit 1" $S/bad.w0.out &&
       cmp -s $S/bad.w0.out $S/bad.w1.out && cmp -s $S/bad.w0.out $S/bad.w3.out; then
        pass "load --simulate --workers: a corrupt lump fails the same way with 0, 1 or 3 workers"
    else fail "load --simulate --workers: corrupt lump: $(cat $S/bad.w0.out $S/bad.w1.out $S/bad.w3.out)"; fi
else
    skip "load --simulate --workers: $sim_map absent"
fi

# options out of range are usage errors (exit 2) that name the option
ok=1
for args in "--workers 33" "--workers -1" "--workers x" "--cpu-factor 0" "--cpu-factor abc" "--cpu-factor -2"; do
    # shellcheck disable=SC2086
    $sim_tool load --simulate hdd $args "$sim_map" > /dev/null 2> $S/usage.err
    rc=$?
    opt=${args%% *}
    if [ $rc -ne 2 ] || ! grep -q "option '$opt'" $S/usage.err; then
        ok=0; echo "load --simulate $args: exit $rc, $(cat $S/usage.err)"
    fi
done
if [ $ok = 1 ]; then pass "load --simulate: --workers and --cpu-factor out of range are usage errors"
else fail "load --simulate: bad --workers/--cpu-factor accepted"; fi
