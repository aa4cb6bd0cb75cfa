# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- the core build: CORE of mk/config.mk at -Os (make subsets) -----------
# Every family as a game takes it: no map access, no ambient light, none of
# Source's game variants, no text (BSPKIT_ACCESS=0 BSPKIT_AMBIENT=0
# BSPKIT_VARIANTS=none BSPKIT_STRINGS=0), built for size. Its tool answers
# every generated map's queries as the full build's expected answers say,
# except ambient, collision (trace, hulltrace, contents, hullcontents,
# once a line parses) and areas (map access), which are unsupported, and the variants' maps, which get
# their left-out status; its map access commands refuse; its status
# messages are the status names and its lump names empty; its library keeps
# the public functions (they answer unsupported) but none of the left-out
# code or text; its decoder is the compact (-Os) form, and passes the
# decoder tests.
. test/suite/lib/variants_left_out.sh
core_dir=$BUILD/sub/core
gen_maps=$(gen_maps) || skip "core: no generated maps in $MAPS"
if [ ! -x $core_dir/bspkit ] || [ ! -x $core_dir/t/test_lzma ]; then
    fail "core: $core_dir/bspkit or $core_dir/t/test_lzma missing (make subsets)"
else
    core_good=0; core_changed=0; core_refused=0; core_bad=""
    for m in $gen_maps $MAPS/vindictus/*.bsp; do
        base=${m%.bsp}
        [ -f "$base.queries" ] && [ -f "$base.expected" ] || continue
        variant=$(variant_of "$($BUILD/bspkit info "$m" 2>/dev/null)")
        if [ -n "$variant" ]; then
            # a refusal: one JSON line whose message is the status's name
            st=$(left_out_status $variant)
            $core_dir/bspkit query "$m" < "$base.queries" 2>/dev/null | head -1 | cut -c1-$((24 + 2 * ${#st})) > $BUILD/core.out
            echo "{\"error\":\"$st\",\"message\":\"$st\"" > $BUILD/core.want
            core_refused=$((core_refused + 1))
        else
            $core_dir/bspkit query "$m" < "$base.queries" > $BUILD/core.out 2>&1
            # the expected answers with every ambient, collision and areas
            # line made the refusal (a line that does not parse stays bad_query)
            sed -e 's/^{"q":"ambient",.*/{"q":"ambient","error":"unsupported"}/' \
                -e '/"error":"bad_query"/!s/^{"q":"\(trace\|hulltrace\|contents\|hullcontents\|areas\)",.*/{"q":"\1","error":"unsupported"}/' \
                "$base.expected" > $BUILD/core.want
            cmp -s "$base.expected" $BUILD/core.want || core_changed=$((core_changed + 1))
        fi
        cmp -s $BUILD/core.out $BUILD/core.want && core_good=$((core_good + 1)) || core_bad="$core_bad $(basename "$m")"
    done
    if [ -z "$core_bad" ] && [ $core_good -gt 0 ] && [ $core_changed -gt 0 ] && [ $core_refused -ge 20 ]; then
        pass "core: $core_good generated maps answered or refused, ambient unsupported ($core_changed maps had ambient answers), $core_refused variant maps refused as documented"
    else
        fail "core: wrong answers for$core_bad ($core_good good, $core_changed with ambient answers, $core_refused variant maps)"
    fi

    # without text: lumps are named by number, the full build names them
    m=$MAPS/v20_ldr.bsp
    core_stats=$($core_dir/bspkit stats "$m" 2>/dev/null)
    full_stats=$($BUILD/bspkit stats "$m" 2>/dev/null)
    if echo "$core_stats" | grep -q '^{"0":[0-9]' && echo "$full_stats" | grep -q '^{"entities":[0-9]' &&
        [ "$(echo "$core_stats" | sed 's/"[a-z0-9_]*"://g')" = "$(echo "$full_stats" | sed 's/"[a-z0-9_]*"://g')" ]; then
        pass "core: no lump names (stats by lump number, the same counts as the full build)"
    else
        fail "core: stats '$(echo "$core_stats" | cut -c1-60)', full build '$(echo "$full_stats" | cut -c1-60)'"
    fi

    m=$MAPS/v20_ldr.bsp
    core_out=$($core_dir/bspkit leaves "$m" 2>/dev/null); core_rc=$?
    core_full=$($BUILD/bspkit leaves "$m" 2>/dev/null | head -1)
    if [ $core_rc -eq 3 ] && [ "$core_out" = '{"error":"unsupported"}' ] && echo "$core_full" | grep -q '^{"leaf":0,'; then
        pass "core: map access refused (unsupported) where the full build lists leaves"
    else
        fail "core: bspkit leaves gave '$core_out' (status $core_rc), full build '$core_full'"
    fi

    core_syms=$(nm -g --defined-only $core_dir/libbspkit.a | awk 'NF == 3 { print $3 }')
    core_kept=""; core_lost=""
    for s in bsp__face_shape bsp__face_lightmap bsp__map_flags bsp__q3_light_grid bsp__q3_gridsize bsp__grid_ambient bsp__light_grid_build \
             bsp__family_source_strata bsp__family_source_dm bsp__family_source17 bsp__family_source_vindictus1 bsp__xor; do
        echo "$core_syms" | grep -qx "$s" && core_kept="$core_kept $s"
    done
    for s in bsp_get_counts bsp_get_face bsp_face_vertex bsp_entity_find bsp_ambient bsp_ambient_style bsp__q3_luxel; do
        echo "$core_syms" | grep -qx "$s" || core_lost="$core_lost $s"
    done
    # the other families' variants (BSPKIT_VARIANTS=none): their
    # descriptions, which the full build defines
    full_syms=$(nm -g --defined-only $BUILD/libbspkit.a | awk 'NF == 3 { print $3 }')
    for s in bsp__family_quake64 bsp__family_quake_hexen2 bsp__family_quake2_qbism bsp__family_quake2_daikatana \
             bsp__family_quake3_47 bsp__family_quake3_raven bsp__family_quake3_qfusion; do
        echo "$core_syms" | grep -qx "$s" && core_kept="$core_kept $s"
        echo "$full_syms" | grep -qx "$s" || core_lost="$core_lost full:$s"
    done
    # the text left out: a status sentence and a lump name the full build
    # has (in what is loaded: a left-out table's initializer may still be
    # described in the debug information, which is not linked into code)
    strip -g -o $BUILD/core-nodebug.a $core_dir/libbspkit.a
    strip -g -o $BUILD/full-nodebug.a $BUILD/libbspkit.a
    for t in "The operation succeeded." "leafmindisttowater"; do
        grep -q "$t" $BUILD/full-nodebug.a || core_lost="$core_lost full:'$t'"
        grep -q "$t" $BUILD/core-nodebug.a && core_kept="$core_kept '$t'"
    done
    if [ -z "$core_kept$core_lost" ]; then pass "core: the library leaves out map access, ambient, variant code and text, keeps their functions"
    else fail "core: still defines$core_kept; lacks$core_lost"; fi

    # the -Os decoder loops where the -O2 one unrolls: the whole object
    # (any static functions included) well under half the size
    core_small=$(size $core_dir/obj/loader/lzma/lzma_decoder.o 2>/dev/null | awk 'NR == 2 { print $1 }')
    core_big=$(size $BUILD/obj/loader/lzma/lzma_decoder.o 2>/dev/null | awk 'NR == 2 { print $1 }')
    if [ -n "$core_small" ] && [ -n "$core_big" ] && [ $((core_small * 2)) -lt $core_big ]; then
        pass "core: compact decoder ($core_small bytes of code, $core_big at -O2)"
    else
        fail "core: decoder not compact ($core_small bytes, -O2 build $core_big)"
    fi
    run_prog core-lzma $core_dir/t/test_lzma
fi
