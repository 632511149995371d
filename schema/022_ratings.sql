-- 022: players in and out, and their ratings (issue 34, RAT-1). A player's experience
-- (rated match points played before this tournament, the FIBS K), email (personal data:
-- only the TD's own players list and export show it) and flight ('' when none), as set by
-- hand or imported from a federation's file.
ALTER TABLE players ADD COLUMN experience INTEGER NOT NULL DEFAULT 0 CHECK (experience >= 0);
ALTER TABLE players ADD COLUMN email TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN flight TEXT NOT NULL DEFAULT '';
-- The tournament's rating list (RAT-1): a player without a rating starts here; the match
-- itself counted in the experience (MacFIBS) or not; the kinds of match that change no
-- rating (tourney/ratings.h RAT_X_ bits: byes, forfeits, walkovers, 1-point, unfinished,
-- Swing games, Davis doubles); a rating provisional below this experience (0: never);
-- seeding by the rating at entry or the live one; the most rows an import takes.
ALTER TABLE tournaments ADD COLUMN rating_start REAL NOT NULL DEFAULT 1500
    CHECK (rating_start BETWEEN 0 AND 10000);
ALTER TABLE tournaments ADD COLUMN rating_count_this_match INTEGER NOT NULL DEFAULT 0
    CHECK (rating_count_this_match IN (0, 1));
ALTER TABLE tournaments ADD COLUMN rating_exclude INTEGER NOT NULL DEFAULT 127
    CHECK (rating_exclude BETWEEN 0 AND 127);
ALTER TABLE tournaments ADD COLUMN rating_provisional_below INTEGER NOT NULL DEFAULT 0
    CHECK (rating_provisional_below BETWEEN 0 AND 1000000);
ALTER TABLE tournaments ADD COLUMN rating_seed TEXT NOT NULL DEFAULT 'entry'
    CHECK (rating_seed IN ('entry', 'live'));
ALTER TABLE tournaments ADD COLUMN import_max_rows INTEGER NOT NULL DEFAULT 5000
    CHECK (import_max_rows BETWEEN 1 AND 100000);
-- The order results were first decided in: a match's place is given once, when it is
-- first decided, and kept through corrections and rulings (RAT-1 computes every change in
-- this order); an undone match (KO-10) loses it and takes a new one when decided again.
CREATE TABLE rating_order (
    match_id      INTEGER PRIMARY KEY REFERENCES matches(id),
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    seq           INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX rating_order_seq ON rating_order(tournament_id, seq);
-- Matches decided before this migration take their places by the time of their last change.
INSERT INTO rating_order(match_id, tournament_id, seq)
    SELECT id, tournament_id, row_number() OVER (PARTITION BY tournament_id ORDER BY updated_ms, id)
    FROM matches WHERE winner IS NOT NULL AND state IN ('verified', 'forfeited', 'withdrawn');
