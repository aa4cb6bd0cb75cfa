# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# suite: long
# ---- Source cubemaps, world lights, repacked maps (issue 33 parts 3, 4) ---
# 1. bspkit cubemaps / lights (LDR, HDR) of every real and generated Source
#    map against test/reference/bspref_srclumps.py, under ASan+UBSan.
# 2. Copies repacked as `bspzip -repack` does (bspgen --repack: LZMA lumps,
#    game sub-lumps compressed on their own, a closing entry of zeros): every
#    listing and query identical to the uncompressed original's.
# 3. Hostile lumps: statuses, clean under the sanitizers.
# 4. The C checks of test_srclumps (statuses, texture names).
S=$BUILD/srclumps
rm -rf "$S"
mkdir -p "$S"

src_gen=""
for m in $MAPS/*.bsp $MAPS/vindictus/*.bsp; do
    [ -f "$m" ] || continue
    case $(head -c 4 "$m") in VBSP|PSBV) src_gen="$src_gen $m" ;; esac
done
src_real=""
if have_shared; then
    src_real=$(ls "$SHARED"/maps/source/*.bsp "$SHARED"/maps/xbox360/*.bsp 2>/dev/null)
else
    skip "srclumps: $SHARED/maps absent: no real Source maps"
fi

# srclumps_ref NAME MAP: cubemaps and lights of MAP against the reference
srclumps_ref() {
    name=$1 m=$2 same=1 counts=""
    for c in "cubemaps" "lights" "lights --hdr"; do
        set -- $c
        python3 test/reference/bspref_srclumps.py $1 "$m" $2 > "$S/ref.out" 2> "$S/ref.err"
        ref_rc=$?
        if grep -q "LZMAError" "$S/ref.err"; then
            skip "$name: Python's lzma cannot decode this map's lumps (lc + lp > 4): no reference"
            return
        fi
        $BUILD/asan/bspkit $1 "$m" $2 > "$S/tool.out" 2> "$S/tool.err"
        tool_rc=$?
        if [ $ref_rc -ne $tool_rc ] || ! cmp -s "$S/ref.out" "$S/tool.out" || grep -q Sanitizer "$S/tool.err"; then
            same=0
            fail "$name: bspkit $c differs from the reference (exit $tool_rc / $ref_rc)"
            diff "$S/ref.out" "$S/tool.out" | head -4
        fi
        counts="$counts $(wc -l < "$S/tool.out")"
    done
    [ $same -eq 1 ] && pass "$name: cubemaps, LDR and HDR world lights ($counts records) as the reference reads them"
}
for m in $src_gen $src_real; do
    srclumps_ref "$(basename "$(dirname "$m")")/$(basename "$m")" "$m"
done
# The generator writes both record versions, both byte orders, both lumps.
vers=""
for m in $src_gen; do vers="$vers $($BUILD/bspkit lights "$m" 2>/dev/null | head -1 | sed -n 's/.*"version":\([0-9]*\).*/\1/p')"; done
case "$vers" in *0*1*|*1*0*) pass "generated maps: world lights of version 0 and 1" ;;
    *) fail "generated maps: world light versions seen: $vers" ;; esac

# The pakfile holds some of the textures, under names Valve's lookup finds
# (capitals, backslashes), and not others: both answers occur.
cm=$($BUILD/bspkit cubemaps "$MAPS/v20_ldr.bsp")
if echo "$cm" | grep -q '"in_pak":true' && echo "$cm" | grep -q '"in_pak":false' &&
   echo "$cm" | grep -q '"in_pak_hdr":true' && echo "$cm" | grep -q 'C32_-31_34\|"in_pak":true,"in_pak_hdr":true}' ; then
    pass "v20_ldr: cubemap textures found in the pakfile ($(echo "$cm" | grep -c '"in_pak":true') of $(echo "$cm" | wc -l) LDR, $(echo "$cm" | grep -c '"in_pak_hdr":true') HDR), others not"
else
    fail "v20_ldr: in_pak answers: $(echo "$cm" | head -2)"
fi

# Many cubemaps over a large pakfile (issue 42, test/craft/craft_cubemaps.py):
# 16 000 cubemaps, the even ones' textures among 16 000 entries in reverse
# order; bspkit cubemaps looks them up through the sorted index
# (bsp_pak_index_build) and must find exactly the even ones.
cmdir=$BUILD/cubemaps42
mkdir -p $cmdir
if python3 test/craft/craft_cubemaps.py "$MAPS/v20_ldr.bsp" $cmdir/many_cubes.bsp 16000; then
    cm=$($BUILD/bspkit cubemaps $cmdir/many_cubes.bsp)
    lines=$(echo "$cm" | wc -l)
    held=$(echo "$cm" | grep -c '"in_pak":true')
    even=$(echo "$cm" | grep '"in_pak":true' | grep -vc '"cubemap":[0-9]*[02468],')
    hdr=$(echo "$cm" | grep -c '"in_pak_hdr":true')
    if [ "$lines" -eq 16000 ] && [ "$held" -eq 8000 ] && [ "$even" -eq 0 ] && [ "$hdr" -eq 0 ]; then
        pass "many_cubes: 16000 cubemaps over 16000 pakfile entries: the 8000 even ones found, no HDR"
    else
        fail "many_cubes: $lines cubemaps, $held found ($even odd), $hdr HDR"
    fi
else
    fail "craft_cubemaps.py failed"
fi

# ---- 2. repacked copies ---------------------------------------------------
# Everything but the fields that say how a lump is stored.
info_plain() {
    $BUILD/bspkit info "$1" | python3 -c '
import json, sys
d = json.loads(sys.stdin.read())
d.pop("arena_bytes", None)
# (the game lump is stored otherwise: its sub-lumps compressed, one more entry)
d["lumps"] = [{k: v for k, v in l.items() if k not in ("offset", "length", "compressed") and
               not (l["index"] == 35 and k == "size")} for l in d.get("lumps", [])]
print(json.dumps(d, sort_keys=True))'
}
stats_plain() {   # the game lump's stored bytes change
    $BUILD/bspkit stats "$1" | python3 -c '
import json, sys
d = json.loads(sys.stdin.read()); d.pop("game_lump", None); print(json.dumps(d, sort_keys=True))'
}
gamelumps_plain() {
    $BUILD/bspkit gamelumps "$1" | python3 -c '
import json, sys
for l in sys.stdin:
    d = json.loads(l); d.pop("stored", None); d.pop("flags", None); print(json.dumps(d, sort_keys=True))'
}
repack_list="$MAPS/v19_ldr_hdr.bsp $MAPS/v20_ldr.bsp $MAPS/v20_hdr_only.bsp $MAPS/v21_ldr_hdr.bsp $MAPS/v21_l4d2.bsp $MAPS/v25_strata.bsp $MAPS/demo.bsp"
if have_shared; then
    repack_list="$repack_list $(ls "$SHARED"/maps/source/*.bsp)"
fi
for m in $repack_list; do
    name=$(basename "$(dirname "$m")")/$(basename "$m")
    r=$S/$(basename "${m%.bsp}")_repack.bsp
    if ! $BUILD/bspgen --repack "$m" "$r" 2> "$S/repack.err"; then
        fail "$name: bspgen --repack: $(cat "$S/repack.err")"
        continue
    fi
    # really repacked: every non-empty lump but 35 and 40 compressed, every
    # non-empty game sub-lump too
    if ! $BUILD/bspkit info "$r" | python3 -c '
import json, sys
d = json.loads(sys.stdin.read())
bad = [l["index"] for l in d["lumps"] if l["length"] and (l["compressed"] != (l["index"] not in (35, 40)))]
sys.exit(1 if bad or not any(l["compressed"] for l in d["lumps"]) else 0)' ||
       $BUILD/bspkit gamelumps "$r" | grep -q '"flags":0,"stored":[1-9]'; then
        fail "$name: the repacked copy is not compressed as bspzip compresses"
        continue
    fi
    python3 test/reference/bspref.py points "$m" > "$S/points.q" 2>/dev/null
    diffs=""
    for c in info stats gamelumps; do
        ${c}_plain "$m" > "$S/a.out" 2>&1
        ${c}_plain "$r" > "$S/b.out" 2>&1
        cmp -s "$S/a.out" "$S/b.out" || diffs="$diffs $c"
    done
    stem=$(basename "${m%.bsp}")   # the textures' map name: the original's
    for c in query props entities leaves faces models textures brushes lights "lights --hdr" pak "cubemaps --map-name $stem"; do
        case $c in query) in=$S/points.q ;; *) in=/dev/null ;; esac
        # shellcheck disable=SC2086
        $BUILD/asan/bspkit $c "$m" < "$in" > "$S/a.out" 2>/dev/null
        a_rc=$?
        case $c in cubemaps*) set -- cubemaps "$r" --map-name "$stem" ;; *) set -- $c "$r" ;; esac
        $BUILD/asan/bspkit "$@" < "$in" > "$S/b.out" 2> "$S/b.err"
        b_rc=$?
        if [ $a_rc -ne $b_rc ] || ! cmp -s "$S/a.out" "$S/b.out" || grep -q Sanitizer "$S/b.err"; then
            diffs="$diffs $c"
        fi
    done
    if [ -z "$diffs" ]; then
        pass "$name: repacked with LZMA lumps ($(wc -c < "$r") of $(wc -c < "$m") bytes): info, stats, game lumps unpacked, $(wc -l < "$S/points.q") queries, props, entities, leaves, faces, models, textures, brushes, lights, pakfile listing, cubemaps (in_pak too) identical"
    else
        fail "$name: the repacked copy answers differently:$diffs"
    fi
    srclumps_ref "$name (repacked)" "$r"
done

# ---- 3. hostile lumps -----------------------------------------------------
# craft OUT IN LUMP VERSION_OR_- LENGTH_DELTA: a copy with lump LUMP's
# directory entry changed (Valve's lump_t order, little-endian)
craft() {
    python3 - "$@" <<'PYEOF'
import struct, sys
out, src, lump, ver, delta = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
b = bytearray(open(src, "rb").read())
e = 8 + 16 * lump
ofs, ln, v, cc = struct.unpack_from("<4i", b, e)
if ver != "-":
    v = int(ver)
struct.pack_into("<4i", b, e, ofs, ln + delta, v, cc)
open(out, "wb").write(b)
PYEOF
}
# expect_status NAME STATUS COMMAND...: exit 1 with {"error":STATUS}, clean
expect_status() {
    name=$1 want=$2
    shift 2
    $BUILD/asan/bspkit "$@" > "$S/h.out" 2> "$S/h.err" < /dev/null
    rc=$?
    if [ $rc -eq 1 ] && grep -q "^{\"error\":\"$want\"" "$S/h.out" && ! grep -q Sanitizer "$S/h.err"; then
        pass "srclumps hostile: $name gives $want"
    else
        fail "srclumps hostile: $name: exit $rc, $(head -c 200 "$S/h.out")"
    fi
}
base=$MAPS/v20_ldr.bsp
craft "$S/wl_version.bsp" "$base" 15 7 0
expect_status "world lights at lump version 7" bad_lump_version lights "$S/wl_version.bsp"
craft "$S/wl_short.bsp" "$base" 15 - -4
expect_status "world lights 4 bytes short of a record" corrupt lights "$S/wl_short.bsp"
craft "$S/wl_v1_of_v0.bsp" "$base" 15 1 0
n88=$($BUILD/bspkit lights "$base" | wc -l)
if [ $((n88 * 88 % 100)) -ne 0 ]; then
    expect_status "88-byte records read as version 1 (100 bytes)" corrupt lights "$S/wl_v1_of_v0.bsp"
fi
craft "$S/cm_short.bsp" "$base" 42 - -4
expect_status "cubemaps 4 bytes short of a record (refused by the load)" bad_lump cubemaps "$S/cm_short.bsp"
craft "$S/wl_hdr_version.bsp" "$MAPS/v21_ldr_hdr.bsp" 54 2 0
expect_status "HDR world lights at lump version 2" bad_lump_version lights --hdr "$S/wl_hdr_version.bsp"
# An empty HDR lump opens with no lights, whatever its version says.
craft "$S/wl_empty.bsp" "$base" 54 9 0
if $BUILD/asan/bspkit lights --hdr "$S/wl_empty.bsp" > "$S/h.out" 2>&1 && [ ! -s "$S/h.out" ]; then
    pass "srclumps hostile: an empty lump 54 at version 9 opens with no lights"
else
    fail "srclumps hostile: empty lump 54: $(head -c 200 "$S/h.out")"
fi

# ---- 4. C checks, and the same bytes on big-endian PowerPC ---------------
src_plain=$(echo $src_gen | tr " " "\n" | grep -v /vindictus/)   # (Vindictus: read as such only when told)
run_prog srclumps $BUILD/t/test_srclumps $src_plain $src_real
for arch in ppc ppc64; do
    dir=build/$arch
    if ! command -v qemu-$arch >/dev/null || [ ! -x $dir/bspkit ] || [ ! -x $dir/t/test_srclumps ]; then
        skip "srclumps $arch: qemu-$arch or $dir (make cross-$arch) missing"
        continue
    fi
    run_prog $arch-srclumps qemu-$arch $dir/t/test_srclumps $src_plain $src_real
    same=0 differ=""
    for m in $src_gen $src_real $S/*_repack.bsp; do
        for c in lights "lights --hdr" cubemaps gamelumps; do
            # shellcheck disable=SC2086
            $BUILD/bspkit $c "$m" > "$S/host.out" 2>&1
            # shellcheck disable=SC2086
            qemu-$arch $dir/bspkit $c "$m" > "$S/$arch.out" 2>&1
            if cmp -s "$S/host.out" "$S/$arch.out"; then same=$((same + 1))
            else differ="$differ $(basename "$m"):$c"; fi
        done
    done
    if [ -z "$differ" ]; then pass "srclumps $arch: lights, HDR lights, cubemaps, game lumps of $same map x command pairs byte-identical to the host's"
    else fail "srclumps $arch: differs from the host on$differ"; fi
done
