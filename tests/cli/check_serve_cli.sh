#!/usr/bin/env bash
# The command line of the foundation: settings errors stop `crawford serve` with a
# sentence naming the setting and exit status 2; `migrate` and `passwd` work on a fresh
# database; a database from a newer crawford is refused.
set -u
BIN=${CRAWFORD_BIN:-build/asan/crawford}
dir=$(mktemp -d /tmp/crawford-cli-XXXXXX)
trap 'rm -rf "$dir"' EXIT
pass=0; fail=0
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*"; }

# expect STATUS PATTERN-IN-STDERR -- command...
expect() {
    local want=$1 pattern=$2; shift 3
    local out rc
    out=$("$@" 2>&1 </dev/null); rc=$?
    if [ "$rc" != "$want" ]; then bad "$* exited $rc, expected $want: $out"; return; fi
    if [ -n "$pattern" ] && ! grep -q -- "$pattern" <<<"$out"; then
        bad "$*: output lacks '$pattern': $out"; return
    fi
    ok
}

echo '{"prot": 8080}' > "$dir/unknown.json"
expect 2 'unknown setting "prot"' -- "$BIN" serve --config "$dir/unknown.json"
echo '{"port": "8080"}' > "$dir/type.json"
expect 2 '"port" must be an integer' -- "$BIN" serve --config "$dir/type.json"
echo '{"max_body_bytes": 1}' > "$dir/range.json"
expect 2 '"max_body_bytes" is 1' -- "$BIN" serve --config "$dir/range.json"
echo '{"port": 8080' > "$dir/broken.json"
expect 2 'broken.json' -- "$BIN" serve --config "$dir/broken.json"
expect 2 'config' -- "$BIN" serve --config "$dir/missing.json"
expect 2 "unknown option '--prot'" -- "$BIN" serve --prot 1
expect 2 "not a port number" -- "$BIN" serve --port 99999
expect 2 "unknown command" -- "$BIN" frobnicate
echo "{\"static_dir\": \"$dir/no-such-folder\"}" > "$dir/static.json"
expect 2 'static_dir' -- "$BIN" serve --config "$dir/static.json" --db "$dir/s.db" --port 0
expect 0 "settings" -- "$BIN" serve --help
expect 0 "crawford" -- "$BIN" version

# migrate creates the database and its folder, at the latest schema version
expect 0 "schema version [1-9]" -- "$BIN" migrate --db "$dir/new/sub/c.db"
[ -f "$dir/new/sub/c.db" ] && ok || bad "migrate did not create the database"

# passwd from standard input: too short refused, then set
out=$(echo "short" | "$BIN" passwd --db "$dir/p.db" 2>&1); rc=$?
[ $rc = 1 ] && grep -q "8 to 256" <<<"$out" && ok || bad "short password: $rc $out"
out=$(echo "a long enough password" | "$BIN" passwd --db "$dir/p.db" 2>&1); rc=$?
[ $rc = 0 ] && grep -q "TD password set" <<<"$out" && ok || bad "passwd: $rc $out"

# a database made by a newer crawford is refused with a clear message
python3 - "$dir/new/sub/c.db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1]); c.execute("PRAGMA user_version = 999"); c.commit()
PY
expect 1 "newer crawford" -- "$BIN" migrate --db "$dir/new/sub/c.db"
expect 1 "newer crawford" -- "$BIN" serve --db "$dir/new/sub/c.db" --port 0

echo "check_serve_cli: $pass passed, $fail failed"
[ $fail = 0 ]
