# SPDX-License-Identifier: MIT
"""Area portal ranges for the areas flood (issue 42).

    craft_areas.py MAP OUT AREAS PORTALS overlap|disjoint

From a generated Quake 2 map, writes OUT with AREAS areas over PORTALS
area portal records (keys 0 .. 4095 in turn, each leading to an area of 1 ..
AREAS-1). overlap: every area's range is the whole portal lump, which no
compiler writes and which made one flood read AREAS x PORTALS records
(bsp_areas_* answer corrupt). disjoint: the ranges one after another, as
a compiler writes them (area 0, the null area, has none), so a flood reads
each record once.
"""
import struct
import sys

from q2_lumps import read_q2, write_with_lumps

LUMP_AREAS, LUMP_AREAPORTALS, NUM_LUMPS = 17, 18, 19


def main():
    src, out, nareas, nportals, mode = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    buf = read_q2(src, "craft_areas.py")
    if nareas < 2 or nportals < nareas or mode not in ("overlap", "disjoint"):
        sys.exit("craft_areas.py: need 2 <= AREAS <= PORTALS and overlap|disjoint")
    areas = bytearray()
    for a in range(nareas):
        if mode == "overlap" or a == 0:
            num, first = (nportals, 0) if a else (0, 0)
        else:
            # area a (1 ..) holds records [first, first + num): the lump cut in AREAS-1 runs
            lo = (a - 1) * nportals // (nareas - 1)
            hi = a * nportals // (nareas - 1)
            num, first = hi - lo, lo
        areas += struct.pack("<ii", num, first)
    portals = bytearray()
    for k in range(nportals):
        portals += struct.pack("<ii", k % 4096, 1 + k % (nareas - 1))
    write_with_lumps(buf, ((LUMP_AREAS, areas), (LUMP_AREAPORTALS, portals)), out)


if __name__ == "__main__":
    main()
