/* MATCH-3: a match's length changed by the TD (a match's edit, a knockout round's new
 * length): where the match stands decides whether the new length is set, corrects a wrong
 * one, or is refused. */
#include "ops/records/match_length.h"

#include <string.h>

#include "ops/replay/report_replay.h"
#include "store/store.h"
#include "tourney/results.h"

/* Where match m stands for a change of its length (MATCH-3): the games of the report
 * furthest on and the score they reach with the penalty points (replayed); before any game,
 * the penalty points alone (MATCH-5); the lateness points confirmed (PEN-2). A report that
 * says the match is over, or is not game by game, settles the length as it is: 409. 0, or
 * -1 with the problem in pb. */
static int standing_of(const struct op *o, const struct match *m, struct results_standing *st,
                       struct problem *pb)
{
    struct db *db = o->db;
    st->games = 0;
    st->score[0] = m->penalty[0];
    st->score[1] = m->penalty[1];
    /* PEN-2: the confirmed lateness points of side s count for the opponent */
    for (int s = 0; s < 2; s++)
        if (db_penalty_points(db, m->id, s, "lateness", &st->late[1 - s])) {
            problem_internal(pb, "reading the lateness points");
            return -1;
        }
    for (int s = -1; s < 2; s++) {
        struct report r;
        int rc = db_report_current(db, m->id, s, &r);
        if (rc == CW_ENOTFOUND)
            continue;
        if (rc != CW_OK) {
            problem_internal(pb, "reading the reports");
            return -1;
        }
        int n, sc[2];
        const char *who = s < 0 ? "the TD's" : s == 0 ? "side a's" : "side b's";
        if (r.complete || strcmp(r.kind, "games")) {
            problem_set(pb, 409, "match-reported", "The match is reported",
                        "The length of match %lld cannot change: %s report %s (MATCH-3: a match "
                        "completed at a wrong length stands; the length is corrected between "
                        "games of a match reported game by game).",
                        (long long)m->id, who,
                        r.complete ? "says the match is over" : "is not game by game");
            report_free(&r);
            return -1;
        }
        rc = op_report_games_score(db, &r, m, &n, sc);
        report_free(&r);
        if (rc) {
            problem_internal(pb, "replaying the games reported");
            return -1;
        }
        if (n > st->games) { /* the report furthest on: the next game is after its games */
            st->games = n;
            st->score[0] = sc[0];
            st->score[1] = sc[1];
        }
    }
    return 0;
}

int op_match_relength(const struct op *o, struct match *m, int to, struct problem *pb)
{
    struct results_standing st;
    if (standing_of(o, m, &st, pb))
        return -1;
    char why[320];
    switch (results_relength(m, &st, to, why, sizeof why)) {
    case RL_SET:
    case RL_CORRECT:
        return 0;
    case RL_TWICE:
        problem_set(pb, 409, "length-corrected", "The length was corrected already", "%s", why);
        break;
    case RL_STANDS:
        problem_set(pb, 409, "length-stands", "The wrong length stands", "%s", why);
        break;
    }
    json_object_set_new(pb->json, "rule", json_string("MATCH-3"));
    return -1;
}
