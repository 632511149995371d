-- 011: how every decided match ended (server/tourney/model.h, enum match_end), one word a
-- federation report, a rating or the TD's desk can read: 'played', 'conceded' (MATCH-7),
-- 'lateness' (PEN-2), 'time' (CLK-7), 'disqualified', 'withdrawn' (KO-8), 'bye' (KO-3,
-- KO-4: nobody on the other side), 'walkover' (the other side's player left), 'ruling' (the
-- TD decided it: a forfeit, a disputed result, penalty points); '' while undecided.
-- decided_how (005) stays, written 'disqualified' with 'disqualified' here, for its readers.
ALTER TABLE matches ADD COLUMN ended TEXT NOT NULL DEFAULT '' CHECK (ended IN ('', 'played',
    'conceded', 'lateness', 'time', 'disqualified', 'withdrawn', 'bye', 'walkover', 'ruling'));

-- The matches decided before this migration, from what their rows and histories tell, by
-- the rules the server now applies when it decides one.
UPDATE matches SET ended = CASE
    WHEN winner IS NULL THEN ''
    WHEN state = 'withdrawn' THEN
        CASE WHEN decided_how = 'disqualified' THEN 'disqualified' ELSE 'withdrawn' END
    WHEN state = 'forfeited' THEN CASE
        -- a flag decides as the clock (the state's history names it)
        WHEN (SELECT s.actor FROM match_states s
              WHERE s.match_id = matches.id AND s.state = 'forfeited'
              ORDER BY s.at_ms DESC, s.rowid DESC LIMIT 1) = 'clock' THEN 'time'
        -- PEN-2: the late side's lateness points passed half the length
        WHEN 2 * (SELECT coalesce(sum(p.points), 0) FROM penalties p
                  WHERE p.match_id = matches.id AND p.kind = 'lateness'
                    AND p.side = 1 - matches.winner) > matches.length THEN 'lateness'
        ELSE 'ruling' END
    WHEN state = 'verified' THEN CASE
        -- penalty points reached the length: no report stands behind the result
        WHEN result_report IS NULL THEN 'ruling'
        WHEN (SELECT r.conceded FROM reports r WHERE r.id = matches.result_report) = 1
            THEN 'conceded'
        -- the TD verified it straight from a dispute
        WHEN (SELECT prev.state FROM match_states prev, match_states v
              WHERE v.rowid = (SELECT s.rowid FROM match_states s
                               WHERE s.match_id = matches.id AND s.state = 'verified'
                               ORDER BY s.at_ms DESC, s.rowid DESC LIMIT 1)
                AND v.actor = 'td'
                AND prev.match_id = matches.id
                AND (prev.at_ms < v.at_ms OR (prev.at_ms = v.at_ms AND prev.rowid < v.rowid))
              ORDER BY prev.at_ms DESC, prev.rowid DESC LIMIT 1) = 'disputed' THEN 'ruling'
        ELSE 'played' END
    WHEN state = 'void' THEN CASE
        WHEN (winner = 0 AND player_b IS NULL) OR (winner = 1 AND player_a IS NULL) THEN 'bye'
        ELSE 'walkover' END
    ELSE '' END;
