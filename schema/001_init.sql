-- 001: the foundation: the TD's credentials and sessions, tournaments, players, the audit log.
-- Times are milliseconds since the Unix epoch (UTC).

CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;

-- A TD login: only a hash of the cookie's token is kept.
CREATE TABLE td_sessions (
    token_hash TEXT PRIMARY KEY,
    created_ms INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL
) STRICT;
CREATE INDEX td_sessions_expiry ON td_sessions(expires_ms);

CREATE TABLE tournaments (
    id                  INTEGER PRIMARY KEY,
    name                TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    venue               TEXT NOT NULL DEFAULT '',
    start_date          TEXT,
    end_date            TEXT,
    illegal_move_policy TEXT NOT NULL DEFAULT 'legal' CHECK (illegal_move_policy IN ('legal', 'responsible')),
    late_grace_min      INTEGER NOT NULL DEFAULT 5 CHECK (late_grace_min BETWEEN 0 AND 240),
    late_step_min       INTEGER NOT NULL DEFAULT 5 CHECK (late_step_min BETWEEN 1 AND 120),
    break_table         TEXT NOT NULL DEFAULT 'wbgf' CHECK (break_table IN ('wbgf', 'italian')),
    clock_mode          TEXT NOT NULL DEFAULT 'delay' CHECK (clock_mode IN ('delay', 'bronstein')),
    clock_bank_per_point_s INTEGER NOT NULL DEFAULT 120 CHECK (clock_bank_per_point_s BETWEEN 1 AND 3600),
    clock_delay_s       INTEGER NOT NULL DEFAULT 12 CHECK (clock_delay_s BETWEEN 0 AND 600),
    -- Optional split bank (CLK-2): seconds per point of the first part; 0 = no split.
    clock_split_first_per_point_s INTEGER NOT NULL DEFAULT 0 CHECK (clock_split_first_per_point_s >= 0),
    -- Bumped by every change inside the tournament: the ETag of its resources.
    revision            INTEGER NOT NULL DEFAULT 1,
    created_ms          INTEGER NOT NULL,
    updated_ms          INTEGER NOT NULL
) STRICT;

CREATE TABLE players (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    name           TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    country        TEXT NOT NULL DEFAULT '',
    rating         REAL,
    federation_id  TEXT NOT NULL DEFAULT '',
    pin            TEXT NOT NULL,
    status         TEXT NOT NULL DEFAULT 'registered' CHECK (status IN ('registered', 'withdrawn')),
    checked_in_ms  INTEGER,
    withdrawn_ms   INTEGER,
    created_ms     INTEGER NOT NULL,
    updated_ms     INTEGER NOT NULL
) STRICT;
CREATE INDEX players_tournament ON players(tournament_id, id);
-- One registration per person: the same federation id twice in a tournament is refused.
CREATE UNIQUE INDEX players_federation ON players(tournament_id, federation_id) WHERE federation_id <> '';

-- Every change of state, written in the same transaction as the change.
CREATE TABLE audit_log (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER REFERENCES tournaments(id),
    at_ms         INTEGER NOT NULL,
    actor         TEXT NOT NULL,
    action        TEXT NOT NULL,
    entity        TEXT NOT NULL,
    entity_id     INTEGER,
    before_json   TEXT,
    after_json    TEXT
) STRICT;
CREATE INDEX audit_tournament ON audit_log(tournament_id, id);
