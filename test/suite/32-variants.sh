# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- Source game variants and formats refused by name -------------------
# Part 30 checks every generated map's answers (the variants among them);
# here: the independent reference reads the variants' layouts to the same
# answers, the resumable loader decrypts Tactical Intervention reads cut in
# pieces, the tool recognises Vindictus or is told so, bsp_use_variant
# refuses files that cannot be Vindictus, hostile cuts of the variant maps
# end in a status, and rBSP headers the respawn family refuses are bad_version (Apex
# Legends with what it appears to be).
V=$BUILD/variants
rm -rf "$V"
mkdir -p "$V"
for n in v20_darkmessiah v21_tactical v20_lzma_tactical vindictus/v20_vindictus vindictus/v20_vindictus2 \
    v19_xbox v19_xbox_nopak; do
    m=$MAPS/$n.bsp
    if [ ! -f "$m" ]; then fail "$n: not generated"; continue; fi
    o=$V/$(basename $n)
    python3 test/reference/bspref.py query "$m" < "$MAPS/$n.queries" > "$o.ref" 2>&1
    if cmp -s "$o.ref" "$MAPS/$n.expected"; then pass "$n: test/reference/bspref.py gives the expected answers"
    else fail "$n: bspref.py differs from $n.expected"; diff "$MAPS/$n.expected" "$o.ref" | head -4; fi
    $BUILD/asan/bspkit query --resumable --budget 700 --chunk 333 "$m" < "$MAPS/$n.queries" > "$o.res" 2>&1
    if cmp -s "$o.res" "$MAPS/$n.expected"; then pass "$n: resumable loading in 333-byte reads, any order, same answers"
    else fail "$n: the resumable loader's answers differ"; fi
done

# Vindictus maps live apart (the file does not say what it is, and the
# other parts open every map of $MAPS as it comes): part 30's, 45's and
# 70's checks of them here.
vin_maps=$(ls $MAPS/vindictus/*.bsp 2>/dev/null)
[ -n "$vin_maps" ] || fail "vindictus: no maps generated in $MAPS/vindictus"
for m in $vin_maps; do
    base=${m%.bsp}; n=vindictus/$(basename "$base"); o=$V/$(basename "$base")
    for tool in $BUILD/bspkit $BUILD/asan/bspkit; do
        $tool query "$m" < "$base.queries" > "$o.out" 2>&1
        if cmp -s "$o.out" "$base.expected"; then pass "$n: $tool query output equals the expected answers"
        else fail "$n: $tool query output differs"; diff "$base.expected" "$o.out" | head -4; fi
    done
    $BUILD/bspkit query --forward "$m" < "$base.queries" > "$o.fwd" 2>&1
    cmp -s "$o.fwd" "$base.expected" && pass "$n: forward-only reading gives the same answers" ||
        fail "$n: forward-only reading differs"
    if python3 test/checks/compare_counts.py counts "$base.counts" "$($BUILD/bspkit stats "$m")" > "$o.cnt" 2>&1; then
        pass "$n: bspkit stats equals the generator's counts"
    else fail "$n: bspkit stats differs from $base.counts"; cat "$o.cnt"; fi
    $BUILD/bspkit gamelumps "$m" | python3 -c '
import json, sys
for l in sys.stdin:
    g = json.loads(l)
    print(g["id"], g["version"], g["flags"], g["size"], g["fnv1a"])' > "$o.gl" 2>&1
    cmp -s "$o.gl" "$base.gamelumps" && pass "$n: game lump sub-lumps (20-byte entries) unpack to the generator's bytes" ||
        fail "$n: bspkit gamelumps differs"
    python3 test/access/access_check.py $BUILD/bspkit "$m" --counts "$base.counts" --render "$V" > "$o.check" 2>&1 &&
        pass "$n: map access: $(tail -1 "$o.check")" || { fail "$n: map access differs (see $o.check)"; head -5 "$o.check"; }
    for arch in ppc ppc64; do
        if command -v qemu-$arch > /dev/null && [ -x build/$arch/bspkit ]; then
            qemu-$arch build/$arch/bspkit query "$m" < "$base.queries" > "$o.$arch" 2>&1
            same=1
            cmp -s "$o.$arch" "$base.expected" || same=0
            for cmd in info stats leaves faces models; do
                $BUILD/bspkit $cmd "$m" > "$o.host.$cmd" 2>&1
                qemu-$arch build/$arch/bspkit $cmd "$m" > "$o.$arch.$cmd" 2>&1
                cmp -s "$o.host.$cmd" "$o.$arch.$cmd" || same=0
            done
            [ $same = 1 ] && pass "$n: $arch answers the expected, info/stats/leaves/faces/models byte-identical to the host" ||
                fail "$n: $arch differs"
        else
            cross_missing "$arch: qemu-$arch or build/$arch/bspkit missing (make cross)"
        fi
    done
done
# read as JSON, so that a field printed in the wrong place fails
v=$($BUILD/bspkit info "$MAPS/v20_darkmessiah.bsp" |
    python3 -c 'import json, sys; d = json.load(sys.stdin); print(d.get("variant"), len(d["lumps"]) > 0)' 2>&1)
[ "$v" = 'dark_messiah True' ] && pass "tool: info names the Dark Messiah variant (valid JSON)" || fail "tool: info variant '$v'"
v=$($BUILD/bspkit info "$MAPS/v21_tactical.bsp" | grep -o '"variant":"[a-z_]*"')
[ "$v" = '"variant":"tactical_intervention"' ] && pass "tool: info names Tactical Intervention" || fail "tool: info variant '$v'"
v=$($BUILD/bspkit info "$MAPS/v17.bsp" | grep -o '"variant":"[a-z_]*"')
[ "$v" = '"variant":"bloodlines"' ] && pass "tool: info names Bloodlines (Source v17)" || fail "tool: info variant '$v' for v17"
# The original Xbox's HL2 (docs/queries.md 13.5): told by its XZip pakfile
# (57) or, without one, by a lump 52 that is no leaf ambient index; a PC v19
# whose lump 52 is one {count, first} a leaf stays PC.
for n in v19_xbox v19_xbox_nopak; do
    v=$($BUILD/bspkit info "$MAPS/$n.bsp" | grep -o '"variant":"[a-z0-9_]*"')
    [ "$v" = '"variant":"hl2_xbox"' ] && pass "tool: info names $n the original Xbox's HL2" || fail "tool: $n variant '$v'"
done
python3 - "$MAPS/v19_ldr_hdr.bsp" "$V" <<'PY' > "$V/xbox.log" 2>&1
import struct, sys
src, out = sys.argv[1], sys.argv[2]
d = bytearray(open(src, "rb").read())
def entry(i):
    return struct.unpack_from("<iiii", d, 8 + 16 * i)
assert entry(52)[1] == 0 and entry(57)[1] == 0, "v19_ldr_hdr already has lumps 52 or 57"
leaves = entry(10)[1] // 56
# a PC index: one {count 0, first 0} a leaf, at the end of the file
for name, size in (("v19_pc_index", 4 * leaves), ("v19_odd_index", 4 * leaves + 8)):
    f = bytearray(d)
    struct.pack_into("<iiii", f, 8 + 16 * 52, len(f), size, 0, 0)
    f += bytes(size)
    open("%s/%s.bsp" % (out, name), "wb").write(f)
PY
v=$($BUILD/bspkit info "$V/v19_pc_index.bsp" 2>&1 | grep -c '"variant"')
[ "$v" = 0 ] && pass "tool: a PC v19 whose lump 52 holds 4 bytes a leaf is no Xbox file" ||
    { fail "tool: a PC v19 with a leaf ambient index named a variant"; cat "$V/xbox.log"; }
v=$($BUILD/bspkit info "$V/v19_odd_index.bsp" 2>&1 | grep -o '"variant":"[a-z0-9_]*"')
[ "$v" = '"variant":"hl2_xbox"' ] && pass "tool: a v19 lump 52 of 4 bytes a leaf and 8 more is the Xbox's" ||
    fail "tool: v19 with an odd lump 52: variant '$v'"
v=$($BUILD/bspkit query "$V/v19_pc_index.bsp" <<'Q' 2>&1
ambient 1 2 3
Q
)
case $v in *'"error":"unsupported"'*) fail "tool: the PC v19 index map answered ambient unsupported" ;;
*) pass "tool: the PC v19 index map answers ambient from its index" ;; esac
if have_shared; then
    # the rule must never fire on a real PC map (docs/queries.md 13.5)
    n=0; named=""
    for m in $(real_maps); do
        i=$($BUILD/bspkit info "$m" 2>/dev/null | head -c 200)
        case $i in '{"family":"source","version":'19,* | '{"family":"source","version":'2[01],*) n=$((n + 1)) ;; *) continue ;; esac
        case $i in *'"variant":"hl2_xbox"'*) named="$named $(basename "$m")" ;; esac
    done
    [ $n -gt 0 ] && [ -z "$named" ] && pass "real maps: none of the $n real PC v19-v21 maps is taken for the original Xbox's" ||
        fail "real maps: the Xbox rule fired on:$named ($n v19-v21 maps)"
else
    skip "real maps: the Xbox rule on real PC v19-v21 maps (no $SHARED/maps)"
fi
v=$($BUILD/bspkit info "$MAPS/v21_ldr_hdr.bsp" | grep -c '"variant"')
[ "$v" = 0 ] && pass "tool: a plain map has no variant" || fail "tool: a plain map names a variant"
for n in vindictus/v20_vindictus vindictus/v20_vindictus2; do
    v=$($BUILD/bspkit info "$MAPS/$n.bsp" | grep -o '"variant":"[a-z_]*"')
    [ "$v" = '"variant":"vindictus"' ] && pass "tool: $n is recognised as Vindictus (game lump entries of 20 bytes)" ||
        fail "tool: $n variant '$v'"
    # the same bytes through a pipe: nothing to recognise it by, so the
    # caller says so
    o=$V/$(basename $n)
    cat "$MAPS/$n.bsp" | $BUILD/asan/bspkit --variant vindictus stats - > "$o.pipe" 2>&1
    $BUILD/bspkit stats "$MAPS/$n.bsp" > "$o.file" 2>&1
    if cmp -s "$o.pipe" "$o.file"; then pass "$n: --variant vindictus on a pipe reads it as the file"
    else fail "$n: --variant vindictus through a pipe differs"; fi
    $BUILD/bspkit --variant none info "$MAPS/$n.bsp" > "$o.none" 2>&1
    grep -q '"error"' "$o.none" && pass "$n: read as Valve's layout (--variant none) it does not load" ||
        fail "$n: loads with Valve's layout"
done
# bsp_use_variant's refusals, in its order
for case in "v21_ldr_hdr unsupported" "x360_v20_ldr unsupported" "v21_tactical unsupported" "q1 unsupported"; do
    set -- $case
    $BUILD/asan/bspkit --variant vindictus info "$MAPS/$1.bsp" > "$V/refuse.out" 2>&1
    grep -q "\"error\":\"$2\"" "$V/refuse.out" && pass "--variant vindictus on $1: $2" ||
        fail "--variant vindictus on $1: $(head -c 200 "$V/refuse.out")"
done
python3 - "$MAPS/vindictus/v20_vindictus.bsp" "$V/vin_facever3.bsp" <<'PY'
import struct, sys
d = bytearray(open(sys.argv[1], "rb").read())
struct.pack_into("<i", d, 8 + 16 * 7 + 8, 3)   # faces lump version 3
open(sys.argv[2], "wb").write(d)
PY
$BUILD/asan/bspkit --variant vindictus info "$V/vin_facever3.bsp" > "$V/refuse.out" 2>&1
grep -q '"error":"bad_lump_version"' "$V/refuse.out" && pass "--variant vindictus with faces lump version 3: bad_lump_version" ||
    fail "faces version 3: $(head -c 200 "$V/refuse.out")"
run_prog hostile-variants $BUILD/t/test_hostile $MAPS/v20_darkmessiah.bsp $MAPS/v21_tactical.bsp \
    $MAPS/v19_xbox.bsp $MAPS/v19_xbox_nopak.bsp $MAPS/v22.bsp $MAPS/v23_terrain.bsp
run_prog hostile-vindictus $BUILD/t/test_hostile --vindictus $vin_maps

# rBSP headers (the respawn family, docs/queries.md 12.1: part 64 reads
# its maps) and garbage that the Tactical Intervention key does not turn
# into a VBSP header. A Titanfall 29 header whose lump_count is 0 is a
# directory of another size; Apex Legends' 47.1 is refused by name.
python3 - "$V" <<'PY'
import struct, sys
d = sys.argv[1]
open(d + "/rbsp.bsp", "wb").write(b"rBSP" + struct.pack("<ii", 29, 1) + bytes(128 * 16 + 200))
open(d + "/apex.bsp", "wb").write(b"rBSP" + struct.pack("<III", 47 | 1 << 16, 1, 127) + bytes(128 * 16 + 200))
open(d + "/noise.bsp", "wb").write(bytes((i * 131 + 7) & 0xff for i in range(4000)))
PY
for tool in $BUILD/bspkit $BUILD/asan/bspkit; do
    $tool info "$V/rbsp.bsp" > "$V/rbsp.out" 2> "$V/rbsp.err"
    rc=$?
    $tool info "$V/apex.bsp" > "$V/apex.out" 2> "$V/apex.err"
    rc2=$?
    if [ $rc -eq 1 ] && grep -q '"error":"bad_version"' "$V/rbsp.out" && ! grep -q 'Apex' "$V/rbsp.out" &&
       grep -q 'with lump_count 0, not 127' "$V/rbsp.out" &&
       [ $rc2 -eq 1 ] && grep -q '"error":"bad_version"' "$V/apex.out" &&
       grep -q '"appears":"rBSP v47+ (Apex Legends): not supported"' "$V/apex.out" &&
       grep -q 'appears to be rBSP v47+ (Apex Legends)' "$V/apex.err"; then
        pass "$(basename $tool): rBSP with lump_count 0 is bad_version; Apex Legends' 47.1 too, and the message says what it appears to be"
    else
        fail "$(basename $tool): rBSP: $(cat "$V/rbsp.out") / $(cat "$V/apex.out")"
    fi
    $tool info "$V/noise.bsp" > "$V/noise.out" 2>&1
    if grep -q '"error":"bad_magic"' "$V/noise.out" && ! grep -q appears "$V/noise.out"; then
        pass "$(basename $tool): bytes the file's would-be key does not decrypt stay bad_magic"
    else
        fail "$(basename $tool): noise: $(cat "$V/noise.out")"
    fi
done
