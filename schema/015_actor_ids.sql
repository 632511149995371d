-- 015: who acted at a table is kept by id, as the audit log keeps it ("official:3",
-- "token:2"), and named when shown: a call taken or closed, a warning, an observer
-- appointed or removed, a ruling. The name columns of 013 keep the name of the time (and
-- name the rows written before this migration, which have no id).
ALTER TABLE calls ADD COLUMN taken_by_actor TEXT;
ALTER TABLE calls ADD COLUMN closed_by_actor TEXT;
ALTER TABLE match_warnings ADD COLUMN by_actor TEXT;
ALTER TABLE observers ADD COLUMN appointed_by_actor TEXT;
ALTER TABLE observers ADD COLUMN removed_by_actor TEXT;
ALTER TABLE rulings ADD COLUMN actor TEXT;
