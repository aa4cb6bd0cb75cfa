# SPDX-License-Identifier: MIT
"""patch_miptex.py IN OUT: a copy of a Quake-family map whose embedded
miptex' level-0 pixels run through palette indices 192 .. 252 ((i ^ j) * 4
+ 192 at texel (i, j)), half of them Quake's full-bright colours (224 ..
255), which the picture draws without light (docs/pictures.md "Light and
textures")."""
import struct
import sys


def main(src, dst):
    data = bytearray(open(src, "rb").read())
    ofs, length = struct.unpack_from("<ii", data, 4 + 2 * 8)     # lump 2
    n = struct.unpack_from("<i", data, ofs)[0]
    done = 0
    for k in range(n):
        o = struct.unpack_from("<i", data, ofs + 4 + 4 * k)[0]
        if o < 0:
            continue
        w, h, o0 = struct.unpack_from("<3I", data, ofs + o + 16)
        if o0 == 0:
            continue
        at = ofs + o + o0
        for j in range(h):
            for i in range(w):
                data[at + j * w + i] = 192 + ((i ^ j) & 15) * 4
        done += 1
    if not done:
        raise SystemExit("no embedded miptex in " + src)
    open(dst, "wb").write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
