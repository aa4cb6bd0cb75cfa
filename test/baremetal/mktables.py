#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""mktables.py - the bare-metal test's tables, from query lines and answers.

    mktables.py OUTDIR NAME MAP QUERIES EXPECTED [NAME MAP QUERIES EXPECTED ...]

QUERIES is input for `bspkit query` and EXPECTED its output, one JSON line
per non-blank query line (docs/queries.md section 6). Writes OUTDIR/tables.c
(bm_query records, see bm.h) and OUTDIR/maps.S (the map files, .incbin).

Numbers are parsed with the C library's own strtof/strtoll (through ctypes),
as the tool parses them, so a point is the very float the tool queried and
an rgb printed with %.9g comes back as the very float the tool printed.
Lines the tool's parser rejects (bad_query before any library call) have no
library call to repeat; they are checked against the answers here and
counted, not sent to the board.
"""
import ctypes
import json
import os
import re
import struct
import sys

libc = ctypes.CDLL(None)
libc.strtof.restype = ctypes.c_float
libc.strtof.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p)]
libc.strtoll.restype = ctypes.c_longlong
libc.strtoll.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_int]

KINDS = {"leaf": "BM_LEAF", "pvs": "BM_PVS", "pas": "BM_PAS", "light": "BM_LIGHT", "luxel": "BM_LUXEL",
         "ambient": "BM_AMBIENT", "trace": "BM_TRACE", "hulltrace": "BM_HULLTRACE",
         "contents": "BM_CONTENTS", "hullcontents": "BM_HULLCONTENTS"}
COLLISION = ("trace", "hulltrace", "contents", "hullcontents")


def whole(fn, tok, *extra):
    """fn(tok) as C parses it; None unless the whole token is consumed."""
    buf = ctypes.create_string_buffer(tok.encode())
    end = ctypes.c_char_p()
    v = fn(buf, ctypes.byref(end), *extra)
    used = ctypes.cast(end, ctypes.c_void_p).value - ctypes.addressof(buf)
    return v if tok and used == len(tok.encode()) else None


def f32_bits(tok):
    """The bits of strtof(tok), or None where the tool says bad_query."""
    v = whole(libc.strtof, tok)
    if v is None or v != v or v in (float("inf"), float("-inf")):
        return None
    return struct.unpack(">I", struct.pack(">f", v))[0]


def i32(tok):
    v = whole(libc.strtoll, tok, 10)
    return v if v is not None and -2**31 <= v < 2**31 else None


def parse(tokens):
    """(kind, num, point bits) as tools/cli/cmd_query.c reads the line, or None."""
    arity = {"leaf": 4, "pvs": 2, "pas": 2, "light": 4, "luxel": 5, "ambient": 4}
    q = tokens[0]
    if q not in arity or len(tokens) != arity[q]:
        return None
    num, pts = 0, tokens[1:]
    if q in ("pvs", "pas", "luxel"):
        num = i32(tokens[1])
        if num is None:
            return None
        pts = tokens[2:]
    bits = [f32_bits(t) for t in pts]
    if None in bits:
        return None
    return q, num, bits + [0] * (3 - len(bits))


def mask_bits(tok):
    """A mask as tools/cli/collision.c reads it: digits, or 0x and hex digits."""
    if re.fullmatch(r"0[xX][0-9a-fA-F]+", tok):
        v = int(tok[2:], 16)
    elif re.fullmatch(r"[0-9]+", tok):
        v = int(tok)
    else:
        return None
    return v if v <= 0xFFFFFFFF else None


def parse_collision(tokens):
    """(kind, model, hull, mask or None, [start, end, mins, maxs] bits) as
    tools/cli/collision.c reads the line; None where the tool says bad_query;
    "negative" for a negative model (the tool's own rule, not sent)."""
    q, n = tokens[0], len(tokens)
    hull, mask, model, box = 0, None, 0, [0] * 6
    if q == "trace":
        has_box = n > 7 and tokens[7] not in ("mask", "model", "origin", "angles")
        if n < 7 or (has_box and n < 13):
            return None
        pts = [f32_bits(t) for t in tokens[1:7]]
        if has_box:
            box = [f32_bits(t) for t in tokens[7:13]]
        rest = tokens[13 if has_box else 7:]
    elif q == "hulltrace":
        if n < 8:
            return None
        hull = i32(tokens[1])
        pts = [f32_bits(t) for t in tokens[2:8]]
        rest = tokens[8:]
    else:
        at = 2 if q == "hullcontents" else 1
        if n < at + 3:
            return None
        if at == 2:
            hull = i32(tokens[1])
        pts = [f32_bits(t) for t in tokens[at:at + 3]] + [0, 0, 0]
        rest = tokens[at + 3:]
    if hull is None or None in pts or None in box or len(tokens) > 25:
        return None
    if q == "trace" and rest[:1] == ["mask"]:
        if len(rest) < 2 or mask_bits(rest[1]) is None:
            return None
        mask, rest = mask_bits(rest[1]), rest[2:]
    if rest[:1] == ["model"]:
        if len(rest) < 2 or i32(rest[1]) is None:
            return None
        model, rest = i32(rest[1]), rest[2:]
    # a moved or turned model (8.10): trace and contents lines only
    moved = None
    for word in ("origin", "angles"):
        if q in ("trace", "contents") and rest[:1] == [word]:
            v = [f32_bits(t) for t in rest[1:4]]
            if len(rest) < 4 or None in v:
                return None
            moved = (moved or [0] * 6)
            moved[0 if word == "origin" else 3:3 if word == "origin" else 6] = v
            rest = rest[4:]
    if rest:
        return None
    if model < 0:
        return "negative"
    return q, model, hull & 0xFFFFFFFF, mask, pts + box, moved


def cstr(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def c_i32(v):
    return "INT32_MIN" if v == -2**31 else "%d" % v


def ident(name):
    return re.sub(r"[^A-Za-z0-9]", "_", name)


def convert(name, queries, expected, vis):
    """C initialisers for one map's queries; appends to vis."""
    with open(queries, encoding="latin-1") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    with open(expected) as f:
        answers = [json.loads(l, parse_float=str, parse_int=str) for l in f if l.strip()]
    recs, host_only, k = [], 0, 0
    for lineno, line in enumerate(lines, 1):
        tokens = [t for t in re.split(r"[ \t\r\n]+", line) if t]
        if not tokens:
            continue                    # the tool skips blank lines
        if k >= len(answers):
            sys.exit(f"mktables: {expected}: fewer answers than query lines")
        a = answers[k]
        k += 1
        if tokens[0] == "areas":
            host_only += 1              # map access: the board's load has no geometry
            continue
        if tokens[0] in COLLISION:
            c = parse_collision(tokens)
            if c is None or c == "negative":
                if c is None and a.get("error") != "bad_query":
                    sys.exit(f"mktables: {queries}:{lineno}: rejected here, but the tool answered {a}")
                host_only += 1          # the tool's own parser or rule
                continue
            q, model, hull, mask, bits, moved = c
            r = {"line": lineno, "kind": KINDS[q], "num": model, "p": bits[:3], "status": "BSP_OK",
                 "error": "NULL", "e": [hull - (1 << 32) if hull >= 1 << 31 else hull,
                                        0 if mask is None else (mask - (1 << 32) if mask >= 1 << 31 else mask), 0],
                 "rgb": [0, 0, 0], "raw": [0, 0, 0, 1 if mask is None else 0], "vis": 0, "nvis": 0}
            out = ["0"] * 8
            if "error" in a:
                r["status"] = "BSP_E_" + a["error"].upper()
                r["error"] = cstr(a["error"])
            elif q in ("contents", "hullcontents"):
                r["e"][2] = int(a["contents"])
            else:
                plane = "normal" in a
                r["e"][2] = int(a.get("contents", 0))
                r["raw"][:3] = [int(a["startsolid"]), int(a["allsolid"]), 1 if plane else 0]
                out = [a["fraction"]] + a["endpos"] + (a["normal"] + [a["dist"]] if plane else ["0"] * 4)
            fb = [f32_bits(v) for v in out]
            if None in fb:
                sys.exit(f"mktables: {expected}: answer {k}: a number is not a finite float")
            # 17 values: end, mins, maxs, the answer; 23: a moved query,
            # its origin and angles after them
            r["vis"], r["nvis"] = len(vis), 17 if moved is None else 23
            vis.extend(bits[3:] + fb + (moved or []))
            recs.append(r)
            continue
        parsed = parse(tokens)
        if parsed is None:
            if a.get("error") != "bad_query":
                sys.exit(f"mktables: {queries}:{lineno}: rejected here, but the tool answered {a}")
            host_only += 1
            continue
        q, num, p = parsed
        if a.get("q") != q:
            sys.exit(f"mktables: {expected}: answer {k} is for {a.get('q')}, query {lineno} is {q}")
        r = {"line": lineno, "kind": KINDS[q], "num": num, "p": p, "status": "BSP_OK", "error": "NULL",
             "e": [0, 0, 0], "rgb": [0, 0, 0], "raw": [], "vis": 0, "nvis": 0}
        if "error" in a:
            r["status"] = "BSP_E_" + a["error"].upper()
            r["error"] = cstr(a["error"])
        elif q == "leaf":
            r["e"] = [int(a["leaf"]), int(a["cluster"]), int(a["contents"])]
        elif q in ("pvs", "pas"):
            r["vis"], r["nvis"] = len(vis), len(a["visible"])
            vis.extend(int(c) for c in a["visible"])
        elif q == "ambient":
            if "cube" in a:
                r["e"] = [int(a["leaf"]), int(a["from"]), int(a["first"])]
                r["num"] = int(a["count"])
                floats = [c for side in a["cube"] for c in side]
            else:
                r["e"] = [int(c) for c in a["cell"]]
                floats = a["ambient"] + a["directed"] + a["dir"]
            bits = [f32_bits(c) for c in floats]
            if None in bits:
                sys.exit(f"mktables: {expected}: answer {k}: a colour is not a finite float")
            r["vis"], r["nvis"] = len(vis), len(bits)
            vis.extend(bits)
        else:
            r["e"] = [int(a["face"]), int(a.get("s", 0)), int(a.get("t", 0))]
            if int(a["face"]) >= 0:
                raw = bytes.fromhex(a["raw"])
                if len(raw) > 4:
                    sys.exit(f"mktables: {expected}: raw longer than 4 bytes")
                r["raw"] = list(raw)
                r["rgb"] = [f32_bits(c) for c in a["rgb"]]
                if None in r["rgb"]:
                    sys.exit(f"mktables: {expected}: answer {k}: rgb is not a finite float")
        recs.append(r)
    if k != len(answers):
        sys.exit(f"mktables: {expected}: {len(answers) - k} answers more than query lines")
    out = []
    for r in recs:
        raw = r["raw"] + [0] * (4 - len(r["raw"]))
        out.append("    {%d, %s, %d, {%s}, %s, {%s}, %s, %s, {%s}, {%s}, %d, %d}," % (
            r["line"], r["kind"], len(r["raw"]), ", ".join("0x%02x" % b for b in raw), c_i32(r["num"]),
            ", ".join("0x%08xu" % b for b in r["p"]), r["status"], r["error"],
            ", ".join(map(c_i32, r["e"])),
            ", ".join("0x%08xu" % b for b in r["rgb"]), r["vis"], r["nvis"]))
    return out, host_only


def main():
    args = sys.argv[1:]
    if len(args) < 5 or (len(args) - 1) % 4:
        sys.exit(__doc__)
    outdir, specs = args[0], [args[i:i + 4] for i in range(1, len(args), 4)]
    vis, c, s = [], [], []
    c.append("/* generated by test/baremetal/mktables.py: do not edit */")
    c.append('#include "bm.h"\n#include "sizes.h"\n')
    s.append("/* generated by test/baremetal/mktables.py: the embedded map files */")
    maps = []
    for name, path, queries, expected in specs:
        sym = "bm_file_" + ident(name)
        s.append('    .section .rodata.maps, "a"\n    .balign 8\n    .globl %s, %s_end\n'
                 '%s:\n    .incbin "%s"\n%s_end:\n' % (sym, sym, sym, path, sym))
        recs, host_only = convert(name, queries, expected, vis)
        c.append("extern const uint8_t %s[], %s_end[];" % (sym, sym))
        c.append("static const bm_query q_%s[] = {" % ident(name))
        c.extend(recs)
        c.append("};\n")
        maps.append("    {%s, %s, %s_end, BM_ARENA_%s, q_%s, %d, %d}," % (
            cstr(name), sym, sym, ident(name).upper(), ident(name), len(recs), host_only))
    s.append('    .section .note.GNU-stack, "", @progbits')
    c.append("const uint32_t bm_vis[] = {%s};" % (", ".join(map(str, vis)) or "0"))
    c.append("const bm_map bm_maps[] = {")
    c.extend(maps)
    c.append("};\nconst uint32_t bm_num_maps = %d;" % len(maps))
    for fname, text in (("tables.c", c), ("maps.S", s)):
        tmp = os.path.join(outdir, fname + ".tmp")
        with open(tmp, "w") as f:
            f.write("\n".join(text) + "\n")
        os.replace(tmp, os.path.join(outdir, fname))


if __name__ == "__main__":
    main()
