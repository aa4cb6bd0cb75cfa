# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# suite: long
# ---- a new user's first steps: a clone of HEAD (committed files only) in a
# folder with no ../shared beside it, make run as from a clean shell (env -i:
# none of this suite's make variables), two jobs:
#   plain make builds the libraries and the tool; the README's quickstart
#   (bspkit info on the generated demo map, make demo); the README's
#   program, built as the README says; make bench-float, the
#   benchmark that needs the generated console map when there is no real one
#   (one round); a build as on a machine without libstb-dev (STB_DIR names
#   no folder): the tool builds, bspkit render says why it cannot, and make
#   install works; CMake's find_package and pkg-config in the staged tree.
fc_head=$(git rev-parse HEAD 2>/dev/null)
if [ -z "$fc_head" ]; then
    skip "fresh clone: not a git checkout"
elif ! command -v git >/dev/null; then
    skip "fresh clone: git not installed"
else
. test/ship/find_package.sh
fc_top=$(mktemp -d)
fc=$fc_top/x/bspkit
fc_log=$BUILD/fresh-clone
rm -rf "$fc_log"; mkdir -p "$fc_log"
# make as a new user's shell runs it, in the clone
fc_make() {
    (cd "$fc" && env -i PATH="$PATH" HOME="$HOME" LANG=C make -j2 "$@")
}
if git clone -q "$(pwd)" "$fc" > "$fc_log/clone.log" 2>&1 && git -C "$fc" checkout -q "$fc_head" >> "$fc_log/clone.log" 2>&1; then
    pass "fresh clone: git clone of HEAD into $fc (no ../shared beside it)"
else
    fail "fresh clone: git clone of HEAD failed"; tail -3 "$fc_log/clone.log"
fi
[ ! -e "$fc/../shared" ] || fail "fresh clone: $fc/../shared exists"

# ---- plain make: the default goal
if [ -d "$fc" ] && fc_make > "$fc_log/make.log" 2>&1; then
    fc_missing=""
    for f in libbspkit.a libbspkit.so bspkit; do [ -f "$fc/build/$f" ] || fc_missing="$fc_missing build/$f"; done
    if [ -z "$fc_missing" ]; then pass "fresh clone: plain make builds build/libbspkit.a, build/libbspkit.so and build/bspkit"
    else fail "fresh clone: plain make did not build$fc_missing (default goal: $(ls "$fc/build" | tr '\n' ' '))"; fi
else
    fail "fresh clone: plain make failed"; tail -5 "$fc_log/make.log"
fi

# ---- the quickstart: make demo, then the tool on the map it generated
if fc_make demo > "$fc_log/demo.log" 2>&1; then
    if grep -q '^== build/demo/demo.bsp' "$fc_log/demo.log" && grep -q 'no ../shared/maps: real maps skipped' "$fc_log/demo.log"; then
        pass "fresh clone: make demo queries the generated map and says the real maps are not there"
    else
        fail "fresh clone: make demo output lacks the demo map's session (see $fc_log/demo.log)"
    fi
    if grep -q 'build/pictures/demo.png' "$fc_log/demo.log" && [ -s "$fc/build/pictures/demo.png" ]; then
        pass "fresh clone: make demo draws the demo map's pictures"
    elif grep -q 'without picture support' "$fc_log/demo.log"; then
        skip "fresh clone: make demo pictures: no libstb-dev here"
    else
        fail "fresh clone: make demo drew no picture (see $fc_log/demo.log)"
    fi
else
    fail "fresh clone: make demo failed"; tail -5 "$fc_log/demo.log"
fi
fc_info=$(cd "$fc" && build/bspkit info build/demo/demo.bsp 2>&1)
case $fc_info in
'{"family":"'*'"arena_bytes":'*) pass "fresh clone: build/bspkit info build/demo/demo.bsp prints the map's JSON line" ;;
*) fail "fresh clone: build/bspkit info build/demo/demo.bsp: $(printf '%s' "$fc_info" | head -c 200)" ;;
esac

# ---- the README's program, compiled as the README says from the source
# tree (its first lines name the file first.c), run on the demo map
if [ -s "$fc/build/libbspkit.a" ] && python3 test/guide/guide_blocks.py "$fc_log/readme" README.md > /dev/null 2>&1; then
    fc_first=$(awk -F'\t' '$2 == "program" && $5 ~ /^README/ {print $1; exit}' "$fc_log/readme/manifest")
    fc_cc=$(grep -o 'cc -I[^`]*first.c build/libbspkit.a -o first' "$fc/README.md" | head -1)
    cp "$fc_log/readme/$fc_first.c" "$fc/first.c"
    if [ -n "$fc_cc" ] && (cd "$fc" && $fc_cc && ./first build/demo/demo.bsp) > "$fc_log/first.log" 2>&1 &&
       grep -q 'bytes of arena' "$fc_log/first.log"; then
        pass "fresh clone: the README's program builds with '$fc_cc' and runs on the demo map"
    else
        fail "fresh clone: the README's program ('$fc_cc'; see $fc_log/first.log)"; tail -3 "$fc_log/first.log"
    fi
    rm -f "$fc/first.c" "$fc/first"
else
    fail "fresh clone: no library or no README program to build"
fi

# ---- the README's program against an install in a fresh prefix, built
# with the command its first lines give (pkg-config told the prefix, as the
# README says), run from a clean shell: no LD_LIBRARY_PATH
fc_pfx_new=$fc_top/prefix
fc_cmd=$(sed -n 's/^ \*   \(cc first\.c \$(pkg-config.*-o first\)$/\1/p' "$fc/README.md" | head -1)
if [ -z "$fc_cmd" ]; then
    fail "fresh clone: the README's program names no pkg-config command line"
elif ! fc_make install PREFIX="$fc_pfx_new" > "$fc_log/install.log" 2>&1; then
    fail "fresh clone: make install PREFIX=$fc_pfx_new failed"; tail -3 "$fc_log/install.log"
elif ! command -v pkg-config > /dev/null; then
    skip "fresh clone: pkg-config not installed: the README's program against the install"
else
    mkdir -p "$fc_top/game"
    cp "$fc_log/readme/$fc_first.c" "$fc_top/game/first.c"
    if (cd "$fc_top/game" && env -i PATH="$PATH" HOME="$HOME" PKG_CONFIG_PATH="$fc_pfx_new/lib/pkgconfig" \
            sh -c "$fc_cmd") > "$fc_log/first-installed.log" 2>&1 &&
       readelf -d "$fc_top/game/first" | grep -q 'NEEDED.*libbspkit\.so' &&
       (cd "$fc_top/game" && env -i PATH="$PATH" ./first "$fc/build/demo/demo.bsp") >> "$fc_log/first-installed.log" 2>&1 &&
       grep -q 'bytes of arena' "$fc_log/first-installed.log" && grep -q '^start: info_player_start at' "$fc_log/first-installed.log"; then
        pass "fresh clone: the README's program built with '$fc_cmd' against $fc_pfx_new runs without LD_LIBRARY_PATH, from the player start"
    else
        fail "fresh clone: the README's program against the install in $fc_pfx_new (see $fc_log/first-installed.log)"
        tail -3 "$fc_log/first-installed.log"
    fi
fi

# ---- make bench-float without ../shared: its map is the generated one,
# made before it runs (ROUNDS=1: one round, for the order, not the figures)
if [ ! -f /usr/include/lzma.h ] || [ ! -f /usr/include/lzma/LzmaDec.c ] || ! command -v python3 >/dev/null; then
    skip "fresh clone: make bench-float: needs liblzma-dev, lzma-dev and python3"
elif (cd "$fc" && env -i PATH="$PATH" HOME="$HOME" LANG=C ROUNDS=1 make -j2 bench-float) > "$fc_log/bench.log" 2>&1 &&
     tail -1 "$fc_log/bench.log" | grep -q '^{"ns_point_leaf_ratio":'; then
    pass "fresh clone: make bench-float runs without ../shared on the generated console map"
else
    fail "fresh clone: make bench-float without ../shared (see $fc_log/bench.log)"; tail -3 "$fc_log/bench.log"
fi

# ---- no libstb-dev: the tool without pictures, the install without stb
fc_stage=$fc_top/stage
if fc_make BUILD=build/nostb STB_DIR=/nonexistent DESTDIR="$fc_stage" PREFIX=/usr/local install \
        > "$fc_log/nostb.log" 2>&1; then
    if grep -q -e '-I/nonexistent' -e 'BSPKIT_PICTURES=1' "$fc_log/nostb.log"; then
        fail "fresh clone: the build without stb_image_write.h still asks for it"
    elif ! grep -q 'BSPKIT_PICTURES=0' "$fc_log/nostb.log"; then
        fail "fresh clone: the build without stb_image_write.h built no tool (see $fc_log/nostb.log)"
    else
        pass "fresh clone: without stb_image_write.h, make install builds and installs the libraries, headers and tool"
    fi
    (cd "$fc" && build/nostb/bspkit render build/demo/demo.bsp -o "$fc_top/x.png") > "$fc_log/render.out" 2>&1
    fc_rc=$?
    if [ $fc_rc -eq 3 ] && [ "$(cat "$fc_log/render.out")" = \
            "bspkit was built without picture support: install libstb-dev and rebuild" ] && [ ! -e "$fc_top/x.png" ]; then
        pass "fresh clone: bspkit render without stb says it was built without picture support, status 3"
    else
        fail "fresh clone: bspkit render without stb: status $fc_rc, '$(head -1 "$fc_log/render.out")'"
    fi
    if (cd "$fc" && build/nostb/bspkit info build/demo/demo.bsp) | grep -q '"arena_bytes":'; then
        pass "fresh clone: the tool without stb answers info"
    else
        fail "fresh clone: the tool without stb does not answer info"
    fi
    # the staged tree (DESTDIR): CMake finds it through CMAKE_PREFIX_PATH
    # (its paths are relative to the config file); pkg-config names the
    # final prefix, so only its flags are checked
    fc_pfx=$fc_stage/usr/local
    if ! command -v cmake >/dev/null; then
        skip "fresh clone: cmake not installed: find_package in a DESTDIR tree"
    elif cmake_installed "$fc_log/cmake" "$fc_pfx" && "$fc_log/cmake/consumer_c" "$fc/build/demo/demo.bsp" \
            "$fc/build/demo/demo.api" > "$fc_log/cmake-run.log" 2>&1; then
        pass "fresh clone: find_package(bspkit) in the DESTDIR-staged tree builds a program that loads the demo map"
    else
        fail "fresh clone: find_package(bspkit) in $fc_pfx (see $fc_log/cmake.log, cmake-run.log)"
        tail -3 "$fc_log/cmake.log" "$fc_log/cmake-run.log"
    fi
    if command -v pkg-config >/dev/null; then
        fc_flags=$(echo $(PKG_CONFIG_PATH="$fc_pfx/lib/pkgconfig" pkg-config --cflags --libs bspkit 2>&1))
        if [ "$fc_flags" = "-I/usr/local/include/bspkit -L/usr/local/lib -lbspkit" ]; then
            pass "fresh clone: the staged bspkit.pc names the final prefix ($fc_flags)"
        else
            fail "fresh clone: staged bspkit.pc gives '$fc_flags'"
        fi
    fi
else
    fail "fresh clone: make install without stb_image_write.h failed"; tail -5 "$fc_log/nostb.log"
fi
rm -rf "$fc_top"
fi
