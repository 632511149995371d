-- 025: a conceded match and one lost on time are kinds of match of their own for the rating
-- list (RAT-1), rated unless the TD leaves them out: the tournament rules make both a
-- decided result (WBGF 2.1), where 022 had counted them as unfinished and excluded them.
-- Bit 1: leave out conceded matches; bit 2: those lost on time (tourney/ratings.h RAT_X_
-- CONCEDED and RAT_X_TIME, read as bits 7 and 8 beside rating_exclude's seven).
ALTER TABLE tournaments ADD COLUMN rating_exclude_ends INTEGER NOT NULL DEFAULT 0
    CHECK (rating_exclude_ends BETWEEN 0 AND 3);
