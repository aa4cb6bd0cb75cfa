# SPDX-License-Identifier: MIT
"""Count the real maps' default views by the picture floor (issue 34,
docs/pictures.md "The floor"): picture_count.py BSPKIT OUTDIR MAP...
renders each map's default view at 320 x 240 into OUTDIR, prints one line
per map (good, flat, dark or black and what fails, test/access/
picture_check.py's floor_class) and a closing line of counts. Exit 1 when
any is not good. Not timed: the figures are counts."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "access"))
import picture_check  # noqa: E402


def main(argv):
    if len(argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    tool, outdir, maps = argv[1], argv[2], argv[3:]
    os.makedirs(outdir, exist_ok=True)
    counts = {"good": 0, "flat": 0, "dark": 0, "black": 0, "failed": 0}
    for m in maps:
        name = os.path.basename(os.path.dirname(m)) + "-" + os.path.basename(m)[:-4]
        png = os.path.join(outdir, name + ".png")
        r = subprocess.run([tool, "render", m, "--size", "320", "240", "-o", png],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        if r.returncode != 0 or not os.path.exists(png):
            counts["failed"] += 1
            print("failed %s: %s" % (name, r.stderr.decode(errors="replace").strip()[:200]))
            continue
        f = picture_check.floor_stats(png)
        kind, bad = picture_check.floor_class(f)
        counts[kind] += 1
        note = r.stderr.decode(errors="replace").strip().replace("\n", " ")
        print("%-5s %s: %s%s%s" % (kind, name, picture_check.floor_summary(f),
                                   "; " + "; ".join(bad) if bad else "",
                                   " [" + note + "]" if note else ""))
    print("%d maps: %d good, %d flat, %d dark, %d black, %d failed" % (
        len(maps), counts["good"], counts["flat"], counts["dark"], counts["black"], counts["failed"]))
    return 0 if counts["good"] == len(maps) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
