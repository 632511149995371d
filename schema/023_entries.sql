-- 023: GOV-4, entries approved by the TD.
-- Whether a player registered now waits for the TD's approval (0, the default: every entry
-- is accepted as it is registered, as before).
ALTER TABLE tournaments ADD COLUMN entries_need_approval INTEGER NOT NULL DEFAULT 0
    CHECK (entries_need_approval IN (0, 1));
-- A player's entry: 'pending' until the TD approves it (when the tournament asks for
-- approval), 'accepted', or 'refused' (never entered in an event while so).
ALTER TABLE players ADD COLUMN entry TEXT NOT NULL DEFAULT 'accepted'
    CHECK (entry IN ('pending', 'accepted', 'refused'));
-- Each decision of the TD about an entry, with its reason (GOV-8: reported to the
-- federation; never shown to the player): approved, refused, or moved up to a higher
-- flight (from one knockout event to another).
CREATE TABLE entry_decisions (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    player_id     INTEGER NOT NULL REFERENCES players(id),
    decision      TEXT NOT NULL CHECK (decision IN ('approved', 'refused', 'moved_up')),
    reason        TEXT NOT NULL DEFAULT '',
    from_event    INTEGER REFERENCES events(id),
    to_event      INTEGER REFERENCES events(id),
    official      TEXT NOT NULL,
    created_ms    INTEGER NOT NULL
) STRICT;
CREATE INDEX entry_decisions_tournament ON entry_decisions(tournament_id, id);
