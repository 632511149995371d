/* Game by game, from the phones: a side adds the game just played to its report in
 * progress, or takes the last one back; the match's state follows (MATCH-7). The games
 * are checked in report_games.c. */
#include <stdlib.h>
#include <string.h>

#include "api/fields.h"
#include "api/handlers.h"
#include "api/matches.h"
#include "api/reports.h"
#include "store/store.h"

static const char side_name[2][2] = {"a", "b"};

json_t *api_report_brief(const struct report *r, json_t *last_game)
{
    int n = 0;
    if (!strcmp(r->kind, "games") && r->games && *r->games) /* one comma between games */
        for (const char *p = r->games, *q; p; p = q ? q + 1 : NULL, n++)
            q = strchr(p, ',');
    return json_pack("{s:I, s:o, s:s, s:b, s:{s:i, s:i}, s:o, s:i, s:o}", "id", (json_int_t)r->id,
                     "side", r->side >= 0 ? json_string(side_name[r->side]) : json_string("td"),
                     "kind", r->kind, "complete", r->complete, "score", "a", r->score[0], "b",
                     r->score[1], "winner",
                     r->winner >= 0 ? json_string(side_name[r->winner]) : json_null(), "games", n,
                     "last_game", last_game ? last_game : json_null());
}

/* ---- game by game, from the phones ---- */

static int append_game(struct api_req *req, struct match *m, struct api_resp *resp,
                       const char **action)
{
    int side = api_player_side(req, m, resp);
    if (side < 0 || api_report_open(req, m, resp))
        return -1;
    if (api_check_fields(req->json, api_game_fields, 0, resp))
        return -1;
    struct db *db = req->app->db;
    struct report cur;
    int rc = db_report_current(db, m->id, side, &cur);
    if (rc != CW_OK && rc != CW_ENOTFOUND) {
        api_internal_error(resp, "reading your report");
        return -1;
    }
    int have = rc == CW_OK, extend = have && !strcmp(cur.kind, "games") && !cur.complete;
    if (have && cur.complete) {
        api_problem(resp, 409, "report-complete", "Your report already ends the match",
                    "Your report ends match %lld at %d-%d; change it with a new report, or "
                    "withdraw it first.",
                    (long long)m->id, cur.score[0], cur.score[1]);
        report_free(&cur);
        return -1;
    }
    char *compact = api_report_compact_append(extend ? cur.games : "", req->json);
    struct report r;
    memset(&r, 0, sizeof r);
    json_t *last = NULL;
    if (!compact)
        api_internal_error(resp, "storing the game");
    rc = compact ? api_report_check_compact(req, m, compact, &r, resp, &last) : -1;
    if (rc) {
        if (have)
            report_free(&cur);
        report_free(&r);
        json_decref(last);
        return -1;
    }
    r.match_id = m->id;
    r.side = side;
    r.current = 1;
    r.created_ms = req->now_ms;
    snprintf(r.actor, sizeof r.actor, "player:%lld", (long long)req->player_id);
    if (extend) {
        r.id = cur.id;
        rc = db_report_update_games(db, &r);
    } else {
        rc = db_report_supersede(db, m->id, side);
        if (rc == CW_OK)
            rc = db_report_insert(db, &r);
    }
    if (have)
        report_free(&cur);
    if (rc != CW_OK) {
        report_free(&r);
        json_decref(last);
        api_internal_error(resp, "storing the game");
        return -1;
    }
    /* the running score after this game goes back to the phone */
    if (!req->extra)
        req->extra = json_object();
    json_object_set_new(req->extra, "report", api_report_brief(&r, last));
    report_free(&r);
    return api_report_settle(req, m, resp, action);
}

void api_match_add_game(struct api_req *req, struct api_resp *resp)
{
    api_match_change(req, resp, "match.game", append_game);
}

static int drop_last_game(struct api_req *req, struct match *m, struct api_resp *resp,
                          const char **action)
{
    int side = api_player_side(req, m, resp);
    if (side < 0 || api_report_open(req, m, resp))
        return -1;
    struct db *db = req->app->db;
    struct report cur;
    int rc = db_report_current(db, m->id, side, &cur);
    if (rc == CW_ENOTFOUND || (rc == CW_OK && strcmp(cur.kind, "games"))) {
        if (rc == CW_OK)
            report_free(&cur);
        api_problem(resp, 409, "no-games", "No game to take back",
                    "You have reported no game of match %lld game by game.", (long long)m->id);
        return -1;
    }
    if (rc != CW_OK) {
        api_internal_error(resp, "reading your report");
        return -1;
    }
    char *cut = strrchr(cur.games, ',');
    if (!cut) {
        /* the only game: the report goes */
        report_free(&cur);
        if (db_report_supersede(db, m->id, side)) {
            api_internal_error(resp, "taking the game back");
            return -1;
        }
        return api_report_settle(req, m, resp, action);
    }
    char *compact = strndup(cur.games, (size_t)(cut - cur.games));
    struct report r;
    memset(&r, 0, sizeof r);
    json_t *last = NULL;
    rc = compact ? api_report_check_compact(req, m, compact, &r, resp, &last) : -1;
    if (rc == 0) {
        r.id = cur.id;
        r.match_id = m->id;
        r.side = side;
        r.current = 1;
        r.created_ms = cur.created_ms;
        snprintf(r.actor, sizeof r.actor, "%s", cur.actor);
        rc = db_report_update_games(db, &r) == CW_OK ? 0 : -1;
        if (rc)
            api_internal_error(resp, "taking the game back");
    } else if (!compact) {
        api_internal_error(resp, "taking the game back");
    }
    if (rc == 0) {
        if (!req->extra)
            req->extra = json_object();
        json_object_set_new(req->extra, "report", api_report_brief(&r, last));
    } else {
        json_decref(last);
    }
    report_free(&cur);
    report_free(&r);
    return rc ? -1 : api_report_settle(req, m, resp, action);
}

void api_match_undo_game(struct api_req *req, struct api_resp *resp)
{
    api_match_change(req, resp, "match.game_undone", drop_last_game);
}
