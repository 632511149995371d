#!/usr/bin/env python3
"""A page of static/ that names its module scripts under the static folder's version
("/v/{{static}}/td/sheets_menu.js", server/http/static.c) needs every module of their graph
to import the others by relative paths ('../js/strings.js'): an absolute '/js/strings.js'
would leave the version, and the page would run a second copy of that module beside the
first. A page that lists its modules for the browser to fetch at once (<link
rel="modulepreload">, issue 32: a module graph discovered import by import costs a round trip
a level) lists every module its scripts import, directly or not, and none it does not. (The
console lists none since its modules are bundled into static/td/td.bundle.js by the
Makefile: a bundle imports nothing, and is left out here.)

  python3 tests/house/modulepreload.py          check (exit 1 naming the page and modules)
  python3 tests/house/modulepreload.py --print  the <link> lines each such page should hold
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
STATIC = os.path.join(ROOT, 'static')

SCRIPT = re.compile(r'<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"')
PRELOAD = re.compile(r'<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"')
# static imports and re-exports; a dynamic import() is fetched when it runs, not listed
IMPORT = re.compile(r'^\s*(?:import|export)\b[^;\'"]*?\bfrom\s*[\'"]([^\'"]+)[\'"]|^\s*import\s*[\'"]([^\'"]+)[\'"]', re.M)


VERSIONED = '/v/{{static}}/'


def resolve(base, spec):
    """The URL path of spec imported by the module at URL path base (without the version)."""
    if spec.startswith(VERSIONED):
        spec = spec[len(VERSIONED) - 1:]
    if spec.startswith('/'):
        return os.path.normpath(spec)
    return os.path.normpath(os.path.join(os.path.dirname(base), spec))


def graph(entries, absolute=None):
    """Every module reached from the entries (URL paths), the entries included; absolute,
    a list, takes the 'module: specifier' of each import by an absolute path."""
    seen, todo = set(), list(entries)
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        path = os.path.join(STATIC, url.lstrip('/'))
        with open(path, encoding='utf-8') as f:
            src = f.read()
        for m in IMPORT.finditer(src):
            spec = m.group(1) or m.group(2)
            if absolute is not None and spec.startswith('/'):
                absolute.append(f'{url}: {spec}')
            todo.append(resolve(url, spec))
    return seen


def pages():
    for d, _, files in os.walk(STATIC):
        for name in sorted(files):
            if name.endswith('.html'):
                yield os.path.join(d, name)


def main():
    show = '--print' in sys.argv
    bad = 0
    for page in pages():
        with open(page, encoding='utf-8') as f:
            html = f.read()
        listed = PRELOAD.findall(html)
        url = '/' + os.path.relpath(page, STATIC).replace(os.sep, '/')
        # a bundle (static/td/td.bundle.js, made by the Makefile) imports nothing
        scripts = [x for x in SCRIPT.findall(html) if not x.endswith('.bundle.js')]
        absolute = [] if any(s.startswith(VERSIONED) for s in scripts) else None
        if not listed and not show and absolute is None:
            continue
        entries = {resolve(url, s) for s in scripts}
        need = graph(entries, absolute) - entries  # the <script> tags fetch the entries themselves
        for a in absolute or []:
            print(f'{os.path.relpath(page, ROOT)}: {a} is an absolute import under a versioned page: import it by a relative path')
        bad |= bool(absolute)
        if not listed and not show:
            continue
        if show:
            print(f'{os.path.relpath(page, ROOT)}:')
            for m in sorted(need):
                print(f'<link rel="modulepreload" href="{VERSIONED[:-1]}{m}">')
            continue
        have = {resolve(url, x) for x in listed}
        missing, extra = sorted(need - have), sorted(have - need)
        for m in missing:
            print(f'{os.path.relpath(page, ROOT)}: {m} is imported but not in its <link rel="modulepreload"> list')
        for m in extra:
            print(f'{os.path.relpath(page, ROOT)}: {m} is in its <link rel="modulepreload"> list but imported by none of its modules')
        bad |= bool(missing or extra)
    if bad:
        print('modulepreload: FAILED (python3 tests/house/modulepreload.py --print gives the lines)')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
