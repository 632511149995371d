#!/usr/bin/env python3
"""Relative links of README.md and docs/*.md lead somewhere: every link to a file names one
that exists, and every #anchor names a heading of the page it points to (GitHub's anchors:
the heading in lower case, without punctuation but - and _, spaces as -, a repeated one
with -1, -2...). Links to other sites are not followed.

  python3 tests/house/doc_links.py          check; prints each broken link, exits 1 if any
  python3 tests/house/doc_links.py --fix    also point a #anchor missing from its own page
                                            at the one page that has it (after moving text)"""
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LINK = re.compile(r"(?<!\!)\[(?:[^\]\\]|\\.)*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")


def pages():
    out = ["README.md"]
    d = os.path.join(ROOT, "docs")
    if os.path.isdir(d):
        out += sorted("docs/" + f for f in os.listdir(d) if f.endswith(".md"))
    return out


def strip_code(text):
    """The text without fenced code blocks and inline code (links there are not links)."""
    text = re.sub(r"^```.*?^```", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.M | re.S)
    return re.sub(r"`[^`\n]*`", "``", text)


def anchors(path):
    seen, out = {}, set()
    text = open(os.path.join(ROOT, path), encoding="utf-8").read()
    text = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    for m in re.finditer(r"^#{1,6} +(.*?) *#*$", text, re.M):
        h = m.group(1)
        h = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", h)  # a link's text only
        slug = re.sub(r"[^\w\- ]", "", h.lower().replace("`", "")).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def main(argv):
    fix = "--fix" in argv
    all_pages = pages()
    anc = {p: anchors(p) for p in all_pages}
    bad = []
    for page in all_pages:
        full = os.path.join(ROOT, page)
        raw = open(full, encoding="utf-8").read()
        text = strip_code(raw)
        here = os.path.dirname(page)
        repl = {}
        for m in LINK.finditer(text):
            target = m.group(1) or m.group(2)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, mailto: ...
                continue
            line = text.count("\n", 0, m.start()) + 1
            file_part, _, frag = target.partition("#")
            dest = os.path.normpath(os.path.join(here, file_part)) if file_part else page
            if file_part and not os.path.exists(os.path.join(ROOT, dest)):
                bad.append(f"{page}:{line}: {target}: no file {dest}")
                continue
            if not frag or not dest.endswith(".md"):
                continue
            if frag in anc.get(dest, set()):
                continue
            having = [p for p in all_pages if frag in anc[p]]
            if fix and not file_part and len(having) == 1:
                rel = os.path.relpath(having[0], here or ".")
                repl[f"](#{frag})"] = f"]({rel}#{frag})"
                continue
            where = f" (it is in {', '.join(having)})" if having else ""
            bad.append(f"{page}:{line}: {target}: no heading #{frag} in {dest}{where}")
        if repl:
            for a, b in repl.items():
                raw = raw.replace(a, b)
            open(full, "w", encoding="utf-8").write(raw)
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
