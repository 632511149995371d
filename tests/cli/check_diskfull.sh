#!/usr/bin/env bash
# A full disk, for real: the database on a 2 MiB tmpfs, filled by another file. Changes are
# refused with 507 and a sentence that says the disk is full, and change nothing; reads and
# the TD's login still answer 200 (the login writes its session into the reserve the server
# keeps for it); once there is room again, changes are accepted without a restart.
# Mounting needs root (CAP_SYS_ADMIN): without it the check is skipped (status 77, counted
# as skipped by tests/run.sh, never as passed).
set -u
BIN=${CRAWFORD_BIN:-build/asan/crawford}
. "$(dirname "$0")/lib.sh"
check_start diskfull
disk=$dir/disk
mkdir "$disk"
if ! mount -t tmpfs -o size=2m tmpfs "$disk" 2>"$dir/mount.err"; then
    echo "check_diskfull: SKIPPED, not run: cannot mount a 2 MiB tmpfs ($(cat "$dir/mount.err")); run make test as root"
    exit 77
fi
# the server stopped before the tmpfs goes, and the tmpfs before the folder
cleanup_disk() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null
    wait 2>/dev/null
    pid=
    umount "$disk" 2>/dev/null || umount -l "$disk"
    check_cleanup
}
trap cleanup_disk EXIT

serve_start 'disk full' "$disk/c.db"
if [ -z "$U" ]; then echo "check_diskfull: the server did not start: $(serve_why)"; exit 1; fi
U=${U%/}

H=(-s -H 'X-Crawford: 1' -H 'Content-Type: application/json')
json() { python3 -c 'import json,sys; print(json.load(sys.stdin)'"$1"')'; }
# status CURL-ARGS...: the HTTP status; the body in $dir/body
status() { curl "${H[@]}" -o "$dir/body" -w '%{http_code}' "$@"; }
players() { curl "${H[@]}" -b "$dir/td" "$U/api/v1/tournaments/$T/players" | json '["players"].__len__()'; }

[ "$(status -c "$dir/td" -d '{"password": "disk full"}' "$U/api/v1/login")" = 200 ] && ok ||
    bad "the TD could not log in: $(cat "$dir/body")"
T=$(curl "${H[@]}" -b "$dir/td" -d '{"name": "Full disk open"}' "$U/api/v1/tournaments" | json '["id"]')
[ -n "$T" ] && ok || bad "no tournament"

name=$(printf 'x%.0s' {1..60})
acked=0
for i in 1 2 3; do
    [ "$(status -b "$dir/td" -d "{\"name\": \"Before $i\"}" "$U/api/v1/tournaments/$T/players")" = 201 ] &&
        acked=$((acked + 1))
done
[ "$acked" = 3 ] && ok || bad "only $acked of 3 players added with room on the disk"

# fill the disk (dd stops at ENOSPC), then add players until one is refused: the log may
# have room of its own left for a few
dd if=/dev/zero of="$disk/filler" bs=64k 2>/dev/null
code=201
for i in $(seq 1 3000); do
    code=$(status -b "$dir/td" -d "{\"name\": \"Player $i $name\"}" "$U/api/v1/tournaments/$T/players")
    [ "$code" = 201 ] || break
    acked=$((acked + 1))
done
[ "$code" = 507 ] && ok || bad "a change on a full disk answered $code: $(cat "$dir/body")"
grep -q 'disk is full' "$dir/body" && ok || bad "the 507 does not say the disk is full: $(cat "$dir/body")"
grep -q 'application/problem+json\|"type"' "$dir/body" && ok || bad "the 507 is not a problem: $(cat "$dir/body")"
echo "check_diskfull: $acked players added before the disk was full"

# nothing changed by the refused one; reads answer; refused again, with no restart
[ "$(players)" = "$acked" ] && ok || bad "the players list has $(players), $acked were acknowledged"
[ "$(status "$U/api/v1/tournaments/$T")" = 200 ] && ok || bad "a read on a full disk: $(cat "$dir/body")"
[ "$(status -b "$dir/td" -d '{"name": "Refused"}' "$U/api/v1/tournaments/$T/players")" = 507 ] && ok ||
    bad "a second change on a full disk: $(cat "$dir/body")"
# the TD's login writes its session into the reserve
[ "$(status -c "$dir/td2" -d '{"password": "disk full"}' "$U/api/v1/login")" = 200 ] && ok ||
    bad "the TD's login on a full disk: $(cat "$dir/body")"
[ "$(status -b "$dir/td2" "$U/api/v1/tournaments/$T/players")" = 200 ] && ok ||
    bad "the new session does not read: $(cat "$dir/body")"
[ "$(players)" = "$acked" ] && ok || bad "after the refusals the list has $(players), not $acked"

# room again: changes are accepted, by the same process
rm -f "$disk/filler"
[ "$(status -b "$dir/td2" -d '{"name": "After the cleanup"}' "$U/api/v1/tournaments/$T/players")" = 201 ] &&
    ok || bad "with room again a change answered: $(cat "$dir/body")"
[ "$(players)" = "$((acked + 1))" ] && ok || bad "after the cleanup the list has $(players), not $((acked + 1))"
kill -0 "$pid" 2>/dev/null && ok || bad "the server is gone: $(cat "$dir/err")"
grep -q 'room again' "$dir/err" && ok || bad "the log does not say the disk has room again: $(cat "$dir/err")"
check_end
