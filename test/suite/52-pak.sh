# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- the pakfile (lump 40): bspkit pak against the Python reference -------
# Pakfiles written from the format by test/craft/pak_gen.py (stored and LZMA
# entries with and without end marker; Valve's aligned XZP2 with a preload
# section in the map's byte order, XZP1; empty) spliced into generated
# Source maps (little-endian v20, big-endian console v20, Left 4 Dead 2's
# directory order, a PC map with LZMA lumps), and every real Source map: `bspkit pak` lists and
# --cat reads exactly what test/reference/bspref_pak.py does (zipfile
# cross-checks the zips it can read), the ASan+UBSan tool the same;
# --extract refuses names that would leave its folder; test_pak (ASan+UBSan)
# runs the API, the stream's way and the hostile cases; ppc under qemu gives
# the same bytes.
pak_dir=$BUILD/pak
rm -rf "$pak_dir" && mkdir -p "$pak_dir"
pak_gen="python3 test/craft/pak_gen.py $BUILD/t/pak_lzma"
pak_ref="python3 test/reference/bspref_pak.py"
pak_maps=""
for src in v20_ldr x360_v20_ldr v21_l4d2 v20_lzma; do
    for kind in plain aligned aligned1 empty plain-lzma aligned-lzma; do
        # (v20_lzma: a PC map with LZMA lumps, as bspzip -repack writes;
        # KIND-lzma: lump 40 itself compressed, decoded by the load)
        case $src in v20_lzma) case $kind in plain|plain-lzma) ;; *) continue ;; esac ;; esac
        if $pak_gen $MAPS/$src.bsp $pak_dir/${src}_$kind.bsp $kind; then
            pak_maps="$pak_maps $pak_dir/${src}_$kind.bsp"
        else
            fail "pak: pak_gen.py could not write ${src}_$kind.bsp"
        fi
    done
done
pak_real=""
if have_shared; then
    pak_real=$(ls "$SHARED"/maps/source/*.bsp "$SHARED"/maps/xbox360/*.bsp)
else
    skip "pak: no $SHARED/maps: the real Source maps' pakfiles are not compared"
fi
for m in $pak_maps $pak_real; do
    name=$(basename "$m")
    $pak_ref list "$m" > $pak_dir/ref.txt 2>&1
    $BUILD/bspkit pak "$m" > $pak_dir/tool.txt 2>&1
    rc=$?
    n=$(wc -l < $pak_dir/ref.txt)
    if [ $rc -eq 0 ] && cmp -s $pak_dir/ref.txt $pak_dir/tool.txt; then
        pass "pak $name: $n entries listed as the reference lists them"
    else
        fail "pak $name: bspkit pak differs from bspref_pak.py (rc $rc)"
        diff $pak_dir/ref.txt $pak_dir/tool.txt | head -4
    fi
    $BUILD/asan/bspkit pak "$m" > $pak_dir/asan.txt 2>&1
    cmp -s $pak_dir/tool.txt $pak_dir/asan.txt || fail "pak $name: the ASan+UBSan tool lists differently"
    if check=$($pak_ref check "$m" 2>&1); then pass "pak $name (reference): $check"
    else fail "pak $name: the reference's own check: $check"; fi
    same=0; differ=""
    for e in $(python3 -c 'import json,sys
for l in open(sys.argv[1]): print(json.loads(l)["name"].replace(" ", "?"))' $pak_dir/ref.txt); do
        $pak_ref cat "$m" "$e" > $pak_dir/ref.bin 2>/dev/null
        $BUILD/bspkit pak "$m" --cat "$e" > $pak_dir/tool.bin 2>/dev/null
        if cmp -s $pak_dir/ref.bin $pak_dir/tool.bin; then same=$((same + 1)); else differ="$differ $e"; fi
    done
    if [ -z "$differ" ]; then
        [ $same -gt 0 ] && pass "pak $name: $same entries read (--cat, CRC checked) byte for byte as the reference"
    else
        fail "pak $name: --cat differs from the reference on:$differ"
    fi
done

# Valve's aligned pakfile of the console map: five entries, the preload
# section first (a generic reader that skips the declared extra field finds one).
if have_shared; then
    shack=$SHARED/maps/xbox360/shack.360.bsp
    names=$($BUILD/bspkit pak "$shack" | python3 -c 'import json,sys
print(" ".join(json.loads(l)["name"] for l in sys.stdin))')
    pre=$($BUILD/bspkit pak "$shack" | grep -c '"preload":[1-9]')
    set -- $names
    if [ $# -eq 5 ] && [ "$1" = "__preload_section.pre" ] && [ $pre -eq 4 ] &&
       [ "$(echo "$names" | grep -o ' materials/' | wc -l)" -eq 4 ]; then
        pass "pak shack.360.bsp: five entries, __preload_section.pre then four materials/..., four preloaded"
    else
        fail "pak shack.360.bsp: listed as: $names ($pre preloaded)"
    fi
fi

# --extract: every entry under DIR, equal to --cat; names that would leave
# DIR refused, nothing written outside it.
ex=$pak_dir/extract
rm -rf "$ex" && mkdir -p "$ex"
if $BUILD/bspkit pak $pak_dir/v20_ldr_plain.bsp --extract "$ex/out" 2> $pak_dir/extract.err &&
   [ "$(find "$ex/out" -type f | wc -l)" -eq 7 ] &&
   $BUILD/bspkit pak $pak_dir/v20_ldr_plain.bsp --cat materials/maps/gen/Entry_5.vtf | cmp -s - "$ex/out/materials/maps/gen/Entry_5.vtf" &&
   $BUILD/bspkit pak $pak_dir/v20_ldr_plain.bsp --cat 'sound\gen\Ambient.wav' | cmp -s - "$ex/out/sound/gen/Ambient.wav"; then
    pass "pak --extract: 7 entries under DIR, the same bytes as --cat ('\\' names as folders)"
else
    fail "pak --extract of v20_ldr_plain.bsp (see $pak_dir/extract.err)"
fi
if $pak_gen $MAPS/v20_ldr.bsp $pak_dir/evil.bsp evil; then
    rm -rf "$ex" && mkdir -p "$ex/in"
    $BUILD/bspkit pak $pak_dir/evil.bsp --extract "$ex/in/out" 2> $pak_dir/evil.err
    rc=$?
    if [ $rc -eq 1 ] && [ "$(grep -c refusing $pak_dir/evil.err)" -eq 4 ] &&
       [ "$(find "$ex" -type f)" = "$ex/in/out/ok/fine.txt" ]; then
        pass "pak --extract: '..', absolute and drive-letter names refused with a message, nothing outside DIR"
    else
        fail "pak --extract of hostile names: rc $rc, wrote: $(find "$ex" -type f | tr '\n' ' ')"
    fi
fi

# The API, the stream's way, the hostile cases (test_pak is built with ASan+UBSan).
if $pak_gen -le $pak_dir/plain.pak plain && $pak_gen -be $pak_dir/aligned_be.pak aligned; then
    run_prog pak $BUILD/t/test_pak $pak_dir/plain.pak $pak_dir/aligned_be.pak \
        $pak_dir/x360_v20_ldr_aligned.bsp $pak_dir/v21_l4d2_plain.bsp $pak_real
else
    fail "pak: pak_gen.py could not write the raw pakfiles"
fi

# Big-endian PowerPC under qemu-user: the same listing and bytes.
pdir=build/ppc
if command -v qemu-ppc >/dev/null && [ -x $pdir/bspkit ] && [ -x $pdir/t/test_pak ]; then
    same=0; differ=""
    for m in $pak_maps $pak_real; do
        $BUILD/bspkit pak "$m" > $pak_dir/host.txt 2>&1
        qemu-ppc $pdir/bspkit pak "$m" > $pak_dir/ppc.txt 2>&1
        if cmp -s $pak_dir/host.txt $pak_dir/ppc.txt; then same=$((same + 1)); else differ="$differ $(basename "$m")"; fi
        e=$(python3 -c 'import json,sys
ls=[json.loads(l) for l in open(sys.argv[1])]
print(max(ls, key=lambda d: d["size"])["name"] if ls else "")' $pak_dir/host.txt)
        [ -n "$e" ] || continue
        $BUILD/bspkit pak "$m" --cat "$e" > $pak_dir/host.bin
        qemu-ppc $pdir/bspkit pak "$m" --cat "$e" > $pak_dir/ppc.bin
        cmp -s $pak_dir/host.bin $pak_dir/ppc.bin || differ="$differ cat:$(basename "$m")"
    done
    if [ -z "$differ" ]; then pass "ppc: bspkit pak on $same maps and --cat of each largest entry byte-identical to the host"
    else fail "ppc: bspkit pak differs from the host on:$differ"; fi
    run_prog ppc-pak qemu-ppc $pdir/t/test_pak $pak_dir/plain.pak $pak_dir/aligned_be.pak \
        $pak_dir/x360_v20_ldr_aligned.bsp $pak_dir/v21_l4d2_plain.bsp
else
    skip "ppc: qemu-ppc or $pdir/bspkit, $pdir/t/test_pak missing (make cross): pakfile not compared on big-endian"
fi
