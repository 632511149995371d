-- 006: PEN-3, the TD started a late player's clock instead of giving lateness points: when,
-- so that the points of that absence are no longer due.
ALTER TABLE match_presence ADD COLUMN late_clock_ms INTEGER;
