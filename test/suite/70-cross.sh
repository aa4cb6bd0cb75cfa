# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# suite: long
# ---- big-endian PowerPC under qemu-user ----------------------------------
# The same C tests, and the same bspkit sessions with byte-identical output.
gen_maps=$(gen_maps) || skip "cross: no generated maps in $MAPS: their sessions not compared"
api_args=$(gen_api_args)
small=$(small_maps)
real=$(real_maps) || skip "cross: $SHARED/maps absent: real maps not run"
sessions=""
for m in $gen_maps; do sessions="$sessions $m:${m%.bsp}.queries"; done
for m in $real; do q=$(real_queries "$m") && sessions="$sessions $m:$q"; done
for arch in ppc ppc64; do
    dir=build/$arch
    if ! command -v qemu-$arch >/dev/null || [ ! -x $dir/bspkit ]; then
        fail "$arch: qemu-$arch or $dir/bspkit missing (make cross)"
        continue
    fi
    run_prog $arch-unit qemu-$arch $dir/t/test_unit
    BSP_TEST_QUICK=1 run_prog $arch-lzma qemu-$arch $dir/t/test_lzma
    [ -n "$api_args" ] && run_prog $arch-api qemu-$arch $dir/t/test_api $api_args
    [ -n "$small" ] && run_prog $arch-hostile qemu-$arch $dir/t/test_hostile $small
    run_prog $arch-bounds qemu-$arch $dir/t/test_bounds $small
    run_prog $arch-fuzz-replay qemu-$arch $dir/t/fuzz_replay test/fuzz/regressions
    if [ -n "$real" ]; then run_prog $arch-api-real qemu-$arch $dir/t/test_api $real; fi
    same=0; differ=""
    for pair in $sessions; do
        m=${pair%%:*}; q=${pair#*:}
        [ -f "$q" ] || continue
        for cmd in info stats; do
            $BUILD/bspkit $cmd "$m" > $BUILD/host.out 2>&1
            qemu-$arch $dir/bspkit $cmd "$m" > $BUILD/$arch.out 2>&1
            if cmp -s $BUILD/host.out $BUILD/$arch.out; then same=$((same + 1)); else differ="$differ $cmd:$(basename "$m")"; fi
        done
        $BUILD/bspkit query "$m" < "$q" > $BUILD/host.out 2>&1
        qemu-$arch $dir/bspkit query "$m" < "$q" > $BUILD/$arch.out 2>&1
        if cmp -s $BUILD/host.out $BUILD/$arch.out; then same=$((same + 1)); else differ="$differ query:$(basename "$m")"; fi
    done
    if [ -z "$differ" ] && [ $same -gt 0 ]; then
        pass "$arch: $same bspkit info/stats/query sessions byte-identical to the host"
    else
        fail "$arch: bspkit output differs from the host:$differ"
    fi
    # light styles and the atlas (docs/queries.md 11.6, 11.7): the C test,
    # and each map's combined lightmaps and atlas pages byte for byte
    run_prog $arch-styles qemu-$arch $dir/t/test_styles $(gen_maps q1 goldsrc bsp2 q2 q3_lit v20_ldr nightfire_lit) \
        $(ls $SHARED/maps/quake/pd_counter.bsp $SHARED/maps/quake2/lq_e0m1.bsp $SHARED/maps/xbox360/shack.360.bsp 2>/dev/null)
    same=0; differ=""
    for m in $(gen_maps q1 goldsrc q2 q3_lit v20_ldr) $(ls $SHARED/maps/bsp2/example_q1_bspx.bsp $SHARED/maps/quake/pd_counter.bsp \
             $SHARED/maps/xbox360/shack.360.bsp 2>/dev/null); do
        rm -rf $BUILD/host.atlas $BUILD/$arch.atlas
        $BUILD/bspkit styles "$m" > $BUILD/host.out 2>&1
        $BUILD/bspkit atlas "$m" $BUILD/host.atlas >> $BUILD/host.out 2>&1
        qemu-$arch $dir/bspkit styles "$m" > $BUILD/$arch.out 2>&1
        qemu-$arch $dir/bspkit atlas "$m" $BUILD/$arch.atlas >> $BUILD/$arch.out 2>&1
        sed -i "s|$BUILD/$arch.atlas|$BUILD/host.atlas|" $BUILD/$arch.out
        if cmp -s $BUILD/host.out $BUILD/$arch.out && diff -r $BUILD/host.atlas $BUILD/$arch.atlas > /dev/null; then
            same=$((same + 1))
        else
            differ="$differ $(basename "$m")"
        fi
    done
    if [ -z "$differ" ] && [ $same -gt 0 ]; then
        pass "$arch: $same maps' bspkit styles lines and atlas pages byte-identical to the host"
    else
        fail "$arch: bspkit styles or atlas differs from the host:$differ"
    fi
    # Quake 3 curves (docs/queries.md 11.9): the grids' bits, isolated and
    # stitched, at three subdivisions, on the crafted curve maps
    if curves=$(curves_maps); then
        run_prog $arch-curves qemu-$arch $dir/t/test_curves $BUILD/curves/curves.bsp \
            $BUILD/curves/curves_bad.bsp $BUILD/curves/curves_big.bsp
        same=0; differ=""
        for m in $BUILD/curves/curves.bsp $BUILD/curves/curves_big.bsp; do
            for sub in 2 4 8; do for mode in "" --stitched; do
                $BUILD/bspkit patches "$m" --hex --subdivisions $sub $mode > $BUILD/host.out 2>&1
                qemu-$arch $dir/bspkit patches "$m" --hex --subdivisions $sub $mode > $BUILD/$arch.out 2>&1
                if cmp -s $BUILD/host.out $BUILD/$arch.out; then same=$((same + 1))
                else differ="$differ $(basename "$m"):$sub$mode"; fi
            done; done
        done
        if [ -z "$differ" ]; then pass "$arch: $same bspkit patches sessions byte-identical to the host"
        else fail "$arch: bspkit patches differs from the host:$differ"; fi
    else
        skip "$arch curves: no crafted curve maps (test/craft/craft_curves.py needs the generated q3.bsp)"
    fi
    # meshes by texture: the same batches, checksums and faces as the host
    # (the checksums cover every vertex and index), on the crafted maps and
    # the generated terrain maps, little- and big-endian; test_mesh there
    if mesh=$(mesh_maps); then
        same=0; differ=""
        for m in $mesh $MAPS/v20_terrain.bsp $MAPS/x360_v20_terrain.bsp $MAPS/q2.bsp $MAPS/nightfire.bsp; do
            [ -f "$m" ] || continue
            for mode in "--faces" "--model 1" "--stitched --subdivisions 2"; do
                $BUILD/bspkit meshes "$m" $mode > $BUILD/host.out 2>&1
                qemu-$arch $dir/bspkit meshes "$m" $mode > $BUILD/$arch.out 2>&1
                if cmp -s $BUILD/host.out $BUILD/$arch.out; then same=$((same + 1))
                else differ="$differ $(basename "$m"):$mode"; fi
            done
        done
        if [ -z "$differ" ] && [ $same -gt 0 ]; then pass "$arch: $same bspkit meshes sessions byte-identical to the host"
        else fail "$arch: bspkit meshes differs from the host:$differ"; fi
        run_prog $arch-mesh qemu-$arch $dir/t/test_mesh $mesh $MAPS/x360_v20_terrain.bsp
    else
        skip "$arch meshes: no crafted mesh maps (test/craft/craft_mesh.py)"
    fi
done
