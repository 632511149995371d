-- 024: the Tournament Committee (GOV-2)
-- and appeals (GOV-7). Times are epoch milliseconds of the server.

-- The Committee's form, a setting of the tournament kept beside it: 'standing' (000
-- "Comitato": 3-5 members named at the start, posted, with reserves) or 'per_appeal' (WBGF
-- 5.2: 3 or 5 members seated when an appeal is lodged); and the appeal window, minutes
-- after the decision (GOV-7: "as soon as reasonably possible").
CREATE TABLE committee_settings (
    tournament_id     INTEGER PRIMARY KEY REFERENCES tournaments(id),
    form              TEXT NOT NULL DEFAULT 'standing' CHECK (form IN ('standing', 'per_appeal')),
    appeal_window_min INTEGER NOT NULL DEFAULT 30 CHECK (appeal_window_min BETWEEN 1 AND 1440),
    updated_ms        INTEGER NOT NULL
) STRICT;

-- A member: a player of the tournament (player_id) or not (name only, with a PIN of their
-- own to vote from a phone); a reserve replaces a member who is a party to a case.
-- Removed members keep their row (votes name them).
CREATE TABLE committee_members (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    name          TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    player_id     INTEGER REFERENCES players(id),
    pin           TEXT,
    reserve       INTEGER NOT NULL DEFAULT 0 CHECK (reserve IN (0, 1)),
    removed_ms    INTEGER,
    created_ms    INTEGER NOT NULL
) STRICT;
CREATE INDEX committee_members_tournament ON committee_members(tournament_id);
CREATE UNIQUE INDEX committee_members_player ON committee_members(player_id)
    WHERE player_id IS NOT NULL AND removed_ms IS NULL;

-- A case before the Committee: a player's appeal of a TD's decision about a match (a
-- ruling, or the audit row of a verdict, correction, forfeit, points, disqualification or
-- a reversed flag), or a ruling waiting for the Committee (kind 'referral', GOV-6).
CREATE TABLE appeals (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    match_id       INTEGER NOT NULL REFERENCES matches(id),
    kind           TEXT NOT NULL CHECK (kind IN ('appeal', 'referral')),
    ruling_id      INTEGER REFERENCES rulings(id),
    audit_id       INTEGER REFERENCES audit_log(id),
    decided_by     TEXT NOT NULL,   -- the actor whose decision is appealed
    decision_ms    INTEGER NOT NULL,
    player_id      INTEGER REFERENCES players(id), -- the appellant (none: a referral)
    side           INTEGER CHECK (side IS NULL OR side IN (0, 1)),
    grounds        TEXT NOT NULL DEFAULT '',
    state          TEXT NOT NULL CHECK (state IN ('pending', 'withdrawn', 'decided')),
    released       INTEGER NOT NULL DEFAULT 0 CHECK (released IN (0, 1)),
    outcome        TEXT CHECK (outcome IS NULL OR outcome IN ('upheld', 'replaced')),
    outcome_text   TEXT,
    created_by     TEXT NOT NULL,
    created_ms     INTEGER NOT NULL,
    closed_ms      INTEGER
) STRICT;
CREATE INDEX appeals_tournament ON appeals(tournament_id, state);
CREATE INDEX appeals_match ON appeals(match_id);

-- The members seated for a case (the standing committee with each party replaced by a
-- reserve, or the panel the TD names).
CREATE TABLE appeal_panel (
    appeal_id  INTEGER NOT NULL REFERENCES appeals(id),
    member_id  INTEGER NOT NULL REFERENCES committee_members(id),
    PRIMARY KEY (appeal_id, member_id)
) STRICT;

-- WBGF 5.1: the panel of a dispute the Committee decides (a referral) under the per-appeal
-- form is chosen jointly by the players: each side's choice, seated when both name the
-- same members.
CREATE TABLE appeal_panel_choices (
    appeal_id  INTEGER NOT NULL REFERENCES appeals(id),
    side       INTEGER NOT NULL CHECK (side IN (0, 1)),
    member_id  INTEGER NOT NULL REFERENCES committee_members(id),
    actor      TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    PRIMARY KEY (appeal_id, side, member_id)
) STRICT;

CREATE TABLE appeal_statements (
    id         INTEGER PRIMARY KEY,
    appeal_id  INTEGER NOT NULL REFERENCES appeals(id),
    player_id  INTEGER REFERENCES players(id),
    side       INTEGER CHECK (side IS NULL OR side IN (0, 1)),
    text       TEXT NOT NULL,
    actor      TEXT NOT NULL,
    created_ms INTEGER NOT NULL
) STRICT;

-- One concrete motion at a time: uphold the decision, or replace it with a stated one
-- (effect_json: a ruling's effect, applied through the ordinary operations).
CREATE TABLE appeal_motions (
    id          INTEGER PRIMARY KEY,
    appeal_id   INTEGER NOT NULL REFERENCES appeals(id),
    kind        TEXT NOT NULL CHECK (kind IN ('uphold', 'replace')),
    text        TEXT NOT NULL,
    effect_json TEXT,
    state       TEXT NOT NULL CHECK (state IN ('open', 'carried', 'failed')),
    created_by  TEXT NOT NULL,
    created_ms  INTEGER NOT NULL,
    closed_ms   INTEGER
) STRICT;
CREATE UNIQUE INDEX appeal_motions_one_open ON appeal_motions(appeal_id) WHERE state = 'open';

CREATE TABLE appeal_votes (
    motion_id   INTEGER NOT NULL REFERENCES appeal_motions(id),
    member_id   INTEGER NOT NULL REFERENCES committee_members(id),
    vote        TEXT NOT NULL CHECK (vote IN ('yes', 'no')),
    recorded_by TEXT NOT NULL,  -- the member's phone, or the official who recorded it
    created_ms  INTEGER NOT NULL,
    PRIMARY KEY (motion_id, member_id)
) STRICT;

-- The audit rows the Committee's decision wrote (a correction, the cascade) name the case.
ALTER TABLE audit_log ADD COLUMN appeal_id INTEGER REFERENCES appeals(id);
