#!/usr/bin/env python3
"""The house's rules of one place (issue 30), checked against the C files of server/:

  6. kind names: an event's kind is compared by name ("knockout", "swing", "davis",
     "standalone" in strcmp, strncmp, streq, == ...) only in the kinds table;
  7. settings: an event's settings JSON is parsed (json_loads, json_loadb, strstr ... on a
     `settings` member) only by its kind's own parse function;
  8. transactions: a transaction is opened, committed, rolled back or the database locked
     (op_begin, api_tx_begin, db_begin, db_lock ...) only in the frame.

Each rule has its ALLOWLIST below, file (under server/; a folder ending in "/" for all of
it) -> why. An entry marked TEMPORARY is a debt today's code still owes: the lead takes it
off when the branch that pays it is merged. A stale entry (its file gone, or no longer
breaking its rule) fails the check too, so the lists only shrink, and truthfully.

Prints one line per breach, "rule N (name): server/FILE:LINE: what", and exits 1 if any.
  one_place.py [--root DIR] [--allowlists FILE.json]
--root: the checkout to read (its server/), this one by default; --allowlists: a JSON
object {"kind names": {...}, "settings": {...}, "transactions": {...}} instead of the lists
below (tests/house/check_house_self.sh plants breaches in a tree of its own with them)."""
import json
import os
import re
import sys

TEMP = "TEMPORARY: to be emptied by issue 30 items 1 and 2"

# Rule 6: where a kind's name may be compared. Its home is the kinds table (issue 30 item
# 1, its file not yet named); today every place that asks which kind an event is.
KIND_NAMES = {
    "tourney/event_kind.c": "the kinds table: each kind's name, and its settings read (where"
    " the Davis Cup's own format \"knockout\" is read too)",
}

# Rule 7: where an event's settings JSON may be parsed: each kind's own parse function.
SETTINGS = {
    "store/events.c": "the event row read: its settings text read once, by the kind's own"
    " parse function (tourney/event_kind.c event_settings_read_text)",
}

# Rule 8: where a transaction is made: the frame (ops/frame/frame.c, its HTTP side api/tx.c)
# and, below it, the store that it runs on.
TRANSACTIONS = {
    "store/": "the store: the transactions, the lock and the group commit themselves",
    "ops/frame/frame.c": "the frame: the one runner of every change, and of every read under the lock",
    "api/tx.c": "the frame's HTTP side (the Idempotency-Key, its refusals and replays)",
}

KINDS = ("knockout", "swing", "davis", "standalone")
COMPARE_CALLS = r"strcmp|strncmp|strcasecmp|strncasecmp|streq\w*|memcmp"
PARSE_CALLS = r"json_loads|json_loadb|strstr|strcasestr|strchr|strrchr|sscanf|strncmp|strcmp"
TX_CALLS = (
    "op_begin|op_commit|op_commit_async|op_rollback|api_tx_begin|api_tx_begin_read|"
    "api_tx_commit|api_tx_commit_read|api_tx_rollback|api_begin|api_begin_as|db_begin|"
    "db_begin_reserved|db_commit|db_commit_async|db_rollback|db_lock|db_unlock"
)

RULES = [
    (6, "kind names", "KIND_NAMES", "compares the kind name {what} outside the kinds table"),
    (7, "settings", "SETTINGS", "parses a settings member ({what}) outside its kind's parse function"),
    (8, "transactions", "TRANSACTIONS", "calls {what} outside the frame"),
]


TOKENS = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)


def blank(src):
    """src with its comments blanked, and a copy with its string and character literals
    blanked too (quotes kept): offsets and lines as in src."""

    def spaces(text):
        return re.sub(r"[^\n]", " ", text)

    def code(m):
        t = m.group(0)
        return spaces(t) if t[0] == "/" else t

    def bare(m):
        t = m.group(0)
        return spaces(t) if t[0] == "/" else t[0] + spaces(t[1:-1]) + t[-1]

    return TOKENS.sub(code, src), TOKENS.sub(bare, src)


def calls(bare, names):
    """(offset of the name, the name, offset of '(' + 1, offset of its ')') of each call."""
    for m in re.finditer(r"\b(" + names + r")\s*\(", bare):
        depth, k = 1, m.end()
        while k < len(bare) and depth:
            depth += {"(": 1, ")": -1}.get(bare[k], 0)
            k += 1
        yield m.start(), m.group(1), m.end(), k - 1


def breaches(path, rel):
    """[(rule number, line, what)] of one file."""
    src = open(path, encoding="utf-8").read()
    code, bare = blank(src)
    line = lambda off: src.count("\n", 0, off) + 1  # noqa: E731
    kind_lit = re.compile(r'"(' + "|".join(KINDS) + r')"')
    out = []
    for start, name, a, b in calls(bare, COMPARE_CALLS):
        for m in kind_lit.finditer(code, a, b):
            out.append((6, line(m.start()), f'"{m.group(1)}" in {name}'))
    for m in re.finditer(r'(?:==|!=)\s*"(' + "|".join(KINDS) + r')"|"(' + "|".join(KINDS)
                         + r')"\s*(?:==|!=)', code):
        out.append((6, line(m.start()), f'"{m.group(1) or m.group(2)}" with == or !='))
    for start, name, a, b in calls(bare, PARSE_CALLS):
        m = re.search(r"(?:->|\.)\s*settings\b", bare[a:b])
        if m:
            out.append((7, line(a + m.start()), f"{name} on {bare[a:b][m.start():m.end()]}"))
    # the stored settings text read into the kind's typed settings: once, where the row is read
    for start, name, a, b in calls(bare, "event_settings_read_text"):
        if not bare[b + 1:].lstrip().startswith("{"):
            out.append((7, line(start), name + "() (the stored settings read again)"))
    for start, name, a, b in calls(bare, TX_CALLS):
        if bare[b + 1:].lstrip().startswith("{"):
            continue  # its definition, not a call
        out.append((8, line(start), name + "()"))
    return out


def entry_of(rel, allow):
    """The allowlist's key that covers server/rel (the file, or a folder holding it)."""
    if rel in allow:
        return rel
    for key in allow:
        if key.endswith("/") and rel.startswith(key):
            return key
    return None


def main(argv):
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    lists = {"kind names": KIND_NAMES, "settings": SETTINGS, "transactions": TRANSACTIONS}
    args = list(argv)
    while args:
        opt = args.pop(0)
        if opt == "--root" and args:
            root = os.path.abspath(args.pop(0))
        elif opt == "--allowlists" and args:
            given = json.load(open(args.pop(0), encoding="utf-8"))
            lists = {k: given.get(k, {}) for k in lists}
        else:
            print(__doc__)
            return 2
    server = os.path.join(root, "server")
    files = []
    for d, _, names in os.walk(server):
        files += [os.path.relpath(os.path.join(d, f), server) for f in names if f.endswith(".c")]
    bad, used = [], set()
    for rel in sorted(files):
        for rule, ln, what in breaches(os.path.join(server, rel), rel):
            number, name, listname, sentence = next(r for r in RULES if r[0] == rule)
            key = entry_of(rel, lists[name])
            if key is not None:
                used.add((name, key))
                continue
            bad.append(f"rule {number} ({name}): server/{rel}:{ln}: "
                       + sentence.format(what=what) + f" (not in {listname} of tests/house/one_place.py)")
    for number, name, listname, _ in RULES:
        for key in lists[name]:
            if not os.path.exists(os.path.join(server, key)):
                bad.append(f"rule {number} ({name}): stale entry {listname}[{key!r}]: server/{key}"
                           " is gone: take it off the list")
            elif (name, key) not in used:
                bad.append(f"rule {number} ({name}): stale entry {listname}[{key!r}]: server/{key}"
                           " no longer breaks the rule: take it off the list")
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
