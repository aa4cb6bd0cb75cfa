#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""craft_errors.py - maps that go wrong in one chosen way, for 33-errors.sh.

    craft_errors.py KIND IN OUT

Each kind starts from a generated map (IN) and changes one thing, reading
and writing the lump directory from the format's published layout (not from
bspkit). Prints what the test needs to know about the result (JSON).

  gamelump_wrap  (VBSP) a game lump whose one LZMA sub-lump claims a size
                 that makes the unpacking window 0xFFFFFFFF bytes
  no_gamelump    (VBSP) the game lump emptied
  huge_arena     (VBSP with a compressed lump 0) lump 0 claims 1.5 GB unpacked
  dup_keys       (Quake 29) entity text with a key repeated in one entity
  bad_node       (Quake 29) node 0 names plane 0x7fffff7f
  far_lump       (Quake 29) the entity lump moved past 2 GiB; OUT is sparse
"""
import json
import struct
import sys

VBSP_DIR, QUAKE_DIR = 8, 4


def entry(data, kind, i):
    if kind == "vbsp":
        return struct.unpack_from("<4I", data, VBSP_DIR + 16 * i)
    return struct.unpack_from("<2I", data, QUAKE_DIR + 8 * i)


def set_entry(data, kind, i, *fields):
    if kind == "vbsp":
        struct.pack_into("<4I", data, VBSP_DIR + 16 * i, *fields)
    else:
        struct.pack_into("<2I", data, QUAKE_DIR + 8 * i, *fields)


def append(data, blob):
    """Put blob at the end of the file, 4-aligned; return its offset."""
    data.extend(b"\0" * (-len(data) % 4))
    at = len(data)
    data.extend(blob)
    return at


def main():
    kind, src, out = sys.argv[1:4]
    data = bytearray(open(src, "rb").read())
    info = {}
    if kind == "gamelump_wrap":
        assert data[:4] == b"VBSP"
        stream = bytes(32)
        stored = 17 + len(stream)
        # bspkit's window is size + stored/48 + 64 (bspkit.h): make it 2^32 - 1
        size = 0xFFFFFFFF - 64 - stored // 48
        sub = b"LZMA" + struct.pack("<II", size, len(stream)) + bytes([0x5D, 0, 0x10, 0, 0]) + stream
        header_len = 4 + 16
        at = (len(data) + 3) & ~3
        lump = struct.pack("<I", 1) + struct.pack("<4sHHII", b"parw", 1, 1, at + header_len, size) + sub
        at2 = append(data, lump)
        assert at2 == at
        set_entry(data, "vbsp", 35, at, len(lump), 0, 0)
    elif kind == "no_gamelump":
        set_entry(data, "vbsp", 35, 0, 0, 0, 0)
    elif kind == "huge_arena":
        ofs, length, version, unpacked = entry(data, "vbsp", 0)
        assert unpacked != 0, "lump 0 must be compressed"
        set_entry(data, "vbsp", 0, ofs, length, version, 1500000000)
    elif kind == "dup_keys":
        text = (b'{\n"classname" "worldspawn"\n"wad" "gfx.wad"\n}\n'
                b'{\n"classname" "trigger_relay"\n"target" "t1"\n"killtarget" "k"\n'
                b'"target" "t2"\n"target" "t3"\n}\n\0')
        set_entry(data, "quake", 0, append(data, text), len(text))
        info["entities"] = [
            {"classname": "worldspawn", "wad": "gfx.wad"},
            {"classname": "trigger_relay", "target": ["t1", "t2", "t3"], "killtarget": "k"},
        ]
    elif kind == "bad_node":
        ofs, length = entry(data, "quake", 5)
        data[ofs:ofs + 4] = b"\x7f\xff\xff\x7f"
        info = {"lump": "nodes", "index": 5, "offset": ofs}
    elif kind == "far_lump":
        ofs, length = entry(data, "quake", 0)
        far = (1 << 31) + 4096
        with open(out, "wb") as f:
            set_entry(data, "quake", 0, far, length)
            f.write(data)
            f.seek(far)
            f.write(bytes(data[ofs:ofs + length]))
        print(json.dumps({"size": far + length}))
        return
    else:
        sys.exit("unknown kind " + kind)
    open(out, "wb").write(data)
    print(json.dumps(info))


if __name__ == "__main__":
    main()
