#!/usr/bin/env python3
"""The rules index, docs/rules.md: each DOMAIN.md rule id, the files of server/ and static/
that name it, and the tests that name it. Generated, so that it cannot drift:
tests/house/check_rules_index.sh regenerates it in make test and fails when the committed
page differs.

  python3 tests/house/rules_index.py              write docs/rules.md
  python3 tests/house/rules_index.py --stdout     print it instead
  python3 tests/house/rules_index.py --refresh-ids
        re-read the ids and titles from ../shared/docs/DOMAIN.md (or $DOMAIN_MD) into
        docs/rules-ids.txt

The ids come from docs/rules-ids.txt, kept in the repository (DOMAIN.md lives beside it,
not in it, and CI must not depend on it). A test names a rule when its name holds the id
without its dash, or with an underscore for it, as words (test_KO9_table_held: KO-9;
test_PEN2_MATCH3_length: PEN-2 and MATCH-3; test_CUBE_6_crawford: CUBE-6): the Check
suites' START_TEST names. An end-to-end step names one when its text
holds the id as written ("... (GOV-5)"). A file names one when it holds the id as written,
not inside a longer one (KO-1 is not KO-10, GOV-6 is not GOV-6a). Everything is sorted:
the same tree gives the same page, byte for byte."""
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
IDS = os.path.join(ROOT, "docs", "rules-ids.txt")
OUT = os.path.join(ROOT, "docs", "rules.md")
DOMAIN = os.environ.get("DOMAIN_MD") or os.path.join(ROOT, "..", "shared", "docs", "DOMAIN.md")
ID_RE = r"[A-Z]{2,6}-[0-9]+[a-z]?"
CODE_DIRS = ("server", "static")
CODE_EXT = (".c", ".h", ".js", ".html", ".css", ".sql")
TEST_EXT = (".c", ".mjs", ".sh", ".py")


def title_of(text):
    """A rule's one-line title: its text up to the first colon or full stop, at most 80
    characters (cut at a word, with an ellipsis)."""
    text = " ".join(text.split())
    m = re.search(r"(?<!e\.g)(?<!i\.e)[.:] ", text)
    if m:
        text = text[: m.start()]
    text = text.rstrip(".:")
    if len(text) > 80:
        text = text[:78].rsplit(" ", 1)[0] + " …"
    return text


def refresh_ids():
    if not os.path.exists(DOMAIN):
        sys.exit(f"rules_index: no {os.path.relpath(DOMAIN, ROOT)} to read the ids from")
    rules, cur = [], None
    for line in open(DOMAIN, encoding="utf-8"):
        m = re.match(r"^- (" + ID_RE + r") (.*)", line)
        if m:
            cur = [m.group(1), m.group(2)]
            rules.append(cur)
        elif cur and line.startswith("  ") and line.strip():
            cur[1] += " " + line.strip()
        else:
            cur = None
    with open(IDS, "w", encoding="utf-8") as f:
        f.write("# The rule ids of ../shared/docs/DOMAIN.md and their titles, in its order.\n")
        f.write("# Refresh: python3 tests/house/rules_index.py --refresh-ids\n")
        for rid, text in rules:
            f.write(f"{rid}\t{title_of(text)}\n")
    print(f"rules_index: {len(rules)} ids written to {os.path.relpath(IDS, ROOT)}")


def read_ids():
    out = []
    for line in open(IDS, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        rid, _, title = line.rstrip("\n").partition("\t")
        out.append((rid, title))
    return out


def walk(top, exts):
    for d, dirs, files in os.walk(os.path.join(ROOT, top)):
        dirs[:] = sorted(x for x in dirs if x not in ("node_modules", "screenshots", "data"))
        for f in sorted(files):
            # a generated bundle (static/td/td.bundle.js, the Makefile's) repeats its sources
            if f.endswith(exts) and not f.endswith(".bundle.js"):
                p = os.path.join(d, f)
                yield os.path.relpath(p, ROOT), open(p, encoding="utf-8", errors="replace").read()


# An id as written, not inside a longer one: KO-1 is not KO-10, GOV-6 is not GOV-6a.
ANY_ID = re.compile(r"(?<![A-Za-z0-9-])(" + ID_RE + r")(?![0-9A-Za-z])")


def build():
    ids = read_ids()
    known = {rid for rid, _ in ids}
    files = {rid: set() for rid in known}
    for top in CODE_DIRS:
        for path, text in walk(top, CODE_EXT):
            for rid in set(ANY_ID.findall(text)) & known:
                files[rid].add(path)

    tests = {rid: set() for rid in known}
    steps = {rid: set() for rid in known}
    nodash = {rid.replace("-", ""): rid for rid in known}
    for path, text in walk("tests", TEST_EXT):
        for name in re.findall(r"START_TEST\s*\(\s*(test_\w+)\s*\)", text):
            words = name.split("_")
            for i, word in enumerate(words):
                rid = nodash.get(word)
                if rid is None and i + 1 < len(words):
                    rid = (word + "-" + words[i + 1]) if word + "-" + words[i + 1] in known else None
                if rid:
                    tests[rid].add((name, path))
        if path.endswith(".mjs"):
            for s in re.findall(r"\bstep = '((?:[^'\\]|\\.)*)'", text):
                s = s.replace("\\'", "'")
                for rid in set(ANY_ID.findall(s)) & known:
                    steps[rid].add(s)

    out = []
    w = out.append
    w("# Rules index")
    w("")
    w("Generated by `python3 tests/house/rules_index.py`: do not edit by hand. `make test`")
    w("checks that this page is what the script makes of the tree")
    w("(`tests/house/check_rules_index.sh`). The rules and their ids are those of")
    w("`../shared/docs/DOMAIN.md` (titles kept in [`rules-ids.txt`](rules-ids.txt)). For each")
    w("rule: the files of `server/` and `static/` that name it, and the tests that name it")
    w("(Check tests `test_<ID>_…`, the id without its dash or with `_` for it; end-to-end steps of")
    w("`tests/e2e/e2e.mjs` that name it in their text). A rule with no file and no test is")
    w("not implemented yet. See [development](development.md#tests) for the tests.")
    w("")
    w("| rule | title | files | tests |")
    w("|---|---|---|---|")
    for rid, title in ids:
        n_tests = len(tests[rid]) + len(steps[rid])
        w(f"| [{rid}](#{anchor(rid)}) | {title} | {len(files[rid])} | {n_tests} |")
    for rid, title in ids:
        w("")
        w(f"## {rid}")
        w("")
        w(title + ".")
        w("")
        fl = sorted(files[rid])
        w("Files: " + (", ".join(f"`{f}`" for f in fl) if fl else "none.") )
        w("")
        tl = sorted(tests[rid])
        sl = sorted(steps[rid])
        if not tl and not sl:
            w("Tests: none.")
        else:
            w("Tests:")
            w("")
            for name, path in tl:
                w(f"- `{name}` (`{path}`)")
            for s in sl:
                w(f"- e2e step \"{s}\" (`tests/e2e/e2e.mjs`)")
    return "\n".join(out) + "\n"


def anchor(rid):
    return rid.lower()


def domain_news():
    """Ids DOMAIN.md has (when it is beside the repository) that rules-ids.txt lacks."""
    if not os.path.exists(DOMAIN):
        return []
    text = open(DOMAIN, encoding="utf-8").read()
    found = re.findall(r"^- (" + ID_RE + r") ", text, re.M)
    known = {rid for rid, _ in read_ids()}
    return [rid for rid in found if rid not in known]


def main(argv):
    if "--refresh-ids" in argv:
        refresh_ids()
        return 0
    if "--new-ids" in argv:
        print(" ".join(domain_news()))
        return 0
    page = build()
    if "--stdout" in argv:
        sys.stdout.write(page)
    else:
        with open(OUT, "w", encoding="utf-8") as f:
            f.write(page)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
