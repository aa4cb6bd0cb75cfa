#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# size_doc.py - docs/building.md's `make size` table from `make size`
# itself, so that the page shows what the command prints today and never a
# table typed by hand (issue 42 item 7: the page showed 0.3.0's long after).
#
#   make -s size | python3 mk/size_doc.py PAGE           write the table
#   make -s size | python3 mk/size_doc.py --check PAGE   exit 1 when the
#                                          page's table differs (the suite)
#
# The table is the indented block between the page's two marker comments
# (BEGIN, END below), each line of the command's output indented by four
# spaces (a Markdown code block). `make size_doc` runs the first form.
import sys

BEGIN = "<!-- make size: written by mk/size_doc.py (make size-doc) -->"
END = "<!-- make size: end -->"


def block(lines):
    # (a blank line each side, so that Markdown sees a code block)
    return [BEGIN, ""] + ["    " + l.rstrip() for l in lines] + ["", END]


def main(argv):
    check = argv[1:2] == ["--check"]
    args = argv[2:] if check else argv[1:]
    if len(args) != 1:
        sys.stderr.write("usage: make -s size | size_doc.py [--check] PAGE\n")
        return 2
    page = args[0]
    out = [l for l in sys.stdin.read().splitlines() if l.strip()]
    # a table has its title, its core line, its column heads and rows
    if len(out) < 4 or not out[0].startswith("loader on "):
        sys.stderr.write("size_doc.py: standard input is not `make size`'s table\n")
        return 2
    with open(page) as f:
        text = f.read().split("\n")
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        sys.stderr.write("size_doc.py: %s has not one pair of markers %s .. %s\n" % (page, BEGIN, END))
        return 2
    a, b = text.index(BEGIN), text.index(END)
    new = text[:a] + block(out) + text[b + 1:]
    if check:
        if new == text:
            return 0
        have = [l[4:] for l in text[a + 1:b] if l.strip()]
        sys.stderr.write("%s shows:\n%s\nmake size prints:\n%s\n" % (page, "\n".join(have), "\n".join(out)))
        return 1
    if new != text:
        with open(page, "w") as f:
            f.write("\n".join(new))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
