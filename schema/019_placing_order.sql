-- 019: PLACE-2, how the placings split
-- a band (losers of one round, players level in the standings) into a finishing order: the
-- TD's stated order, names joined by commas ("rounds_won", "points_diff", "rating"); ''
-- (the default): bands are shared.
ALTER TABLE tournaments ADD COLUMN placing_order TEXT NOT NULL DEFAULT '';
