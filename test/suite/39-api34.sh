# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- issue 34's API without guesses ---------------------------------------
# test_api34: every map query and access call on a generated map of each
# family, loaded whole and with the call's lump left out: unsupported where
# the family's format has no such data, not_loaded only where the load set
# left out a lump the family has (a table written from the formats); on
# Source and Quake 2 copies whose lumps are stored empty, the answer of a
# map without the data, in the load set or not (bsp_leaf_info, which has
# no absence to audit, is checked in part 51-absent); the
# end status of the iterators; the loader's waiting flags under held-back
# reads and jobs; the liquid flag of '*' texture names.
api34_maps=$(ls $MAPS/q1.bsp $MAPS/goldsrc.bsp $MAPS/bsp2.bsp $MAPS/bsp2_2psb.bsp $MAPS/q2.bsp \
                $MAPS/q3.bsp $MAPS/v20_ldr.bsp $MAPS/x360_v20_ldr.bsp $MAPS/demo.bsp \
                $MAPS/nightfire.bsp 2>/dev/null)
run_prog api34 $BUILD/t/test_api34 $api34_maps
# bsp_leaf_info is deprecated for bsp_get_leaf: a program that defines
# BSPKIT_WARN_DEPRECATED gets a warning naming bsp_get_leaf at the call
# (an error under -Werror); without it the same call builds clean.
api34_dep=$BUILD/api34-deprecated.c
printf '#include "bspkit.h"\nint f(const bsp_map *m) { int32_t c; return (int)bsp_leaf_info(m, 0, &c, 0); }\n' > $api34_dep
if ${CC:-cc} -std=c99 -Wall -Wextra -Werror -pedantic -Iloader -c $api34_dep -o $api34_dep.o 2> $api34_dep.err &&
   ! ${CC:-cc} -std=c99 -Wall -Wextra -Werror -pedantic -DBSPKIT_WARN_DEPRECATED -Iloader -c $api34_dep \
       -o $api34_dep.o 2> $api34_dep.err && grep -q 'use bsp_get_leaf' $api34_dep.err; then
    pass "api34: bsp_leaf_info warns 'use bsp_get_leaf' under BSPKIT_WARN_DEPRECATED, builds clean without"
else
    fail "api34: bsp_leaf_info's deprecation (see $api34_dep.err)"
fi
# The real case of issue 34: LibreQuake's e0m1 built for Quake 2 without
# its .wal files, so its water and slime texinfos have flags 0; the faces
# named '*...' must carry the liquid flag (BSP_SURF_WARP, 8) all the same.
if have_shared && [ -f "$SHARED/maps/quake2/lq_e0m1.bsp" ]; then
    if $BUILD/bspkit faces "$SHARED/maps/quake2/lq_e0m1.bsp" > $BUILD/api34-lq.faces &&
       python3 - $BUILD/api34-lq.faces > /dev/null <<'PY'
import json, sys
star = [json.loads(l) for l in open(sys.argv[1]) if '"texture":"*' in l]
liquid = [f for f in star if f["flags"] & 8]
print(len(liquid), "of", len(star))
sys.exit(0 if star and len(liquid) == len(star) else 1)
PY
    then pass "api34: lq_e0m1 (quake2): every face of a '*' texture is liquid (warp) though its flags are 0"
    else fail "api34: lq_e0m1 (quake2): faces of '*' textures without the liquid flag"; fi
else
    skip "api34: no ../shared/maps/quake2/lq_e0m1.bsp: the real liquid case not checked"
fi
# The same on big-endian PowerPC (make cross builds it): the waiting flags
# of a console map's load and the statuses, in the other byte order.
if command -v qemu-ppc > /dev/null && [ -x build/ppc/t/test_api34 ]; then
    run_prog ppc-api34 qemu-ppc build/ppc/t/test_api34 $(ls $MAPS/q1.bsp $MAPS/q2.bsp $MAPS/v20_ldr.bsp \
        $MAPS/x360_v20_ldr.bsp 2>/dev/null)
else
    skip "api34: ppc: qemu-ppc or build/ppc/t/test_api34 missing (make cross)"
fi
