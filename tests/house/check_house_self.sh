#!/usr/bin/env bash
# tests/house/one_place.py tested on a small tree of its own: each rule of one place
# (6 kind names, 7 settings, 8 transactions) fails on a breach planted in it, naming the
# file, the line and the rule; a comment or a definition is no breach; an allowlisted file
# passes; a stale allowlist entry (its file gone, or clean now) fails, named. Takes well
# under a second.
set -u
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "check_house_self: $*"; fail=1; }

mkdir -p "$tmp/server/ops" "$tmp/server/api" "$tmp/server/store"
cat > "$tmp/server/ops/kinds.c" <<'C'
/* strcmp(e->kind, "davis") in a comment is no comparison */
int f(const struct event *e)
{
    if (!strcmp(e->kind, "knockout"))
        return 1;
    return strcmp(e->kind,
                  "swing") == 0 || e->kind == "standalone";
}
C
cat > "$tmp/server/ops/settings.c" <<'C'
int g(const struct event *e, struct event ev)
{
    json_t *j = json_loads(e->settings, 0, NULL);
    return j && strstr(ev.settings, "\"feeds_from\":") != NULL;
}
C
cat > "$tmp/server/api/tx.c" <<'C'
int db_lock(struct db *db)
{
    return 0;
}
void h(struct db *db)
{
    if (db_begin(db))
        return;
    db_commit(db);
}
C
cat > "$tmp/server/store/clean.c" <<'C'
int clean(void) { return 0; }
C

run() { out=$(python3 "$here/one_place.py" --root "$tmp" --allowlists "$tmp/allow.json" 2>&1); rc=$?; }
has() { grep -qF -- "$1" <<<"$out" || no "expected \"$1\" in: $out"; }
hasnt() { ! grep -qF -- "$1" <<<"$out" || no "did not expect \"$1\" in: $out"; }

echo '{}' > "$tmp/allow.json"
run
[ $rc = 1 ] || no "planted breaches passed (rc $rc)"
has 'rule 6 (kind names): server/ops/kinds.c:4: compares the kind name "knockout"'
has 'rule 6 (kind names): server/ops/kinds.c:7: compares the kind name "swing"'
has 'rule 6 (kind names): server/ops/kinds.c:7: compares the kind name "standalone" with =='
hasnt 'server/ops/kinds.c:1:'
has 'rule 7 (settings): server/ops/settings.c:3: parses a settings member (json_loads on ->settings)'
has 'rule 7 (settings): server/ops/settings.c:4: parses a settings member (strstr on .settings)'
has 'rule 8 (transactions): server/api/tx.c:7: calls db_begin()'
has 'rule 8 (transactions): server/api/tx.c:9: calls db_commit()'
hasnt 'server/api/tx.c:1:'

cat > "$tmp/allow.json" <<'J'
{"kind names": {"ops/kinds.c": "planted"}, "settings": {"ops/settings.c": "planted"},
 "transactions": {"api/": "planted", "store/clean.c": "clean", "ops/gone.c": "gone"}}
J
run
[ $rc = 1 ] || no "stale entries passed (rc $rc)"
hasnt 'server/ops/kinds.c:'
hasnt 'server/ops/settings.c:'
hasnt 'server/api/tx.c:'
has "rule 8 (transactions): stale entry TRANSACTIONS['store/clean.c']: server/store/clean.c no longer breaks the rule"
has "rule 8 (transactions): stale entry TRANSACTIONS['ops/gone.c']: server/ops/gone.c is gone"

cat > "$tmp/allow.json" <<'J'
{"kind names": {"ops/kinds.c": "planted"}, "settings": {"ops/settings.c": "planted"},
 "transactions": {"api/tx.c": "planted"}}
J
run
[ $rc = 0 ] || no "an allowlisted tree failed (rc $rc): $out"

if [ $fail = 0 ]; then
    echo "check_house_self: each rule of one place fails on its breach, and its allowlist holds"
else
    echo "check_house_self: FAILED"
    exit 1
fi
