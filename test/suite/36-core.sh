# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- the core build: BSPKIT_ACCESS=0 BSPKIT_AMBIENT=0 at -Os (make subsets) -
# Every family, no map access and no ambient light, built for size. Its tool
# answers every generated map's queries as the full build's expected answers
# say, except ambient, which is unsupported; its map access commands refuse;
# its library keeps the public functions (they answer unsupported) but none
# of the left-out code; its decoder is the compact (-Os) form, and passes the
# decoder tests.
dir=$BUILD/sub/core
[ -n "${gen_maps:-}" ] || gen_maps=$(ls $MAPS/*.bsp 2>/dev/null | grep -v '/large\.bsp$')
if [ ! -x $dir/bspkit ] || [ ! -x $dir/t/test_lzma ]; then
    fail "core: $dir/bspkit or $dir/t/test_lzma missing (make subsets)"
else
    good=0; changed=0; bad=""
    for m in $gen_maps; do
        base=${m%.bsp}
        [ -f "$base.queries" ] && [ -f "$base.expected" ] || continue
        $dir/bspkit query "$m" < "$base.queries" > $BUILD/core.out 2>&1
        # the expected answers with every ambient line made the refusal
        sed 's/^{"q":"ambient",.*/{"q":"ambient","error":"unsupported"}/' "$base.expected" > $BUILD/core.want
        cmp -s "$base.expected" $BUILD/core.want || changed=$((changed + 1))
        cmp -s $BUILD/core.out $BUILD/core.want && good=$((good + 1)) || bad="$bad $(basename "$m")"
    done
    if [ -z "$bad" ] && [ $good -gt 0 ] && [ $changed -gt 0 ]; then
        pass "core: $good generated maps answered, ambient unsupported ($changed maps had ambient answers)"
    else
        fail "core: wrong answers for$bad ($good good, $changed with ambient answers)"
    fi

    m=$MAPS/v20_ldr.bsp
    out=$($dir/bspkit leaves "$m" 2>/dev/null); rc=$?
    full=$($BUILD/bspkit leaves "$m" 2>/dev/null | head -1)
    if [ $rc -eq 1 ] && [ "$out" = '{"error":"unsupported"}' ] && echo "$full" | grep -q '^{"leaf":0,'; then
        pass "core: map access refused (unsupported) where the full build lists leaves"
    else
        fail "core: bspkit leaves gave '$out' (status $rc), full build '$full'"
    fi

    syms=$(nm -g --defined-only $dir/libbspkit.a | awk 'NF == 3 { print $3 }')
    kept=""; lost=""
    for s in bsp__face_shape bsp__face_lightmap bsp__map_flags bsp__q3_light_grid bsp__q3_gridsize; do
        echo "$syms" | grep -qx "$s" && kept="$kept $s"
    done
    for s in bsp_get_counts bsp_get_face bsp_face_vertex bsp_entity_find bsp_ambient bsp__q3_luxel; do
        echo "$syms" | grep -qx "$s" || lost="$lost $s"
    done
    if [ -z "$kept$lost" ]; then pass "core: the library leaves out map access and ambient code, keeps their functions"
    else fail "core: still defines$kept; lacks$lost"; fi

    # the -Os decoder loops where the -O2 one unrolls: well under half its size
    small=$(nm -S -t d --defined-only $dir/obj/loader/lzma/lzma_decoder.o | awk '$4 == "bsp__lzma_run" { print $2 + 0 }')
    big=$(nm -S -t d --defined-only $BUILD/obj/loader/lzma/lzma_decoder.o | awk '$4 == "bsp__lzma_run" { print $2 + 0 }')
    if [ -n "$small" ] && [ -n "$big" ] && [ $((small * 2)) -lt $big ]; then
        pass "core: compact decoder ($small bytes of code, $big at -O2)"
    else
        fail "core: decoder not compact ($small bytes, -O2 build $big)"
    fi
    run_prog core-lzma $dir/t/test_lzma
fi
