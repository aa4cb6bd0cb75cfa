#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""rbspref.py - an independent reader of Respawn's rBSP header, directory,
signature and ENTITIES lump, written from docs/queries.md section 12 (the
contract, ../shared/spec/QUERIES.md 12.1, 12.2, 12.3, 12.10), not from the C
code. The suite compares bspkit's answers with it.

    rbspref.py info FILE       one JSON line: the status bspkit must answer
                               and, for a file that opens, the header
                               fields, the non-empty lumps (sha256 of each
                               as loaded: PSBr records swapped to the host's
                               little-endian order) and the entities.
"""
import hashlib
import json
import struct
import sys

HEADER = 16 + 128 * 16

# 12.3's records as struct formats (without byte order): each field is
# swapped at its own width; 'Ns' bytes stay as they are.
RECORDS = {
    0x01: "4f", 0x02: "3f6I", 0x03: "3f", 0x0E: "6f2I", 0x1E: "3f", 0x2C: "I",
    0x47: "2I2f4s", 0x48: "2I2f4s4f", 0x49: "2I2f4s4f2i", 0x4A: "2I2f4s2i",
    0x4F: "H", 0x50: "I3H12sHI", 0x51: "8f", 0x52: "4hi", 0x53: "I2H",
    0x55: "f6i", 0x56: "2H", 0x57: "2HI", 0x59: "I", 0x5B: "I", 0x5C: "3f2Bh3fi",
    0x5D: "H", 0x5E: "H", 0x6A: "iI", 0x6B: "3Hh", 0x6C: "4B2HI", 0x6D: "3f",
    0x70: "H", 0x77: "3f2BH3f2H", 0x78: "H", 0x79: "8f",
}


def loaded_bytes(raw, index, big):
    """The lump as the loader holds it: a PSBr record lump swapped field by field."""
    fmt = RECORDS.get(index)
    if not big or fmt is None:
        return raw
    size = struct.calcsize("<" + fmt)
    if len(raw) % size:
        return None
    out = bytearray()
    for at in range(0, len(raw), size):
        out += struct.pack("<" + fmt, *struct.unpack_from(">" + fmt, raw, at))
    return bytes(out)


def entities(text):
    """The blocks of the ENTITIES lump's text up to its NUL, as lists of pairs."""
    end = text.find(b"\0")
    if end >= 0:
        text = text[:end]
    s = text.decode("utf-8", "replace")
    out, cur, i, key = [], None, 0, None
    while i < len(s):
        c = s[i]
        if c == "{":
            cur, key = [], None
        elif c == "}":
            if cur is not None:
                out.append(cur)
            cur = None
        elif c == '"':
            j = s.find('"', i + 1)
            if j < 0:
                break
            word = s[i + 1:j]
            i = j
            if cur is not None:
                if key is None:
                    key = word
                else:
                    cur.append((key, word))
                    key = None
        i += 1
    return out


def info(path):
    d = open(path, "rb").read()
    if len(d) < 8:
        return {"status": "truncated"}
    magic = d[:4]
    if magic == b"rBSP":
        big = False
    elif magic == b"PSBr":
        big = True
    else:
        return {"status": "bad_magic"}
    e = ">" if big else "<"
    word = struct.unpack_from(e + "I", d, 4)[0]
    version, minor = word & 0xFFFF, word >> 16
    if magic == b"rBSP" and version >= 47:
        return {"status": "bad_version", "appears": "rBSP v47+ (Apex Legends): not supported"}
    ok = minor == 0 and ((version == 29) if big else version in (29, 36, 37))
    if not ok:
        return {"status": "bad_version"}
    if len(d) < HEADER:
        return {"status": "truncated"}
    revision, count = struct.unpack_from(e + "2I", d, 8)
    if count != 127:
        return {"status": "bad_version"}
    lumps = []
    for i in range(128):
        ofs, length, ver, fourcc = struct.unpack_from(e + "4I", d, 16 + 16 * i)
        if length == 0:
            continue
        if ofs < HEADER or ofs + length > len(d):
            return {"status": "bad_lump", "index": i}
        lumps.append({"index": i, "offset": ofs, "length": length, "version": ver})
    first = min([l["offset"] for l in lumps], default=len(d))
    sig = d[HEADER:min(first, HEADER + 63)]
    sig = sig.split(b"\0")[0].decode("latin-1")
    for l in lumps:
        b = loaded_bytes(d[l["offset"]:l["offset"] + l["length"]], l["index"], big)
        if b is None:
            return {"status": "bad_lump", "index": l["index"]}
        l["sha256"] = hashlib.sha256(b).hexdigest()
    byi = {l["index"]: l for l in lumps}
    ents = entities(d[byi[0]["offset"]:byi[0]["offset"] + byi[0]["length"]]) if 0 in byi else []
    parts = b""
    if 0x18 in byi:
        parts = d[byi[0x18]["offset"]:byi[0x18]["offset"] + byi[0x18]["length"]].split(b"\0")[0]
    return {"status": "ok", "family": "respawn", "version": version,
            "endian": "big" if big else "little", "revision": revision, "signature": sig,
            "entity_partitions": parts.decode("latin-1"), "lumps": lumps,
            "entities": [dict(p) for p in ents], "num_entities": len(ents)}


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "info":
        sys.exit(__doc__)
    print(json.dumps(info(sys.argv[2])))
