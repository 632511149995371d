/* The TD's own changes to a match (MATCH-3, the call to a table): a standalone match
 * created, a match's length or table edited, a match called. The routes are
 * api/api_matches.c (an edit and a call in the frame of api/match_change.c, which saves
 * the match). */
#include "ops/match/match_acts.h"

#include <stdio.h>
#include <string.h>

#include "ops/result/decide.h"
#include "ops/records/match.h"
#include "ops/records/match_length.h"
#include "ops/match/appeal_hold.h"
#include "ops/match/tables.h"
#include "store/store.h"

/* The player of tournament tid named by field, or a problem. */
static int check_player(struct db *db, int64_t tid, struct problem *pb, const char *field,
                        int64_t id)
{
    struct player p;
    int rc = db_player_get(db, tid, id, &p);
    if (rc == CW_ENOTFOUND) {
        problem_field(pb, field, "tournament %lld has no player %lld", (long long)tid,
                      (long long)id);
        return -1;
    }
    if (rc != CW_OK) {
        problem_internal(pb, "reading a player");
        return -1;
    }
    if (!strcmp(p.status, "withdrawn")) {
        problem_field(pb, field, "%s has withdrawn", p.name);
        return -1;
    }
    return 0;
}

int op_match_create(const struct op *o, struct match *m, struct problem *pb)
{
    struct db *db = o->db;
    struct tournament t;
    int rc = db_tournament_get(db, m->tournament_id, &t);
    if (rc == CW_ENOTFOUND) {
        return op_no_tournament(pb, m->tournament_id);
    }
    if (rc == CW_OK && (check_player(db, m->tournament_id, pb, "player_a", m->player[0]) ||
                        check_player(db, m->tournament_id, pb, "player_b", m->player[1])))
        return -1;
    if (rc == CW_OK)
        rc = db_match_insert(db, m, o->now_ms);
    if (rc == CW_OK)
        rc = db_match_state_log(db, m->id, MS_SCHEDULED, o->now_ms, o->who.actor);
    if (rc == CW_OK)
        rc = op_match_save(o, m, NULL, "match.create");
    if (rc != CW_OK) {
        problem_internal(pb, "creating the match");
        return -1;
    }
    return 0;
}

int op_match_edit(const struct op *o, struct match *m, const struct match_edit_in *in,
                  struct problem *pb)
{
    if (in->length && m->length == 0) {
        /* a pairing of a Swing event: its chips are counted per game (SWING-2/3) */
        problem_set(pb, 409, "money-game", "The length of this game is fixed",
                    "Match %lld is one money-style game of a Swing event (SWING-2/3): it has "
                    "no match length, and the chips it moves depend on that game's result "
                    "and cube only.",
                    (long long)m->id);
        return -1;
    }
    if (match_finished(m))
        return op_match_refuse_finished(m, pb);
    /* KO-9: the TD moves a match at its table only to a table no other match holds; a
     * scheduled match's table is the TD's choice for later, and it waits for it */
    struct match moved = *m;
    moved.table[0] = 0;
    if (in->table)
        snprintf(moved.table, sizeof moved.table, "%s", in->table);
    if (in->table && match_holds_table(&moved) && op_table_free_for(o, m, in->table, pb))
        return -1;
    if (in->length && in->length != m->length && op_match_relength(o, m, in->length, pb))
        return -1;
    if (in->table)
        snprintf(m->table, sizeof m->table, "%s", in->table);
    return 0;
}

int op_match_call(const struct op *o, struct match *m, const char *table, struct problem *pb)
{
    if (m->state != MS_SCHEDULED) {
        problem_set(pb, 409, "not-scheduled", "The match cannot be called",
                    "Match %lld is %s; only a scheduled match is called.", (long long)m->id,
                    match_state_name(m->state));
        return -1;
    }
    if (!m->player[0] || !m->player[1]) {
        problem_set(pb, 409, "players-unknown", "Players not known yet",
                    "Match %lld cannot be called before both players are known.", (long long)m->id);
        return -1;
    }
    if (op_table_free_for(o, m, table ? table : m->table, pb) || op_appeal_hold_check(o, m, pb))
        return -1;
    if (table)
        snprintf(m->table, sizeof m->table, "%s", table);
    return op_match_set_state(o->db, m, MS_CALLED, o->now_ms, o->who.actor) ? -1 : 0;
}
