/* The late-entry deadline's tick (KO-4): once a second the server closes the late entry of
 * the brackets whose deadline passed, knockouts of players and knockouts of Davis Cup teams
 * alike, acting for the TD. A knockout's closing is the operation the TD's route calls
 * (op_knockout_late_close); a Davis Cup knockout's still goes through its route with a
 * request the server makes (api_system_req) until its ties move to ops/. */
#include <string.h>

#include "api/events.h"
#include "api/handlers.h"
#include "api/tx.h"
#include "ops/frame.h"
#include "ops/knockout.h"
#include "store/store.h"

/* The operation itself, in its own frame, acting for the TD as the TD's route would. */
static void close_knockout(struct db *db, int64_t now_ms, int64_t tid, int64_t eid)
{
    struct op o = {db, now_ms, "td", 0, NULL};
    struct op_replay none;
    if (op_begin(&o, NULL, &none) != OP_OPEN)
        return; /* the next tick tries again */
    struct event e;
    struct problem pb = {0, NULL};
    if (db_event_get(db, tid, eid, &e) != CW_OK || op_knockout_late_close(&o, &e, &pb)) {
        op_rollback(&o);
        problem_free(&pb);
        return;
    }
    op_commit(&o, NULL, 0, NULL);
}

int api_knockout_tick(struct app *app, int64_t now_ms)
{
    /* the deadlines that passed: late entry closes by itself (KO-4) */
    struct db *db = app->db;
    int64_t ids[16][2];
    db_lock(db);
    int n = db_ko_deadlines_due(db, now_ms, ids, 16);
    db_unlock(db);
    for (int i = 0; i < n; i++) {
        struct api_req req;
        struct api_resp resp;
        api_system_req(&req, app, now_ms, ids[i][0], ids[i][1]); /* the deadline acts */
        memset(&resp, 0, sizeof resp);
        struct event e;
        db_lock(db);
        int davis = db_event_get(db, ids[i][0], ids[i][1], &e) == CW_OK && !strcmp(e.kind, "davis");
        db_unlock(db);
        if (davis) /* a knockout of Davis Cup teams */
            api_davis_late_close(&req, &resp);
        else
            close_knockout(db, now_ms, ids[i][0], ids[i][1]);
        api_resp_free(&resp);
        json_decref(req.extra);
    }
    return n;
}
