/* Reading PINs: one player's at a time, or the cards of a whole tournament for printing;
 * the TD only, every read in the audit log (who read which, never the PIN), and replies
 * that no cache keeps (the HTTP layer marks them private, no-store). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/handlers.h"
#include "api/player_read.h"
#include "api/tx.h"
#include "store/store.h"

/* The audit row of a read, in its own transaction: the read is answered only once the
 * row is on disk, so no PIN leaves the server unrecorded. 0, or -1 with resp filled. */
static int audit_read(struct api_req *req, struct api_resp *resp, const char *action,
                      const char *entity, int64_t entity_id)
{
    struct db *db = req->app->db;
    if (api_begin(db, resp))
        return -1;
    char actor[96];
    api_actor(req, actor, sizeof actor);
    if (db_audit(db, req->ids[0], req->now_ms, actor, action, entity, entity_id, NULL, NULL)) {
        db_rollback(db);
        api_internal_error(resp, "recording who read the PIN");
        return -1;
    }
    if (db_commit(db)) {
        api_internal_error(resp, "recording who read the PIN");
        return -1;
    }
    return 0;
}

void api_player_pin_get(struct api_req *req, struct api_resp *resp)
{
    struct player p;
    if (api_read_player(req, resp, &p))
        return;
    if (audit_read(req, resp, "player.pin_read", "player", p.id))
        return;
    api_reply_json(resp, 200,
                   json_pack("{s:I, s:s, s:s}", "player_id", (json_int_t)p.id, "name", p.name,
                             "pin", p.pin));
}

void api_player_cards(struct api_req *req, struct api_resp *resp)
{
    struct tournament t;
    struct player *ps;
    int n;
    if (api_read_players(req, resp, &t, &ps, &n))
        return;
    if (audit_read(req, resp, "players.cards_printed", "tournament", t.id)) {
        free(ps);
        return;
    }
    json_t *arr = json_array();
    for (int i = 0; i < n; i++)
        if (strcmp(ps[i].status, "withdrawn"))
            json_array_append_new(arr, json_pack("{s:I, s:s, s:s}", "player_id",
                                                 (json_int_t)ps[i].id, "name", ps[i].name, "pin",
                                                 ps[i].pin));
    free(ps);
    api_reply_json(resp, 200, json_pack("{s:I, s:o}", "tournament_id", (json_int_t)t.id, "cards", arr));
}
