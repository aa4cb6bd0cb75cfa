#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compare `bspkit stats` JSON with record counts from elsewhere.

  compare_counts.py counts FILE JSON     FILE: the generator's "key value" lines
  compare_counts.py vbspinfo FILE JSON   FILE: Valve vbspinfo report
  compare_counts.py vbspinfo-console FILE JSON
        as vbspinfo, for a console file made from that PC map: skips what
        MakeGameData strips (LDR faces and LDR lighting)
  compare_counts.py ericw FILE JSON      ericw-tools bspinfo (Quake, BSP2)
  compare_counts.py q2tools FILE JSON    q2tools' last FILE STATS block
  compare_counts.py q3map2 FILE JSON     q3map2 -info

Exit 0 when every compared count is equal; prints each difference.
"""
import json
import re
import sys

# generator key / vbspinfo row name -> lump name in `bspkit stats`
GEN = {
    "models": "models", "brushes": "brushes", "brushsides": "brushsides",
    "planes": "planes", "vertexes": "vertexes", "nodes": "nodes",
    "texinfos": "texinfo", "texdata": "texdata", "faces": "faces",
    "hdr_faces": "faces_hdr", "leaves": "leafs", "leaffaces": "leaffaces",
    "leafbrushes": "leafbrushes", "edges": "edges", "surfedges": "surfedges",
    "visdata": "visibility", "lightdata": "lighting",
    "hdr_lightdata": "lighting_hdr", "entdata": "entities",
    "clusters": "num_clusters",
}
# lumps the generator counts under bspkit's own lump name
GEN.update({k: k for k in (
    "clipnodes", "marksurfaces", "textures", "pop", "areas", "areaportals",
    "shaders", "leafsurfaces", "surfaces", "drawverts", "drawindexes",
    "materials", "zerovertexes", "drawindices", "projections",
    "texinfo_colors", "plane_faces")})
VBSPINFO = {
    "models": "models", "brushes": "brushes", "brushsides": "brushsides",
    "planes": "planes", "vertexes": "vertexes", "nodes": "nodes",
    "texinfos": "texinfo", "texdata": "texdata", "faces": "faces",
    "hdr faces": "faces_hdr", "origfaces": "originalfaces",
    "leaves": "leafs", "leaffaces": "leaffaces", "leafbrushes": "leafbrushes",
    "areas": "areas", "surfedges": "surfedges", "edges": "edges",
    "visdata": "visibility", "LDR lightdata": "lighting",
    "HDR lightdata": "lighting_hdr", "entdata": "entities",
    "LDR ambient table": "leaf_ambient_index",
    "HDR ambient table": "leaf_ambient_index_hdr",
}
CONSOLE_STRIPPED = {"faces", "LDR lightdata", "LDR leaf ambient", "LDR ambient table",
                    "origfaces", "entdata"}


def read_vbspinfo(path):
    want = {}
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.match(r"^(\S.*?)\s{2,}(\[variable\]\s+)?(\d+)/", line)
        if not m:
            continue
        name, variable, value = m.group(1).strip(), m.group(2), int(m.group(3))
        want[name] = value
    return want


# (row name in the log, lump name in stats, "count" or "bytes" column)
ERICW = [("models", "models", "count"), ("planes", "planes", "count"),
         ("vertexes", "vertexes", "count"), ("nodes", "nodes", "count"),
         ("texinfos", "texinfo", "count"), ("faces", "faces", "count"),
         ("clipnodes", "clipnodes", "count"), ("leafs", "leafs", "count"),
         ("marksurfaces", "marksurfaces", "count"), ("edges", "edges", "count"),
         ("surfedges", "surfedges", "count"), ("textures", "textures", "bytes"),
         ("lightdata", "lighting", "bytes"), ("visdata", "visibility", "bytes"),
         ("entdata", "entities", "bytes")]
Q2TOOLS = [("models", "models", "count"), ("brushes", "brushes", "count"),
           ("brushsides", "brushsides", "count"), ("planes", "planes", "count"),
           ("texinfo", "texinfo", "count"), ("entdata", "entities", "bytes"),
           ("vertices", "vertexes", "count"), ("nodes", "nodes", "count"),
           ("faces", "faces", "count"), ("leafs", "leafs", "count"),
           ("leaffaces", "leaffaces", "count"), ("leafbrushes", "leafbrushes", "count"),
           ("edges", "edges", "count"), ("surfedges", "surfedges", "count"),
           ("lightdata", "lighting", "bytes"), ("visdata", "visibility", "bytes")]
Q3MAP2 = [("models", "models", "count"), ("shaders", "shaders", "count"),
          ("brushes", "brushes", "count"), ("brushsides", "brushsides", "count"),
          ("fogs", "fogs", "count"), ("planes", "planes", "count"),
          ("nodes", "nodes", "count"), ("leafs", "leafs", "count"),
          ("leafsurfaces", "leafsurfaces", "count"), ("leafbrushes", "leafbrushes", "count"),
          ("drawsurfaces", "surfaces", "count"), ("drawverts", "drawverts", "count"),
          ("drawindexes", "drawindexes", "count"), ("lightgrid", "lightgrid", "cells"),
          ("visibility", "visibility", "bytes")]


def read_table(path, mode):
    """{row name: (count or None, bytes or None)} from a compiler's report."""
    rows = {}
    text = open(path, encoding="utf-8", errors="replace").read()
    if mode == "q2tools":
        text = text.split("FILE STATS")[-1]
    for line in text.splitlines():
        if mode == "q2tools":
            m = re.match(r"^\s*(\w+):\s+(\d+)\s+size:\s+(\d+)", line) or \
                re.match(r"^\s*(\w+) size:\s+(\d+)()", line)
            if m:
                if m.group(3) == "":
                    rows[m.group(1)] = (None, int(m.group(2)))
                else:
                    rows[m.group(1)] = (int(m.group(2)), int(m.group(3)))
            continue
        m = re.match(r"^\s*(\d+)?\s+([a-z]+)\s+(\d+)?\s*\*?\s*$", line)
        if m and (m.group(1) or m.group(3)):
            count = int(m.group(1)) if m.group(1) else None
            size = int(m.group(3)) if m.group(3) else None
            rows[m.group(2)] = (count, size)
    return rows


def compare_table(mode, path, stats):
    table = {"ericw": ERICW, "q2tools": Q2TOOLS, "q3map2": Q3MAP2}[mode]
    rows = read_table(path, mode)
    pairs = []
    for name, lump, column in table:
        if name not in rows:
            continue
        count, size = rows[name]
        want = size if column == "bytes" else count
        if want is not None and column == "cells":
            want *= 8  # stats counts the light grid in bytes; q3map2 in 8-byte points
        if want is not None:
            pairs.append((name, lump, want))
    return pairs


def main():
    mode, path, stats = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    if mode in ("ericw", "q2tools", "q3map2"):
        pairs = compare_table(mode, path, stats)
    elif mode == "counts":
        rows = [l.split() for l in open(path) if l.strip()]
        unknown = [k for k, _ in rows if k not in GEN]
        if unknown:
            print("  keys this script does not know: " + " ".join(unknown))
            sys.exit(1)
        pairs = [(k, GEN[k], int(v)) for k, v in rows]
    else:
        info = read_vbspinfo(path)
        skip = CONSOLE_STRIPPED if mode == "vbspinfo-console" else set()
        pairs = [(k, VBSPINFO[k], v) for k, v in info.items() if k in VBSPINFO and k not in skip]
    bad = 0
    for src, lump, want in pairs:
        got = stats.get(lump, 0)
        if got != want:
            print(f"  {src}: expected {want}, bspkit stats {lump} = {got}")
            bad += 1
    if not pairs:
        print("  nothing to compare")
        bad += 1
    sys.exit(1 if bad else 0)


main()
