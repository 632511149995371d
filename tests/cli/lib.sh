# Sourced by the shell checks. check_start NAME: a temporary folder $dir, the counters
# with ok and bad, and on exit the servers whose process ids are in $pid and $spid are
# stopped and $dir removed. check_end: prints NAME's count; fails when a check failed.
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
check_end() {
    echo "$check_name: $pass passed, $fail failed"
    [ "$fail" = 0 ]
}
