# SPDX-License-Identifier: MIT
"""Many leaves for bsp_box_leaves (issue 42).

    craft_leaves.py MAP OUT LEAVES [tree|dag]

From a generated Quake 2 map, writes OUT whose world is a balanced tree of
LEAVES - 1 nodes cutting x into LEAVES slabs one unit wide (x from
-LEAVES/2), leaf k the slab [k - LEAVES/2, k + 1 - LEAVES/2), empty, with no
brush or face; one model. A box over all of them reaches LEAVES different
leaves: bsp_box_leaves used to look for each past the 512th in the
caller's list or walk the box again (2.1 s at 16 384 leaves). dag: the
last node's front child is made node 1 (the root's front subtree), so
that a node has two parents (what no compiler writes: the
library walks it with its set, as before).
"""
import struct
import sys

from q2_lumps import read_q2, write_with_lumps

LUMP_PLANES, LUMP_NODES, LUMP_LEAFS, LUMP_MODELS = 1, 4, 8, 13
LEAF, NODE, PLANE, MODEL = 28, 28, 20, 48


def main():
    src, out, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    mode = sys.argv[4] if len(sys.argv) > 4 else "tree"
    buf = read_q2(src, "craft_leaves.py")
    if count < 2 or count > 65536 or mode not in ("tree", "dag"):
        sys.exit("craft_leaves.py: need 2 <= LEAVES <= 65536 and tree|dag")
    loff, _ = struct.unpack_from("<ii", buf, 8 + LUMP_LEAFS * 8)
    moff, _ = struct.unpack_from("<ii", buf, 8 + LUMP_MODELS * 8)
    # a leaf of the map's (its cluster and area), empty, nothing in it
    contents, cluster, area = struct.unpack_from("<ihh", buf, loff + LEAF)
    half = count // 2
    planes, nodes = bytearray(), []

    def clamp(v):
        return max(-32768, min(32767, v))

    def build(lo, hi):
        if hi - lo == 1:
            return -1 - lo
        mid = (lo + hi) // 2
        index = len(nodes)
        nodes.append(None)
        planes.extend(struct.pack("<ffffi", 1.0, 0.0, 0.0, float(mid - half), 0))
        plane = len(planes) // PLANE - 1
        front = build(mid, hi)
        back = build(lo, mid)
        nodes[index] = [plane, front, back, lo, hi]
        return index

    build(0, count)
    if mode == "dag" and len(nodes) > 2:
        # (the last node lies in the root's back subtree: no cycle)
        nodes[-1][1] = nodes[0][1]
    node_bytes = bytearray()
    for plane, front, back, lo, hi in nodes:
        node_bytes += struct.pack("<iii6hHH", plane, front, back, clamp(lo - half), -64, -64,
                                  clamp(hi - half), 64, 64, 0, 0)
    leaf_bytes = bytearray()
    for k in range(count):
        leaf_bytes += struct.pack("<ihh6hHHHH", 0, cluster, area, clamp(k - half), -64, -64,
                                  clamp(k + 1 - half), 64, 64, 0, 0, 0, 0)
    model = bytearray(buf[moff:moff + MODEL])
    struct.pack_into("<6f", model, 0, -half, -64, -64, count - half, 64, 64)
    struct.pack_into("<iii", model, 36, 0, 0, 0)
    write_with_lumps(buf, ((LUMP_PLANES, planes), (LUMP_NODES, node_bytes), (LUMP_LEAFS, leaf_bytes),
                       (LUMP_MODELS, model)), out)


if __name__ == "__main__":
    main()
