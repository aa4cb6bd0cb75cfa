# SPDX-License-Identifier: MIT
"""The reference's side of test/test_patch.c: the Python reference's patch
collision (test/reference/bspref_trace.py, 8.11) on one Quake 3 map.

    patch_ref.py MAP.bsp            "S facets F planes P borders B maxborders M" per patch
    patch_ref.py MAP.bsp --trace    the counts on stderr; stdin's trace lines answered
                                    against the patches alone, as test_patch.c does

The patches-alone trace: the box made symmetric (8.3 step 1), then every
patch whose shader's contentFlags meet the mask (default MASK_PLAYERSOLID),
in surface order; start == end: the first patch inside (position_in_patch)
gives startsolid, allsolid, fraction 0 and its contents; otherwise each
patch's sweep (trace_patch), the contents of one that lowers the fraction,
stopping at fraction 0. The model is ignored.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference"))
import bspref as R  # noqa: E402
import bspref_trace as T  # noqa: E402


def main():
    m = R.load_map(sys.argv[1])
    trace_mode = len(sys.argv) > 2 and sys.argv[2] == "--trace"
    C = T.coll(m)
    out = sys.stderr if trace_mode else sys.stdout
    order = sorted(C.patches)
    for si in order:
        pc = C.patches[si]
        nb = sum(len(b) for _s, b in pc.facets)
        mb = max([len(b) for _s, b in pc.facets] + [0])
        out.write("%d facets %d planes %d borders %d maxborders %d\n"
                  % (si, len(pc.facets), len(pc.planes), nb, mb))
    if not trace_mode:
        return
    for line in sys.stdin:
        tok = line.split()
        if len(tok) < 7 or tok[0] != "trace":
            continue
        v = [R.f32(float(t)) for t in tok[1:7]] + [0.0] * 6
        k = 7
        if len(tok) >= 13 and tok[7] not in ("mask", "model"):
            v[6:12] = [R.f32(float(t)) for t in tok[7:13]]
            k = 13
        mask = 0x2010001
        while k + 1 < len(tok):
            if tok[k] == "mask":
                mask = int(tok[k + 1], 0)
            k += 2
        start, end, mins, maxs = v[0:3], v[3:6], v[6:9], v[9:12]
        bt = T.BrushTrace(C, 0, start, end, mins, maxs, mask)
        tr = bt.tr
        if start == end:
            for si in order:
                pc = C.patches[si]
                if not (pc.contents & 0xFFFFFFFF) & mask:
                    continue
                if T.position_in_patch(bt, pc):
                    tr.startsolid = tr.allsolid = 1
                    tr.fraction = 0.0
                    tr.contents = pc.contents
                    break
        else:
            for si in order:
                pc = C.patches[si]
                if not (pc.contents & 0xFFFFFFFF) & mask:
                    continue
                old = tr.fraction
                T.trace_patch(bt, pc)
                if tr.fraction < old:
                    tr.contents = pc.contents
                if tr.fraction == 0:
                    break
        s = "fraction %.9g startsolid %d allsolid %d contents %d" % (
            tr.fraction, tr.startsolid, tr.allsolid, tr.contents)
        if tr.plane is not None and tr.fraction < 1 and not tr.allsolid:
            n, d = tr.plane
            s += " normal %.9g %.9g %.9g dist %.9g" % (n[0], n[1], n[2], d)
        print(s)


if __name__ == "__main__":
    main()
