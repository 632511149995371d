/* A knockout event's bracket from the store, kept in step with its results: the match
 * rows, the events it feeds (KO-5, KO-6), the stored draw, and the result cascade's step
 * that advances winners and undoes what a corrected result invalidates (KO-8). The routes
 * are api/api_knockout.c, the bracket's replies api/knockout_json.c. */
#include "ops/knockout/knockout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/clock.h"
#include "ops/records/event.h"
#include "ops/records/match.h"
#include "ops/frame/record.h"
#include "ops/records/undo.h"

/* ---- the bracket and the results, from the store ---- */

void op_ko_state_free(struct ko_state *x)
{
    if (x->drawn)
        ko_bracket_free(&x->b);
    free(x->rows);
    free(x->res);
    free(x->v);
    memset(x, 0, sizeof *x);
}

/* Loads the bracket, its match rows and their results; `fresh` (may be NULL) is a match
 * whose new result is not stored yet. Computes the views. */
int op_ko_state_load(struct db *db, const struct event *e, const struct match *fresh,
                     struct ko_state *x, char *err, size_t errlen)
{
    memset(x, 0, sizeof *x);
    x->e = *e;
    x->s = e->settings.ko;
    int rc = db_ko_load(db, e->id, &x->b);
    if (rc == CW_ENOTFOUND)
        return CW_OK; /* not drawn yet */
    if (rc != CW_OK)
        return rc;
    x->drawn = 1;
    x->nm = ko_match_count(&x->b);
    x->rows = calloc((size_t)x->nm, sizeof *x->rows);
    x->res = calloc((size_t)x->nm, sizeof *x->res);
    x->v = calloc((size_t)x->nm, sizeof *x->v);
    if (!x->rows || !x->res || !x->v)
        return CW_EDB;
    struct match *ms;
    int n;
    rc = db_event_matches(db, e->id, 0, &ms, &n);
    if (rc != CW_OK)
        return rc;
    for (int i = 0; i < n; i++) {
        struct match *m = fresh && ms[i].id == fresh->id ? (struct match *)fresh : &ms[i];
        if (m->round < 1 || m->slot < 1)
            continue;
        if (m->round == x->b.rounds && m->slot == 2) { /* beside the final: the play-off */
            x->playoff = *m;
            continue;
        }
        int k = ko_match_index(&x->b, m->round, m->slot - 1);
        if (k < 0 || k >= x->nm)
            continue;
        x->rows[k] = *m;
        x->res[k].decision = ko_decision_of(m);
        x->res[k].winner = m->winner >= 0 ? m->winner : 0;
    }
    free(ms);
    rc = ko_compute(&x->b, x->res, x->v, err, errlen);
    return rc;
}

/* ---- keeping the match rows in step with the bracket ---- */

/* Writes the players and walkover (state st, winner) the bracket computes into a row. */
static int sync_row(const struct op *o, struct match *row, const int64_t players[2],
                    enum ko_mstate st, int winner)
{
    struct db *db = o->db;
    {
        struct match want = *row;
        /* KO-10: a new player does not take over what the old one played */
        json_t *was_voided;
        int voided = op_match_replace_players(o, &want, players, &was_voided);
        if (voided < 0)
            return voided;
        /* lengths are written when rows are made and by the TD (per round or per match) */
        int decided = ko_decision_of(row) != KO_UNDECIDED;
        if (st == KO_M_WALKOVER && !decided) {
            want.state = MS_VOID; /* nobody plays: the bracket advances the player */
            want.winner = winner;
            /* a bye: nobody on the other side; a walkover: its player left (KO-8) */
            want.ended = want.player[1 - winner] ? ME_WALKOVER : ME_BYE;
        } else if (st == KO_M_EMPTY && !decided) {
            want.state = MS_VOID;
            want.winner = -1;
            want.ended = ME_NONE;
        } else if (row->state == MS_VOID && !decided) {
            want.state = MS_SCHEDULED; /* a late arrival or a correction revived it */
            want.winner = -1;
            want.ended = ME_NONE;
        }
        if (!voided && want.player[0] == row->player[0] && want.player[1] == row->player[1] &&
            want.length == row->length && want.winner == row->winner && want.state == row->state &&
            want.ended == row->ended)
            return CW_OK;
        json_t *before = op_match_record_json(row);
        if (was_voided)
            json_object_set_new(before, "voided", was_voided);
        if (want.state != row->state &&
            db_match_state_log(db, row->id, want.state, o->now_ms, "system"))
            return CW_EDB;
        *row = want;
        if (op_match_save(o, row, before, "bracket.advanced"))
            return CW_EDB;
    }
    return CW_OK;
}

/* PLACE-1: the play-off for 3rd as the bracket makes it: the semi-finals' losers; a
 * walkover when one semi-final gives no loser who may play on (a bye, a withdrawal, a
 * disqualification), nobody when neither does; waiting while a semi-final is open. */
static void playoff_view(const struct ko_state *x, int64_t players[2], enum ko_mstate *st,
                         int *winner)
{
    int known = 0, never = 0;
    for (int s = 0; s < 2; s++) {
        int k = ko_match_index(&x->b, x->b.rounds - 1, s);
        const struct ko_mview *mv = &x->v[k];
        const struct ko_side *lost = mv->winner >= 0 ? &mv->side[1 - mv->winner] : NULL;
        enum ko_decision d = x->res[k].decision;
        players[s] = 0;
        if (mv->state == KO_M_DONE && lost && lost->kind == KO_SIDE_PLAYER &&
            d != KO_WITHDRAWAL && d != KO_DISQUALIFIED)
            players[s] = lost->id, known |= 1 << s;
        else if (mv->state == KO_M_DONE || mv->state == KO_M_WALKOVER || mv->state == KO_M_EMPTY)
            never |= 1 << s;
    }
    *winner = -1;
    *st = known == 3                    ? KO_M_READY
          : (known | never) != 3        ? KO_M_WAITING
          : known                       ? KO_M_WALKOVER
                                        : KO_M_EMPTY;
    if (*st == KO_M_WALKOVER)
        *winner = known == 1 ? 0 : 1;
}

/* Writes the players, lengths and walkovers the bracket computes into the match rows. */
static int op_ko_sync_rows(const struct op *o, struct ko_state *x)
{
    for (int k = 0; k < x->nm; k++) {
        struct match *row = &x->rows[k];
        const struct ko_mview *mv = &x->v[k];
        if (!row->id)
            continue;
        int64_t players[2];
        for (int s = 0; s < 2; s++)
            players[s] = mv->side[s].kind == KO_SIDE_PLAYER ? mv->side[s].id : 0;
        int rc = sync_row(o, row, players, mv->state, mv->winner);
        if (rc != CW_OK)
            return rc;
    }
    if (!x->playoff.id || x->b.rounds < 2)
        return CW_OK;
    int64_t players[2];
    enum ko_mstate st;
    int winner;
    playoff_view(x, players, &st, &winner);
    return sync_row(o, &x->playoff, players, st, winner);
}

/* The event is over: its final decided, and its play-off for 3rd (if any) too. */
static int ko_over(const struct ko_state *x)
{
    return ko_champion(&x->b, x->v) != 0 &&
           (!x->playoff.id || x->playoff.state == MS_VOID ||
            ko_decision_of(&x->playoff) != KO_UNDECIDED);
}

static int draw_fed(const struct op *o, struct event *fed, const struct ko_state *from, int *done);
static int follow_feed(const struct op *o, const struct event *from, const struct ko_bracket *fb,
                       const struct ko_result *fres, const struct ko_mview *fv, int apply,
                       json_t *undo, char *err, size_t errlen, int depth);

/* After any change of a bracket: rows in step, the events it feeds drawn once their
 * entrants are all known (KO-5, KO-6), and the vacant places of those already drawn filled
 * or closed as results come in. */
int op_ko_settle(const struct op *o, struct ko_state *x)
{
    int rc = op_ko_sync_rows(o, x);
    if (rc != CW_OK)
        return rc;
    struct event *es;
    int n;
    if (db_event_list(o->db, x->e.tournament_id, &es, &n) != CW_OK)
        return CW_EDB;
    for (int i = 0; rc == CW_OK && i < n; i++) {
        if (es[i].kind != EK_KNOCKOUT || es[i].state != ES_OPEN ||
            es[i].settings.ko.feeds_from != x->e.id)
            continue;
        int done;
        rc = draw_fed(o, &es[i], x, &done);
    }
    free(es);
    if (rc == CW_OK) {
        char err[256];
        rc = follow_feed(o, &x->e, &x->b, x->res, x->v, 1, NULL, err, sizeof err, 0);
        /* An entrant with no place: a change that brings one is refused before it is made
         * (on_result asks follow_feed first), so this is a result that adds an entrant no
         * correction made room for; the result stands and the drawn event stays as it is. */
        if (rc == CW_ECONFLICT)
            rc = CW_OK;
    }
    return rc;
}

/* ---- drawing ---- */

static int create_rows(const struct op *o, const struct event *e, const struct ko_bracket *b)
{
    struct db *db = o->db;
    int nm = ko_match_count(b);
    /* PLACE-1: the play-off for 3rd is one more row, beside the final (round, slot 2) */
    int playoff = e->settings.ko.third_place && b->rounds >= 2;
    for (int k = 0; k < nm + playoff; k++) {
        struct match m;
        memset(&m, 0, sizeof m);
        m.tournament_id = e->tournament_id;
        m.event_id = e->id;
        if (k < nm) {
            ko_match_pos(b, k, &m.round, &m.slot);
            m.slot += 1;
        } else {
            m.round = b->rounds;
            m.slot = 2;
        }
        m.length = ko_length(b, m.round);
        if (!m.length)
            m.length = 7;
        m.winner = -1;
        m.state = MS_SCHEDULED;
        int rc = db_match_insert(db, &m, o->now_ms);
        if (rc == CW_OK)
            rc = db_match_state_log(db, m.id, MS_SCHEDULED, o->now_ms, "system");
        if (rc != CW_OK)
            return rc;
    }
    return CW_OK;
}

/* Stores a fresh bracket, its match rows, and the event as running; then settles it. */
int op_ko_store_draw(const struct op *o, struct event *e, struct ko_bracket *b, const char *action)
{
    struct db *db = o->db;
    int rc = db_ko_save(db, e->id, b, o->now_ms);
    if (rc == CW_OK)
        rc = create_rows(o, e, b);
    if (rc == CW_OK) {
        json_t *before = op_event_json(db, e);
        e->state = ES_RUNNING;
        rc = op_event_save(o, e, before, action);
    }
    if (rc != CW_OK)
        return rc;
    struct ko_state x;
    char err[256];
    rc = op_ko_state_load(db, e, NULL, &x, err, sizeof err);
    if (rc == CW_OK)
        rc = op_ko_settle(o, &x);
    op_ko_state_free(&x);
    return rc;
}

static int draw_fed(const struct op *o, struct event *fed, const struct ko_state *from, int *done)
{
    *done = 0;
    const struct ko_settings *fs = &fed->settings.ko;
    struct ko_entry *in = calloc((size_t)from->b.size, sizeof *in);
    if (!in)
        return CW_EDB;
    int missing, n = ko_feed(&from->b, from->res, from->v, fs->progressive, in, &missing);
    int rc = CW_OK;
    if (missing == 0 && n >= 2) {
        struct ko_bracket b;
        char err[256];
        char seed[RNG_SEED_BYTES]; /* a fresh one, which the draw records as its digits */
        int drawn = ko_draw_fed(op_seed_of(NULL, seed, sizeof seed), in, n, &b, err, sizeof err);
        rc = drawn == CW_ENOMEM ? CW_ENOMEM : drawn ? CW_EINVAL : CW_OK;
        if (rc == CW_OK) {
            if (fs->n_lengths)
                ko_set_lengths(&b, fs->lengths, fs->n_lengths, err, sizeof err);
            for (int i = 0; rc == CW_OK && i < n; i++) {
                int r = db_entry_add(o->db, fed->id, in[i].id, o->now_ms);
                rc = r == CW_ECONFLICT ? CW_OK : r;
            }
            if (rc == CW_OK)
                rc = op_ko_store_draw(o, fed, &b, "knockout.drawn");
            ko_bracket_free(&b);
            *done = 1;
        }
    }
    free(in);
    return rc;
}

/* ---- results: the bracket follows (a step of api/results.c) ---- */

#define FEED_DEPTH 8 /* Main -> Consolation -> Last Chance needs 2; a guard against loops */

/* Audits and announces one place of fed event `es` that ko_feed_follow changed. */
static int record_change(const struct op *o, const struct event *es, const struct ko_slot_change *c)
{
    struct db *db = o->db;
    char actor[96], b[64], a[64];
    snprintf(actor, sizeof actor, "%s", o->who.actor);
    if (c->old_id)
        snprintf(b, sizeof b, "{\"player_id\":%lld}", (long long)c->old_id);
    else
        snprintf(b, sizeof b, "{\"vacant\":true}");
    if (c->new_id)
        snprintf(a, sizeof a, "{\"player_id\":%lld}", (long long)c->new_id);
    else
        snprintf(a, sizeof a, "{\"%s\":true}", c->closed ? "closed" : "vacant");
    const char *action = c->new_id && c->old_id ? "knockout.entrant_replaced"
                         : c->new_id            ? "knockout.place_filled"
                         : c->closed            ? "knockout.place_closed"
                                                : "knockout.place_vacated";
    int rc = db_audit(db, es->tournament_id, o->now_ms, actor, action, "event", es->id, b, a);
    if (rc == CW_OK)
        rc = op_emit(db, es->tournament_id, o->now_ms, action,
                     json_pack("{s:I, s:i, s:o, s:o, s:b}", "event_id", (json_int_t)es->id, "slot",
                               c->slot, "old_player_id",
                               c->old_id ? json_integer(c->old_id) : json_null(), "new_player_id",
                               c->new_id ? json_integer(c->new_id) : json_null(), "closed",
                               c->closed));
    return rc;
}

/* KO-5, KO-6, KO-8: a change of `from` (its bracket fb with the results fres and views fv
 * as they will be: a correction, or a result that decides who fills a vacant place) reaches
 * the drawn events it feeds. Each follows it with ko_feed_follow: an entrant who no longer
 * enters leaves their place after the matches they decided are undone (deepest first), the
 * entrants it does not hold take vacant places, and so on into the events that one feeds.
 * apply 0: appends the ids of the played matches this would undo to `undo`, deeper events
 * first. apply 1: does it, audited, and settles each changed event. 0, CW_ECONFLICT with a
 * sentence in err when an event cannot follow (an entrant would find no place), or another
 * CW_ code. */
static int follow_feed(const struct op *o, const struct event *from, const struct ko_bracket *fb,
                       const struct ko_result *fres, const struct ko_mview *fv, int apply,
                       json_t *undo, char *err, size_t errlen, int depth)
{
    struct db *db = o->db;
    struct event *es;
    int nes, rc = CW_OK;
    if (depth >= FEED_DEPTH)
        return CW_OK;
    if (db_event_list(db, from->tournament_id, &es, &nes) != CW_OK)
        return CW_EDB;
    for (int i = 0; rc == CW_OK && i < nes; i++) {
        if (es[i].kind != EK_KNOCKOUT || es[i].settings.ko.feeds_from != from->id ||
            es[i].state == ES_OPEN)
            continue; /* not fed by `from`, or not drawn: its draw will take the new entrants */
        struct ko_state y;
        rc = op_ko_state_load(db, &es[i], NULL, &y, err, errlen);
        if (rc != CW_OK || !y.drawn) {
            op_ko_state_free(&y);
            continue;
        }
        struct ko_entry *in = calloc((size_t)fb->size, sizeof *in);
        struct ko_result *r2 = calloc((size_t)y.nm, sizeof *r2);
        struct ko_mview *v2 = calloc((size_t)y.nm, sizeof *v2);
        int *rows_undo = calloc((size_t)y.nm + 1, sizeof *rows_undo);
        struct ko_slot_change *ch = calloc((size_t)y.b.size, sizeof *ch);
        int nundo = 0, nch = 0;
        if (in && r2 && v2 && rows_undo && ch) {
            int missing, n = ko_feed(fb, fres, fv, es[i].settings.ko.progressive, in, &missing);
            memcpy(r2, y.res, (size_t)y.nm * sizeof *r2);
            memcpy(v2, y.v, (size_t)y.nm * sizeof *v2);
            char why[256];
            nch = ko_feed_follow(&y.b, r2, v2, in, n, missing, rows_undo, &nundo, ch, why,
                                 sizeof why);
            if (nch == CW_ENOMEM) {
                rc = CW_ENOMEM;
            } else if (nch < 0) {
                snprintf(err, errlen, "%s is drawn and cannot follow: %s", es[i].name, why);
                rc = CW_ECONFLICT;
            }
        } else {
            rc = CW_EDB;
        }
        /* the events this one feeds first: their matches come later */
        if (rc == CW_OK && nch > 0)
            rc = follow_feed(o, &es[i], &y.b, r2, v2, apply, undo, err, errlen, depth + 1);
        for (int t = 0; rc == CW_OK && nch > 0 && t < nundo; t++) {
            struct match *row = &y.rows[rows_undo[t]];
            if (!row->id)
                continue;
            if (!apply)
                json_array_append_new(undo, json_integer(row->id));
            else if (op_match_undo(o, row, "knockout.cascade_undo"))
                rc = CW_EDB;
        }
        /* the entries: who left first, then who came (a player may change rounds) */
        for (int j = 0; apply && rc == CW_OK && j < nch; j++)
            if (ch[j].old_id) {
                int r = db_entry_remove(db, es[i].id, ch[j].old_id);
                rc = r == CW_ENOTFOUND ? CW_OK : r;
            }
        for (int j = 0; apply && rc == CW_OK && j < nch; j++) {
            if (ch[j].new_id) {
                int r = db_entry_add(db, es[i].id, ch[j].new_id, o->now_ms);
                rc = r == CW_ECONFLICT ? CW_OK : r;
            }
            if (rc == CW_OK)
                rc = record_change(o, &es[i], &ch[j]);
        }
        if (apply && rc == CW_OK && nch > 0)
            rc = db_ko_update(db, es[i].id, &y.b);
        if (apply && rc == CW_OK && nch > 0) {
            struct ko_state z;
            rc = op_ko_state_load(db, &es[i], NULL, &z, err, errlen);
            if (rc == CW_OK)
                rc = op_ko_settle(o, &z);
            if (rc == CW_OK)
                rc = op_event_mark_finished(o, &z.e, ko_over(&z));
            op_ko_state_free(&z);
        }
        free(in);
        free(r2);
        free(v2);
        free(rows_undo);
        free(ch);
        op_ko_state_free(&y);
    }
    free(es);
    return rc;
}

/* KO-8: the audit entry of a confirmed correction that cascades, written before anything
 * it undoes so the log reads in the order of the decision: the match as it was, as it will
 * be, the TD's reason and the matches undone (in the order they are undone). The corrected
 * match's own record (match.corrected) follows the undoing, when the row is saved. */
static int audit_correction(const struct op *o, const struct match *before, const struct match *m,
                            json_t *undo)
{
    char actor[96];
    snprintf(actor, sizeof actor, "%s", o->who.actor);
    json_t *b = op_match_record_json(before), *a = op_match_record_json(m);
    const char *reason = o->reason;
    json_object_set_new(a, "reason", reason ? json_string(reason) : json_null());
    json_object_set(a, "undoes", undo);
    char *bs = json_dumps(b, JSON_COMPACT), *as = json_dumps(a, JSON_COMPACT);
    int rc = bs && as ? db_audit(o->db, m->tournament_id, o->now_ms, actor, "knockout.correction",
                                 "match", m->id, bs, as)
                      : CW_EDB;
    free(bs);
    free(as);
    json_decref(b);
    json_decref(a);
    return rc;
}

int op_knockout_result(const struct op *o, struct event *e, struct match *m,
                       const struct match *before, struct problem *pb)
{
    if (m->tie_id)
        return 0;
    struct db *db = o->db;
    char err[256] = "";
    struct ko_state x;
    /* KO-8: a changed result whose winner already played on is undone with what followed,
     * latest first, only when the TD confirms the cascade; so are the matches of the events
     * this one feeds that an entrant swap invalidates (KO-5, KO-6) */
    if (before->winner >= 0 && ko_decision_of(before) != KO_UNDECIDED &&
        (before->winner != m->winner || ko_decision_of(before) != ko_decision_of(m))) {
        if (op_ko_state_load(db, e, NULL, &x, err, sizeof err) != CW_OK) {
            op_ko_state_free(&x);
            problem_internal(pb, "reading the bracket");
            return -1;
        }
        int k = ko_match_index(&x.b, m->round, m->slot - 1);
        int later[KO_MAX_ROUNDS];
        int n = k >= 0 && k < x.nm ? ko_cascade(&x.b, x.res, k, later) : 0;
        /* the bracket as it will be: the new decision, the cascade undone */
        struct ko_result *r2 = calloc((size_t)x.nm, sizeof *r2);
        struct ko_mview *v2 = calloc((size_t)x.nm, sizeof *v2);
        int hypo = r2 && v2 && k >= 0 && k < x.nm;
        if (hypo) {
            memcpy(r2, x.res, (size_t)x.nm * sizeof *r2);
            r2[k].decision = ko_decision_of(m);
            r2[k].winner = m->winner >= 0 ? m->winner : 0;
            for (int i = 0; i < n; i++)
                memset(&r2[later[i]], 0, sizeof r2[later[i]]);
            /* a result the bracket cannot take is refused below, with the bracket's reason */
            hypo = ko_compute(&x.b, r2, v2, err, sizeof err) == CW_OK;
        }
        json_t *undo = json_array();
        int rc = hypo ? follow_feed(o, e, &x.b, r2, v2, 0, undo, err, sizeof err, 0) : CW_OK;
        for (int i = 0; rc == CW_OK && i < n; i++)
            if (x.rows[later[i]].id)
                json_array_append_new(undo, json_integer(x.rows[later[i]].id));
        /* PLACE-1: a semi-final's loser plays the play-off for 3rd: a change undoes it too */
        int undo_playoff = x.playoff.id && m->round == x.b.rounds - 1 &&
                           ko_decision_of(&x.playoff) != KO_UNDECIDED;
        if (rc == CW_OK && undo_playoff)
            json_array_append_new(undo, json_integer(x.playoff.id));
        int nu = (int)json_array_size(undo);
        if (rc == CW_ECONFLICT) {
            problem_set(pb, 409, "cascade-refused", "The events fed by this one cannot follow",
                        "%s", err);
        } else if (rc != CW_OK) {
            problem_internal(pb, "reading the events fed by this one");
        } else if (nu && !o->confirm_cascade) {
            problem_set(pb, 409, "cascade", "Later matches depend on this result",
                        "%d later match%s of %s%s depend%s on this result; send "
                        "\"confirm_cascade\": true to undo them (latest first) with this "
                        "correction (KO-8).",
                        nu, nu == 1 ? "" : "es", e->name,
                        nu > n ? " and of the events it feeds" : "", nu == 1 ? "s" : "");
            json_object_set(pb->json, "would_undo", undo);
            rc = CW_ECONFLICT;
        } else {
            if (nu && audit_correction(o, before, m, undo) != CW_OK) {
                problem_internal(pb, "auditing the correction");
                rc = CW_EDB;
            }
            if (rc == CW_OK && hypo) {
                rc = follow_feed(o, e, &x.b, r2, v2, 1, NULL, err, sizeof err, 0);
                if (rc != CW_OK)
                    problem_internal(pb, "following the correction into the events fed");
            }
        }
        json_decref(undo);
        free(r2);
        free(v2);
        for (int i = 0; rc == CW_OK && i < n; i++)
            if (x.rows[later[i]].id &&
                op_match_undo(o, &x.rows[later[i]], "knockout.cascade_undo")) {
                problem_internal(pb, "undoing a later match");
                rc = CW_EDB;
            }
        if (rc == CW_OK && undo_playoff && op_match_undo(o, &x.playoff, "knockout.cascade_undo")) {
            problem_internal(pb, "undoing the play-off for 3rd");
            rc = CW_EDB;
        }
        op_ko_state_free(&x);
        if (rc != CW_OK)
            return -1;
    }
    int rc = op_ko_state_load(db, e, m, &x, err, sizeof err);
    if (rc == CW_ECONFLICT || rc == CW_EINVAL) {
        op_ko_state_free(&x);
        problem_set(pb, 409, "bracket-conflict", "The bracket cannot take this result", "%s", err);
        return -1;
    }
    /* the decided row itself is saved by the caller; sync the others */
    for (int k = 0; rc == CW_OK && k < x.nm; k++)
        if (x.rows[k].id == m->id)
            x.rows[k].id = 0;
    if (x.playoff.id == m->id) /* the play-off decided: the final's outcome alone now */
        memset(&x.playoff, 0, sizeof x.playoff);
    if (rc == CW_OK)
        rc = op_ko_settle(o, &x);
    if (rc == CW_OK)
        rc = op_event_mark_finished(o, e, ko_over(&x));
    op_ko_state_free(&x);
    if (rc != CW_OK) {
        problem_internal(pb, "advancing the bracket");
        return -1;
    }
    return 0;
}

int op_knockout_late_close(const struct op *o, struct event *e, struct problem *pb)
{
    struct ko_state x;
    char err[256];
    if (op_ko_state_load(o->db, e, NULL, &x, err, sizeof err) != CW_OK) {
        op_ko_state_free(&x);
        problem_internal(pb, "reading the bracket");
        return -1;
    }
    if (!x.drawn) {
        op_ko_state_free(&x);
        problem_set(pb, 409, "not-drawn", "Not drawn yet",
                    "%s is not drawn yet: before the draw, a new player simply enters.", e->name);
        return -1;
    }
    if (x.b.late_closed || !x.b.n_late) {
        op_ko_state_free(&x);
        problem_set(pb, 409, "late-closed", "Late entry is not open", "%s has no open late places.",
                    e->name);
        return -1;
    }
    int unfilled = ko_late_close(&x.b);
    int rc = db_ko_update(o->db, e->id, &x.b);
    op_ko_state_free(&x);
    if (rc == CW_OK)
        rc = op_ko_state_load(o->db, e, NULL, &x, err, sizeof err);
    if (rc == CW_OK)
        rc = op_ko_settle(o, &x);
    op_ko_state_free(&x);
    if (rc == CW_OK)
        rc = op_event_late_closed(o, e, "knockout.late_closed", unfilled);
    if (rc != CW_OK) {
        problem_internal(pb, "closing late entry");
        return -1;
    }
    return 0;
}
