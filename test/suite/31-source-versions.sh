# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- Source versions 22..29 and Strata Source (issue 15) ------------------
# The generated maps of these versions (30-generated checks their expected
# answers) against the independent reference, which reads each record by
# its lump version; then maps spoiled one way each by test/craft/craft_versions.py.
# There are no real v22+ maps in $SHARED/maps.
V=$BUILD/versions
rm -rf "$V"
mkdir -p "$V"
for name in v22 v23 v27_contagion v25_strata v25_strata_hdr_only x360_v25_strata; do
    m=$MAPS/$name.bsp
    if [ ! -f "$m" ]; then
        fail "$name: $m missing (bspgen did not write it)"
        continue
    fi
    python3 test/reference/bspref.py points "$m" > "$V/$name.q" 2>/dev/null
    python3 test/reference/bspref.py query "$m" < "$V/$name.q" > "$V/$name.ref" 2>&1
    $BUILD/asan/bspkit query "$m" < "$V/$name.q" > "$V/$name.out" 2>&1
    if [ -s "$V/$name.q" ] && grep -q '"q":"ambient","leaf"' "$V/$name.ref" && cmp -s "$V/$name.ref" "$V/$name.out"; then
        pass "$name: $(wc -l < "$V/$name.q") queries (ambient included) answer as the independent reference does"
    else
        fail "$name: answers differ from test/reference/bspref.py"
        diff "$V/$name.ref" "$V/$name.out" | head -6
    fi
done
# The records really are Strata's: 72-byte faces, 48-byte nodes.
stats=$($BUILD/bspkit stats "$MAPS/v25_strata.bsp")
if python3 - "$stats" "$MAPS/v25_strata.counts" <<'PYEOF'
import json, sys
s = json.loads(sys.argv[1])
c = dict(l.split() for l in open(sys.argv[2]) if l.strip())
sys.exit(0 if s["faces"] == int(c["faces"]) and s["nodes"] == int(c["nodes"]) else 1)
PYEOF
then pass "v25_strata: faces and nodes counted with Strata's record sizes"
else fail "v25_strata: stats $stats"; fi

cv() { python3 test/craft/craft_versions.py "$@"; }
# expect_err NAME COMMAND STATUS FILE: the tool fails with STATUS, cleanly.
expect_err() {
    $BUILD/asan/bspkit $2 "$4" < /dev/null > "$V/$1.out" 2> "$V/$1.err"
    rc=$?
    if [ $rc -eq 1 ] && grep -q "^{\"error\":\"$3\"" "$V/$1.out" && ! grep -q Sanitizer "$V/$1.err"; then
        pass "versions: $1 gives $3"
    else
        fail "versions: $1: exit $rc, $(head -c 200 "$V/$1.out")"
    fi
}
cv file_version "$MAPS/v22.bsp" "$V/v30.bsp" 30
expect_err v30 info bad_version "$V/v30.bsp"
if grep -q '"appears":"VBSP version 30: no known layout"' "$V/v30.out" &&
   grep -q "VBSP version 30: no known layout" "$V/v30.err"; then
    pass "versions: the tool says what a bad_version file appears to be"
else fail "versions: no 'VBSP version 30' in $(cat "$V/v30.out")"; fi
cv file_version "$MAPS/v22.bsp" "$V/v16.bsp" 16
expect_err v16 info bad_version "$V/v16.bsp"
cv lump_version "$MAPS/v22.bsp" "$V/nodes7.bsp" 5 7
expect_err nodes_version_7 info bad_lump_version "$V/nodes7.bsp"
cv lump_version "$MAPS/v25_strata.bsp" "$V/strata_faces1.bsp" 7 1
expect_err strata_faces_version_1 query bad_lump_version "$V/strata_faces1.bsp"
cv lump_version "$MAPS/v25_strata.bsp" "$V/strata_edges0.bsp" 12 0
expect_err strata_edges_version_0 faces bad_lump_version "$V/strata_edges0.bsp"
cv lump_version "$MAPS/v25_strata.bsp" "$V/strata_ambient0.bsp" 52 0
expect_err strata_ambient_index_version_0 query bad_lump_version "$V/strata_ambient0.bsp"
cv lump_version "$MAPS/v21_ldr_hdr.bsp" "$V/v21_leafs2.bsp" 10 2
expect_err v21_leaf_version_2 info bad_lump_version "$V/v21_leafs2.bsp"
for k in strata_edge strata_node_face strata_leafface; do
    cv $k "$MAPS/v25_strata.bsp" "$V/$k.bsp"
    expect_err $k info corrupt "$V/$k.bsp"
done
cv strata_ambient "$MAPS/v25_strata.bsp" "$V/strata_ambient.bsp"
grep '^ambient' "$MAPS/v25_strata.queries" | $BUILD/asan/bspkit query "$V/strata_ambient.bsp" > "$V/amb.out" 2>&1
if [ -s "$V/amb.out" ] && ! grep -v '"error":"corrupt"' "$V/amb.out" | grep -v '"error":"no_ambient"' | grep -q '"leaf"' &&
   grep -q '"error":"corrupt"' "$V/amb.out" && ! grep -q Sanitizer "$V/amb.out"; then
    pass "versions: 32-bit ambient samples past the lump answer corrupt"
else fail "versions: strata_ambient: $(head -c 300 "$V/amb.out")"; fi
# Dota 2's betas (docs/queries.md 13.6): v22, v23 and v23_terrain are the
# worlds of v21_ldr_hdr, v20_ldr and v20_terrain with 180- and 184-byte
# displacement info. Their
# brushes and displacement grids read as their twins' do; their collision
# lines answer unsupported (the expected answers, part 30).
for pair in v22:v21_ldr_hdr v23:v20_ldr v23_terrain:v20_terrain; do
    n=${pair%%:*}; t=${pair#*:}
    for cmd in brushes dispverts; do
        $BUILD/asan/bspkit $cmd "$MAPS/$n.bsp" > "$V/$n.$cmd" 2>&1
        $BUILD/bspkit $cmd "$MAPS/$t.bsp" > "$V/$t.$cmd" 2>&1
        if [ -s "$V/$n.$cmd" ] && ! grep -q '"error"' "$V/$n.$cmd" && cmp -s "$V/$n.$cmd" "$V/$t.$cmd"; then
            pass "versions: $n's $cmd are $t's ($(wc -l < "$V/$n.$cmd") lines)"
        else fail "versions: $n's $cmd differ from $t's: $(head -c 200 "$V/$n.$cmd")"; fi
    done
done
# Load what the layouts allow (BSP_LOAD_PARTIAL, issue 39): brush sides at
# a lump version with no known layout. Through a pipe (no second try) the
# load fails naming lump 19 and the version; with --partial the map answers
# every query as the unchanged map does, its collision lines the status
# that left collision out, and standard error names the lump left out.
cv lump_version "$MAPS/v20_ldr.bsp" "$V/sides99.bsp" 19 99
cat "$V/sides99.bsp" | $BUILD/asan/bspkit brushes - > "$V/sides99.out" 2> "$V/sides99.err"
rc=$?
$BUILD/bspkit query "$MAPS/v20_ldr.bsp" < "$MAPS/v20_ldr.queries" > "$V/sides_whole.q" 2> /dev/null
$BUILD/asan/bspkit query --partial "$V/sides99.bsp" < "$MAPS/v20_ldr.queries" > "$V/sides99.q" 2> "$V/sides99.qerr"
if [ $rc -eq 1 ] && grep -q "in lump 19, [a-z]*, version 99, at file offset" "$V/sides99.err" &&
   grep -q "lump 19 ([a-z]*), version 99, left out" "$V/sides99.qerr" &&
   python3 - "$V/sides99.out" "$V/sides_whole.q" "$V/sides99.q" <<'PYEOF'
import json, sys
err = json.loads(open(sys.argv[1]).read())
ok = err["error"] == "bad_lump_version" and err["index"] == 19 and err["lump_version"] == 99
whole = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
part = [json.loads(l) for l in open(sys.argv[3]) if l.strip()]
coll = {"trace", "contents", "hulltrace", "hullcontents"}
ok = ok and len(whole) == len(part) and len(whole) > 400
n = 0
for w, p in zip(whole, part):
    if w.get("q") in coll:
        # (a malformed line is refused before the map is asked)
        ok = ok and (p.get("error") == "bad_lump_version" or p == w == {"q": w["q"], "error": "bad_query"})
        n += "error" not in w
    else:
        ok = ok and w == p
sys.exit(0 if ok and n > 50 else "%s %d" % (err, n))
PYEOF
then
    pass "versions: brush sides of unknown layout: the error names lump 19 and version 99; --partial answers the rest"
else
    fail "versions: brush sides of unknown layout: exit $rc, $(head -c 300 "$V/sides99.out") $(head -c 300 "$V/sides99.err")"
fi
# Prefixes, bit flips and lying lump tables on Strata's records.
run_prog hostile-strata $BUILD/t/test_hostile "$MAPS/v25_strata.bsp"
