# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- exported symbols -----------------------------------------------------
# The library exports the documented API (the BSP_API declarations of the
# headers it is built from) and internal names in the bsp__ namespace only,
# so an engine with its own bsp_validate or bsp_load_lump cannot collide.
api_names() {
    sed -n 's/^BSP_API[^(]*[ *]\(bsp_[a-z0-9_]*\)(.*/\1/p' loader/bspkit.h platform/memory/bsp_memstream.h platform/posix/bsp_file.h | sort -u
}
lib=$BUILD/libbspkit.a
if [ ! -f "$lib" ]; then
    fail "exports: $lib missing"
else
    nm -g --defined-only "$lib" | awk 'NF == 3 { print $3 }' | sort -u > $BUILD/exports.txt
    api_names > $BUILD/api-names.txt
    stray=$(grep -v '^bsp__' $BUILD/exports.txt | comm -23 - $BUILD/api-names.txt | tr '\n' ' ')
    missing=$(comm -13 $BUILD/exports.txt $BUILD/api-names.txt | tr '\n' ' ')
    if [ "$(wc -l < $BUILD/api-names.txt)" -lt 20 ]; then
        fail "exports: only $(wc -l < $BUILD/api-names.txt) BSP_API declarations found"
    elif [ -z "$stray" ]; then
        pass "exports: every exported name is documented API or bsp__-internal"
    else
        fail "exports: undocumented names outside bsp__: $stray"
    fi
    if [ -z "$missing" ]; then pass "exports: every BSP_API function is defined in $lib"
    else fail "exports: declared but not defined: $missing"; fi
fi
