"""Offline, not part of `make test`: gnubg's opinion of each file of this folder.

Run inside gnubg (`apt-get install gnubg`):

    until ORACLE_ARGS='{"dir": "tests/data/realworld", "out": "/tmp/gnubg.jsonl"}' \
        gnubg -t -q -r -p tests/data/realworld/gnubg_import.py >/dev/null 2>&1 &&
        [ ! -e /tmp/gnubg.jsonl.current ]; do :; done

For each .mat file, `import mat FILE` and then gnubg.match(): one JSON line with the file,
whether gnubg read a match at all, its number of finished games and the final score it gives
(the sum of "points-won" of the finished games). gnubg is a lenient second opinion: it
imports some files with an illegal play or a wrong result as they are. make_manifest.py
puts these figures beside Crawford's own in manifest.jsonl.
"""
import glob
import json
import os

import gnubg  # noqa: E402  (only inside gnubg)

args = json.loads(os.environ["ORACLE_ARGS"])
for c in ("set display off", "set confirm new off", "set automatic game off",
          "set automatic roll off", "set player 0 human", "set player 1 human"):
    gnubg.command(c)
# gnubg 1.07 aborts on a few files (a buffer overflow): the files already done are skipped, and
# the one being read is named in OUT.current first, so that a rerun records the crash.
done_files = set()
if os.path.exists(args["out"]):
    done_files = {json.loads(x)["file"] for x in open(args["out"]) if x.strip()}
cur = args["out"] + ".current"
if os.path.exists(cur):
    crashed = open(cur).read().strip()
    if crashed and crashed not in done_files:
        with open(args["out"], "a") as out:
            out.write(json.dumps({"file": crashed, "read": False,
                                  "error": "gnubg aborted while importing it"}) + "\n")
        done_files.add(crashed)
with open(args["out"], "a") as out:
    for path in sorted(glob.glob(os.path.join(args["dir"], "*.mat"))):
        if os.path.basename(path) in done_files:
            continue
        open(cur, "w").write(os.path.basename(path))
        rec = {"file": os.path.basename(path), "read": False}
        try:
            gnubg.command("new match 1")
            gnubg.command('import mat "%s"' % path)
            m = gnubg.match(0, 0)
        except Exception as e:  # gnubg raises on what it cannot import
            rec["error"] = str(e)
            m = None
        if m and m.get("games"):
            final = [0, 0]
            done = 0
            for g in m["games"]:
                info = g["info"]
                if info.get("winner") in ("X", "O"):
                    final[0 if info["winner"] == "X" else 1] += info.get("points-won") or 0
                    done += 1
            first = m["games"][0]["info"]
            rec.update({"read": True, "match_length": m["match-info"].get("match-length"),
                        "games": done, "final_score": final,
                        "start_score": [first.get("score-X"), first.get("score-O")]})
        out.write(json.dumps(rec) + "\n")
        out.flush()
os.unlink(cur)
open(os.environ.get("ORACLE_STATUS", "/dev/null"), "w").write("ok")
