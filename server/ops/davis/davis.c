/* A Davis Cup event's ties (DAVIS-1..3): the rubbers of a tie and who plays them, the
 * phases opening in turn, dead rubbers, the tie's winner moving on in a round robin or a
 * knockout of teams (the result cascade's step, op_davis_result), late entry closed, and
 * whether a rubber takes reports now (op_davis_rubber_open). The routes are
 * api/api_davis.c; who plays a doubles side, ops/people/access.c. */
#include "ops/davis/davis.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/clock.h"
#include "ops/records/event.h"
#include "ops/records/match.h"
#include "ops/frame/record.h"
#include "ops/records/undo.h"

/* ---- the schedule (DAVIS-3) ---- */

int op_davis_make_rubbers(const struct op *o, const struct event *e, const struct davis_settings *s,
                          const struct davis_tie_row *tie, const struct davis_team_row *a,
                          const struct davis_team_row *b)
{
    struct db *db = o->db;
    for (int i = 0; i < DAVIS_RUBBERS; i++) {
        const struct davis_rubber *rb = &davis_rubbers[i];
        struct match m;
        memset(&m, 0, sizeof m);
        m.tournament_id = e->tournament_id;
        m.event_id = e->id;
        m.round = tie->round;
        m.slot = tie->slot * 10 + i + 1;
        m.tie_id = tie->id;
        m.rubber = i + 1;
        /* the doubles name each pair's first player; either member plays it (side_of) */
        m.player[0] = a->player[rb->a_member ? rb->a_member - 1 : 0];
        m.player[1] = b->player[rb->b_member ? rb->b_member - 1 : 0];
        m.length = s->lengths[rb->phase - 1];
        m.winner = -1;
        m.state = MS_SCHEDULED;
        int rc = db_match_insert(db, &m, o->now_ms);
        if (rc == CW_OK)
            rc = db_match_state_log(db, m.id, MS_SCHEDULED, o->now_ms, o->who.actor);
        if (rc != CW_OK)
            return rc;
    }
    return CW_OK;
}

/* ---- a knockout of teams (DAVIS-3 with the knockout's draw, byes and late places) ---- */

void op_dko_free(struct dko *x)
{
    if (x->loaded)
        ko_bracket_free(&x->b);
    free(x->ties);
    free(x->at);
    free(x->res);
    free(x->v);
    free(x->teams);
    memset(x, 0, sizeof *x);
}

static const struct davis_team_row *team_by_id(const struct dko *x, int64_t id)
{
    for (int i = 0; i < x->n_teams; i++)
        if (x->teams[i].id == id)
            return &x->teams[i];
    return NULL;
}

int op_dko_load(struct db *db, const struct event *e, struct dko *x, char *err, size_t len)
{
    memset(x, 0, sizeof *x);
    int rc = db_ko_load(db, e->id, &x->b);
    if (rc != CW_OK)
        return rc;
    x->loaded = 1;
    x->nm = ko_match_count(&x->b);
    x->at = malloc((size_t)x->nm * sizeof *x->at);
    x->res = calloc((size_t)x->nm, sizeof *x->res);
    x->v = calloc((size_t)x->nm, sizeof *x->v);
    if (!x->at || !x->res || !x->v)
        return CW_EDB;
    rc = db_davis_ties(db, e->id, &x->ties, &x->n_ties);
    if (rc == CW_OK)
        rc = db_davis_teams(db, e->id, &x->teams, &x->n_teams);
    if (rc != CW_OK)
        return rc;
    for (int k = 0; k < x->nm; k++)
        x->at[k] = -1;
    for (int i = 0; i < x->n_ties; i++) {
        int k = ko_match_index(&x->b, x->ties[i].round, x->ties[i].slot - 1);
        if (k < 0 || k >= x->nm)
            continue;
        x->at[k] = i;
        const struct davis_tie_row *t = &x->ties[i];
        if (t->team[0] && t->team[1] && t->winner >= 0) {
            x->res[k].decision = KO_PLAYED;
            x->res[k].winner = t->winner;
        }
    }
    return ko_compute(&x->b, x->res, x->v, err, len);
}

/* Ties follow the bracket: their teams as known, the rubbers of ready ties made, a
 * walkover's winner recorded (KO-3, KO-8). */
static int dko_sync(const struct op *o, const struct event *e, const struct davis_settings *s,
                    struct dko *x)
{
    struct db *db = o->db;
    for (int k = 0; k < x->nm; k++) {
        const struct ko_mview *mv = &x->v[k];
        int64_t want[2];
        for (int sd = 0; sd < 2; sd++)
            want[sd] = mv->side[sd].kind == KO_SIDE_PLAYER ? mv->side[sd].id : 0;
        struct davis_tie_row tie;
        int rc = CW_OK;
        if (x->at[k] < 0) {
            memset(&tie, 0, sizeof tie);
            tie.event_id = e->id;
            ko_match_pos(&x->b, k, &tie.round, &tie.slot);
            tie.slot += 1;
            tie.team[0] = want[0];
            tie.team[1] = want[1];
            tie.winner = -1;
            rc = db_davis_tie_insert(db, &tie);
        } else {
            tie = x->ties[x->at[k]];
            if (tie.team[0] != want[0] || tie.team[1] != want[1]) {
                tie.team[0] = want[0];
                tie.team[1] = want[1];
                rc = db_davis_tie_set_teams(db, tie.id, want[0], want[1]);
            }
        }
        int walk = mv->state == KO_M_WALKOVER ? mv->winner : -1;
        if (rc == CW_OK && mv->state != KO_M_DONE && tie.winner != walk)
            rc = db_davis_tie_set_winner(db, tie.id, walk);
        struct match rubbers[5];
        if (rc == CW_OK)
            rc = db_tie_matches(db, e->tournament_id, tie.id, rubbers);
        if (rc != CW_OK)
            return rc;
        const struct davis_team_row *a = team_by_id(x, want[0]), *b = team_by_id(x, want[1]);
        if (!rubbers[0].id && mv->state == KO_M_READY && a && b) {
            rc = op_davis_make_rubbers(o, e, s, &tie, a, b);
        } else if (rubbers[0].id) {
            /* the teams changed (a correction): the rubbers follow them */
            for (int i = 0; rc == CW_OK && i < DAVIS_RUBBERS; i++) {
                const struct davis_rubber *rb = &davis_rubbers[i];
                int64_t pa = a ? a->player[rb->a_member ? rb->a_member - 1 : 0] : 0;
                int64_t pb = b ? b->player[rb->b_member ? rb->b_member - 1 : 0] : 0;
                if (rubbers[i].player[0] != pa || rubbers[i].player[1] != pb) {
                    json_t *before = op_match_record_json(&rubbers[i]), *voided;
                    enum match_state was = rubbers[i].state;
                    const int64_t players[2] = {pa, pb};
                    /* KO-10: the new pair does not take over what the old one played */
                    rc = op_match_replace_players(o, &rubbers[i], players, &voided);
                    if (voided)
                        json_object_set_new(before, "voided", voided);
                    if (rc > 0 && rubbers[i].state != was)
                        rc = db_match_state_log(db, rubbers[i].id, rubbers[i].state, o->now_ms,
                                                o->who.actor);
                    if (rc >= 0)
                        rc = op_match_save(o, &rubbers[i], before, "davis.rubber_teams");
                    else
                        json_decref(before);
                }
            }
        }
        if (rc != CW_OK)
            return rc;
    }
    return CW_OK;
}

/* A changed bracket (late places) stored, x freed, and the ties brought in line; rc is the
 * result so far (nothing is stored unless CW_OK). */
int op_dko_store(const struct op *o, const struct event *e, const struct davis_settings *s,
                 struct dko *x, int rc)
{
    char err[256] = "";
    if (rc == CW_OK)
        rc = db_ko_update(o->db, e->id, &x->b);
    op_dko_free(x);
    if (rc == CW_OK)
        rc = op_dko_load(o->db, e, x, err, sizeof err);
    if (rc == CW_OK)
        rc = dko_sync(o, e, s, x);
    op_dko_free(x);
    return rc;
}

int op_dko_draw(const struct op *o, struct event *e, const struct davis_settings *s,
                const struct davis_team_row *teams, int n, const char *seed_given, char *err,
                size_t errlen)
{
    struct ko_entry *en = calloc((size_t)n, sizeof *en);
    if (!en)
        return CW_EDB;
    for (int i = 0; i < n; i++)
        en[i].id = teams[i].id; /* ascending team id: the order the draw is re-derived from */
    struct ko_bracket b;
    char recorded[RNG_SEED_BYTES];
    uint64_t seed = op_seed_of(seed_given, recorded, sizeof recorded);
    int rc = ko_draw(seed, en, n, s->late.places, NULL, &b, err, errlen);
    free(en);
    if (rc != CW_OK)
        return rc;
    snprintf(b.seed_text, sizeof b.seed_text, "%s", recorded);
    b.late_deadline_ms = s->late.deadline_ms;
    rc = db_ko_save(o->db, e->id, &b, o->now_ms);
    ko_bracket_free(&b);
    if (rc != CW_OK)
        return rc;
    struct dko x;
    rc = op_dko_load(o->db, e, &x, err, errlen);
    if (rc == CW_OK)
        rc = dko_sync(o, e, s, &x);
    op_dko_free(&x);
    return rc;
}

/* ---- the rubbers: who plays, when, and what a result decides ---- */

int op_davis_tie_results(const struct match *rubbers, const struct match *fresh, int out[5])
{
    for (int i = 0; i < DAVIS_RUBBERS; i++) {
        const struct match *x = fresh && rubbers[i].id == fresh->id ? fresh : &rubbers[i];
        out[i] = x->state == MS_VOID ? DAVIS_VOID : match_decided(x) ? x->winner : DAVIS_OPEN;
    }
    return 0;
}

/* The ties after tie on its winner's path: the rubbers played or reported there (added to
 * undo, up to max) and the ties to take back (reset); a knockout's cascade (KO-8). */
static int dko_path(struct db *db, const struct event *e, const struct davis_tie_row *tie,
                    struct match *undo, int *n_undo, int max, int64_t *reset, int *n_reset)
{
    struct dko x;
    char err[256] = "";
    int rc = op_dko_load(db, e, &x, err, sizeof err);
    int k = rc == CW_OK ? ko_match_index(&x.b, tie->round, tie->slot - 1) : -1;
    for (int nxt = k >= 0 ? ko_next(&x.b, k, NULL) : -1; rc == CW_OK && nxt >= 0;
         nxt = ko_next(&x.b, nxt, NULL)) {
        if (x.at[nxt] < 0)
            break;
        const struct davis_tie_row *t = &x.ties[x.at[nxt]];
        struct match rubbers[5];
        rc = db_tie_matches(db, e->tournament_id, t->id, rubbers);
        int played = 0;
        for (int i = 0; rc == CW_OK && i < DAVIS_RUBBERS && *n_undo < max; i++)
            if (rubbers[i].id && rubbers[i].state != MS_SCHEDULED &&
                rubbers[i].state != MS_CALLED && rubbers[i].state != MS_VOID) {
                undo[(*n_undo)++] = rubbers[i];
                played = 1;
            }
        if (played || t->winner >= 0)
            reset[(*n_reset)++] = t->id;
    }
    op_dko_free(&x);
    return rc;
}

/* After a tie's winner changed: the bracket moves on (the next tie's teams and rubbers),
 * and the event is finished when the final is decided. */
static int dko_advance(const struct op *o, struct event *e, const struct davis_settings *s,
                       struct problem *pb)
{
    struct db *db = o->db;
    struct dko x;
    char err[256] = "";
    int rc = op_dko_load(db, e, &x, err, sizeof err);
    if (rc == CW_ECONFLICT || rc == CW_EINVAL) {
        op_dko_free(&x);
        problem_set(pb, 409, "bracket-conflict", "The bracket cannot take this result", "%s", err);
        return -1;
    }
    if (rc == CW_OK)
        rc = dko_sync(o, e, s, &x);
    int64_t champ = rc == CW_OK ? ko_champion(&x.b, x.v) : 0;
    op_dko_free(&x);
    if (rc == CW_OK)
        rc = op_event_mark_finished(o, e, champ != 0);
    if (rc != CW_OK)
        return problem_internal(pb, "advancing the bracket"), -1;
    return 0;
}

/* A round robin is finished when every tie is complete (each rubber decided, or void or
 * dead when dead rubbers are not played; a bye has nothing to play), and running again when
 * a correction reopens a tie. fresh: the match being decided, not yet stored. */
static int rr_settle(const struct op *o, struct event *e, const struct davis_settings *s,
                     const struct match *fresh, struct problem *pb)
{
    struct db *db = o->db;
    struct davis_tie_row *ties = NULL;
    int n = 0, rc = db_davis_ties(db, e->id, &ties, &n), done = n > 0;
    for (int i = 0; rc == CW_OK && done && i < n; i++) {
        if (!ties[i].team[0] || !ties[i].team[1])
            continue;
        struct match rubbers[5];
        rc = db_tie_matches(db, e->tournament_id, ties[i].id, rubbers);
        if (rc != CW_OK)
            break;
        int res[5];
        op_davis_tie_results(rubbers, fresh, res);
        struct davis_tie_state st;
        davis_tie_state(res, s->play_dead, &st);
        done = st.complete;
    }
    free(ties);
    if (rc == CW_OK)
        rc = op_event_mark_finished(o, e, done);
    if (rc != CW_OK)
        return problem_internal(pb, "finishing the round robin"), -1;
    return 0;
}

/* A rubber's result decides or changes its tie. A correction in a phase whose later phases
 * were already played is refused unless the TD confirms the cascade; in a knockout, so is
 * one that changes the winner of a tie whose winner played on. Confirmed, the later
 * matches' results are undone, latest first, and audited. */
int op_davis_result(const struct op *o, struct event *e, struct match *m,
                    const struct match *before, struct problem *pb)
{
    if (!m->tie_id || m->rubber < 1 || m->rubber > 5)
        return 0;
    struct db *db = o->db;
    struct match rubbers[5];
    struct davis_tie_row tie;
    if (db_tie_matches(db, m->tournament_id, m->tie_id, rubbers) != CW_OK ||
        db_davis_tie_get(db, m->tie_id, &tie) != CW_OK) {
        problem_internal(pb, "reading the tie");
        return -1;
    }
    const struct davis_settings s = e->settings.davis;
    int phase = davis_rubbers[m->rubber - 1].phase;
    int correcting = before->winner >= 0 && before->winner != m->winner;
    /* undo: the later ties' rubbers (latest first), then this tie's later phases */
    struct match undo[(KO_MAX_ROUNDS + 1) * DAVIS_RUBBERS];
    int64_t reset[KO_MAX_ROUNDS];
    int n_undo = 0, n_reset = 0, later[5], n_later = 0;
    for (int i = DAVIS_RUBBERS - 1; correcting && i >= 0; i--)
        if (davis_rubbers[i].phase > phase && rubbers[i].id && rubbers[i].state != MS_SCHEDULED &&
            rubbers[i].state != MS_CALLED &&
            rubbers[i].state != MS_VOID) /* a void rubber was never played */
            later[n_later++] = i;
    int res[5];
    op_davis_tie_results(rubbers, m, res);
    for (int k = 0; k < n_later; k++)
        res[later[k]] = DAVIS_OPEN;
    struct davis_tie_state st;
    davis_tie_state(res, s.play_dead, &st);
    if (s.knockout && st.winner != tie.winner && tie.winner >= 0 &&
        dko_path(db, e, &tie, undo, &n_undo, KO_MAX_ROUNDS * DAVIS_RUBBERS, reset, &n_reset))
        return problem_internal(pb, "reading the bracket"), -1;
    int n_path = n_undo;
    for (int k = 0; k < n_later; k++)
        undo[n_undo++] = rubbers[later[k]];
    if (n_undo && !o->confirm_cascade) {
        problem_set(pb, 409, "cascade", "Later matches depend on this result",
                    "%d match%s of later phases of this tie%s %s already been played or "
                    "reported; send \"confirm_cascade\": true to undo them (latest first) with "
                    "this correction.",
                    n_undo, n_undo == 1 ? "" : "es",
                    n_path ? ", or of the later ties its winner played (KO-8)," : "",
                    n_undo == 1 ? "has" : "have");
        json_t *list = json_array();
        for (int k = n_path - 1; k >= 0; k--)
            json_array_append_new(list, json_integer(undo[k].id));
        for (int k = n_path; k < n_undo; k++)
            json_array_append_new(list, json_integer(undo[k].id));
        json_object_set_new(pb->json, "would_undo", list);
        return -1;
    }
    for (int k = n_path - 1; k >= 0; k--)
        if (op_match_undo(o, &undo[k], "davis.cascade_undo"))
            return problem_internal(pb, "undoing a later match"), -1;
    for (int k = n_reset - 1; k >= 0; k--)
        if (db_davis_tie_set_winner(db, reset[k], -1))
            return problem_internal(pb, "undoing a later tie"), -1;
    for (int k = 0; k < n_later; k++)
        if (op_match_undo(o, &rubbers[later[k]], "davis.cascade_undo"))
            return problem_internal(pb, "undoing a later match"), -1;
    /* dead rubbers are not played unless the setting says so; a correction may revive them */
    for (int i = 0; i < DAVIS_RUBBERS; i++) {
        struct match *x = &rubbers[i];
        if (!x->id || x->id == m->id)
            continue;
        int want = -1;
        if (!s.play_dead && st.dead[i] && x->state != MS_VOID)
            want = MS_VOID;
        else if (!st.dead[i] && x->state == MS_VOID)
            want = MS_SCHEDULED;
        if (want >= 0) {
            json_t *b = op_match_record_json(x);
            if (op_match_set_state(db, x, (enum match_state)want, o->now_ms, "system") ||
                op_match_save(o, x, b,
                              want == MS_VOID ? "davis.rubber_void" : "davis.rubber_revived"))
                return problem_internal(pb, "updating the tie"), -1;
        }
    }
    if (st.winner != tie.winner) {
        if (db_davis_tie_set_winner(db, tie.id, st.winner) ||
            op_emit(db, m->tournament_id, o->now_ms, "davis.tie",
                    json_pack("{s:I, s:I, s:o, s:[i, i]}", "event_id", (json_int_t)e->id, "tie_id",
                              (json_int_t)tie.id, "winner",
                              st.winner >= 0 ? json_string(st.winner ? "b" : "a") : json_null(),
                              "rubbers_won", st.wins[0], st.wins[1])))
            return problem_internal(pb, "recording the tie"), -1;
        if (s.knockout && dko_advance(o, e, &s, pb))
            return -1;
    }
    /* every result may complete the round robin (with play_dead, after the winner is known)
     * or, corrected, reopen it */
    if (!s.knockout && rr_settle(o, e, &s, m, pb))
        return -1;
    return 0;
}

int op_davis_late_close(const struct op *o, const struct event *e, const struct davis_settings *s,
                        struct problem *pb)
{
    struct dko x;
    char err[256] = "";
    int rc = s->knockout && e->state != ES_OPEN ? op_dko_load(o->db, e, &x, err, sizeof err)
                                                : CW_ENOTFOUND;
    if (rc == CW_ENOTFOUND || (rc == CW_OK && (x.b.late_closed || x.b.late_filled >= x.b.n_late))) {
        if (rc == CW_OK)
            op_dko_free(&x);
        problem_set(pb, 409, "late-closed", "Late entry is not open", "%s has no open late places.",
                    e->name);
        return -1;
    }
    int unfilled = rc == CW_OK ? ko_late_close(&x.b) : 0;
    rc = op_dko_store(o, e, s, &x, rc);
    if (rc == CW_OK)
        rc = op_event_late_closed(o, e, "davis.late_closed", unfilled);
    if (rc != CW_OK) {
        problem_internal(pb, "closing late entry");
        return -1;
    }
    return 0;
}

int op_davis_rubber_open(const struct op *o, const struct event *e, const struct match *m,
                         int by_td, struct problem *pb)
{
    (void)by_td; /* the TD too decides no rubber of a phase not open */
    if (!m->tie_id || m->rubber < 1 || m->rubber > 5)
        return 0;
    struct db *db = o->db;
    struct match rubbers[5];
    if (db_tie_matches(db, m->tournament_id, m->tie_id, rubbers) != CW_OK) {
        problem_internal(pb, "reading the tie");
        return -1;
    }
    struct davis_tie_row tie;
    if (db_davis_tie_get(db, m->tie_id, &tie) == CW_OK && (!tie.team[0] || !tie.team[1])) {
        problem_set(pb, 409, "tie-waiting", "The other team is not known yet",
                    "This match belongs to a tie of %s whose %s team is still to be decided "
                    "(KO-3): it is played when both teams are known.",
                    e->name, tie.team[0] ? "second" : "first");
        return -1;
    }
    const struct davis_settings s = e->settings.davis;
    int res[5];
    op_davis_tie_results(rubbers, NULL, res);
    struct davis_tie_state st;
    davis_tie_state(res, s.play_dead, &st);
    int phase = davis_rubbers[m->rubber - 1].phase;
    if (st.dead[m->rubber - 1] && !s.play_dead) {
        problem_set(pb, 409, "dead-rubber", "This match is not played",
                    "The tie is decided (%d-%d) and matches that can no longer change it are "
                    "not played in %s (DAVIS-2).",
                    st.wins[0], st.wins[1], e->name);
        return -1;
    }
    if (st.open_phase && phase > st.open_phase) {
        problem_set(pb, 409, "phase-closed", "This phase has not started",
                    "This is a phase-%d match: phase %d opens when every match of phase %d "
                    "is decided (DAVIS-2).",
                    phase, phase, phase - 1);
        return -1;
    }
    return 0;
}
