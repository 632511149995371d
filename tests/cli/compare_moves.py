#!/usr/bin/env python3
"""Compares `crawford moves` output with gnubg's legal plays (tests/data/gnubg/cases.jsonl.gz).

Each case lists gnubg's resulting positions as keys: 52 hex digits, the mover's counts at
indices 0..25 then the opponent's. Points 1..24 are in the mover's numbering for both
arrays; index 0 is a side's borne-off checkers and index 25 its bar. Our output gives each play as its
steps [from, to]; they are applied here and the set of resulting keys must equal gnubg's.
Prints "N passed, M failed" and exits 1 on any difference.
"""
import gzip
import json
import sys


def apply_step(me, opp, a, b):
    me, opp = list(me), list(opp)
    if me[a] <= 0:
        raise ValueError("no checker on %d" % a)
    me[a] -= 1
    if b > 0:
        if opp[b] >= 2:
            raise ValueError("point %d is blocked" % b)
        if opp[b] == 1:  # a hit: the blot goes to the opponent's bar
            opp[b] = 0
            opp[25] += 1
    me[b] += 1
    return me, opp


def key(me, opp):
    return "".join("%x" % n for n in me + opp)


def main():
    cases = {}
    with gzip.open(sys.argv[1], "rt") as f:
        for line in f:
            if line.strip():
                c = json.loads(line)
                cases[c["id"]] = c
    passed = failed = 0
    with open(sys.argv[2]) as f:
        for line in f:
            if not line.strip():
                continue
            e = json.loads(line)
            c = cases.pop(e["id"], None)
            if c is None:
                print("unknown case %s" % e["id"])
                failed += 1
                continue
            got, err = set(), None
            for steps in e.get("moves", []):
                me, opp = c["board"]["me"], c["board"]["opp"]
                try:
                    for a, b in steps:
                        me, opp = apply_step(me, opp, a, b)
                except ValueError as ex:
                    err = "%s: %s" % (steps, ex)
                    break
                got.add(key(me, opp))
            want = {m["key"] for m in c["moves"]}
            if err or got != want:
                failed += 1
                if failed <= 10:
                    print("== %s dice %s: missing %d, extra %d%s" % (
                        c["id"], c["dice"], len(want - got), len(got - want),
                        ", cannot apply " + err if err else ""))
            else:
                passed += 1
    failed += len(cases)  # cases the engine did not answer
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
