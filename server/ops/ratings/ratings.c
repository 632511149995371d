/* RAT-1 over the store: the book computed from the players and the decided matches, and its
 * JSON. See ratings.h. */
#include "ops/ratings/ratings.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const rating_kind_names[RATING_KINDS] = {
    "bye",   "forfeit", "walkover",      "one_point", "unfinished",
    "swing", "davis_doubles", "conceded", "time",
};

double op_rating_entry(const struct rating_cfg *c, const struct player *p)
{
    return p->has_rating ? p->rating : c->rat.start_rating;
}

void op_ratings_free(struct ratings_view *v)
{
    free(v->ps);
    rat_book_free(v->book);
    v->ps = NULL;
    v->book = NULL;
    v->n = 0;
}

int op_ratings_read(struct db *db, int64_t tid, struct ratings_view *v)
{
    memset(v, 0, sizeof *v);
    struct rat_match *ms = NULL;
    int nm = 0;
    int rc = db_rating_cfg_get(db, tid, &v->cfg);
    if (rc == CW_OK)
        rc = db_player_list(db, tid, &v->ps, &v->n);
    if (rc == CW_OK)
        rc = db_rating_matches(db, tid, &ms, &nm);
    struct rat_player *rp = rc == CW_OK ? calloc((size_t)v->n + 1, sizeof *rp) : NULL;
    if (rc == CW_OK && !rp)
        rc = CW_EDB;
    for (int i = 0; rc == CW_OK && i < v->n; i++) {
        rp[i].id = v->ps[i].id;
        rp[i].rating = op_rating_entry(&v->cfg, &v->ps[i]);
        rp[i].experience = v->ps[i].experience;
    }
    if (rc == CW_OK) {
        v->book = rat_book_new(&v->cfg.rat, rp, (size_t)v->n);
        char err[160];
        if (!v->book || rat_book_load(v->book, ms, (size_t)nm, err, sizeof err))
            rc = CW_EDB;
    }
    free(rp);
    free(ms);
    if (rc != CW_OK)
        op_ratings_free(v);
    return rc;
}

int op_ratings_seed_live(struct db *db, int64_t tid, struct ratings_view *v)
{
    struct rating_cfg c;
    if (db_rating_cfg_get(db, tid, &c) != CW_OK || !c.seed_live)
        return 0;
    return op_ratings_read(db, tid, v) == CW_OK;
}

int op_rating_seed(const struct ratings_view *live, const struct player *p, double *rating)
{
    if (!live) {
        *rating = p->rating;
        return p->has_rating;
    }
    struct rat_standing st;
    rat_book_standing(live->book, p->id, &st);
    *rating = st.rating;
    return p->has_rating || st.matches > 0;
}

/* Two decimals, as lists print them: the book keeps the full value. */
static json_t *num2(double x)
{
    return json_real(round(x * 100.0) / 100.0);
}

json_t *op_rating_cfg_json(const struct rating_cfg *c)
{
    json_t *ex = json_object();
    for (int i = 0; i < RATING_KINDS; i++)
        json_object_set_new(ex, rating_kind_names[i], json_boolean(c->rat.exclude & (1u << i)));
    return json_pack("{s:f, s:b, s:o, s:I, s:s, s:i}", "start_rating", c->rat.start_rating,
                     "count_this_match", c->rat.count_this_match, "exclude", ex,
                     "provisional_below", (json_int_t)c->rat.provisional_below, "seed",
                     c->seed_live ? "live" : "entry", "import_max_rows", c->import_max_rows);
}

/* Why a match changed no rating: the kinds of it the list leaves out, and RAT_X_BYE for a
 * side without a player (never rated, whatever the settings). */
static unsigned excluded_bits(const struct rating_cfg *cfg, const struct rat_match *m)
{
    unsigned bye = !m->player[0][0] || !m->player[1][0] ? RAT_X_BYE : 0u;
    return (m->kind & cfg->rat.exclude) | bye;
}

static void row_of(const struct rating_cfg *cfg, const struct rat_match *m,
                   const struct rat_change *c, struct rating_row *r)
{
    memset(r, 0, sizeof *r);
    r->match_id = m->id;
    r->order = m->order;
    r->rated = c->rated;
    r->excluded = c->rated ? 0u : excluded_bits(cfg, m);
    for (int s = 0; s < 2; s++) {
        r->player[s] = m->player[s][0];
        r->before[s] = c->before[s][0];
        r->delta[s] = c->delta[s][0];
    }
}

static json_t *side_json(const struct rating_row *r, int s)
{
    return json_pack("{s:I, s:o, s:o, s:o}", "player_id", (json_int_t)r->player[s], "before",
                     num2(r->before[s]), "change", num2(r->delta[s]), "after",
                     num2(r->before[s] + r->delta[s]));
}

json_t *op_rating_row_json(const struct rating_row *r)
{
    json_t *j = json_pack("{s:I, s:I, s:b}", "match_id", (json_int_t)r->match_id, "order",
                          (json_int_t)r->order, "rated", r->rated);
    if (r->rated) {
        json_object_set_new(j, "sides", json_pack("[o, o]", side_json(r, 0), side_json(r, 1)));
    } else {
        json_t *why = json_array();
        for (int i = 0; i < RATING_KINDS; i++)
            if (r->excluded & (1u << i))
                json_array_append_new(why, json_string(rating_kind_names[i]));
        json_object_set_new(j, "excluded", why);
    }
    return j;
}

static int by_match_id(const void *x, const void *y)
{
    const struct rating_row *a = x, *b = y;
    return (a->match_id > b->match_id) - (a->match_id < b->match_id);
}

int op_rating_rows(const struct ratings_view *v, struct rating_row **rows, size_t *n)
{
    *n = rat_book_count(v->book);
    *rows = malloc((*n ? *n : 1) * sizeof **rows);
    if (!*rows)
        return CW_ENOMEM;
    for (size_t i = 0; i < *n; i++) {
        struct rat_match m;
        struct rat_change c;
        rat_book_at(v->book, i, &m, &c);
        row_of(&v->cfg, &m, &c, &(*rows)[i]);
    }
    qsort(*rows, *n, sizeof **rows, by_match_id);
    return CW_OK;
}

const struct rating_row *op_rating_row_find(const struct rating_row *rows, size_t n,
                                            int64_t match_id)
{
    struct rating_row key = {.match_id = match_id};
    return n ? bsearch(&key, rows, n, sizeof *rows, by_match_id) : NULL;
}

json_t *op_ratings_json(const struct ratings_view *v)
{
    json_t *players = json_array(), *matches = json_array();
    for (int i = 0; i < v->n; i++) {
        const struct player *p = &v->ps[i];
        struct rat_standing st;
        rat_book_standing(v->book, p->id, &st);
        double entry = op_rating_entry(&v->cfg, p);
        json_array_append_new(
            players, json_pack("{s:I, s:s, s:o, s:b, s:I, s:o, s:o, s:I, s:b, s:i}", "player_id",
                               (json_int_t)p->id, "name", p->name, "entry", num2(entry),
                               "entry_set", p->has_rating, "entry_experience",
                               (json_int_t)p->experience, "change", num2(st.rating - entry),
                               "rating", num2(st.rating), "experience", (json_int_t)st.experience,
                               "provisional", st.provisional, "matches", st.matches));
    }
    for (size_t i = 0, n = rat_book_count(v->book); i < n; i++) {
        struct rat_match m;
        struct rat_change c;
        struct rating_row r;
        if (rat_book_at(v->book, i, &m, &c) == 0) {
            row_of(&v->cfg, &m, &c, &r);
            json_array_append_new(matches, op_rating_row_json(&r));
        }
    }
    return json_pack("{s:o, s:o, s:o}", "settings", op_rating_cfg_json(&v->cfg), "players", players,
                     "matches", matches);
}
