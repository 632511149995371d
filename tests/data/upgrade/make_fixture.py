#!/usr/bin/env python3
"""Plays a tournament into a running crawford through its HTTP API, and leaves every kind
of event mid-way: the upgrade fixture (see make_fixture.sh, which starts the server and
dumps the database; tests/cli/check_upgrade.sh continues what this leaves).

Usage: make_fixture.py URL TD_PASSWORD

Everything here is fixed (names, seeds, results, the clock's banks) except what the server
draws itself: the PINs, the times, the password hashes, and the seeds of the fed events'
draws (the Consolation's and the Last Chance's pairings). So a remade fixture holds the
same ids and the same Main, Swing and Davis Cup events, but check_upgrade.sh's
expectations of the Consolation must be read again. The passwords are the head TD's
"head td secret" (make_fixture.sh) and the assistant's "assistant secret". Nothing is
left that moves with the time (no clock running, no late-entry deadline): the check runs
any time later, even on a machine whose clock is behind. What it leaves, by event:

- Main (knockout of 8, 3 points, seed "upgrade-main"): round 1 decided in four ways (both
  players' reports, the TD's verdict, a concession, a game-by-game report confirmed); in
  round 2 one match reported and awaiting confirmation, the other at table 7 under way:
  a game-by-game report of one game, a penalty point, its clock paused with set banks, a
  player's call taken by the assistant.
- Consolation (fed by the Main's losers, drawn by itself): one match verified, one
  disputed (the two reports differ).
- Last Chance (fed by the Consolation): waiting for the disputed match's loser.
- Swing (5 players, 1000 chips, CPP 10 then 20): round 1 played, round 2 started with one
  game verified and one not reported.
- Cup (Davis Cup round robin of 3 teams, 3 points a phase): the first tie's phase 1 played
  (one rubber each), its doubles not reported.
- Team Cup (Davis Cup knockout of 4 teams, 1 point, seed "upgrade-teams"): one semi-final
  won 3-0 (its last phase void), the other with one rubber played.
- A standalone 1-point match called to table 3.
- An assistant official with a password, players checked in, one withdrawn.
"""
import http.cookiejar
import json
import sys
import urllib.error
import urllib.request


class Client:
    """One person's session (its own cookies)."""

    def __init__(self, base):
        self.base = base.rstrip('/')
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def req(self, method, path, body=None, want=200):
        data = None if body is None else json.dumps(body).encode()
        r = urllib.request.Request(self.base + path, data=data, method=method,
                                   headers={'X-Crawford': '1',
                                            'Content-Type': 'application/json'})
        try:
            with self.opener.open(r) as f:
                status, text = f.status, f.read().decode()
        except urllib.error.HTTPError as e:
            status, text = e.code, e.read().decode()
        if status != want:
            sys.exit(f'make_fixture: {method} {path} {body}: {status} {text}')
        return json.loads(text) if text else None


URL, PASSWORD = sys.argv[1], sys.argv[2]
td = Client(URL)
td.req('POST', '/api/v1/login', {'password': PASSWORD})
T = td.req('POST', '/api/v1/tournaments', {'name': 'Upgrade Open', 'venue': 'Roma'}, 201)['id']
TP = f'/api/v1/tournaments/{T}'

pins, sessions = {}, {}


def player(name):
    p = td.req('POST', f'{TP}/players', {'name': name}, 201)
    pins[p['id']] = p['pin']
    return p['id']


def as_player(pid):
    """The player's own session, logged in with the PIN."""
    if pid not in sessions:
        c = Client(URL)
        c.req('POST', f'{TP}/players/{pid}/login', {'pin': pins[pid]})
        sessions[pid] = c
    return sessions[pid]


def event(body):
    return td.req('POST', f'{TP}/competitions', body, 201)['id']


def enter(eid, pids):
    for p in pids:
        td.req('POST', f'{TP}/competitions/{eid}/entries', {'player_id': p}, 201)


def bracket(eid):
    return td.req('GET', f'{TP}/competitions/{eid}/knockout')


def ko_match(eid, rnd, index):
    """(match id, player of side a, player of side b) of a bracket's match."""
    m = bracket(eid)['rounds'][rnd - 1]['matches'][index]
    return m['match_id'], m['sides'][0].get('player_id'), m['sides'][1].get('player_id')


def match(mid):
    return td.req('GET', f'{TP}/matches/{mid}')


def sides(mid):
    """The players of sides a and b of a match (player 1 of a Davis Cup pair)."""
    s = match(mid)['sides']
    return s[0]['player_id'], s[1]['player_id']


def report(pid, mid, body):
    return as_player(pid).req('POST', f'{TP}/matches/{mid}/report', body)


def confirm(pid, mid):
    return as_player(pid).req('POST', f'{TP}/matches/{mid}/confirm')


def verify(mid, a, b):
    return td.req('POST', f'{TP}/matches/{mid}/verify', {'score': {'a': a, 'b': b}})


def game(winner, cube=1, result='single'):
    return {'winner': winner, 'cube': cube, 'result': result}


# ---- the officials, and players outside the events ----
td.req('POST', '/api/v1/officials',
       {'name': 'Ada Assistant', 'role': 'assistant', 'password': 'assistant secret'}, 201)
ada = Client(URL)
ada.req('POST', '/api/v1/login', {'name': 'Ada Assistant', 'password': 'assistant secret'})

# ---- Main, Consolation, Last Chance ----
main_names = ['Alba', 'Bruno', 'Carla', 'Dario', 'Elena', 'Fabio', 'Gina', 'Ivo']
main = [player(n) for n in main_names]
for p in main[:4]:
    td.req('POST', f'{TP}/players/{p}/check-in')
E_MAIN = event({'kind': 'knockout', 'name': 'Main',
                'knockout': {'flight': 'championship', 'lengths': [3]}})
E_CONS = event({'kind': 'knockout', 'name': 'Consolation',
                'knockout': {'feeds_from': E_MAIN, 'lengths': [3]}})
E_LAST = event({'kind': 'knockout', 'name': 'Last Chance',
                'knockout': {'feeds_from': E_CONS, 'lengths': [3]}})
enter(E_MAIN, main)
td.req('POST', f'{TP}/competitions/{E_MAIN}/knockout/draw', {'seed': 'upgrade-main'})

# round 1, decided four ways
m, a, b = ko_match(E_MAIN, 1, 0)          # both players report
report(a, m, {'score': {'a': 3, 'b': 1}})
confirm(b, m)
m, a, b = ko_match(E_MAIN, 1, 1)          # the TD's verdict
verify(m, 0, 3)
m, a, b = ko_match(E_MAIN, 1, 2)          # a concession, confirmed
report(b, m, {'concede': True})
confirm(a, m)
m, a, b = ko_match(E_MAIN, 1, 3)          # game by game, then confirmed
for g in [game('b'), game('a', 2), game('a')]:
    as_player(a).req('POST', f'{TP}/matches/{m}/games', g)
confirm(b, m)

# round 2: one reported and waiting for the opponent's confirmation
m, a, b = ko_match(E_MAIN, 2, 0)
report(a, m, {'score': {'a': 3, 'b': 1}})
# the other under way at table 7: called, its clock started and paused with set banks, one
# game reported game by game, a penalty point against side b, a call taken
m, a, b = ko_match(E_MAIN, 2, 1)
td.req('POST', f'{TP}/matches/{m}/call', {'table': '7'})
td.req('POST', f'{TP}/matches/{m}/clock/start', {'lower_die': 'a'})
as_player(a).req('POST', f'{TP}/matches/{m}/games', game('a'))
as_player(b).req('POST', f'{TP}/matches/{m}/clock/pause', {'reason': 'end_of_game'})
td.req('PUT', f'{TP}/matches/{m}/clock', {'a_bank_ms': 312000, 'b_bank_ms': 287500})
td.req('POST', f'{TP}/matches/{m}/penalties',
       {'side': 'b', 'kind': 'points', 'points': 1, 'reason': 'slow play after warnings'}, 201)
call = as_player(b).req('POST', f'{TP}/matches/{m}/calls',
                        {'reason': 'clock', 'text': 'please bring a clock'}, 201)
ada.req('POST', f'{TP}/matches/{m}/calls/{call["id"]}/take')

# the Consolation drew itself from round 1's losers
m, a, b = ko_match(E_CONS, 1, 0)
verify(m, 3, 2)
m, a, b = ko_match(E_CONS, 1, 1)          # disputed: the reports differ
report(a, m, {'score': {'a': 3, 'b': 0}})
report(b, m, {'score': {'a': 1, 'b': 3}})

# ---- a standalone match, called to table 3 ----
s1, s2 = player('Sara'), player('Tino')
m = td.req('POST', f'{TP}/matches', {'player_a': s1, 'player_b': s2, 'length': 1}, 201)['id']
td.req('POST', f'{TP}/matches/{m}/call', {'table': '3'})

# ---- Swing ----
swing = [player(n) for n in ['Ugo', 'Vera', 'Walter', 'Xenia', 'Yuri']]
E_SWING = event({'kind': 'swing', 'name': 'Swing',
                 'swing': {'start_chips': 1000, 'cpp': [10, 20]}})
enter(E_SWING, swing)
r1 = td.req('POST', f'{TP}/competitions/{E_SWING}/swing/rounds', {'seed': 'swing-1'}, 201)
for g, body in zip(r1['games'], [game('a'), game('b', 2, 'gammon')]):
    a, b = sides(g['id'])
    report(a, g['id'], {'game': body})
    confirm(b, g['id'])
r2 = td.req('POST', f'{TP}/competitions/{E_SWING}/swing/rounds', {'seed': 'swing-2'}, 201)
g = r2['games'][0]
a, b = sides(g['id'])
report(b, g['id'], {'game': game('a', 1, 'backgammon')})
confirm(a, g['id'])

# ---- Davis Cup, round robin ----
cup = [player(n) for n in ['Anna Rossi', 'Berto Rossi', 'Ciro Verdi', 'Dina Verdi',
                           'Ezio Neri', 'Flora Neri']]
E_CUP = event({'kind': 'davis', 'name': 'Cup', 'davis': {'lengths': [3, 3, 3]}})
for i, team in enumerate(['Rossi', 'Verdi', 'Neri']):
    td.req('POST', f'{TP}/competitions/{E_CUP}/davis/teams',
           {'name': team, 'player1': cup[2 * i], 'player2': cup[2 * i + 1]}, 201)
td.req('POST', f'{TP}/competitions/{E_CUP}/davis/start', None, 201)
tie = [t for t in td.req('GET', f'{TP}/competitions/{E_CUP}/davis')['ties'] if t['rubbers']][0]
r = [x['id'] for x in tie['rubbers']]
a, b = sides(r[0])
report(a, r[0], {'score': {'a': 3, 'b': 2}})
confirm(b, r[0])
verify(r[1], 1, 3)

# ---- Davis Cup, knockout of teams ----
tc = [player(n) for n in ['Gaia Blu', 'Enzo Blu', 'Ines Oro', 'Luca Oro', 'Marta Rame',
                          'Nico Rame', 'Olga Viola', 'Piero Viola']]
E_TEAMS = event({'kind': 'davis', 'name': 'Team Cup',
                 'davis': {'format': 'knockout', 'lengths': [1, 1, 1]}})
for i, team in enumerate(['Blu', 'Oro', 'Rame', 'Viola']):
    td.req('POST', f'{TP}/competitions/{E_TEAMS}/davis/teams',
           {'name': team, 'player1': tc[2 * i], 'player2': tc[2 * i + 1]}, 201)
td.req('POST', f'{TP}/competitions/{E_TEAMS}/davis/start', {'seed': 'upgrade-teams'}, 201)
ties = [t for t in td.req('GET', f'{TP}/competitions/{E_TEAMS}/davis')['ties'] if t['rubbers']]
for x in ties[0]['rubbers'][:3]:         # side a's team wins phases 1 and 2: 3-0
    verify(x['id'], 1, 0)
verify(ties[1]['rubbers'][0]['id'], 0, 1)

# ---- players outside the events ----
w = player('Walter Ritirato')
td.req('POST', f'{TP}/players/{w}/withdraw')

print(json.dumps({'tournament': T, 'pins': pins}))
