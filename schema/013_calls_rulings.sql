-- 013: calls from the tables (GOV-5), warnings of a slow match (003 2.3 i), observers
-- (GOV-3) and rulings (GOV-6). Times are epoch milliseconds of the server; `actor` is who
-- acted as the audit log names them ("td", "player:12").

-- A player calls an official to their table for a reason, with an optional line of text.
-- One open (open or taken) call per match: the partial unique index says it to the
-- database too, so that two phones racing cannot both open one.
CREATE TABLE calls (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    match_id       INTEGER NOT NULL REFERENCES matches(id),
    player_id      INTEGER NOT NULL REFERENCES players(id),
    side           INTEGER NOT NULL CHECK (side IN (0, 1)),
    reason         TEXT NOT NULL CHECK (reason IN ('dispute', 'clock', 'baffle_box', 'observer',
                       'spectators', 'equipment', 'leave_room', 'other')),
    text           TEXT NOT NULL DEFAULT '',
    state          TEXT NOT NULL CHECK (state IN ('open', 'taken', 'closed')),
    created_ms     INTEGER NOT NULL,
    taken_by       TEXT,            -- the official on their way
    taken_ms       INTEGER,
    closed_by      TEXT,
    closed_ms      INTEGER,
    outcome        TEXT,
    leave_minutes  INTEGER,         -- permission to leave the room granted for N minutes
    leave_until_ms INTEGER
) STRICT;
CREATE UNIQUE INDEX calls_one_open ON calls(match_id) WHERE state <> 'closed';
CREATE INDEX calls_tournament ON calls(tournament_id, state);
-- the rate limit counts a player's recent calls
CREATE INDEX calls_player ON calls(player_id, created_ms);

-- An official warns a slow match, of their own motion: penalty points may follow (2.3 i).
CREATE TABLE match_warnings (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches(id),
    text        TEXT NOT NULL,
    actor       TEXT NOT NULL,
    created_ms  INTEGER NOT NULL
) STRICT;
CREATE INDEX match_warnings_match ON match_warnings(match_id);

-- An observer appointed to a match (GOV-3), at a player's request (the call) or not, with
-- an optional fee (in cents) and who pays it; removed_ms once removed.
CREATE TABLE observers (
    id           INTEGER PRIMARY KEY,
    match_id     INTEGER NOT NULL REFERENCES matches(id),
    name         TEXT NOT NULL,
    fee_cents    INTEGER CHECK (fee_cents IS NULL OR fee_cents >= 0),
    fee_payer    TEXT CHECK (fee_payer IS NULL OR fee_payer IN ('a', 'b', 'both')),
    call_id      INTEGER REFERENCES calls(id),
    appointed_by TEXT NOT NULL,
    appointed_ms INTEGER NOT NULL,
    removed_by   TEXT,
    removed_ms   INTEGER
) STRICT;
CREATE INDEX observers_match ON observers(match_id);

-- A ruling (GOV-6, 003 5.5 i): the question, the facts, the decision and its reasons, by
-- whom and when. `effect` is the state change it made through the ordinary operations
-- ('none', 'score', 'penalty', 'forfeit', 'clock'); 'awaiting_committee' when the official
-- asking is a party and no other TD can rule (the Committee decides, a later issue).
CREATE TABLE rulings (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    match_id       INTEGER NOT NULL REFERENCES matches(id),
    call_id        INTEGER REFERENCES calls(id),
    question       TEXT NOT NULL,
    facts          TEXT NOT NULL,
    decision       TEXT NOT NULL,
    reasons        TEXT NOT NULL,
    effect         TEXT NOT NULL CHECK (effect IN ('none', 'score', 'penalty', 'forfeit',
                       'clock')),
    effect_json    TEXT,
    state          TEXT NOT NULL CHECK (state IN ('decided', 'awaiting_committee')),
    decided_match  INTEGER NOT NULL DEFAULT 0 CHECK (decided_match IN (0, 1)),
    official       TEXT NOT NULL,
    official_id    INTEGER REFERENCES officials(id),
    created_ms     INTEGER NOT NULL
) STRICT;
CREATE INDEX rulings_match ON rulings(match_id);
CREATE INDEX rulings_tournament ON rulings(tournament_id, state);

-- The audit rows a ruling's state changes wrote name it.
ALTER TABLE audit_log ADD COLUMN ruling_id INTEGER REFERENCES rulings(id);
