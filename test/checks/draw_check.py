#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""draw_check.py - query lines for what an engine draws (docs/queries.md
11.1 `displeaves`, 11.8 `visible`), for the suite to ask both the tool and
the reference (test/suite/61-draw.sh).

    draw_check.py lines MAP [--clusters N]
    draw_check.py view TOOL MAP

view: the player's view of terrain, from the tool's answers: every
displacement is listed (`displeaves`) by a leaf whose cluster is not -1,
and every such leaf's cluster draws (`visible`) the displacement's base
face. Leaf clusters and base faces are the reference's reading.

Every leaf (displeaves) and up to N clusters spread over the map (visible;
all of them when the map has fewer), and the edges: -1, the first number
past the lump, a large one, a malformed line. The leaf and cluster counts
come from the reference's reading of the map, not from the library."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reference"))
import bspref as R  # noqa: E402


def lines(path, clusters):
    m = R.load_map(path)
    out = []
    nl, nc = len(m.leaves), m.num_clusters
    leaves = range(nl) if m.family == "source" else range(min(nl, 4))
    for leaf in leaves:
        out.append("displeaves %d" % leaf)
    out += ["displeaves -1", "displeaves %d" % nl, "displeaves 2147483647", "displeaves x", "displeaves"]
    step = max(1, nc // clusters) if clusters else 1
    for c in range(0, nc, step):
        out.append("visible %d" % c)
    if nc:
        out.append("visible %d" % (nc - 1))
    out += ["visible -1", "visible %d" % nc, "visible 1 2", "visible"]
    return out


def view(tool, path):
    import json
    import subprocess
    import bspref_draw as DR
    m = R.load_map(path)
    q = ["displeaves %d" % k for k in range(len(m.leaves))]
    q += ["visible %d" % c for c in range(m.num_clusters)]
    out = subprocess.run([tool, "query", path], input="".join(s + "\n" for s in q).encode(),
                         stdout=subprocess.PIPE, check=True).stdout.decode().splitlines()
    lists = [json.loads(l) for l in out[:len(m.leaves)]]
    vis = [set(json.loads(l)["faces"]) for l in out[len(m.leaves):]]
    base = {i: f for i, f, _l in DR.disp_memberships(m)}
    seen, bad = set(), 0
    for leaf, a in enumerate(lists):
        c = m.leaf_cluster(leaf)
        if c == -1:
            continue
        for d in a["disps"]:
            seen.add(d)
            bad += base[d] not in vis[c]
    print("%s: %d of %d displacements in a leaf with a cluster, %d not drawn from it" %
          (path, len(seen), len(base), bad))
    return 0 if bad == 0 and len(seen) == len(base) and base else 1


def main(argv):
    if len(argv) == 4 and argv[1] == "view":
        return view(argv[2], argv[3])
    if len(argv) >= 3 and argv[1] == "lines":
        n = 64
        if "--clusters" in argv:
            n = int(argv[argv.index("--clusters") + 1])
        sys.stdout.write("".join(s + "\n" for s in lines(argv[2], n)))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
