# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# suite: long
# ---- Light styles combined, the lightmap atlas (issue 41) -------------------
# docs/queries.md 11.6, 11.7, 11.10: on the generated maps and the shared
# real ones,
# 1. `bspkit styles` (every face's combined lightmap, as sha256) equals the
#    independent reference (test/reference/bspref_styles.py, written from
#    the contract) byte for byte, for three value tables: normal (264 /
#    1.0), dark (0) and random;
# 2. the library's atlas (`bspkit atlas`) at pages of 512 and 2048, border
#    1, passes `bspkit atlas-check` and the reference's own check; at 512
#    it needs no more pages than the lit area with its borders would at 85 %
#    packing (each map's pages and occupancy are printed);
# 3. `atlas-check` takes an atlas the tool did not make (the reference's
#    own packing, raw and PNG), and fails each spoiled copy: a flipped
#    interior bit, a flipped border bit, a rect moved onto another, a
#    border pushed off its page, a face left out;
# 4. test_styles: exact sizes, one byte short refused, pages smaller than a
#    block, bad arguments, the update against a fresh build.
ls_dir=$BUILD/light-styles
rm -rf "$ls_dir"
mkdir -p "$ls_dir"
ref="python3 test/reference/bspref_styles.py"
ls_maps=$(gen_maps) || skip "light styles: no generated maps"
ls_maps="$ls_maps $(ls $MAPS/bspx/*.bsp 2>/dev/null)"
if real=$(real_maps); then
    ls_maps="$ls_maps $real"
else
    skip "light styles: no $SHARED/maps: the real maps' styles and atlases are not checked"
fi
# value tables: normal is the tools' default; dark; random (whole numbers
# for the integer rule, multiples of 1/256 for Quake 2's floats: exact in
# float32 however a reader rounds)
python3 - "$ls_dir" <<'PY'
import json, random, sys
r = random.Random(41)
d = sys.argv[1]
json.dump([0] * 256, open(d + "/dark.json", "w"))
json.dump([r.randrange(0, 1024) for _ in range(256)], open(d + "/random_int.json", "w"))
json.dump([r.randrange(0, 1024) / 256.0 for _ in range(256)], open(d + "/random_float.json", "w"))
PY

tag_of() { echo "$1" | tr / - | sed 's/^[-.]*//'; }

# -- 1. combined styles -------------------------------------------------------
st_maps=0; st_lines=0; st_faces=0; st_multi=0; st_unsup=0; st_skip=""
for m in $ls_maps; do
    tag=$(tag_of "$m")
    fam=$($BUILD/bspkit info "$m" 2>/dev/null | sed -n 's/^{"family":"\([a-z0-9]*\)".*/\1/p')
    case $fam in
    quake | goldsrc | bsp2) rnd=random_int ;;
    quake2) rnd=random_float ;;
    "") continue ;;
    *)
        # no engine rule: the tool's "no such data" answer
        $BUILD/bspkit styles "$m" > "$ls_dir/$tag.unsup" 2>/dev/null
        rc=$?
        if [ $rc -eq 3 ] && [ "$(cat "$ls_dir/$tag.unsup")" = '{"error":"unsupported"}' ]; then
            st_unsup=$((st_unsup + 1))
        else
            fail "light styles: $m ($fam): styles exit $rc, '$(head -c 80 "$ls_dir/$tag.unsup")' (want unsupported, 3)"
        fi
        continue ;;
    esac
    for t in normal dark $rnd; do
        vals=""
        [ $t = normal ] || vals="--values $ls_dir/$t.json"
        $BUILD/bspkit styles $vals "$m" > "$ls_dir/$tag.$t.tool" 2>/dev/null
        if ! $ref styles $vals "$m" > "$ls_dir/$tag.$t.ref" 2> "$ls_dir/$tag.$t.err"; then
            st_skip="$st_skip $tag"   # (maps the reference cannot load are another part's business)
            break
        fi
        if cmp -s "$ls_dir/$tag.$t.tool" "$ls_dir/$tag.$t.ref"; then
            st_lines=$((st_lines + $(wc -l < "$ls_dir/$tag.$t.tool")))
        else
            fail "light styles: $m, $t values: tool and reference differ (diff $ls_dir/$tag.$t.tool $ls_dir/$tag.$t.ref)"
        fi
    done
    [ -f "$ls_dir/$tag.normal.tool" ] || continue
    st_maps=$((st_maps + 1))
    st_faces=$((st_faces + $(grep -c sha256 "$ls_dir/$tag.normal.tool")))
    st_multi=$((st_multi + $(grep -c '"styles":\[[0-9]*,' "$ls_dir/$tag.normal.tool")))
done
if [ $st_maps -gt 0 ] && [ $st_faces -gt 0 ]; then
    pass "light styles: $st_maps maps, $st_faces lit faces ($st_multi with 2+ styles), $st_lines face lines over 3 value tables equal to the reference; $st_unsup maps of families without a rule unsupported"
else
    fail "light styles: no map's styles were compared"
fi
[ -z "$st_skip" ] || echo "note: light styles: the reference does not load$st_skip"

# -- 2. the library's atlas at 512 and 2048 -----------------------------------
at_ok=0; at_lit=0; at_report=$ls_dir/pages.txt
: > "$at_report"
for m in $ls_maps; do
    tag=$(tag_of "$m")
    for page in 512 2048; do
        d=$ls_dir/$tag.atlas$page
        if ! $BUILD/bspkit atlas --page $page "$m" "$d" > "$d.out" 2>&1; then
            grep -q '"error"' "$d.out" && continue   # a map the tool does not load (another part's business)
            # (a page too small for the map's blocks: qfusion's 512 x 512
            # pages with their border, which the tool says)
            grep -q 'is smaller than the largest block' "$d.out" && continue
            fail "light styles: atlas $m --page $page: $(head -c 200 "$d.out")"
            continue
        fi
        grep -q '"rects":0,' "$d.out" && continue   # no lightmaps
        [ $page = 512 ] && at_lit=$((at_lit + 1))
        if ! $BUILD/bspkit atlas-check "$m" "$d" > "$d.check" 2>&1; then
            fail "light styles: atlas-check $m --page $page: $(head -c 300 "$d.check")"
            continue
        fi
        if ! $ref check "$m" "$d" > "$d.ref" 2>&1; then
            grep -q '"ok":false' "$d.ref" && fail "light styles: the reference refuses the atlas of $m --page $page: $(head -c 300 "$d.ref")"
            continue
        fi
        at_ok=$((at_ok + 1))
        if [ $page = 512 ]; then
            python3 - "$d/atlas.json" "$m" >> "$at_report" <<'PY' || fail "light styles: $m: the atlas at 512 needs more pages than 85 % packing would ($(tail -1 "$at_report"))"
import json, math, sys
a = json.load(open(sys.argv[1]))
b, P = a["border"], a["pages"][0]["width"]
rs = a["rects"] or a.get("lightmaps", [])
grown = sum((r["w"] + 2 * b) * (r["h"] + 2 * b) for r in rs)
bound = math.ceil(grown / (0.85 * P * P))
pages = len(a["pages"])
lux = sum(r["w"] * r["h"] for r in rs)
print("%s: %d rects, %d pages (85 %% bound %d), occupancy %.3f, with borders %.3f" % (
    sys.argv[2], len(rs), pages, bound, lux / (pages * P * P), grown / (pages * P * P)))
sys.exit(0 if pages <= bound else 1)
PY
        fi
    done
done
if [ $at_ok -gt 0 ]; then
    pass "light styles: $at_ok atlases of $at_lit lit maps at pages 512 and 2048 pass atlas-check and the reference's check; at 512 within the 85 % bound"
    sed 's/^/    /' "$at_report"
else
    fail "light styles: no atlas was checked"
fi

# -- 3. an atlas the tool did not make, and spoiled ones -------------------------
for m in $SHARED/maps/source/tf2_test2.bsp $SHARED/maps/quake3/mp_lobby.bsp $SHARED/maps/quake/pd_counter.bsp \
         $MAPS/q2.bsp $MAPS/goldsrc.bsp $MAPS/v20_ldr.bsp; do
    [ -f "$m" ] || continue
    tag=$(tag_of "$m")
    for fmt in raw png; do
        d=$ls_dir/$tag.foreign.$fmt
        opt=""; [ $fmt = png ] && opt=--png
        if ! $ref pack $opt "$m" "$d" > /dev/null 2>&1; then
            fail "light styles: the reference cannot pack $m"
            continue
        fi
        if $BUILD/bspkit atlas-check "$m" "$d" > "$d.check" 2>&1; then
            pass "light styles: atlas-check takes the reference's own $fmt atlas of $m"
        else
            fail "light styles: atlas-check refuses the reference's $fmt atlas of $m: $(head -c 300 "$d.check")"
        fi
    done
    d=$ls_dir/$tag.foreign.raw
    bad=""
    for k in interior:texel border:border overlap:overlap off_page:outside missing:missing; do
        kind=${k%%:*}; want=${k#*:}
        $ref mutate "$d" "$d.$kind" $kind || { bad="$bad $kind:mutate"; continue; }
        $BUILD/bspkit atlas-check "$m" "$d.$kind" > "$d.$kind.check" 2>&1
        rc=$?
        [ $rc -eq 1 ] && grep -q "\"problem\":\"$want\"" "$d.$kind.check" || bad="$bad $kind:exit$rc"
        $ref check "$m" "$d.$kind" > "$d.$kind.ref" 2>&1 && bad="$bad $kind:reference-ok"
        grep -q "\"$want\"" "$d.$kind.ref" || bad="$bad $kind:reference-kind"
    done
    if [ -z "$bad" ]; then
        pass "light styles: $m: atlas-check and the reference refuse a flipped interior bit, a flipped border bit, an overlap, a border off the page, a missing face"
    else
        fail "light styles: $m: spoiled atlases not caught:$bad (see $d.*.check)"
    fi
done

# E5BGR9 light (--hdr: LIGHTING_E5BGR9, an HDR .lit): combine answers each
# face unsupported, as the reference; the atlas's texels go through 10.2's
# decode (both checkers take it, and refuse it held against the LDR light)
hdr_ok=0; hdr_bad=""
for n in q1_e5 q2_e5 goldsrc_e5 q1_lit_hdr; do
    m=$MAPS/bspx/$n.bsp
    [ -f "$m" ] || continue
    $BUILD/bspkit styles --hdr "$m" > "$ls_dir/$n.hdr.tool" 2>/dev/null
    $ref styles --hdr "$m" > "$ls_dir/$n.hdr.ref" 2>/dev/null
    cmp -s "$ls_dir/$n.hdr.tool" "$ls_dir/$n.hdr.ref" && grep -q '"error":"unsupported"' "$ls_dir/$n.hdr.tool" &&
        ! grep -q sha256 "$ls_dir/$n.hdr.tool" || hdr_bad="$hdr_bad $n:styles"
    d=$ls_dir/$n.hdr.atlas
    $BUILD/bspkit atlas --hdr "$m" "$d" > /dev/null 2>&1 || { hdr_bad="$hdr_bad $n:atlas"; continue; }
    $BUILD/bspkit atlas-check --hdr "$m" "$d" > /dev/null 2>&1 || hdr_bad="$hdr_bad $n:check"
    $ref check --hdr "$m" "$d" > /dev/null 2>&1 || hdr_bad="$hdr_bad $n:reference"
    $BUILD/bspkit atlas-check "$m" "$d" > /dev/null 2>&1 && hdr_bad="$hdr_bad $n:ldr-check-ok"
    $ref check "$m" "$d" > /dev/null 2>&1 && hdr_bad="$hdr_bad $n:ldr-reference-ok"
    hdr_ok=$((hdr_ok + 1))
done
if [ $hdr_ok -gt 0 ] && [ -z "$hdr_bad" ]; then
    pass "light styles: $hdr_ok E5BGR9-lit maps: combine unsupported on each face as the reference says; their atlases pass both checks and are refused held against the LDR light"
else
    fail "light styles: E5BGR9 light:$hdr_bad ($hdr_ok maps)"
fi

# the command lines: a page smaller than a block is a usage error
if [ -f "$MAPS/q1.bsp" ]; then
    $BUILD/bspkit atlas --page 4 "$MAPS/q1.bsp" "$ls_dir/small" > /dev/null 2> "$ls_dir/small.err"
    rc=$?
    if [ $rc -eq 2 ] && grep -q 'smaller than the largest block' "$ls_dir/small.err"; then
        pass "light styles: atlas --page 4 (smaller than a block) exits 2 and says the size that would do"
    else
        fail "light styles: atlas --page 4: exit $rc, '$(cat "$ls_dir/small.err")'"
    fi
fi

# -- 4. the C test --------------------------------------------------------------
run_prog styles $BUILD/t/test_styles $ls_maps
