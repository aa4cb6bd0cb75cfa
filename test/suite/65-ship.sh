# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- bspkit as others build it: public headers alone, the shared library's
# exports, an installed tree with pkg-config, CMake add_subdirectory, the
# amalgamation (make ship-bins builds what this part reads)
SHIP_CC=${SHIP_CC:-cc}
SHIP_FREESTANDING=${SHIP_FREESTANDING:--std=c99 -Wall -Wextra -Werror -pedantic -ffp-contract=off -ffreestanding -fno-builtin}
SD=$BUILD/ship-test
rm -rf "$SD"; mkdir -p "$SD"
STRICT="-Wall -Wextra -pedantic -Werror"
pub=$(ls loader/*.h platform/*/bsp_*.h)
# generated maps with the generator's API expectations, one of each family
ship_maps=""
for n in v20_ldr x360_v20_ldr q1 goldsrc bsp2 q2 q3 nightfire; do
    [ -f "$MAPS/$n.bsp" ] && [ -f "$MAPS/$n.api" ] && ship_maps="$ship_maps $MAPS/$n.bsp"
done
[ -n "$ship_maps" ] || fail "ship: no generated maps with .api files in $MAPS"

# consumer LABEL PROGRAM [ENV...]: run it on every map; one PASS/FAIL
ship_run() {
    label=$1; shift
    bad=""
    for m in $ship_maps; do
        "$@" "$m" "${m%.bsp}.api" > "$SD/run.out" 2>&1 || bad="$bad $(basename "$m")"
    done
    if [ -z "$bad" ]; then pass "$label: loads every generated family map, points in the expected leaves"
    else fail "$label: fails on$bad"; tail -3 "$SD/run.out"; fi
}

# ---- every public header alone: C (C89 and C99) and C++ with extern "C"
for h in $pub; do
    printf '#include "%s"\nint bsp_header_alone_check;\n' "$(basename "$h")" > "$SD/alone.c"
    for c in "gcc -std=c89" "gcc -std=c99" "clang -std=c89" "clang -std=c99" "g++ -x c++" "clang++ -x c++"; do
        if ! command -v ${c%% *} >/dev/null; then skip "$h alone with ${c%% *}: not installed"; continue; fi
        if $c $STRICT -Iloader -I"$(dirname "$h")" -c "$SD/alone.c" -o "$SD/alone.o" > "$SD/alone.err" 2>&1; then
            pass "$h compiles alone with $c $STRICT"
        else
            fail "$h alone with $c:"; head -5 "$SD/alone.err"
        fi
    done
    if grep -q '#[[:space:]]*include[[:space:]]*"\.\./' "$h"; then fail "$h includes through ../ (breaks an installed include folder)"
    else pass "$h includes no ../ path"; fi
done

# ---- the shared library exports exactly the BSP_API declarations
api_names=$(grep -h '^BSP_API' $pub | sed 's/(.*//; s/.*[ *]//' | sort -u)
if [ -f "$BUILD/libbspkit.so" ]; then
    exported=$(nm -D --defined-only "$BUILD/libbspkit.so" | awk 'NF == 3 && $2 ~ /[TDBRVW]/ {print $3}' | sort -u)
    if [ -n "$api_names" ] && [ "$exported" = "$api_names" ]; then
        pass "libbspkit.so exports exactly the $(echo "$api_names" | wc -l) BSP_API functions of the public headers"
    else
        fail "libbspkit.so exports differ from the BSP_API declarations (< declared, > exported):"
        echo "$api_names" > "$SD/declared"; echo "$exported" > "$SD/exported"
        diff "$SD/declared" "$SD/exported" | grep '^[<>]' | head -10
    fi
else
    fail "ship: $BUILD/libbspkit.so missing (make ship-bins)"
fi

# ---- an installed tree ($BUILD/prefix, make install PREFIX=...): pkg-config
prefix=$(cd "$BUILD" && pwd)/prefix
if [ ! -f "$prefix/lib/pkgconfig/bspkit.pc" ]; then
    fail "ship: no install in $prefix (make ship-bins)"
elif ! command -v pkg-config >/dev/null; then
    skip "pkg-config not installed: installed-tree checks"
else
    export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
    flags=$(pkg-config --cflags --libs bspkit)
    v=$(sed -n 's/^#define BSPKIT_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\).*/\2/p' loader/bspkit.h | paste -sd. -)
    if [ "$(pkg-config --modversion bspkit)" = "$v" ]; then pass "bspkit.pc: version $v, the header's"
    else fail "bspkit.pc version $(pkg-config --modversion bspkit), header says $v"; fi
    inst=$(cd "$prefix/include/bspkit" && ls *.h | sort | tr '\n' ' ')
    want=$(for h in $pub; do basename "$h"; done | sort | tr '\n' ' ')
    if [ "$inst" = "$want" ]; then pass "install: every public header in one folder ($inst)"
    else fail "install: headers are '$inst', want '$want'"; fi
    if $SHIP_CC -std=c99 $STRICT test/ship/consumer.c $flags -o "$SD/consumer_c" > "$SD/cc.err" 2>&1; then
        pass "C program built with \$(pkg-config --cflags --libs bspkit)"
        if readelf -d "$SD/consumer_c" | grep -q 'NEEDED.*libbspkit\.so'; then pass "it links the shared library"
        else fail "consumer_c does not link libbspkit.so"; fi
        ship_run "C program on the installed shared library" env LD_LIBRARY_PATH="$prefix/lib" "$SD/consumer_c"
    else
        fail "C program with pkg-config flags does not build"; head -5 "$SD/cc.err"
    fi
    for cxx in g++ clang++; do
        command -v $cxx >/dev/null || { skip "$cxx not installed"; continue; }
        if $cxx -x c++ $STRICT test/ship/consumer.c -x none $flags -o "$SD/consumer_$cxx" > "$SD/cxx.err" 2>&1; then
            pass "the same program as C++ ($cxx $STRICT) builds warning-free"
            ship_run "C++ program ($cxx) on the installed shared library" env LD_LIBRARY_PATH="$prefix/lib" "$SD/consumer_$cxx"
        else
            fail "the program as C++ with $cxx:"; head -5 "$SD/cxx.err"
        fi
    done
    # the static library, with the hosted stream in it
    if $SHIP_CC -std=c99 $STRICT test/ship/consumer.c $(pkg-config --cflags bspkit) "$prefix/lib/libbspkit.a" \
            -o "$SD/consumer_static" > "$SD/st.err" 2>&1; then
        ship_run "C program on the installed libbspkit.a" "$SD/consumer_static"
    else
        fail "C program against libbspkit.a does not build"; head -5 "$SD/st.err"
    fi
fi

# ---- CMake: an engine's project with add_subdirectory(bspkit)
if command -v cmake >/dev/null; then
    if cmake -S test/cmake -B "$SD/cmake" -DBSPKIT_SOURCE="$(pwd)" -DCMAKE_C_COMPILER="$SHIP_CC" > "$SD/cmake.log" 2>&1 &&
       cmake --build "$SD/cmake" -j 2 >> "$SD/cmake.log" 2>&1; then
        pass "CMake project with add_subdirectory builds and links bspkit::bspkit"
        ship_run "CMake-built C program" "$SD/cmake/consumer_c"
        ship_run "CMake-built C++ program" "$SD/cmake/consumer_cxx"
    else
        fail "CMake add_subdirectory project (see $SD/cmake.log)"; tail -5 "$SD/cmake.log"
    fi
else
    skip "cmake not installed: add_subdirectory check"
fi

# ---- CMake: find_package(bspkit VERSION REQUIRED) against the installed tree
# ($BUILD/prefix), the shared library (the default) and the static one; the
# programs run without LD_LIBRARY_PATH (CMake's build rpath)
. test/ship/find_package.sh
if ! command -v cmake >/dev/null; then
    skip "cmake not installed: find_package(bspkit) check"
elif [ ! -f "$prefix/lib/cmake/bspkit/bspkitConfig.cmake" ]; then
    fail "install: no $prefix/lib/cmake/bspkit/bspkitConfig.cmake"
else
    for kind in shared static; do
        st=OFF; [ $kind = static ] && st=ON
        if cmake_installed "$SD/cmake-$kind" "$prefix" -DBSPKIT_USE_STATIC_LIBS=$st; then
            pass "CMake find_package(bspkit) in $prefix: bspkit::bspkit ($kind) builds a C and a C++ program"
            if readelf -d "$SD/cmake-$kind/consumer_c" | grep -q 'NEEDED.*libbspkit\.so'; then linked=shared
            else linked=static; fi
            if [ $linked = $kind ]; then pass "find_package, BSPKIT_USE_STATIC_LIBS=$st: the program links the $kind library"
            else fail "find_package, BSPKIT_USE_STATIC_LIBS=$st: the program links the $linked library, not the $kind one"; fi
            ship_run "find_package C program ($kind)" "$SD/cmake-$kind/consumer_c"
            ship_run "find_package C++ program ($kind)" "$SD/cmake-$kind/consumer_cxx"
        else
            fail "CMake find_package(bspkit) ($kind) against $prefix (see $SD/cmake-$kind.log)"
            tail -5 "$SD/cmake-$kind.log"
        fi
    done
fi

# ---- the amalgamation: the pair alone, freestanding, then the unit and API
# tests against it instead of the library
AM=$BUILD/amalg
if [ ! -f "$AM/bspkit.c" ]; then
    fail "ship: $AM/bspkit.c missing (make ship-bins)"
elif (cd "$AM" && $SHIP_CC $SHIP_FREESTANDING -O2 -c bspkit.c -o bspkit.o) > "$SD/amalg.err" 2>&1; then
    pass "amalgamation: bspkit.c + bspkit.h compile alone ($SHIP_CC $SHIP_FREESTANDING)"
    outside=$(nm -u "$AM/bspkit.o" | awk '{print $NF}' | grep -vxE 'memcpy|memmove|memset|memcmp')
    if [ -z "$outside" ]; then pass "amalgamation references no outside symbol (port/bsp_mem.c covers what a compiler may emit)"
    else fail "amalgamation references: $(echo $outside)"; fi
    defined=$(nm --defined-only "$AM/bspkit.o" | awk '$2 == "T" {print $3}' | sort -u)
    missing=$(echo "$api_names" | grep -vxF "$defined" | grep -v -e '^bsp_file_' -e '^$')
    if [ -z "$missing" ]; then pass "amalgamation defines every freestanding BSP_API function"
    else fail "amalgamation lacks: $(echo $missing)"; fi
    tflags="-std=c99 -Wall -Wextra -Werror -ffp-contract=off -O2 -I$AM"
    if $SHIP_CC $tflags test/programs/test_unit.c platform/posix/bsp_file.c "$AM/bspkit.o" -lm -o "$SD/am_unit" > "$SD/am.err" 2>&1 &&
       $SHIP_CC $tflags test/programs/test_api.c platform/posix/bsp_file.c "$AM/bspkit.o" -lm -o "$SD/am_api" >> "$SD/am.err" 2>&1; then
        run_prog amalg-unit "$SD/am_unit"
        if api_args=$(gen_api_args); then run_prog amalg-api "$SD/am_api" $api_args
        else skip "amalg-api: no generated maps in $MAPS"; fi
    else
        fail "unit/API tests do not build against the amalgamation"; head -5 "$SD/am.err"
    fi
else
    fail "amalgamation does not compile alone:"; head -5 "$SD/amalg.err"
fi
# a file-static name in two sources must stop the amalgamation, not yield a
# file that compiles differently
mkdir -p "$SD/clash"
printf 'static int helper(void) { return 1; }\nint bsp_a(void) { return helper(); }\n' > "$SD/clash/a.c"
printf 'static int helper(void) { return 2; }\nint bsp_b(void) { return helper(); }\n' > "$SD/clash/b.c"
if python3 mk/amalgamate.py "$SD/clash/out" --headers loader/bspkit.h --sources "$SD/clash/a.c" "$SD/clash/b.c" \
        > "$SD/clash.err" 2>&1; then
    fail "amalgamate.py accepted two file-static 'helper's"
elif grep -q 'helper' "$SD/clash.err" && [ ! -f "$SD/clash/out/bspkit.c" ]; then
    pass "amalgamate.py refuses a file-static name defined in two sources, naming it"
else
    fail "amalgamate.py failed on the clash without naming it: $(head -1 "$SD/clash.err")"
fi

# ---- CROSS=: the 32-bit PowerPC library of make cross
if [ -f build/ppc/libbspkit.a ]; then
    if command -v powerpc-linux-gnu-objdump >/dev/null &&
       powerpc-linux-gnu-objdump -f build/ppc/libbspkit.a | grep -q 'file format elf32-powerpc$'; then
        pass "make CROSS=powerpc-linux-gnu- (via make cross): build/ppc/libbspkit.a is 32-bit big-endian PowerPC"
    else
        fail "build/ppc/libbspkit.a is not elf32-powerpc"
    fi
else
    cross_missing "make CROSS=powerpc-linux-gnu-: build/ppc/libbspkit.a missing (make cross)"
fi

# ---- make test checks its packages first: with a list naming a package that
# is not there, it stops at once, names it and builds nothing
if [ -z "${BSPKIT_NESTED_TEST:-}" ]; then
    printf '# SPDX-License-Identifier: MIT\nbspkit-no-such-package cmd bspkit-no-such-command\n' > "$SD/deps.txt"
    BSPKIT_NESTED_TEST=1 DEPS_LIST="$SD/deps.txt" timeout 60 make --no-print-directory BUILD="$SD/nobuild" test \
        > "$SD/deps.out" 2>&1
    rc=$?
    if [ $rc -ne 0 ] && grep -q 'apt-get install bspkit-no-such-package' "$SD/deps.out" && [ ! -e "$SD/nobuild" ]; then
        pass "make test with a package missing stops before building and names it"
    else
        fail "make test with a package missing: status $rc, built: $(ls "$SD/nobuild" 2>/dev/null | head -3)"
        head -3 "$SD/deps.out"
    fi
fi
