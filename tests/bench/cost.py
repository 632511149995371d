#!/usr/bin/env python3
"""What one request costs the server, in instructions (valgrind's callgrind), on a fixed
request script: the same requests over one keep-alive connection to a server with one HTTP
thread, the counters zeroed after the setup, and the cost of N requests subtracted from
that of 2N so that what a run costs once (the first request's caches, a tick) drops out.
Instruction counts repeat within a fraction of a percent from run to run, where wall-clock
figures on a shared machine move by a third: they decide a before/after comparison.

Prints `bench cost.NAME VALUE instr` lines:
  cost.report_instr            a game {"winner":"a","cube":1,"result":"single"} reported by
                               a player to a match of length 99 holding 10 games
  cost.report_instr_at_2_games   the same report to a match holding 2 games
  cost.report_instr_at_40_games  the same report to a match already holding 40 games
  cost.report_growth_40_vs_2     the second over the first: a report's cost must not grow
                               with its match (at most 1.10)
  cost.writer_instr_per_report the part of cost.report_instr spent in the writer's turn:
                               the inclusive cost of turn (api/tx.c, api_run's locked
                               part), from the frame's begin (the lock taken) to its
                               commit (the lock given back),
                               read from the same profile with callgrind_annotate
  cost.writer_writes_instr_per_report  the part of that turn a plain game's writes take:
                               the begin, the report's row, the match's save, the stream
                               entry, the audit row and the commit (WRITE_FNS): what is
                               left of the turn once everything that only reads or
                               computes is done before it (docs/development.md)
  cost.get_tournament_instr    GET of a tournament (public)
  cost.get_tournament_bare_instr  the same GET answered by a bare libmicrohttpd serving the
                               same body (tests/bench/bare_mhd.c, one thread as here), and
  cost.get_tournament_vs_bare  the bare server's cost over Crawford's (1 would be no cost
                               beyond the library's)

SQLite's automatic checkpoint (every 1,000 pages of log, in whichever commit crosses the
mark) and the main thread's ticks are left out of every figure: CHECKPOINT_FN and MAIN_FN
say why.

Usage: CRAWFORD_BIN=build/rel/crawford python3 tests/bench/cost.py  (make cost)
"""
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

BIN = os.environ.get("CRAWFORD_BIN", "build/rel/crawford")
BARE = os.environ.get("BARE_BIN", os.path.join(os.path.dirname(BIN), "bench", "bare_mhd"))
N = int(os.environ.get("COST_N", "8"))
PASSWORD = "cost password"


def fail(msg):
    print("cost: " + msg, file=sys.stderr)
    sys.exit(1)


class Client:
    def __init__(self, port):
        self.c = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        self.cookie = None

    def req(self, method, path, body=None, cookie=None, want=None):
        headers = {"X-Crawford": "1"}
        if body is not None:
            headers["Content-Type"] = "application/json"
            body = json.dumps(body)
        if cookie:
            headers["Cookie"] = cookie
        self.c.request(method, path, body=body, headers=headers)
        r = self.c.getresponse()
        data = r.read()
        if want and r.status not in want:
            fail(f"{method} {path}: {r.status} {data[:300]!r}")
        cookies = [v.split(";")[0] for k, v in r.getheaders() if k.lower() == "set-cookie"]
        return r.status, (json.loads(data) if data and data[:1] in b"{[" else None), cookies


WRITER_FN = "server/api/tx.c:turn"  # a suffix: the build may name its files from any folder
# SQLite's automatic checkpoint: run by the commit that takes the log past 1,000 pages, about
# 220,000 instructions once every few hundred reports. Landing in one of the two runs of a
# measure it moved the figure by 27,000 (before the figures below left it out, cost.report_instr
# at 2 games read 456,056 against 429,220 without it); it is left out of both runs.
CHECKPOINT_FN = "???:sqlite3_wal_checkpoint"
# The main thread, which serves no request: it runs the server's ticks once a second (clocks'
# flags, deadlines). Under callgrind a request takes fifty times its time, so the ticks that
# fall between the N and the 2N runs are a matter of seconds, not of requests: 1,800
# instructions "a GET" of a tournament, none of them a GET's. Left out of every figure.
MAIN_FN = "server/cli/cli_serve.c:cli_serve"
# A plain game's writes inside the turn, none calling another (suffixes, as WRITER_FN)
WRITE_FNS = ("server/api/tx.c:begin", "server/ops/frame/frame.c:op_commit_async",
             "server/store/matches.c:db_report_update_games",
             "server/store/matches.c:db_match_update_from", "server/store/stream.c:db_stream_add",
             "server/store/audit.c:db_audit")


def inclusive(path):
    """The inclusive costs of the writer's turn (WRITER_FN), of its writes (WRITE_FNS), of the
    checkpoints and of the main thread in a callgrind dump."""
    out = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", path],
                         check=True, capture_output=True, text=True).stdout
    turn = ckpt = main = 0
    writes = {}  # by function: callgrind_annotate may list one under two names of its file
    for line in out.splitlines():
        m = re.match(r"^\s*([\d,]+)\s+\([^)]*\)\s+(\S+)", line)
        for fn in WRITE_FNS if m else ():
            if m.group(2).endswith(fn):
                writes[fn] = max(writes.get(fn, 0), int(m.group(1).replace(",", "")))
        if m and m.group(2).endswith(WRITER_FN):
            turn = int(m.group(1).replace(",", ""))
        elif m and m.group(2).endswith(CHECKPOINT_FN):
            ckpt = int(m.group(1).replace(",", ""))
        elif m and m.group(2).endswith(MAIN_FN):
            main = int(m.group(1).replace(",", ""))
    return turn, ckpt, main, sum(writes.values())


def total_instr(pid, outdir, tag):
    """Dumps the counters since the last zeroing and returns their total, the part of it in
    the writer's turn and the part of that in its writes."""
    subprocess.run(["callgrind_control", "-d", tag, str(pid)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    best = None
    for name in os.listdir(outdir):
        path = os.path.join(outdir, name)
        with open(path, errors="replace") as f:
            text = f.read()
        if f"desc: Trigger: dump {tag}\n" not in text:
            continue
        m = re.search(r"^(?:summary|totals):\s*(\d+)", text, re.M)
        if m:
            # a checkpoint runs inside the writer's turn, in its commit
            turn, ckpt, main, writes = inclusive(path)
            best = (int(m.group(1)) - ckpt - main, turn - ckpt, writes - ckpt)
        if os.environ.get("COST_KEEP"):  # a profile to read with callgrind_annotate
            shutil.copy(path, os.path.join(os.environ["COST_KEEP"], tag + ".out"))
        os.remove(path)
    if best is None:
        fail("no callgrind dump for " + tag)
    return best


def zero(pid):
    subprocess.run(["callgrind_control", "-z", str(pid)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main():
    if not shutil.which("valgrind") or not shutil.which("callgrind_control"):
        fail("valgrind is not installed (apt-get install valgrind)")
    d = tempfile.mkdtemp(prefix="crawford-cost-")
    cfg = os.path.join(d, "c.json")
    with open(cfg, "w") as f:
        json.dump({"bind": "127.0.0.1", "database": os.path.join(d, "c.db"), "threads": 1,
                   "static_dir": os.path.abspath("static")}, f)
    env = dict(os.environ, CRAWFORD_TD_PASSWORD=PASSWORD)
    servers = []

    def start(argv, log):
        """A server under callgrind: its process and the port it says it serves on."""
        out = open(os.path.join(d, log), "w")
        p = subprocess.Popen(["valgrind", "--tool=callgrind", "--trace-children=no",
                              f"--callgrind-out-file={d}/callgrind.out.%p"] + argv, stdout=out,
                             stderr=subprocess.STDOUT, env=env)
        servers.append(p)
        for _ in range(1200):
            with open(os.path.join(d, log)) as f:
                m = re.search(r"serving http://[^:]*:(\d+)/", f.read())
            if m:
                return p, int(m.group(1))
            if p.poll() is not None:
                break
            time.sleep(0.1)
        fail(f"{argv[0]} did not start under valgrind")

    try:
        if not os.access(BARE, os.X_OK):
            fail(f"{BARE} is not built (make {BARE})")
        p, port = start([BIN, "serve", "--config", cfg, "--port", "0"], "out.log")
        c = Client(port)
        _, _, ck = c.req("POST", "/api/v1/login", {"password": PASSWORD}, want={200})
        td = "; ".join(ck)
        _, t, _ = c.req("POST", "/api/v1/tournaments", {"name": "Cost"}, td, {201})
        tid = t["id"]
        base = f"/api/v1/tournaments/{tid}"
        _, a, _ = c.req("POST", base + "/players", {"name": "Anna Rossi", "country": "IT"}, td,
                        {201})
        _, b, _ = c.req("POST", base + "/players", {"name": "Bruno Verdi", "country": "IT"}, td,
                        {201})
        _, _, ck = c.req("POST", f"{base}/players/{a['id']}/login", {"pin": a["pin"]},
                         want={200})
        me = "; ".join(ck)

        def match_with(games):
            _, m, _ = c.req("POST", base + "/matches",
                            {"player_a": a["id"], "player_b": b["id"], "length": 99}, td, {201})
            for g in range(games):
                report(m["id"], g)
            return m["id"]

        def report(mid, g):
            c.req("POST", f"{base}/matches/{mid}/games",
                  {"winner": "ab"[g % 2], "cube": 1, "result": "single"}, me, {200, 201})

        pid = p.pid
        figures = {}

        def measure(name, setup, one, writer=None, pid=pid):
            """(cost of 2N) - (cost of N), over N: each run on state made the same way."""
            costs, turns, writes = [], [], []
            for k, n in enumerate((N, 2 * N)):
                state = setup(n)
                one(state, 0)  # a warm-up: the first of a kind fills caches
                zero(pid)
                for i in range(n):
                    one(state, i + 1)
                total, turn, w = total_instr(pid, d, f"{name}-{k}")
                costs.append(total)
                turns.append(turn)
                writes.append(w)
            figures[name] = (costs[1] - costs[0]) / N
            if writer:
                figures[writer] = (turns[1] - turns[0]) / N
                figures[writer.replace("writer_", "writer_writes_")] = (writes[1] - writes[0]) / N

        def report_at(games):
            # a new match per run holding `games` games: the N or 2N reports that follow go
            # to N or 2N such matches in turn, so each report meets the same number of games
            def setup(n):
                return [match_with(games) for _ in range(n + 1)]

            def one(ms, i):
                report(ms[i], games)
            return setup, one

        measure("cost.report_instr", *report_at(10), writer="cost.writer_instr_per_report")
        measure("cost.report_instr_at_2_games", *report_at(2))
        measure("cost.report_instr_at_40_games", *report_at(40))
        measure("cost.get_tournament_instr", lambda n: None,
                lambda s, i: c.req("GET", base, want={200}))
        # the same body from a bare libmicrohttpd, measured the same way
        body = os.path.join(d, "body.json")
        c.c.request("GET", base)
        with open(body, "wb") as f:
            f.write(c.c.getresponse().read())
        bp, bport = start([BARE, body, "1"], "bare.log")
        bc = Client(bport)
        measure("cost.get_tournament_bare_instr", lambda n: None,
                lambda s, i: bc.req("GET", base, want={200}), pid=bp.pid)
        for name, v in figures.items():
            print(f"bench {name} {v:.0f} instr")
        print("bench cost.report_growth_40_vs_2 %.3f ratio"
              % (figures["cost.report_instr_at_40_games"] / figures["cost.report_instr_at_2_games"]))
        print("bench cost.get_tournament_vs_bare %.3f ratio"
              % (figures["cost.get_tournament_bare_instr"] / figures["cost.get_tournament_instr"]))
    finally:
        for sp in servers:
            sp.terminate()
            try:
                sp.wait(timeout=60)
            except subprocess.TimeoutExpired:
                sp.kill()
        shutil.rmtree(d, ignore_errors=True)


if __name__ == "__main__":
    main()
