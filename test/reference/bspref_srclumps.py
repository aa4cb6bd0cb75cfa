#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Reference reader of Source cubemaps (lump 42) and world lights (lumps 15
and 54), written from ../shared/spec/source-bsp-vdc.txt (dcubemapsample_t,
the lump list), the Source SDK 2013's public/bspfile.h (dworldlight_t,
emittype_t) and utils/vbsp/cubemap.cpp (how vbsp names a cubemap's
texture), and the public reader ValveBSP (dworldlight_t version 1 with
shadow_cast_offset), without reading the C loader. Whether the pakfile
(lump 40) holds a texture: Python's zipfile lists it, names compared as
Valve's file system does (ASCII case and '/' against '\\' ignored); null
when zipfile cannot read it.

    bspref_srclumps.py cubemaps MAP [--map-name NAME]
    bspref_srclumps.py lights MAP [--hdr]

print one JSON line per record as `bspkit cubemaps` / `bspkit lights` do.

Cubemap: int32 origin[3], int32 size (16 bytes). Its texture:
materials/maps/<map>/c<x>_<y>_<z>.vtf (and .hdr.vtf), <map> the base name
(vbsp: Q_FileBase, 63 bytes at most, lower-cased). World light, by the
lump's version: 0 = 88 bytes (origin, intensity, normal: 3 floats each;
cluster, type, style: int32; stopdot, stopdot2, exponent, radius, constant,
linear, quadratic attenuation: float; flags, texinfo, owner: int32);
1 = 100 bytes, shadow_cast_offset (3 floats) after normal. Any other version
of a non-empty lump: bad_lump_version; a size that is not a whole number of
records: corrupt. Output on error: {"error":..} and exit status 1; a map of another family:
{"error":"unsupported"} and exit status 3 (docs/tool.md "No such data").
"""

import io
import os
import struct
import sys
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bspref  # noqa: E402

CUBEMAPS, LIGHTS, LIGHTS_HDR = 42, 15, 54

# (name, format, count) in file order; "" = the version lacks it
_HEAD = [("origin", "f", 3), ("intensity", "f", 3), ("normal", "f", 3)]
_TAIL = [("cluster", "i", 1), ("type", "I", 1), ("style", "i", 1), ("stopdot", "f", 1),
         ("stopdot2", "f", 1), ("exponent", "f", 1), ("radius", "f", 1),
         ("constant_attn", "f", 1), ("linear_attn", "f", 1), ("quadratic_attn", "f", 1),
         ("flags", "I", 1), ("texinfo", "i", 1), ("owner", "i", 1)]
LAYOUTS = {0: _HEAD + _TAIL, 1: _HEAD + [("shadow_cast_offset", "f", 3)] + _TAIL}


class RefError(Exception):
    pass


def _num(x):
    return bspref.fmt_g9(x) if x == x and abs(x) != float("inf") else "null"


def _jstr(s):
    out = ['"']
    for c in s:
        if c in '"\\':
            out.append("\\" + c)
        elif ord(c) < 0x20 or ord(c) == 0x7f:
            out.append("\\u%04x" % ord(c))
        else:
            out.append(c)
    return "".join(out) + '"'


def _lump(m, i):
    info = [x for x in m.lumps_info if x[0] == i]
    return (m.lump(i) or b""), (info[0][3] if info else 0)


def map_base_name(name):
    """vbsp's mapbase: the file's base name, 63 bytes at most, lower case.
    A trailing .bsp is dropped (the caller may pass the .bsp file's name)."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    if base.lower().endswith(".bsp"):
        base = base[:-4]
    base = base[:63]
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in base)


def _valve_fold(name):
    """Valve's pakfile lookup: ASCII case and the two slashes do not matter."""
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else "/" if c == "\\" else c for c in name)


def pak_names(m):
    """The folded names of the pakfile's entries (stdlib zipfile); an empty
    set without a pakfile, None when zipfile cannot read it."""
    b, _ver = _lump(m, 40)
    if not b:
        return set()
    try:
        with zipfile.ZipFile(io.BytesIO(b)) as z:
            return {_valve_fold(i.filename) for i in z.infolist()}
    except (zipfile.BadZipFile, ValueError, struct.error, OSError, UnicodeDecodeError):
        return None


def _held(names, path):
    return "null" if names is None else "true" if _valve_fold(path) in names else "false"


def cubemaps(m):
    b, _ver = _lump(m, CUBEMAPS)
    if len(b) % 16:
        raise RefError("corrupt")
    return [struct.unpack_from(m.E + "4i", b, k) for k in range(0, len(b), 16)]


def cubemap_texture(base, origin, hdr):
    return "materials/maps/%s/c%d_%d_%d%s" % (base, origin[0], origin[1], origin[2],
                                             ".hdr.vtf" if hdr else ".vtf")


def lights(m, hdr):
    b, ver = _lump(m, LIGHTS_HDR if hdr else LIGHTS)
    if not b:
        return ver, []
    if ver not in LAYOUTS:
        raise RefError("bad_lump_version")
    lay = LAYOUTS[ver]
    fmt = m.E + "".join("%d%s" % (n, f) for _k, f, n in lay)
    size = struct.calcsize(fmt)
    if len(b) % size:
        raise RefError("corrupt")
    out = []
    for at in range(0, len(b), size):
        vals = list(struct.unpack_from(fmt, b, at))
        rec = {}
        for key, _f, n in lay:
            rec[key] = vals[:n] if n > 1 else vals[0]
            vals = vals[n:]
        out.append(rec)
    return ver, out


def light_line(i, lump, ver, r):
    s = '{"light":%d,"lump":%d,"version":%d' % (i, lump, ver)
    for key in ("origin", "intensity", "normal", "shadow_cast_offset"):
        if key in r:
            s += ',"%s":[%s]' % (key, ",".join(_num(x) for x in r[key]))
    s += ',"cluster":%d,"type":%d,"style":%d' % (r["cluster"], r["type"], r["style"])
    for key in ("stopdot", "stopdot2", "exponent", "radius", "constant_attn", "linear_attn",
                "quadratic_attn"):
        s += ',"%s":%s' % (key, _num(r[key]))
    s += ',"flags":%d,"texinfo":%d,"owner":%d}' % (r["flags"], r["texinfo"], r["owner"])
    return s


def main(argv):
    if len(argv) < 3 or argv[1] not in ("cubemaps", "lights"):
        sys.stderr.write(__doc__)
        return 2
    cmd, path, rest = argv[1], argv[2], argv[3:]
    hdr = "--hdr" in rest
    name = rest[rest.index("--map-name") + 1] if "--map-name" in rest else path
    try:
        m = bspref.load_map(path)
    except bspref.LoadError as e:
        print('{"error":"%s"}' % e)
        return 1
    if m.family != "source":
        print('{"error":"unsupported"}')
        return 3
    try:
        if cmd == "cubemaps":
            base = map_base_name(name)
            recs = cubemaps(m)
            names = pak_names(m) if recs else set()
            for i, (x, y, z, size) in enumerate(recs):
                ldr = cubemap_texture(base, (x, y, z), False)
                hdr_ = cubemap_texture(base, (x, y, z), True)
                print('{"cubemap":%d,"origin":[%d,%d,%d],"size":%d,"texture":%s,"texture_hdr":%s,'
                      '"in_pak":%s,"in_pak_hdr":%s}'
                      % (i, x, y, z, size, _jstr(ldr), _jstr(hdr_), _held(names, ldr), _held(names, hdr_)))
        else:
            ver, recs = lights(m, hdr)
            for i, r in enumerate(recs):
                print(light_line(i, LIGHTS_HDR if hdr else LIGHTS, ver, r))
    except RefError as e:
        print('{"error":"%s"}' % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
