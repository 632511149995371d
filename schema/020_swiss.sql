-- 020: Swiss events (SWISS-1, SWISS-2; issue 33). The events' kind takes 'swiss': SQLite
-- cannot change a CHECK in place, so the table is rebuilt with its rows. The foreign keys
-- of the tables that name events are deferred to the migration's commit (its own
-- transaction, db.c), where they hold again: the rebuilt table has the same ids.
PRAGMA defer_foreign_keys = ON;
CREATE TABLE events_019 (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    kind          TEXT NOT NULL CHECK (kind IN ('knockout', 'swing', 'davis', 'swiss')),
    name          TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    -- KO-1: tables go to higher priorities first (Championship, Intermediate, ...)
    priority      INTEGER NOT NULL DEFAULT 0,
    settings      TEXT NOT NULL DEFAULT '{}',   -- JSON, by kind
    state         TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'running', 'finished')),
    created_ms    INTEGER NOT NULL,
    updated_ms    INTEGER NOT NULL
) STRICT;
INSERT INTO events_019(id, tournament_id, kind, name, priority, settings, state, created_ms,
                       updated_ms)
SELECT id, tournament_id, kind, name, priority, settings, state, created_ms, updated_ms
FROM events;
DROP TABLE events;
ALTER TABLE events_019 RENAME TO events;
CREATE INDEX events_tournament ON events(tournament_id, id);
PRAGMA defer_foreign_keys = OFF;

-- A Swiss round: the seed its pairing was drawn from (KO-2's handling), who had the bye,
-- how many rematches it could not avoid, and the pairing's reasons (JSON list of
-- {kind, a, b, text}) as the TD saw them. A re-pair or a swap rewrites the row.
CREATE TABLE swiss_rounds (
    event_id   INTEGER NOT NULL REFERENCES events(id),
    round      INTEGER NOT NULL CHECK (round >= 1),
    seed       TEXT NOT NULL,
    bye        INTEGER REFERENCES players(id),
    rematches  INTEGER NOT NULL DEFAULT 0,
    reasons    TEXT NOT NULL DEFAULT '[]',
    swapped    INTEGER NOT NULL DEFAULT 0,   -- swaps by hand since it was paired
    paired_ms  INTEGER NOT NULL,
    PRIMARY KEY (event_id, round)
) STRICT, WITHOUT ROWID;

-- An entrant's life in a Swiss beyond the entry itself: a late entry's starting wins (as
-- the TD set them) and the round they joined before; a withdrawal between rounds (out of
-- pairing from the round after withdrawn_round). No row: entered at the start, 0 wins.
CREATE TABLE swiss_entries (
    event_id       INTEGER NOT NULL REFERENCES events(id),
    player_id      INTEGER NOT NULL REFERENCES players(id),
    start_wins     INTEGER NOT NULL DEFAULT 0 CHECK (start_wins >= 0),
    joined_round   INTEGER NOT NULL DEFAULT 1,
    withdrawn_round INTEGER NOT NULL DEFAULT 0,   -- 0: still in
    PRIMARY KEY (event_id, player_id)
) STRICT, WITHOUT ROWID;
