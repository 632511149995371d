/* The report's computed tables (figures.h). */
#include "ops/report/figures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/event/placings.h"
#include "ops/ratings/ratings.h"
#include "ops/report/table.h"
#include "store/store.h"

static struct db_cell txt(const char *s)
{
    return (struct db_cell){s ? DBC_TEXT : DBC_NULL, 0, 0, s};
}
static struct db_cell num(int64_t i)
{
    return (struct db_cell){DBC_INT, i, 0, NULL};
}
static struct db_cell id_or_null(int64_t i)
{
    return (struct db_cell){i ? DBC_INT : DBC_NULL, i, 0, NULL};
}
static struct db_cell real(double r)
{
    return (struct db_cell){DBC_REAL, 0, r, NULL};
}
static struct db_cell yes(int b)
{
    return (struct db_cell){DBC_BOOL, b != 0, 0, NULL};
}

static const struct player *player_of(const struct player *ps, int n, int64_t id)
{
    for (int i = 0; id && i < n; i++)
        if (ps[i].id == id)
            return &ps[i];
    return NULL;
}

static const char *fed_id(const struct player *ps, int n, int64_t id)
{
    const struct player *p = player_of(ps, n, id);
    return p ? p->federation_id : NULL;
}

static const char *const placing_cols[] = {
    "event_id", "event",     "kind",          "flight",     "final",
    "rank",     "place",     "place_from",    "place_to",   "entrant_id",
    "entrant",  "player_id", "federation_id", "partner_id", "partner_federation_id",
    "why"};
#define PLACING_COLS (int)(sizeof placing_cols / sizeof placing_cols[0])

int op_fed_placings(const struct op *o, int64_t tid, const struct event *es, int n,
                    struct fed_table *t)
{
    struct player *ps = NULL;
    int np = 0;
    int rc = db_player_list(o->db, tid, &ps, &np);
    if (rc == CW_OK && op_fed_table_row(t, PLACING_COLS, placing_cols, NULL))
        rc = CW_ENOMEM;
    /* an event not started has no placings yet: every entrant would share the one band */
    for (int i = 0; rc == CW_OK && i < n; i++) {
        if (es[i].state == ES_OPEN)
            continue;
        struct placings pl;
        struct problem pb = {0, NULL};
        if (op_event_placings(o, &es[i], NULL, &pl, &pb)) {
            /* a kind with no placings yet (409) is left out; anything else fails the report */
            rc = pb.status == 409 ? CW_OK : CW_EDB;
            problem_free(&pb);
            continue;
        }
        for (int k = 0; rc == CW_OK && k < pl.n; k++) {
            const struct placing *p = &pl.p[k];
            char band[32];
            placing_band(p, band, sizeof band);
            struct db_cell row[PLACING_COLS] = {
                num(es[i].id),
                txt(es[i].name),
                txt(event_kind_name(es[i].kind)),
                txt(NULL), /* the flight: report.c fills it from the event's kind */
                yes(pl.final),
                num(p->rank),
                txt(band),
                num(p->place_from),
                num(p->place_to),
                num(p->entrant),
                txt(p->name),
                id_or_null(p->players[0]),
                txt(fed_id(ps, np, p->players[0])),
                id_or_null(p->players[1]),
                txt(fed_id(ps, np, p->players[1])),
                txt(p->why),
            };
            if (op_fed_table_row(t, PLACING_COLS, placing_cols, row))
                rc = CW_ENOMEM;
        }
        placings_free(&pl);
    }
    free(ps);
    return rc;
}

static const char *const rating_cols[] = {
    "player_id",         "player",     "federation_id", "rating_before", "change", "rating_after",
    "experience_before", "experience", "matches",       "provisional"};
#define RATING_COLS (int)(sizeof rating_cols / sizeof rating_cols[0])

int op_fed_ratings(const struct op *o, int64_t tid, const struct event *es, int n,
                   struct fed_table *t)
{
    if (op_fed_table_row(t, RATING_COLS, rating_cols, NULL))
        return CW_ENOMEM;
    struct ratings_view v;
    int rc = op_ratings_read(o->db, tid, &v);
    for (int i = 0; rc == CW_OK && i < v.n; i++) {
        const struct player *p = &v.ps[i];
        if (!strcmp(p->entry, "refused")) /* never entered (GOV-4) */
            continue;
        struct rat_standing st;
        rat_book_standing(v.book, p->id, &st);
        double entry = op_rating_entry(&v.cfg, p);
        struct db_cell row[RATING_COLS] = {
            num(p->id),
            txt(p->name),
            txt(p->federation_id),
            real(entry),
            real(st.rating - entry),
            real(st.rating),
            num(p->experience),
            num(st.experience),
            num(st.matches),
            yes(st.provisional),
        };
        if (op_fed_table_row(t, RATING_COLS, rating_cols, row))
            rc = CW_ENOMEM;
    }
    op_ratings_free(&v);
    return rc;
}

static const char *const change_cols[] = {"match_id", "order",         "player_id",
                                          "player",   "federation_id", "rating_before",
                                          "change",   "rating_after",  "experience_before"};
#define CHANGE_COLS (int)(sizeof change_cols / sizeof change_cols[0])

int op_fed_rating_changes(const struct op *o, int64_t tid, const struct event *es, int n,
                          struct fed_table *t)
{
    if (op_fed_table_row(t, CHANGE_COLS, change_cols, NULL))
        return CW_ENOMEM;
    struct ratings_view v;
    int rc = op_ratings_read(o->db, tid, &v);
    size_t count = rc == CW_OK ? rat_book_count(v.book) : 0;
    for (size_t i = 0; rc == CW_OK && i < count; i++) {
        struct rat_match m;
        struct rat_change c;
        if (rat_book_at(v.book, i, &m, &c) || !c.rated)
            continue;
        /* each side's player, or a Davis Cup pair's two members */
        for (int s = 0; rc == CW_OK && s < 2; s++)
            for (int k = 0; rc == CW_OK && k < 2; k++) {
                const struct player *p = player_of(v.ps, v.n, m.player[s][k]);
                if (!p)
                    continue;
                struct db_cell row[CHANGE_COLS] = {
                    num(m.id),
                    num(m.order),
                    num(p->id),
                    txt(p->name),
                    txt(p->federation_id),
                    real(c.before[s][k]),
                    real(c.delta[s][k]),
                    real(c.before[s][k] + c.delta[s][k]),
                    num(c.exp_before[s][k]),
                };
                if (op_fed_table_row(t, CHANGE_COLS, change_cols, row))
                    rc = CW_ENOMEM;
            }
    }
    op_ratings_free(&v);
    return rc;
}
