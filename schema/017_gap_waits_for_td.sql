-- 017: whether a report whose transcript
-- has a gap (a play the record lost, GAP) waits for the TD even when both players' reports
-- agree; 1 (the default): it does, the TD accepts it by verifying the report or refuses it
-- with a result of their own.
ALTER TABLE tournaments ADD COLUMN gap_waits_for_td INTEGER NOT NULL DEFAULT 1
    CHECK (gap_waits_for_td IN (0, 1));
