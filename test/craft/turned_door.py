# SPDX-License-Identifier: MIT
"""A moved and turned door, worked out from its box (docs/queries.md 8.10):

    turned_door.py MAP.bsp OUT.queries OUT.expected

The generated maps' model 1 is one brush, the door's box (its model's
bounds). For several origins and angles (yaw alone, pitch alone, and for
Quake 3, whose normal comes back through the transpose, all three), a point
and a box move along a world axis through the turned door's centre; the
answer is worked out here in double precision: the move taken into the
model's frame by the engines' AngleVectors (forward, -right, up), the box
kept axis-aligned, the entering side of the door's six by the brush clip
of 8.2 (Quake 3: 8.3's symmetric box and 1/8 epsilon; Source: 8.9's
centred box), the normal turned back, endpos start + fraction (end -
start). Written as `expected` lines; test/suite/41 compares the tool with
them within 8.8's tolerances (the engine's sines are float, these exact).
"""
import json
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reference"))
import bspref as R  # noqa: E402


def vectors(ang):
    p, y, r = (math.radians(a) for a in ang)
    sp, cp, sy, cy, sr, cr = math.sin(p), math.cos(p), math.sin(y), math.cos(y), math.sin(r), math.cos(r)
    f = (cp * cy, cp * sy, -sp)
    rt = (-sr * sp * cy + cr * sy, -sr * sp * sy - cr * cy, -sr * cp)
    u = (cr * sp * cy + sr * sy, cr * sp * sy - sr * cy, cr * cp)
    return f, rt, u


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def main():
    src, qout, eout = sys.argv[1:4]
    m = R.load_map(src)
    fam = m.family
    lo, hi = m.models[1][0], m.models[1][1]
    q3, valve = fam == "quake3", fam == "source"
    E = 0.125 if q3 else 0.03125
    c = tuple((lo[i] + hi[i]) / 2 for i in range(3))
    cases = [((0, 0, 0), (0, 90, 0)), ((37, -23, 11), (0, 30, 0)), ((-64, 16, 8), (0, -135, 0)),
             ((10, 20, -30), (25, 0, 0)), ((0, 0, 0), (0, 0, 0))]
    if q3:
        cases.append(((12, -8, 4), (10, 30, 20)))
    boxes = [((0, 0, 0), (0, 0, 0)), ((-4, -4, -4), (4, 4, 4)), ((-2, -3, -1), (4, 3, 6))]
    qs, es = [], []
    for org, ang in cases:
        f, rt, u = vectors(ang)
        M = (f, tuple(-v for v in rt), u)          # world - origin -> model frame
        W = tuple(org[i] + sum(M[j][i] * c[j] for j in range(3)) for i in range(3))
        for axis in range(2):
            for mins, maxs in boxes:
                S = list(W)
                T = list(W)
                S[axis] -= 200
                T[axis] += 200
                S = [R.f32(round(v * 8) / 8) for v in S]
                T = [R.f32(round(v * 8) / 8) for v in T]
                if q3 or valve:
                    off = tuple((mins[i] + maxs[i]) / 2 for i in range(3))
                    s0 = tuple(mins[i] - off[i] for i in range(3))
                    s1 = tuple(maxs[i] - off[i] for i in range(3))
                else:
                    off, s0, s1 = (0, 0, 0), mins, maxs
                # Quake 3 centres the box in the world's frame, before the
                # turn; Source's trace centres it after, in the model's
                pre, post = (off, (0, 0, 0)) if q3 else ((0, 0, 0), off)
                sl = [dot(M[k], [S[i] + pre[i] - org[i] for i in range(3)]) + post[k] for k in range(3)]
                el = [dot(M[k], [T[i] + pre[i] - org[i] for i in range(3)]) + post[k] for k in range(3)]
                enter, leave, plane = -1.0, 1.0, None
                out = False
                for k in range(3):
                    for sgn, dist in ((1, hi[k]), (-1, -lo[k])):
                        n = [0.0, 0.0, 0.0]
                        n[k] = sgn
                        ofs = [s1[j] if n[j] < 0 else s0[j] for j in range(3)]
                        d = dist - dot(ofs, n)
                        d1, d2 = dot(sl, n) - d, dot(el, n) - d
                        if d1 > 0 and d2 >= d1:
                            out = True
                        if d1 > 0 and d2 < 0 or d1 <= 0 < d2:
                            fr = (d1 - E) / (d1 - d2) if d1 > d2 else (d1 + E) / (d1 - d2)
                            if d1 > d2 and fr > enter:
                                enter, plane = fr, (n, dist)
                            elif d1 <= d2 and fr < leave:
                                leave = fr
                box = "" if mins == (0, 0, 0) and maxs == (0, 0, 0) else " " + " ".join("%g" % v for v in mins + maxs)
                line = "trace %s %s%s model 1 origin %s angles %s" % (
                    " ".join(R.fmt_g9(v) for v in S), " ".join(R.fmt_g9(v) for v in T), box,
                    " ".join("%g" % v for v in org), " ".join("%g" % v for v in ang))
                if out or plane is None or not enter < leave:
                    continue
                fr = max(enter, 0.0)
                n = [sum(M[j][i] * plane[0][j] for j in range(3)) for i in range(3)]
                qs.append(line)
                es.append(json.dumps({"fraction": fr, "endpos": [S[i] + fr * (T[i] - S[i]) for i in range(3)],
                                      "normal": n, "dist": plane[1]}))
    open(qout, "w").write("\n".join(qs) + "\n")
    open(eout, "w").write("\n".join(es) + "\n")


if __name__ == "__main__":
    main()
