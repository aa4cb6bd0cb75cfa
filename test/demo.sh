#!/bin/sh
# SPDX-License-Identifier: MIT
# demo.sh - the main job, as `make demo` runs it: bspkit info and a short
# scripted query session on the bundled generated map, then on the real maps
# in ../shared/maps when they are there.
BUILD=${BUILD:-build}
SHARED=${SHARED:-../shared}
TOOL=$BUILD/bspkit

session() {   # MAP QUERIES: print each query and its answer side by side
    map=$1
    shift
    echo "== $map"
    $TOOL info "$map" | python3 -c '
import json, sys
i = json.loads(sys.stdin.read())
if "error" in i:
    print("   load failed:", i["error"]); sys.exit(0)
print("   %s v%d %s-endian, %d lumps, arena %d bytes: %d models, %d nodes, %d leafs, %d faces, %d clusters"
      % (i["family"], i["version"], i["endian"], len(i["lumps"]), i["arena_bytes"],
         i["models"], i["nodes"], i["leafs"], i["faces"], i["clusters"]))'
    printf '%s\n' "$@" > $BUILD/demo.in
    $TOOL query "$map" < $BUILD/demo.in > $BUILD/demo.out
    paste -d '\t' $BUILD/demo.in $BUILD/demo.out | sed 's/^/   > /; s/\t/\n     /'
}

demo=$BUILD/maps/demo.bsp
if [ -f $BUILD/maps/demo.queries ]; then
    set --
    while IFS= read -r line; do [ -n "$line" ] && set -- "$@" "$line"; done < $BUILD/maps/demo.queries
    session "$demo" "$@"
fi
if [ -d "$SHARED/maps" ]; then
    for m in "$SHARED"/maps/*/*.bsp; do
        [ -f "$m" ] || continue
        session "$m" "leaf 0 0 0" "leaf 64 -32 16" "pvs 0" "light 0 0 64" "luxel 0 0 0 0"
    done
else
    echo "(no $SHARED/maps: real maps skipped)"
fi

# Pictures (README "Pictures"): the bundled map and every real map, from
# the spawn point, from above with the PVS tint, and the lightmap atlas.
pics=$BUILD/pictures
mkdir -p $pics
picture() {   # MAP NAME
    $TOOL render "$1" -o $pics/$2.png --lightmaps $pics/$2-lightmaps.png > /dev/null &&
    $TOOL render "$1" --top --pvs -o $pics/$2-top.png > /dev/null &&
    echo "   $pics/$2.png  $pics/$2-top.png  $pics/$2-lightmaps.png"
}
echo "== pictures"
picture "$demo" demo
if [ -d "$SHARED/maps" ]; then
    for m in "$SHARED"/maps/*/*.bsp; do
        [ -f "$m" ] || continue
        picture "$m" "$(basename "$(dirname "$m")")-$(basename "$m" .bsp)"
    done
fi
