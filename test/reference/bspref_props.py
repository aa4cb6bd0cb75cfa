#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Reference reader of Source static props (the 'sprp' game sub-lump),
written from ../shared/spec/source-bsp-vdc.txt (static props), Source SDK
2013's public/gamebspfile.h (the TF2 record) and the public readers bspsrc
and bsp_tool (the records they agree on), without reading the C loader.

    bspref_props.py MAP     one JSON line per prop, as `bspkit props` prints

The sub-lump: int32 model count, 128-byte names; int32 leaf count, uint16
leaves (uint32 from version 12); int32 prop count, the props. A record's
layout is chosen by the version and by its size, (bytes after the count) /
props; a version outside 4..12, or one with props but no layout, is
bad_lump_version, a size that fits no layout of a known version corrupt. Output on error: {"error":..}
and exit status 1; a map of another family: {"error":"unsupported"} and exit
status 3 (docs/tool.md "No such data"); a Source map without 'sprp' prints
nothing.
"""

import math
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bspref  # noqa: E402

SPRP = b"sprp"

# name, struct format (no byte order), element count
_COMMON = [("origin", "3f"), ("angles", "3f"), ("model", "H"), ("first_leaf", "H"),
           ("leaf_count", "H"), ("solid", "B")]
_MIDDLE = [("skin", "i"), ("fade", "2f"), ("lighting_origin", "3f")]
V4 = _COMMON + [("flags", "B")] + _MIDDLE
V5 = V4 + [("forced_fade_scale", "f")]
V6 = V5 + [("dx_level", "2H")]
V8 = V5 + [("cpu_gpu_level", "4B"), ("diffuse", "4B")]
V9 = V8 + [("disable_x360", "B"), ("", "3x")]
V10 = V9 + [("flags_ex", "I")]
TF2 = (_COMMON + [("", "x")] + _MIDDLE +
       [("forced_fade_scale", "f"), ("dx_level", "2H"), ("flags", "I"), ("lightmap_res", "2H")])

# (version, games, layout); games: "valve" (and Dark Messiah, built on it), "vindictus"
LAYOUTS = [
    (4, ("valve", "dark_messiah", "vindictus"), V4),
    (5, ("valve", "dark_messiah", "vindictus"), V5),
    (6, ("valve", "dark_messiah"), V6),
    (6, ("dark_messiah",), V6 + [("", "72x")]),
    (7, ("valve", "dark_messiah"), V6 + [("diffuse", "4B")]),
    (7, ("valve", "dark_messiah"), TF2),
    (8, ("valve", "dark_messiah"), V8),
    (9, ("valve", "dark_messiah"), V9),
    (10, ("valve", "dark_messiah"), TF2),
    (10, ("valve", "dark_messiah"), V10),
    (11, ("valve", "dark_messiah"), V8 + [("flags_ex", "I"), ("uniform_scale", "f")]),
    (11, ("valve", "dark_messiah"), V10 + [("uniform_scale", "f")]),
]

# the order `bspkit props` prints the optional fields in
OPTIONAL = ["flags", "forced_fade_scale", "dx_level", "cpu_gpu_level", "diffuse", "disable_x360",
            "flags_ex", "uniform_scale", "lightmap_res"]
FLOATS = {"origin", "angles", "fade", "lighting_origin", "forced_fade_scale", "uniform_scale"}


class PropsError(Exception):
    pass


def _fmt(layout):
    return "".join(f for _n, f in layout)


def _sub_lumps(m, data):
    """(id, flags, version, bytes unpacked) of each game sub-lump."""
    gl = m.lump(35)
    if not gl:
        return []
    E = m.E
    info = [x for x in m.lumps_info if x[0] == 35][0]
    gl_ofs, gl_len = info[1], len(gl)
    if m.variant == "dark_messiah":
        entry, fields = 20, lambda o: struct.unpack_from(E + "4xIHHii", gl, o)
    elif getattr(m, "vindictus", False):
        entry, fields = 20, lambda o: struct.unpack_from(E + "IIIii", gl, o)
    else:
        entry, fields = 16, lambda o: struct.unpack_from(E + "IHHii", gl, o)
    n = struct.unpack_from(E + "i", gl, 0)[0]
    if n < 0 or 4 + entry * n > gl_len:
        raise PropsError("corrupt")
    ents = [fields(4 + entry * k) for k in range(n)]
    if ents and ents[-1][0] == 0 and ents[-1][4] == 0:
        real = ents[:-1]          # the console's closing entry
    else:
        real = ents
    # offsets count from the file (PC) or from the game lump (consoles):
    # the reading that puts every sub-lump inside the game lump
    def inside(base):
        return all(0 <= o - base <= gl_len for _i, _f, _v, o, _l in ents)
    base = gl_ofs if inside(gl_ofs) else 0
    out = []
    for k, (gid, flags, ver, ofs, ln) in enumerate(real):
        start = ofs - base
        end = (ents[k + 1][3] - base) if k + 1 < len(ents) else gl_len
        blob = gl[start:end]
        if flags & 1 and blob[:4] == b"LZMA":
            try:
                body = bspref._lzma_decode(blob)
            except bspref.LoadError:
                raise PropsError("lzma_corrupt")
        else:
            if start < 0 or ln < 0 or start + ln > gl_len:
                raise PropsError("corrupt")
            body = gl[start:start + ln]
        out.append((struct.pack(">I", gid), flags, ver, body))
    return out


def read_props(m):
    """[(model name bytes, {field: value})] of the map's props; PropsError
    with the status name when the sub-lump cannot be read."""
    subs = [s for s in _sub_lumps(m, None) if s[0] == SPRP]
    if not subs:
        return []
    _id, _flags, ver, b = subs[0]
    if ver < 4 or ver > 12:
        raise PropsError("bad_lump_version")   # where even the counts lie is unknown
    E = m.E
    game = m.variant if m.variant in ("dark_messiah", "vindictus") else "valve"
    at = 0

    def count():
        nonlocal at
        if at + 4 > len(b):
            raise PropsError("corrupt")
        v = struct.unpack_from(E + "i", b, at)[0]
        at += 4
        if v < 0:
            raise PropsError("corrupt")
        return v

    nm = count()
    if at + 128 * nm > len(b):
        raise PropsError("corrupt")
    names = [b[at + 128 * k:at + 128 * k + 128].split(b"\0")[0] for k in range(nm)]
    at += 128 * nm
    nl = count()
    lw = 4 if ver >= 12 else 2
    if at + lw * nl > len(b):
        raise PropsError("corrupt")
    leaves = list(struct.unpack_from(E + ("I" if lw == 4 else "H") * nl, b, at))
    at += lw * nl
    np_ = count()
    left = len(b) - at
    if np_ == 0:
        if left:
            raise PropsError("corrupt")
        return []
    cands = [lay for v, games, lay in LAYOUTS if v == ver and game in games]
    if not cands:
        raise PropsError("bad_lump_version")
    if left % np_:
        raise PropsError("corrupt")
    lay = [x for x in cands if struct.calcsize("<" + _fmt(x)) == left // np_]
    if not lay:
        raise PropsError("corrupt")
    lay = lay[0]
    size = struct.calcsize("<" + _fmt(lay))
    props = []
    for i in range(np_):
        vals = struct.unpack_from(E + _fmt(lay), b, at + i * size)
        rec, k = {}, 0
        for name, f in lay:
            n = int(f[:-1]) if f[:-1] else 1
            if f.endswith("x"):
                continue
            rec[name] = list(vals[k:k + n]) if n > 1 else vals[k]
            k += n
        if rec["model"] >= nm or rec["first_leaf"] + rec["leaf_count"] > nl:
            props.append((None, {"error": "corrupt"}))
            continue
        rec["leaves"] = leaves[rec["first_leaf"]:rec["first_leaf"] + rec["leaf_count"]]
        props.append((names[rec["model"]], rec))
    return props


def _jbytes(s):
    out = bytearray(b'"')
    for c in s:
        if c in (0x22, 0x5c):
            out += b"\\" + bytes([c])
        elif c < 0x20 or c == 0x7f:
            out += b"\\u%04x" % c
        else:
            out.append(c)
    return bytes(out + b'"')


def _num(x):
    return "null" if isinstance(x, float) and not math.isfinite(x) else bspref.fmt_g9(x)


def _val(name, v):
    if isinstance(v, list):
        return "[" + ",".join(_num(x) if name in FLOATS else "%d" % x for x in v) + "]"
    return _num(v) if name in FLOATS else "%d" % v


def prop_line(i, name, rec):
    if name is None:
        return b'{"prop":%d,"error":"%s"}\n' % (i, rec["error"].encode())
    s = b'{"prop":%d,"model":' % i + _jbytes(name)
    body = []
    for key in ("origin", "angles", "skin", "solid"):
        body.append('"%s":%s' % (key, _val(key, rec[key])))
    body.append('"model_index":%d' % rec["model"])
    body.append('"leaves":[%s]' % ",".join("%d" % x for x in rec["leaves"]))
    body.append('"first_leaf":%d' % rec["first_leaf"])
    for key in ("fade", "lighting_origin"):
        body.append('"%s":%s' % (key, _val(key, rec[key])))
    for key in OPTIONAL:
        if key in rec:
            body.append('"%s":%s' % (key, _val(key, rec[key])))
    return s + ("," + ",".join(body) + "}\n").encode()


def main(argv):
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    out = sys.stdout.buffer
    try:
        m = bspref.load_map(argv[1])
    except bspref.LoadError as e:
        out.write(b'{"error":"%s"}\n' % str(e).encode())
        return 1
    if m.family != "source":
        out.write(b'{"error":"unsupported"}\n')
        return 3
    try:
        props = read_props(m)
    except PropsError as e:
        out.write(b'{"error":"%s"}\n' % str(e).encode())
        return 1
    for i, (name, rec) in enumerate(props):
        out.write(prop_line(i, name, rec))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
