-- 027 (issue 37): a tournament's counters, moved by every change inside it, in a narrow row
-- of their own: its revision (the ETag of its resources), the id of its stream's last entry
-- and when it last changed. Kept in the tournament's own row, each change rewrote that wide
-- row (its settings, its ratings' settings): about 14,000 instructions under the writer's
-- lock, against about 4,000 for this row. Every tournament has exactly one (written with it,
-- store/tournaments.c).
CREATE TABLE tournament_counters (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id),
    revision      INTEGER NOT NULL DEFAULT 1,
    last_event_id INTEGER NOT NULL DEFAULT 0,
    updated_ms    INTEGER NOT NULL
) STRICT;
INSERT INTO tournament_counters(tournament_id, revision, last_event_id, updated_ms)
    SELECT id, revision, last_event_id, updated_ms FROM tournaments;
ALTER TABLE tournaments DROP COLUMN revision;
ALTER TABLE tournaments DROP COLUMN last_event_id;
ALTER TABLE tournaments DROP COLUMN updated_ms;
