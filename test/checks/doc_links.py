#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""doc_links.py - every relative link of the given Markdown pages leads
somewhere: the file exists and, with a #fragment, the page has a heading
of that anchor (GitHub's rule: lower case, punctuation but - and _
dropped, spaces to -). Prints one line per broken link; exit 1 if any.

    doc_links.py PAGE...
    doc_links.py --must PAGE LINK...    also: PAGE links to each LINK
"""
import os
import re
import sys

LINK = re.compile(r'\]\(([^)\s]+)\)')


def anchors(path):
    out, fence = set(), False
    for line in open(path, encoding='utf-8'):
        if line.lstrip().startswith('```'):
            fence = not fence
        m = None if fence else re.match(r'#+\s+(.*)', line)
        if m:
            text = re.sub(r'[^\w\- ]', '', m.group(1).strip().lower()).replace(' ', '-')
            out.add(text)
    return out


def links(path):
    text = re.sub(r'```.*?```', '', open(path, encoding='utf-8').read(), flags=re.S)
    return LINK.findall(text)


def broken(page):
    bad = []
    for target in links(page):
        if re.match(r'[a-z]+:', target):
            continue
        file, _, frag = target.partition('#')
        dest = os.path.normpath(os.path.join(os.path.dirname(page), file)) if file else page
        if not os.path.exists(dest):
            bad.append('%s: %s: no such file' % (page, target))
        elif frag and dest.endswith('.md') and frag not in anchors(dest):
            bad.append('%s: %s: no heading #%s in %s' % (page, target, frag, dest))
    return bad


def main():
    args = sys.argv[1:]
    bad = []
    if args[:1] == ['--must']:
        page, want = args[1], args[2:]
        have = set(links(page))
        bad += ['%s: no link to %s' % (page, w) for w in want if w not in have]
        args = [page]
    for page in args:
        bad += broken(page)
    for b in bad:
        print(b)
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
