#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bspref_tex.py - an independent reading of docs/queries.md 11.2 and the
`textures` and `wad` lines of 11.10, written from the contract (and the
project's choices docs/textures.md states), not from bspkit's C code.

    bspref_tex.py textures MAP [--wad FILE]...   the lines `bspkit textures`
                                                 prints (without --extract)
    bspref_tex.py wad FILE                       the lines `bspkit wad` prints
    bspref_tex.py wal FILE...                    one line per Quake 2 .wal
                                                 file, as test_textures prints
                                                 them (RGBA8 through the test
                                                 palette below)
    bspref_tex.py extract MAP|WAD                sha256 of every file
                                                 --extract writes, as
                                                 "NAME SHA" lines (what the
                                                 suite compares with the files)

Maps are read through bspref.load_map (lump bytes, decoded); everything
about textures is read here from those bytes. Output goes to standard
output as bytes: names print as the tool prints them (quote and backslash
escaped, bytes below 0x20 and 0x7f as \\u00XX, every other byte as it is).
"""
import hashlib
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bspref  # noqa: E402

QUAKE_PALETTE_SHA256 = "6b20b5bc4ea965ef1852b05670d043ca16148a0ecad4e63028121c8aebc268fe"
_quake_palette = None


def quake_palette():
    """The Quake palette: ../shared's copy when present, else the library's
    table (loader/access/quake_palette.c, which mk/palette_table.py writes
    from a palette.lmp), each checked against the contract's SHA-256."""
    global _quake_palette
    if _quake_palette is None:
        here = os.path.dirname(os.path.abspath(__file__))
        shared = os.environ.get("SHARED", os.path.join(here, "..", "..", "..", "shared"))
        path = os.path.join(shared, "maps", "quake-palette.lmp")
        if os.path.exists(path):
            pal = open(path, "rb").read()
        else:
            import re
            src = open(os.path.join(here, "..", "..", "loader", "access", "quake_palette.c")).read()
            body = src[src.index("{", src.index("quake_palette[BSP_PALETTE_BYTES]")):]
            pal = bytes(int(x, 16) for x in re.findall(r"0x([0-9a-fA-F]{2})", body)[:768])
        if hashlib.sha256(pal).hexdigest() != QUAKE_PALETTE_SHA256:
            raise SystemExit("bspref_tex: the Quake palette at hand is not the contract's")
        _quake_palette = pal
    return _quake_palette


def test_palette():
    """The caller's palette test_textures hands a .wal: colour c is
    ((7c) & 255, (7c + 85) & 255, (7c + 170) & 255)."""
    return bytes(((7 * c) + 85 * k) & 255 for c in range(256) for k in range(3))


def jstr(b):
    out = bytearray(b'"')
    for c in b:
        if c in (0x22, 0x5c):
            out += b"\\" + bytes([c])
        elif c < 0x20 or c == 0x7f:
            out += b"\\u%04x" % c
        else:
            out.append(c)
    return bytes(out + b'"')


def cstr(b):
    """The bytes before the first NUL."""
    return b.split(b"\0")[0]


def sha(b):
    return hashlib.sha256(b).hexdigest()


# ---- one texture, as the contract defines it ------------------------------

class Tex:
    def __init__(self, status, name=b"", size=None):
        self.status, self.name, self.size = status, name, size
        self.mips = None        # 4 index byte strings
        self.palette = None     # 768 bytes
        self.transparent = False


def miptex(rec, avail_bytes, external_ok, own, name=None, header=40):
    """A miptex record: rec is the bytes from its start to its lump's end;
    its header is 40 bytes (Quake: name, width, height, offsets[4]) or 44
    (Quake 64, contract 13.4: a uint32 shift before the offsets)."""
    nm = cstr(rec[:16]) if name is None else name
    if len(rec) < header:
        return Tex("corrupt", nm)
    w, h = struct.unpack_from("<II", rec, 16)
    ofs = struct.unpack_from("<4I", rec, header - 16)
    t = Tex("corrupt", nm, (w, h))
    if external_ok and ofs[0] == 0:
        t.status = "external"
        return t
    if w == 0 or h == 0 or w % 8 or h % 8:
        return t
    for k in range(4):
        n = (w >> k) * (h >> k)
        if ofs[k] < header or ofs[k] + n > len(rec):
            return t
    mips = [rec[ofs[k]:ofs[k] + (w >> k) * (h >> k)] for k in range(4)]
    if own:
        at = ofs[3] + (w >> 3) * (h >> 3)
        if at + 2 + 768 > len(rec):
            return t
        if struct.unpack_from("<h", rec, at)[0] != 256:
            return t
        pal = rec[at + 2:at + 2 + 768]
    else:
        pal = quake_palette()
    t.status = "embedded"
    t.mips, t.palette = mips, pal
    t.transparent = nm[:1] == b"{"
    return t


def rgba(idx, pal, transparent):
    out = bytearray(4 * len(idx))
    for i, c in enumerate(idx):
        out[4 * i:4 * i + 3] = pal[3 * c:3 * c + 3]
        out[4 * i + 3] = 0 if (transparent and c == 255) else 255
    return bytes(out)


def pixel_keys(t, index_digests):
    out = b',"palette_sha256":"%s","transparent255":%s' % (
        sha(t.palette).encode(), b"true" if t.transparent else b"false")
    if index_digests:
        out += b',"index_sha256":[' + b",".join(b'"%s"' % sha(m).encode() for m in t.mips) + b"]"
    out += b',"rgba_sha256":[' + b",".join(
        b'"%s"' % sha(rgba(m, t.palette, t.transparent)).encode() for m in t.mips) + b"]"
    return out


def size_status(t):
    if t.size is None:
        s = b',"width":null,"height":null'
    else:
        s = b',"width":%d,"height":%d' % t.size
    return s + b',"status":"%s"' % t.status.encode()


# ---- the map's table --------------------------------------------------------

def map_table(m):
    fam = m.family
    if fam in ("quake", "goldsrc", "bsp2"):
        lump = m.lump(2)
        if len(lump) < 4:
            return []
        n = struct.unpack_from("<i", lump)[0]
        if n < 0 or 4 + 4 * n > len(lump):
            return []
        out = []
        for k in range(n):
            o = struct.unpack_from("<i", lump, 4 + 4 * k)[0]
            if o == -1:
                out.append(Tex("missing"))
            elif o < 0 or o >= len(lump):
                out.append(Tex("corrupt"))
            else:
                out.append(miptex(lump[o:], len(lump) - o, True, fam == "goldsrc",
                                  header=getattr(m, "miptex_header", 40)))
        return out
    if fam == "source":
        E = m.E
        td, table, data = m.lump(2), m.lump(44), m.lump(43)
        out = []
        for k in range(len(td) // 32):
            sid, w, h = struct.unpack_from(E + "3i", td, 32 * k + 12)
            if not 0 <= sid < len(table) // 4:
                out.append(Tex("corrupt"))
                continue
            o = struct.unpack_from(E + "i", table, 4 * sid)[0]
            if not 0 <= o < len(data):
                out.append(Tex("corrupt"))
                continue
            name = cstr(data[o:o + 128])
            out.append(Tex("size_only", name, (w, h)) if w > 0 and h > 0 else Tex("name_only", name))
        return out
    if fam == "quake2":
        ti = m.lump(5)
        seen, out = set(), []
        for k in range(len(ti) // 76):
            name = cstr(ti[76 * k + 40:76 * k + 72])
            if name not in seen:
                seen.add(name)
                out.append(Tex("name_only", name))
        return out
    if fam == "quake3":
        sh = m.lump(1)
        return [Tex("name_only", cstr(sh[72 * k:72 * k + 64])) for k in range(len(sh) // 72)]
    if fam == "nightfire":
        tx = m.lump(2)
        return [Tex("name_only", cstr(tx[64 * k:64 * k + 64])) for k in range(len(tx) // 64)]
    return []


# ---- WADs -------------------------------------------------------------------

class Wad:
    def __init__(self, path):
        self.path = path
        self.data = open(path, "rb").read()
        d = self.data
        if len(d) < 12:
            raise ValueError("truncated")
        if d[:4] not in (b"WAD2", b"WAD3"):
            raise ValueError("bad_magic")
        self.version = d[3] - 0x30
        n, ofs = struct.unpack_from("<ii", d, 4)
        if n < 0 or (n > 0 and (ofs < 12 or ofs + 32 * n > len(d))):
            raise ValueError("corrupt")
        self.lumps = []
        for k in range(n):
            fp, ds, sz, ty, co = struct.unpack_from("<iiiBB", d, ofs + 32 * k)
            self.lumps.append((fp, ds, sz, ty, co, cstr(d[ofs + 32 * k + 16:ofs + 32 * k + 32])))

    def texture(self, k):
        """None: compressed (the library's unsupported); else a Tex."""
        fp, ds, sz, ty, co, name = self.lumps[k]
        if co != 0:
            return None
        if fp < 0 or ds < 40 or fp + ds > len(self.data):
            return Tex("corrupt", name)
        return miptex(self.data[fp:fp + ds], ds, False, self.version == 3, name)


def is_miptex(ty):
    return ty in (0x43, 0x44)


def fold(b):
    return bytes(c + 32 if 65 <= c <= 90 else c for c in b[:16])


def cmd_textures(path, wad_paths):
    m = bspref.load_map(path)
    wads = [Wad(p) for p in wad_paths]
    out = sys.stdout.buffer
    for k, t in enumerate(map_table(m)):
        line = b'{"texture":%d,"name":' % k + jstr(t.name) + size_status(t)
        if t.status == "embedded":
            line += pixel_keys(t, True)
        if t.status == "external" and wads and t.name:
            found = None
            for w in wads:
                for j, l in enumerate(w.lumps):
                    if is_miptex(l[3]) and fold(l[5]) == fold(t.name):
                        found = (w, j)
                        break
                if found:
                    break
            if found:
                w, j = found
                wt = w.texture(j)
                if wt is None:
                    line += b',"wad_error":"unsupported"'
                else:
                    line += (b',"wad":{"file":' + jstr(w.path.encode()) + b',"lump":%d,"name":' % j +
                             jstr(wt.name) + size_status(wt))
                    if wt.status == "embedded":
                        line += pixel_keys(wt, True)
                    line += b"}"
        out.write(line + b"}\n")


KINDS = {0x40: b"palette", 0x42: b"qpic", 0x43: b"miptex", 0x44: b"miptex", 0x46: b"font"}


def cmd_wad(path):
    w = Wad(path)
    out = sys.stdout.buffer
    out.write(b'{"wad":"WAD%d","lumps":%d}\n' % (w.version, len(w.lumps)))
    for k, (fp, ds, sz, ty, co, name) in enumerate(w.lumps):
        line = (b'{"lump":%d,"name":' % k + jstr(name) +
                b',"type":%d,"kind":"%s","offset":%d,"disksize":%d,"size":%d,"compression":%d'
                % (ty, KINDS.get(ty, b"other"), fp, ds, sz, co))
        if is_miptex(ty):
            t = w.texture(k)
            if t is None:
                line += b',"error":"unsupported"'
            else:
                line += size_status(t)
                if t.status == "embedded":
                    line += pixel_keys(t, False)
        out.write(line + b"}\n")


def wal(data):
    """A .wal: the 100-byte miptex_t; None when the file is shorter."""
    if len(data) < 100:
        return None
    w, h = struct.unpack_from("<II", data, 32)
    ofs = struct.unpack_from("<4I", data, 40)
    t = Tex("corrupt", cstr(data[:32]), (w, h))
    t.next = cstr(data[56:88])
    t.fields = struct.unpack_from("<3i", data, 88)
    if w == 0 or h == 0 or w % 8 or h % 8:
        return t
    for k in range(4):
        if ofs[k] < 100 or ofs[k] + (w >> k) * (h >> k) > len(data):
            return t
    t.status = "embedded"
    t.mips = [data[ofs[k]:ofs[k] + (w >> k) * (h >> k)] for k in range(4)]
    t.palette = test_palette()
    t.transparent = True    # Quake 2's ref_gl: index 255 of every 8-bit image
    return t


def cmd_wal(paths):
    out = sys.stdout.buffer
    for p in paths:
        t = wal(open(p, "rb").read())
        line = b'{"wal":' + jstr(os.path.basename(p).encode())
        if t is None:
            out.write(line + b',"error":"truncated"}\n')
            continue
        line += b',"name":' + jstr(t.name) + size_status(t)
        line += b',"next":' + jstr(t.next) + b',"flags":%d,"contents":%d,"value":%d' % t.fields
        if t.status == "embedded":
            line += (b',"index_sha256":[' + b",".join(b'"%s"' % sha(m).encode() for m in t.mips) +
                     b'],"rgba_sha256":[' + b",".join(
                         b'"%s"' % sha(rgba(m, t.palette, True)).encode() for m in t.mips) + b"]")
        out.write(line + b"}\n")


def safe_stem(k, name):
    keep = b"-_.+{}!#~"
    return (b"%04d_" % k + bytes(c if (chr(c).isascii() and chr(c).isalnum()) or c in keep else 0x5f
                                  for c in name)).decode("latin-1")


def cmd_extract(path):
    """sha256 of the bytes each file of --extract holds: the .idx indices,
    the .pal palette, and the RGBA8 behind each .png (the suite decodes the
    PNG files to compare)."""
    out = sys.stdout.buffer
    items = []
    if open(path, "rb").read(4) in (b"WAD2", b"WAD3"):
        w = Wad(path)
        for k, l in enumerate(w.lumps):
            if is_miptex(l[3]):
                t = w.texture(k)
                if t is not None and t.status == "embedded":
                    items.append((k, t))
    else:
        for k, t in enumerate(map_table(bspref.load_map(path))):
            if t.status == "embedded":
                items.append((k, t))
    for k, t in items:
        stem = safe_stem(k, t.name)
        for j, mip in enumerate(t.mips):
            out.write(b"%s_mip%d.idx %s\n" % (stem.encode("latin-1"), j, sha(mip).encode()))
            out.write(b"%s_mip%d.png %s\n" % (stem.encode("latin-1"), j,
                                             sha(rgba(mip, t.palette, t.transparent)).encode()))
        out.write(b"%s.pal %s\n" % (stem.encode("latin-1"), sha(t.palette).encode()))


def main(argv):
    if len(argv) >= 3 and argv[1] == "textures":
        wads, rest = [], argv[3:]
        while rest:
            if rest[0] != "--wad" or len(rest) < 2:
                raise SystemExit("bspref_tex: textures MAP [--wad FILE]...")
            wads.append(rest[1])
            rest = rest[2:]
        cmd_textures(argv[2], wads)
    elif len(argv) == 3 and argv[1] == "wad":
        cmd_wad(argv[2])
    elif len(argv) >= 3 and argv[1] == "wal":
        cmd_wal(argv[2:])
    elif len(argv) == 3 and argv[1] == "extract":
        cmd_extract(argv[2])
    else:
        raise SystemExit(__doc__)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
