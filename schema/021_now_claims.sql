-- 021: the TD's desk at size (issue 32). An item of the "Now" view (ops/desk/now.c: a
-- dispute, an overdue match, a call...) claimed by an official ("I'm on it"), so that two
-- officials do not walk to the same table. The item is named by its key ("call:5",
-- "dispute:12"): one claim per item; a claim whose item no longer needs anybody is simply
-- not shown (the item's key does not come back: a call or a dispute has one life).
CREATE TABLE now_claims (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    item          TEXT NOT NULL,
    actor         TEXT NOT NULL,   -- who claimed it, as the audit log names them
    name          TEXT NOT NULL,   -- their name at the time (SQL_WHO reads the name now)
    claimed_ms    INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, item)
) STRICT;
