#!/bin/sh
# SPDX-License-Identifier: MIT
# demo.sh - the main job, as `make demo` runs it: bspkit info and a short
# scripted query session on the bundled generated map, then on the real maps
# in ../shared/maps when they are there. Needs nothing but a POSIX shell and
# sed beside the tool (no python: make demo works on a bare machine).
BUILD=${BUILD:-build}
DEMO=${DEMO:-$BUILD/demo}
SHARED=${SHARED:-../shared}
TOOL=$BUILD/bspkit

field() {     # NAME: a top-level number or string field of the JSON line in $info
    printf '%s\n' "$info" | sed 's/"lumps":\[[^]]*\]//' |
        sed -n 's/.*"'"$1"'":"\{0,1\}\([^",}]*\).*/\1/p'
}

session() {   # MAP QUERIES: print each query and its answer side by side
    map=$1
    shift
    echo "== $map"
    info=$($TOOL info "$map")
    case $info in
    *'"error"'*) echo "   load failed: $(field error)"; return ;;
    esac
    echo "   $(field family) v$(field version) $(field endian)-endian, arena $(field arena_bytes) bytes:" \
         "$(field models) models, $(field nodes) nodes, $(field leafs) leafs, $(field faces) faces," \
         "$(field clusters) clusters"
    printf '%s\n' "$@" > $BUILD/demo.in
    $TOOL query "$map" < $BUILD/demo.in > $BUILD/demo.out
    paste -d '\t' $BUILD/demo.in $BUILD/demo.out | sed 's/^/   > /; s/\t/\n     /'
}

demo=$DEMO/demo.bsp
if [ -f $DEMO/demo.queries ]; then
    set --
    while IFS= read -r line; do [ -n "$line" ] && set -- "$@" "$line"; done < $DEMO/demo.queries
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

# Pictures (docs/pictures.md): the bundled map and every real map, from
# the spawn point, from above with the PVS tint, and the lightmap atlas.
pics=$BUILD/pictures
mkdir -p $pics
picture() {   # MAP NAME
    $TOOL render "$1" -o $pics/$2.png --lightmaps $pics/$2-lightmaps.png > /dev/null &&
    $TOOL render "$1" --top --pvs -o $pics/$2-top.png > /dev/null &&
    echo "   $pics/$2.png  $pics/$2-top.png  $pics/$2-lightmaps.png"
}
echo "== pictures"
# a tool built without libstb-dev (BSPKIT_STB) has no pictures: say so once
if ! $TOOL render "$demo" -o $pics/demo.png 2> $BUILD/demo.err; then
    echo "   (skipped: $(head -1 $BUILD/demo.err))"
    exit 0
fi
picture "$demo" demo
if [ -d "$SHARED/maps" ]; then
    for m in "$SHARED"/maps/*/*.bsp; do
        [ -f "$m" ] || continue
        picture "$m" "$(basename "$(dirname "$m")")-$(basename "$m" .bsp)"
    done
fi
