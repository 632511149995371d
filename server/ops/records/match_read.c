/* A match as its readers see it beyond its record (see match_read.h): every state it
 * passed through, and its reports side by side with what MATCH-4 says of a dispute. */
#include "ops/records/match_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/records/match.h"
#include "ops/frame/record.h"
#include "ops/replay/report_replay.h"
#include "tourney/results.h"

/* Every state the match has passed through, in order, with its time and who moved it: the
 * kind of actor ("td", "player", "clock", "system"), never an address or an id (`times`
 * keeps only the last time of each state). */
json_t *op_match_history_json(struct db *db, int64_t match_id)
{
    json_t *h = json_array();
    struct match_state_time *st;
    int n;
    if (db_match_state_times(db, match_id, &st, &n) != CW_OK)
        return h;
    for (int i = 0; i < n; i++) {
        char by[sizeof st[i].actor];
        snprintf(by, sizeof by, "%.*s", (int)strcspn(st[i].actor, ":"), st[i].actor);
        if (!strcmp(by, "official") || !strcmp(by, "token"))
            snprintf(by, sizeof by, "td"); /* an official of any role, or their token */
        json_t *e = json_pack("{s:s, s:o}", "state", match_state_name(st[i].state), "at",
                              op_time_json(st[i].at_ms));
        json_object_set_new(e, "by", by[0] && strcmp(by, "anon") ? json_string(by) : json_null());
        json_array_append_new(h, e);
    }
    free(st);
    return h;
}

static const char side_name[2][2] = {"a", "b"};

json_t *op_report_json(struct db *db, const struct report *r, const struct match *m)
{
    json_t *games = op_report_games_json(db, r, m);
    json_t *flags = r->flags ? json_loads(r->flags, 0, NULL) : NULL;
    return json_pack(
        "{s:I, s:o, s:s, s:s, s:b, s:b, s:{s:i, s:i}, s:o, s:o, s:o, s:o, s:o}", "id",
        (json_int_t)r->id, "side",
        r->side >= 0 ? json_string(side_name[r->side]) : json_string("td"), "by", r->actor, "kind",
        r->kind, "complete", r->complete, "current", r->current, "score", "a", r->score[0], "b",
        r->score[1], "winner", r->winner >= 0 ? json_string(side_name[r->winner]) : json_null(),
        "games", games ? games : json_array(), "flags", flags ? flags : json_array(), "reported_at",
        op_time_json(r->created_ms), "conceded",
        r->conceded && r->winner >= 0 ? json_string(side_name[1 - r->winner]) : json_null());
}

json_t *op_match_reports_json(struct db *db, const struct match *m)
{
    /* side by side: a, b, and the TD's own */
    json_t *out = json_object();
    static const char *keys[3] = {"a", "b", "td"};
    struct report r[3];
    int have[3];
    for (int s = 0; s < 3; s++) {
        have[s] = db_report_current(db, m->id, s == 2 ? -1 : s, &r[s]) == CW_OK;
        json_object_set_new(out, keys[s], have[s] ? op_report_json(db, &r[s], m) : json_null());
    }
    json_t *reply = json_pack("{s:o, s:o}", "match", op_match_json(db, m), "reports", out);
    if (m->state == MS_DISPUTED && have[0] && have[1]) {
        /* what MATCH-4 says about the dispute, for the TD who decides it */
        char why[256];
        int p = results_dispute_prevails(&r[0], &r[1], why, sizeof why);
        json_object_set_new(reply, "dispute",
                            json_pack("{s:o, s:o, s:s}", "prevails",
                                      p >= 0 ? json_string(keys[p]) : json_null(), "report_id",
                                      p >= 0 ? json_integer(r[p].id) : json_null(), "why", why));
    }
    for (int s = 0; s < 3; s++)
        if (have[s])
            report_free(&r[s]);
    return reply;
}
