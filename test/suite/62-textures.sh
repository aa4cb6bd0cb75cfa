# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- What an engine draws: texture pixels, WAD2/WAD3, .wal (issue 41) -----
# docs/queries.md 11.2 and the textures/wad lines of 11.10, against the
# reference written from the contract (test/reference/bspref_tex.py), byte
# for byte: every generated map, the generator's texture fixtures (maps
# with every kind of miptex record, looked up through WADs in two orders),
# every shared map (the embedded textures of the Quake family: sha256 of
# each mip's indices and RGBA8, and of the palette) and the shared WAD;
# the files --extract writes (PNG decoded); test_textures (exact sizes,
# one byte short refused, the RGBA8 rule, failing and hostile streams,
# the library's palette against ../shared's copy) and its .wal lines; the
# ASan tool on the fixtures; the command line's exit statuses.
tex_dir=$BUILD/textures
tex_fix=$MAPS/tex
mkdir -p "$tex_dir"
tex_tool=$BUILD/bspkit
ref="python3 test/reference/bspref_tex.py"
if [ ! -d "$tex_fix" ]; then
    fail "textures: no $tex_fix (the generator's texture fixtures: make host-bins)"
fi
tex_wads="--wad $tex_fix/hl_tex.wad --wad $tex_fix/hl_tex2.wad --wad $tex_fix/q1_tex.wad"
tex_wads_rev="--wad $tex_fix/q1_tex.wad --wad $tex_fix/hl_tex2.wad --wad $tex_fix/hl_tex.wad"

# -- the tool against the reference ------------------------------------------
# one session: tag, then the command's arguments (the same for both)
tex_same=0; tex_lines=0; tex_refused=0; tex_bad=""
tex_compare() {
    t_tag=$1; shift
    t_cmd=$1; shift
    if ! $ref $t_cmd "$@" > "$tex_dir/$t_tag.ref" 2> "$tex_dir/$t_tag.referr"; then
        tex_refused=$((tex_refused + 1))   # (maps the reference cannot load are another part's business)
        return
    fi
    $tex_tool $t_cmd "$@" > "$tex_dir/$t_tag.tool" 2> "$tex_dir/$t_tag.err"
    if cmp -s "$tex_dir/$t_tag.tool" "$tex_dir/$t_tag.ref"; then
        tex_same=$((tex_same + 1))
        tex_lines=$((tex_lines + $(wc -l < "$tex_dir/$t_tag.ref")))
    else
        tex_bad="$tex_bad $t_tag"
    fi
}
tag_of() { echo "$1" | tr / - | sed 's/^[-.]*//'; }

tex_maps=$(gen_maps) || skip "textures: no generated maps"
for m in $tex_maps; do tex_compare "$(tag_of "$m")" textures "$m"; done
for m in "$tex_fix"/*.bsp; do
    [ -f "$m" ] || continue
    tex_compare "$(tag_of "$m")" textures "$m"
    tex_compare "$(tag_of "$m")-wads" textures "$m" $tex_wads
    tex_compare "$(tag_of "$m")-wads-rev" textures "$m" $tex_wads_rev
done
for w in "$tex_fix"/*.wad; do [ -f "$w" ] && tex_compare "$(tag_of "$w")" wad "$w"; done
if [ -z "$tex_bad" ] && [ $tex_same -gt 0 ]; then
    pass "textures: $tex_same generated sessions, $tex_lines textures/wad lines equal to the reference ($tex_refused maps the reference cannot read)"
else
    fail "textures: tool and reference differ on:$tex_bad (diff $tex_dir/TAG.tool $tex_dir/TAG.ref)"
fi
# what the fixtures must show, in the tool's own lines
t=$tex_dir/$(tag_of "$tex_fix/goldsrc_tex.bsp")-wads
t_rev=$tex_dir/$(tag_of "$tex_fix/goldsrc_tex.bsp")-wads-rev
if [ -f "$t.tool" ] && grep -q '"name":"ext_twice".*"file":"[^"]*/hl_tex.wad"' "$t.tool" &&
   grep -q '"name":"ext_twice".*"file":"[^"]*/hl_tex2.wad"' "$t_rev.tool" &&
   grep -q '"name":"ext_qpic".*"file":"[^"]*/hl_tex2.wad"' "$t.tool" &&
   grep -q '"name":"concretefloor01".*"wad":{[^}]*"name":"CONCRETEFLOOR01"' "$t.tool" &&
   grep -q '"name":"ext_compressed".*"wad_error":"unsupported"' "$t.tool" &&
   grep -q '"name":"{grate".*"transparent255":true' "$t.tool"; then
    pass "textures: WAD order (the first match wins, reversed: the other), names without case, a qpic passed over, a compressed miptex unsupported, '{' transparent"
else
    fail "textures: the WAD lookups of $t.tool are not what the fixtures hold"
fi
q=$tex_dir/$(tag_of "$tex_fix/q1_tex.bsp")
if [ -f "$q.tool" ] && [ "$(grep -c '"status":"corrupt"' "$q.tool")" -eq 7 ] &&
   [ "$(grep -c '"status":"embedded"' "$q.tool")" -eq 6 ] &&
   ! grep '"status":"embedded"' "$q.tool" | grep -vq '"palette_sha256":"6b20b5bc4ea965ef1852b05670d043ca16148a0ecad4e63028121c8aebc268fe"'; then
    pass "textures: q1_tex: 6 embedded (the Quake palette, SHA-256 6b20b5bc...268fe, as the contract says), 7 corrupt records, the map loaded"
else
    fail "textures: q1_tex's statuses or palette digest are not the fixture's (see $q.tool)"
fi

# -- the shared maps and WAD --------------------------------------------------
if real=$(real_maps); then
    tex_same=0; tex_lines=0; tex_refused=0; tex_bad=""
    for m in $real; do tex_compare "$(tag_of "$m")" textures "$m"; done
    w=$SHARED/maps/goldsrc/hl_currents.wad
    [ -f "$w" ] && tex_compare "$(tag_of "$w")" wad "$w"
    embedded=$(cat "$tex_dir"/*shared-maps-*.tool 2>/dev/null | grep -c '"status":"embedded"')
    if [ -z "$tex_bad" ] && [ $tex_same -gt 0 ]; then
        pass "textures: $tex_same shared maps and WAD, $tex_lines lines ($embedded textures with pixels, 4 mips each) equal to the reference"
    else
        fail "textures: tool and reference differ on the shared:$tex_bad (diff $tex_dir/TAG.tool $tex_dir/TAG.ref)"
    fi
else
    skip "textures: no $SHARED/maps: the real maps' and the shared WAD's textures are not checked"
fi

# -- --extract ----------------------------------------------------------------
for src in "$tex_fix/q1_tex.bsp" "$tex_fix/goldsrc_tex.bsp" "$tex_fix/hl_tex.wad" "$SHARED/maps/goldsrc/hl_currents.wad"; do
    [ -f "$src" ] || continue
    d=$tex_dir/extract-$(basename "$src")
    rm -rf "$d"
    case $src in *.wad) c=wad ;; *) c=textures ;; esac
    $tex_tool $c "$src" --extract "$d" > /dev/null 2> "$d.err"
    rc=$?
    $ref extract "$src" > "$d.ref"
    if [ $rc -eq 0 ] && out=$(python3 test/checks/tex_extract.py "$d" "$d.ref"); then
        pass "textures: $(basename "$src") --extract: $out"
    else
        fail "textures: $(basename "$src") --extract (exit $rc): $out"
    fi
done

# -- test_textures: sizes, short buffers, streams, hostile input, .wal --------
tex_real=""
have_shared && tex_real=$(ls "$SHARED"/maps/*/*.bsp 2>/dev/null)
tex_shared_wad=""
[ -f "$SHARED/maps/goldsrc/hl_currents.wad" ] && tex_shared_wad="--wad $SHARED/maps/goldsrc/hl_currents.wad"
run_prog textures $BUILD/t/test_textures --palette "$SHARED/maps/quake-palette.lmp" $tex_wads $tex_shared_wad \
    $tex_maps "$tex_fix"/*.bsp $tex_real \
    --wal "$tex_fix/tex.wal" --wal "$tex_fix/tex_bad.wal" --wal "$tex_fix/tex_past.wal" --wal "$tex_fix/tex_short.wal"
$BUILD/t/test_textures --wal "$tex_fix/tex.wal" --wal "$tex_fix/tex_bad.wal" --wal "$tex_fix/tex_past.wal" \
    --wal "$tex_fix/tex_short.wal" 2>&1 | sed -n 's/^WAL //p' > "$tex_dir/wal.lib"
$ref wal "$tex_fix/tex.wal" "$tex_fix/tex_bad.wal" "$tex_fix/tex_past.wal" "$tex_fix/tex_short.wal" > "$tex_dir/wal.ref"
if [ -s "$tex_dir/wal.ref" ] && cmp -s "$tex_dir/wal.lib" "$tex_dir/wal.ref"; then
    pass "textures: 4 .wal files (size, mips' indices and RGBA8 through a caller's palette; corrupt and cut ones) as the reference reads them"
else
    fail "textures: .wal lines differ (diff $tex_dir/wal.lib $tex_dir/wal.ref)"
fi

# -- the ASan tool on the fixtures ---------------------------------------------
same=1
for m in "$tex_fix"/*.bsp; do
    $tex_tool textures "$m" $tex_wads > "$tex_dir/host.out" 2>&1
    $BUILD/asan/bspkit textures "$m" $tex_wads > "$tex_dir/asan.out" 2>&1 || same=0
    cmp -s "$tex_dir/host.out" "$tex_dir/asan.out" || same=0
done
for w in "$tex_fix"/*.wad; do
    $tex_tool wad "$w" > "$tex_dir/host.out" 2>&1
    $BUILD/asan/bspkit wad "$w" > "$tex_dir/asan.out" 2>&1 || same=0
    cmp -s "$tex_dir/host.out" "$tex_dir/asan.out" || same=0
done
if [ $same -eq 1 ]; then pass "textures: the ASan+UBSan tool reads the hostile fixtures clean, the same lines"
else fail "textures: the ASan+UBSan tool fails or differs on the texture fixtures"; fi

# -- exit statuses ---------------------------------------------------------------
$tex_tool wad > /dev/null 2>&1; u1=$?
$tex_tool textures > /dev/null 2>&1; u2=$?
$tex_tool wad "$tex_fix/nowhere.wad" > /dev/null 2>&1; f1=$?
$tex_tool wad "$MAPS/q1.bsp" > "$tex_dir/notwad.out" 2>&1; f2=$?
$tex_tool textures "$MAPS/q1.bsp" --wad "$MAPS/q1.bsp" > /dev/null 2>&1; f3=$?
if [ $u1 -eq 2 ] && [ $u2 -eq 2 ] && [ $f1 -eq 1 ] && [ $f2 -eq 1 ] && [ $f3 -eq 1 ] &&
   grep -q '^{"error":"bad_magic"' "$tex_dir/notwad.out"; then
    pass "textures: no file exits 2; a missing WAD, a map given as a WAD (bad_magic) exit 1"
else
    fail "textures: exit statuses: no file $u1 $u2 (want 2), missing $f1, not a WAD $f2, --wad not a WAD $f3 (want 1)"
fi

# -- big-endian hosts: the same lines ---------------------------------------------
for arch in ppc ppc64; do
    dir=build/$arch
    if ! command -v qemu-$arch >/dev/null || [ ! -x $dir/bspkit ]; then
        cross_missing "$arch: qemu-$arch or $dir/bspkit missing (make cross)"
        continue
    fi
    differ=""
    for m in "$tex_fix"/*.bsp; do
        $tex_tool textures "$m" $tex_wads > "$tex_dir/host.out" 2>&1
        qemu-$arch $dir/bspkit textures "$m" $tex_wads > "$tex_dir/$arch.out" 2>&1
        cmp -s "$tex_dir/host.out" "$tex_dir/$arch.out" || differ="$differ $(basename "$m")"
    done
    for w in "$tex_fix"/*.wad; do
        $tex_tool wad "$w" > "$tex_dir/host.out" 2>&1
        qemu-$arch $dir/bspkit wad "$w" > "$tex_dir/$arch.out" 2>&1
        cmp -s "$tex_dir/host.out" "$tex_dir/$arch.out" || differ="$differ $(basename "$w")"
    done
    if [ -z "$differ" ]; then pass "$arch: textures and wad lines on the fixtures byte-identical to the host"
    else fail "$arch: textures/wad lines differ from the host:$differ"; fi
done
