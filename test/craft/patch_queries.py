# SPDX-License-Identifier: MIT
"""Trace lines near a Quake 3 map's curved surfaces (patches), for the
suite's comparison of the library with the reference on OpenArena maps
(test/openarena/openarena.sh); deterministic for a seed:

    patch_queries.py MAP.bsp [N [SEED]] > lines

Drops onto and rises through a patch, moves in any direction through its
bounds, long rays across it and position tests around it; a third are point
traces, the rest carry one of five boxes; some carry a mask. Coordinates
fall on a grid of 1, 1/8 or 0.01 units, so that many boxes touch planes.
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reference"))
import bspref as R  # noqa: E402
import bspref_trace as T  # noqa: E402

BOXES = ["-15 -15 -24 15 15 32", "-15 -15 -24 15 15 16", "-4 -4 -4 4 4 4",
         "-16 -16 0 16 16 8", "-1 -2 -3 3 2 1"]


def main():
    m = R.load_map(sys.argv[1])
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    C = T.coll(m)
    pcs = [C.patches[k] for k in sorted(C.patches)]
    if not pcs:
        return

    def q(v, grain):
        return R.f32(round(v / grain) * grain)

    def pt_in(pc, pad, grain):
        lo, hi = pc.bounds
        return [q(rng.uniform(lo[i] - pad, hi[i] + pad), grain) for i in range(3)]

    for _ in range(n):
        pc = rng.choice(pcs)
        lo, hi = pc.bounds
        kind = rng.random()
        grain = rng.choice([1.0, 0.125, 0.01])
        box = "" if rng.random() < 0.35 else " " + rng.choice(BOXES)
        r = rng.random()
        opt = " mask 1" if r < 0.1 else " mask 0xffffffff" if r < 0.15 else ""
        if kind < 0.3:
            p = pt_in(pc, 8, grain)
            a = (p[0], p[1], q(hi[2] + rng.uniform(8, 96), grain))
            b = (p[0], p[1], q(lo[2] - rng.uniform(8, 96), grain))
        elif kind < 0.55:
            a = pt_in(pc, 64, grain)
            b = pt_in(pc, 64, grain)
        elif kind < 0.65:
            c = pt_in(pc, 0, grain)
            d = [rng.uniform(-1, 1) for _ in range(3)]
            a = [q(c[i] - 600 * d[i], grain) for i in range(3)]
            b = [q(c[i] + 600 * d[i], grain) for i in range(3)]
        elif kind < 0.8:
            p = pt_in(pc, 8, grain)
            a = (p[0], p[1], q(lo[2] - rng.uniform(8, 96), grain))
            b = (p[0], p[1], q(hi[2] + rng.uniform(8, 96), grain))
        else:
            a = b = pt_in(pc, 24, grain)
        print("trace %s%s%s" % (" ".join("%.9g" % v for v in list(a) + list(b)), box, opt))


if __name__ == "__main__":
    main()
