/* A knockout event as the pages show it: the bracket (KO-2, KO-7, KO-8), or what a fed
 * event waits for, and where one player stands (the phone's status, its sentence from
 * knockout_text.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/events.h"
#include "api/handlers.h"
#include "api/knockout_text.h"
#include "api/tx.h"
#include "common/clock.h"
#include "common/utf8.h"
#include "ops/knockout/knockout_board.h"
#include "ops/records/match.h"

void api_knockout_bracket_json(struct api_req *req, const struct event *e, struct api_resp *resp)
{
    json_t *j = op_knockout_board(req->app->db, e, req->now_ms);
    if (!j) {
        api_internal_error(resp, "reading the bracket");
        return;
    }
    api_reply_json(resp, 200, j);
}

/* The bracket: the same reply for whoever asks, kept by the router per revision of the
 * events (rebuilt off the HTTP threads, from a reader, gzipped: shared_reply.c), so this only
 * builds it. */
static int read_bracket(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct event e;
    if (api_ko_event_load(req, o, &e, resp)) {
        if (resp->status == 409) {
            resp->status = 404;
            json_object_set_new(resp->json, "status", json_integer(404));
        }
        return -1;
    }
    api_knockout_bracket_json(req, &e, resp);
    return 0;
}

void api_knockout_get(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, read_bracket, NULL);
}

/* ---- where a player stands ---- */

static int player_status(struct api_req *req, const struct op *o, void *none, struct api_resp *resp)
{
    struct db *db = o->db;
    struct event e;
    if (api_ko_event_load(req, o, &e, resp))
        return -1;
    struct ko_state x;
    /* the sentence holds the opponent's whole name and the table: a cut inside a letter
     * would be no UTF-8, and no JSON */
    char err[256], text[P_NAME_MAX * 4 + M_TABLE_MAX * 4 + 160];
    int rc = op_ko_state_load(db, &e, NULL, &x, err, sizeof err);
    struct ko_pstatus st;
    memset(&st, 0, sizeof st);
    int found = CW_ENOTFOUND;
    if (rc == CW_OK && x.drawn) {
        ko_late_expire(&x.b, req->now_ms);
        found = ko_player_status(&x.b, x.res, x.v, req->ids[2], &st);
    } else if (rc == CW_OK && x.s.feeds_from) {
        struct event from;
        struct ko_state y;
        if (db_event_get(db, e.tournament_id, x.s.feeds_from, &from) == CW_OK &&
            op_ko_state_load(db, &from, NULL, &y, err, sizeof err) == CW_OK && y.drawn) {
            struct ko_entry *in = calloc((size_t)y.b.size, sizeof *in);
            int missing = 0, n = in ? ko_feed(&y.b, y.res, y.v, x.s.progressive, in, &missing) : 0;
            found = ko_feed_status(in, n, missing, req->ids[2], &st);
            free(in);
        }
        op_ko_state_free(&y);
    }
    /* PLACE-1: a semi-final's loser still plays: the play-off for 3rd is their next match */
    const struct match *po = NULL;
    if (found == CW_OK && x.drawn && st.state == KO_P_OUT && x.playoff.id &&
        (x.playoff.player[0] == req->ids[2] || x.playoff.player[1] == req->ids[2]) &&
        !match_finished(&x.playoff)) {
        po = &x.playoff;
        st.opponent = po->player[po->player[0] == req->ids[2] ? 1 : 0];
        st.round = x.b.rounds;
    }
    char opp[P_NAME_MAX * 4 + 1] = "";
    struct player p;
    if (found == CW_OK && st.opponent &&
        db_player_get(db, e.tournament_id, st.opponent, &p) == CW_OK)
        cw_utf8_copy(opp, sizeof opp, p.name);
    json_t *out = NULL;
    if (found == CW_OK) {
        api_knockout_status_text(&st, opp, text, sizeof text);
        int64_t mid = po                                             ? po->id
                      : st.match >= 0 && x.drawn && st.match < x.nm ? x.rows[st.match].id
                                                                    : 0;
        const struct match *row = po ? po : mid ? &x.rows[st.match] : NULL;
        if (po)
            snprintf(text, sizeof text, "Play-off for 3rd: you play %s.",
                     opp[0] ? opp : "your opponent");
        int at_table = (st.state == KO_P_READY || po) && row && row->table[0] &&
                       (row->state == MS_CALLED || row->state == MS_PLAYING);
        /* called to a table: the sentence says where, not "wait for the call" */
        if (at_table && po)
            snprintf(text, sizeof text, "Play-off for 3rd: you play %s at table %s%s.",
                     opp[0] ? opp : "your opponent", row->table,
                     row->state == MS_CALLED ? "; go to your table now" : "");
        else if (at_table)
            snprintf(text, sizeof text, "Round %d: you play %s at table %s%s.", st.round,
                     opp[0] ? opp : "your opponent", row->table,
                     row->state == MS_CALLED ? "; go to your table now" : "");
        /* the sentence's facts as fields too, so a page can say it in its own language */
        char deadline[32];
        if (st.state == KO_P_WAIT_LATE && st.deadline_ms)
            cw_iso8601(st.deadline_ms, deadline, sizeof deadline);
        out = json_pack(
            "{s:I, s:s, s:I, s:s, s:s, s:o, s:i, s:o, s:o, s:o}", "event_id", (json_int_t)e.id,
            "event_name", e.name, "player_id", (json_int_t)req->ids[2], "state",
            po ? "playoff" : ko_pstate_name(st.state), "text", text, "match_id",
            mid ? json_integer(mid) : json_null(), "round", st.round, "opponent",
            st.opponent ? json_pack("{s:I, s:s}", "player_id", (json_int_t)st.opponent, "name", opp)
                        : json_null(),
            "match_state", row ? json_string(match_state_name(row->state)) : json_null(), "table",
            at_table ? json_string(row->table) : json_null());
        if (out && st.state == KO_P_WAIT_LATE)
            json_object_update_new(out,
                                   json_pack("{s:i, s:o}", "late", st.late, "deadline",
                                             st.deadline_ms ? json_string(deadline) : json_null()));
        if (out && st.state == KO_P_WAIT_OPPONENT)
            json_object_update_new(out, json_pack("{s:i, s:i}", "from_round", st.from_round,
                                                  "from_match", st.from_index + 1));
        if (out && st.state == KO_P_OUT && !po)
            json_object_set_new(out, "decision", json_string(ko_out_name(st.decision)));
        if (out && st.state == KO_P_WAIT_DRAW)
            json_object_set_new(out, "missing", json_integer(st.missing));
        /* the match it is about, named as every reply names it */
        if (out)
            json_object_set_new(out, "label", row ? op_match_label_json(db, row) : json_null());
    }
    op_ko_state_free(&x);
    if (rc != CW_OK) {
        api_internal_error(resp, "reading the bracket");
        return -1;
    }
    if (!out) {
        api_problem(resp, 404, "not-found", "Not in this event", "Player %lld is not in %s.",
                    (long long)req->ids[2], e.name);
        return -1;
    }
    api_reply_json(resp, 200, out);
    return 0;
}

void api_knockout_player(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, player_status, NULL);
}
