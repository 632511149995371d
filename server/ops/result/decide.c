/* A match decided: from its players' reports (MATCH-7: the state the two current reports
 * put it in), or without play (a forfeit, a withdrawal, a disqualification, a flag, a
 * penalty that reaches the length). Either way what depends on the result follows
 * (ops/result/results.c) in the same transaction. */
#include "ops/result/decide.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/records/clock.h"
#include "ops/records/match.h"
#include "ops/result/results.h"
#include "rules/bg_game.h"
#include "store/store.h"
#include "tourney/results.h"

/* A report whose transcript has a gap: a play the record lost (rule GAP, bg_game_replay). */
static int has_gap(const struct report *r)
{
    json_t *flags = r->flags ? json_loads(r->flags, 0, NULL) : NULL;
    int gap = 0;
    for (size_t i = 0; i < json_array_size(flags) && !gap; i++) {
        const char *rule = json_string_value(json_object_get(json_array_get(flags, i), "rule"));
        gap = rule && !strcmp(rule, BG_GAP_RULE);
    }
    json_decref(flags);
    return gap;
}

/* Agreed reports with a gap: the players' agreement does not settle what the record lost;
 * where the tournament says so (gap_waits_for_td, the default) the match waits for the TD,
 * who accepts the report by verifying it or refuses it with a result of their own. 1 when
 * it waits, 0 when not, -1 when the tournament cannot be read. */
static int gap_waits(struct db *db, const struct match *m, const struct report r[2])
{
    if (!has_gap(&r[0]) && !has_gap(&r[1]))
        return 0;
    int waits = db_tournament_gap_waits(db, m->tournament_id);
    return waits < 0 ? -1 : waits != 0;
}

static int settle(const struct op *o, struct match *m, const struct report *mine, int pair,
                  const struct report *theirs, struct problem *pb, const char **action);

int op_match_settle(const struct op *o, struct match *m, struct problem *pb, const char **action)
{
    return settle(o, m, NULL, 0, NULL, pb, action);
}

int op_match_settle_pair(const struct op *o, struct match *m, const struct report *mine,
                         const struct report *theirs, struct problem *pb, const char **action)
{
    return settle(o, m, mine, 1, theirs, pb, action);
}

/* Recomputes the match from the current reports of both sides (mine, when not NULL, the one
 * of its side, as just written: not read again; with pair, the other side's is theirs). */
static int settle(const struct op *o, struct match *m, const struct report *mine, int pair,
                  const struct report *theirs, struct problem *pb, const char **action)
{
    struct db *db = o->db;
    struct report r[2];
    int have[2] = {0, 0}, lent[2] = {0, 0};
    for (int s = 0; s < 2; s++) {
        if (mine && mine->side == s) {
            r[s] = *mine;
            have[s] = lent[s] = 1;
            continue;
        }
        if (pair) {
            if (theirs)
                r[s] = *theirs;
            have[s] = lent[s] = theirs != NULL;
            continue;
        }
        int rc = db_report_current(db, m->id, s, &r[s]);
        if (rc != CW_OK && rc != CW_ENOTFOUND) {
            if (have[0] && !lent[0])
                report_free(&r[0]);
            problem_internal(pb, "reading the reports");
            return -1;
        }
        have[s] = rc == CW_OK;
    }
    enum results_outcome outcome = results_outcome(have[0] ? &r[0] : NULL, have[1] ? &r[1] : NULL);
    int waits = outcome == RO_AGREED ? gap_waits(db, m, r) : 0;
    if (waits < 0) {
        for (int s = 0; s < 2; s++)
            if (have[s] && !lent[s])
                report_free(&r[s]);
        problem_internal(pb, "reading the tournament");
        return -1;
    }
    if (waits)
        outcome = RO_REPORTED;
    const char *actor = o->who.actor;
    struct match before = *m;
    int rc = 0;
    const struct report *latest = have[0] && (!have[1] || r[0].id > r[1].id) ? &r[0]
                                  : have[1]                                  ? &r[1]
                                                                             : NULL;
    switch (outcome) {
    case RO_AGREED:
        m->winner = r[0].winner;
        m->score[0] = r[0].score[0];
        m->score[1] = r[0].score[1];
        m->result_report = latest->id;
        rc = op_match_set_state(db, m, MS_VERIFIED, o->now_ms, actor);
        m->ended = latest->conceded ? ME_CONCEDED : ME_PLAYED;
        *action = "match.verified";
        if (!rc)
            rc = op_result_follows(o, m, &before, pb);
        break;
    case RO_DISPUTED:
        rc = op_match_set_state(db, m, MS_DISPUTED, o->now_ms, actor);
        *action = "match.disputed";
        break;
    case RO_REPORTED:
    case RO_PLAYING:
        /* the live score is the latest report's */
        m->score[0] = latest->score[0];
        m->score[1] = latest->score[1];
        rc = op_match_set_state(db, m, outcome == RO_REPORTED ? MS_REPORTED : MS_PLAYING, o->now_ms,
                                actor);
        *action = outcome == RO_REPORTED ? "match.reported" : "match.playing";
        break;
    case RO_OPEN: {
        /* no report left: back to where the match stood before the first one (with the
         * penalty points given, MATCH-5); when those alone reach the length, they decide the
         * match, as they do when given before any report */
        m->score[0] = m->penalty[0];
        m->score[1] = m->penalty[1];
        int w = results_over(m->length, m->score);
        if (w >= 0) {
            *action = "match.verified";
            rc = op_match_decide(o, m, pb, MS_VERIFIED, w, ME_RULING);
            break;
        }
        /* a call before an undoing (KO-10) was its old players' */
        int called = op_called_ms(db, m->id) != 0;
        rc = op_match_set_state(db, m, called ? MS_CALLED : MS_SCHEDULED, o->now_ms, actor);
        *action = "match.report_withdrawn";
        break;
    }
    }
    for (int s = 0; s < 2; s++)
        if (have[s] && !lent[s])
            report_free(&r[s]);
    if (rc > 0)
        rc = -1;
    if (rc && !pb->json)
        problem_internal(pb, "settling the match");
    return rc ? -1 : 0;
}

int op_match_decide(const struct op *o, struct match *m, struct problem *pb, enum match_state state,
                    int winner, enum match_end how)
{
    struct match before = *m;
    m->winner = winner;
    if (m->player[winner]) /* a walkover to an opponent not known yet scores nothing */
        m->score[winner] = m->length;
    m->result_report = 0;
    const char *actor = o->who.actor;
    if (op_match_set_state(o->db, m, state, o->now_ms, actor)) {
        problem_internal(pb, "deciding the match");
        return -1;
    }
    /* after the state: a change of state clears it */
    m->ended = how;
    /* the bracket, the chips, the tie follow a decision without play too */
    return op_result_follows(o, m, &before, pb);
}

int op_match_refuse_finished(const struct match *m, struct problem *pb)
{
    problem_set(pb, 409, "match-finished", "The match is over", "Match %lld is already %s%s.",
                (long long)m->id, match_state_name(m->state),
                m->state == MS_VERIFIED ? "; the TD can correct it" : "");
    return -1;
}

/* A knockout match (not a Davis rubber): its bracket takes a player's leaving before the
 * opponent is known (KO-8). */
static int knockout_match(const struct op *o, const struct match *m)
{
    struct event e;
    return m->event_id && !m->tie_id &&
           db_event_get(o->db, m->tournament_id, m->event_id, &e) == CW_OK && e.kind == EK_KNOCKOUT;
}

int op_match_decide_unplayed(const struct op *o, struct match *m, struct problem *pb,
                             enum match_state state, int winner, enum match_end how)
{
    if (match_finished(m))
        return op_match_refuse_finished(m, pb);
    int leaving = state == MS_WITHDRAWN;
    if (!m->player[1 - winner] || (!m->player[winner] && !(leaving && knockout_match(o, m)))) {
        problem_set(pb, 409, "players-unknown", "Players not known yet",
                    m->player[1 - winner] ? "Match %lld has no opponent yet."
                                          : "Match %lld: the player of that side is not known yet.",
                    (long long)m->id);
        return -1;
    }
    return op_match_decide(o, m, pb, state, winner, how);
}

int op_match_verify(const struct op *o, struct match *m, struct report *r, int is_new,
                    struct problem *pb)
{
    struct db *db = o->db;
    if (is_new) {
        r->match_id = m->id;
        r->side = -1;
        snprintf(r->actor, sizeof r->actor, "%s", o->who.actor); /* the official who decided */
        if (db_report_supersede(db, m->id, -1) || db_report_insert(db, r)) {
            problem_internal(pb, "storing the TD's report");
            return -1;
        }
    }
    struct match before = *m;
    m->winner = r->winner;
    m->score[0] = r->score[0];
    m->score[1] = r->score[1];
    m->result_report = r->id;
    /* the TD settling a dispute rules; verifying or correcting a played match does not */
    enum match_end how = r->conceded                   ? ME_CONCEDED
                         : before.state == MS_DISPUTED ? ME_RULING
                                                       : ME_PLAYED;
    if (op_match_set_state(db, m, MS_VERIFIED, o->now_ms, o->who.actor)) {
        problem_internal(pb, "verifying the match");
        return -1;
    }
    m->ended = how;
    return op_result_follows(o, m, &before, pb);
}
