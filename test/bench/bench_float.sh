#!/bin/sh
# SPDX-License-Identifier: MIT
# bench_float.sh - query time of the current library against the previous
# code (FLOAT_BASE, a git revision; `make bench` builds both), in one run:
# the two builds of test/bench/bench_query.c take turns, ROUNDS times each, and the
# best time of each query kind counts. Issue 12's target: rounding every
# float operation keeps the queries within 5% of the previous code.
# The last line is one JSON object with the ratios (current / previous).
BUILD=${BUILD:-build}
SHARED=${SHARED:-../shared}
ROUNDS=${ROUNDS:-7}
B=$BUILD/bench
map="$SHARED/maps/xbox360/shack.360.bsp"
[ -f "$map" ] || map=$B/large_x360.bsp
: > $B/float-prev.out; : > $B/float-cur.out
i=0
while [ $i -lt "$ROUNDS" ]; do
    $B/bench_query_prev "$map" 3 >> $B/float-prev.out || exit 1
    $B/bench_query "$map" 3 >> $B/float-cur.out || exit 1
    i=$((i + 1))
done
python3 - "$map" $B/float-prev.out $B/float-cur.out <<'PY'
import json, sys
best = []
for path in sys.argv[2:4]:
    runs = [json.loads(l) for l in open(path)]
    best.append({k: min(r[k] for r in runs) for k in ("ns_point_leaf", "ns_luxel", "ns_light")})
prev, cur = best
print("== float queries, current vs previous code, %s" % sys.argv[1])
out = {}
for k in prev:
    out[k + "_ratio"] = round(cur[k] / prev[k], 3)
    print("%-14s previous %8.1f ns   current %8.1f ns   ratio %.3f" % (k[3:], prev[k], cur[k], cur[k] / prev[k]))
print(json.dumps(out, separators=(",", ":")))
PY
