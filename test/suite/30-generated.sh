# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- generated maps -----------------------------------------------------
gen_maps=$(gen_maps) || fail "generated maps: none in $MAPS (bspgen did not run)"
for m in $gen_maps; do
    base=${m%.bsp}
    name=$(basename "$base")
    if [ -f "$base.queries" ] && [ -f "$base.expected" ]; then
        for tool in $BUILD/bspkit $BUILD/asan/bspkit; do
            $tool query "$m" < "$base.queries" > "$base.out" 2>&1
            if cmp -s "$base.out" "$base.expected"; then
                pass "$name: $tool query output equals the expected answers"
            else
                fail "$name: $tool query output differs from $base.expected"
                diff "$base.expected" "$base.out" | head -10
            fi
        done
        $BUILD/bspkit query --forward "$m" < "$base.queries" > "$base.fwd" 2>&1
        if cmp -s "$base.fwd" "$base.expected"; then pass "$name: forward-only reading gives the same answers"
        else fail "$name: forward-only reading differs"; fi
    fi
    if [ -f "$base.gamelumps" ]; then
        $BUILD/bspkit gamelumps "$m" | python3 -c '
import json, sys
for l in sys.stdin:
    g = json.loads(l)
    print(g["id"], g["version"], g["flags"], g["size"], g["fnv1a"])' > "$base.gl.out" 2>&1
        if cmp -s "$base.gl.out" "$base.gamelumps"; then
            pass "$name: game lump sub-lumps unpack to the generator's bytes"
        else
            fail "$name: bspkit gamelumps differs from $base.gamelumps"; diff "$base.gamelumps" "$base.gl.out" | head -4
        fi
    fi
    if [ -f "$base.counts" ]; then
        if python3 test/checks/compare_counts.py counts "$base.counts" "$($BUILD/bspkit stats "$m")" >> "$LOG.tmp" 2>&1; then
            pass "$name: bspkit stats equals the generator's counts"
        else
            fail "$name: bspkit stats differs from $base.counts"; cat "$LOG.tmp"
        fi
        rm -f "$LOG.tmp"
    fi
done
# Variant twins (docs/queries.md 13): the same world as the map it comes
# from, written as the variant's format: QBSP 38 (13.1: widened records)
# and Daikatana's IBSP 41 (13.4: two lumps more) against IBSP 38. Every
# query line of both maps answers byte for byte the same on both, and
# `info` names the variant; Quake 64 (13.4: longer miptex headers)
# against the Quake map q1, its textures' pixels too.
twin_check() {   # MAP TWIN VARIANT
    name=$(basename "$1" .bsp)
    [ -f "$2" ] || { fail "$name: no twin $(basename "$2")"; return; }
    cat "${1%.bsp}.queries" "${2%.bsp}.queries" > "$LOG.qq"
    $BUILD/bspkit query "$1" < "$LOG.qq" > "$LOG.qa" 2>/dev/null
    $BUILD/bspkit query "$2" < "$LOG.qq" > "$LOG.qb" 2>/dev/null
    # and the texture table with its pixels (Quake 64's longer miptex headers)
    $BUILD/bspkit textures "$1" >> "$LOG.qa" 2>/dev/null
    $BUILD/bspkit textures "$2" >> "$LOG.qb" 2>/dev/null
    if [ -s "$LOG.qa" ] && cmp -s "$LOG.qa" "$LOG.qb" && $BUILD/bspkit info "$1" | grep -q "\"variant\":\"$3\""; then
        pass "$name: $3 answers $(wc -l < "$LOG.qa") query and texture lines exactly as its twin $(basename "$2" .bsp); info names variant $3"
    else
        fail "$name: $3 answers differ from its twin $(basename "$2") (or info names no $3 variant)"
        diff "$LOG.qa" "$LOG.qb" | head -4
    fi
    # the independent reference reads the variant's layout itself
    python3 test/reference/bspref.py query "$1" < "${1%.bsp}.queries" > "$LOG.qr" 2>&1
    if cmp -s "$LOG.qr" "${1%.bsp}.expected"; then pass "$name: test/reference/bspref.py reads $3 to the expected answers"
    else fail "$name: bspref.py differs from $name.expected"; diff "${1%.bsp}.expected" "$LOG.qr" | head -4; fi
    rm -f "$LOG.qq" "$LOG.qa" "$LOG.qb" "$LOG.qr"
}
for m in $(gen_maps q2_qbism q2_qbism_ramp); do
    twin_check "$m" "$MAPS/$(basename "$m" .bsp | sed 's/_qbism//').bsp" qbism
done
for m in $(gen_maps q2_daikatana); do twin_check "$m" "$MAPS/q2.bsp" daikatana; done
for m in $(gen_maps q1_quake64); do twin_check "$m" "$MAPS/q1.bsp" quake64; done
# Hexen II (13.4): q1_hexen2 answers its own expected lines above (hulls
# 0-5, Hexen II's hull choice); here info names the variant and the
# reference reads the 80-byte models to the same answers. The 640-byte
# model lumps (64 and 80 both divide them): 8 plausible Hexen II models
# are hexen2 from a seekable stream (forward-only: quake, the lump cannot
# be read ahead), 10 Quake ones quake either way; the reference agrees
# (in models640/: the parts that open every map read them both ways).
for spec in q1_hexen2:hexen2:hexen2:2 models640/q1_hexen2_640:hexen2::8 models640/q1_quake_640:::10; do
    n=${spec%%:*}; rest=${spec#*:}; want=${rest%%:*}; rest=${rest#*:}; fwd=${rest%%:*}; models=${rest#*:}
    m=$MAPS/$n.bsp
    [ -f "$m" ] || { fail "$n: not generated"; continue; }
    got=$($BUILD/bspkit info "$m" | sed -n 's/.*"variant":"\([a-z0-9_]*\)".*/\1/p')
    got_fwd=$($BUILD/bspkit info --forward "$m" 2>/dev/null | sed -n 's/.*"variant":"\([a-z0-9_]*\)".*/\1/p')
    ref=$(python3 -c 'import sys; sys.path.insert(0, "test/reference"); import bspref as R
m = R.load_map(sys.argv[1]); print(m.variant or "", len(m.models))' "$m" 2>&1)
    nm=$($BUILD/bspkit stats "$m" | sed -n 's/.*"models":\([0-9]*\).*/\1/p')
    if [ "$got" = "$want" ] && [ "$got_fwd" = "$fwd" ] && [ "$ref" = "$want $models" ] && [ "$nm" = "$models" ]; then
        pass "$n: read as '${want:-quake}' (forward-only '${fwd:-quake}'), $models models, as the reference reads it"
    else
        fail "$n: variant '$got' (forward-only '$got_fwd'), $nm models, reference '$ref' (want '$want', '$fwd', $models)"
    fi
    [ -f "${m%.bsp}.queries" ] || continue
    python3 test/reference/bspref.py query "$m" < "${m%.bsp}.queries" > "$LOG.qr" 2>&1
    if cmp -s "$LOG.qr" "${m%.bsp}.expected"; then pass "$n: test/reference/bspref.py reads hexen2 to the expected answers"
    else fail "$n: bspref.py differs from $n.expected"; diff "${m%.bsp}.expected" "$LOG.qr" | head -4; fi
    rm -f "$LOG.qr"
done
# IBSP 47 twins (docs/queries.md 13.2): each answers its IBSP 46 twin's and
# its own query lines byte for byte as the twin does, and as the independent
# reference does; the header rule is seen in `info` (17 or 18 entries, the
# variant) and the ET foliage surface answers no_lightmap in both readers.
for pair in q3_lit_rtcw:q3_lit:17: q3_ramp_ql:q3_ramp:18:quakelive q3_badads:q3:17:; do
    name=${pair%%:*}; rest=${pair#*:}; twin_name=${rest%%:*}; rest=${rest#*:}
    want_lumps=${rest%%:*}; want_variant=${rest#*:}
    m=$MAPS/$name.bsp; twin=$MAPS/$twin_name.bsp
    [ -f "$m" ] && [ -f "$twin" ] || { fail "$name: $name.bsp or its IBSP 46 twin $twin_name.bsp not generated"; continue; }
    cat "$MAPS/$name.queries" "$MAPS/$twin_name.queries" > "$LOG.qq"
    if [ "$name" = q3_lit_rtcw ]; then
        # the foliage surface: the one past the twin's surfaces
        nf=$($BUILD/bspkit stats "$twin" | sed -n 's/.*"surfaces":\([0-9]*\).*/\1/p')
        echo "luxel $nf 0 0 0" >> "$LOG.qq"
    fi
    $BUILD/bspkit query "$m" < "$LOG.qq" > "$LOG.qa" 2>/dev/null
    $BUILD/bspkit query "$twin" < "$LOG.qq" > "$LOG.qb" 2>/dev/null
    python3 test/reference/bspref.py query "$m" < "$LOG.qq" > "$LOG.qr" 2>/dev/null
    info=$($BUILD/bspkit info "$m")
    lumps=$(echo "$info" | python3 -c 'import json, sys; d = json.load(sys.stdin); print(max(l["index"] for l in d["lumps"]) + 1 if any(l["index"] == 17 for l in d["lumps"]) else 17, d.get("variant", ""))')
    ok=1
    if [ "$name" = q3_lit_rtcw ]; then
        # the twin has no such surface (bad_face); 47 answers no_lightmap
        tail -1 "$LOG.qa" | grep -q '"error":"no_lightmap"' && tail -1 "$LOG.qr" | grep -q '"error":"no_lightmap"' &&
            tail -1 "$LOG.qb" | grep -q '"error":"bad_face"' || ok=0
        sed -i '$d' "$LOG.qa"; sed -i '$d' "$LOG.qb"; sed -i '$d' "$LOG.qr"
    fi
    if [ $ok = 1 ] && [ -s "$LOG.qa" ] && cmp -s "$LOG.qa" "$LOG.qb" && cmp -s "$LOG.qa" "$LOG.qr" &&
       [ "$lumps" = "$want_lumps $want_variant" ]; then
        pass "$name: IBSP 47 answers $(wc -l < "$LOG.qa") query lines as its IBSP 46 twin $twin_name and the reference; $want_lumps entries read${want_variant:+, variant $want_variant}"
    else
        fail "$name: IBSP 47 answers differ from its twin $twin_name or the reference, or the header reads '$lumps' (want '$want_lumps $want_variant')"
        diff "$LOG.qa" "$LOG.qb" | head -4; diff "$LOG.qa" "$LOG.qr" | head -4
    fi
    rm -f "$LOG.qq" "$LOG.qa" "$LOG.qb" "$LOG.qr"
done
# RBSP / FBSP (docs/queries.md 13.3): q3_raven and q3_qfusion (512 x 512
# pages) answer q3_lit's query lines as q3_lit does, q3_raven_ramp q3_ramp's
# (collision over 12-byte brush sides); q3_raven_dark (a kept dark point, a
# cell past lump 15, style-255 slots) answers them otherwise. Each answers
# its own lines (styled ambient ones too) as the reference does; info names
# the variant.
for pair in q3_raven:q3_lit:raven q3_qfusion:q3_lit:qfusion q3_raven_ramp:q3_ramp:raven q3_raven_dark:q3_lit:raven; do
    name=${pair%%:*}; rest=${pair#*:}; twin_name=${rest%%:*}; want_variant=${rest#*:}
    m=$MAPS/$name.bsp; twin=$MAPS/$twin_name.bsp
    [ -f "$m" ] && [ -f "$twin" ] || { fail "$name: $name.bsp or its IBSP 46 twin $twin_name.bsp not generated"; continue; }
    $BUILD/bspkit query "$m" < "$MAPS/$twin_name.queries" > "$LOG.qa" 2>/dev/null
    $BUILD/bspkit query "$twin" < "$MAPS/$twin_name.queries" > "$LOG.qb" 2>/dev/null
    python3 test/reference/bspref.py query "$m" < "$MAPS/$name.queries" > "$LOG.qr" 2>/dev/null
    if [ "$name" = q3_raven_dark ]; then
        cmp -s "$LOG.qa" "$LOG.qb" && same=1 || same=0
        grep -q '"error":"corrupt"' "$MAPS/$name.expected" && grep -q '"error":"no_lightmap"' "$MAPS/$name.expected" || same=1
        [ $same = 0 ] && twin_ok=1 || twin_ok=0
    else
        [ -s "$LOG.qa" ] && cmp -s "$LOG.qa" "$LOG.qb" && twin_ok=1 || twin_ok=0
    fi
    if [ $twin_ok = 1 ] && cmp -s "$LOG.qr" "$MAPS/$name.expected" &&
       $BUILD/bspkit info "$m" | grep -q "\"variant\":\"$want_variant\""; then
        pass "$name: $want_variant answers $(wc -l < "$LOG.qa") query lines of $twin_name $([ "$name" = q3_raven_dark ] && echo otherwise than || echo as) $twin_name does, its own $(wc -l < "$LOG.qr") as the reference; info names $want_variant"
    else
        fail "$name: $want_variant answers against $twin_name, the reference or info's variant differ"
        diff "$LOG.qa" "$LOG.qb" | head -4; diff "$MAPS/$name.expected" "$LOG.qr" | head -4
    fi
    rm -f "$LOG.qa" "$LOG.qb" "$LOG.qr"
done
# 13.3's header and light array: RBSP 2 and FBSP 46 are bad_version; a light
# array a byte short of 2 per cell loads, and every ambient line answers
# no_ambient, in the library and the reference alike
if [ -f "$MAPS/q3_raven.bsp" ]; then
    python3 - "$MAPS/q3_raven.bsp" "$LOG" <<'PY'
import struct, sys
d = bytearray(open(sys.argv[1], "rb").read())
open(sys.argv[2] + ".v2.bsp", "wb").write(d[:4] + struct.pack("<i", 2) + d[8:])
open(sys.argv[2] + ".f46.bsp", "wb").write(b"FBSP" + struct.pack("<i", 46) + d[8:])
ofs, ln = struct.unpack_from("<ii", d, 8 + 8 * 17)
struct.pack_into("<i", d, 8 + 8 * 17 + 4, ln - 1)
open(sys.argv[2] + ".short.bsp", "wb").write(d)
PY
    grep '^ambient' "$MAPS/q3_raven.queries" > "$LOG.qq"
    $BUILD/bspkit query "$LOG.short.bsp" < "$LOG.qq" > "$LOG.qa" 2>/dev/null
    python3 test/reference/bspref.py query "$LOG.short.bsp" < "$LOG.qq" > "$LOG.qr" 2>/dev/null
    if $BUILD/bspkit info "$LOG.v2.bsp" 2>/dev/null | grep -q '"error":"bad_version"' &&
       $BUILD/bspkit info "$LOG.f46.bsp" 2>/dev/null | grep -q '"error":"bad_version"' &&
       [ -s "$LOG.qa" ] && ! grep -v '"error":"no_ambient"' "$LOG.qa" > /dev/null && cmp -s "$LOG.qa" "$LOG.qr"; then
        pass "q3_raven: RBSP 2 and FBSP 46 are bad_version; a light array a byte short answers $(wc -l < "$LOG.qa") ambient lines no_ambient, as the reference"
    else
        fail "q3_raven: the header rule or the short light array answers otherwise (13.3)"; head -3 "$LOG.qa"
    fi
    rm -f "$LOG.qq" "$LOG.qa" "$LOG.qr" "$LOG.v2.bsp" "$LOG.f46.bsp" "$LOG.short.bsp"
fi
if api_args=$(gen_api_args); then run_prog api-generated $BUILD/t/test_api $api_args
else skip "api-generated: no generated maps"; fi
if small=$(small_maps); then run_prog hostile-generated $BUILD/t/test_hostile $small
else skip "hostile-generated: none of the small Source maps (v20_ldr, x360_v20_ldr, v20_lzma) generated"; fi
