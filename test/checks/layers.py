#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""layers.py - the source tree's folders form one chain: each uses only the
ones below it. Checks every #include of loader/, port/, platform/ and
tools/, and, given a build's object folder, every call and data reference
between loader objects (nm), and that no two files use each other in a
loop.

    python3 test/checks/layers.py [--root DIR] [--objects BUILD/obj]

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
# public header; test/ is above everything and not checked.
CHAIN = ["port", "loader/core", "loader/lzma", "loader/family", "loader/pipeline",
         "loader/query", "loader/collision", "loader/access"]
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
    return edges, len(objs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    ap.add_argument("--objects", action="append",
                    help="a build's obj/ folder (BUILD/obj); again for the tool's objects")
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
              + " <- ".join(CHAIN) + "; tools/ uses the public header, platform/ and "
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
                  "runs down the chain" % nobj)
        n0 = len(failures)
        for comp in find_cycles(call_edges):
            report(False, "files call each other in a loop: " + " -> ".join(comp))
        if nobj and len(failures) == n0:
            print("PASS layers: no two loader or tool files call each other in a loop")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
