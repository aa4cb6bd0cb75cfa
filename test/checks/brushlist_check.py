# SPDX-License-Identifier: MIT
"""BSPX BRUSHLIST (docs/queries.md 13.7) on the quake family: box traces on
a model without the hull it picks run 8.2's rule over the model's brushes.

    brushlist_check.py generated TOOL MAPS    MAPS/brushlist/ (test/gen/brushlist.c)
    brushlist_check.py real TOOL SHARED_MAPS  every real quake-family map whose BSPX has BRUSHLIST

generated: on q1/bsp2/goldsrc_brushlist, random trace lines (every hull
size, moves and position tests, masks) answer byte for byte as the
reference (test/reference/bspref.py) does; answers worked out by hand from
the generator's boxes (a fall onto the floor, the water and clip brushes
and masks, the sky, the door); `brushes` equals the reference's listing;
the hostile lists (q1_brushlist_bad_*) answer bad_hull for a player's box,
as a map without a list.
real: random player traces tool == reference, no bad_hull for a player box
on model 0; `brushes` equals the reference's listing; q1_cube.bsp's one
brush as checked by hand.

One PASS/FAIL line per check; exit 1 on any failure."""

import json
import os
import random
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "reference"))
import bspref as R            # noqa: E402
import bspref_trace as T      # noqa: E402

FAILS = 0

# the hull boxes of 8.4's table, and boxes that pick them (8.4a)
BOXES = {
    "quake": [(-16, -16, -24, 16, 16, 32), (-32, -32, -24, 32, 32, 64), (-8, -8, -8, 8, 8, 8),
              (-20, -20, -4, 20, 20, 4), (-1, -1, -1, 1, 1, 1)],
    "bsp2": [(-16, -16, -24, 16, 16, 32), (-32, -32, -24, 32, 32, 64), (-8, -8, -8, 8, 8, 8),
             (-20, -20, -4, 20, 20, 4), (-1, -1, -1, 1, 1, 1)],
    "goldsrc": [(-16, -16, -36, 16, 16, 36), (-32, -32, -32, 32, 32, 32), (-16, -16, -18, 16, 16, 18),
                (-10, -10, -30, 10, 10, 30), (-2, -2, -2, 2, 2, 2)],
}
MASKS = ["", " mask 1", " mask 4", " mask 0x40", " mask 0xffffffff", " mask 0x21", " mask 0"]


def report(ok, what, detail=""):
    global FAILS
    if ok:
        print("PASS %s" % what)
    else:
        FAILS += 1
        print("FAIL %s%s" % (what, (": " + detail) if detail else ""))


def tool_run(tool, args, text=None):
    p = subprocess.run([tool] + args, input=(text or "").encode(), stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL)
    return p.stdout.decode("latin-1"), p.returncode


def ref_query(path, text):
    p = subprocess.run([sys.executable, os.path.join(HERE, "..", "reference", "bspref.py"), "query", path],
                       input=text.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.stdout.decode("latin-1")


def first_diff(a, b, q):
    la, lb, lq = a.splitlines(), b.splitlines(), q.splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "<none>"
        y = lb[i] if i < len(lb) else "<none>"
        if x != y:
            return "line %d `%s`: tool %s, reference %s" % (i + 1, lq[i] if i < len(lq) else "?", x, y)
    return ""


def fmt(v):
    return "%.9g" % v


def pt(p):
    return " ".join(fmt(c) for c in p)


def random_lines(m, rng, n, models):
    """n trace lines: moves between random points of the world's box, moves
    across a list brush, drops, position tests; every box of the family,
    every mask."""
    bl = T.brush_list(m)
    brushes = bl.brushes() if bl is not None else []
    lo, hi = m.models[0][0], m.models[0][1]
    boxes = BOXES[m.family]

    def rnd():
        return tuple(R.f32(round(rng.uniform(lo[j] - 16, hi[j] + 16) * 8) / 8) for j in range(3))

    out = []
    for i in range(n):
        box = boxes[i % len(boxes)] if rng.random() < 0.8 else boxes[0]
        kind = rng.random()
        if kind < 0.3 or not brushes:
            s, e = rnd(), rnd()
        elif kind < 0.7:
            # a brush of the list; a third of the time one with stored
            # planes or contents other than solid (ramp, chamfer, water, clip, sky)
            odd = [x for x in brushes if len(x.sides) > 6 or x.contents != -2]
            b = rng.choice(odd if odd and rng.random() < 0.35 else brushes)
            c = [(b.mins[j] + b.maxs[j]) / 2 for j in range(3)]
            a = rng.randrange(3)
            s = list(c)
            e = list(c)
            d = (b.maxs[a] - b.mins[a]) / 2 + rng.choice((8, 40, 80, 130))
            s[a] -= d
            e[a] += d * rng.choice((0.3, 1, 2))
            for j in range(3):
                s[j] = R.f32(round((s[j] + rng.uniform(-24, 24)) * 4) / 4)
                e[j] = R.f32(round((e[j] + rng.uniform(-24, 24)) * 4) / 4)
            if rng.random() < 0.5:
                s, e = e, s
        elif kind < 0.85:
            s = rnd()
            e = (s[0], s[1], R.f32(s[2] - rng.choice((16, 64, 300))))
        else:
            s = rnd()
            if brushes and rng.random() < 0.6:
                b = rng.choice(brushes)
                s = tuple(R.f32(round(rng.uniform(b.mins[j] - 20, b.maxs[j] + 20) * 4) / 4) for j in range(3))
            e = s
        mask = MASKS[i % len(MASKS)] if rng.random() < 0.6 else ""
        model = ""
        if len(models) > 1 and rng.random() < 0.15:
            model = " model %d" % rng.choice(models[1:])
        out.append("trace %s %s %s%s%s" % (pt(s), pt(e), " ".join(str(v) for v in box), mask, model))
    return out


def compare_lines(tool, path, lines, name):
    q = "".join(l + "\n" for l in lines)
    got, _rc = tool_run(tool, ["query", path], q)
    want = ref_query(path, q)
    report(got == want and len(want.splitlines()) == len(lines),
           "%s: %d trace lines answer byte for byte as the reference" % (name, len(lines)),
           first_diff(got, want, q))
    # a forward-only stream reads the list too (BSP_BRUSH_LIST_FORWARD_MAX)
    fwd, _rc = tool_run(tool, ["query", "--forward", path], q)
    report(fwd == want, "%s: the same %d lines read forward-only" % (name, len(lines)), first_diff(fwd, want, q))
    return got, want


def listing_check(tool, path, m, name):
    want = T.brushlist_records(m)
    got, rc = tool_run(tool, ["brushes", path])
    ok = want is not None and got.splitlines() == want and rc == 0
    detail = ""
    if not ok:
        gl = got.splitlines()
        detail = "exit %d, %d lines (reference %s)" % (rc, len(gl), "none" if want is None else len(want))
        for a, b in zip(gl, want or []):
            if a != b:
                detail += "; first difference: tool %s, reference %s" % (a[:200], b[:200])
                break
    report(ok, "%s: brushes lists the BRUSHLIST brushes as the reference" % name, detail)
    return got


def answer(line):
    try:
        return json.loads(line)
    except ValueError:
        return {"unparsed": line}


def same(got, want):
    """%.9g text read back to float32 is the float printed (exact for float)"""
    if isinstance(want, list):
        return isinstance(got, list) and len(got) == len(want) and all(same(a, b) for a, b in zip(got, want))
    if isinstance(got, (int, float)) and not isinstance(got, bool):
        return R.f32(got) == want
    return got == want


def expect(tool, path, name, cases):
    """cases: (query line, {field: value}, absent fields, what)"""
    q = "".join(c[0] + "\n" for c in cases)
    got, _rc = tool_run(tool, ["query", path], q)
    ref = ref_query(path, q)
    for who, text in (("tool", got), ("reference", ref)):
        lines = text.splitlines()
        for k, (line, want, absent, what) in enumerate(cases):
            a = answer(lines[k]) if k < len(lines) else {}
            bad = ["%s=%s (want %s)" % (f, a.get(f), v) for f, v in want.items() if not same(a.get(f), v)]
            bad += ["%s present" % f for f in absent if f in a]
            report(not bad, "%s (%s): %s" % (name, who, what), "`%s`: %s" % (line, ", ".join(bad)))


def worked_out(tool, path, fam, name):
    """Answers from the generator's boxes (test/gen/brushlist.c), by hand:
    the box stops 1/32 in front of the face (8.6); fractions chosen dyadic
    so that every number is exact."""
    b = BOXES[fam][0]
    box = " ".join(str(v) for v in b)
    hz, top = -b[2], b[5]
    E = 0.03125
    # room 0's floor (z = 0), from d1 = 16 + 1/32 down to d2 = -16 + 1/32
    s, e = hz + 16 + E, hz - 16 + E
    # the sky brush's bottom, z = 160, rising from 16 + 1/32 below
    sz = 160 - top - 16 - E
    cases = [
        ("trace 136 136 %s 136 136 %s %s" % (fmt(s), fmt(e), box),
         {"fraction": 0.5, "endpos": [136, 136, hz + E], "startsolid": 0, "allsolid": 0, "contents": 1,
          "normal": [0, 0, 1], "dist": 0}, [], "a player falling onto room 0's floor stops at z = %s + 1/32" % hz),
        ("trace 592 128 40 592 64 40 %s" % box,
         {"fraction": 1, "endpos": [592, 64, 40], "startsolid": 0, "allsolid": 0}, ["contents", "normal"],
         "the player's mask passes the water brush (fraction 1, no contents)"),
        ("trace 592 128 40 592 64 40 %s mask 4" % box,
         {"fraction": 0.24951171875, "endpos": [592, 112.03125, 40], "contents": 4, "normal": [0, 1, 0],
          "dist": 96}, [], "mask 4 stops at the water brush's face y = 96 + 16 + 1/32"),
        ("trace 592 128 40 592 192 40 %s" % box,
         {"fraction": 0.24951171875, "endpos": [592, 143.96875, 40], "contents": 0xC0, "normal": [0, -1, 0],
          "dist": -160}, [], "the player's mask stops at the clip brush (contents PLAYERCLIP|MONSTERCLIP)"),
        ("trace 592 128 40 592 192 40 %s mask 1" % box,
         {"fraction": 1, "endpos": [592, 192, 40]}, ["contents"], "mask 1 passes the clip brush"),
        ("trace 592 200 40 592 200 40 %s" % box,
         {"fraction": 0, "endpos": [592, 200, 40], "startsolid": 1, "allsolid": 1, "contents": 0xC0}, ["normal"],
         "a position test inside the clip brush: allsolid, its contents"),
        ("trace 592 200 40 592 200 40 %s mask 1" % box,
         {"fraction": 1, "startsolid": 0, "allsolid": 0}, ["contents"], "the same with mask 1: open"),
        ("trace 592 56 40 592 56 40 %s mask 4" % box,
         {"fraction": 0, "startsolid": 1, "allsolid": 1, "contents": 4}, [],
         "a position test in the water brush with mask 4: inside"),
        ("trace 320 192 %s 320 192 %s %s" % (fmt(sz), fmt(sz + 32), box),
         {"fraction": 0.5, "endpos": [320, 192, 160 - top - E], "contents": 0x20, "normal": [0, 0, -1],
          "dist": -160}, [], "the player's mask stops under the sky brush"),
        ("trace 320 192 %s 320 192 %s %s mask 4" % (fmt(sz), fmt(sz + 32), box),
         {"fraction": 1}, ["contents"], "mask 4 passes the sky brush"),
        ("trace %s 64 40 %s 64 40 %s model 1" % (fmt(240 - 16 - 16 - E), fmt(240 - 16 + 16 - E), box),
         {"fraction": 0.5, "endpos": [240 - 16 - E, 64, 40], "contents": 1, "normal": [-1, 0, 0], "dist": -240}, [],
         "the door (model 1's block) stops the box at x = 240 - 16 - 1/32"),
        ("trace 136 136 40 136 136 40 0 0 0 0 0 0",
         {"fraction": 1, "startsolid": 0, "allsolid": 0}, ["contents"], "a point (hull 0) is unchanged: open"),
    ]
    expect(tool, path, name, cases)


def bad_hull_check(tool, path, m, name, rng):
    lines = [l for l in random_lines(m, rng, 60, [0]) if " -1 -1 -1 1 1 1" not in l and " -2 -2 -2 2 2 2" not in l]
    q = "".join(l + "\n" for l in lines)
    got, _rc = tool_run(tool, ["query", path], q)
    ref = ref_query(path, q)
    want = '{"q":"trace","error":"bad_hull"}'
    for who, text in (("tool", got), ("reference", ref)):
        ans = text.splitlines()
        report(len(ans) == len(lines) and all(a == want for a in ans),
               "%s (%s): an invalid list is ignored: %d box traces answer bad_hull" % (name, who, len(lines)),
               next(("`%s`: %s" % (l, a) for l, a in zip(lines, ans) if a != want), "%d answers" % len(ans)))


def generated(tool, maps):
    d = os.path.join(maps, "brushlist")
    good = ["q1_brushlist", "bsp2_brushlist", "goldsrc_brushlist"]
    bad = ["q1_brushlist_bad_end", "q1_brushlist_bad_sum", "q1_brushlist_bad_model", "q1_brushlist_bad_ver",
           "q1_brushlist_bad_nan", "q1_brushlist_bad_dup", "q1_brushlist_bad_tail", "q1_brushlist_bad_short"]
    for name in good + bad:
        if not os.path.isfile(os.path.join(d, name + ".bsp")):
            report(False, "brushlist/%s.bsp was generated" % name)
            return
    for k, name in enumerate(good):
        path = os.path.join(d, name + ".bsp")
        m = R.load_map(path)
        bl = T.brush_list(m)
        report(bl is not None and sorted(bl.by_model) == [0, 1],
               "%s: the reference reads a valid list with blocks for models 0 and 1" % name)
        if bl is None:
            continue
        fam = m.family
        worked_out(tool, path, fam, name)
        rng = random.Random(4300 + k)
        compare_lines(tool, path, random_lines(m, rng, 600, [0, 1]), name)
        listing_check(tool, path, m, name)
    # a hull the model has: the hull trace as before, whatever the mask
    for k, base in enumerate(("q1", "bsp2", "goldsrc")):
        path = os.path.join(maps, base + ".bsp")
        if not os.path.isfile(path):
            report(False, "%s.bsp was generated" % base)
            continue
        m = R.load_map(path)
        lines = [l for l in random_lines(m, random.Random(4600 + k), 200, [0, 1]) if " mask " not in l]
        plain = "".join(l + "\n" for l in lines)
        masked = "".join((l.replace(" model ", " mask 0 model ") if " model " in l else l + " mask 0") + "\n"
                         for l in lines)
        a, _rc = tool_run(tool, ["query", path], plain)
        b, _rc = tool_run(tool, ["query", path], masked)
        ref = ref_query(path, masked)
        report(a == b == ref and len(a.splitlines()) == len(lines) and '"contents"' not in a,
               "%s.bsp (clipnodes): %d box traces answer the same with mask 0, no contents, as the reference"
               % (base, len(lines)), first_diff(a, b, plain) or first_diff(b, ref, masked))
    for k, name in enumerate(bad):
        path = os.path.join(d, name + ".bsp")
        m = R.load_map(path)
        report(T.brush_list(m) is None, "%s: the reference finds the list invalid" % name)
        bad_hull_check(tool, path, m, name, random.Random(4400 + k))
        got, rc = tool_run(tool, ["brushes", path])
        report(rc == 1 and '"error":"corrupt"' in got, "%s: brushes is corrupt (a list not kept whole)" % name,
               "exit %d: %s" % (rc, got[:120]))


def has_brushlist(path):
    import bspref_bspx
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] == b"IBSP":
        return False
    _off, ents = bspref_bspx.directory(data, "quake")
    return any(n == b"BRUSHLIST" for n, _o, _l in ents)


def real(tool, shared_maps):
    found = []
    for fam in ("quake", "bsp2", "goldsrc", "new"):
        top = os.path.join(shared_maps, fam)
        for root, _dirs, files in os.walk(top):
            for f in sorted(files):
                p = os.path.join(root, f)
                if f.endswith(".bsp") and has_brushlist(p):
                    try:
                        m = R.load_map(p)
                    except R.LoadError:
                        continue
                    if m.family in T.HULL_FAMILIES:
                        found.append((p, m))
    names = [os.path.relpath(p, shared_maps) for p, _m in found]
    report("quake/q1_cube.bsp" in names and "bsp2/example_q1_bspx.bsp" in names,
           "real maps with BRUSHLIST found: %s" % " ".join(names))
    for k, (p, m) in enumerate(found):
        name = os.path.relpath(p, shared_maps)
        bl = T.brush_list(m)
        report(bl is not None, "%s: the reference reads a valid list" % name)
        if bl is None:
            continue
        rng = random.Random(4500 + k)
        lines = random_lines(m, rng, 400, sorted(bl.by_model))
        got, _want = compare_lines(tool, p, lines, name)
        player = [i for i, l in enumerate(lines) if " model " not in l and
                  any(l.split()[7:13] == [str(v) for v in BOXES[m.family][h]] for h in (0, 1))]
        ans = got.splitlines()
        badh = [lines[i] for i in player if i < len(ans) and '"bad_hull"' in ans[i]]
        report(player and not badh and len(ans) == len(lines),
               "%s: no bad_hull for %d player-box traces on model 0" % (name, len(player)),
               badh[0] if badh else "%d answers" % len(ans))
        out = listing_check(tool, p, m, name)
        if name == "quake/q1_cube.bsp":
            # checked by hand: one brush, mins (32,-240,80) maxs (80,-144,112), contents -2
            js = [answer(l) for l in out.splitlines()]
            sides = [(s.get("normal"), s.get("dist")) for s in js[0].get("sides", [])] if js else []
            want = [([-1, 0, 0], -32), ([1, 0, 0], 80), ([0, -1, 0], 240), ([0, 1, 0], -144),
                    ([0, 0, -1], -80), ([0, 0, 1], 112)]
            report(len(js) == 1 and js[0].get("brush") == 0 and js[0].get("contents") == -2
                   and js[0].get("flags") == 1 and js[0].get("first_side") == 0 and sides == want
                   and js[0].get("texture_index") == -1,
                   "quake/q1_cube.bsp: one brush, (32,-240,80)-(80,-144,112), contents -2 (by hand)",
                   out[:300])


def main(argv):
    if len(argv) != 4 or argv[1] not in ("generated", "real"):
        sys.stderr.write(__doc__)
        return 64
    if argv[1] == "generated":
        generated(argv[2], argv[3])
    else:
        real(argv[2], argv[3])
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
