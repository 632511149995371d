-- 014: KO-10, an undone match (a correction's cascade, KO-8) is a match not yet played: the
-- penalties of its old players stop counting but stay, as history, with the time they were
-- voided. NULL: the penalty stands. (Its presence, breaks and clock are current state only:
-- the undoing copies them into the match's audit row, before.voided, and clears them.)
ALTER TABLE penalties ADD COLUMN void_ms INTEGER;
DROP INDEX penalties_match;
CREATE INDEX penalties_match ON penalties(match_id, void_ms, id);
