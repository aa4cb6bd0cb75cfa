# SPDX-License-Identifier: MIT
"""Collision lines against moved and turned models (docs/queries.md 8.10:
`[origin X Y Z] [angles P Y R]`), for the suite's comparison of the library
with the reference and with id's code; deterministic for a seed:

    moved_queries.py MAP.bsp [N [SEED]] > lines

For each line a model (the world or a brush entity), an origin near it (or
none) and angles: yaw alone in whole degrees, all three in whole degrees,
right angles, fractions of a degree, or none; then a sweep from a point in
the model's bounds moved by the origin (a point, or one of four boxes, some
with a mask), a position test, or a `contents`. A few lines ask for what is
refused: angles beyond the library's limit (bad_query), angles on the hull
families (unsupported).
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reference"))
import bspref as R  # noqa: E402

BOXES = ["-16 -16 -24 16 16 32", "-15 -15 -24 15 15 16", "-4 -4 -4 4 4 4", "-1 -2 -3 3 2 1"]


def main():
    m = R.load_map(sys.argv[1])
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    hulls = m.family in ("quake", "goldsrc", "bsp2")
    nmodels = len(m.models)
    if m.family == "nightfire":
        nmodels = 1

    def g(v):
        return R.fmt_g9(R.f32(v))

    def vec(v):
        return " ".join(g(c) for c in v)

    def grain(v):
        return round(v * 8) / 8.0

    out = []
    for i in range(n):
        k = 0 if nmodels == 1 or i % 3 == 0 else rng.randrange(1, nmodels)
        lo, hi = m.models[k][0], m.models[k][1]
        kind = rng.randrange(6)
        if kind == 0 or hulls:
            ang = (0.0, 0.0, 0.0)
        elif kind == 1:
            ang = (0.0, float(rng.randrange(-180, 181)), 0.0)
        elif kind == 2:
            ang = tuple(float(rng.randrange(-180, 181)) for _ in range(3))
        elif kind == 3:
            ang = tuple(float(90 * rng.randrange(-4, 5)) for _ in range(3))
        else:
            ang = tuple(R.f32(rng.uniform(-400.0, 400.0)) for _ in range(3))
        org = tuple(grain(rng.uniform(-96.0, 96.0)) for _ in range(3)) if i % 4 else (0.0, 0.0, 0.0)
        suffix = ""
        if i % 4:
            suffix += " origin " + vec(org)
        if ang != (0.0, 0.0, 0.0) or not suffix:
            suffix += " angles " + vec(ang)
        p = [grain(rng.uniform(lo[j] - 16.0, hi[j] + 16.0) + org[j]) for j in range(3)]
        model = " model %d" % k if k or i % 5 == 0 else ""
        what = rng.randrange(10)
        if what == 0 and not hulls:
            out.append("contents %s%s%s" % (vec(p), model, suffix))
            continue
        box = "" if what < 3 else " " + BOXES[what % len(BOXES)]
        mask = " mask 0x1" if what == 9 else ""
        if what == 8:
            e = p
        else:
            d = [rng.uniform(-1, 1) for _ in range(3)]
            length = rng.choice((8.0, 64.0, 256.0, 1024.0))
            e = [grain(p[j] + d[j] * length) for j in range(3)]
        out.append("trace %s %s%s%s%s%s" % (vec(p), vec(e), box, mask, model, suffix))
    out.append("trace 0 0 0 0 0 -64 angles 0 20000000 0")          # beyond the limit
    out.append("trace 0 0 0 0 0 -64 angles 0 16777216 0")
    out.append("trace 0 0 0 0 0 -64 origin 1 2 3 angles 0 -0 0")
    out.append("trace 0 0 0 0 0 -64 angles 0 90 0 origin 1 2 3")    # out of order
    out.append("trace 0 0 0 0 0 -64 origin 1 2")                    # too few numbers
    out.append("contents 0 0 0 origin nan 0 0")
    out.append("trace 0 0 0 0 0 -64 model %d origin 1 2 3" % len(m.models))
    print("\n".join(out))


if __name__ == "__main__":
    main()
