# SPDX-License-Identifier: MIT
"""Section 10 of the contract for bspref.py: the BSPX directory (10.1),
where a quake-family map's light comes from (10.2: a .lit, RGBLIGHTING,
the vanilla lump, LIGHTING_E5BGR9), which rule places a face's luxels
(10.3: DECOUPLED_LM; LMSHIFT, LMOFFSET, LMSTYLE, LMSTYLE16), `luxel` and
`light` through them (10.4) and the command line's view of them (10.6).
Written from docs/queries.md section 10; float32 arithmetic through
bspref's helpers.

    python3 bspref_bspx.py query [--lit FILE | --no-lit] [--hdr] MAP < queries
    python3 bspref_bspx.py info [--lit FILE | --no-lit] [--hdr] MAP
        (info: only the "bspx" and "light" keys of `bspkit info`)
"""

import math
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bspref as R   # noqa: E402  (bspref's own when it imports this)

QUAKE_FAMILY = ("quake", "bsp2", "goldsrc", "quake2")


class NoLightmap(Exception):
    pass


def directory(data, family):
    """10.1: (offset, [(name, fileofs, filelen), ...] valid entries in
    directory order); offset None when neither place holds a header."""
    size = len(data)
    nl, at = (19, 8) if family == "quake2" else (15, 4)
    header = at + 8 * nl
    ents = [struct.unpack_from("<II", data, at + 8 * i) for i in range(nl)]
    x = (max(o + n for o, n in ents) + 3) & ~3
    places = [x]
    if header != x and not any(n > 0 and o == header for o, n in ents):
        places.append(header)
    for pos in places:
        if pos + 8 > size or data[pos:pos + 4] != b"BSPX":
            continue
        count = struct.unpack_from("<I", data, pos + 4)[0]
        if 32 * count > size - pos - 8:
            continue
        out = []
        for k in range(count):
            raw, ofs, ln = struct.unpack_from("<24sII", data, pos + 8 + 32 * k)
            name = raw.split(b"\0", 1)[0]
            if ln == 0 or ofs + ln > size:
                continue
            out.append((name, ofs, ln))
        return pos, out
    return None, []


class Light:
    """A map's light (10.2) and placement (10.3)."""

    def __init__(self, m, data, lit, hdr):
        self.m = m
        self.offset, self.entries = directory(data, m.family)
        self.lit_given = lit is not None
        self.lumps = {}
        for name, ofs, ln in self.entries:
            self.lumps.setdefault(name, data[ofs:ofs + ln])   # the first wins
        grey = m.family in ("quake", "bsp2")
        self.own = 1 if grey else 3
        n = len(m.lighting)
        rgb = self.lumps.get(b"RGBLIGHTING")
        e5 = self.lumps.get(b"LIGHTING_E5BGR9")
        litver = None
        if grey and lit is not None and len(lit) >= 8 and lit[:4] == b"QLIT":
            litver = struct.unpack_from("<I", lit, 4)[0]
        ldr, hdrs = [], []
        if grey:
            if litver == 1 and n > 0 and len(lit) == 8 + 3 * n:
                ldr.append(("lit", lit[8:], 3))
            if rgb is not None and ((n > 0 and len(rgb) == 3 * n) or (n == 0 and len(rgb) >= 3)):
                ldr.append(("rgblighting", rgb, 3))
            if n > 0:
                ldr.append(("lighting", m.lighting, 1))
            if litver == 0x00010001 and n > 0 and len(lit) == 8 + 4 * n:
                hdrs.append(("lit_e5bgr9", lit[8:], 4))
            if e5 is not None and ((n > 0 and len(e5) == 4 * n) or (n == 0 and len(e5) >= 4)):
                hdrs.append(("lighting_e5bgr9", e5, 4))
        else:
            if n > 0:
                ldr.append(("lighting", m.lighting, 3))
            if e5 is not None and ((n > 0 and 3 * len(e5) == 4 * n) or (n == 0 and len(e5) >= 4)):
                hdrs.append(("lighting_e5bgr9", e5, 4))
        order = hdrs + ldr if hdr else ldr + hdrs
        self.source, self.D, self.P = order[0] if order else ("none", b"", 0)
        self.hdr = self.source in ("lit_e5bgr9", "lighting_e5bgr9")
        # 10.3
        nf = m.num_faces
        self.decoupled = self.shift = self.lmoffset = self.styles = None
        self.wide = False
        self.k = 4
        if nf == 0:
            return
        dec = self.lumps.get(b"DECOUPLED_LM")
        if dec is not None and len(dec) == 40 * nf:
            self.decoupled = dec
        sh = self.lumps.get(b"LMSHIFT")
        if sh is not None and len(sh) != nf:
            return   # a wrong LMSHIFT: LMOFFSET, LMSTYLE, LMSTYLE16 ignored too
        self.shift = sh
        off = self.lumps.get(b"LMOFFSET")
        if off is not None and len(off) == 4 * nf:
            self.lmoffset = off
        s16 = self.lumps.get(b"LMSTYLE16")
        s8 = self.lumps.get(b"LMSTYLE")
        if s16 is not None and len(s16) > 0 and len(s16) % (2 * nf) == 0:
            self.styles, self.wide, self.k = s16, True, len(s16) // (2 * nf)
        elif s8 is not None and len(s8) > 0 and len(s8) % nf == 0:
            self.styles, self.k = s8, len(s8) // nf

    def style(self, f, fc, slot):
        """The style of slot `slot`, None when none."""
        if self.styles is None:
            if slot >= 4:
                return None
            s = fc.styles[slot]
            return None if s == 255 else s
        if slot >= self.k:
            return None
        if self.wide:
            s = struct.unpack_from("<H", self.styles, 2 * (f * self.k + slot))[0]
            return None if s == 0xFFFF else s
        s = self.styles[f * self.k + slot]
        return None if s == 255 else s

    def start_byte(self, offset):
        """10.2 Offsets: the byte in D where a block at `offset` starts."""
        if self.own == 1:
            return self.P * offset
        if self.P == 3:
            return offset
        if offset % 3:
            raise NoLightmap()
        return 4 * (offset // 3)

    def rule(self, f, slot):
        """Has-a-lightmap (10.3) and the face's placement: a dict."""
        m = self.m
        fc = m.face(f)
        if self.style(f, fc, slot) is None or not self.D:
            raise NoLightmap()
        if self.decoupled is not None:
            w, h, off = struct.unpack_from("<HHi", self.decoupled, 40 * f)
            vecs = struct.unpack_from("<8f", self.decoupled, 40 * f + 8)
            if off < 0 or w == 0 or h == 0:
                raise NoLightmap()
            W, H = w, h
            rule = {"kind": "decoupled", "vecs": (vecs[0:4], vecs[4:8])}
        else:
            off = fc.lightofs
            if self.lmoffset is not None:
                off = struct.unpack_from("<i", self.lmoffset, 4 * f)[0]
            if off < 0:
                raise NoLightmap()
            L = 16
            if self.shift is not None:
                if self.shift[f] > 15:
                    raise NoLightmap()
                L = 1 << self.shift[f]
            vecs = m.texinfo(fc.texinfo)["vecs"]
            pts = m.face_vertices(fc)
            if not pts:
                raise R.corrupt()
            tmins, exts, size = [], [], []
            for ax in range(2):
                a = vecs[ax]
                vals = [R.f32(((v[0] * a[0] + v[1] * a[1]) + v[2] * a[2]) + a[3]) for v in pts]
                lo = math.floor(min(vals) / L)
                hi = math.ceil(max(vals) / L)
                tmins.append(L * lo)
                exts.append(L * (hi - lo))
                size.append(hi - lo + 1)
            W, H = size
            rule = {"kind": "extents", "vecs": vecs, "L": L, "tmins": tmins, "exts": exts}
        if W < 1 or H < 1:
            raise NoLightmap()
        block = self.P * W * H
        start = self.start_byte(off) + slot * block
        if start + block > len(self.D):
            raise NoLightmap()
        rule.update({"W": W, "H": H, "block": start})
        return rule

    def st(self, rule, p):
        v = rule["vecs"]
        if rule["kind"] == "decoupled":
            return [R.fadd(R.fadd(R.fadd(R.fmul(p[0], v[ax][0]), R.fmul(p[1], v[ax][1])),
                                  R.fmul(p[2], v[ax][2])), v[ax][3]) for ax in range(2)]
        return [R.fadd(R.fdot(p, v[ax]), v[ax][3]) for ax in range(2)]

    def sample(self, rule, s, t):
        W, H = rule["W"], rule["H"]
        if rule["kind"] == "decoupled":
            u, v = s, t
        else:
            L = float(rule["L"])
            u = R.fdiv(R.fsub(s, R.f32(rule["tmins"][0])), L)
            v = R.fdiv(R.fsub(t, R.f32(rule["tmins"][1])), L)
        i = R.clampi(R.ffloor(R.fadd(u, 0.5)), 0, W - 1)
        j = R.clampi(R.ffloor(R.fadd(v, 0.5)), 0, H - 1)
        at = rule["block"] + self.P * (j * W + i)
        raw = bytes(self.D[at:at + self.P])
        if self.hdr:
            w = struct.unpack("<I", raw)[0]
            e = w >> 27
            rgb = [R.fdiv(R.f32(math.ldexp((w >> (9 * k)) & 511, e - 17)), 255.0) for k in range(3)]
        elif self.P == 1:
            g = R.fdiv(float(raw[0]), 255.0)
            rgb = [g, g, g]
        else:
            rgb = [R.fdiv(float(c), 255.0) for c in raw]
        return i, j, raw, rgb

    def luxel(self, f, p, slot=0):
        if f < 0 or f >= self.m.num_faces:
            raise R.QueryError("bad_face")
        try:
            rule = self.rule(f, slot)
        except NoLightmap:
            raise R.QueryError("no_lightmap")
        s, t = self.st(rule, p)
        return self.sample(rule, s, t)

    def try_face(self, f, mid):
        """10.4: the face's sample at mid when it is lit for slot 0 and
        covers mid, else None."""
        if f >= self.m.num_faces:
            raise R.corrupt()
        try:
            rule = self.rule(f, 0)
        except NoLightmap:
            return None
        s, t = self.st(rule, mid)
        if rule["kind"] == "decoupled":
            if not (0 <= s <= rule["W"] - 1 and 0 <= t <= rule["H"] - 1):
                return None
        else:
            tm, ex = rule["tmins"], rule["exts"]
            if not (tm[0] <= s <= tm[0] + ex[0] and tm[1] <= t <= tm[1] + ex[1]):
                return None
        i, j, raw, rgb = self.sample(rule, s, t)
        return (f, i, j, raw, rgb)

    def info(self):
        parts = []
        if self.offset is not None:
            lumps = ",".join('{"name":%s,"offset":%d,"length":%d}' % (R._jstr(n), o, ln)
                             for n, o, ln in self.entries)
            parts.append('"bspx":{"offset":%d,"lumps":[%s]}' % (self.offset, lumps))
        if self.offset is not None or self.lit_given:
            parts.append('"light":"%s"' % self.source)
        return "{" + ",".join(parts) + "}"


def lit_beside(path):
    stem, ext = os.path.splitext(path)
    cand = (stem if ext else path) + ".lit"
    return cand if os.path.isfile(cand) else None


def attach(m, path, lit_path="beside", hdr=False):
    """Section 10 for map m loaded from path: m.bspx is a Light when the
    map has a BSPX directory or a .lit is read, else None (the map then
    answers as sections 4-5 say, unchanged). lit_path: "beside" (the
    tool's default: the file beside a quake or bsp2 map), None (--no-lit)
    or a file (--lit)."""
    m.bspx = None
    if m.family not in QUAKE_FAMILY:
        return m
    with open(path, "rb") as fh:
        data = fh.read()
    lit = None
    if lit_path == "beside":
        lit_path = lit_beside(path) if m.family in ("quake", "bsp2") else None
    if lit_path is not None:
        with open(lit_path, "rb") as fh:
            lit = fh.read()
    light = Light(m, data, lit, hdr)
    if light.offset is not None or lit is not None or hdr:
        m.bspx = light
    return m


def sample_json(q, f, i, j, raw, rgb, hdr):
    return R._sample_json(q, f, i, j, raw, rgb)[:-1] + (',"hdr":true}' if hdr else "}")


def run_query_line(m, toks):
    """luxel and light through section 10 (m.bspx set)."""
    cmd, args = toks[0], toks[1:]
    L = m.bspx
    if len(toks) != 1 + R.ARGC[cmd]:
        return R._err(cmd, "bad_query")
    try:
        if cmd == b"light":
            p = tuple(R.parse_strtof(a) for a in args)
            if None in p:
                return R._err(cmd, "bad_query")
            saved = m._try_face
            m._try_face = L.try_face
            try:
                hit = m.light_point(p)
            finally:
                m._try_face = saved
            if hit is None:
                return '{"q":"light","face":-1}'
            return sample_json("light", *hit, hdr=L.hdr)
        f = R.parse_int32(args[0])
        p = tuple(R.parse_strtof(a) for a in args[1:])
        if f is None or None in p:
            return R._err(cmd, "bad_query")
        i, j, raw, rgb = L.luxel(f, p)
        return sample_json("luxel", f, i, j, raw, rgb, L.hdr)
    except R.QueryError as e:
        return R._err(cmd, e.name)


def main(argv):
    if len(argv) < 3 or argv[1] not in ("query", "info"):
        sys.stderr.write(__doc__)
        return 2
    lit, hdr, path = "beside", False, None
    k = 2
    while k < len(argv):
        a = argv[k]
        if a == "--lit":
            lit = argv[k + 1]
            k += 1
        elif a == "--no-lit":
            lit = None
        elif a == "--hdr":
            hdr = True
        else:
            path = a
        k += 1
    try:
        m = R.load_map(path)
    except R.LoadError as e:
        sys.stderr.write("bspref_bspx: cannot load %s: %s\n" % (path, e))
        return 2
    attach(m, path, lit, hdr)
    if argv[1] == "info":
        print(m.bspx.info() if m.bspx else "{}")
        return 0
    out = []
    for line in sys.stdin.buffer.read().split(b"\n"):
        toks = line.split()
        if not toks:
            continue
        if m.bspx is not None and toks[0] in (b"luxel", b"light"):
            out.append(run_query_line(m, toks))
        else:
            out.append(R.run_query_line(m, toks))
    sys.stdout.write("".join(s + "\n" for s in out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
