-- 028 (issue 37): the audit rows a tournament's queries look for by tournament (the
-- officials' decisions on a match, its corrections) indexed by tournament, entity and
-- entity, and no longer what a player did. Every game a player added wrote an entry of
-- audit_tournament(tournament_id, id), dirtying a page of it at every report: one page of
-- the six a report's commit writes, for an index no query read a player's row by. The list
-- of a tournament's audit rows reads them by id. Queries that use this index say
-- "actor NOT GLOB 'player:*'" (store/committee.c, store/swing.c): a partial index serves
-- only a query that implies its condition, in these words.
DROP INDEX audit_tournament;
CREATE INDEX audit_decisions ON audit_log(tournament_id, entity, entity_id)
    WHERE actor NOT GLOB 'player:*';
