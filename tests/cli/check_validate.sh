#!/usr/bin/env bash
# `crawford validate` on the shared data: every gnubg transcript is valid with the final score
# gnubg recorded, every hand-broken one is invalid at the game, move and rule its index names,
# and the exit codes and --json fields are as documented (0 valid, 1 invalid, 2 usage/unreadable).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${CRAWFORD_BIN:-$ROOT/build/rel/crawford}
DATA=$ROOT/tests/data
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check_validate: $*" >&2; exit 1; }

# The whole corpus, in one run: exit 0 and one JSON line per file.
"$BIN" validate --json "$DATA"/gnubg/matches/*.mat "$DATA"/gnubg/money/*.mat \
    "$DATA"/gnubg/money/*.gam > "$tmp/corpus.jsonl" || fail "the gnubg corpus is not all valid"
python3 - "$DATA" "$tmp/corpus.jsonl" <<'PY'
import json, os, sys
data, out = sys.argv[1], sys.argv[2]
got = {}
for line in open(out):
    o = json.loads(line)
    for k in ("file", "valid", "match_length", "players", "games", "final_score", "winner"):
        assert k in o, (k, o)
    assert o["valid"] is True and "error" not in o, o
    got[os.path.basename(o["file"])] = o
n = 0
for d in ("matches", "money"):
    for line in open(os.path.join(data, "gnubg", d, "index.jsonl")):
        x = json.loads(line)
        for f in x["files"].values():
            o = got[f]
            assert o["final_score"] == x["final_score"], (f, o, x["final_score"])
            assert o["games"] == x["n_games"], (f, o)
            assert o["players"] == x["names"], (f, o)
            assert o["match_length"] == x["match_length"], (f, o)
            assert o["winner"] == x["winner"], (f, o, x["winner"])
            n += 1
assert n == len(got) == 180, (n, len(got))
print("check_validate: %d gnubg transcripts valid with gnubg's final scores" % n)
PY

# Each broken transcript: exit 1, and the error where its index puts it.
python3 - "$BIN" "$DATA/broken" <<'PY'
import json, os, subprocess, sys
binary, folder = sys.argv[1], sys.argv[2]
n = 0
for line in open(os.path.join(folder, "index.jsonl")):
    x = json.loads(line)
    path = os.path.join(folder, x["file"])
    p = subprocess.run([binary, "validate", "--json", path], capture_output=True, text=True)
    assert p.returncode == 1, (x["file"], p.returncode, p.stdout, p.stderr)
    o = json.loads(p.stdout)
    assert o["valid"] is False, o
    e = o["error"]
    for k in ("game", "move", "side", "rule"):
        assert e[k] == x[k], (x["file"], k, e, x)
    assert e["message"].startswith("Game %d" % x["game"]), e
    # The line without --json says invalid and gives the same sentence.
    p = subprocess.run([binary, "validate", path], capture_output=True, text=True)
    assert p.returncode == 1 and p.stdout == "%s: invalid: %s\n" % (path, e["message"]), p.stdout
    if "responsible" in x:
        p = subprocess.run([binary, "validate", "--json", "--policy", "responsible", path],
                           capture_output=True, text=True)
        o = json.loads(p.stdout)
        r = x["responsible"]
        assert (p.returncode == 0) == r["valid"] and o["valid"] == r["valid"], (p.returncode, o)
        assert len(o.get("flagged", [])) == r["flagged"], o
        assert o["final_score"] == r["final_score"], o
        assert o["flagged"][0]["rule"] == x["rule"] and o["flagged"][0]["move"] == x["move"], o
    n += 1
assert n >= 8
print("check_validate: %d broken transcripts refused at the right game, move and rule" % n)
PY

# Each partial record: valid as far as it goes, and --json says where it starts, the games
# finished, that the match is not, and the last game left unfinished.
python3 - "$BIN" "$DATA/partial" <<'PY'
import json, os, subprocess, sys
binary, folder = sys.argv[1], sys.argv[2]
n = 0
for line in open(os.path.join(folder, "index.jsonl")):
    x = json.loads(line)
    path = os.path.join(folder, x["file"])
    p = subprocess.run([binary, "validate", "--json", path], capture_output=True, text=True)
    assert p.returncode == 0, (x["file"], p.stdout)
    o = json.loads(p.stdout)
    assert o["valid"] is True and o["finished"] is False and o["winner"] is None, o
    for k in ("start_score", "games", "final_score", "unfinished_game"):
        assert o[k] == x[k], (x["file"], k, o[k], x[k])
    p = subprocess.run([binary, "validate", path], capture_output=True, text=True)
    assert p.returncode == 0 and "partial record" in p.stdout, p.stdout
    assert "the match is not finished" in p.stdout, p.stdout
    if x["unfinished_game"]:
        assert "game %d unfinished and not counted" % x["unfinished_game"] in p.stdout, p.stdout
    if x["start_score"] != [0, 0]:
        assert "starts at %d-%d" % tuple(x["start_score"]) in p.stdout, p.stdout
    n += 1
assert n >= 4
print("check_validate: %d partial records valid as far as they go" % n)
PY

# Exit codes: mixed valid and invalid -> 1; an unreadable file -> 2 (and the others still run);
# usage errors -> 2.
good=$DATA/gnubg/matches/0016_03pt.mat
bad=$DATA/broken/illegal_step.mat
st=0; "$BIN" validate "$good" > "$tmp/one.txt" || st=$?
[ "$st" = 0 ] || fail "a valid file gives exit $st"
grep -q "^$good: valid, 3-point match, gnubg_A 0 - gnubg_B 3" "$tmp/one.txt" || fail "valid line: $(cat "$tmp/one.txt")"
st=0; "$BIN" validate "$good" "$bad" > "$tmp/two.txt" || st=$?
[ "$st" = 1 ] || fail "valid + invalid gives exit $st"
[ "$(wc -l < "$tmp/two.txt")" = 2 ] || fail "one line a file expected"
st=0; "$BIN" validate --json "$good" "$tmp/missing.mat" "$bad" > "$tmp/three.txt" 2> "$tmp/err.txt" || st=$?
[ "$st" = 2 ] || fail "an unreadable file gives exit $st"
[ "$(wc -l < "$tmp/three.txt")" = 3 ] || fail "every file gets its line"
grep -q 'missing.mat' "$tmp/err.txt" || fail "the unreadable file is named on stderr"
for args in "" "--policy" "--policy lenient x.mat" "--bogus x.mat" "--json"; do
    st=0; "$BIN" validate $args > /dev/null 2>&1 || st=$?
    [ "$st" = 2 ] || fail "usage error '$args' gives exit $st"
done
# Options after the files, and stdin as "-".
st=0; "$BIN" validate - --json < "$good" > "$tmp/stdin.txt" || st=$?
[ "$st" = 0 ] && grep -q '"valid":true' "$tmp/stdin.txt" || fail "stdin with --json after it"
echo "check_validate: exit codes and options as documented"
