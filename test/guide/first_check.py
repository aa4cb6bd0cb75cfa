# SPDX-License-Identifier: MIT
"""Did the README's first program look from the player start, and not from
inside solid? first_check.py OUTPUT ENTITIES

OUTPUT is what the program printed for a map, ENTITIES what `bspkit
entities` prints for it (one JSON object per entity). Checked against the
engines' conventions as docs/access.md states them, not the library's
tables: the start is the first entity of the family's first start class
that has one with an origin of three numbers; its origin is printed; the
eye is that origin raised by the game's spawn lift and view height; the
contents there are not solid; the player box dropped from the spawn does
not start in solid. Exit 1 with the reason on the first failure."""
import json
import sys

# the games' own start classes, the first picked first
CLASSES = {
    "quake": ["info_player_start", "info_player_deathmatch", "info_player_coop"],
    "goldsrc": ["info_player_start", "info_player_deathmatch"],
    "quake3": ["info_player_deathmatch", "info_player_start", "team_CTF_redplayer",
               "team_CTF_blueplayer", "team_CTF_redspawn", "team_CTF_bluespawn"],
    "source": ["info_player_start", "info_player_teamspawn", "info_player_terrorist",
               "info_player_counterterrorist", "info_player_deathmatch", "info_player_combine",
               "info_player_rebel", "info_survivor_position", "info_player_coop",
               "info_player_axis", "info_player_allies"],
}
CLASSES["bsp2"] = CLASSES["quake2"] = CLASSES["quake"]
CLASSES["nightfire"] = CLASSES["goldsrc"]
# the spawn's lift (SelectSpawnPoint: 9; PutClientInServer, EntSelectSpawnPoint: 1)
# plus the view height
RAISE = {"quake": 1 + 22, "bsp2": 1 + 22, "quake2": 9 + 22, "quake3": 9 + 26,
         "goldsrc": 1 + 28, "nightfire": 1 + 28, "source": 1 + 64}


def solid(family, c):
    if family in ("quake", "goldsrc", "bsp2"):
        return c == -2           # CONTENTS_SOLID of the hulls
    if family == "nightfire":
        return c == 2            # the solid leaf type
    return c & 1 != 0            # CONTENTS_SOLID


def numbers(text):
    try:
        v = [float(t) for t in text.split()]
    except ValueError:
        return None
    return v if len(v) == 3 else None


def main():
    out = open(sys.argv[1]).read().splitlines()
    ents = [json.loads(line) for line in open(sys.argv[2]) if line.startswith("{")]
    family = out[0].split()[0] if out else ""
    if family not in CLASSES:
        return "no family line: %r" % (out[:1],)
    want = None
    for cls in CLASSES[family]:
        for e in ents:
            if e.get("classname") == cls and numbers(e.get("origin", "")):
                want = (cls, numbers(e["origin"]))
                break
        if want:
            break
    if not want:
        return "the map has no start entity of the family's classes"
    lines = {line.split(":")[0]: line for line in out}
    start = lines.get("start", "").split()
    if len(start) < 6 or start[1] != want[0] or start[2] != "at":
        return "start line %r, expected %s" % (lines.get("start"), want[0])
    got = [float(t.rstrip(",")) for t in start[3:6]]
    if any(abs(a - b) > 0.051 for a, b in zip(got, want[1])):
        return "start at %s, the entity's origin is %s" % (got, want[1])
    eye = lines.get("eye", "").replace(",", " ").split()
    if len(eye) != 6:
        return "eye line %r" % lines.get("eye")
    e = [float(t) for t in eye[1:4]]
    target = [want[1][0], want[1][1], want[1][2] + RAISE[family]]
    if any(abs(a - b) > 0.051 for a, b in zip(e, target)):
        return "eye at %s, expected %s (origin + %d)" % (e, target, RAISE[family])
    if solid(family, int(eye[5])):
        return "the eye is in solid (contents %s)" % eye[5]
    if "inside solid" in lines.get("player", ""):
        return "the player box starts in solid"
    print("%s %s, eye %g %g %g, contents %s" % (family, want[0], e[0], e[1], e[2], eye[5]))
    return None


if __name__ == "__main__":
    why = main()
    if why:
        print(why)
        sys.exit(1)
