#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""layers.py - the source tree's folders form one chain: each uses only the
ones below it. Checks every #include of loader/, port/, platform/ and
tools/, and, given a build's object folder, every call and data reference
between loader objects (nm), and that no two files use each other in a
loop.

    python3 test/checks/layers.py [--root DIR] [--objects BUILD/obj] [--source-map FILE]

With --source-map (docs/source-map.md) it also holds the map against the
tree and the chain: every file of loader/, port/ and platform/ named, every
name a file or folder of the tree, each folder listed once, the loader's
folders in CHAIN's order.

Prints one PASS or FAIL line per check; exit status 1 on any FAIL.
"""
import argparse
import os
import re
import subprocess
import sys

# The chain, lowest first: a folder may use its own files and those of the
# folders before it. loader/bspkit.h, the public header, is under them all
# (it includes nothing); platform/ sits beside the loader on port/ and the
# public header; test/ is above everything and not checked. cmodel/, the
# collision model a load builds, sits on family/ under the traces that read
# it; pipeline/, the load itself, is the loader's top floor: no other
# folder of the loader uses it (only the tools, through the public API, and
# the tests), and it enters cmodel/ through cmodel.h alone.
CHAIN = ["port", "loader/core", "loader/lzma", "loader/family", "loader/cmodel",
         "loader/query", "loader/collision", "loader/access", "loader/pipeline"]
TOP = "loader/pipeline"
# what of cmodel/ the pipeline may name: its one header and its entry points
CMODEL, CMODEL_HEADER, CMODEL_ENTRY = "loader/cmodel", "loader/cmodel/cmodel.h", "bsp__cmodel_"
PUBLIC = "loader/bspkit.h"
# The tool (tools/) sits on the public header and platform/ alone, and its
# folders form a chain of their own: common/ at the bottom, pictures/ and
# simulate/ on it (neither uses the other), cli/ (main, the commands) on top.
TOOL_LEVEL = {"tools/common": 0, "tools/pictures": 1, "tools/simulate": 1, "tools/cli": 2}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def folder_of(rel):
    for f in CHAIN:
        if rel.startswith(f + "/"):
            return f
    if rel.startswith("platform/") or rel.startswith("tools/"):
        return "/".join(rel.split("/")[:2])
    return None


def tool_may_use(here, there, target):
    """May a file of tools/ folder `here` include `target` (of folder `there`)?"""
    if target == PUBLIC or (there or "").startswith("platform/"):
        return True
    if here not in TOOL_LEVEL or there not in TOOL_LEVEL:
        return False
    return there == here or TOOL_LEVEL[there] < TOOL_LEVEL[here]


def level(folder):
    if folder in CHAIN:
        return CHAIN.index(folder)
    if folder and folder.startswith("platform/"):
        return 0.5        # above port/, below the loader
    return None


def sources(root):
    for top in ("loader", "port", "platform", "tools"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for name in sorted(files):
                if name.endswith((".c", ".h")):
                    yield os.path.relpath(os.path.join(dirpath, name), root)


def resolve(root, rel, inc):
    here = os.path.normpath(os.path.join(os.path.dirname(rel), inc))
    if os.path.exists(os.path.join(root, here)):
        return here
    if os.path.exists(os.path.join(root, "loader", inc)):   # -Iloader
        return os.path.normpath(os.path.join("loader", inc))
    return None


def find_cycles(edges):
    """Strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    nodes = set(edges) | {b for bs in edges.values() for b in bs}

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def check_includes(root, report):
    edges = {}
    for rel in sources(root):
        src = open(os.path.join(root, rel), encoding="utf-8", errors="replace").read()
        here = folder_of(rel)
        for inc in INCLUDE.findall(src):
            target = resolve(root, rel, inc)
            if target is None:
                report(False, "%s: #include \"%s\" names no file of the tree" % (rel, inc))
                continue
            edges.setdefault(rel, set()).add(target)
            there = folder_of(target)
            if rel.startswith("tools/"):
                if not tool_may_use(here, there, target):
                    report(False, "%s includes %s: %s may not use %s" % (rel, target, here, there))
                continue
            if target == PUBLIC:
                continue
            lh, lt = level(here), level(there)
            if lt is None or lh is None or lt > lh or (here.startswith("platform/") and
                                                        there != here and there != "port"):
                report(False, "%s includes %s: %s may not use %s" % (rel, target, here, there))
            elif here == TOP and there == CMODEL and target != CMODEL_HEADER:
                report(False, "%s includes %s: %s enters %s through %s alone" %
                       (rel, target, TOP, CMODEL, CMODEL_HEADER))
    return edges


def defined_and_used(obj):
    out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            used.add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDRBCSGV" and parts[1].isupper():
            defined.add(parts[2])
    return defined, used


def check_calls(objdirs, report):
    objs = {}
    for objdir in objdirs:
        for dirpath, _, files in os.walk(objdir):
            for name in files:
                if name.endswith(".o"):
                    path = os.path.join(dirpath, name)
                    rel = os.path.relpath(path, objdir)[:-2] + ".c"
                    if folder_of(rel) in CHAIN or folder_of(rel) in TOOL_LEVEL:
                        objs[rel] = defined_and_used(path)
    owner = {}
    for rel, (defined, _) in objs.items():
        for sym in defined:
            owner[sym] = rel
    edges = {}
    for rel, (_, used) in sorted(objs.items()):
        for sym in sorted(used):
            target = owner.get(sym)
            if target is None or target == rel:
                continue
            edges.setdefault(rel, set()).add(target)
            here, there = folder_of(rel), folder_of(target)
            if here in TOOL_LEVEL and (there in CHAIN or there.startswith("platform/")):
                if sym.startswith("bsp__"):   # the public API only
                    report(False, "%s uses %s of %s: the tool may use only the public API" %
                           (rel, sym, target))
            elif here in TOOL_LEVEL or there in TOOL_LEVEL:
                if here not in TOOL_LEVEL or not tool_may_use(here, there, target):
                    report(False, "%s uses %s of %s: %s may not use %s" %
                           (rel, sym, target, here, there))
            elif level(there) > level(here):
                report(False, "%s uses %s of %s: %s may not use %s" %
                       (rel, sym, target, folder_of(rel), folder_of(target)))
            elif here == TOP and there == CMODEL and not sym.startswith(CMODEL_ENTRY):
                report(False, "%s uses %s of %s: %s calls %s's entry points (%s*) alone" %
                       (rel, sym, target, TOP, CMODEL, CMODEL_ENTRY))
    return edges, len(objs)


# The map's listing: a line of 4 spaces and a name heads a folder (or names
# a file of the root); a line of 6 spaces names files of that folder, comma
# separated, up to two spaces; deeper lines continue the text.
MAP_HEAD = re.compile(r"^    (\S+)(?:\s{2,}|$)")
MAP_FILE = re.compile(r"^      (\S[^ ,]*(?:, \S[^ ,]*)*)(?:\s{2,}|$)")
MAP_CHECKED = ("loader", "port", "platform")
# a path in the text: folder/name.ext
MAP_PATH = re.compile(r"(?<![\w./-])((?:\.\./)*[\w.-]+(?:/[\w.-]+)+\.(?:c|h|S|ld|py|sh|md|mk|in))\b")


def check_source_map(root, path, report):
    text = open(path, encoding="utf-8").read()
    heads, named, folder = [], set(), None
    for line in text.splitlines():
        m = MAP_HEAD.match(line)
        if m:
            folder = m.group(1).rstrip("/")
            heads.append(folder)
            named.add(folder)
            continue
        m = MAP_FILE.match(line)
        if m and folder is not None:
            for name in m.group(1).split(", "):
                named.add(os.path.normpath(os.path.join(folder, name.rstrip("/"))))
    bad = []
    for h in sorted(set(heads)):
        if heads.count(h) > 1:
            bad.append("%s: %s is listed %d times" % (path, h + "/", heads.count(h)))
    for name in sorted(named):
        if not os.path.exists(os.path.join(root, name)):
            bad.append("%s names %s, which the tree does not have" % (path, name))
    on_disk = set()
    for top in MAP_CHECKED:
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for f in files:
                on_disk.add(os.path.relpath(os.path.join(dirpath, f), root))
    for f in sorted(on_disk - named):
        bad.append("%s does not name %s" % (path, f))
    loader = [h for h in heads if h in CHAIN]
    if loader != [f for f in CHAIN if f in loader] or set(loader) != set(CHAIN):
        bad.append("%s lists the loader's folders as %s, not as the chain %s" %
                   (path, " <- ".join(loader), " <- ".join(CHAIN)))
    # paths in the text: from the root, loader/ (-Iloader), the page's folder
    for p in sorted(set(MAP_PATH.findall(text))):
        bases = (root, os.path.join(root, "loader"), os.path.dirname(path),
                 os.path.join(root, "test"))
        if not any(os.path.exists(os.path.normpath(os.path.join(b, p))) for b in bases):
            bad.append("%s names %s, which the tree does not have" % (path, p))
    for what in bad:
        report(False, what)
    if not bad:
        print("PASS layers: %s names each of the %d files of %s, every name it gives is in the "
              "tree, each folder once, the loader's folders in the chain's order" %
              (path, len(on_disk), ", ".join(d + "/" for d in MAP_CHECKED)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    ap.add_argument("--objects", action="append",
                    help="a build's obj/ folder (BUILD/obj); again for the tool's objects")
    ap.add_argument("--source-map", help="docs/source-map.md: check it against the tree and the chain")
    args = ap.parse_args()
    failures = []

    def report(ok, what):
        if not ok:
            failures.append(what)
            print("FAIL layers: " + what)

    n0 = len(failures)
    inc_edges = check_includes(args.root, report)
    if len(failures) == n0:
        print("PASS layers: every #include of loader/, port/ and platform/ runs down the chain "
              + " <- ".join(CHAIN) + " (" + TOP + " enters " + CMODEL + " through "
              + CMODEL_HEADER + " alone); tools/ uses the public header, platform/ and "
              "tools/common <- tools/pictures, tools/simulate <- tools/cli")
    n0 = len(failures)
    for comp in find_cycles(inc_edges):
        report(False, "files include each other in a loop: " + " -> ".join(comp))
    if len(failures) == n0:
        print("PASS layers: no two files include each other in a loop")
    if args.objects:
        n0 = len(failures)
        call_edges, nobj = check_calls(args.objects, report)
        if nobj == 0:
            report(False, "no loader objects under " + " ".join(args.objects))
        elif len(failures) == n0:
            print("PASS layers: every call and data reference between %d loader and tool objects "
                  "runs down the chain (%s names only %s* of %s)" % (nobj, TOP, CMODEL_ENTRY, CMODEL))
        n0 = len(failures)
        for comp in find_cycles(call_edges):
            report(False, "files call each other in a loop: " + " -> ".join(comp))
        if nobj and len(failures) == n0:
            print("PASS layers: no two loader or tool files call each other in a loop")
    if args.source_map:
        check_source_map(args.root, args.source_map, report)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
