#!/usr/bin/env bash
# `crawford backup` beside a server that serves and writes: the copy is whole (integrity
# ok), holds every change acknowledged before the backup began, and the server goes on
# answering; a destination that does not exist, is not writable, is full or is the
# database itself is refused with a sentence and a non-zero status, leaving nothing behind
# and the live database untouched; a server whose snapshot folder is full answers a
# snapshot 507, shows the alarm in its status and log, and goes on serving. (The read-only
# and full folders are mounted tmpfs: as root only; without root the not-writable folder is
# a chmod 555 one and the full one is left out.)
set -u
BIN=${CRAWFORD_BIN:-build/asan/crawford}
. "$(dirname "$0")/lib.sh"
check_start backup
mounts=()
cleanup_backup() {
    [ -n "$spid" ] && kill "$spid" 2>/dev/null
    for m in "${mounts[@]}"; do umount "$m" 2>/dev/null || umount -l "$m"; done
    check_cleanup
}
trap cleanup_backup EXIT

serve_start 'backup pw'
if [ -z "$U" ]; then echo "check_backup: the server did not start: $(serve_why)"; exit 1; fi
U=${U%/}
H=(-s -H 'X-Crawford: 1' -H 'Content-Type: application/json')
json() { python3 -c 'import json,sys; print(json.load(sys.stdin)'"$1"')'; }
status() { curl "${H[@]}" -o "$dir/body" -w '%{http_code}' "$@"; }
[ "$(status -c "$dir/td" -d '{"password": "backup pw"}' "$U/api/v1/login")" = 200 ] && ok ||
    bad "the TD could not log in: $(cat "$dir/body")"
T=$(curl "${H[@]}" -b "$dir/td" -d '{"name": "Backup open"}' "$U/api/v1/tournaments" | json '["id"]')

# a writer adding players one after another, each name written down once acknowledged
writer() {
    local i=0
    while [ ! -e "$dir/stop" ]; do
        i=$((i + 1))
        [ "$(curl "${H[@]}" -o /dev/null -w '%{http_code}' -b "$dir/td" \
            -d "{\"name\": \"Writer $i\"}" "$U/api/v1/tournaments/$T/players")" = 201 ] &&
            echo "Writer $i" >>"$dir/acked"
    done
}
touch "$dir/acked"
acked_over() { [ "$(wc -l <"$dir/acked")" -gt "$1" ]; }
writer &
spid=$!
wait_for 60 acked_over 20 || bad "the writer acknowledged nothing"

# the backup while the writer writes: what was acknowledged before it began is in it
cp "$dir/acked" "$dir/before"
mkdir "$dir/dest"
if "$BIN" backup --db "$dir/c.db" "$dir/dest/copy.db" >"$dir/bout" 2>&1; then ok; else
    bad "the backup failed: $(cat "$dir/bout")"; fi
n=$(wc -l <"$dir/acked")
wait_for 60 acked_over "$n" && ok || bad "the server stopped writing after the backup"
touch "$dir/stop"
wait "$spid"
spid=
[ "$(sqlite3 "$dir/dest/copy.db" 'PRAGMA integrity_check')" = ok ] && ok ||
    bad "the copy's integrity: $(sqlite3 "$dir/dest/copy.db" 'PRAGMA integrity_check' 2>&1)"
[ -z "$(sqlite3 "$dir/dest/copy.db" 'PRAGMA foreign_key_check')" ] && ok || bad "the copy's foreign keys"
sqlite3 "$dir/dest/copy.db" "SELECT name FROM players WHERE name LIKE 'Writer %'" | sort >"$dir/incopy"
missing=$(sort "$dir/before" | comm -23 - "$dir/incopy" | head -3)
[ -z "$missing" ] && ok || bad "acknowledged before the backup and not in it: $missing"
[ "$(ls "$dir/dest")" = copy.db ] && ok || bad "the destination holds more than the copy: $(ls "$dir/dest")"
[ "$(status "$U/api/v1/tournaments/$T")" = 200 ] && ok || bad "the server after the backup: $(cat "$dir/body")"

# DEST a folder: a file in it named for the database and the time
"$BIN" backup --db "$dir/c.db" "$dir/dest" >"$dir/bout" 2>&1 && ok || bad "a backup into a folder: $(cat "$dir/bout")"
ls "$dir/dest" | grep -q '^c-[0-9-]*\.db$' && ok || bad "the folder's copy is named: $(ls "$dir/dest")"

# bad destinations: a sentence, a non-zero status, nothing left, the database untouched
sum=$(md5sum <"$dir/c.db")
refused() { # refused PATTERN DEST
    local out rc
    out=$("$BIN" backup --db "$dir/c.db" "$2" 2>&1 </dev/null)
    rc=$?
    [ "$rc" != 0 ] && ok || bad "a backup to $2 succeeded"
    grep -q -- "$1" <<<"$out" && ok || bad "a backup to $2 says: $out"
}
refused 'the folder .*/nowhere does not exist' "$dir/nowhere/copy.db"
refused 'is the database itself' "$dir/c.db"
mkdir "$dir/ro" "$dir/full"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o ro,size=1m tmpfs "$dir/ro" 2>/dev/null; then
    mounts+=("$dir/ro")
else
    chmod 555 "$dir/ro"
fi
refused 'the folder .*/ro is not writable' "$dir/ro/copy.db"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=512k tmpfs "$dir/full" 2>/dev/null; then
    mounts+=("$dir/full")
    dd if=/dev/zero of="$dir/full/filler" bs=4k 2>/dev/null
    refused 'the folder .*/full is full' "$dir/full/copy.db"
    [ "$(ls "$dir/full")" = filler ] && ok || bad "the full folder holds: $(ls "$dir/full")"
    # room for the estimate but not for the copy: a little freed
    rm "$dir/full/filler"
    dd if=/dev/zero of="$dir/full/filler" bs=4k count=100 2>/dev/null
    "$BIN" backup --db "$dir/c.db" "$dir/full/copy.db" >"$dir/bout" 2>&1
    rc=$?
    if [ "$rc" = 0 ]; then [ "$(sqlite3 "$dir/full/copy.db" 'PRAGMA integrity_check')" = ok ] && ok ||
        bad "a copy that fit is not whole"; else
        grep -q 'full' "$dir/bout" && ok || bad "a copy that did not fit says: $(cat "$dir/bout")"; fi
    rm -f "$dir/full/copy.db"
    dd if=/dev/zero of="$dir/full/filler2" bs=4k 2>/dev/null
    # a server whose snapshot folder is full: 507 and an alarm, and it goes on serving
    (
        dir=$dir/s2
        mkdir "$dir"
        serve_start 'backup pw' "" "\"snapshot_folder\": \"${dir%/s2}/full\""
        echo "$pid" >"$dir/pid"
        echo "$U" >"$dir/u"
    )
    spid=$(cat "$dir/s2/pid")
    U2=$(cat "$dir/s2/u")
    U2=${U2%/}
    [ -n "$U2" ] && ok || bad "the server with a full snapshot folder did not start: $(cat "$dir/s2/err")"
    curl "${H[@]}" -c "$dir/td2" -d '{"password": "backup pw"}' -o /dev/null "$U2/api/v1/login"
    [ "$(status -b "$dir/td2" -X POST "$U2/api/v1/snapshots")" = 507 ] && ok ||
        bad "a snapshot into a full folder: $(cat "$dir/body")"
    grep -q 'snapshot_folder.*is full' "$dir/body" && ok || bad "the 507 says: $(cat "$dir/body")"
    curl "${H[@]}" -b "$dir/td2" "$U2/api/v1/snapshots" >"$dir/st"
    grep -q '"failing":true' "$dir/st" && ok || bad "the status of a full folder: $(cat "$dir/st")"
    [ "$(status -b "$dir/td2" -d '{"name": "Full stick"}' "$U2/api/v1/tournaments")" = 201 ] && ok ||
        bad "serving with a full snapshot folder: $(cat "$dir/body")"
    grep -q 'snapshot failed: snapshot_folder' "$dir/s2/err" && ok || bad "the log: $(cat "$dir/s2/err")"
    [ "$(ls "$dir/full")" = "$(printf 'filler\nfiller2')" ] && ok || bad "the full folder holds: $(ls "$dir/full")"
    kill "$spid"
    gone() { ! kill -0 "$spid" 2>/dev/null; }
    wait_for 60 gone || bad "the second server did not stop"
    spid=
else
    echo "check_backup: the full folder left out (needs root to mount a tmpfs)"
fi
"$BIN" backup --db "$dir/c.db" "" >"$dir/bout" 2>&1
[ "$?" = 2 ] && grep -q 'DEST' "$dir/bout" && ok || bad "a backup to an empty name: $(cat "$dir/bout")"
"$BIN" backup --db "$dir/c.db" >"$dir/bout" 2>&1
[ "$?" = 2 ] && grep -q 'DEST' "$dir/bout" && ok || bad "a backup without DEST: $(cat "$dir/bout")"
"$BIN" backup --db "$dir/none.db" "$dir/dest/x.db" >"$dir/bout" 2>&1
[ "$?" = 1 ] && grep -q 'none.db does not exist' "$dir/bout" && [ ! -e "$dir/none.db" ] && ok ||
    bad "a backup of no database: $(cat "$dir/bout")"
[ "$(md5sum <"$dir/c.db")" = "$sum" ] && ok || bad "the refused backups changed the database"
[ "$(status -b "$dir/td" -d '{"name": "After"}' "$U/api/v1/tournaments/$T/players")" = 201 ] && ok ||
    bad "a change after the refused backups: $(cat "$dir/body")"
check_end
