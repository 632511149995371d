/* The late-entry deadline's tick (KO-4): once a second the server closes the late entry of
 * the brackets whose deadline passed, knockouts of players and knockouts of Davis Cup teams
 * alike, acting for the TD: the same operations as the TD's routes, each in a frame of its
 * own (ops/frame.c). */
#include <string.h>

#include "api/events.h"
#include "ops/davis.h"
#include "ops/frame.h"
#include "ops/knockout.h"
#include "store/store.h"

/* Closes event eid of tournament tid; a refusal (closed meanwhile) or a failure changes
 * nothing, and the next tick tries again while the deadline is due. */
static void close_late_entry(struct db *db, int64_t now_ms, int64_t tid, int64_t eid)
{
    struct op o = {db, now_ms, "td", 0, NULL, NULL};
    struct op_replay none;
    if (op_begin(&o, NULL, &none) != OP_OPEN)
        return;
    struct event e;
    struct problem pb = {0, NULL};
    int rc = db_event_get(db, tid, eid, &e) == CW_OK ? 0 : -1;
    if (!rc && !strcmp(e.kind, "davis")) { /* a knockout of Davis Cup teams */
        struct davis_settings s;
        op_davis_settings_of(&e, &s);
        rc = op_davis_late_close(&o, &e, &s, &pb);
    } else if (!rc) {
        rc = op_knockout_late_close(&o, &e, &pb);
    }
    if (rc) {
        op_rollback(&o);
        problem_free(&pb);
        return;
    }
    op_commit(&o, NULL, 0, NULL);
}

int api_knockout_tick(struct app *app, int64_t now_ms)
{
    /* the deadlines that passed: late entry closes by itself (KO-4) */
    int64_t ids[16][2];
    db_lock(app->db);
    int n = db_ko_deadlines_due(app->db, now_ms, ids, 16);
    db_unlock(app->db);
    for (int i = 0; i < n; i++)
        close_late_entry(app->db, now_ms, ids[i][0], ids[i][1]);
    return n;
}
