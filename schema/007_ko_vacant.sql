-- 007: a place of a drawn Consolation or Last Chance left vacant by a correction in the event
-- that feeds it (KO-5, KO-6, KO-8): holder is NULL and vacant 1 while the place waits for the
-- entrant a result still to come there sends; 0 once filled, or closed when nobody can come.
ALTER TABLE ko_slots ADD COLUMN vacant INTEGER NOT NULL DEFAULT 0 CHECK (vacant IN (0, 1));
