# SPDX-License-Identifier: MIT
"""Query lines for the engine-facing collision calls of issue 30, for the
suite to ask both the library's tool and bspref.py (part 46):

  * `trace` with boxes of every size class on quake, goldsrc and bsp2
    (QUERIES.md 8.4a): each side of each boundary of the hull choice
    (width 3 and 32 for quake and bsp2; width 8 and 36, height 36 for
    goldsrc), the hulls' own boxes, boxes whose lower corner is not the
    hull's; drops, moves along floors, rays, position tests, models;
  * `boxleaves` (8.12a) on every family: points, player boxes, large
    boxes, the whole world, boxes lying on node planes, models, errors.

    bspref_api.py points MAP [--seed N]

Written from the contract; the answers come from bspref_trace.py."""

import random
import sys
import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bspref as R  # noqa: E402
import bspref_trace as T  # noqa: E402

# (mins, maxs): both sides of each boundary, asymmetric boxes too
QUAKE_BOXES = [
    ((0, 0, 0), (0, 0, 0)),
    ((-1, -1, -1), (1, 1, 1)),
    ((-1.5, -1, -8), (1.4375, 1, 8)),          # width 2.9375: hull 0
    ((-1.5, -1.5, -4), (1.5, 1.5, 4)),         # width 3: hull 1
    ((-16, -16, -24), (16, 16, 32)),           # the player (hull 1, offset 0)
    ((-16, -16, -36), (16, 16, 36)),           # goldsrc's player on quake
    ((0, 0, 0), (32, 32, 56)),                 # width 32, lower corner at the origin
    ((-16.5, -16, -24), (16.5, 16, 32)),       # width 33: hull 2
    ((-32, -32, -24), (32, 32, 64)),           # hull 2's own box
    ((-8, -40, -8), (8, 40, 8)),               # narrow in x, long in y: hull 1
    ((-4, -4, -4), (4, 4, 4)),                 # goldsrc's width 8: hull 1 here
    ((-18, -18, -18), (18, 18, 18.5)),         # goldsrc's width 36: hull 2 here
]
GOLDSRC_BOXES = [
    ((0, 0, 0), (0, 0, 0)),
    ((-4, -4, -4), (4, 4, 4)),                 # width 8: hull 0 (no offset)
    ((-4.5, -4.5, -10), (4.5, 4.5, 10)),       # width 9, height 20: hull 3
    ((-16, -16, -18), (16, 16, 18)),           # the crouching player: hull 3
    ((-18, -18, -18), (18, 18, 18)),           # width 36, height 36: hull 3
    ((-18, -18, -18.5), (18, 18, 18.5)),       # height 37: hull 1
    ((-16, -16, -36), (16, 16, 36)),           # the player: hull 1
    ((-16, -16, -24), (16, 16, 32)),           # quake's player on goldsrc: hull 1
    ((-18.5, -16, -16), (18.5, 16, 16)),       # width 37: hull 2
    ((-32, -32, -32), (32, 32, 32)),           # hull 2's own box
    ((-1.5, -1.5, -4), (1.5, 1.5, 4)),         # quake's width 3: hull 0 here
    ((-16, -16, -16), (16, 16, 16)),           # quake's width 32, height 32: hull 3 here
    ((0, 0, 0), (36, 36, 36)),                 # lower corner at the origin: hull 3, offset (-16,-16,-18)
]


def _pt(p):
    return " ".join(R._fmt(v) for v in p)


def _box(b):
    return " ".join("%.9g" % v for v in b[0] + b[1])


def points(path, seed):
    m = R.load_map(path)
    rng = random.Random(seed)
    out = []
    try:
        T.coll(m)
    except R.QueryError:
        return out
    wmins, wmaxs = m.models[0][0], m.models[0][1]
    nmodels = len(m.models)

    def q(p):
        return tuple(float(R._fmt(v)) for v in p)

    def rand_world(pad=16.0):
        return q(tuple(rng.uniform(wmins[k] - pad, wmaxs[k] + pad) for k in range(3)))

    opens = [q(p) for p in T._open_points(m, rng, 24)] or [rand_world(0.0) for _ in range(8)]

    def models():
        ks = []
        for k in range(1, nmodels):
            lo, hi = m.models[k][0], m.models[k][1]
            if all(lo[j] <= hi[j] for j in range(3)):
                ks.append((k, lo, hi))
        return ks[:4]

    if m.family in T.HULL_FAMILIES:
        boxes = GOLDSRC_BOXES if m.family == "goldsrc" else QUAKE_BOXES
        for b in boxes:
            bx = _box(b)
            for p in opens[:6]:
                out.append("trace %s %s %s" % (_pt(p), _pt((p[0], p[1], p[2] - 512.0)), bx))
            for _ in range(4):
                a, c = opens[rng.randrange(len(opens))], opens[rng.randrange(len(opens))]
                out.append("trace %s %s %s" % (_pt(a), _pt(c), bx))
            out.append("trace %s %s %s" % (_pt(rand_world(64.0)), _pt(rand_world(64.0)), bx))
            p = opens[rng.randrange(len(opens))]
            out.append("trace %s %s %s" % (_pt(p), _pt(p), bx))              # start == end
            out.append("trace %s %s %s mask 0x1" % (_pt(p), _pt((p[0] + 40.0, p[1], p[2])), bx))
            for k, lo, hi in models()[:2]:
                c = tuple((lo[j] + hi[j]) / 2.0 for j in range(3))
                s, e = list(c), list(c)
                s[0], e[0] = lo[0] - 48.0, hi[0] + 48.0
                out.append("trace %s %s %s model %d" % (_pt(q(s)), _pt(q(e)), bx, k))
        out.append("trace 0 0 0 0 0 -64 -16 -16 -24 16 16 32 model %d" % nmodels)   # bad_model
        out.append("trace 0 0 0 0 0 -64 -16 -16 -24 16 16 nan")                      # bad_query

    # boxleaves, every family
    sizes = [0.0, 1.0, 16.0, 64.0, 300.0]
    for i, p in enumerate(opens[:12]):
        r = sizes[i % len(sizes)]
        lo = q((p[0] - r, p[1] - r, p[2] - r))
        hi = q((p[0] + r, p[1] + r, p[2] + r * 1.5))
        out.append("boxleaves %s %s" % (_pt(lo), _pt(hi)))
    for _ in range(6):
        a, c = rand_world(32.0), rand_world(32.0)
        lo = tuple(min(a[j], c[j]) for j in range(3))
        hi = tuple(max(a[j], c[j]) for j in range(3))
        out.append("boxleaves %s %s" % (_pt(lo), _pt(hi)))
    out.append("boxleaves %s %s" % (_pt(q(tuple(v - 64 for v in wmins))), _pt(q(tuple(v + 64 for v in wmaxs)))))
    # boxes with a face on a node plane (axial planes: BoxOnPlaneSide's <= and >=)
    C = T.coll(m)
    ax = [n for n in C.nodes[:400] if 0 <= n[0] < len(C.planes) and 0 <= C.planes[n[0]].type < 3]
    rng.shuffle(ax)
    for n in ax[:6]:
        pl = C.planes[n[0]]
        p = list(opens[rng.randrange(len(opens))])
        t = pl.type
        lo, hi = [v - 16 for v in p], [v + 16 for v in p]
        lo[t] = pl.dist
        hi[t] = pl.dist + 8
        out.append("boxleaves %s %s" % (_pt(q(lo)), _pt(q(hi))))
        lo[t], hi[t] = pl.dist - 8, pl.dist
        out.append("boxleaves %s %s" % (_pt(q(lo)), _pt(q(hi))))
    for k, lo, hi in models():
        out.append("boxleaves %s %s model %d" % (_pt(q(lo)), _pt(q(hi)), k))
    out.append("boxleaves 0 0 0 0 0 0 model %d" % nmodels)          # bad_model (quake3, nightfire: unsupported)
    out.append("boxleaves 0 0 0 0 0 0 model 1")
    out.append("boxleaves 0 0 0 0 0 0 model -1")
    out.append("boxleaves 0 0 0 0 0")                               # bad_query
    out.append("boxleaves 0 0 0 0 0 inf")
    out.append("boxleaves 0 0 0 0 0 0 mask 1")
    out.append("boxleaves 16 16 16 -16 -16 -16")                    # inverted: whatever the walk gives
    return out


def main(argv):
    if len(argv) < 3 or argv[1] != "points":
        sys.stderr.write("usage: bspref_api.py points MAP [--seed N]\n")
        return 64
    seed = 1
    if "--seed" in argv:
        seed = int(argv[argv.index("--seed") + 1])
    try:
        lines = points(argv[2], seed)
    except (R.LoadError, __import__("lzma").LZMAError) as e:
        # (Python's lzma refuses lc + lp > 4, which the library decodes)
        sys.stderr.write("bspref_api: cannot load %s: %s\n" % (argv[2], e))
        return 2
    sys.stdout.write("".join(s + "\n" for s in lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
