# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- `bspkit load --steps`: the longest work step, each step's best time --
steps_map=$MAPS/x360_v20_ldr.bsp
if [ -f "$steps_map" ]; then
    steps_256k=$($BUILD/asan/bspkit load --steps --repeat 2 "$steps_map")
    steps_4k=$($BUILD/asan/bspkit load --steps --repeat 2 --budget 4096 "$steps_map")
    if python3 - "$steps_256k" "$steps_4k" <<'PY'
import json, sys
a, b = (json.loads(x) for x in sys.argv[1:3])
ok = (a["budget"] == 262144 and b["budget"] == 4096 and a["repeat"] == 2
      and 0 < a["steps"] < b["steps"] and a["at_step"] < a["steps"]
      and 0 < a["max_step_ms"] <= a["work_ms"] + 0.01 and a["step_work"] > 0)
sys.exit(0 if ok else 1)
PY
    then pass "load --steps: the longest step as JSON, more steps at a smaller budget"
    else fail "load --steps: $steps_256k / $steps_4k"; fi
else
    skip "load --steps: $steps_map absent"
fi
if $BUILD/asan/bspkit load --steps "$MAPS/does-not-exist.bsp" > /dev/null 2>&1; then
    fail "load --steps: a missing map exits 0"
else
    pass "load --steps: a missing map exits non-zero"
fi
