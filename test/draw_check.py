#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""draw_check.py - query lines for what an engine draws (docs/queries.md
11.1 `displeaves`, 11.8 `visible`), for the suite to ask both the tool and
the reference (test/suite/46-draw.sh).

    draw_check.py lines MAP [--clusters N]

Every leaf (displeaves) and up to N clusters spread over the map (visible;
all of them when the map has fewer), and the edges: -1, the first number
past the lump, a large one, a malformed line. The leaf and cluster counts
come from the reference's reading of the map, not from the library."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference"))
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


def main(argv):
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
