#!/usr/bin/env python3
"""Compare `bspkit stats` JSON with record counts from elsewhere.

  compare_counts.py counts FILE JSON     FILE: the generator's "key value" lines
  compare_counts.py vbspinfo FILE JSON   FILE: Valve vbspinfo report
  compare_counts.py vbspinfo-console FILE JSON
        as vbspinfo, for a console file made from that PC map: skips what
        MakeGameData strips (LDR faces and LDR lighting)

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


def main():
    mode, path, stats = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    if mode == "counts":
        pairs = [(k, GEN[k], int(v)) for k, v in
                 (l.split() for l in open(path) if l.strip()) if k in GEN]
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
