-- 002: matches and their reports, player sessions, idempotent retries, and the durable
-- event log behind the event streams.

-- Per tournament, the id of its last event: event ids are dense within a tournament,
-- so a stream resuming with Last-Event-ID knows exactly what it missed.
ALTER TABLE tournaments ADD COLUMN last_event_id INTEGER NOT NULL DEFAULT 0;

CREATE TABLE tournament_events (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    id            INTEGER NOT NULL,
    type          TEXT NOT NULL,
    data          TEXT NOT NULL,
    at_ms         INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, id)
) STRICT, WITHOUT ROWID;

-- A player's login with their PIN: only a hash of the cookie's token is kept.
CREATE TABLE player_sessions (
    token_hash    TEXT PRIMARY KEY,
    player_id     INTEGER NOT NULL REFERENCES players(id),
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    created_ms    INTEGER NOT NULL,
    expires_ms    INTEGER NOT NULL
) STRICT;
CREATE INDEX player_sessions_expiry ON player_sessions(expires_ms);

CREATE TABLE matches (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    event_id      INTEGER,            -- NULL: a standalone match
    player_a      INTEGER REFERENCES players(id),
    player_b      INTEGER REFERENCES players(id),
    -- points to win; 0 = a single money-style game with the cube (Swing, SWING-2)
    length        INTEGER NOT NULL CHECK (length BETWEEN 0 AND 99),
    table_label   TEXT NOT NULL DEFAULT '',
    -- 'void': not played because it can no longer change anything (a dead Davis rubber)
    state         TEXT NOT NULL DEFAULT 'scheduled' CHECK (state IN ('scheduled', 'called',
                  'playing', 'reported', 'disputed', 'verified', 'forfeited', 'withdrawn',
                  'void')),
    score_a       INTEGER NOT NULL DEFAULT 0,
    score_b       INTEGER NOT NULL DEFAULT 0,
    winner        INTEGER CHECK (winner IN (0, 1)),   -- 0 = side a, 1 = side b
    result_report INTEGER,                           -- the report the result stands on
    created_ms    INTEGER NOT NULL,
    updated_ms    INTEGER NOT NULL
) STRICT;
CREATE INDEX matches_tournament ON matches(tournament_id, id);
CREATE INDEX matches_player_a ON matches(player_a);
CREATE INDEX matches_player_b ON matches(player_b);

-- The time of every state change of a match.
CREATE TABLE match_states (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    state    TEXT NOT NULL,
    at_ms    INTEGER NOT NULL,
    actor    TEXT NOT NULL
) STRICT;
CREATE INDEX match_states_match ON match_states(match_id, at_ms);

-- A report of a match by one side (0 or 1) or by the TD (side NULL). Each side has at most
-- one current report; a changed report supersedes the previous one.
CREATE TABLE reports (
    id         INTEGER PRIMARY KEY,
    match_id   INTEGER NOT NULL REFERENCES matches(id),
    side       INTEGER CHECK (side IN (0, 1)),
    actor      TEXT NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('score', 'games', 'transcript')),
    complete   INTEGER NOT NULL,               -- 1 when the match is over in this report
    current    INTEGER NOT NULL DEFAULT 1,     -- 0 once superseded
    score_a    INTEGER NOT NULL,
    score_b    INTEGER NOT NULL,
    winner     INTEGER CHECK (winner IN (0, 1)),
    games      TEXT NOT NULL,                  -- JSON list of game results
    transcript TEXT,                           -- the uploaded transcript, when kind = transcript
    flags      TEXT,                           -- JSON: illegal plays let stand (MATCH-6)
    created_ms INTEGER NOT NULL
) STRICT;
CREATE INDEX reports_match ON reports(match_id, current);

-- A repeated submission with the same Idempotency-Key gets the first answer again.
CREATE TABLE idempotency (
    scope      TEXT NOT NULL,   -- who sent it ("td", "player:12")
    key        TEXT NOT NULL,
    request    TEXT NOT NULL,   -- method and path: a key reused elsewhere is refused
    status     INTEGER NOT NULL,
    body       TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    PRIMARY KEY (scope, key)
) STRICT;
