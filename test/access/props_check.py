#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`bspkit props MAP` against the reference (test/reference/bspref_props.py):
the same bytes and exit status; and, for a generated map, against what the
generator wrote (NAME.props next to it: test/gen/main.c).

    props_check.py BSPKIT MAP

Exit 0: equal; 1: a difference (printed); 3: the reference cannot read the
map (e.g. LZMA settings Python's lzma does not decode).
"""

import io
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "reference"))
import bspref  # noqa: E402
import bspref_props  # noqa: E402


def reference(path):
    """(exit status, output bytes) as bspref_props.py main gives them."""
    buf = io.BytesIO()

    class Out:
        buffer = buf
    saved = sys.stdout
    sys.stdout = Out
    try:
        rc = bspref_props.main(["bspref_props.py", path])
    finally:
        sys.stdout = saved
    return rc, buf.getvalue()


def generator_facts(path, out):
    """Differences between the tool's lines and NAME.props; [] if equal."""
    desc = path[:-4] + ".props"
    if not os.path.exists(desc):
        return []
    lines = open(desc).read().split("\n")
    head = lines[0].split()
    want = [ln.split(" ") for ln in lines[1:] if ln.startswith("prop ")]
    got = [ln for ln in out.decode("utf-8", "replace").split("\n") if ln]
    bad = []
    if len(got) != len(want):
        return ["%d props, the generator wrote %d (%s)" % (len(got), len(want), " ".join(head))]
    import json
    for g, w in zip(got, want):
        j = json.loads(g)
        # prop I MODEL NAME OX OY OZ P Y R SKIN SOLID FLAGS N LEAF...
        i, model, name = int(w[1]), int(w[2]), w[3]
        nums = w[4:]
        exp = {"prop": i, "model_index": model, "model": name,
               "origin": [bspref.f32(float(x)) for x in nums[0:3]],
               "angles": [bspref.f32(float(x)) for x in nums[3:6]],
               "skin": int(nums[6]), "solid": int(nums[7])}
        flags = int(nums[8])
        n = int(nums[9])
        exp["leaves"] = [int(x) for x in nums[10:10 + n]]
        for k, v in exp.items():
            gv = j.get(k)
            if isinstance(v, list) and k in ("origin", "angles"):
                gv = [bspref.f32(x) for x in gv]
            if gv != v:
                bad.append("prop %d %s: %r, the generator wrote %r" % (i, k, gv, v))
        fields = head[2]
        if "g" in fields and j.get("flags") != flags:
            bad.append("prop %d flags %r, the generator wrote %d" % (i, j.get("flags"), flags))
        if "G" in fields and j.get("flags") != (flags | 256):
            bad.append("prop %d flags %r, the generator wrote %d" % (i, j.get("flags"), flags | 256))
        if "S" in fields and "uniform_scale" not in j:
            bad.append("prop %d: no uniform_scale" % i)
        if "S" not in fields and "uniform_scale" in j:
            bad.append("prop %d: a uniform_scale the record does not have" % i)
    return bad


def main(argv):
    tool, path = argv[1], argv[2]
    try:
        rc, ref = reference(path)
    except Exception as e:   # e.g. lc + lp beyond what Python's lzma decodes
        print("SKIP %s: the reference cannot read it (%s)" % (path, type(e).__name__))
        return 3
    p = subprocess.run([tool, "props", path], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    bad = []
    if p.returncode != rc:
        bad.append("exit status %d, the reference's %d" % (p.returncode, rc))
    if p.stdout != ref:
        a, b = p.stdout.split(b"\n"), ref.split(b"\n")
        k = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
        bad.append("line %d differs:\n  tool %r\n  ref  %r" % (k + 1, a[k][:300] if k < len(a) else b"",
                                                             b[k][:300] if k < len(b) else b""))
    bad += generator_facts(path, p.stdout)
    for f in bad:
        print("FAIL " + f)
    n = ref.count(b"\n") if rc == 0 else 0
    print("%s: %d props equal to the reference%s" % (
        os.path.basename(path), n, " and the generator" if os.path.exists(path[:-4] + ".props") else "")
        if not bad else "%s: %d differences" % (os.path.basename(path), len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
