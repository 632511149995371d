-- 005: how a match decided without play was decided, where its state does not say it all.
-- '' for every match but a disqualification (KO-8), which is stored as state 'withdrawn'
-- (the loser is out, as after a withdrawal) with decided_how 'disqualified'. A column rather
-- than a new state: matches.state has a CHECK list, which SQLite cannot alter in place.
ALTER TABLE matches ADD COLUMN decided_how TEXT NOT NULL DEFAULT ''
    CHECK (decided_how IN ('', 'disqualified'));
