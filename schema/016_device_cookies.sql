-- 016: device cookies (OWASP's "device cookies" against online guessing): a browser an
-- official logged in from gets a long-lived cookie; a login that brings it for the same
-- official has a password check kept for it and is not held by its address's wrong
-- passwords. Only the cookie's hash is kept. failures: wrong passwords sent with it since
-- it was given (at DEVICE_FAILURES_MAX it is deleted: revoked).
CREATE TABLE device_cookies (
    hash         TEXT PRIMARY KEY,
    official_id  INTEGER NOT NULL REFERENCES officials(id),
    failures     INTEGER NOT NULL DEFAULT 0,
    created_ms   INTEGER NOT NULL,
    last_used_ms INTEGER NOT NULL
) STRICT;
CREATE INDEX device_cookies_official ON device_cookies(official_id);
