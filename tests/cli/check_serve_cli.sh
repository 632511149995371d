#!/usr/bin/env bash
# The command line of the foundation: settings errors stop `crawford serve` with a
# sentence naming the setting and exit status 2; `migrate` and `passwd` work on a fresh
# database; `passwd` on a running server's database ends the TD sessions, the old password
# stops working and the new one logs in; a database from a newer crawford is refused.
set -u
BIN=${CRAWFORD_BIN:-build/asan/crawford}
. "$(dirname "$0")/lib.sh" # wait_for, server_up
dir=$(mktemp -d /tmp/crawford-cli-XXXXXX)
srv=""
trap '[ -n "$srv" ] && kill "$srv" 2>/dev/null; rm -rf "$dir"' EXIT
pass=0; fail=0
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*"; }


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

# passwd on the database of a running server, as docs/operations.md documents it: every TD session
# ends, the old password stops working and the new one logs in, the head TD's browsers
# lose their device cookies
cat > "$dir/run.json" <<JSON
{"bind": "127.0.0.1", "database": "$dir/run.db", "static_dir": "$PWD/static", "access_log": "off"}
JSON
# serve_run: serve run.json (CRAWFORD_TD_PASSWORD "the first password") into a fresh
# run.out; sets srv to its process id and port to its port, empty when it did not start
serve_run() {
    : > "$dir/run.out"
    CRAWFORD_TD_PASSWORD="the first password" "$BIN" serve --config "$dir/run.json" --port 0 \
        > "$dir/run.out" 2>&1 &
    srv=$!
    port=""
    wait_for 60 server_up "$srv" "$dir/run.out"
    port=$(sed -n 's/.*serving http:\/\/[^:]*:\([0-9]*\)\/.*/\1/p' "$dir/run.out")
}
serve_run
if [ -z "$port" ]; then
    bad "serve did not start: $(cat "$dir/run.out")"
else
    api="http://127.0.0.1:$port/api/v1"
    login() { # login PASSWORD JAR: prints the HTTP status
        curl -s -o /dev/null -w '%{http_code}' -c "$2" -H 'X-Crawford: 1' \
            -H 'Content-Type: application/json' -d "{\"password\": \"$1\"}" "$api/login"
    }
    role() { curl -s -b "$1" "$api/session"; }
    st=$(login "the first password" "$dir/jar1")
    [ "$st" = 200 ] && grep -q '"td"' <<<"$(role "$dir/jar1")" && ok || bad "first login: $st"
    # an assistant of the head TD's (GOV-1), logged in: passwd is the head TD's alone
    st=$(curl -s -o /dev/null -w '%{http_code}' -b "$dir/jar1" -H 'X-Crawford: 1' \
        -H 'Content-Type: application/json' \
        -d '{"name": "Ada", "role": "assistant", "password": "ada password"}' "$api/officials")
    [ "$st" = 201 ] && ok || bad "the head TD adds an assistant: $st"
    st=$(curl -s -o /dev/null -w '%{http_code}' -c "$dir/jar-ada" -H 'X-Crawford: 1' \
        -H 'Content-Type: application/json' -d '{"name": "Ada", "password": "ada password"}' \
        "$api/login")
    [ "$st" = 200 ] && ok || bad "the assistant's login: $st"
    # whose browsers have device cookies (ids): the head TD's go with passwd, Ada's stay
    devices() {
        python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(
            "SELECT group_concat(official_id) FROM (SELECT official_id FROM device_cookies "
            "ORDER BY 1)").fetchone()[0])' "$dir/run.db"
    }
    [ "$(devices)" = "1,2" ] && ok || bad "device cookies before passwd: $(devices)"
    out=$(echo "the second password" | "$BIN" passwd --db "$dir/run.db" 2>&1); rc=$?
    [ $rc = 0 ] && grep -q "TD password set" <<<"$out" && ok || bad "passwd while serving: $rc $out"
    grep -q '"public"' <<<"$(role "$dir/jar1")" && ok || bad "the old session survived passwd"
    grep -q '"Ada"' <<<"$(role "$dir/jar-ada")" && ok || bad "passwd ended another official's session"
    [ "$(devices)" = "2" ] && ok || bad "device cookies after passwd: $(devices)"
    st=$(login "the first password" "$dir/jar2")
    [ "$st" = 401 ] && ok || bad "the old password after passwd: $st"
    st=$(login "the second password" "$dir/jar3")
    [ "$st" = 200 ] && grep -q '"td"' <<<"$(role "$dir/jar3")" && ok || bad "the new password: $st"
    # CRAWFORD_TD_PASSWORD is ignored once a password exists: a restart keeps the new one
    kill "$srv"; wait "$srv"; rc=$?
    [ $rc = 0 ] && ok || bad "serve exited $rc on SIGTERM"
    serve_run
    api="http://127.0.0.1:$port/api/v1"
    st=$(login "the first password" "$dir/jar4")
    [ "$st" = 401 ] && ok || bad "CRAWFORD_TD_PASSWORD replaced the password at restart: $st"
    st=$(login "the second password" "$dir/jar5")
    [ "$st" = 200 ] && ok || bad "the new password after restart: $st"
fi
kill "$srv" 2>/dev/null; wait "$srv" 2>/dev/null; srv=""

# a database made by a newer crawford is refused with a clear message
python3 - "$dir/new/sub/c.db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1]); c.execute("PRAGMA user_version = 999"); c.commit()
PY
expect 1 "newer crawford" -- "$BIN" migrate --db "$dir/new/sub/c.db"
expect 1 "newer crawford" -- "$BIN" serve --db "$dir/new/sub/c.db" --port 0

echo "check_serve_cli: $pass passed, $fail failed"
[ $fail = 0 ]
