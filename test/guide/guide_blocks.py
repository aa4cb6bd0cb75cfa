#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""guide_blocks.py - every C code block of the documentation, for the suite
to compile and run (test/suite/66-guide.sh; the rules in docs/testing.md).

    guide_blocks.py OUTDIR FILE...

FILE is a Markdown page (every ```c fenced block) or a .c file (the whole
file, as docs/examples/ keeps them). Each block is written to
OUTDIR/NAME.c and described by one line of OUTDIR/manifest, tab-separated:

    NAME  HARNESS  MAPS  NEEDS  WHERE

A block's fence says how it is checked, in words after the language (a
Markdown renderer shows only the code):

    ```c check=program maps=all
    ```c check=jobs maps=lzma needs=BSP_WAIT_JOBS,BSP_E_END

check=program: the block is a whole program, run as `PROG MAP`.
check=H: the block is a fragment (functions, or statements), compiled inside
test/guide/H.c, which #includes it where it belongs (GUIDE_BLOCK) and runs
it as `PROG MAP`. maps: `all` (a generated map of every family), `lzma`
(generated maps with compressed lumps) or a comma-separated list of
generated map names. needs: public names the block uses that the header
may not have yet; the suite reports the block SKIP (to be enabled) until
loader/bspkit.h has them all. A .c file under docs/examples/ is checked by
test/guide/<its name>.c when there is one (else as a program) on `all`.
A ```c block without check= is an error: every block must run. The same
code twice (the guide shows docs/examples/player_move.c verbatim) is
checked once.
"""
import os
import re
import sys

FENCE = re.compile(r'^(\s*)```c(?:[ \t]+(.*))?$')
WORDS = {'check', 'maps', 'needs'}


def blocks_of_markdown(path):
    lines = open(path, encoding='utf-8').read().split('\n')
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, info, start = m.group(1), (m.group(2) or '').strip(), i + 1
        body = []
        i += 1
        while i < len(lines) and lines[i].strip() != '```':
            line = lines[i]
            body.append(line[len(indent):] if line.startswith(indent) else line)
            i += 1
        if i >= len(lines):
            raise SystemExit('%s:%d: a ```c block that never ends' % (path, start))
        i += 1
        tags = {}
        for word in info.split():
            key, eq, value = word.partition('=')
            if not eq or key not in WORDS:
                raise SystemExit('%s:%d: unknown fence word %r (check=, maps=, needs=)'
                                 % (path, start, word))
            tags[key] = value
        if 'check' not in tags:
            raise SystemExit('%s:%d: a ```c block without check=: every block of the '
                             'guide is compiled and run (docs/testing.md)' % (path, start))
        yield start, '\n'.join(body) + '\n', tags


def blocks_of_c(path, here):
    name = os.path.splitext(os.path.basename(path))[0]
    harness = name if os.path.exists(os.path.join(here, name + '.c')) else 'program'
    yield 1, open(path, encoding='utf-8').read(), {'check': harness}


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    out, files = sys.argv[1], sys.argv[2:]
    here = os.path.dirname(os.path.abspath(__file__))
    os.makedirs(out, exist_ok=True)
    seen = {}
    rows = []
    for path in files:
        found = blocks_of_c(path, here) if path.endswith('.c') else blocks_of_markdown(path)
        stem = re.sub(r'[^A-Za-z0-9]+', '_', os.path.splitext(path)[0]).strip('_')
        for line, code, tags in found:
            where = '%s:%d' % (path, line)
            if code in seen:
                print('%s: the same code as %s, checked there' % (where, seen[code]))
                continue
            seen[code] = where
            check = tags['check']
            if check != 'program' and not os.path.exists(os.path.join(here, check + '.c')):
                raise SystemExit('%s: check=%s but there is no test/guide/%s.c' % (where, check, check))
            name = '%s_%d' % (stem, line)
            with open(os.path.join(out, name + '.c'), 'w', encoding='utf-8') as f:
                f.write(code)
            rows.append('\t'.join([name, check, tags.get('maps', 'all'),
                                   tags.get('needs', '-') or '-', where]))
    with open(os.path.join(out, 'manifest'), 'w', encoding='utf-8') as f:
        f.write(''.join(r + '\n' for r in rows))


if __name__ == '__main__':
    main()
