# SPDX-License-Identifier: MIT
"""What an engine draws, for bspref.py: sections 11.1 and 11.8 of the
contract (QUERIES.md), written from its text alone.

    disp_leaves(m, leaf)   11.1: the displacements of a world leaf
    visible_faces(m, c)    11.8: the faces drawn from cluster c
    run_query_line(m, toks)  the `displeaves L` and `visible C` lines (11.10)

A displacement's grid is 8.14's (bspref_disp.build); the box [lo - 1,
hi + 1] goes down the world by 8.12a's walk (bspref_trace.box_leaves).
"""

import os
import sys

if "bspref" not in sys.modules:
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bspref as R  # noqa: E402

QueryError = R.QueryError


def _disp_stride(m):
    return m.dispinfo_stride


def _check_disps(m):
    """11.1's unsupported: another family, a lump 26 of another layout."""
    if m.family != "source":
        raise QueryError("unsupported")
    import bspref_trace as T
    info = m.lump(26)
    if T._lump_version(m, 26) != 0 or len(info) % _disp_stride(m):
        raise QueryError("unsupported")


def disp_memberships(m):
    """[(disp, base face, set of leaves its box reaches)] in disp order."""
    got = getattr(m, "_disp_members", None)
    if got is not None:
        return got
    import bspref_disp as D
    import bspref_trace as T
    disps = D.build(m)     # corrupt: power, runs, no 4-edged base face
    base = {}
    for f in range(m.num_faces):
        fc = m.face(f)
        if fc.dispinfo >= len(disps):
            raise R.corrupt()      # (11.11: an index out of range)
        if fc.dispinfo >= 0 and fc.numedges == 4 and fc.dispinfo not in base:
            base[fc.dispinfo] = f
    out = []
    for i, d in enumerate(disps):
        lo = tuple(R.fsub(v, 1.0) for v in d.lo)
        hi = tuple(R.fadd(v, 1.0) for v in d.hi)
        leaves, _top = T.box_leaves(m, lo, hi, 0)
        out.append((i, base[i], set(leaves)))
    m._disp_members = out
    return out


def disp_leaves(m, leaf):
    _check_disps(m)
    if leaf < 0 or leaf >= len(m.leaves):
        raise QueryError("bad_leaf")
    return [i for i, _f, leaves in disp_memberships(m) if leaf in leaves]


def visible_faces(m, cluster):
    row = m.vis_row(cluster, False)     # bad_cluster, corrupt (section 3)

    def sees(leaf):
        c = m.leaf_cluster(leaf)
        return c != -1 and 0 <= c < m.num_clusters and row[c >> 3] >> (c & 7) & 1

    faces = set()
    for leaf, (first, num) in enumerate(m.leafface_runs):
        if num <= 0 or not sees(leaf):
            continue
        for k in range(first, first + num):
            if k >= len(m.leafface_list):
                raise R.corrupt()
            f = m.leafface_list[k]
            if f < 0 or f >= m.num_faces:
                raise R.corrupt()
            faces.add(f)
    if m.family == "source" and m.lump(26):
        _check_disps(m)
        for _i, f, leaves in disp_memberships(m):
            if any(sees(leaf) for leaf in leaves):
                faces.add(f)
    return sorted(faces)


def run_query_line(m, toks):
    cmd = toks[0]
    q = cmd.decode()
    if len(toks) != 2:
        return R._err(cmd, "bad_query")
    n = R.parse_int32(toks[1])
    if n is None:
        return R._err(cmd, "bad_query")
    try:
        if cmd == b"visible":
            got = visible_faces(m, n)
            return '{"q":"visible","cluster":%d,"faces":[%s]}' % (n, ",".join(map(str, got)))
        got = disp_leaves(m, n)
        return '{"q":"displeaves","leaf":%d,"disps":[%s]}' % (n, ",".join(map(str, got)))
    except QueryError as e:
        return R._err(cmd, e.name)
