# SPDX-License-Identifier: MIT
"""patch_light.py IN OUT VALUE: a copy of a Quake (v29) map whose lighting
lump (lump 8) is rewritten: VALUE "zero" sets every byte to 0 (a map whose
light is all zero), "dark" divides every byte by 8, a number sets every
byte to it (light without any shading). The picture part (47) renders them:
docs/pictures.md "Exposure"."""
import struct
import sys


def main(src, dst, how):
    data = bytearray(open(src, "rb").read())
    if struct.unpack_from("<i", data, 0)[0] != 29:
        raise SystemExit("not a Quake v29 map: " + src)
    ofs, length = struct.unpack_from("<ii", data, 4 + 8 * 8)
    if length <= 0:
        raise SystemExit("no lighting lump in " + src)
    for i in range(ofs, ofs + length):
        data[i] = 0 if how == "zero" else data[i] >> 3 if how == "dark" else int(how)
    open(dst, "wb").write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3]))
