-- 010: MATCH-7, a player concedes the match. A concession is a complete report whose
-- loser (1 - winner) is the side that conceded; the opponent's confirmation of it, a copy,
-- says so too. 0 for every other report. resumes: the conceder's report in progress (game
-- by game) that the concession replaced, current again if the concession is withdrawn.
ALTER TABLE reports ADD COLUMN conceded INTEGER NOT NULL DEFAULT 0 CHECK (conceded IN (0, 1));
ALTER TABLE reports ADD COLUMN resumes INTEGER REFERENCES reports(id);
