-- 017: a player's club, as the TD's desk edits it beside the name, country, federation id
-- and rating (and as the sheets for the wall may print it); '' when not given.
ALTER TABLE players ADD COLUMN club TEXT NOT NULL DEFAULT '';
