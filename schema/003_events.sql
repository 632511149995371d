-- 003: events inside a tournament (knockout, swing, davis), their entries, and the Swing
-- chip ledger. Matches belong to an event through matches.event_id.

CREATE TABLE events (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    kind          TEXT NOT NULL CHECK (kind IN ('knockout', 'swing', 'davis')),
    name          TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    -- KO-1: tables go to higher priorities first (Championship, Intermediate, ...)
    priority      INTEGER NOT NULL DEFAULT 0,
    settings      TEXT NOT NULL DEFAULT '{}',   -- JSON, by kind
    state         TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'running', 'finished')),
    created_ms    INTEGER NOT NULL,
    updated_ms    INTEGER NOT NULL
) STRICT;
CREATE INDEX events_tournament ON events(tournament_id, id);

CREATE TABLE event_entries (
    event_id   INTEGER NOT NULL REFERENCES events(id),
    player_id  INTEGER NOT NULL REFERENCES players(id),
    entered_ms INTEGER NOT NULL,
    PRIMARY KEY (event_id, player_id)
) STRICT, WITHOUT ROWID;

-- Where a match stands in its event: the round, and its position in the round.
ALTER TABLE matches ADD COLUMN round INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN slot INTEGER NOT NULL DEFAULT 0;
CREATE INDEX matches_event ON matches(event_id, round, slot);

-- Davis Cup (DAVIS-1..3): pairs of players, the ties between them, and for each match of a
-- tie, which tie and which of its five rubbers it is.
CREATE TABLE davis_teams (
    id         INTEGER PRIMARY KEY,
    event_id   INTEGER NOT NULL REFERENCES events(id),
    name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    player1    INTEGER NOT NULL REFERENCES players(id),
    player2    INTEGER NOT NULL REFERENCES players(id),
    number     INTEGER NOT NULL,               -- 1-based, in the order registered
    created_ms INTEGER NOT NULL,
    CHECK (player1 <> player2),
    UNIQUE (event_id, number)
) STRICT;
CREATE INDEX davis_teams_event ON davis_teams(event_id);

CREATE TABLE davis_ties (
    id       INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events(id),
    round    INTEGER NOT NULL,
    slot     INTEGER NOT NULL,
    team_a   INTEGER REFERENCES davis_teams(id),
    team_b   INTEGER REFERENCES davis_teams(id),   -- NULL: team_a has the bye
    winner   INTEGER CHECK (winner IN (0, 1)),
    UNIQUE (event_id, round, slot)
) STRICT;

ALTER TABLE matches ADD COLUMN tie_id INTEGER REFERENCES davis_ties(id);
ALTER TABLE matches ADD COLUMN rubber INTEGER NOT NULL DEFAULT 0;  -- 1..5 within its tie

-- A Swing round: its stake, the seed its pairing was drawn from, who sat out.
CREATE TABLE swing_rounds (
    event_id   INTEGER NOT NULL REFERENCES events(id),
    round      INTEGER NOT NULL,
    cpp        INTEGER NOT NULL CHECK (cpp > 0),
    seed       TEXT NOT NULL,
    sitter     INTEGER REFERENCES players(id),
    forced     INTEGER NOT NULL DEFAULT 0,    -- started before the previous one was complete
    started_ms INTEGER NOT NULL,
    PRIMARY KEY (event_id, round)
) STRICT, WITHOUT ROWID;

-- Every chip that moves. A start row gives a player the starting stack (from_player NULL);
-- a game row moves chips from the loser to the winner. Balances are sums of this table.
CREATE TABLE chip_ledger (
    id          INTEGER PRIMARY KEY,
    event_id    INTEGER NOT NULL REFERENCES events(id),
    round       INTEGER NOT NULL,
    match_id    INTEGER REFERENCES matches(id),
    from_player INTEGER REFERENCES players(id),
    to_player   INTEGER NOT NULL REFERENCES players(id),
    chips       INTEGER NOT NULL CHECK (chips >= 0),
    why         TEXT NOT NULL,
    at_ms       INTEGER NOT NULL
) STRICT;
CREATE INDEX chip_ledger_event ON chip_ledger(event_id, round, id);

-- Knockout brackets (KO-1..KO-8): one per knockout event (a Consolation or Last Chance is
-- an event of its own, fed by another). What ko_draw needs to re-derive it is stored with
-- it: algorithm version, seed, options, entries in their given order.
CREATE TABLE ko_brackets (
    event_id         INTEGER PRIMARY KEY REFERENCES events(id),
    version          INTEGER NOT NULL,
    kind             TEXT NOT NULL CHECK (kind IN ('main', 'fed')),
    seed             TEXT NOT NULL,          -- a 64-bit number, as text
    seeded           INTEGER NOT NULL DEFAULT 0,
    seeds            INTEGER NOT NULL DEFAULT 0,
    size             INTEGER NOT NULL,
    n_late           INTEGER NOT NULL DEFAULT 0,
    late_filled      INTEGER NOT NULL DEFAULT 0,
    late_closed      INTEGER NOT NULL DEFAULT 0,
    late_deadline_ms INTEGER NOT NULL DEFAULT 0,
    lengths          TEXT NOT NULL DEFAULT '[]',
    drawn_ms         INTEGER NOT NULL
) STRICT;

-- entry_id is a player, or in a Davis Cup knockout a team (davis_teams.id)
CREATE TABLE ko_entries (
    event_id   INTEGER NOT NULL REFERENCES events(id),
    idx        INTEGER NOT NULL,
    entry_id   INTEGER NOT NULL,
    has_rating INTEGER NOT NULL DEFAULT 0,
    rating     REAL NOT NULL DEFAULT 0,
    round      INTEGER NOT NULL DEFAULT 1,
    had_bye    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, idx)
) STRICT, WITHOUT ROWID;

CREATE TABLE ko_slots (
    event_id    INTEGER NOT NULL REFERENCES events(id),
    slot        INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('entry', 'bye', 'late')),
    position    INTEGER NOT NULL,
    drawn       INTEGER,                 -- the entry the draw put here
    holder      INTEGER,                 -- who holds it now (a late arrival, a substitute)
    late        INTEGER NOT NULL DEFAULT 0,
    rating_seed INTEGER NOT NULL DEFAULT 0,
    round2      INTEGER NOT NULL DEFAULT 0,
    had_bye     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, slot)
) STRICT, WITHOUT ROWID;

-- KO-7: the tournament's tables, in the order they are handed out (a JSON list of labels).
ALTER TABLE tournaments ADD COLUMN tables TEXT NOT NULL DEFAULT '[]';
