# SPDX-License-Identifier: MIT
"""Does a picture bspkit render wrote show something? (README "Pictures")

  picture_check.py stats PNG...              one line per picture: its
                                             background fraction, distinct
                                             colours, drawn box's span and
                                             centre offset (NAME-top.png:
                                             as a --top view)
  picture_check.py view PNG [--top] [--generated]
                                             exit 1 unless it passes the
                                             thresholds below

A default view fails when it is blank or nearly one colour (fewer than
MIN_COLOURS distinct colours besides the background) or mostly background
(more than MAX_BACKGROUND: sky is not drawn, so an outdoor view shows
some). A --top view fails when nothing is drawn (fewer than TOP_MIN_DRAWN
of its pixels), or when it is not fitted and centred: the box round its
drawn pixels must span at least TOP_SPAN of the width or of the height
(the fit keeps the aspect, so one of them is filled but for the margin of
1/32 a side) and its centre lie within TOP_CENTRE of the picture's centre
on both axes. In a --top view the scale bar's corner (the bottom 18 rows
of the left third, and 12 pixels more) is left out. The thresholds come
from the real maps' pictures (docs/pictures.md gives the figures they
were measured against). A generated map's world (--generated: test/gen's
floors and ceilings without walls, one texture, unlit in some families:
one colour is what it is) needs GEN_MIN_COLOURS only: not blank.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import png  # noqa: E402

BACKGROUND = (24, 28, 40)     # tools/render_cmd.c: what no face covers
MIN_COLOURS = 4
MAX_BACKGROUND = 0.75
TOP_SPAN = 0.85
TOP_CENTRE = 0.04
TOP_MIN_DRAWN = 0.05
GEN_MIN_COLOURS = 1
GEN_MAX_BACKGROUND = MAX_BACKGROUND


def stats(path, top=False):
    w, h, px = png.read_rgb(path)
    bg = bytes(BACKGROUND)
    colours = set()
    back = 0
    x0, y0, x1, y1 = w, h, -1, -1
    for y in range(h):
        row = px[3 * w * y:3 * w * (y + 1)]
        for x in range(w):
            if top and y >= h - 18 and x <= w // 3 + 12:
                continue      # the scale bar's corner
            c = row[3 * x:3 * x + 3]
            if c == bg:
                back += 1
                continue
            colours.add(c)
            if x < x0:
                x0 = x
            if x > x1:
                x1 = x
            if y < y0:
                y0 = y
            if y > y1:
                y1 = y
    span_x = (x1 - x0 + 1) / w if x1 >= 0 else 0.0
    span_y = (y1 - y0 + 1) / h if y1 >= 0 else 0.0
    off_x = abs((x0 + x1 + 1) / 2.0 - w / 2.0) / w if x1 >= 0 else 1.0
    off_y = abs((y0 + y1 + 1) / 2.0 - h / 2.0) / h if y1 >= 0 else 1.0
    return {"w": w, "h": h, "background": back / (w * h), "colours": len(colours),
            "span_x": span_x, "span_y": span_y, "off_x": off_x, "off_y": off_y,
            "box": (x0, y0, x1, y1)}


def verdict(s, top, generated=False):
    bad = []
    min_colours = GEN_MIN_COLOURS if generated else MIN_COLOURS
    max_background = GEN_MAX_BACKGROUND if generated else MAX_BACKGROUND
    if top:
        if 1.0 - s["background"] < TOP_MIN_DRAWN:
            bad.append("%.1f%% drawn (< %.0f%%): blank" % (100 * (1 - s["background"]), 100 * TOP_MIN_DRAWN))
        if max(s["span_x"], s["span_y"]) < TOP_SPAN:
            bad.append("drawn box %.2f x %.2f of the frame (< %.2f both ways): not fitted"
                       % (s["span_x"], s["span_y"], TOP_SPAN))
        if max(s["off_x"], s["off_y"]) > TOP_CENTRE:
            bad.append("drawn box centre off by %.3f, %.3f of the frame (> %.2f): not centred"
                       % (s["off_x"], s["off_y"], TOP_CENTRE))
        return bad
    if s["colours"] < min_colours:
        bad.append("%d distinct colours (< %d): blank or one colour" % (s["colours"], min_colours))
    if s["background"] > max_background:
        bad.append("%.0f%% background (> %.0f%%)" % (100 * s["background"], 100 * max_background))
    return bad


def main(argv):
    if len(argv) >= 3 and argv[1] == "stats":
        for p in argv[2:]:
            s = stats(p, p.endswith("-top.png"))
            print("%s background %.3f colours %d span %.2f %.2f off %.3f %.3f" %
                  (p, s["background"], s["colours"], s["span_x"], s["span_y"], s["off_x"], s["off_y"]))
        return 0
    if len(argv) >= 3 and argv[1] == "view":
        top = "--top" in argv[3:]
        s = stats(argv[2], top)
        bad = verdict(s, top, "--generated" in argv[3:])
        summary = "%.0f%% background, %d colours" % (100 * s["background"], s["colours"])
        if top:
            summary += ", drawn box %.2f x %.2f" % (s["span_x"], s["span_y"])
        if bad:
            print("bad picture %s: %s (%s)" % (argv[2], "; ".join(bad), summary))
            return 1
        print(summary)
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
