# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- Respawn's rBSP (docs/queries.md 12; issue 44, its first steps) -------
# The generated rBSP maps (test/gen/respawn_writer.c) and the public real
# one against test/reference/rbspref.py, a reader written from the
# contract: detection, versions and refusals with 12.1's statuses, the
# header fields `info` prints, the lumps (the PSBr twin's bytes as loaded
# equal its little-endian original's), the ENTITIES lump's entities, and
# the queries this step leaves unsupported.
R=$MAPS/respawn
tool=$BUILD/bspkit
[ -x $BUILD/asan/bspkit ] && tool=$BUILD/asan/bspkit
RD=$BUILD/respawn
rm -rf "$RD"
mkdir -p "$RD"

# compare NAME MAP: the tool's info and entities against the reference
compare() {
    $tool info "$2" > "$RD/$1.info" 2> "$RD/$1.err"
    echo "rc=$?" >> "$RD/$1.info"
    $tool entities "$2" > "$RD/$1.ents" 2>> "$RD/$1.err"
    python3 test/reference/rbspref.py info "$2" > "$RD/$1.ref"
    python3 - "$RD/$1.info" "$RD/$1.ents" "$RD/$1.ref" <<'EOF'
import json, sys
lines = open(sys.argv[1]).read().split("\n")
rc = int([l for l in lines if l.startswith("rc=")][0][3:])
got = json.loads(lines[0]) if lines[0].startswith("{") else {}
ref = json.loads(open(sys.argv[3]).read())
bad = []
if ref["status"] != "ok":
    if rc == 0 or got.get("error") != ref["status"]:
        bad.append("status %s (exit %d), reference %s" % (got.get("error"), rc, ref["status"]))
    if ref.get("appears") and got.get("appears") != ref["appears"]:
        bad.append("appears %r, reference %r" % (got.get("appears"), ref["appears"]))
    if not ref.get("appears") and "Apex" in str(got.get("appears")):
        bad.append("appears %r for a version that is not Apex's" % got.get("appears"))
    if ref["status"] == "bad_lump" and got.get("index") != ref["index"]:
        bad.append("bad_lump names lump %s, reference %s" % (got.get("index"), ref["index"]))
else:
    if rc != 0:
        bad.append("exit %d: %s" % (rc, lines[0][:200]))
    for k in ("family", "version", "endian", "revision", "signature", "entity_partitions"):
        if got.get(k) != ref[k]:
            bad.append("%s %r, reference %r" % (k, got.get(k), ref[k]))
    gl = [(l["index"], l["offset"], l["length"], l["version"], l.get("sha256")) for l in got.get("lumps", [])]
    rl = [(l["index"], l["offset"], l["length"], l["version"], l["sha256"]) for l in ref["lumps"]]
    if gl != rl:
        bad.append("lumps differ: %s" % [x for x in gl if x not in rl][:3])
    names = {0: "entities", 1: "planes", 3: "vertices", 14: "models", 24: "entity_partitions",
             0x4F: "mesh_indices", 0x50: "meshes", 0x55: "cm_grid", 0x6B: "cells", 0x7B: "level_info"}
    for l in got.get("lumps", []):
        if l["index"] in names and l.get("name") != names[l["index"]]:
            bad.append("lump %d named %r" % (l["index"], l.get("name")))
    ents = [json.loads(l) for l in open(sys.argv[2], errors="replace").read().split("\n") if l.startswith("{")]
    if ents != ref["entities"]:
        bad.append("entities: %d from the tool, %d in the reference" % (len(ents), len(ref["entities"])))
print("; ".join(bad) if bad else "ok %s" % json.dumps({k: ref.get(k) for k in ("status", "version", "endian", "revision", "num_entities")}))
sys.exit(1 if bad else 0)
EOF
}

if [ ! -f "$R/rsp37.bsp" ]; then
    skip "respawn: no generated rBSP maps in $R (bspgen --only respawn)"
else
    for n in rsp29 rsp36 rsp37 psbr29 sig_no_nul bad_count126 bad_v47_1 bad_v38 bad_v37_1 bad_past_end; do
        if msg=$(compare $n "$R/$n.bsp"); then pass "respawn: $n.bsp answers as the reference: $msg"
        else fail "respawn: $n.bsp: $msg"; fi
    done
    # the PSBr twin: the same lumps, byte for byte once loaded, the same entities
    if python3 - "$RD/rsp29.info" "$RD/psbr29.info" <<'EOF' && cmp -s "$RD/rsp29.ents" "$RD/psbr29.ents"
import json, sys
a, b = (json.loads(open(p).read().split("\n")[0]) for p in sys.argv[1:3])
la = [(l["index"], l["sha256"]) for l in a["lumps"]]
lb = [(l["index"], l["sha256"]) for l in b["lumps"]]
sys.exit(0 if la == lb and len(la) > 5 and a["endian"] == "little" and b["endian"] == "big" else 1)
EOF
    then pass "respawn: psbr29.bsp loads to the bytes and entities of its little-endian twin rsp29.bsp"
    else fail "respawn: psbr29.bsp differs from rsp29.bsp once loaded"; fi
    # a signature with no NUL: its first 63 bytes
    if grep -q '"signature":"bspgen rBSP test map[a-z]\{43\}"' "$RD/sig_no_nul.info"; then
        pass "respawn: a signature without a NUL is cut at 63 bytes"
    else fail "respawn: sig_no_nul.bsp: $(grep -o '"signature":"[^"]*"' "$RD/sig_no_nul.info")"; fi
    # what this step does not read: unsupported, with the tool's exit 3 for commands
    res=$(printf 'leaf 0 0 0\npvs 0\npas 0\nlight 0 0 0\nluxel 0 0 0 0\nambient 0 0 0\ntrace 0 0 0 0 0 8\ncontents 0 0 0\nhulltrace 0 0 0 0 1 1 1\nhullcontents 0 0 0 0\nboxleaves 0 0 0 1 1 1\n' |
          $tool query "$R/rsp37.bsp" 2>/dev/null)
    if [ "$(echo "$res" | grep -c '"error":"unsupported"')" = 11 ]; then
        pass "respawn: leaf, pvs, pas, light, luxel, ambient, trace, contents, hull and box queries answer unsupported"
    else fail "respawn: queries on rsp37.bsp: $(echo "$res" | grep -v unsupported | head -3)"; fi
    ok=1
    for c in faces models textures; do
        $tool $c "$R/rsp37.bsp" > "$RD/$c.out" 2>/dev/null
        rc=$?
        [ $rc -eq 3 ] && grep -q '"error":"unsupported"' "$RD/$c.out" || { ok=0; fail "respawn: $c on rsp37.bsp: exit $rc, $(head -c 200 "$RD/$c.out")"; }
    done
    [ $ok = 1 ] && pass "respawn: faces, models and textures answer unsupported (exit 3)"
    run_prog hostile-respawn $BUILD/t/test_hostile "$R/rsp29.bsp" "$R/rsp37.bsp" "$R/psbr29.bsp"
    # big-endian hosts: the same info (but the digests of the lumps as
    # loaded, which are in the host's byte order) and entities lines, byte
    # for byte; there too the PSBr twin loads to rsp29's bytes
    for arch in ppc ppc64; do
        if [ -x build/$arch/bspkit ] && command -v qemu-$arch > /dev/null; then
            bad=""
            for n in rsp29 rsp37 psbr29 bad_v47_1 bad_past_end; do
                qemu-$arch build/$arch/bspkit info "$R/$n.bsp" > "$RD/$n.$arch.info" 2>/dev/null
                echo "rc=$?" >> "$RD/$n.$arch.info"
                sed 's/,"sha256":"[0-9a-f]*"//g' "$RD/$n.$arch.info" > "$RD/$n.$arch"
                qemu-$arch build/$arch/bspkit entities "$R/$n.bsp" >> "$RD/$n.$arch" 2>/dev/null
                $BUILD/bspkit info "$R/$n.bsp" > "$RD/$n.host.info" 2>/dev/null
                echo "rc=$?" >> "$RD/$n.host.info"
                sed 's/,"sha256":"[0-9a-f]*"//g' "$RD/$n.host.info" > "$RD/$n.host"
                $BUILD/bspkit entities "$R/$n.bsp" >> "$RD/$n.host" 2>/dev/null
                cmp -s "$RD/$n.$arch" "$RD/$n.host" || bad="$bad $n"
            done
            [ "$(grep -o '"sha256":"[0-9a-f]*"' "$RD/rsp29.$arch.info")" = \
              "$(grep -o '"sha256":"[0-9a-f]*"' "$RD/psbr29.$arch.info")" ] || bad="$bad psbr29-vs-rsp29"
            if [ -z "$bad" ]; then pass "respawn: $arch (qemu) prints the host's info and entities for rBSP and PSBr, and loads PSBr to its twin's bytes"
            else fail "respawn: $arch differs from the host on$bad"; fi
        else
            cross_missing "respawn $arch: build/$arch/bspkit or qemu-$arch missing (make cross)"
        fi
    done
fi

# The public real map (Titanfall 2 v37 by MRVN-Radiant): the reference's
# answers and the contract's facts about it.
M=$SHARED/maps/new/respawn/mp_crossfire.bsp
if [ ! -f "$M" ]; then
    skip "respawn: $M missing (no ../shared): the real rBSP map is not checked"
else
    if msg=$(compare real "$M"); then pass "respawn: mp_crossfire.bsp answers as the reference: $msg"
    else fail "respawn: mp_crossfire.bsp: $msg"; fi
    if python3 - "$RD/real.info" "$RD/real.ref" <<'EOF'
import json, sys
got = json.loads(open(sys.argv[1]).read().split("\n")[0])
ref = json.loads(open(sys.argv[2]).read())
ok = (got["family"] == "respawn" and got["version"] == 37 and got["revision"] == 30 and
      len(got["lumps"]) == 33 and got["signature"] == "Built with love using MRVN-radiant :)" and
      got["entity_partitions"] == "01* env spawn" and ref["num_entities"] == 33)
sys.exit(0 if ok else 1)
EOF
    then pass "respawn: mp_crossfire.bsp is rBSP 37, revision 30, 33 non-empty lumps, MRVN-Radiant's signature, 33 entities in its lump"
    else fail "respawn: mp_crossfire.bsp: $(head -c 300 "$RD/real.info")"; fi
    run_prog hostile-respawn-real $BUILD/t/test_hostile "$M"
    # The multi-file stream (12.2, 12.8): copies of the map with lumps in
    # NAME.bsp.XXXX.bsp_lump files beside it, the tool handing them over
    # through options.part (platform/posix bsp_file_part). split/: every
    # lump from 0x48 on moved out and the .bsp cut before them (their
    # entries run past its end), VERTICES (3) moved out too and zeroed in
    # the .bsp (the part replaces the entry's bytes); the lumps as loaded
    # must be the reference's, byte for byte, blocking, forward-only and
    # resumable in 333-byte reads. missing/: one of the cut lumps' files
    # absent: bad_lump naming it. odd/: PLANES' part one byte longer (not
    # whole records: bad_lump naming 1); short/: VERTICES' part 12 bytes
    # shorter, used with its own size (its digest the file's).
    python3 - "$M" "$RD" <<'EOF'
import hashlib, os, struct, sys
src, out = sys.argv[1], sys.argv[2]
d = open(src, "rb").read()
ent = [struct.unpack_from("<4I", d, 16 + 16 * i) for i in range(128)]
cut = ent[0x48][0]
def make(name, moved, tweak=None):
    os.makedirs(os.path.join(out, name), exist_ok=True)
    bsp = bytearray(d[:cut])
    path = os.path.join(out, name, "mp_crossfire.bsp")
    for i in moved:
        o, l = ent[i][0], ent[i][1]
        data = d[o:o + l]
        if tweak and i in tweak: data = tweak[i](data)
        open("%s.%04x.bsp_lump" % (path, i), "wb").write(data)
        if o + l <= cut: bsp[o:o + l] = bytes(l)
    open(path, "wb").write(bytes(bsp))
past = [i for i in range(128) if ent[i][1] and ent[i][0] >= cut]
make("split", past + [3])
make("missing", [i for i in past if i != 0x56])
make("odd", past + [1], {1: lambda b: b + b"\0"})
make("short", past + [3], {3: lambda b: b[:-12]})
open(os.path.join(out, "short.sha"), "w").write(hashlib.sha256(d[ent[3][0]:ent[3][0] + ent[3][1] - 12]).hexdigest())
EOF
    for how in "" "--forward" "--resumable --chunk 333 --budget 4096"; do
        # shellcheck disable=SC2086
        $tool info "$RD/split/mp_crossfire.bsp" $how > "$RD/split.info" 2> "$RD/split.err"
        if python3 - "$RD/split.info" "$RD/real.ref" <<'EOF'
import json, sys
got = json.loads(open(sys.argv[1]).read().split("\n")[0])
ref = json.loads(open(sys.argv[2]).read())
gl = [(l["index"], l["offset"], l["length"], l["version"], l.get("sha256")) for l in got.get("lumps", [])]
rl = [(l["index"], l["offset"], l["length"], l["version"], l["sha256"]) for l in ref["lumps"]]
sys.exit(0 if gl == rl and len(gl) == 33 else 1)
EOF
        then pass "respawn: mp_crossfire with 23 lumps in .bsp_lump parts loads the reference's 33 lumps byte for byte (${how:-blocking})"
        else fail "respawn: split mp_crossfire (${how:-blocking}): $(head -c 300 "$RD/split.info") $(head -c 200 "$RD/split.err")"; fi
    done
    $tool info "$RD/missing/mp_crossfire.bsp" > "$RD/missing.info" 2>&1
    if grep -q '"error":"bad_lump".*"index":86,' "$RD/missing.info"; then
        pass "respawn: a cut lump whose .bsp_lump is missing is bad_lump naming it (86)"
    else fail "respawn: missing part: $(head -c 300 "$RD/missing.info")"; fi
    $tool info "$RD/odd/mp_crossfire.bsp" > "$RD/odd.info" 2>&1
    if grep -q '"error":"bad_lump".*"index":1,' "$RD/odd.info"; then
        pass "respawn: a PLANES part of 2913 bytes (not whole records) is bad_lump naming lump 1"
    else fail "respawn: odd-sized part: $(head -c 300 "$RD/odd.info")"; fi
    $tool info "$RD/short/mp_crossfire.bsp" > "$RD/short.info" 2>&1
    if python3 - "$RD/short.info" "$(cat "$RD/short.sha")" <<'EOF'
import json, sys
got = json.loads(open(sys.argv[1]).read().split("\n")[0])
v = [l for l in got["lumps"] if l["index"] == 3][0]
sys.exit(0 if v["sha256"] == sys.argv[2] and v.get("file_length") == 26892 and v["length"] == 26904 else 1)
EOF
    then pass "respawn: a VERTICES part 12 bytes shorter than its entry is loaded with its own size (info's file_length 26 892, its file's digest)"
    else fail "respawn: short part: $(head -c 300 "$RD/short.info")"; fi
fi

