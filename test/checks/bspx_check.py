#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bspx_check.py - docs/queries.md section 10 on the generator's bspx/ maps
and the real ones (suite part 37). One PASS/FAIL/SKIP line per check.

    python3 test/checks/bspx_check.py generated BSPKIT MAPS     (MAPS: bspgen's OUTDIR)
    python3 test/checks/bspx_check.py real BSPKIT SHARED_MAPS

generated: every variant's answers to its base map's queries against the
base's expected answers changed as the generator's description says
(colour(g) = (g, 255 - g, g / 2); e5(g) = mantissas g, g / 2, 2g at
exponent 17; hostile files answer as the base), every variant against the
independent reference (test/reference/bspref_bspx.py) on the base's
queries, the reference's points and every face's centre, with and without
--hdr; info's "bspx" and "light"; a .lit that fails a check gives one line
on standard error; the same answers through --forward and --resumable.
real: example_q1_bspx.bsp (every face's luxel, light points) and
pd_counter.bsp with and without its .lit against the reference; the
.lit's largest channel equals the grey byte on every luxel.
"""

import json
import os
import struct
import subprocess
import sys

REF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reference")
sys.path.insert(0, REF)
import bspref as R   # noqa: E402
import bspref_bspx as X   # noqa: E402

failed = 0


def report(ok, what, detail=""):
    global failed
    if ok:
        print("PASS " + what)
    else:
        failed += 1
        print("FAIL " + what + (": " + detail if detail else ""))


def run(cmd, stdin=b""):
    r = subprocess.run(cmd, input=stdin, capture_output=True)
    return r.stdout, r.stderr


def colour(g):
    return bytes([g, 255 - g, g // 2]), [R.fdiv(float(c), 255.0) for c in (g, 255 - g, g // 2)]


def e5(g):
    w = g | (g // 2) << 9 | (2 * g) << 18 | 17 << 27
    return struct.pack("<I", w), [R.fdiv(float(c), 255.0) for c in (g, g // 2, 2 * g)]


def transform(expected, how):
    """The base's expected lines with each sample changed by `how`."""
    out = []
    for line in expected.decode().splitlines():
        if how is None or '"raw"' not in line:
            out.append(line)
            continue
        j = json.loads(line)
        g = int(j["raw"][:2], 16)
        raw, rgb = how(g)
        out.append('{"q":"%s","face":%d,"s":%d,"t":%d,"raw":"%s","rgb":[%s]%s}' % (
            j["q"], j["face"], j["s"], j["t"], raw.hex(), ",".join(R.fmt_g9(c) for c in rgb),
            ',"hdr":true' if how is e5 else ""))
    return "".join(s + "\n" for s in out).encode()


# variant: (base, [(flags, transform)]) -- from the generator's description
DERIVED = {
    "q1_rgb": ("q1", [([], colour), (["--hdr"], colour)]),
    "q1_rgb_header": ("q1", [([], colour)]),
    "q1_lit": ("q1", [([], colour), (["--no-lit"], None)]),
    "q1_lit_hdr": ("q1", [([], None), (["--hdr"], e5)]),
    "q1_e5": ("q1", [([], colour), (["--hdr"], e5)]),
    "q1_decoupled": ("q1", [([], colour)]),
    "q1_decoupled_only": ("q1", [([], colour)]),
    "q1_bspx_count": ("q1", [([], None)]),
    "q1_bspx_entries": ("q1", [([], colour)]),
    "q1_bspx_lengths": ("q1", [([], None)]),
    "q1_lit_size": ("q1", [([], None)]),
    "q1_lit_magic": ("q1", [([], None)]),
    "q1_lit_version": ("q1", [([], None)]),
    "bsp2_rgb": ("bsp2", [([], colour)]),
    "goldsrc_e5": ("goldsrc", [([], None), (["--hdr"], e5)]),
    "q2_e5": ("q2", [([], None), (["--hdr"], e5)]),
    "q2_decoupled": ("q2", [([], None)]),
}
LIT_WHY = {"q1_lit_size": "size", "q1_lit_magic": "QLIT", "q1_lit_version": "version"}


def face_centres(path):
    m = R.load_map(path)
    qs = []
    for f in range(m.num_faces):
        pts = m.face_vertices(m.face(f))
        if not pts:
            continue
        c = [R.f32(sum(p[k] for p in pts) / len(pts)) for k in range(3)]
        qs.append("luxel %d %s %s %s" % (f, R.fmt_g9(c[0]), R.fmt_g9(c[1]), R.fmt_g9(c[2])))
    return ("\n".join(qs) + "\n").encode()


def against_reference(tool, path, queries, flags, label):
    ref_flags = [a for a in flags if a != "--forward" and a != "--resumable"]
    got, _ = run([tool, "query"] + flags + [path], queries)
    want, err = run([sys.executable, os.path.join(REF, "bspref_bspx.py"), "query"]
                    + ref_flags + [path], queries)
    n = queries.count(b"\n")
    lines_g, lines_w = got.splitlines(), want.splitlines()
    bad = [k for k in range(min(len(lines_g), len(lines_w))) if lines_g[k] != lines_w[k]]
    detail = "" if not bad else "line %d: %s / reference %s" % (bad[0] + 1, lines_g[bad[0]][:120],
                                                               lines_w[bad[0]][:120])
    report(got == want and n > 0, "%s %s: %d queries answer as the reference" % (label, " ".join(flags), n),
           detail or err.decode()[:200])
    return got


def generated(tool, maps):
    d = os.path.join(maps, "bspx")
    if not os.path.isdir(d):
        print("SKIP section 10 maps: %s is absent" % d)
        return
    for name in sorted(DERIVED):
        base, cases = DERIVED[name]
        path = os.path.join(d, name + ".bsp")
        queries = open(os.path.join(maps, base + ".queries"), "rb").read()
        expected = open(os.path.join(maps, base + ".expected"), "rb").read()
        for flags, how in cases:
            got, err = run([tool, "query"] + flags + [path], queries)
            want = transform(expected, how)
            bad = [a for a, b in zip(got.splitlines(), want.splitlines()) if a != b]
            report(got == want, "bspx/%s %s: the base's answers as the description changes them"
                   % (name, " ".join(flags)), bad[0][:160].decode() if bad else "")
            if name in LIT_WHY:
                # (the base's queries hold malformed lines on purpose: the
                # tool's notes on those are about the query file, not the map)
                lines = [l for l in err.decode().splitlines()
                         if not l.startswith("bspkit query: line ")]
                report(len(lines) == 1 and LIT_WHY[name] in lines[0],
                       "bspx/%s: one line on standard error names the .lit's failed check" % name,
                       repr(lines))
    for name in sorted(os.listdir(d)):
        if not name.endswith(".bsp"):
            continue
        path = os.path.join(d, name)
        base = DERIVED.get(name[:-4], ("q1", []))[0]
        pts, _ = run([sys.executable, os.path.join(REF, "bspref.py"), "points", path])
        queries = open(os.path.join(maps, base + ".queries"), "rb").read() + pts + face_centres(path)
        for flags in ([], ["--hdr"]):
            against_reference(tool, path, queries, flags, "bspx/" + name)
        info, _ = run([tool, "info", path])
        j = json.loads(info)
        ref = json.loads(run([sys.executable, os.path.join(REF, "bspref_bspx.py"),
                              "info", path])[0])
        report({k: j.get(k) for k in ("bspx", "light")} == {k: ref.get(k) for k in ("bspx", "light")},
               "bspx/%s: info's bspx and light are the reference's" % name,
               "%s / %s" % ({k: j.get(k) for k in ("bspx", "light")}, ref))
    # the .lit and the BSPX directory through the other loaders
    for name in ("q1_lit.bsp", "q1_rgb.bsp", "q1_lmshift.bsp", "q1_rgb_header.bsp"):
        path = os.path.join(d, name)
        queries = face_centres(path)
        plain, _ = run([tool, "query", path], queries)
        for how in (["--forward"], ["--resumable"], ["--resumable", "--forward", "--chunk", "100"]):
            got, _ = run([tool, "query"] + how + [path], queries)
            report(got == plain, "bspx/%s %s: the same answers as a seekable load" % (name, " ".join(how)))


def real(tool, maps):
    ex = os.path.join(maps, "bsp2", "example_q1_bspx.bsp")
    pd = os.path.join(maps, "quake", "pd_counter.bsp")
    if not (os.path.isfile(ex) and os.path.isfile(pd)):
        print("SKIP section 10 real maps: absent from %s" % maps)
        return
    for path, flag_sets in ((ex, ([], ["--hdr"])), (pd, ([], ["--no-lit"], ["--hdr"]))):
        pts, _ = run([sys.executable, os.path.join(REF, "bspref.py"), "points", path])
        queries = face_centres(path) + pts
        for flags in flag_sets:
            against_reference(tool, path, queries, flags, os.path.basename(path))
    info = json.loads(run([tool, "info", ex])[0])
    report(info.get("light") == "rgblighting" and
           [e["name"] for e in info["bspx"]["lumps"]] ==
           ["FACENORMALS", "LIGHTGRID_OCTREE", "DECOUPLED_LM", "RGBLIGHTING", "BRUSHLIST"],
           "example_q1_bspx.bsp: info lists its 5 BSPX lumps and light from RGBLIGHTING")
    lit_out, _ = run([tool, "query", pd], face_centres(pd))
    grey_out, _ = run([tool, "query", "--no-lit", pd], face_centres(pd))
    pairs = [(json.loads(a), json.loads(b)) for a, b in zip(lit_out.splitlines(), grey_out.splitlines())]
    lit_n = sum(1 for a, b in pairs if "raw" in a)
    agree = all(("raw" in a) == ("raw" in b) and
                ("raw" not in a or max(bytes.fromhex(a["raw"])) == bytes.fromhex(b["raw"])[0])
                for a, b in pairs)
    report(agree and lit_n > 0, "pd_counter.bsp: with its .lit, each face's luxel's largest channel is "
           "the grey byte without it (%d luxels)" % lit_n)
    data = open(pd, "rb").read()
    ofs, ln = struct.unpack_from("<ii", data, 4 + 8 * 8)
    grey = data[ofs:ofs + ln]
    lit = open(pd[:-4] + ".lit", "rb").read()[8:]
    bad = [i for i in range(len(grey)) if max(lit[3 * i:3 * i + 3]) != grey[i]]
    report(len(lit) == 3 * len(grey) and not bad,
           "pd_counter.lit: the largest channel equals the grey byte on every one of %d luxels" % len(grey),
           "%d differ" % len(bad))


def main(argv):
    if len(argv) != 4 or argv[1] not in ("generated", "real"):
        sys.stderr.write(__doc__)
        return 2
    (generated if argv[1] == "generated" else real)(argv[2], argv[3])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
