/* A side's report of a match (MATCH-7) as operations: filing one (a result, a game-by-game
 * sheet, a transcript, a concession), withdrawing it, confirming the opponent's; each
 * followed by the match's state as the two current reports put it (ops/result/decide.c). */
#include "ops/match/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/result/decide.h"
#include "store/store.h"

/* The points the conceding side keeps: the score of the match as it stands. Its own report
 * in progress (game by game) when it has one; else the match's score, which holds the
 * penalty points given (MATCH-5), unless a report in it already gives this side the match:
 * then only its penalty points. */
static int standing_points(struct db *db, const struct match *m, int side, int *points,
                           int64_t *resumes, struct problem *pb)
{
    struct report mine;
    int rc = db_report_current(db, m->id, side, &mine);
    if (rc != CW_OK && rc != CW_ENOTFOUND) {
        problem_internal(pb, "reading your report");
        return -1;
    }
    if (rc == CW_OK && !mine.complete) {
        *points = mine.score[side];
        *resumes = mine.id;
    } else
        *points = m->score[side] < m->length ? m->score[side] : m->penalty[side];
    if (rc == CW_OK)
        report_free(&mine);
    return 0;
}

/* The conceding side's complete report: the opponent wins at the match length, the
 * conceding side keeps the points it has. */
static int concession(const struct op *o, const struct match *m, int side, struct report *r,
                      struct problem *pb)
{
    memset(r, 0, sizeof *r);
    int points;
    if (standing_points(o->db, m, side, &points, &r->resumes, pb))
        return -1;
    r->created_ms = o->now_ms;
    snprintf(r->kind, sizeof r->kind, "score");
    r->complete = 1;
    r->winner = 1 - side;
    r->score[1 - side] = m->length;
    r->score[side] = points;
    r->conceded = 1;
    r->games = strdup("[]");
    if (!r->games) {
        problem_internal(pb, "storing the concession");
        return -1;
    }
    return 0;
}

int op_report_file(const struct op *o, struct match *m, int side, struct report *r,
                   struct problem *pb, const char **action)
{
    r->match_id = m->id;
    r->side = side;
    snprintf(r->actor, sizeof r->actor, "%s", o->who.actor);
    int rc = db_report_supersede(o->db, m->id, side);
    if (rc == CW_OK)
        rc = db_report_insert(o->db, r);
    if (rc != CW_OK) {
        problem_internal(pb, "storing the report");
        return -1;
    }
    return op_match_settle(o, m, pb, action);
}

int op_report_concede(const struct op *o, struct match *m, int side, struct problem *pb,
                      const char **action)
{
    struct report r;
    if (concession(o, m, side, &r, pb)) {
        report_free(&r);
        return -1;
    }
    int rc = op_report_file(o, m, side, &r, pb, action);
    report_free(&r);
    /* a concession waiting for the opponent (or the TD) has a stream entry of its own */
    if (!rc && !strcmp(*action, "match.reported"))
        *action = "match.conceded";
    return rc;
}

int op_report_withdraw(const struct op *o, struct match *m, int side, struct problem *pb,
                       const char **action)
{
    struct report r;
    int rc = db_report_current(o->db, m->id, side, &r);
    if (rc == CW_ENOTFOUND) {
        problem_set(pb, 409, "no-report", "Nothing to withdraw",
                    "You have no report of match %lld.", (long long)m->id);
        return -1;
    }
    /* a concession taken back: the match goes on from the conceder's scoresheet, if the
     * concession replaced one in progress (no penalty is given while it stands) */
    int64_t resumes = rc == CW_OK && r.conceded ? r.resumes : 0;
    if (rc == CW_OK)
        report_free(&r);
    if (rc != CW_OK || db_report_supersede(o->db, m->id, side) ||
        (resumes && db_report_restore(o->db, m->id, resumes))) {
        problem_internal(pb, "withdrawing the report");
        return -1;
    }
    return op_match_settle(o, m, pb, action);
}

int op_report_confirm(const struct op *o, struct match *m, int side, int64_t seen,
                      struct problem *pb, const char **action)
{
    struct report theirs;
    int rc = db_report_current(o->db, m->id, 1 - side, &theirs);
    if (rc == CW_ENOTFOUND || (rc == CW_OK && !theirs.complete)) {
        if (rc == CW_OK)
            report_free(&theirs);
        problem_set(pb, 409, "nothing-to-confirm", "Nothing to confirm",
                    "Your opponent has not reported the end of match %lld yet.", (long long)m->id);
        return -1;
    }
    if (rc != CW_OK) {
        problem_internal(pb, "reading the report");
        return -1;
    }
    if (seen && seen != theirs.id) {
        long long now_id = (long long)theirs.id;
        report_free(&theirs);
        problem_set(pb, 409, "report-changed", "The report changed",
                    "Your opponent's report of match %lld changed since you saw it (it is now "
                    "report %lld): read it again before you confirm.",
                    (long long)m->id, now_id);
        return -1;
    }
    /* Confirming is reporting the same result: the two reports then agree (MATCH-7). */
    struct report mine = theirs;
    mine.side = side;
    mine.resumes = 0; /* the conceder's scoresheet is not the confirmer's */
    snprintf(mine.actor, sizeof mine.actor, "%s", o->who.actor);
    mine.created_ms = o->now_ms;
    rc = db_report_supersede(o->db, m->id, side);
    if (rc == CW_OK)
        rc = db_report_insert(o->db, &mine);
    report_free(&theirs);
    if (rc != CW_OK) {
        problem_internal(pb, "storing the confirmation");
        return -1;
    }
    return op_match_settle(o, m, pb, action);
}

int op_report_standing(const struct op *o, const struct match *m, int64_t id, const char *field,
                       struct report *r, struct problem *pb)
{
    int rc = db_report_get(o->db, m->id, id, r);
    if (rc == CW_ENOTFOUND || (rc == CW_OK && (!r->complete || !r->current))) {
        if (rc == CW_OK)
            report_free(r);
        problem_set(pb, 422, "validation", "No such report",
                    "Match %lld has no current, complete report %lld.", (long long)m->id,
                    (long long)id);
        problem_field(pb, field, "is not a current, complete report of match %lld",
                      (long long)m->id);
        return -1;
    }
    if (rc != CW_OK) {
        problem_internal(pb, "reading the report");
        return -1;
    }
    return 0;
}
