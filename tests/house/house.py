#!/usr/bin/env python3
"""The house's standing rules, checked against the code of server/ (docs/development.md,
"Layout"):

  1. floors: a file includes and calls only files of its own floor or below;
  2. no circle: no two .c files call each other, directly or round a circle (from the
     objects' symbols), no two folders of a floor (ops/'s rooms) either, and no two
     headers include each other;
  3. no SQLite type above store/;
  4. no file over 800 lines (OVERSIZED may list a debt, held to its size);
  5. the Layout of docs/development.md names every folder of server/ (its rooms too) and
     every floor below.

Rules 6 to 8, each thing in one place (a kind's name, the settings, the transactions), are
tests/house/one_place.py's; check_house.sh runs both.

Prints one line per breach, naming the files, and exits 1 if there is any."""
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SERVER = os.path.join(ROOT, "server")
LAYOUT_DOC = os.path.join(ROOT, "docs", "development.md")
MAX_LINES = 800

# The floors of docs/development.md's Layout, top down: a file may use its own floor and those below.
FLOORS = [
    ("main.c", 9),
    ("cli/", 8),
    ("http/", 7),
    ("api/", 6),
    ("app.h", 6),  # what a running server holds: the API's and the servers' state
    ("ops/", 5),
    ("store/", 4),
    ("tourney/", 3),
    ("codec/", 3),
    ("rules/", 2),
    ("common/", 1),
]

# Files allowed over MAX_LINES for a while ({"api/x.c": lines}): none today. A file that
# must grow past it is split by concern instead; an entry here is a debt with its size,
# which the check holds it to until it is split and taken off.
OVERSIZED = {}


def floor_of(rel):
    for prefix, rank in FLOORS:
        if rel == prefix or (prefix.endswith("/") and rel.startswith(prefix)):
            return prefix, rank
    return None, None


def room_of(rel):
    """The folder inside a floor that holds rel ("ops/match/"), or None for a floor's own file."""
    parts = rel.split("/")
    return "/".join(parts[:2]) + "/" if len(parts) > 2 else None


def sources():
    out = []
    for d, _, files in os.walk(SERVER):
        for f in files:
            if f.endswith((".c", ".h")):
                out.append(os.path.relpath(os.path.join(d, f), SERVER))
    return sorted(out)


def circles(nodes, edges):
    """Strongly connected components of more than one node (Tarjan)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
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
    for v in nodes:
        if v not in index:
            visit(v)
    return out


def main():
    obj_dir = sys.argv[1] if len(sys.argv) > 1 else None
    bad = []
    files = sources()
    text = {f: open(os.path.join(SERVER, f), encoding="utf-8").read() for f in files}

    # 1, 2: includes
    inc = {}
    for f in files:
        for target in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text[f], re.M):
            if target in text:
                inc.setdefault(f, set()).add(target)
    for f, targets in inc.items():
        _, rf = floor_of(f)
        for t in targets:
            _, rt = floor_of(t)
            if rf is not None and rt is not None and rt > rf:
                bad.append(f"floor: server/{f} includes server/{t}, a floor above it")
    headers = [f for f in files if f.endswith(".h")]
    hedges = {f: {t for t in inc.get(f, ()) if t.endswith(".h")} for f in headers}
    for comp in circles(headers, hedges):
        bad.append("circle of headers: " + " -> ".join("server/" + c for c in comp))

    # 1, 2: calls, from the objects' symbols
    if obj_dir:
        defined, undefined = {}, {}
        for f in files:
            if not f.endswith(".c"):
                continue
            o = os.path.join(obj_dir, f[:-2] + ".o")
            if not os.path.exists(o):
                bad.append(f"calls: no object {o} for server/{f} (build first)")
                continue
            syms = subprocess.run(["nm", o], capture_output=True, text=True, check=True).stdout
            for line in syms.splitlines():
                parts = line.split()
                if len(parts) == 3 and parts[1] in "TDBR":
                    defined.setdefault(parts[2], f)
                elif len(parts) == 2 and parts[0] == "U":
                    undefined.setdefault(f, set()).add(parts[1])
        cedges = {}
        for f, names in undefined.items():
            for n in names:
                g = defined.get(n)
                if g and g != f:
                    cedges.setdefault(f, set()).add(g)
        for f, targets in sorted(cedges.items()):
            _, rf = floor_of(f)
            for t in sorted(targets):
                _, rt = floor_of(t)
                if rf is not None and rt is not None and rt > rf:
                    bad.append(f"floor: server/{f} calls server/{t}, a floor above it")
        for comp in circles(sorted(cedges), cedges):
            bad.append("circle of files: " + ", ".join("server/" + c for c in comp))
        # the rooms of a floor (ops/frame/, ops/match/...) stand on one another too: no two
        # call each other, directly or round a circle
        redges = {}
        for f, targets in cedges.items():
            rf = room_of(f)
            for t in targets:
                rt = room_of(t)
                if rf and rt and rf != rt and rf.split("/")[0] == rt.split("/")[0]:
                    redges.setdefault(rf, set()).add(rt)
        for comp in circles(sorted(redges), redges):
            bad.append("circle of folders: " + ", ".join("server/" + c for c in comp))

    # 3: SQLite stays in store/
    sqlite = re.compile(r"#\s*include\s*<sqlite3\.h>|\bsqlite3_\w+|\bsqlite3\s*\*")
    for f in files:
        if not f.startswith("store/"):
            m = sqlite.search(text[f])
            if m:
                bad.append(f"sqlite above store/: server/{f} names {m.group(0)!r}")

    # 4: size
    for f in files:
        n = text[f].count("\n")
        ceiling = OVERSIZED.get(f, MAX_LINES)
        if n > ceiling:
            bad.append(f"size: server/{f} has {n} lines (at most {ceiling})")
    for f, ceiling in OVERSIZED.items():
        if f in text and text[f].count("\n") <= MAX_LINES:
            bad.append(f"size: server/{f} is {MAX_LINES} lines or fewer now: take it off OVERSIZED")

    # 5: the Layout (its first code block) names every folder of server/ and every floor
    doc = open(LAYOUT_DOC, encoding="utf-8").read()
    m = re.search(r"^## Layout\n.*?^```\n(.*?)^```", doc, re.M | re.S)
    if not m:
        bad.append("layout: docs/development.md has no '## Layout' section with its code block")
    else:
        block = m.group(1)
        folders = sorted(os.path.relpath(d, SERVER) + "/" for d, _, _ in os.walk(SERVER) if d != SERVER)
        for name in folders + [p for p, _ in FLOORS if p not in folders]:
            if not re.search(r"(?<![\w/])(server/)?" + re.escape(name) + r"(?![\w.])", block):
                bad.append(f"layout: docs/development.md's Layout does not name server/{name}")

    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
