/* Game by game, from the phones (MATCH-7): a side adds the game just played to its report
 * in progress, or takes the last one back; the match is settled again from both sides'
 * reports. The running score goes back to the phone with the answer. The route's frame
 * is api/match_change.c, which saves the match. */
#include "ops/match/games.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json_out.h"
#include "ops/result/decide.h"
#include "store/store.h"

static const char side_name[2][2] = {"a", "b"};

/* The running score after this game goes back to the phone: the reply's "report", the
 * report without its list of games (score, completeness, winner, the number of games and
 * the last one), written as text (a jansson value built only to be dumped cost a tenth of
 * a report, issue 37). last: the last game's summary as text (consumed). */
static void extra_report(const struct op *o, const struct report *r, struct cw_text *last)
{
    struct cw_text *t = o->extra_text;
    if (!t) {
        free(last->s);
        return;
    }
    int n = 0;
    if (!strcmp(r->kind, "games") && r->games && *r->games) /* one comma between games */
        for (const char *p = r->games, *q; p; p = q ? q + 1 : NULL, n++)
            q = strchr(p, ',');
    cw_text_lit(t, ",\"report\":{\"id\":");
    cw_text_int(t, r->id);
    cw_text_lit(t, ",\"side\":");
    cw_text_str(t, r->side >= 0 ? side_name[r->side] : "td");
    cw_text_lit(t, ",\"kind\":");
    cw_text_str(t, r->kind);
    if (r->complete)
        cw_text_lit(t, ",\"complete\":true");
    else
        cw_text_lit(t, ",\"complete\":false");
    cw_text_lit(t, ",\"score\":{\"a\":");
    cw_text_int(t, r->score[0]);
    cw_text_lit(t, ",\"b\":");
    cw_text_int(t, r->score[1]);
    cw_text_lit(t, "},\"winner\":");
    cw_text_str(t, r->winner >= 0 ? side_name[r->winner] : NULL);
    cw_text_lit(t, ",\"games\":");
    cw_text_int(t, n);
    cw_text_lit(t, ",\"last_game\":");
    if (last->failed)
        t->failed = 1;
    else if (last->n)
        cw_text_raw(t, last->s, last->n);
    else
        cw_text_lit(t, "null");
    cw_text_lit(t, "}");
    free(last->s);
}

int op_game_add(const struct op *o, struct match *m, int side, const struct game_in *g,
                struct problem *pb, const char **action)
{
    struct db *db = o->db;
    /* both sides' reports at once: the other side's settles the match below */
    struct report both[2], cur;
    int found[2];
    if (side < 0 || side > 1 || db_report_current_pair(db, m->id, both, found) != CW_OK) {
        problem_internal(pb, "reading your report"); /* a game is a player's: side 0 or 1 */
        return -1;
    }
    struct report *theirs = found[1 - side] ? &both[1 - side] : NULL;
    if (found[side])
        cur = both[side];
    int have = found[side], extend = have && !strcmp(cur.kind, "games") && !cur.complete;
    int rc;
    if (have && cur.complete) {
        problem_set(pb, 409, "report-complete", "Your report already ends the match",
                    "Your report ends match %lld at %d-%d; change it with a new report, or "
                    "withdraw it first.",
                    (long long)m->id, cur.score[0], cur.score[1]);
        report_free(&cur);
        if (theirs)
            report_free(theirs);
        return -1;
    }
    char *compact = op_report_compact_append(extend ? cur.games : "", g);
    struct report r;
    memset(&r, 0, sizeof r);
    struct cw_text last = {NULL, 0, 0, 0};
    if (!compact)
        problem_internal(pb, "storing the game");
    rc = compact ? op_report_check_compact(db, m, compact, extend ? &cur : NULL, &r, pb, &last)
                 : -1;
    if (rc) {
        if (have)
            report_free(&cur);
        if (theirs)
            report_free(theirs);
        report_free(&r);
        free(last.s);
        return -1;
    }
    r.match_id = m->id;
    r.side = side;
    r.current = 1;
    r.created_ms = o->now_ms;
    snprintf(r.actor, sizeof r.actor, "%s", o->who.actor);
    if (extend) { /* r as the row now stands: settled from it, not read again */
        r.id = cur.id;
        r.created_ms = cur.created_ms;
        r.conceded = cur.conceded;
        r.resumes = cur.resumes;
        snprintf(r.actor, sizeof r.actor, "%s", cur.actor);
        rc = db_report_update_games(db, &r);
    } else {
        rc = db_report_supersede(db, m->id, side);
        if (rc == CW_OK)
            rc = db_report_insert(db, &r);
    }
    if (have)
        report_free(&cur);
    if (rc != CW_OK) {
        if (theirs)
            report_free(theirs);
        report_free(&r);
        free(last.s);
        problem_internal(pb, "storing the game");
        return -1;
    }
    /* the running score after this game goes back to the phone */
    extra_report(o, &r, &last);
    rc = op_match_settle_pair(o, m, &r, theirs, pb, action);
    if (theirs)
        report_free(theirs);
    report_free(&r);
    return rc;
}

int op_game_undo(const struct op *o, struct match *m, int side, struct problem *pb,
                 const char **action)
{
    struct db *db = o->db;
    struct report cur;
    int rc = db_report_current(db, m->id, side, &cur);
    if (rc == CW_ENOTFOUND || (rc == CW_OK && strcmp(cur.kind, "games"))) {
        if (rc == CW_OK)
            report_free(&cur);
        problem_set(pb, 409, "no-games", "No game to take back",
                    "You have reported no game of match %lld game by game.", (long long)m->id);
        return -1;
    }
    if (rc != CW_OK) {
        problem_internal(pb, "reading your report");
        return -1;
    }
    char *cut = strrchr(cur.games, ',');
    if (!cut) {
        /* the only game: the report goes */
        report_free(&cur);
        if (db_report_supersede(db, m->id, side)) {
            problem_internal(pb, "taking the game back");
            return -1;
        }
        return op_match_settle(o, m, pb, action);
    }
    char *compact = strndup(cur.games, (size_t)(cut - cur.games));
    struct report r;
    memset(&r, 0, sizeof r);
    struct cw_text last = {NULL, 0, 0, 0};
    /* a game taken back: the state rebuilt from the games that stay */
    rc = compact ? op_report_check_compact(db, m, compact, NULL, &r, pb, &last) : -1;
    if (rc == 0) {
        r.id = cur.id;
        r.match_id = m->id;
        r.side = side;
        r.current = 1;
        r.created_ms = cur.created_ms;
        snprintf(r.actor, sizeof r.actor, "%s", cur.actor);
        rc = db_report_update_games(db, &r) == CW_OK ? 0 : -1;
        if (rc)
            problem_internal(pb, "taking the game back");
    } else if (!compact) {
        problem_internal(pb, "taking the game back");
    }
    if (rc == 0) {
        extra_report(o, &r, &last);
    } else {
        free(last.s);
    }
    report_free(&cur);
    report_free(&r);
    return rc ? -1 : op_match_settle(o, m, pb, action);
}
