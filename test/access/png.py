# SPDX-License-Identifier: MIT
"""Read an 8-bit RGB or RGBA PNG (as stb_image_write writes it) with zlib
only: the tests look at the pixels bspkit render wrote, and the atlas
pages a checker reads (test/reference/bspref_styles.py)."""
import struct
import zlib


def read(path):
    """(width, height, channels, rows of bytes) of an 8-bit, non-interlaced
    RGB (3 channels) or RGBA (4) PNG; ValueError for any other."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG: " + path)
    pos, idat, w, h, ch = 8, b"", 0, 0, 0
    while pos < len(data):
        ln, kind = struct.unpack_from(">I4s", data, pos)
        body = data[pos + 8:pos + 8 + ln]
        pos += 12 + ln
        if kind == b"IHDR":
            w, h, depth, colour = struct.unpack_from(">IIBB", body)
            interlace = body[12]
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError("not 8-bit RGB or RGBA")
            ch = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
    raw, stride = zlib.decompress(idat), w * ch
    out, prev, i = bytearray(), bytearray(stride), 0
    for _ in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - ch] if x >= ch else 0
            b = prev[x]
            c = prev[x - ch] if x >= ch else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += line
        prev = line
    return w, h, ch, bytes(out)


def read_rgb(path):
    w, h, ch, px = read(path)
    if ch != 3:
        raise ValueError("not 8-bit RGB")
    return w, h, px
