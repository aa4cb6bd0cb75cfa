# SPDX-License-Identifier: MIT
"""Compare the tool's answers to turned_door.py's within 8.8's tolerances
(fraction 1e-5, endpos 1e-3, normal 1e-5, dist 1e-3):

    compare_turned.py EXPECTED ANSWERS    (exit 1 on a difference)"""
import json
import sys

bad = n = 0
for want, got in zip(open(sys.argv[1]), open(sys.argv[2])):
    w, g = json.loads(want), json.loads(got)
    n += 1
    ok = ("fraction" in g and abs(w["fraction"] - g["fraction"]) <= 1e-5 and g.get("allsolid") == 0 and
          all(abs(a - b) <= 1e-3 for a, b in zip(w["endpos"], g["endpos"])) and "normal" in g and
          all(abs(a - b) <= 1e-5 for a, b in zip(w["normal"], g["normal"])) and abs(w["dist"] - g["dist"]) <= 1e-3)
    if not ok:
        bad += 1
        if bad <= 5:
            print("want %s\n got %s" % (want.strip(), got.strip()))
print("%d answers, %d differ" % (n, bad))
sys.exit(1 if bad or n == 0 else 0)
