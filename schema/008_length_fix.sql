-- 008: MATCH-3, a match found to be played at a wrong length and corrected by the TD between
-- games: its first length_fix_game games were played to first_length, the rest to length.
-- first_length 0: never corrected.
ALTER TABLE matches ADD COLUMN first_length INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN length_fix_game INTEGER NOT NULL DEFAULT 0;
