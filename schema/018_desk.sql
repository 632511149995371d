-- 018: the desk (issue 35). A player's club, as the TD's desk edits it beside the name,
-- country, federation id and rating (and as the sheets may print it); '' when not given.
ALTER TABLE players ADD COLUMN club TEXT NOT NULL DEFAULT '';
-- The minutes a point of match length takes, by which the pages estimate when each round
-- and event ends until enough matches have ended to measure it (BGT measured about 8).
ALTER TABLE tournaments ADD COLUMN minutes_per_point INTEGER NOT NULL DEFAULT 8
    CHECK (minutes_per_point BETWEEN 1 AND 60);
