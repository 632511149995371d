#!/usr/bin/env bash
# Makes the upgrade fixture: a tournament database written by an older crawford, with
# every kind of event left mid-way, as an SQL text dump that tests/cli/check_upgrade.sh
# loads and continues with the crawford under test.
#
#   tests/data/upgrade/make_fixture.sh BINARY WHAT OUT.sql
#
# BINARY is the OLD crawford the dump stands for, WHAT says which it is (written in the
# dump's first line). pre30.sql is main at 6468cb2, the commit before issue 30's
# restructuring, made at that commit with
#   tests/data/upgrade/make_fixture.sh build/rel/crawford 'main at 6468cb2' \
#       tests/data/upgrade/pre30.sql
# Never with the crawford under test: the fixture is a database from the field, and one
# remade by a newer binary tests nothing. So BINARY has no default and OUT must not exist
# yet (remove the old one on purpose, and say why in the commit).
# Run from the repository's root; it needs python3 and the sqlite3 shell (`.dump`).
#
# The server is started as the shell checks start theirs (tests/cli/lib.sh), the
# tournament is played through the HTTP API by make_fixture.py (what it leaves is listed
# there), the server is stopped, and the database is dumped. `.dump` does not write the
# schema version (PRAGMA user_version, by which crawford knows which migrations a database
# has had), so it is added at the end; without it the new crawford would run every
# migration again over the tables.
set -u
usage='usage: make_fixture.sh BINARY WHAT OUT.sql'
BIN=${1:?$usage}
WHAT=${2:?$usage}
OUT=${3:?$usage}
if [ -e "$OUT" ]; then
    echo "make_fixture: $OUT exists; a committed fixture stands for databases in the field" \
         "and is not remade silently: remove it first if you mean it" >&2
    exit 1
fi
command -v sqlite3 >/dev/null || { echo "make_fixture: needs the sqlite3 shell" >&2; exit 1; }
here=$(dirname "$0")
. "$here/../../cli/lib.sh"
check_start make_fixture

PASSWORD='head td secret'   # the head TD's; the assistant's is in make_fixture.py
serve_start "$PASSWORD"
[ -n "$U" ] || { echo "make_fixture: the server did not start: $(cat "$dir/err")"; exit 1; }
python3 "$here/make_fixture.py" "$U" "$PASSWORD" >"$dir/made.json" || exit 1
kill "$pid"; wait "$pid" 2>/dev/null; pid=

version=$(sqlite3 "$dir/c.db" 'PRAGMA user_version')
{
    echo "-- The upgrade fixture: a database made by $("$BIN" version), $WHAT (schema version $version),"
    echo "-- with tests/data/upgrade/make_fixture.sh; never remade by a newer binary (see there)."
    sqlite3 "$dir/c.db" .dump
    echo "PRAGMA user_version = $version;"
} >"$OUT"

# the dump must give back the same database: loaded and dumped again, the same text
sqlite3 "$dir/again.db" <"$OUT"
if ! diff <(sqlite3 "$dir/c.db" .dump; sqlite3 "$dir/c.db" 'PRAGMA user_version') \
          <(sqlite3 "$dir/again.db" .dump; sqlite3 "$dir/again.db" 'PRAGMA user_version') \
          >"$dir/diff"; then
    echo "make_fixture: the dump does not give the database back:"; head -20 "$dir/diff"
    rm -f "$OUT"; exit 1
fi
echo "make_fixture: $OUT, schema version $version, $(wc -l <"$OUT") lines"
