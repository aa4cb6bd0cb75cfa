#!/bin/sh
# SPDX-License-Identifier: MIT
# openarena.sh - every Quake 3 map in Debian's openarena-data (.bsp files in
# its .pk3 zips): bspkit loads each one and answers a sample of leaf and PVS
# queries exactly as the independent reference does. Prints PASS/FAIL/SKIP
# lines for test/run.sh.
BUILD=${BUILD:-build}
OA=${OA:-/usr/share/games/openarena}
DIR=$BUILD/openarena
if ! ls "$OA"/*/*.pk3 > /dev/null 2>&1; then
    echo "SKIP openarena maps: $OA has no .pk3 files (install openarena-data)"
    exit 0
fi
mkdir -p "$DIR"
python3 test/openarena/openarena_maps.py "$OA" "$DIR"
n=0
for m in "$DIR"/*.bsp; do
    name=$(basename "$m")
    q=$m.queries
    python3 test/reference/bspref.py points "$m" --count 150 > "$q" 2> /dev/null
    # and traces near its curved surfaces (docs/queries.md 8.11)
    python3 test/craft/patch_queries.py "$m" 60 >> "$q" 2> /dev/null
    # and moved and turned models, masks (docs/queries.md 8.10)
    python3 test/craft/moved_queries.py "$m" 40 >> "$q" 2> /dev/null
    python3 test/reference/bspref.py query "$m" < "$q" > "$q.ref" 2>&1
    $BUILD/bspkit query "$m" < "$q" > "$q.out" 2>&1
    if [ -s "$q" ] && cmp -s "$q.ref" "$q.out"; then
        echo "PASS openarena $name: $(wc -l < "$q") queries answer as the reference does"
    else
        echo "FAIL openarena $name: answers differ from the reference"
        diff "$q.ref" "$q.out" | head -4
    fi
    n=$((n + 1))
done
