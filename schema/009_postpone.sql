-- 009: PEN-1 (000), the TD postponed the match before it started: the minutes by which the
-- time its lateness counts from (the call) moves later. 0: not postponed. The same on both
-- sides' rows (a missing row reads as 0).
ALTER TABLE match_presence ADD COLUMN postpone_min INTEGER NOT NULL DEFAULT 0;
