#!/bin/sh
# SPDX-License-Identifier: MIT
# patch_compare.sh TEST_PATCH MAP.bsp... - Quake 3 patch collision, the C
# module (test/test_patch.c) against the Python reference (test/patch_ref.py):
# per-patch counts, and N trace lines (test/patch_queries.py, default 400)
# answered against the patches alone. Prints one line per map; exit 1 when
# anything differs. N and SEED from the environment.
#   cc -std=c99 -Wall -Wextra -Werror -pedantic -ffp-contract=off -O2 -Iloader \
#      test/test_patch.c loader/collision/patch_q3.c -o build/test_patch
#   test/patch_compare.sh build/test_patch /path/to/maps/*.bsp
here=$(dirname "$0")
tp=$1; shift
n=${N:-400}; seed=${SEED:-3}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
bad=0
for map in "$@"; do
  m=$(basename "$map" .bsp)
  python3 "$here/patch_queries.py" "$map" "$n" "$seed" > "$tmp/q" || { echo "$m: no queries"; bad=1; continue; }
  python3 "$here/patch_ref.py" "$map" --trace < "$tmp/q" > "$tmp/py.ans" 2> "$tmp/py.cnt"
  "$tp" "$map" --trace < "$tmp/q" > "$tmp/c.ans" 2> "$tmp/c.cnt"
  dc=$(diff "$tmp/py.cnt" "$tmp/c.cnt" | grep -c '^[<>]')
  da=$(diff "$tmp/py.ans" "$tmp/c.ans" | grep -c '^<')
  echo "$m: $(wc -l < "$tmp/c.cnt") patches, count lines differing $dc; $(wc -l < "$tmp/c.ans") traces ($(grep -c normal "$tmp/c.ans") hit a plane, $(grep -c 'startsolid 1' "$tmp/c.ans") start solid), answers differing $da"
  [ "$dc" = 0 ] && [ "$da" = 0 ] || bad=1
done
exit $bad
