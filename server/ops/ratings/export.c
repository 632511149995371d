/* The lists out as CSV files: see export.h. Every list but the players' is one anyone may
 * see (results, standings, ratings): none holds an email. */
#include "ops/ratings/export.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/csv.h"
#include "ops/ratings/ratings.h"
#include "store/store.h"
#include "tourney/players_csv.h"

/* A number as the file's spreadsheet reads it: a decimal comma with `;`. */
static void cell_num(struct csv_writer *w, double x)
{
    char b[32];
    snprintf(b, sizeof b, "%.2f", x);
    if (w->delimiter == ';')
        for (char *c = b; *c; c++)
            if (*c == '.')
                *c = ',';
    csv_write_cell(w, b);
}

static void cell_int(struct csv_writer *w, int64_t x)
{
    char b[24];
    snprintf(b, sizeof b, "%lld", (long long)x);
    csv_write_cell(w, b);
}

static void header(struct csv_writer *w, const char *const *names)
{
    for (; *names; names++)
        csv_write_cell(w, *names);
    csv_write_end(w);
}

static const char *name_of(const struct ratings_view *v, int64_t id)
{
    for (int i = 0; i < v->n; i++)
        if (v->ps[i].id == id)
            return v->ps[i].name;
    return "";
}

static int players_csv(const struct ratings_view *v, char delim, char **out, size_t *len)
{
    struct pcsv_player *pp = calloc((size_t)v->n + 1, sizeof *pp);
    if (!pp)
        return CW_EDB;
    for (int i = 0; i < v->n; i++) {
        const struct player *p = &v->ps[i];
        pp[i] = (struct pcsv_player){
            p->id,     p->name,       p->country, p->club, p->federation_id, p->email,
            p->flight, p->has_rating, p->rating,  1,       p->experience};
    }
    *out = pcsv_export(pp, (size_t)v->n, delim, len);
    free(pp);
    return *out ? CW_OK : CW_EDB;
}

static void results_rows(struct csv_writer *w, const struct ratings_view *v, const struct match *ms,
                         int n, const struct event *es, int ne)
{
    static const char *const cols[] = {"match",           "competition",     "round",  "table",
                                       "player_a",        "player_b",        "length", "state",
                                       "score_a",         "score_b",         "winner", "ended",
                                       "rating_change_a", "rating_change_b", NULL};
    header(w, cols);
    for (int i = 0; i < n; i++) {
        const struct match *m = &ms[i];
        const char *ev = "";
        for (int k = 0; k < ne; k++)
            if (es[k].id == m->event_id)
                ev = es[k].name;
        cell_int(w, m->id);
        csv_write_cell(w, ev);
        cell_int(w, m->round);
        csv_write_cell(w, m->table);
        csv_write_cell(w, name_of(v, m->player[0]));
        csv_write_cell(w, name_of(v, m->player[1]));
        cell_int(w, m->length);
        csv_write_cell(w, match_state_name(m->state));
        cell_int(w, m->score[0]);
        cell_int(w, m->score[1]);
        csv_write_cell(w, m->winner < 0 ? "" : name_of(v, m->player[m->winner]));
        csv_write_cell(w, match_end_name(m->ended));
        struct rat_change c;
        int rated = rat_book_change(v->book, m->id, &c) == 0 && c.rated;
        for (int s = 0; s < 2; s++)
            if (rated)
                cell_num(w, c.delta[s][0]);
            else
                csv_write_cell(w, "");
        csv_write_end(w);
    }
}

struct standing {
    const struct player *p;
    int played, won, pf, pa;
};

static int by_standing(const void *a, const void *b)
{
    const struct standing *x = a, *y = b;
    if (x->won != y->won)
        return y->won - x->won;
    if (x->pf - x->pa != y->pf - y->pa)
        return (y->pf - y->pa) - (x->pf - x->pa);
    return x->p->id < y->p->id ? -1 : x->p->id > y->p->id;
}

static int standings_rows(struct csv_writer *w, const struct ratings_view *v,
                          const struct match *ms, int n)
{
    static const char *const cols[] = {"place", "player",     "country",        "played", "won",
                                       "lost",  "points_for", "points_against", "rating", NULL};
    struct standing *st = calloc((size_t)v->n + 1, sizeof *st);
    if (!st)
        return CW_EDB;
    for (int i = 0; i < v->n; i++)
        st[i].p = &v->ps[i];
    for (int i = 0; i < n; i++) {
        const struct match *m = &ms[i];
        if (!match_decided(m))
            continue;
        for (int s = 0; s < 2; s++)
            for (int k = 0; k < v->n; k++)
                if (m->player[s] && st[k].p->id == m->player[s]) {
                    st[k].played++;
                    st[k].won += m->winner == s;
                    st[k].pf += m->score[s];
                    st[k].pa += m->score[1 - s];
                }
    }
    qsort(st, (size_t)v->n, sizeof *st, by_standing);
    header(w, cols);
    for (int i = 0; i < v->n; i++) {
        struct rat_standing rs;
        rat_book_standing(v->book, st[i].p->id, &rs);
        cell_int(w, i + 1);
        csv_write_cell(w, st[i].p->name);
        csv_write_cell(w, st[i].p->country);
        cell_int(w, st[i].played);
        cell_int(w, st[i].won);
        cell_int(w, st[i].played - st[i].won);
        cell_int(w, st[i].pf);
        cell_int(w, st[i].pa);
        cell_num(w, rs.rating);
        csv_write_end(w);
    }
    free(st);
    return CW_OK;
}

static void ratings_rows(struct csv_writer *w, const struct ratings_view *v)
{
    static const char *const cols[] = {"player",  "federation_id", "rating_before",
                                       "change",  "rating",        "experience",
                                       "matches", "provisional",   NULL};
    header(w, cols);
    for (int i = 0; i < v->n; i++) {
        const struct player *p = &v->ps[i];
        struct rat_standing rs;
        rat_book_standing(v->book, p->id, &rs);
        double entry = op_rating_entry(&v->cfg, p);
        csv_write_cell(w, p->name);
        csv_write_cell(w, p->federation_id);
        cell_num(w, entry);
        cell_num(w, rs.rating - entry);
        cell_num(w, rs.rating);
        cell_int(w, rs.experience);
        cell_int(w, rs.matches);
        csv_write_cell(w, rs.provisional ? "yes" : "no");
        csv_write_end(w);
    }
}

int op_export(struct db *db, int64_t tid, enum export_list list, char delimiter, char **out,
              size_t *len)
{
    *out = NULL;
    *len = 0;
    struct ratings_view v;
    int rc = op_ratings_read(db, tid, &v);
    if (rc != CW_OK)
        return rc;
    if (list == EXPORT_PLAYERS) {
        rc = players_csv(&v, delimiter, out, len);
        op_ratings_free(&v);
        return rc;
    }
    struct match *ms = NULL;
    struct event *es = NULL;
    int n = 0, ne = 0;
    if (list == EXPORT_RESULTS || list == EXPORT_STANDINGS)
        rc = db_match_list(db, tid, 0, &ms, &n);
    if (rc == CW_OK && list == EXPORT_RESULTS)
        rc = db_event_list(db, tid, &es, &ne);
    struct csv_writer w;
    csv_writer_init(&w, delimiter);
    if (rc == CW_OK && list == EXPORT_RESULTS)
        results_rows(&w, &v, ms, n, es, ne);
    else if (rc == CW_OK && list == EXPORT_STANDINGS)
        rc = standings_rows(&w, &v, ms, n);
    else if (rc == CW_OK)
        ratings_rows(&w, &v);
    *out = csv_writer_take(&w, len);
    if (rc == CW_OK && !*out)
        rc = CW_EDB;
    if (rc != CW_OK) {
        free(*out);
        *out = NULL;
    }
    free(ms);
    free(es);
    op_ratings_free(&v);
    return rc;
}
