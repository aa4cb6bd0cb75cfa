# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- the Quake family's light grid (docs/queries.md 10.5) -----------------
# `ambient X Y Z [STYLE]` from LIGHTGRID_OCTREE: the tool against the
# generator's answers (worked out from its description) and against the
# Python reference (test/reference/bspref_grid.py), on generated maps of
# quake, goldsrc, bsp2 and quake2 (hostile grids among them: every point
# answers no_ambient, the map still loads) and on the real ericw-tools map.
grid_ref=test/reference/bspref_grid.py

# tool (plain, ASan, forward-only stream) against a file of answers
grid_compare() {   # name map queries answers what
    modes="plain asan forward"
    # a forward-only stream finds the BSPX directory only where compilers
    # write it, after the lumps (bsp_bspx.at_load), never after the header
    case $1 in *_header|*_big) modes="plain asan" ;; esac
    for mode in $modes; do
        case $mode in
            plain) $BUILD/bspkit query "$2" < "$3" > "$BUILD/grid.out" 2>&1 ;;
            asan) $BUILD/asan/bspkit query "$2" < "$3" > "$BUILD/grid.out" 2>&1 ;;
            forward) $BUILD/bspkit query --forward "$2" < "$3" > "$BUILD/grid.out" 2>&1 ;;
        esac
        if cmp -s "$BUILD/grid.out" "$4"; then
            pass "$1: ambient ($mode) equals $5 ($(wc -l < "$3") lines)"
        else
            fail "$1: ambient ($mode) differs from $5"
            diff "$4" "$BUILD/grid.out" | head -6
        fi
    done
}

grid_maps=$(ls $MAPS/grid/*.bsp 2>/dev/null)
if [ -z "$grid_maps" ]; then
    fail "light grid: no maps in $MAPS/grid (bspgen did not write them)"
fi
for m in $grid_maps; do
    base=${m%.bsp}
    name=grid/$(basename "$base")
    grid_compare "$name" "$m" "$base.queries" "$base.expected" "the generator's answers"
    python3 $grid_ref points "$m" --count 600 > "$base.ref.queries"
    python3 $grid_ref query "$m" < "$base.ref.queries" > "$base.ref.expected"
    grid_compare "$name" "$m" "$base.ref.queries" "$base.ref.expected" "the reference"
    case $name in
        *_grid|*_grid_header|*_grid_big)
            if grep -q '"mask"' "$base.ref.expected" && grep -q '"error":"no_ambient"' "$base.ref.expected"; then
                pass "$name: the reference's points reach grid data and places without it"
            else
                fail "$name: the reference's points miss either data or its absence"
            fi ;;
        *)
            if grep -q '"mask"' "$base.ref.expected"; then
                fail "$name: a hostile grid answered a lookup"
            else
                pass "$name: a hostile grid answers no_ambient everywhere"
            fi ;;
    esac
done

# a forward-only load keeps room for a grid of up to BSP_GRID_FORWARD_MAX
# (64 KiB): a larger one (q1_grid_big, about 400 KiB) answers not_loaded
big=$MAPS/grid/q1_grid_big.bsp
if [ -f "$big" ]; then
    $BUILD/bspkit query --forward "$big" < "${big%.bsp}.queries" | sort | uniq -c > "$BUILD/grid.out"
    if [ "$(wc -l < "$BUILD/grid.out")" -eq 2 ] && grep -q '"error":"not_loaded"' "$BUILD/grid.out" &&
       grep -q '"error":"bad_query"' "$BUILD/grid.out" && [ "$(stat -c %s "${big%.bsp}.lump")" -gt 65536 ]; then
        pass "grid/q1_grid_big: a forward-only load answers not_loaded for a grid past 64 KiB"
    else
        fail "grid/q1_grid_big: forward-only answers are not all not_loaded"; cat "$BUILD/grid.out"
    fi
fi

# the library's statuses around the grid
[ -f $MAPS/grid/q1_grid.bsp ] && run_prog grid-api $BUILD/t/test_grid $MAPS/grid/q1_grid.bsp $MAPS/q1.bsp \
    $MAPS/v20_ldr.bsp

# the maps the grids were added to: no LIGHTGRID_OCTREE, unsupported as before
for base in q1 goldsrc bsp2 q2; do
    m=$MAPS/$base.bsp
    [ -f "$m" ] || continue
    printf 'ambient 0 0 0\nambient 1 2 3 5\nambient 0 0 0 256\n' > "$BUILD/grid.q"
    printf '%s\n' '{"q":"ambient","error":"unsupported"}' '{"q":"ambient","error":"unsupported"}' \
        '{"q":"ambient","error":"bad_query"}' > "$BUILD/grid.e"
    grid_compare "$base" "$m" "$BUILD/grid.q" "$BUILD/grid.e" "unsupported (no grid)"
done

if have_shared; then
    grid_real=$SHARED/maps/bsp2/example_q1_bspx.bsp
    for seed in 1 2; do
        python3 $grid_ref points "$grid_real" --seed $seed --count 3000 > "$BUILD/grid.real.q"
        python3 $grid_ref query "$grid_real" < "$BUILD/grid.real.q" > "$BUILD/grid.real.e"
        grid_compare "example_q1_bspx.bsp seed $seed" "$grid_real" "$BUILD/grid.real.q" "$BUILD/grid.real.e" \
            "the reference"
    done
    if [ "$(grep -c '"mask"' "$BUILD/grid.real.e")" -ge 500 ]; then
        pass "example_q1_bspx.bsp: at least 500 of the reference's points have grid data"
    else
        fail "example_q1_bspx.bsp: too few points with grid data to compare"
    fi
    # every other Quake-family map has no grid: unsupported, as before
    for m in "$SHARED"/maps/quake/*.bsp "$SHARED"/maps/bsp2/mp_lobby.bsp "$SHARED"/maps/goldsrc/*.bsp \
             "$SHARED"/maps/quake2/*.bsp; do
        printf 'ambient 0 0 0\nambient 64 -32 16 1\n' > "$BUILD/grid.q"
        python3 $grid_ref query "$m" < "$BUILD/grid.q" > "$BUILD/grid.e"
        if grep -qv unsupported "$BUILD/grid.e"; then
            fail "$(basename "$m"): the reference finds a grid in a map without one"
        else
            grid_compare "$(basename "$m")" "$m" "$BUILD/grid.q" "$BUILD/grid.e" "unsupported (no grid)"
        fi
    done
else
    skip "light grid on real maps: $SHARED/maps is absent"
fi

# big-endian hosts read the little-endian grid byte for byte (make cross)
for arch in ppc ppc64; do
    dir=build/$arch
    if ! command -v qemu-$arch >/dev/null || [ ! -x $dir/bspkit ]; then
        skip "$arch: light grid not checked (qemu-$arch or $dir/bspkit missing: make cross)"
        continue
    fi
    differ=""; same=0
    for m in $grid_maps; do
        for q in "${m%.bsp}.queries" "${m%.bsp}.ref.queries"; do
            qemu-$arch $dir/bspkit query "$m" < "$q" > "$BUILD/grid.out" 2>&1
            if cmp -s "$BUILD/grid.out" "${q%.queries}.expected"; then same=$((same + 1))
            else differ="$differ $(basename "$q")"; fi
        done
    done
    if have_shared; then
        qemu-$arch $dir/bspkit query "$grid_real" < "$BUILD/grid.real.q" > "$BUILD/grid.out" 2>&1
        if cmp -s "$BUILD/grid.out" "$BUILD/grid.real.e"; then same=$((same + 1))
        else differ="$differ example_q1_bspx.bsp"; fi
    fi
    if [ -z "$differ" ]; then pass "$arch: light grid answers equal the expected ones ($same sessions)"
    else fail "$arch: light grid answers differ:$differ"; fi
done
rm -f "$BUILD/grid.out" "$BUILD/grid.q" "$BUILD/grid.e" "$BUILD/grid.real.q" "$BUILD/grid.real.e"
