#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Light styles combined and the lightmap atlas, for bspref.py: sections
11.6 and 11.7 of the contract (QUERIES.md), written from its text alone.
A face's blocks come from the reference's own readings of sections 4 and
10 (bspref.py, bspref_bspx.py, bspref_light.py).

    bspref_styles.py styles [--values FILE] [--lit FILE | --no-lit] [--hdr] MAP
        one line per face as 11.10's `styles` (sha256 of the combined bytes)
    bspref_styles.py check [--lit FILE | --no-lit] [--hdr] MAP DIR
        DIR/atlas.json and its pages held against 11.7's "valid atlas":
        {"ok":..,"rects":..,"pages":..,"luxels":..,"page_area":..,
         "missing":..,"problems":..,"kinds":[..]}; exit 1 when not ok
    bspref_styles.py pack [--page N] [--border B] [--png] MAP DIR
        an atlas of the reference's own (next fit decreasing height shelves,
        a packing of its own: atlas-check must take any valid one)
    bspref_styles.py mutate DIR OUT KIND
        a copy of DIR spoiled one way (interior, border, overlap, off_page,
        missing): 11.7's checked failures
    bspref_styles.py dump [--lit FILE | --no-lit] MAP OUT
        every face 11.6 combines, for the engines' R_BuildLightMap run out
        of the tree (/work/ref/styles): per face the little-endian uint32s
        face, W, H, channels, slots, the slots' styles, then the slots'
        blocks (W * H * channels bytes each)

Values files are a JSON list of 256 numbers (11.10); the default is 264
each (quake, bsp2, goldsrc) or 1.0 (quake2).
"""

import hashlib
import json
import math
import os
import struct
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "access"))
import bspref as R  # noqa: E402
import bspref_bspx as X  # noqa: E402
import png  # noqa: E402  (test/access/png.py)

INTEGER_RULE = ("quake", "bsp2", "goldsrc")


class NoBlock(Exception):
    pass


# --------------------------------------------------------------------------
# a face's blocks (sections 4 and 10)

class Light:
    """The blocks of a map: block(f, slot) -> dict(W, H, B, P, hdr, data)
    or NoBlock; style(f, slot) -> a number or None; slots(f)."""

    def __init__(self, m):
        self.m = m
        self.L = getattr(m, "bspx", None)

    def slots(self, f):
        L = self.L
        if L is not None and L.styles is not None:
            return L.k
        if self.m.family == "quake3":
            return 1
        return len(self.m.face(f).styles)

    def style(self, f, slot):
        m = self.m
        if m.family == "quake3":
            return 0 if slot == 0 else None
        fc = m.face(f)
        if self.L is not None:
            return self.L.style(f, fc, slot)
        if slot >= len(fc.styles):
            return None
        s = fc.styles[slot]
        return None if s == 255 else s

    def block(self, f, slot):
        m = self.m
        if m.family == "quake3":
            raise NoBlock()   # pages, not faces (page_block)
        if self.L is not None:
            try:
                r = self.L.rule(f, slot)
            except X.NoLightmap:
                raise NoBlock()
            n = self.L.P * r["W"] * r["H"]
            return {"W": r["W"], "H": r["H"], "B": 1, "P": self.L.P, "hdr": self.L.hdr,
                    "data": bytes(self.L.D[r["block"]:r["block"] + n])}
        try:
            lm = m.lightmap_info(f, slot)
        except R.QueryError as e:
            if e.name == "no_lightmap":
                raise NoBlock()
            raise
        n = lm["P"] * lm["W"] * lm["H"] * lm["B"]
        return {"W": lm["W"], "H": lm["H"], "B": lm["B"], "P": lm["P"], "hdr": False,
                "data": bytes(m.lighting[lm["base"]:lm["base"] + n])}

    def q3_side(self):
        # (qfusion's FBSP pages are 512 x 512, contract 13.3)
        return getattr(self.m, "q3_side", 128)

    def q3_pages(self):
        page = self.q3_side() ** 2 * 3
        return len(self.m.lighting) // page if self.m.family == "quake3" else 0

    def page_block(self, k):
        side = self.q3_side()
        page = side * side * 3
        return {"W": side, "H": side, "B": 1, "P": 3, "hdr": False,
                "data": bytes(self.m.lighting[k * page:(k + 1) * page])}


def open_map(path, lit="beside", hdr=False):
    m = R.load_map(path)
    X.attach(m, path, lit, hdr)
    return m, Light(m)


# --------------------------------------------------------------------------
# 11.6: styles combined

def combine(m, light, f, ints, floats):
    """(W, H, styles, format, bytes) or raises QueryError."""
    if m.family not in INTEGER_RULE and m.family != "quake2":
        raise R.QueryError("unsupported")
    if light.L is not None and light.L.hdr:
        raise R.QueryError("unsupported")
    if not 0 <= f < m.num_faces:
        raise R.QueryError("bad_face")
    blocks, styles = [], []
    try:
        b0 = light.block(f, 0)
    except NoBlock:
        raise R.QueryError("no_lightmap")
    slot = 0
    while slot < light.slots(f) and light.style(f, slot) is not None:
        try:
            blocks.append(b0 if slot == 0 else light.block(f, slot))
        except NoBlock:
            raise R.QueryError("no_lightmap")
        styles.append(light.style(f, slot))
        slot += 1
    W, H, P = b0["W"], b0["H"], b0["P"]
    n = W * H
    out = bytearray()
    if m.family in INTEGER_RULE:
        vals = [ints[s] if s < len(ints) else 0 for s in styles]
        for i in range(n * P):
            acc = 0
            for b, v in zip(blocks, vals):
                acc = (acc + b["data"][i] * v) & 0xFFFFFFFF
            out.append(min(acc >> 7, 255))
        fmt = "grey" if P == 1 else "rgb"
    else:
        vals = [R.f32(floats[s]) if s < len(floats) else 0.0 for s in styles]
        for i in range(n):
            c = []
            for ch in range(3):
                bl = 0.0
                for b, v in zip(blocks, vals):
                    bl = R.fadd(bl, R.fmul(float(b["data"][3 * i + ch]), v))
                c.append(max(_cut(bl), 0))
            top = max(c)
            c.append(top)
            if top > 255:
                t = R.fdiv(255.0, R.f32(float(top)))
                c = [_cut(R.fmul(R.f32(float(x)), t)) for x in c]
            out.extend(c)
        fmt = "rgba"
    return W, H, styles, fmt, bytes(out)


def _cut(x):
    """(int)x toward zero; the contract's C cast (finite values only here)."""
    if x != x:
        return 0
    if x >= 2147483648.0:
        return 2147483647
    if x <= -2147483648.0:
        return -2147483648
    return int(x)


def default_values(m):
    return [264] * 256, [1.0] * 256


def read_values(path):
    vals = json.load(open(path))
    if not isinstance(vals, list) or len(vals) != 256:
        raise SystemExit("bspref_styles: %s: not a list of 256 numbers" % path)
    whole = all(float(v).is_integer() and 0 <= v <= 0xFFFFFFFF for v in vals)
    ints = [int(v) for v in vals] if whole else None
    return ints, [float(v) for v in vals]


def cmd_styles(path, values, lit, hdr):
    m, light = open_map(path, lit, hdr)
    ints, floats = read_values(values) if values else default_values(m)
    if m.family not in INTEGER_RULE and m.family != "quake2":
        print('{"error":"unsupported"}')
        return 3
    if ints is None and m.family in INTEGER_RULE:
        sys.stderr.write("bspref_styles: %s: the integer rule takes whole numbers\n" % values)
        return 2
    for f in range(m.num_faces):
        try:
            W, H, styles, fmt, data = combine(m, light, f, ints, floats)
        except R.QueryError as e:
            print('{"face":%d,"error":"%s"}' % (f, e.name))
            continue
        print('{"face":%d,"w":%d,"h":%d,"styles":[%s],"format":"%s","sha256":"%s"}'
              % (f, W, H, ",".join(str(s) for s in styles), fmt, hashlib.sha256(data).hexdigest()))
    return 0


def cmd_dump(path, out, lit):
    """Every face the integer or float rule combines, for the engines."""
    m, light = open_map(path, lit, False)
    n = 0
    with open(out, "wb") as fh:
        for f in range(m.num_faces):
            try:
                combine_check = light.block(f, 0)
            except NoBlock:
                continue
            blocks, styles, slot = [], [], 0
            while slot < light.slots(f) and light.style(f, slot) is not None:
                try:
                    blocks.append(light.block(f, slot))
                except NoBlock:
                    blocks = None
                    break
                styles.append(light.style(f, slot))
                slot += 1
            if not blocks:
                continue
            P = combine_check["P"]
            fh.write(struct.pack("<5I", f, combine_check["W"], combine_check["H"], P, len(blocks)))
            fh.write(struct.pack("<%dI" % len(styles), *styles))
            for b in blocks:
                fh.write(b["data"])
            n += 1
    print('{"family":"%s","faces":%d}' % (m.family, n))
    return 0


# --------------------------------------------------------------------------
# 11.7: the texel rule

def texel(b, x, y):
    """RGB8 of luxel (x, y) of block b (x across all B directions)."""
    W, H, P = b["W"], b["H"], b["P"]
    at = P * ((x // W) * W * H + y * W + x % W)
    s = b["data"][at:at + P]
    if P == 1:
        return bytes((s[0], s[0], s[0]))
    if P == 3:
        return bytes(s)
    if b["hdr"]:
        w = struct.unpack("<I", s)[0]
        e = w >> 27
        v = [R.fdiv(R.f32(math.ldexp((w >> (9 * k)) & 511, e - 17)), 255.0) for k in range(3)]
    else:
        e = s[3] - 256 if s[3] >= 128 else s[3]
        v = [R.ldexpf(R.fdiv(float(c), 255.0), e) for c in s[:3]]
    return bytes(R.clampi(R.ffloor(R.fadd(R.fmul(c, 255.0), 0.5)), 0, 255) for c in v)


def texels(b, tb):
    """The block's texels, rows of B * W, as bytes (tb 3 or 4: alpha 255)."""
    out = bytearray()
    for y in range(b["H"]):
        for x in range(b["B"] * b["W"]):
            out += texel(b, x, y)
            if tb == 4:
                out.append(255)
    return bytes(out)


# --------------------------------------------------------------------------
# PNG (8-bit RGB / RGBA): read by test/access/png.py, written with zlib

def png_read(path):
    """(w, h, channels, bytes), None when not an 8-bit RGB / RGBA PNG."""
    try:
        return png.read(path)
    except (ValueError, OSError, zlib.error, struct.error):
        return None


def png_write(path, w, h, ch, px):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    stride = w * ch
    raw = b"".join(b"\0" + px[y * stride:(y + 1) * stride] for y in range(h))
    with open(path, "wb") as fh:
        fh.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2 if ch == 3 else 6, 0, 0, 0))
                 + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


# --------------------------------------------------------------------------
# 11.7: a valid atlas

def _whole(obj, key):
    v = obj.get(key) if isinstance(obj, dict) else None
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v != int(v) or v < 0:
        raise ValueError(key)
    return int(v)


def check(m, light, d):
    """{"ok", "rects", "pages", "luxels", "page_area", "missing",
    "problems", "kinds"} for the atlas in folder d."""
    kinds, res = [], {"rects": 0, "pages": 0, "luxels": 0, "page_area": 0, "missing": 0}

    def problem(kind):
        kinds.append(kind)

    try:
        a = json.load(open(os.path.join(d, "atlas.json")))
        fmt = a["format"]
        tb = {"rgb8": 3, "rgba8": 4}[fmt]
        border = _whole(a, "border")
        if a["atlas"] != 1:
            raise ValueError("atlas")
        pages_j, rects = a["pages"], a["rects"]
    except (OSError, ValueError, KeyError, TypeError):
        problem("layout")
        return finish(res, kinds)
    pages = []
    for k, p in enumerate(pages_j):
        try:
            if _whole(p, "page") != k:
                raise ValueError("page")
            w, h = _whole(p, "width"), _whole(p, "height")
            path = os.path.join(d, p["file"])
            if p["file"].endswith(".png"):
                got = png_read(path)
                if got is None or got[0] != w or got[1] != h or got[2] != tb:
                    raise ValueError("png")
                px = got[3]
            else:
                px = open(path, "rb").read()
                if len(px) != w * h * tb:
                    raise ValueError("size")
        except (OSError, ValueError, KeyError, TypeError):
            problem("page_file")
            pages.append(None)
            continue
        pages.append({"w": w, "h": h, "px": px, "used": bytearray(w * h)})
        res["page_area"] += w * h
    res["pages"] = len(pages)

    def place(pg, x, y, w, h, want, b):
        if not 0 <= pg < len(pages) or pages[pg] is None:
            problem("page")
            return
        P = pages[pg]
        if x < b or y < b or x + w + b > P["w"] or y + h + b > P["h"]:
            problem("outside")
            return
        res["luxels"] += w * h
        row = w * tb
        bad_overlap = bad_texel = bad_border = False
        for gy in range(y - b, y + h + b):
            sy = min(max(gy - y, 0), h - 1)
            src = want[sy * row:(sy + 1) * row]
            grown = src[:tb] * b + src + src[-tb:] * b
            lo = gy * P["w"] + x - b
            used = P["used"]
            if any(used[lo:lo + w + 2 * b]):
                bad_overlap = True
            used[lo:lo + w + 2 * b] = b"\x01" * (w + 2 * b)
            got = P["px"][lo * tb:(lo + w + 2 * b) * tb]
            if got == grown:
                continue
            inner = y <= gy < y + h
            if inner and got[b * tb:(b + w) * tb] != src:
                bad_texel = True
            if not inner or got[:b * tb] != grown[:b * tb] or got[(b + w) * tb:] != grown[(b + w) * tb:]:
                bad_border = True
        for flag, kind in ((bad_overlap, "overlap"), (bad_texel, "texel"), (bad_border, "border")):
            if flag:
                problem(kind)

    if m.family == "quake3":
        if rects:
            problem("no_block")
        lms = a.get("lightmaps")
        count = light.q3_pages()
        seen = set()
        entries = lms if isinstance(lms, list) else [
            {"lightmap": k, "page": k, "x": 0, "y": 0, "w": light.q3_side(), "h": light.q3_side()}
            for k in range(len(pages))]
        for r in entries:
            res["rects"] += 1
            try:
                lm, pg, x, y, w, h = (_whole(r, k) for k in ("lightmap", "page", "x", "y", "w", "h"))
            except ValueError:
                problem("rect")
                continue
            if lm >= count:
                problem("no_block")
                continue
            if lm in seen:
                problem("duplicate")
                continue
            seen.add(lm)
            if (w, h) != (light.q3_side(), light.q3_side()):
                problem("size")
                continue
            place(pg, x, y, w, h, texels(light.page_block(lm), tb), border if isinstance(lms, list) else 0)
        res["missing"] = count - len(seen)
        return finish(res, kinds)

    want = {}
    for f in range(m.num_faces):
        for s in range(8):
            try:
                want[(f, s)] = light.block(f, s)
            except NoBlock:
                pass
    seen = set()
    for r in rects:
        res["rects"] += 1
        try:
            f, s, pg, x, y, w, h = (_whole(r, k) for k in ("face", "slot", "page", "x", "y", "w", "h"))
        except ValueError:
            problem("rect")
            continue
        b = want.get((f, s))
        if b is None:
            problem("no_block")
            continue
        if (f, s) in seen:
            problem("duplicate")
            continue
        seen.add((f, s))
        if (w, h) != (b["B"] * b["W"], b["H"]):
            problem("size")
            continue
        place(pg, x, y, w, h, texels(b, tb), border)
    res["missing"] = len(want) - len(seen)
    return finish(res, kinds)


def finish(res, kinds):
    res["problems"] = len(kinds)
    res["ok"] = not kinds and res["missing"] == 0
    res["kinds"] = sorted(set(kinds) | ({"missing"} if res["missing"] else set()))
    return res


def cmd_check(path, d, lit, hdr):
    m, light = open_map(path, lit, hdr)
    res = check(m, light, d)
    print(json.dumps({k: res[k] for k in ("ok", "rects", "pages", "luxels", "page_area", "missing",
                                           "problems", "kinds")}, separators=(",", ":")))
    return 0 if res["ok"] else 1


# --------------------------------------------------------------------------
# the reference's own atlas: next fit decreasing height

def cmd_pack(path, d, page, border, png):
    m, light = open_map(path)
    items = []
    if m.family == "quake3":
        for k in range(light.q3_pages()):
            items.append(((-1, k), light.page_block(k)))
    else:
        for f in range(m.num_faces):
            for s in range(8):
                try:
                    items.append(((f, s), light.block(f, s)))
                except NoBlock:
                    pass
    items.sort(key=lambda it: (-it[1]["H"], -it[1]["B"] * it[1]["W"], it[0]))
    pages, placed = [], []
    x = y = shelf = 0
    for key, b in items:
        w, h = b["B"] * b["W"], b["H"]
        gw, gh = w + 2 * border, h + 2 * border
        if gw > page or gh > page:
            raise SystemExit("bspref_styles pack: a block of %d x %d does not fit a %d page" % (gw, gh, page))
        if not pages:
            pages.append(bytearray(page * page * 3))
        if x + gw > page:
            x, y, shelf = 0, y + shelf, 0
        if y + gh > page:
            pages.append(bytearray(page * page * 3))
            x = y = shelf = 0
        px, pg = pages[-1], len(pages) - 1
        tx = texels(b, 3)
        for gy in range(gh):
            sy = min(max(gy - border, 0), h - 1)
            src = tx[sy * w * 3:(sy + 1) * w * 3]
            row = src[:3] * border + src + src[-3:] * border
            at = ((y + gy) * page + x) * 3
            px[at:at + gw * 3] = row
        placed.append((key, pg, x + border, y + border, w, h))
        x += gw
        shelf = max(shelf, gh)
    os.makedirs(d, exist_ok=True)
    ext = "png" if png else "rgb"
    for k, px in enumerate(pages):
        name = os.path.join(d, "page%d.%s" % (k, ext))
        if png:
            png_write(name, page, page, 3, bytes(px))
        else:
            open(name, "wb").write(px)
    rects = [{"face": k[0], "slot": k[1], "page": pg, "x": x, "y": y, "w": w, "h": h}
             for k, pg, x, y, w, h in placed if k[0] >= 0]
    out = {"atlas": 1, "format": "rgb8", "border": border,
           "pages": [{"page": k, "width": page, "height": page, "file": "page%d.%s" % (k, ext)}
                     for k in range(len(pages))],
           "rects": rects}
    if m.family == "quake3":
        out["lightmaps"] = [{"lightmap": k[1], "page": pg, "x": x, "y": y, "w": w, "h": h}
                            for k, pg, x, y, w, h in placed]
    json.dump(out, open(os.path.join(d, "atlas.json"), "w"))
    print(json.dumps({"pages": len(pages), "rects": len(placed)}))
    return 0


def cmd_mutate(d, out, kind):
    """Copy atlas d to out spoiled one way; the atlas must have 2 rects."""
    import shutil
    if os.path.exists(out):
        shutil.rmtree(out)
    shutil.copytree(d, out)
    a = json.load(open(os.path.join(out, "atlas.json")))
    rects = a["rects"] or a.get("lightmaps") or []
    r0 = max(rects, key=lambda r: r["w"] * r["h"])   # a block with an interior away from its border
    b = a["border"]
    page = a["pages"][r0["page"]]
    pfile = os.path.join(out, page["file"])
    tb = 3 if a["format"] == "rgb8" else 4

    def flip(x, y):
        if pfile.endswith(".png"):
            w, h, ch, px = png_read(pfile)
            px = bytearray(px)
            px[(y * w + x) * ch] ^= 1
            png_write(pfile, w, h, ch, bytes(px))
        else:
            px = bytearray(open(pfile, "rb").read())
            px[(y * page["width"] + x) * tb] ^= 1
            open(pfile, "wb").write(px)

    if kind == "interior":
        flip(r0["x"] + r0["w"] // 2, r0["y"] + r0["h"] // 2)
    elif kind == "border":
        if b < 1:
            raise SystemExit("bspref_styles mutate: no border to spoil")
        flip(r0["x"] - 1, r0["y"] + r0["h"] // 2)
    elif kind == "overlap":
        other = next(r for r in rects if r is not r0 and r["page"] == r0["page"])
        other["x"], other["y"] = r0["x"] + 1, r0["y"] + 1
        other["x"] = min(other["x"], page["width"] - other["w"] - b)
        other["y"] = min(other["y"], page["height"] - other["h"] - b)
    elif kind == "off_page":
        r0["x"] = page["width"] - r0["w"]   # its border past the right edge
    elif kind == "missing":
        rects.remove(r0)
    else:
        raise SystemExit("bspref_styles mutate: unknown kind %s" % kind)
    json.dump(a, open(os.path.join(out, "atlas.json"), "w"))
    return 0


def _opts(args):
    o = {"lit": "beside", "hdr": False, "values": None, "page": 512, "border": 1, "png": False}
    rest = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--lit":
            o["lit"] = args[i + 1]
            i += 1
        elif a == "--no-lit":
            o["lit"] = None
        elif a == "--hdr":
            o["hdr"] = True
        elif a == "--png":
            o["png"] = True
        elif a in ("--values", "--page", "--border"):
            o[a[2:]] = args[i + 1] if a == "--values" else int(args[i + 1])
            i += 1
        else:
            rest.append(a)
        i += 1
    return o, rest


def main(argv):
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    cmd = argv[1]
    o, rest = _opts(argv[2:])
    try:
        if cmd == "styles" and len(rest) == 1:
            return cmd_styles(rest[0], o["values"], o["lit"], o["hdr"])
        if cmd == "check" and len(rest) == 2:
            return cmd_check(rest[0], rest[1], o["lit"], o["hdr"])
        if cmd == "pack" and len(rest) == 2:
            return cmd_pack(rest[0], rest[1], o["page"], o["border"], o["png"])
        if cmd == "mutate" and len(rest) == 3:
            return cmd_mutate(*rest)
        if cmd == "dump" and len(rest) == 2:
            return cmd_dump(rest[0], rest[1], o["lit"])
    except R.LoadError as e:
        sys.stderr.write("bspref_styles: %s\n" % e)
        return 2
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
