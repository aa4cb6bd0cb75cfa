# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- builds carrying some families / no decoder (make subsets) ------------
# Each reduced tool answers its own families' generated maps exactly as the
# full build's expected answers say, gives bad_magic for every other family,
# a left-out Source variant's status for its maps (the source build keeps
# strata and vindictus only) and, without the decoder, unsupported for a
# map with compressed lumps; its library holds no code of what was left out.
# The source build also leaves out decode jobs (BSPKIT_JOBS=0): it loads
# compressed maps in its steps, refuses options.jobs above 0 as
# unsupported, and its jobs.o carries no code.
. test/suite/lib/variants_left_out.sh
gen_maps=$(gen_maps) || skip "subsets: no generated maps in $MAPS"
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
        *) want=$cfg; kept=$variant ;;   # (every variant of its family)
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
    source) left="bsp__family_source_dm bsp__family_source17 bsp__xor bsp__family_quake bsp__family_quake2 bsp__family_quake3 bsp__family_nightfire bsp__family_respawn bsp__family_respawn29 bsp__extents_lightmap bsp__leafvis_row bsp__q3_luxel bsp__q3_light_grid" ;;
    quake) left="bsp__family_source bsp__family_goldsrc bsp__family_bsp2 bsp__family_quake2 bsp__family_respawn bsp__dvis_row bsp__q3_luxel" ;;
    source-nolzma) left="bsp__family_quake bsp__lzma_run" ;;
    esac
    kept=""
    for s in $left; do echo "$syms" | grep -qx "$s" && kept="$kept $s"; done
    if [ -z "$kept" ]; then pass "subset $cfg: the library leaves out the other families' code"
    else fail "subset $cfg: still defines$kept"; fi
    # without respawn (docs/queries.md 12.1): an rBSP map is refused as
    # before the family, by name with Source, unknown without it
    if [ -f "$MAPS/respawn/rsp37.bsp" ]; then
        r=$($dir/bspkit info "$MAPS/respawn/rsp37.bsp" 2>/dev/null)
        case $cfg in
        quake) ok=$(echo "$r" | grep -c '^{"error":"bad_magic"') ;;
        *) ok=$(echo "$r" | grep -c '^{"error":"bad_version".*"appears":"rBSP (Titanfall/Apex Legends): a different format, not supported"') ;;
        esac
        if [ "$ok" = 1 ]; then pass "subset $cfg: an rBSP map is refused as without the respawn family"
        else fail "subset $cfg: rsp37.bsp: $r"; fi
    fi
done
# Source alone has no family whose description has a BSPX directory
# (core/config.h BSP__USE_BSPX): its objects define none of the BSPX
# directory's, the .lit reader's, the light-source or the E5BGR9 code's
# symbols, and bspx.o, bspx_dir.o and light_source.o are empty. The same
# names in the full build keep the list from going stale.
dir=$BUILD/sub/source
bspx_syms="bsp__bspx_open bsp__bspx_scan bsp__bspx_from_tail bsp__bspx_index bsp__bspx_lighting bsp__bspx_lump bsp__light_resolve bsp__sample_e5bgr9"
bspx_objs="loader/family/bspx.o loader/pipeline/bspx_dir.o loader/family/light_source.o"
if [ -d $dir/obj ] && [ -d $BUILD/obj ]; then
    sub_syms=$(nm --defined-only $(find $dir/obj/loader -name '*.o') 2>/dev/null | awk 'NF == 3 { print $3 }')
    full_syms=$(nm --defined-only $(find $BUILD/obj/loader -name '*.o') 2>/dev/null | awk 'NF == 3 { print $3 }')
    bspx_kept=""; bspx_missing=""
    for s in $bspx_syms; do
        echo "$sub_syms" | grep -qx "$s" && bspx_kept="$bspx_kept $s"
        echo "$full_syms" | grep -qx "$s" || bspx_missing="$bspx_missing $s"
    done
    # (any defined symbol of these files, static ones too: lit_header ..)
    for o in $bspx_objs; do
        n=$(size $dir/obj/$o 2>/dev/null | awk 'NR == 2 { print $1 + $2 }')
        [ "$n" = 0 ] || bspx_kept="$bspx_kept $o:${n:-missing}"
        [ -n "$(nm --defined-only $dir/obj/$o 2>/dev/null)" ] && bspx_kept="$bspx_kept $o(symbols)"
    done
    if [ -z "$bspx_kept" ] && [ -z "$bspx_missing" ]; then
        pass "subset source: no BSPX, .lit or light-source code (none of $(echo $bspx_syms | wc -w) symbols the full build defines; bspx.o, bspx_dir.o, light_source.o empty)"
    else
        fail "subset source: BSPX/.lit/light-source code kept:${bspx_kept:- none}; not in the full build (stale list):${bspx_missing:- none}"
    fi
else
    fail "subset source: $dir/obj or $BUILD/obj missing (make subsets)"
fi
# BSPKIT_JOBS=0 (the source subset): the LZMA map loads and answers above;
# a load asking for decode jobs is unsupported; no job code is built.
dir=$BUILD/sub/source
m=$MAPS/v20_lzma.bsp
if [ -x $dir/bspkit ] && [ -f "$m" ]; then
    $dir/bspkit load --simulate memory --workers 2 "$m" > $BUILD/nojobs.out 2>/dev/null
    rc=$?
    $dir/bspkit load --simulate memory "$m" > $BUILD/nojobs0.out 2>/dev/null
    rc0=$?
    jobs_text=$(size $dir/obj/loader/pipeline/jobs.o 2>/dev/null | awk 'NR == 2 { print $1 + $2 }')
    full_text=$(size $BUILD/obj/loader/pipeline/jobs.o 2>/dev/null | awk 'NR == 2 { print $1 + $2 }')
    if [ $rc -eq 1 ] && grep -q '^{"error":"unsupported"' $BUILD/nojobs.out &&
       [ $rc0 -eq 0 ] && grep -q '"jobs":0,' $BUILD/nojobs0.out &&
       [ "$jobs_text" = 0 ] && [ -n "$full_text" ] && [ "$full_text" -gt 0 ]; then
        pass "subset source (BSPKIT_JOBS=0): loads in its steps, --workers 2 is unsupported, jobs.o empty (full build: $full_text bytes)"
    else
        fail "subset source (BSPKIT_JOBS=0): --workers 2 exit $rc '$(head -c 120 $BUILD/nojobs.out)', --workers 0 exit $rc0, jobs.o $jobs_text bytes (full $full_text)"
    fi
else
    skip "subset source: $dir/bspkit or $m missing: BSPKIT_JOBS=0 not checked"
fi
# Each reduced build's descriptions against its core/config.h constants (a
# field the generic code skips in that build must not be set there).
for cfg in source quake source-nolzma core; do
    prog=$BUILD/sub/$cfg/t/test_selection
    if [ -x $prog ]; then run_prog "selection-$cfg" $prog
    else fail "subset $cfg: $prog missing (make subsets)"; fi
done
