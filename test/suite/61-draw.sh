# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# suite: long
# ---- What an engine draws: terrain in the leaves, visible faces (issue 40) --
# docs/queries.md 11.1 and 11.8: on the generated maps of every family and
# the shared real maps, `displeaves` for every leaf of a Source map and
# `visible` for clusters spread over each map (with the edges: -1, one past
# the end, malformed lines) answer as the reference
# (test/reference/bspref_draw.py, written from the contract) answers, byte
# for byte.
draw_dir=$BUILD/draw
mkdir -p "$draw_dir"
draw_maps=$(gen_maps) || skip "draw: no generated maps"
if real=$(real_maps); then
    draw_maps="$draw_maps $real"
else
    skip "draw: no $SHARED/maps: the real maps' visible faces are not checked"
fi
draw_same=0
draw_lines=0
for m in $draw_maps; do
    tag=$(echo "$m" | tr / - | sed 's/^[-.]*//')
    q=$draw_dir/$tag.queries
    # (maps the reference cannot load are another part's business)
    python3 test/checks/draw_check.py lines "$m" > "$q" 2>/dev/null || continue
    $BUILD/bspkit query "$m" < "$q" > "$draw_dir/$tag.tool" 2>&1
    timeout 900 python3 test/reference/bspref.py query "$m" < "$q" > "$draw_dir/$tag.ref" 2>&1
    if cmp -s "$draw_dir/$tag.tool" "$draw_dir/$tag.ref"; then
        draw_same=$((draw_same + 1))
        draw_lines=$((draw_lines + $(wc -l < "$q")))
    else
        fail "draw: $m: tool and reference differ (diff $draw_dir/$tag.tool $draw_dir/$tag.ref)"
    fi
done
if [ $draw_same -gt 0 ]; then
    pass "draw: $draw_same maps, $draw_lines displeaves/visible lines equal to the reference"
else
    fail "draw: no map's displeaves/visible lines were compared (test/checks/draw_check.py lines failed on every map)"
fi
# the player's view: every displacement of the real Source maps is listed
# by a leaf with a cluster that draws it (the generated terrain maps keep
# one in solid, in no cluster's leaf: test/guide/draw.c checks those draw
# what their clustered leaves list)
for m in $SHARED/maps/source/tf2_test2.bsp $SHARED/maps/xbox360/shack.360.bsp; do
    [ -f "$m" ] || continue
    if out=$(python3 test/checks/draw_check.py view $BUILD/bspkit "$m" 2>&1); then
        pass "draw: player view: $out"
    else
        fail "draw: player view: $out"
    fi
done
# the real Source maps' terrain is in leaves (a nonempty displeaves line)
for m in $SHARED/maps/source/tf2_test2.bsp $SHARED/maps/xbox360/shack.360.bsp $MAPS/v20_terrain.bsp; do
    [ -f "$m" ] || continue
    tag=$(echo "$m" | tr / - | sed 's/^[-.]*//')
    n=$(grep -c '"disps":\[[0-9]' "$draw_dir/$tag.tool" 2>/dev/null)
    if [ "${n:-0}" -gt 0 ]; then
        pass "draw: $m: $n leaves hold terrain"
    else
        fail "draw: $m: no leaf holds a displacement"
    fi
done
# hostile: shared nodes (2^nodes paths) and leaf lists that all overlap
# (test/craft/craft_draw.py): answered at once, as the reference answers
hdir=$draw_dir/hostile
mkdir -p "$hdir"
if [ -f "$MAPS/v20_terrain.bsp" ] && python3 test/craft/craft_draw.py "$MAPS/v20_terrain.bsp" "$hdir" > "$hdir/craft.out"; then
    for t in shared overlap; do
        python3 test/checks/draw_check.py lines "$hdir/$t.bsp" > "$hdir/$t.queries"
        timeout 20 $BUILD/asan/bspkit query "$hdir/$t.bsp" < "$hdir/$t.queries" > "$hdir/$t.tool" 2>&1
        rc=$?
        timeout 300 python3 test/reference/bspref.py query "$hdir/$t.bsp" < "$hdir/$t.queries" > "$hdir/$t.ref" 2>&1
        if [ $rc -eq 0 ] && cmp -s "$hdir/$t.tool" "$hdir/$t.ref"; then
            pass "draw: hostile $t ($(cat "$hdir/craft.out")): $(grep -c corrupt "$hdir/$t.tool") corrupt of $(wc -l < "$hdir/$t.queries") lines, as the reference"
        else
            fail "draw: hostile $t: exit $rc, or differs from the reference (diff $hdir/$t.tool $hdir/$t.ref)"
        fi
    done
else
    fail "draw: craft_draw.py failed"
fi
# ---- meshes by texture (issue 40 item 4) ------------------------------------
# `bspkit meshes` of every model against test/reference/bspref_mesh.py (the
# batches' textures, names, pages, flags, tool bits, ranges and faces, and
# checksums of their vertices and indices, rebuilt from the contract) on
# the generated maps of every family, the shared real maps, three of
# OpenArena's and test/craft/craft_mesh.py's maps (names equal but for
# case, tool names, flags that split a name, Quake 3 pages, patches in the
# world: isolated at subdivisions 2, 4, 8 and stitched; a refused patch);
# test_mesh checks the sizes (exact: one byte short refused), the
# statuses, the layout, the face access's vertices and hostile input.
mesh_dir=$BUILD/mesh
mkdir -p "$mesh_dir"
mesh_ref() {   # MAP [OPTIONS]: every model's meshes against the reference
    _m=$1; shift
    _n=$($BUILD/bspkit models "$_m" 2>/dev/null | wc -l)
    _k=0
    : > "$mesh_dir/tool.out"
    while [ $_k -lt $_n ] && [ $_k -lt 200 ]; do
        $BUILD/bspkit meshes "$_m" --model $_k "$@" >> "$mesh_dir/tool.out" 2>/dev/null
        _k=$((_k + 1))
    done
    [ $_n -le 200 ] || return 2
    timeout 900 python3 test/reference/bspref_mesh.py "$_m" --all-models "$@" < "$mesh_dir/tool.out" > "$mesh_dir/ref.out" 2>&1
}
mesh_maps_all=$(gen_maps) || skip "mesh: no generated maps"
real=$(real_maps) && mesh_maps_all="$mesh_maps_all $real" || skip "mesh: no $SHARED/maps: the real maps' meshes are not checked"
oa_mesh=$(oa_maps oa_dm5 oa_dm4 pul1ctf) || skip "mesh: openarena-data's maps absent"
mesh_craft=$(mesh_maps) || fail "mesh: test/craft/craft_mesh.py failed"
mesh_pass=0; mesh_skip=0; mesh_models=0
for m in $mesh_maps_all $oa_mesh $mesh_craft; do
    mesh_ref "$m"
    if grep -q '^PASS' "$mesh_dir/ref.out"; then
        mesh_pass=$((mesh_pass + 1))
        mesh_models=$((mesh_models + $(sed -n 's/^PASS mesh [^:]*: \([0-9]*\) model.*/\1/p' "$mesh_dir/ref.out")))
    elif grep -q '^SKIP' "$mesh_dir/ref.out"; then
        mesh_skip=$((mesh_skip + 1))    # (maps the reference cannot load are another part's business)
    else
        fail "mesh: $(head -3 "$mesh_dir/ref.out")"
    fi
done
if [ $mesh_pass -gt 0 ]; then
    pass "mesh: $mesh_pass maps, $mesh_models models: every batch's texture, flags, tool bits, faces, vertices and indices equal the reference ($mesh_skip maps it cannot read)"
else
    fail "mesh: no map's meshes were compared"
fi
# options: tool faces left out; Quake 3 patches at three subdivisions,
# stitched, a face line each (the face table)
for m in $mesh_craft $oa_mesh; do
    case $m in *mesh_q3*|*openarena*) opts="--no-tools|--subdivisions 2|--subdivisions 8|--stitched|--stitched --subdivisions 2|--faces" ;;
                                  *) opts="--no-tools|--faces" ;; esac
    old_ifs=$IFS; IFS='|'; set -- $opts; IFS=$old_ifs
    for o in "$@"; do
        mesh_ref "$m" $o
        if grep -q '^PASS' "$mesh_dir/ref.out"; then pass "$(cut -c6- "$mesh_dir/ref.out")"
        else fail "mesh $o: $(head -3 "$mesh_dir/ref.out")"; fi
    done
done
# the C checks (sizes, statuses, layout, the face access, hostile input)
run_prog mesh $BUILD/t/test_mesh $(gen_maps) $real $(oa_maps oa_dm5) $mesh_craft
