# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- builds carrying some families / no decoder (make subsets) ------------
# Each reduced tool answers its own families' generated maps exactly as the
# full build's expected answers say, gives bad_magic for every other family,
# a left-out Source variant's status for its maps (the source build keeps
# strata and vindictus only) and, without the decoder, unsupported for a
# map with compressed lumps; its library holds no code of what was left out.
. test/variants_left_out.sh
[ -n "${gen_maps:-}" ] || gen_maps=$(ls $MAPS/*.bsp 2>/dev/null | grep -v '/large\.bsp$')
for cfg in source quake source-nolzma; do
    dir=$BUILD/sub/$cfg
    if [ ! -x $dir/bspkit ]; then
        fail "subset $cfg: $dir/bspkit missing (make subsets)"
        continue
    fi
    good=0; bad=""
    for m in $gen_maps $MAPS/vindictus/*.bsp; do
        base=${m%.bsp}
        [ -f "$base.queries" ] && [ -f "$base.expected" ] || continue
        info=$($BUILD/bspkit info "$m")
        fam=$(echo "$info" | sed -n 's/^{"family":"\([a-z0-9]*\)".*/\1/p')
        variant=$(variant_of "$info")
        case $cfg in
        source) want=source; kept="strata vindictus" ;;
        source-nolzma) want=source; kept=$variant ;;
        *) want=$cfg; kept="" ;;
        esac
        if [ "$fam" != "$want" ]; then
            expect='{"error":"bad_magic",'
        elif [ -n "$variant" ] && ! echo " $kept " | grep -q " $variant "; then
            expect="{\"error\":\"$(left_out_status $variant)\","
        elif [ $cfg = source-nolzma ] && echo "$info" | grep -q '"compressed":true'; then
            expect='{"error":"unsupported",'
        else
            expect=answers
        fi
        # a refusal is one JSON line on standard output (its sentence also
        # goes to standard error): compare its status field
        if [ "$expect" = answers ]; then
            $dir/bspkit query "$m" < "$base.queries" > $BUILD/subset.out 2>&1
        else
            $dir/bspkit query "$m" < "$base.queries" 2>/dev/null | head -1 | cut -c1-${#expect} > $BUILD/subset.out
        fi
        if [ "$expect" = answers ]; then
            cmp -s $BUILD/subset.out "$base.expected" && good=$((good + 1)) || bad="$bad $(basename "$m")"
        else
            [ "$(cat $BUILD/subset.out)" = "$expect" ] && good=$((good + 1)) || bad="$bad $(basename "$m"):$expect"
        fi
    done
    if [ -z "$bad" ] && [ $good -gt 0 ]; then
        pass "subset $cfg: $good generated maps answered or refused as documented"
    else
        fail "subset $cfg: wrong answer or status for$bad"
    fi
    syms=$(nm -g --defined-only $dir/libbspkit.a | awk 'NF == 3 { print $3 }')
    case $cfg in
    source) left="bsp__family_source_dm bsp__family_source17 bsp__xor bsp__family_quake bsp__family_quake2 bsp__family_quake3 bsp__family_nightfire bsp__extents_lightmap bsp__leafvis_row bsp__q3_luxel bsp__q3_light_grid" ;;
    quake) left="bsp__family_source bsp__family_goldsrc bsp__family_bsp2 bsp__family_quake2 bsp__dvis_row bsp__q3_luxel" ;;
    source-nolzma) left="bsp__family_quake bsp__lzma_decode" ;;
    esac
    kept=""
    for s in $left; do echo "$syms" | grep -qx "$s" && kept="$kept $s"; done
    if [ -z "$kept" ]; then pass "subset $cfg: the library leaves out the other families' code"
    else fail "subset $cfg: still defines$kept"; fi
done
# Each reduced build's descriptions against its core/config.h constants (a
# field the generic code skips in that build must not be set there).
for cfg in source quake source-nolzma core; do
    prog=$BUILD/sub/$cfg/t/test_selection
    if [ -x $prog ]; then run_prog "selection-$cfg" $prog
    else fail "subset $cfg: $prog missing (make subsets)"; fi
done
