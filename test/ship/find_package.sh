# SPDX-License-Identifier: MIT
# Sourced by test/suite/65-ship.sh and 67-fresh-clone.sh: test/cmake's
# programs built from an installed tree with find_package(bspkit VERSION).
#   cmake_installed DIR PREFIX [CMAKE OPTIONS]
# configures test/cmake in DIR (log: DIR.log) with CMAKE_PREFIX_PATH=PREFIX,
# asks for the header's version, checks that the config file found is
# PREFIX's, builds; 0 when all of it worked.
cmake_installed() {
    ci_dir=$1 ci_pfx=$2; shift 2
    ci_v=$(sed -n 's/^#define BSPKIT_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\).*/\2/p' loader/bspkit.h | paste -sd. -)
    rm -rf "$ci_dir"
    cmake -S test/cmake -B "$ci_dir" -DBSPKIT_SOURCE="$(pwd)" -DBSPKIT_FIND_VERSION="$ci_v" \
        -DCMAKE_PREFIX_PATH="$ci_pfx" -DCMAKE_C_COMPILER="${SHIP_CC:-cc}" "$@" > "$ci_dir.log" 2>&1 &&
        grep -q "bspkit $ci_v from $ci_pfx/lib/cmake/bspkit" "$ci_dir.log" &&
        cmake --build "$ci_dir" -j 2 >> "$ci_dir.log" 2>&1
}
