# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# suite: long
# ---- map access: leaves, faces, models, textures, render ------------------
# Every generated and real map through test/access/access_check.py (the
# file's own records, the reference, compiler reports, the light query under
# a --top picture); the sanitizer build's output equal to the plain one; the
# C checks of test_access and test_areas (areas and area portals).
access_dir=$BUILD/access
mkdir -p "$access_dir"
access_gen=$(ls $MAPS/*.bsp 2>/dev/null | grep -v '/large\.bsp$')
access_real=""
if have_shared; then
    access_real=$(ls "$SHARED"/maps/*/*.bsp)
    # QBSP 38 and IBSP 47 (docs/queries.md 13.1, 13.2): new/quake2, new/quake3
    access_real="$access_real $(ls "$SHARED"/maps/new/quake2/*.bsp "$SHARED"/maps/new/quake3/*.bsp 2>/dev/null)"
fi
access_report() {   # MAP: the compiler report option for a real map, if any
    case $1 in
        */quake/mp_lobby.bsp|*/bsp2/mp_lobby.bsp) echo "--report ericw ${1%.bsp}.bspinfo.txt" ;;
        */quake2/mp_lobby.bsp) echo "--report q2tools ${1%.bsp}.bspinfo.txt" ;;
        */quake3/mp_lobby.bsp) echo "--report q3map2 ${1%.bsp}.bspinfo.txt" ;;
        */xbox360/shack.360.bsp) echo "--report vbspinfo-console ${1%/*}/shack.pc-original.vbspinfo.txt" ;;
        *) [ -f "${1%.bsp}.vbspinfo.txt" ] && echo "--report vbspinfo ${1%.bsp}.vbspinfo.txt" ;;
    esac
}
for m in $access_gen $access_real; do
    name=$(basename "$(dirname "$m")")/$(basename "$m")
    opts="--render $access_dir"
    [ -f "${m%.bsp}.counts" ] && opts="$opts --counts ${m%.bsp}.counts"
    opts="$opts $(access_report "$m")"
    out=$access_dir/$(echo "$name" | tr / -).check
    python3 test/access/access_check.py $BUILD/bspkit "$m" $opts > "$out" 2>&1
    rc=$?
    if [ $rc -eq 0 ]; then
        pass "$name: leaves, faces, models, textures, --top pixels: $(tail -1 "$out")"
    elif [ $rc -eq 3 ]; then
        skip "$name: $(tail -1 "$out")"
    else
        fail "$name: map access differs from the file (see $out)"
        head -5 "$out"
    fi
    # docs/queries.md 11.3 - 11.5: each stored vertex's normal, colour,
    # texture and lightmap coordinates, each displacement's grid, against
    # the reference written from the contract (bspref_verts.py)
    python3 test/access/verts_check.py $BUILD/bspkit "$m" > "$out.verts" 2>&1
    rc=$?
    if [ $rc -eq 0 ]; then pass "$name: vertex attributes: $(tail -1 "$out.verts")"
    elif [ $rc -eq 3 ]; then skip "$name: vertex attributes: $(tail -1 "$out.verts")"
    else fail "$name: vertex attributes differ from the reference (see $out.verts)"; head -5 "$out.verts"; fi
    same=1
    for cmd in leaves faces dispverts models textures brushes; do
        # (the same exit status too: brushes exits 3 on the Quake
        # family's maps, which have none: docs/tool.md)
        $BUILD/bspkit $cmd "$m" > $access_dir/host.out 2>&1
        host_rc=$?
        $BUILD/asan/bspkit $cmd "$m" > $access_dir/asan.out 2>&1
        [ $? -eq $host_rc ] && [ $host_rc -le 1 -o $host_rc -eq 3 ] || same=0
        cmp -s $access_dir/host.out $access_dir/asan.out || same=0
    done
    if [ $same -eq 1 ]; then pass "$name: leaves/faces/dispverts/models/textures/brushes clean under ASan+UBSan, same output"
    else fail "$name: the ASan+UBSan tool fails or differs on leaves/faces/dispverts/models/textures/brushes"; fi
done
# facenormals_check LABEL MAP WANT: the tool's vertex attributes equal the
# reference's and the faces' normals come from WANT (facenormals, plane).
facenormals_check() {
    out=$access_dir/$(echo "$1" | tr / -).verts
    python3 test/access/verts_check.py $BUILD/bspkit "$2" > "$out" 2>&1
    rc=$?
    if [ $rc -eq 0 ] && $BUILD/bspkit faces "$2" | head -1 | grep -q "\"normal_source\":\"$3\""; then
        pass "$1: vertex attributes ($3 normals): $(tail -1 "$out")"
    else
        fail "$1: FACENORMALS differ from the reference or not $3 (see $out)"
        head -5 "$out"
    fi
}
# BSPX FACENORMALS (docs/queries.md 11.3): valid ones answer normal,
# tangent and bitangent; one whose last index is past its vectors is
# ignored (plane normals): both against the reference.
for m in $(ls $MAPS/bspx/*facenormals*.bsp 2>/dev/null); do
    want=facenormals
    case $m in *_bad.bsp) want=plane ;; esac
    facenormals_check "bspx/$(basename "$m")" "$m" $want
done
# The re-release's FACENORMALS on a real QBSP 38 map (docs/queries.md
# 13.1: exactly 4 + 12 n + 12 * sum(numedges) bytes): taken, and equal to
# the reference's.
if new_q2=$(quake2_new_maps); then
    for m in $new_q2; do facenormals_check "new/quake2/$(basename "$m")" "$m" facenormals; done
else
    skip "FACENORMALS on a real QBSP map: none in ../shared/maps/new/quake2"
fi
# Quake's full-bright colours (palette 224 .. 255) are drawn without light:
# a copy of q1.bsp whose textures run through indices 192 .. 252.
fb=$access_dir/q1_fullbright.bsp
if python3 test/access/patch_miptex.py $MAPS/q1.bsp $fb &&
   python3 test/access/access_check.py $BUILD/bspkit $fb --render $access_dir > $fb.check 2>&1 &&
   grep -q "textured, [1-9][0-9]* full bright" $fb.check; then
    pass "q1_fullbright.bsp: textured --top pixels of full-bright texels ignore the light: $(grep 'full bright' $fb.check)"
else
    fail "q1_fullbright.bsp: full-bright texels (see $fb.check)"
fi
run_prog access $BUILD/t/test_access $access_gen $access_real
run_prog areas $BUILD/t/test_areas $access_gen $access_real
# Overlapping area portal ranges (issue 42, test/craft/craft_areas.py):
# 1 024 areas each naming all 100 000 portals made one flood read 10^8
# records; they hold more than the lump, which no compiler writes: corrupt.
# The same counts in ranges one after another answer, every area joined.
areas_dir=$BUILD/areas42
mkdir -p $areas_dir
for mode in overlap disjoint; do
    if ! python3 test/craft/craft_areas.py $MAPS/q2.bsp $areas_dir/$mode.bsp 1024 100000 $mode; then
        fail "areas $mode: craft_areas.py failed"
        continue
    fi
    out=$(echo 'areas 1 1023 open' | timeout 60 $BUILD/asan/bspkit query $areas_dir/$mode.bsp 2>&1 | cut -c1-60)
    case $mode:$out in
        'overlap:{"q":"areas","error":"corrupt"}') pass "areas overlap: 1024 areas over one 100000-portal range answer corrupt" ;;
        'disjoint:{"q":"areas","a":1,"b":1023,"connected":1,'*) pass "areas disjoint: 1024 areas over 100000 portals in runs: 1 and 1023 joined" ;;
        *) fail "areas $mode: $out" ;;
    esac
done
# Static props: bspkit props equal to the reference (bspref_props.py) and,
# on generated maps, to what the generator wrote; the ASan+UBSan tool's
# output the same; the typed API against the generator's values.
for m in $access_gen $access_real; do
    name=$(basename "$(dirname "$m")")/$(basename "$m")
    out=$access_dir/$(echo "$name" | tr / -).props
    python3 test/access/props_check.py $BUILD/bspkit "$m" > "$out" 2>&1
    rc=$?
    if [ $rc -eq 0 ]; then pass "$name: props: $(tail -1 "$out")"
    elif [ $rc -eq 3 ]; then skip "$name: props: $(tail -1 "$out")"
    else fail "$name: bspkit props differs (see $out)"; head -5 "$out"; fi
    $BUILD/bspkit props "$m" > $access_dir/host.out 2>&1
    $BUILD/asan/bspkit props "$m" > $access_dir/asan.out 2>&1
    cmp -s $access_dir/host.out $access_dir/asan.out ||
        fail "$name: the ASan+UBSan tool's props differ from the plain one"
done
run_prog props $BUILD/t/test_props $access_gen $(ls $MAPS/vindictus/*.bsp 2>/dev/null) $access_real
if have_shared; then
    for m in $access_real; do
        png=$access_dir/$(basename "$(dirname "$m")")-$(basename "$m" .bsp).png
        if $BUILD/asan/bspkit render "$m" -o "$png" --pvs --props --lightmaps "${png%.png}-lightmaps.png" > /dev/null 2>&1 &&
           [ -s "$png" ]; then
            pass "$(basename "$m"): render --pvs --props --lightmaps writes both pictures under ASan+UBSan"
        else
            fail "$(basename "$m"): render failed"
        fi
    done
fi

# The same sessions on big-endian PowerPC under qemu-user: byte-identical.
# Generated maps (every family and console variant) and every real map.
access_cross="$access_gen $access_real"
for arch in ppc ppc64; do
    dir=build/$arch
    if ! command -v qemu-$arch >/dev/null || [ ! -x $dir/bspkit ]; then
        cross_missing "$arch: qemu-$arch or $dir/bspkit missing (make cross)"
        continue
    fi
    run_prog $arch-access qemu-$arch $dir/t/test_access $access_gen
    run_prog $arch-areas qemu-$arch $dir/t/test_areas $access_gen
    run_prog $arch-props qemu-$arch $dir/t/test_props $access_gen $access_real
    same=0; differ=""
    for m in $access_cross; do
        for cmd in leaves faces dispverts models textures brushes props; do
            $BUILD/bspkit $cmd "$m" > $access_dir/host.out 2>&1
            qemu-$arch $dir/bspkit $cmd "$m" > $access_dir/$arch.out 2>&1
            if cmp -s $access_dir/host.out $access_dir/$arch.out; then same=$((same + 1))
            else differ="$differ $cmd:$(basename "$m")"; fi
        done
    done
    if [ -z "$differ" ] && [ $same -gt 0 ]; then
        pass "$arch: $same bspkit leaves/faces/dispverts/models/textures/brushes/props sessions byte-identical to the host"
    else
        fail "$arch: map access output differs from the host:$differ"
    fi
done
