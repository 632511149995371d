/* A match's lateness as facts (PEN-1..3): when it counts from, the points due to each
 * side, what the TD confirmed; its JSON and its stream entry; and a penalty's JSON. The
 * arithmetic is tourney/clock.c (pen_absence_points). */
#include "ops/records/clock.h"

#include <stdlib.h>
#include <string.h>

#include "ops/records/match.h"
#include "ops/frame/record.h"

static const char side_name[2][2] = {"a", "b"};

int64_t op_called_ms(struct db *db, int64_t match_id)
{
    struct match_state_time *t;
    int n;
    int64_t at = 0;
    if (db_match_state_times(db, match_id, &t, &n) == CW_OK) {
        for (int i = 0; i < n; i++)
            if (t[i].state == MS_CALLED)
                at = t[i].at_ms;
            else if (t[i].state == MS_SCHEDULED)
                at = 0; /* undone (KO-10) or revived: a call before it was its old players' */
        free(t);
    }
    return at;
}

/* What each side's lateness comes to now: points due since its absence began (the call,
 * or the end of its last break), frozen when it arrived; and what was confirmed. */
int op_late_of(struct db *db, const struct match *m, const struct tournament *t, int64_t now_ms,
               struct late *l)
{
    memset(l, 0, sizeof *l);
    l->called = op_called_ms(db, m->id);
    if (db_presence_get(db, m->id, l->p))
        return -1;
    /* a restored copy's held time is nobody's lateness (the TD's guide, CLK-7) */
    struct clk_hold hold;
    if (db_hold_get(db, &hold))
        return -1;
    struct penalty *p;
    int n;
    if (db_penalties(db, m->id, 0, &p, &n))
        return -1;
    l->postpone_min =
        l->p[0].postpone_min > l->p[1].postpone_min ? l->p[0].postpone_min : l->p[1].postpone_min;
    l->start = l->called ? l->called + (int64_t)l->postpone_min * 60000 : 0;
    for (int s = 0; s < 2; s++) {
        /* a break that ended before the postponed start counts from that start */
        int64_t absent = l->p[s].absent_from_ms;
        if (l->postpone_min && absent && absent < l->start)
            absent = 0;
        l->from[s] = absent ? absent : l->start;
        l->due[s] =
            pen_absence_points(clk_hold_time(&hold, l->start), clk_hold_time(&hold, absent),
                               clk_hold_time(&hold, l->p[s].arrived_ms),
                               clk_hold_time(&hold, now_ms), t->late_grace_min, t->late_step_min);
        l->clock_instead[s] = l->p[s].late_clock_ms && l->p[s].late_clock_ms >= l->from[s];
        for (int i = 0; i < n; i++)
            if (p[i].side == s && !strcmp(p[i].kind, "lateness")) {
                l->total[s] += p[i].points;
                if (p[i].created_ms >= l->from[s])
                    l->confirmed[s] += p[i].points;
            }
    }
    free(p);
    return 0;
}

static json_t *ms_or_null(int64_t ms)
{
    return ms ? json_integer(ms) : json_null();
}

json_t *op_lateness_json(const struct match *m, const struct tournament *t, const struct late *l,
                         int64_t now_ms)
{
    json_t *sides = json_object();
    for (int s = 0; s < 2; s++)
        json_object_set_new(
            sides, side_name[s],
            json_pack("{s:b, s:o, s:o, s:i, s:b, s:b}", "present", l->p[s].arrived_ms != 0,
                      "arrived_ms", ms_or_null(l->p[s].arrived_ms), "absent_from_ms",
                      ms_or_null(l->from[s]), "points", l->clock_instead[s] ? 0 : l->due[s],
                      "on_break", l->p[s].break_started_ms != 0, "clock_instead",
                      l->clock_instead[s]));
    return json_pack("{s:I, s:o, s:i, s:o, s:i, s:i, s:I, s:o, s:{s:i, s:i}, s:{s:i, s:i}}",
                     "match_id", (json_int_t)m->id, "called_ms", ms_or_null(l->called),
                     "postponed_min", l->postpone_min, "late_from_ms", ms_or_null(l->start),
                     "grace_min", t->late_grace_min, "step_min", t->late_step_min, "server_time_ms",
                     (json_int_t)now_ms, "sides", sides, "confirmed", "a", l->confirmed[0], "b",
                     l->confirmed[1], "confirmed_total", "a", l->total[0], "b", l->total[1]);
}

int op_lateness_emit(struct db *db, const struct match *m, const struct tournament *t,
                     int64_t now_ms)
{
    struct late l;
    if (op_late_of(db, m, t, now_ms, &l))
        return -1;
    json_t *ev = json_pack("{s:o, s:o}", "lateness", op_lateness_json(m, t, &l, now_ms), "label",
                           op_match_label_json(db, m));
    char *s = json_dumps(ev, JSON_COMPACT);
    json_decref(ev);
    int rc = s ? db_stream_add(db, m->tournament_id, now_ms, "lateness", s) : CW_EDB;
    free(s);
    return rc ? -1 : 0;
}

json_t *op_penalty_json(const struct penalty *p)
{
    json_t *j = json_pack("{s:I, s:I, s:s, s:s, s:i, s:s, s:i, s:I, s:o}", "id", (json_int_t)p->id,
                          "match_id", (json_int_t)p->match_id, "side", side_name[p->side], "kind",
                          p->kind, "points", p->points, "reason", p->reason, "before_game",
                          p->before_game, "created_ms", (json_int_t)p->created_ms, "created_at",
                          op_time_json(p->created_ms));
    if (p->void_ms) /* KO-10: its match was undone; it stays as history */
        json_object_set_new(j, "void_ms", json_integer(p->void_ms));
    return j;
}
