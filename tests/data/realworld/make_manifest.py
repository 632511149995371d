"""Offline, not part of `make test`: writes manifest.jsonl, what test_rules_realworld expects of
each file of this folder.

    python3 tests/data/realworld/make_manifest.py GNUBG.jsonl CRAWFORD.jsonl

GNUBG.jsonl comes from gnubg_import.py, CRAWFORD.jsonl from
`crawford validate --json tests/data/realworld/*.mat`. An accepted file's expected final score
and games are gnubg's: the script stops if Crawford's differ. A refused file must be one of
REFUSED below, each checked by hand against the file: the line that makes it wrong, and why.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

REFUSED = {
    "galaxy_0001_match8985531.mat": {
        "game": 5, "move": 27, "side": 1, "rule": "ENG-8", "line": 106,
        "text": " 27)  Losses 4 point                                               "
                "Wins 4 point and the match",
        "why": "an impossible result: lasse leads 4-1 in the 5-point match and is bearing off "
               "far ahead when the file gives nenneg 4 points and the match; the game is not "
               "over and the cube is at 1, so a resignation is worth 1, 2 or 3, and 4 is no "
               "capped value of one (nenneg needs 4, which no game at cube 1 gives). Most "
               "likely lasse's time ran out or he left (CLK-7), which a .mat file cannot say.",
        "gnubg": "reads it and counts 3 of the 4 points: 4-4, the match not over, although "
                 "the line says 'and the match'",
    },
    "studio_0006_Minchy_-_Llabba_13pt_Backgammon_Studio_2023_02_24_19_44_27.mat": {
        "game": 10, "move": 31, "side": 1, "rule": "ENG-8", "line": 220,
        "text": "  31) 21: ????                           Wins 4016 point",
        "why": "Backgammon Studio wrote Minchy's last play as '????' (a roll it did not "
               "record: Minchy resigned on it) and Llabba's result as 4016 points: at cube 4 "
               "a resignation is worth 4, 8 or 12, and 4016 is no capped value of one "
               "(Llabba at 11 of 13 needed 2)",
        "gnubg": "accepts the unreadable play (skips it) and the impossible 4016 points, "
                 "ending the match 3-23",
    },
}


def main(gnubg_path, crawford_path):
    gnubg = {}
    for x in open(gnubg_path):
        if x.strip():
            o = json.loads(x)
            gnubg[o["file"]] = o
    sources = {}
    for x in open(os.path.join(HERE, "sources.jsonl")):
        o = json.loads(x)
        sources[o["file"]] = o
    out = []
    for x in open(crawford_path):
        c = json.loads(x)
        f = os.path.basename(c["file"])
        g = gnubg[f]
        rec = {"file": f, "group": sources[f]["group"], "source": sources[f]["source"]}
        if c["valid"]:
            if f in REFUSED:
                sys.exit("%s: accepted, but listed as refused" % f)
            rec.update({"accepted": True, "match_length": c["match_length"],
                        "start_score": c["start_score"], "games": c["games"],
                        "final_score": c["final_score"], "finished": c["finished"],
                        "unfinished_game": c["unfinished_game"]})
            if g["read"]:
                if (g["final_score"], g["games"]) != (c["final_score"], c["games"]):
                    sys.exit("%s: Crawford %s in %d games, gnubg %s in %d" %
                             (f, c["final_score"], c["games"], g["final_score"], g["games"]))
                rec["gnubg"] = "same final score and games"
            else:
                rec["gnubg"] = g.get("error", "not read")
        else:
            if f not in REFUSED:
                sys.exit("%s: refused (%s) without a reason checked by hand" %
                         (f, c["error"]["message"]))
            e, r = c["error"], REFUSED[f]
            for k in ("game", "move", "side", "rule"):
                if e[k] != r[k]:
                    sys.exit("%s: %s is %s, the hand check says %s" % (f, k, e[k], r[k]))
            with open(os.path.join(HERE, f), encoding="latin-1") as fh:
                if fh.read().split("\n")[r["line"] - 1].split() != r["text"].split():
                    sys.exit("%s: line %d is not the one quoted" % (f, r["line"]))
            rec.update({"accepted": False, **r})
        out.append(rec)
    with open(os.path.join(HERE, "manifest.jsonl"), "w") as fh:
        for rec in sorted(out, key=lambda r: r["file"]):
            fh.write(json.dumps(rec) + "\n")
    print("manifest.jsonl: %d files, %d accepted" % (len(out), sum(r["accepted"] for r in out)))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
