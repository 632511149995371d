-- 025 (issue 37): a games report keeps where the rules engine's replay of its games stood
-- after the last one (ops/replay/report_check.c), so a new game is checked alone instead of
-- the whole list replayed at every game. NULL: none (the games are replayed in full, which
-- rebuilds it). Written in the same row, by the same statement, as the games.
ALTER TABLE reports ADD COLUMN replay TEXT;
