-- 012: officials (GOV-1). The one anonymous TD password becomes official #1, the head TD;
-- the head TD adds TDs and assistants, each with a password and sessions of their own, and
-- machine tokens (a standby laptop, a script) with a role of their own. Audit rows name who
-- acted ("official:3", "token:2"); rows are never deleted, so a removed official keeps
-- their name in the log.

CREATE TABLE officials (
    id            INTEGER PRIMARY KEY,
    name          TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    role          TEXT NOT NULL CHECK (role IN ('head', 'td', 'assistant')),
    -- Argon2id (common/secret.c); NULL: no password yet, nobody logs in as this official
    password_hash TEXT,
    status        TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'removed')),
    created_ms    INTEGER NOT NULL,
    updated_ms    INTEGER NOT NULL
) STRICT;
-- The name is what an official logs in with: one per person among those not removed.
CREATE UNIQUE INDEX officials_name ON officials(lower(name)) WHERE status <> 'removed';
-- One head TD, who cannot be suspended or removed (that is the way back in).
CREATE UNIQUE INDEX officials_one_head ON officials(role) WHERE role = 'head';

INSERT INTO officials(id, name, role, password_hash, created_ms, updated_ms)
VALUES (1, 'Head TD', 'head', (SELECT value FROM settings WHERE key = 'td_password_hash'),
        CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER),
        CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
DELETE FROM settings WHERE key = 'td_password_hash';

-- A session belongs to an official; the ones open now are the head TD's (the only TD there
-- was). ended_ms: ended by a suspension, kept so that the refusal can say why (GOV-1).
CREATE TABLE td_sessions_012 (
    token_hash  TEXT PRIMARY KEY,
    official_id INTEGER NOT NULL REFERENCES officials(id),
    created_ms  INTEGER NOT NULL,
    expires_ms  INTEGER NOT NULL,
    ended_ms    INTEGER
) STRICT;
INSERT INTO td_sessions_012(token_hash, official_id, created_ms, expires_ms)
SELECT token_hash, 1, created_ms, expires_ms FROM td_sessions;
DROP TABLE td_sessions;
ALTER TABLE td_sessions_012 RENAME TO td_sessions;
CREATE INDEX td_sessions_expiry ON td_sessions(expires_ms);
CREATE INDEX td_sessions_official ON td_sessions(official_id);

-- A machine token: shown once at its creation, only its hash is kept; revoked, never
-- deleted (the audit log names it).
CREATE TABLE machine_tokens (
    id          INTEGER PRIMARY KEY,
    label       TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 100),
    role        TEXT NOT NULL CHECK (role IN ('td', 'assistant')),
    token_hash  TEXT NOT NULL UNIQUE,
    created_by  INTEGER NOT NULL REFERENCES officials(id),
    created_ms  INTEGER NOT NULL,
    revoked_ms  INTEGER
) STRICT;

-- Which player of a tournament is an official (set by a TD): such an official is a party
-- to their own matches and cannot rule on them (GOV-6).
ALTER TABLE players ADD COLUMN official_id INTEGER REFERENCES officials(id);
