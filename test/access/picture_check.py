# SPDX-License-Identifier: MIT
"""Does a picture bspkit render wrote show something? (README "Pictures")

  picture_check.py stats PNG...              one line per picture: its
                                             background fraction, distinct
                                             colours, drawn box's span and
                                             centre offset (NAME-top.png:
                                             as a --top view)
  picture_check.py view PNG [--top [--floor]] [--generated]
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
A --top view with --floor also meets the floor of the default views
(floor_class) over its drawn pixels, at least FLOOR_MIN_DRAWN of them:
the floor plan itself is bright enough, not mostly black, not flat.
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import png  # noqa: E402

BACKGROUND = (24, 28, 40)     # tools/pictures/render_cmd.c: what no face covers (--top)
BACK_TOP = (16, 19, 28)       # a perspective view's void, top row ..
BACK_BOTTOM = (40, 46, 62)    # .. bottom row (docs/pictures.md)


def background_row(y, h):
    """The colour of row y of a perspective view where no face is drawn."""
    d = h - 1 if h > 1 else 1
    return bytes(int(math.floor((b - t) * y / d + 0.5)) + t for t, b in zip(BACK_TOP, BACK_BOTTOM))
MIN_COLOURS = 4
MAX_BACKGROUND = 0.75
TOP_SPAN = 0.85
TOP_CENTRE = 0.04
TOP_MIN_DRAWN = 0.05
GEN_MIN_COLOURS = 1
GEN_MAX_BACKGROUND = MAX_BACKGROUND
# The floor every real map's default view meets (issue 34; docs/pictures.md):
# bright enough, not mostly black, not flat. Luma: Rec. 601 weights.
FLOOR_MEAN_LUMA = 20.0        # of 255
FLOOR_NEAR_BLACK = 16         # a pixel darker than this luma is near black
FLOOR_MAX_NEAR_BLACK = 0.60
FLOOR_MIN_COLOURS = 32
FLOOR_MAX_ONE_COLOUR = 0.45
FLOOR_MIN_DRAWN = 0.20        # a --top view: at least this much of it the map
BLACK_MEAN_LUMA = 6.0         # below this (or over BLACK_NEAR_BLACK near
BLACK_NEAR_BLACK = 0.95       # black) a picture is black, not just dark


def luma(c):
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def floor_stats(path, top=False):
    """Mean luma, near-black fraction, distinct colours and the largest
    share of one colour over every pixel (background included); of a
    --top view (top), over its drawn pixels: the map's floor plan, not the
    void around it nor the scale bar's corner, and "drawn" their share of
    the picture."""
    w, h, px = png.read_rgb(path)
    counts = {}
    bg = bytes(BACKGROUND)
    for i in range(0, 3 * w * h, 3):
        c = px[i:i + 3]
        if top:
            y, x = divmod(i // 3, w)
            if c == bg or (y >= h - 18 and x <= w // 3 + 12):
                continue
        counts[c] = counts.get(c, 0) + 1
    n = float(max(sum(counts.values()), 1))
    total = dark = 0.0
    for c, k in counts.items():
        y = luma(c)
        total += y * k
        if y < FLOOR_NEAR_BLACK:
            dark += k
    return {"mean_luma": total / n, "near_black": dark / n, "colours": len(counts),
            "top_colour": max(counts.values()) / n if counts else 1.0,
            "drawn": n / (w * h) if top else 1.0}


def floor_class(f):
    """good, flat, dark or black (worst first) and what fails."""
    bad = []
    if f["drawn"] < FLOOR_MIN_DRAWN:
        bad.append("%.0f%% drawn (< %.0f%%)" % (100 * f["drawn"], 100 * FLOOR_MIN_DRAWN))
    if f["mean_luma"] < FLOOR_MEAN_LUMA:
        bad.append("mean luma %.1f (< %.0f)" % (f["mean_luma"], FLOOR_MEAN_LUMA))
    if f["near_black"] > FLOOR_MAX_NEAR_BLACK:
        bad.append("%.0f%% near black (> %.0f%%)" % (100 * f["near_black"], 100 * FLOOR_MAX_NEAR_BLACK))
    if f["colours"] < FLOOR_MIN_COLOURS:
        bad.append("%d colours (< %d)" % (f["colours"], FLOOR_MIN_COLOURS))
    if f["top_colour"] > FLOOR_MAX_ONE_COLOUR:
        bad.append("one colour on %.0f%% (> %.0f%%)" % (100 * f["top_colour"], 100 * FLOOR_MAX_ONE_COLOUR))
    if f["mean_luma"] < BLACK_MEAN_LUMA or f["near_black"] > BLACK_NEAR_BLACK:
        return "black", bad
    if f["mean_luma"] < FLOOR_MEAN_LUMA or f["near_black"] > FLOOR_MAX_NEAR_BLACK:
        return "dark", bad
    if bad:
        return "flat", bad
    return "good", bad


def floor_summary(f):
    return "mean luma %.0f, %.0f%% near black, %d colours, top colour %.0f%%%s" % (
        f["mean_luma"], 100 * f["near_black"], f["colours"], 100 * f["top_colour"],
        ", %.0f%% drawn" % (100 * f["drawn"]) if f.get("drawn", 1.0) < 1.0 else "")


def stats(path, top=False):
    w, h, px = png.read_rgb(path)
    colours = set()
    back = 0
    x0, y0, x1, y1 = w, h, -1, -1
    for y in range(h):
        bg = bytes(BACKGROUND) if top else background_row(y, h)
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
        if (not top and "--generated" not in argv[3:]) or (top and "--floor" in argv[3:]):
            f = floor_stats(argv[2], top)
            kind, floor_bad = floor_class(f)
            bad += ["%s: %s" % (kind, b) for b in floor_bad]
            summary += "; " + floor_summary(f)
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
