#!/usr/bin/env python3
"""The module graph of each page, preloaded at once: a page's entry module imports others,
which import others, and a browser finds each level only when the one above it has come
(the console's 38 modules came in four round trips, a third of its first render, issue 32).
`<link rel="modulepreload">` lines for every module the page's entries reach, written in
its <head> between the markers below, let the browser ask for all of them at the start.

This script rewrites those lines from the imports (`import ... from '...'`, `export ...
from '...'`); with --check it rewrites nothing and fails when a page's lines are not what
the imports say (tests/house/check_preload.sh), so a module added to a page cannot be left
out of its preload.

Usage: python3 tests/house/preload.py [--check]
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STATIC = os.path.join(ROOT, "static")
PAGES = ["td/index.html", "play/index.html", "display/index.html"]
BEGIN = "<!-- modulepreload: tests/house/preload.py writes these lines -->"
END = "<!-- /modulepreload -->"
IMPORT = re.compile(r"""^\s*(?:import|export)\s[^;]*?\bfrom\s+['"]([^'"]+)['"]""", re.M | re.S)
BARE = re.compile(r"""^\s*import\s+['"]([^'"]+)['"]""", re.M)
ENTRY = re.compile(r"""<script\s+type="module"\s+src="([^"]+)"></script>""")


def resolve(base, spec):
    """The URL path of an import from the module at URL path base."""
    if spec.startswith("/"):
        return spec
    return os.path.normpath(os.path.join(os.path.dirname(base), spec))


def graph(entries):
    """Every module the entries reach, the entries themselves left out (their own
    <script> tags ask for them), in a stable order: breadth first, then by name."""
    seen, order, todo = set(entries), [], list(entries)
    while todo:
        url = todo.pop(0)
        path = os.path.join(STATIC, url.lstrip("/"))
        if not os.path.isfile(path):
            sys.exit("preload: %s imports a module that is not there" % url)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for spec in sorted(set(IMPORT.findall(text) + BARE.findall(text))):
            dep = resolve(url, spec)
            if dep not in seen:
                seen.add(dep)
                order.append(dep)
                todo.append(dep)
    return sorted(order)


def block(page_text):
    entries = ENTRY.findall(page_text)
    lines = ['<link rel="modulepreload" href="%s">' % m for m in graph(entries)]
    return "\n".join([BEGIN] + lines + [END])


def main():
    check = "--check" in sys.argv[1:]
    bad = []
    for page in PAGES:
        path = os.path.join(STATIC, page)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        want = block(text)
        if BEGIN in text:
            a = text.index(BEGIN)
            b = text.index(END, a) + len(END)
            new = text[:a] + want + text[b:]
        else:
            # the first time: before the page's first module script
            m = ENTRY.search(text)
            new = text[: m.start()] + want + "\n" + text[m.start():]
        if new != text:
            if check:
                bad.append(page)
            else:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(new)
    if bad:
        print("preload: the modulepreload lines of %s are not what the imports say; run"
              % ", ".join("static/" + p for p in bad))
        print("    python3 tests/house/preload.py")
        sys.exit(1)


if __name__ == "__main__":
    main()
