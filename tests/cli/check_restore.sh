#!/usr/bin/env bash
# `crawford restore` refuses what it cannot serve, with a sentence and exit status 1, the
# live database untouched: a file that is no SQLite database, an SQLite database that is
# not Crawford's, one from a newer crawford (both versions named), an existing database
# without --force, a database a running crawford serves. And `public_url` must be a web
# address (exit 2 naming it).
set -u
BIN=${CRAWFORD_BIN:-build/asan/crawford}
. "$(dirname "$0")/lib.sh"
check_start restore

# sql FILE STATEMENT: runs it (python3's sqlite3: no sqlite3 shell needed), prints a value
sql() {
    python3 -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
r = c.execute(sys.argv[2]).fetchall()
print(r[0][0] if r and r[0] else "")' "$1" "$2"
}
# the live database and its copy (made by crawford itself)
"$BIN" migrate --db "$dir/live.db" >/dev/null || bad "migrate"
"$BIN" migrate --db "$dir/copy.db" >/dev/null || bad "migrate the copy"
latest=$(sql "$dir/copy.db" 'PRAGMA user_version')
sum() { sha256sum "$dir/live.db" | cut -d' ' -f1; }
before=$(sum)

echo 'not a database at all' > "$dir/notes.txt"
expect 1 'notes.txt is not a Crawford database' -- "$BIN" restore "$dir/notes.txt" --db "$dir/live.db" --force
sql "$dir/other.db" 'CREATE TABLE customers(name TEXT)' >/dev/null
sql "$dir/other.db" 'PRAGMA user_version = 3' >/dev/null
expect 1 'other.db is not a Crawford database' -- "$BIN" restore "$dir/other.db" --db "$dir/live.db" --force
cp "$dir/copy.db" "$dir/newer.db"
sql "$dir/newer.db" "PRAGMA user_version = $((latest + 1))" >/dev/null
expect 1 "newer crawford: its schema version is $((latest + 1)), this crawford knows versions up to $latest" \
    -- "$BIN" restore "$dir/newer.db" --db "$dir/live.db" --force
expect 1 'live.db exists and may be the live database; add --force' -- "$BIN" restore "$dir/copy.db" --db "$dir/live.db"
expect 2 'which copy' -- "$BIN" restore --db "$dir/live.db"
[ "$(sum)" = "$before" ] && ok || bad "a refused restore changed the live database"
[ ! -e "$dir/live.db.restoring" ] && ok || bad "a refused restore left its temporary file"

# never over a database being served, even with --force
serve_start 'restore password' "$dir/live.db"
[ -n "$U" ] || bad "the server did not start: $(serve_why)"
expect 1 'a crawford is serving' -- "$BIN" restore "$dir/copy.db" --db "$dir/live.db" --force
kill "$pid"; wait "$pid" 2>/dev/null; pid=
expect 0 'restored' -- "$BIN" restore "$dir/copy.db" --db "$dir/live.db" --force
[ -e "$dir/live.db.before-restore" ] && ok || bad "the replaced database was not kept aside"
[ "$(sql "$dir/live.db" "SELECT count(*) FROM settings WHERE key = 'hold_from_ms'")" = 1 ] \
    && ok || bad "the restored copy is not marked held"

# public_url: a web address, or the server does not start
echo '{"public_url": "crawford.lan"}' > "$dir/bad.json"
expect 2 'setting "public_url"' -- "$BIN" serve --config "$dir/bad.json"
check_end
