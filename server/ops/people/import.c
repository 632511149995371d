/* Players in from a CSV file: see import.h. The file is read and matched by the pure part
 * (tourney/players_csv.c); here it meets the register, in the caller's frame. */
#include "ops/people/import.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/secret.h"
#include "common/utf8.h"
#include "ops/frame/record.h"
#include "ops/people/players.h"
#include "store/ratings.h"
#include "store/store.h"
#include "tourney/players_csv.h"

/* What the file is checked against: the tournament's players and its settings. */
struct import_ctx {
    struct player *ps;
    int n;
    struct pcsv_player *reg;
    struct pcsv_import imp;
};

static void ctx_free(struct import_ctx *c)
{
    free(c->ps);
    free(c->reg);
    pcsv_free(&c->imp);
}

static json_t *errors_json(const struct pcsv_import *imp)
{
    json_t *a = json_array();
    for (size_t i = 0; i < imp->n_errors; i++) {
        const struct pcsv_error *e = &imp->errors[i];
        json_array_append_new(a, json_pack("{s:I, s:i, s:s, s:s}", "line", (json_int_t)e->line,
                                           "column", e->column, "field", e->field, "reason",
                                           e->reason));
    }
    return a;
}

/* The file read and classified: 0, or -1 with the problem (the refusal lists every bad
 * line, column and reason, as many as PCSV_ERRORS_MAX). */
static int load(const struct op *o, int64_t tid, const char *data, size_t len, struct import_ctx *c,
                struct problem *pb)
{
    memset(c, 0, sizeof *c);
    struct rating_cfg cfg;
    int rc = db_rating_cfg_get(o->db, tid, &cfg);
    if (rc == CW_ENOTFOUND)
        return op_no_tournament(pb, tid);
    if (rc == CW_OK)
        rc = db_player_list(o->db, tid, &c->ps, &c->n);
    if (rc != CW_OK) {
        problem_internal(pb, "reading the players");
        return -1;
    }
    if (pcsv_read(data, len, (size_t)cfg.import_max_rows, &c->imp)) {
        const struct pcsv_error *e = &c->imp.errors[0];
        problem_set(pb, 422, "csv-refused", "The file cannot be imported",
                    "%zu problem%s in the file, nothing imported; the first: line %ld%s%s: %s.",
                    c->imp.n_errors_total, c->imp.n_errors_total == 1 ? "" : "s", e->line,
                    e->field[0] ? ", " : "", e->field, e->reason);
        json_object_set_new(pb->json, "errors", errors_json(&c->imp));
        json_object_set_new(pb->json, "errors_total",
                            json_integer((json_int_t)c->imp.n_errors_total));
        json_object_set_new(pb->json, "max_rows", json_integer(cfg.import_max_rows));
        return -1;
    }
    c->reg = calloc((size_t)c->n + 1, sizeof *c->reg);
    if (!c->reg) {
        problem_internal(pb, "reading the file");
        return -1;
    }
    for (int i = 0; i < c->n; i++) {
        const struct player *p = &c->ps[i];
        struct pcsv_player *r = &c->reg[i];
        r->id = p->id;
        r->name = p->name;
        r->country = p->country;
        r->club = p->club;
        r->federation_id = p->federation_id;
        r->email = p->email;
        r->flight = p->flight;
        r->has_rating = p->has_rating;
        r->rating = p->rating;
        r->has_experience = 1;
        r->experience = p->experience;
    }
    if (pcsv_classify(&c->imp, c->reg, (size_t)c->n)) {
        problem_internal(pb, "matching the file's players");
        return -1;
    }
    return 0;
}

static const char *const class_names[4] = {"add", "update", "unchanged", "possible"};

static const struct player *registered(const struct import_ctx *c, int64_t id)
{
    for (int i = 0; i < c->n; i++)
        if (c->ps[i].id == id)
            return &c->ps[i];
    return NULL;
}

/* A row as the preview shows it: no email (the preview is the TD's, but it is no list of
 * personal data to keep in a browser's history). */
static json_t *row_json(const struct import_ctx *c, const struct pcsv_row *r)
{
    json_t *j = json_pack("{s:I, s:s, s:s, s:s, s:s, s:s}", "line", (json_int_t)r->line, "action",
                          class_names[r->cls], "name", r->p.name, "country", r->p.country, "club",
                          r->p.club, "federation_id", r->p.federation_id);
    json_object_set_new(j, "rating", r->p.has_rating ? json_real(r->p.rating) : json_null());
    json_object_set_new(j, "experience",
                        r->p.has_experience ? json_integer(r->p.experience) : json_null());
    json_object_set_new(j, "flight", json_string(r->p.flight));
    if (r->cls != PCSV_ADD) {
        const struct player *p = registered(c, r->match_id);
        json_object_set_new(j, "player_id", json_integer(r->match_id));
        if (p)
            json_object_set_new(j, "player_name", json_string(p->name));
    }
    if (r->cls == PCSV_UPDATE) {
        json_t *ch = json_array();
        for (int k = 0; k < PCSV_NCOLS; k++)
            if (r->changed & PCSV_BIT(k))
                json_array_append_new(ch, json_string(pcsv_col_name(k)));
        json_object_set_new(j, "changes", ch);
    }
    return j;
}

static json_t *summary_json(const struct import_ctx *c)
{
    json_t *cols = json_array();
    for (int k = 0; k < PCSV_NCOLS; k++)
        if (c->imp.columns & PCSV_BIT(k))
            json_array_append_new(cols, json_string(pcsv_col_name(k)));
    char delim[2] = {c->imp.t.delimiter, 0};
    return json_pack("{s:s, s:s, s:o, s:I, s:I, s:I, s:I, s:I}", "encoding",
                     csv_encoding_name(c->imp.t.encoding), "delimiter",
                     c->imp.t.delimiter == '\t' ? "\t" : delim, "columns", cols, "rows",
                     (json_int_t)c->imp.n_rows, "add", (json_int_t)c->imp.count[PCSV_ADD], "update",
                     (json_int_t)c->imp.count[PCSV_UPDATE], "unchanged",
                     (json_int_t)c->imp.count[PCSV_UNCHANGED], "possible",
                     (json_int_t)c->imp.count[PCSV_POSSIBLE]);
}

int op_import_preview(const struct op *o, int64_t tid, const char *data, size_t len, json_t **out,
                      struct problem *pb)
{
    struct import_ctx c;
    if (load(o, tid, data, len, &c, pb)) {
        ctx_free(&c);
        return -1;
    }
    json_t *j = summary_json(&c), *rows = json_array();
    for (size_t i = 0; i < c.imp.n_rows; i++)
        json_array_append_new(rows, row_json(&c, &c.imp.rows[i]));
    json_object_set_new(j, "players", rows);
    ctx_free(&c);
    *out = j;
    return 0;
}

static int in_list(const long *l, int n, long line)
{
    for (int i = 0; i < n; i++)
        if (l[i] == line)
            return 1;
    return 0;
}

/* The values the row gives, onto p (an empty cell leaves p's as it is). */
static void apply_row(struct player *p, const struct pcsv_row *r)
{
    unsigned g = r->given;
    if (g & PCSV_BIT(PCSV_NAME))
        cw_utf8_copy(p->name, sizeof p->name, r->p.name);
    if (g & PCSV_BIT(PCSV_COUNTRY))
        cw_utf8_copy(p->country, sizeof p->country, r->p.country);
    if (g & PCSV_BIT(PCSV_CLUB))
        cw_utf8_copy(p->club, sizeof p->club, r->p.club);
    if (g & PCSV_BIT(PCSV_FEDID))
        cw_utf8_copy(p->federation_id, sizeof p->federation_id, r->p.federation_id);
    if (g & PCSV_BIT(PCSV_EMAIL))
        cw_utf8_copy(p->email, sizeof p->email, r->p.email);
    if (g & PCSV_BIT(PCSV_FLIGHT))
        cw_utf8_copy(p->flight, sizeof p->flight, r->p.flight);
    if (g & PCSV_BIT(PCSV_RATING)) {
        p->has_rating = 1;
        p->rating = r->p.rating;
    }
    if (g & PCSV_BIT(PCSV_EXPERIENCE))
        p->experience = r->p.experience;
}

/* Each row that looks like a registered player has the TD's word: 0, or -1 with a 409
 * naming the lines that have none. */
static int check_choices(const struct import_ctx *c, const struct import_choice *ch,
                         struct problem *pb)
{
    json_t *lines = json_array();
    for (size_t i = 0; i < c->imp.n_rows; i++) {
        const struct pcsv_row *r = &c->imp.rows[i];
        if (r->cls == PCSV_POSSIBLE && !in_list(ch->same, ch->n_same, r->line) &&
            !in_list(ch->other, ch->n_other, r->line))
            json_array_append_new(lines, json_integer(r->line));
    }
    if (!json_array_size(lines)) {
        json_decref(lines);
        return 0;
    }
    problem_set(pb, 409, "import-undecided", "Possible duplicates need the TD's word",
                "%zu row%s of the file look like players already registered; say for each "
                "line whether it is the same player (same=) or another one (other=).",
                json_array_size(lines), json_array_size(lines) == 1 ? "" : "s");
    json_object_set_new(pb->json, "lines", lines);
    return -1;
}

/* A row whose federation id another registered player has: 409 naming the line. */
static void conflict(struct problem *pb, const struct pcsv_row *r)
{
    problem_set(pb, 409, "duplicate-player", "Federation id already registered",
                "Line %ld: federation id %s is already registered in this tournament.", r->line,
                r->p.federation_id);
    problem_field(pb, "federation_id", "line %ld: is already registered in this tournament",
                  r->line);
}

int op_import_commit(const struct op *o, int64_t tid, const char *data, size_t len,
                     const struct import_choice *ch, json_t **out, struct problem *pb)
{
    struct import_ctx c;
    if (load(o, tid, data, len, &c, pb) || check_choices(&c, ch, pb)) {
        ctx_free(&c);
        return -1;
    }
    struct tournament t; /* GOV-4: whether the players added wait for approval */
    int rc = db_tournament_get(o->db, tid, &t);
    size_t added = 0, updated = 0, merged = 0;
    const struct pcsv_row *bad = NULL;
    for (size_t i = 0; rc == CW_OK && i < c.imp.n_rows; i++) {
        const struct pcsv_row *r = &c.imp.rows[i];
        int add = r->cls == PCSV_ADD ||
                  (r->cls == PCSV_POSSIBLE && in_list(ch->other, ch->n_other, r->line));
        struct player p;
        if (r->cls == PCSV_UNCHANGED)
            continue;
        if (add) {
            memset(&p, 0, sizeof p);
            p.tournament_id = tid;
            strcpy(p.status, "registered");
            cw_pin_new(p.pin);
            apply_row(&p, r);
            op_entry_registered(&t, &p);
            rc = db_player_insert(o->db, &p, o->now_ms);
            added += rc == CW_OK;
        } else {
            rc = db_player_get(o->db, tid, r->match_id, &p);
            if (rc == CW_OK) {
                apply_row(&p, r);
                rc = db_player_update(o->db, &p, o->now_ms);
            }
            if (r->cls == PCSV_POSSIBLE)
                merged += rc == CW_OK;
            else
                updated += rc == CW_OK;
        }
        if (rc == CW_ECONFLICT)
            bad = r;
    }
    json_t *sum = summary_json(&c);
    json_object_set_new(sum, "added", json_integer((json_int_t)added));
    json_object_set_new(sum, "updated", json_integer((json_int_t)updated));
    json_object_set_new(sum, "merged", json_integer((json_int_t)merged));
    if (rc == CW_ECONFLICT)
        conflict(pb, bad); /* before the rows go */
    ctx_free(&c);
    if (rc == CW_ECONFLICT) {
        json_decref(sum);
        return -1;
    }
    if (rc == CW_OK)
        rc =
            op_audit_change(o, tid, "players.import", "tournament", tid, NULL, json_deep_copy(sum));
    if (rc == CW_OK)
        rc = op_emit(o->db, tid, o->now_ms, "players.import", json_deep_copy(sum));
    if (rc != CW_OK) {
        json_decref(sum);
        problem_internal(pb, "importing the players");
        return -1;
    }
    *out = sum;
    return 0;
}
