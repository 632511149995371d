/* A whole transcript's replay (MATCH-2, MATCH-3, MATCH-6, PEN-5): a match record read from
 * a .mat file or a JSON game record (by the API) replayed under the tournament's rules,
 * continuing the match's verified games when it starts later than 0-0, with the penalties
 * the TD gave; its outcome filled into a report. */
#include "ops/replay/report_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ops/replay/report_replay.h"
#include "store/store.h"

/* The match's verified games: those both players' current reports give alike, from the first
 * (what one side reported and the other's report repeats), as summaries by side a / b. 0, or
 * -1 when the reports cannot be read. */
static int verified_games(struct db *db, const struct match *m, json_t **out)
{
    json_t *g[2] = {NULL, NULL};
    int rc = 0;
    for (int s = 0; s < 2 && !rc; s++) {
        struct report r;
        int got = db_report_current(db, m->id, s, &r);
        if (got == CW_OK) {
            g[s] = op_report_games_json(db, &r, m);
            report_free(&r);
        } else if (got != CW_ENOTFOUND) {
            rc = -1;
        }
    }
    *out = json_array();
    for (size_t i = 0; !rc && g[0] && g[1] && i < json_array_size(g[0]); i++) {
        json_t *x = json_array_get(g[0], i);
        if (!json_equal(x, json_array_get(g[1], i)))
            break;
        json_array_append(*out, x);
    }
    json_decref(g[0]);
    json_decref(g[1]);
    return rc;
}

/* A transcript that starts later than 0-0 (a match resumed elsewhere, e.g. a FIBS log)
 * continues the match's verified games: they go before its games as score-only results, so
 * the replay checks its first score against theirs (MATCH-2) and the report holds the whole
 * match. swap: side a is the record's player 1. 0, or -1 when out of memory. */
static int prepend_games(bg_match_rec *rec, json_t *games, int swap)
{
    int k = (int)json_array_size(games), n = rec->n_games;
    for (int i = 0; i < k; i++)
        if (!bg_match_rec_add_game(rec))
            return -1;
    memmove(&rec->games[k], &rec->games[0], (size_t)n * sizeof *rec->games);
    for (int i = 0; i < k; i++) {
        json_t *x = json_array_get(games, (size_t)i);
        bg_game_rec *g = &rec->games[i];
        memset(g, 0, sizeof *g);
        g->score_only = 1;
        g->has_result = 1;
        g->result.winner = (json_string_value(json_object_get(x, "winner"))[0] == 'b') ^ swap;
        g->result.how = op_report_how_of(json_string_value(json_object_get(x, "result")));
        g->result.cube = (int)json_integer_value(json_object_get(x, "cube"));
        if (g->result.how == BG_HOW_RESIGN)
            g->result.level = (int)json_integer_value(json_object_get(x, "level"));
    }
    rec->resumed = 0;
    return 0;
}

/* The refusal of a resumed transcript whose first score is not where the verified games
 * leave the match: said in those words (MATCH-2), the scores by side a / b. */
static void refuse_resumed(struct problem *pb, const bg_match_rec *rec, const bg_match_report *rep,
                           int verified, int swap)
{
    const int *sb = rec->games[verified].score_before;
    bg_err e = rep->err;
    snprintf(e.message, sizeof e.message,
             "The transcript starts at %d-%d, but the %d verified game%s of this match (the "
             "games both players' reports give alike) make it %d-%d: a transcript that starts "
             "later than 0-0 must start where the verified games end (MATCH-2).",
             sb[swap], sb[1 - swap], verified, verified == 1 ? "" : "s", rep->score[swap],
             rep->score[1 - swap]);
    op_report_refuse(pb, &e, swap);
}

/* Which column of the transcript is side a: by the players' names when they tell, else
 * the first player is side a. "order": "ab" or "ba" overrides. */
static int transcript_swap(struct db *db, const struct match *m, const bg_match_rec *rec,
                           const char *order)
{
    if (order)
        return !strcmp(order, "ba");
    struct player p[2];
    for (int s = 0; s < 2; s++)
        if (db_player_get(db, m->tournament_id, m->player[s], &p[s]) != CW_OK)
            return 0;
    if (!strcasecmp(rec->names[0], p[1].name) || !strcasecmp(rec->names[1], p[0].name))
        return 1;
    return 0;
}

int op_report_transcript(struct db *db, const struct match *m, bg_match_rec *in, const char *order,
                         int is_td, struct report *r, struct problem *pb)
{
    bg_match_rec rec = *in;
    memset(in, 0, sizeof *in);
    int rc;
    bg_rules rules;
    if (op_report_rules_of(db, m, &rules, pb)) {
        bg_match_rec_free(&rec);
        return -1;
    }
    /* MATCH-3: a match completed at a wrong length stands; checked after the replay */
    int played = rec.rules.match_length;
    if (played != m->length && (!played || !m->length)) {
        bg_match_rec_free(&rec);
        problem_set(pb, 422, "wrong-length", "Wrong match length",
                    "The transcript is of %s; match %lld is %s.",
                    played ? "a match to points" : "a money-style game", (long long)m->id,
                    m->length ? "a match to points" : "one money-style game");
        return -1;
    }
    /* the tournament's policy and options, not the transcript's */
    rec.rules.policy = rules.policy;
    rec.rules.swing = rules.swing;
    int swap = transcript_swap(db, m, &rec, order);
    int resumed = rec.resumed, verified = 0;
    if (resumed) {
        json_t *vg = NULL;
        int bad = verified_games(db, m, &vg) || prepend_games(&rec, vg, swap);
        verified = (int)json_array_size(vg);
        json_decref(vg);
        if (bad) {
            bg_match_rec_free(&rec);
            problem_internal(pb, "reading the verified games");
            return -1;
        }
    }
    /* penalty points are the TD's to give (PEN-5): a player's transcript is replayed with
     * the penalties the TD gave, whatever it records itself; the TD's own transcript may
     * record them */
    if (!is_td)
        rec.n_pen = 0;
    if (!rec.n_pen && op_report_add_penalties(db, m->id, &rec, swap)) {
        bg_match_rec_free(&rec);
        problem_internal(pb, "reading the penalties");
        return -1;
    }
    bg_match_report rep;
    if (bg_match_replay(&rec, &rep)) {
        if (resumed && rep.err.game == verified + 1 && rep.err.move == 0 &&
            !strcmp(rep.err.rule, "MATCH-2"))
            refuse_resumed(pb, &rec, &rep, verified, swap);
        else
            op_report_refuse(pb, &rep.err, swap);
        bg_match_report_free(&rep);
        bg_match_rec_free(&rec);
        return -1;
    }
    if (played != m->length && !rep.over) {
        bg_match_report_free(&rep);
        bg_match_rec_free(&rec);
        problem_set(pb, 422, "wrong-length", "Wrong match length",
                    "The transcript is of a %d-point match that is not over; match %lld is to %d. "
                    "A match found at a wrong length is corrected by the TD before its next "
                    "game (MATCH-3); only a match completed at a wrong length stands.",
                    played, (long long)m->id, m->length);
        return -1;
    }
    rc = op_report_fill(r, &rep, played, swap, 1, NULL);
    if (rc == 0 && played != m->length) {
        /* the result stands, flagged for the TD who verifies it */
        json_t *flags = r->flags ? json_loads(r->flags, 0, NULL) : NULL;
        if (!json_is_array(flags)) {
            json_decref(flags);
            flags = json_array();
        }
        char why[200];
        snprintf(why, sizeof why,
                 "Played to %d points, not %d: a match completed at a wrong length stands "
                 "(MATCH-3).",
                 played, m->length);
        json_array_append_new(flags,
                              json_pack("{s:i, s:i, s:i, s:s, s:s}", "game", rep.n_games, "move", 0,
                                        "side", -1, "rule", "MATCH-3", "message", why));
        free(r->flags);
        r->flags = json_dumps(flags, JSON_COMPACT);
        json_decref(flags);
        rc = r->flags ? 0 : -1;
    }
    snprintf(r->kind, sizeof r->kind, "transcript");
    snprintf(r->kind, sizeof r->kind, "transcript");
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
    if (rc)
        problem_internal(pb, "storing the transcript");
    return rc;
}
