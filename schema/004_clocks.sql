-- 004: match clocks (CLK-1..7), lateness and breaks (PEN-1..4), penalties (PEN-5, MATCH-5).
-- Times are epoch milliseconds of the server: a stored clock keeps running across a restart
-- (nothing gained or lost beyond the restart itself).

-- Penalty points awarded to each side (the sum of the opponent's penalties), counted in the
-- match score (MATCH-5).
ALTER TABLE matches ADD COLUMN penalty_a INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN penalty_b INTEGER NOT NULL DEFAULT 0;

-- The whole state of a match clock (server/tourney/clock.h, struct clk).
CREATE TABLE match_clocks (
    match_id       INTEGER PRIMARY KEY REFERENCES matches(id),
    mode           INTEGER NOT NULL CHECK (mode IN (0, 1)),
    state          INTEGER NOT NULL CHECK (state BETWEEN 0 AND 3),
    running        INTEGER NOT NULL,
    paused_side    INTEGER NOT NULL,
    paused_reason  INTEGER NOT NULL,
    cube_offered   INTEGER NOT NULL,
    flagged        INTEGER NOT NULL,
    flag_reversed  INTEGER NOT NULL,
    delay_ms       INTEGER NOT NULL,
    turn_delay_ms  INTEGER NOT NULL,
    turn_used_ms   INTEGER NOT NULL,
    since_ms       INTEGER NOT NULL,
    a_bank_ms      INTEGER NOT NULL,
    a_second_ms    INTEGER NOT NULL,
    a_lose_delay   INTEGER NOT NULL,
    b_bank_ms      INTEGER NOT NULL,
    b_second_ms    INTEGER NOT NULL,
    b_lose_delay   INTEGER NOT NULL,
    -- when the running side flags (a clock to watch while it is below now)
    flag_at_ms     INTEGER NOT NULL,
    -- the match before the flag decided it, for the TD's reversal (CLK-7)
    pre_flag       TEXT,
    updated_ms     INTEGER NOT NULL
) STRICT;
CREATE INDEX match_clocks_flag ON match_clocks(flag_at_ms) WHERE state = 1;

-- Each side of a match at the venue: present or not, since when its absence counts
-- (PEN-1: the call, or the end of its last break), its breaks (PEN-4).
CREATE TABLE match_presence (
    match_id        INTEGER NOT NULL REFERENCES matches(id),
    side            INTEGER NOT NULL CHECK (side IN (0, 1)),
    arrived_ms      INTEGER,          -- NULL: not present
    absent_from_ms  INTEGER,          -- NULL: from the call
    breaks_used     INTEGER NOT NULL DEFAULT 0,
    break_started_ms INTEGER,         -- a break running
    break_ends_ms   INTEGER,
    PRIMARY KEY (match_id, side)
) STRICT, WITHOUT ROWID;

-- PEN-5 penalties and confirmed lateness points (PEN-1): `side` is the penalised side; its
-- points count for the opponent before game `before_game` (0-based).
CREATE TABLE penalties (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches(id),
    side        INTEGER NOT NULL CHECK (side IN (0, 1)),
    kind        TEXT NOT NULL CHECK (kind IN ('warning', 'points', 'lateness')),
    points      INTEGER NOT NULL CHECK (points >= 0),
    reason      TEXT NOT NULL,
    before_game INTEGER NOT NULL,
    actor       TEXT NOT NULL,
    created_ms  INTEGER NOT NULL
) STRICT;
CREATE INDEX penalties_match ON penalties(match_id, id);
