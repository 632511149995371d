# Sourced by the shell checks. check_start NAME: a temporary folder $dir, the counters
# with ok and bad, and on exit the servers whose process ids are in $pid and $spid are
# stopped and $dir removed. check_end: prints NAME's count; fails when a check failed.
# serve_start PASSWORD [DATABASE [SETTINGS]]: a server on a free port with a database in
# $dir (or at DATABASE, "" for $dir's), the TD password PASSWORD and more SETTINGS (JSON
# members, e.g. '"threads": 1'); $pid is its process id, $U its address ("" when it did
# not start; then serve_why says why).
# shim_build: the LD_PRELOAD shim failsync.c built as $dir/failsync.so, or the check ends.
# wait_for SECONDS COMMAND...: runs COMMAND every 0.1 s until it succeeds (status 0) or
# SECONDS pass (status 1). Checks wait for what they expect, never a fixed time: the
# deadlines are generous so that only a real failure reaches them on a loaded machine.
check_start() {
    check_name=$1
    dir=$(mktemp -d "/tmp/crawford-$check_name-XXXXXX")
    pid=
    spid=
    trap check_cleanup EXIT
    pass=0
    fail=0
}
check_cleanup() {
    [ -n "$spid" ] && kill "$spid" 2>/dev/null
    [ -n "$pid" ] && kill "$pid" 2>/dev/null
    wait 2>/dev/null
    rm -rf "$dir"
}
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*"; }
# expect STATUS PATTERN -- command...: the command exits with STATUS and prints PATTERN (on
# stdout or stderr; an empty PATTERN matches anything); counted as ok or bad.
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

check_end() {
    echo "$check_name: $pass passed, $fail failed"
    [ "$fail" = 0 ]
}
serve_start() {
    cat > "$dir/crawford.json" <<EOF
{"database": "${2:-$dir/c.db}", "static_dir": "static", "access_log": "off"${3:+, $3}}
EOF
    # A second server of the same check writes the same files: the last one's "serving"
    # line must be gone before this one starts, or server_up may read it before the
    # background shell has truncated the file (CI's drill met exactly that, under load).
    rm -f "$dir/out" "$dir/err"
    CRAWFORD_TD_PASSWORD=$1 "$BIN" serve --config "$dir/crawford.json" --port 0 \
        >"$dir/out" 2>"$dir/err" &
    pid=$!
    wait_for 60 server_up "$pid" "$dir/out"
    U=$(grep -o 'http://[^ ]*/' "$dir/out" | head -1)
    serve_status=
    if [ -z "$U" ]; then
        if kill -0 "$pid" 2>/dev/null; then
            serve_status="still running, silent, after 60 s"
        else
            wait "$pid"
            serve_status="exit status $? ($(kill -l $? 2>/dev/null || echo no signal))"
        fi
    fi
}
# serve_why: why the last serve_start gave no address: how the server ended and all it
# printed (a server that dies at start must say why in the failing check's log)
serve_why() {
    echo "$serve_status; stdout: $(cat "$dir/out" 2>/dev/null); stderr: $(cat "$dir/err" 2>/dev/null)"
}
shim_build() {
    if ! cc -shared -fPIC -O1 -o "$dir/failsync.so" "$(dirname "${BASH_SOURCE[0]}")/failsync.c" \
        -ldl 2>"$dir/cc.err"; then
        echo "$check_name: the shim does not build: $(cat "$dir/cc.err")"
        exit 1
    fi
}
wait_for() {
    local deadline=$((SECONDS + $1))
    shift
    until "$@"; do
        [ "$SECONDS" -ge "$deadline" ] && return 1
        sleep 0.1
    done
}
# server_up PID FILE: the server printed its address in FILE; fails at once (a success for
# wait_for, which then stops) when the process PID has exited without doing so. FILE may
# not exist yet (the shell that redirects into it may not have run): no message then.
server_up() {
    grep -qs 'serving http' "$2" && return 0
    kill -0 "$1" 2>/dev/null || return 0
    return 1
}
