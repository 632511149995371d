/* A Swiss round (SWISS-1): paired exactly from the standings (tourney/swiss_pair.c) and a
 * recorded seed (KO-2's handling: op_seed_of), its matches created and the reasons kept;
 * paired again before any of its matches started; two players swapped by hand, audited
 * with the TD's reason. The routes are api/api_swiss.c. */
#include "ops/swiss/swiss_round.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/frame/record.h"
#include "ops/records/event.h"
#include "ops/records/match.h"
#include "ops/swiss/swiss.h"
#include "tourney/rng.h"

static int not_swiss(const struct event *e, struct problem *pb)
{
    problem_set(pb, 409, "not-swiss", "Not a Swiss event", "%s is a %s event.", e->name,
                event_kind_name(e->kind));
    return -1;
}

static const char *why_name(enum swiss_why k)
{
    return k == SWISS_WHY_BYE       ? "bye"
           : k == SWISS_WHY_FLOAT   ? "float"
           : k == SWISS_WHY_REMATCH ? "rematch"
           : k == SWISS_WHY_SEEDED  ? "seeded"
                                    : "rematch_avoided";
}

static json_t *levels_json(const struct swiss_levels *l)
{
    return json_pack("{s:i, s:i, s:I, s:i, s:i}", "rematches", l->rematches, "bye_repeat",
                     l->bye_repeat, "sq_diff", (json_int_t)l->sq_diff, "bye_wins", l->bye_wins,
                     "bye_above", l->bye_above);
}

/* The round's players for the engine, in the standings' order: players[x->n] (free it and
 * *met). only: the ids that may be paired (a re-pair or a swap: the round's own), NULL:
 * every active one. */
static int players_for(const struct swiss_state *x, const int64_t *only, int n_only,
                       struct swiss_player **out, int64_t **met)
{
    *out = calloc((size_t)x->n + 1, sizeof **out);
    if (!*out || swiss_players_from(x->entries, x->n, x->sm, x->n_sm, x->st, *out, met)) {
        free(*out);
        *out = NULL;
        return -1;
    }
    for (int i = 0; i < x->n; i++) {
        struct swiss_player *p = &(*out)[i];
        p->name = op_swiss_name(x, p->id);
        p->seed = x->seed[op_swiss_entry_index(x, p->id)];
        if (only) {
            p->active = 0;
            for (int k = 0; k < n_only; k++)
                p->active |= only[k] == p->id;
        }
    }
    return 0;
}

/* The round's matches, its row, the reply: what every act of this file answers. */
static json_t *round_json(struct db *db, const struct event *e, const struct swiss_round_row *r,
                          const struct swiss_levels *levels)
{
    struct match *ms = NULL;
    int n = 0;
    json_t *matches = db_event_matches(db, e->id, r->round, &ms, &n) == CW_OK
                          ? op_matches_json(db, ms, n)
                          : json_array();
    free(ms);
    json_t *reasons = json_loads(r->reasons ? r->reasons : "[]", 0, NULL);
    return json_pack("{s:I, s:i, s:s, s:o, s:i, s:o, s:o, s:i, s:o}", "event_id", (json_int_t)e->id,
                     "round", r->round, "seed", r->seed, "bye",
                     r->bye ? json_integer(r->bye) : json_null(), "rematches", r->rematches,
                     "levels", levels ? levels_json(levels) : json_null(), "reasons",
                     reasons ? reasons : json_array(), "swapped", r->swapped, "matches", matches);
}

/* Audits the round's change and publishes it. CW_* code. */
static int round_record(const struct op *o, const struct event *e, json_t *out, const char *action,
                        const char *reason)
{
    json_t *audit = json_deep_copy(out);
    if (reason)
        json_object_set_new(audit, "reason", json_string(reason));
    char *a = json_dumps(audit, JSON_COMPACT);
    json_decref(audit);
    int rc = a ? db_audit(o->db, e->tournament_id, o->now_ms, o->who.actor, action, "event", e->id,
                          NULL, a)
               : CW_EDB;
    free(a);
    if (rc == CW_OK)
        rc = db_tournament_touch(o->db, e->tournament_id, o->now_ms);
    if (rc == CW_OK)
        rc = op_emit(o->db, e->tournament_id, o->now_ms, action, json_incref(out));
    return rc;
}

static char *reasons_text(const struct swiss_pairing *p)
{
    json_t *l = json_array();
    for (int i = 0; i < p->n_reasons; i++) {
        const struct swiss_reason *r = &p->reasons[i];
        json_t *args = json_object();
        for (int k = 0; k < r->n_args; k++)
            json_object_set_new(args, r->arg[k], json_integer(r->val[k]));
        json_array_append_new(
            l, json_pack("{s:s, s:s, s:o, s:I, s:o, s:s}", "kind", why_name(r->kind), "code",
                         r->code ? r->code : "", "args", args, "a", (json_int_t)r->a, "b",
                         r->b ? json_integer(r->b) : json_null(), "text", r->text));
    }
    char *t = json_dumps(l, JSON_COMPACT);
    json_decref(l);
    return t;
}

/* Pairs the round from x (standings before it) and the seed; the new pairing in *p. 0, or
 * -1 with the problem (409: fewer than two to pair). */
static int pair(const struct swiss_state *x, const int64_t *only, int n_only, const char *seed,
                struct swiss_round_row *row, struct swiss_pairing *p, struct problem *pb)
{
    struct swiss_player *players = NULL;
    int64_t *met = NULL;
    if (players_for(x, only, n_only, &players, &met)) {
        problem_internal(pb, "pairing the round");
        return -1;
    }
    struct swiss_options opt = {op_seed_of(seed, row->seed, sizeof row->seed), x->s.lives};
    char err[240];
    int rc = swiss_pair(players, x->n, &opt, p, err, sizeof err);
    free(players);
    free(met);
    if (rc) {
        problem_set(pb, 409, "round-refused", "The round cannot be paired", "%s (SWISS-1).", err);
        return -1;
    }
    row->bye = p->bye;
    row->rematches = p->levels.rematches;
    row->reasons = reasons_text(p);
    return 0;
}

int op_swiss_pair_next(const struct op *o, struct event *e, const struct swiss_round_in *in,
                       json_t **reply, struct problem *pb)
{
    if (e->kind != EK_SWISS)
        return not_swiss(e, pb);
    struct db *db = o->db;
    struct swiss_state x;
    int rc = op_swiss_state_load(db, e, NULL, 0, &x);
    if (rc != CW_OK) {
        op_swiss_state_free(&x);
        problem_internal(pb, "reading the Swiss");
        return -1;
    }
    int last = x.n_rounds ? x.rounds[x.n_rounds - 1].round : 0;
    if (x.open_last) {
        problem_set(pb, 409, "round-unfinished", "The last round is not finished",
                    "Round %d has %d match%s not decided yet; the next round is paired from "
                    "its results (SWISS-1).",
                    last, x.open_last, x.open_last == 1 ? "" : "es");
        op_swiss_state_free(&x);
        return -1;
    }
    if (op_swiss_over(&x) || e->state == ES_FINISHED) {
        problem_set(pb, 409, "swiss-over", "The Swiss is over",
                    "%s has played its %d rounds, or fewer than two players are left to pair "
                    "(SWISS-1).",
                    e->name, x.n_rounds);
        op_swiss_state_free(&x);
        return -1;
    }
    struct swiss_round_row row;
    memset(&row, 0, sizeof row);
    row.round = last + 1;
    row.paired_ms = o->now_ms;
    struct swiss_pairing p;
    memset(&p, 0, sizeof p);
    if (pair(&x, NULL, 0, in->seed, &row, &p, pb)) {
        op_swiss_state_free(&x);
        return -1;
    }
    rc = db_swiss_round_put(db, e->id, &row);
    for (int k = 0; rc == CW_OK && k < p.n_pairs; k++) {
        struct match m;
        memset(&m, 0, sizeof m);
        m.tournament_id = e->tournament_id;
        m.event_id = e->id;
        m.round = row.round;
        m.slot = k + 1;
        m.player[0] = p.pairs[k][0];
        m.player[1] = p.pairs[k][1];
        m.length = swiss_length_of(&x.s, row.round);
        m.winner = -1;
        m.state = MS_SCHEDULED;
        rc = db_match_insert(db, &m, o->now_ms);
        if (rc == CW_OK)
            rc = db_match_state_log(db, m.id, MS_SCHEDULED, o->now_ms, o->who.actor);
    }
    if (rc == CW_OK && e->state != ES_RUNNING) {
        json_t *eb = op_event_json(db, e);
        e->state = ES_RUNNING;
        rc = op_event_save(o, e, eb, "event.start");
    }
    json_t *out = rc == CW_OK ? round_json(db, e, &row, &p.levels) : NULL;
    if (rc == CW_OK)
        rc = round_record(o, e, out, "swiss.round_paired", NULL);
    free(row.reasons);
    swiss_pairing_free(&p);
    op_swiss_state_free(&x);
    if (rc != CW_OK) {
        json_decref(out);
        problem_internal(pb, "pairing the round");
        return -1;
    }
    *reply = out;
    return 0;
}

/* The round `round` of x as it stands: its matches (indexes into x->matches) and row;
 * refused unless it is the last round (409) and, when `only` is given, unless none of
 * those players' matches has started (every match when only is NULL). */
static int round_of(const struct swiss_state *x, int round, const int64_t *only, int n_only,
                    int **ms, int *n_ms, struct problem *pb)
{
    int last = x->n_rounds ? x->rounds[x->n_rounds - 1].round : 0;
    if (round < 1 || round > last) {
        problem_set(pb, 404, "not-found", "No such round", "The Swiss has no round %d.", round);
        return -1;
    }
    if (round != last) {
        problem_set(pb, 409, "round-played", "Only the last round changes",
                    "Round %d is over; only the last round, %d, may be paired again or "
                    "swapped (SWISS-1).",
                    round, last);
        return -1;
    }
    *ms = calloc((size_t)x->n_matches + 1, sizeof **ms);
    *n_ms = 0;
    for (int i = 0; *ms && i < x->n_matches; i++) {
        const struct match *m = &x->matches[i];
        if (m->round != round)
            continue;
        (*ms)[(*n_ms)++] = i;
        int mine = !only;
        for (int k = 0; k < n_only; k++)
            mine |= m->player[0] == only[k] || m->player[1] == only[k];
        if (mine && m->state != MS_SCHEDULED && m->state != MS_CALLED) {
            problem_set(pb, 409, "round-started", "The round has started",
                        "Match %lld of round %d is %s: a round is paired again, or its pairs "
                        "swapped, only before its matches start (SWISS-1).",
                        (long long)m->id, round, match_state_name(m->state));
            free(*ms);
            *ms = NULL;
            return -1;
        }
    }
    if (!*ms) {
        problem_internal(pb, "reading the round");
        return -1;
    }
    return 0;
}

/* Writes players into the round's match rows (pairs by slot), each saved with its audit
 * row and stream entry. CW_* code. */
static int rewrite_matches(const struct op *o, struct swiss_state *x, const int *ms, int n_ms,
                           const int64_t (*pairs)[2], const char *action)
{
    int rc = CW_OK;
    for (int k = 0; rc == CW_OK && k < n_ms; k++) {
        struct match *m = &x->matches[ms[k]];
        if (m->player[0] == pairs[k][0] && m->player[1] == pairs[k][1])
            continue;
        json_t *before = op_match_record_json(m);
        m->player[0] = pairs[k][0];
        m->player[1] = pairs[k][1];
        rc = op_match_save(o, m, before, action);
    }
    return rc;
}

int op_swiss_repair(const struct op *o, struct event *e, int round, const struct swiss_round_in *in,
                    json_t **reply, struct problem *pb)
{
    if (e->kind != EK_SWISS)
        return not_swiss(e, pb);
    struct swiss_state x;
    int *ms = NULL, n_ms = 0;
    if (op_swiss_state_load(o->db, e, NULL, round, &x) != CW_OK) {
        op_swiss_state_free(&x);
        problem_internal(pb, "reading the Swiss");
        return -1;
    }
    if (round_of(&x, round, NULL, 0, &ms, &n_ms, pb)) {
        op_swiss_state_free(&x);
        return -1;
    }
    /* the same players: the round's own */
    struct swiss_round_row row = x.rounds[x.n_rounds - 1];
    row.reasons = NULL;
    int64_t *only = calloc((size_t)n_ms * 2 + 2, sizeof *only);
    int n_only = 0;
    for (int k = 0; only && k < n_ms; k++) {
        only[n_only++] = x.matches[ms[k]].player[0];
        only[n_only++] = x.matches[ms[k]].player[1];
    }
    if (only && row.bye)
        only[n_only++] = row.bye;
    struct swiss_pairing p;
    memset(&p, 0, sizeof p);
    int rc = only ? CW_OK : CW_EDB;
    if (rc == CW_OK && pair(&x, only, n_only, in->seed, &row, &p, pb))
        rc = CW_EINVAL;
    if (rc == CW_OK && p.n_pairs != n_ms)
        rc = CW_EDB; /* the same players make as many pairs */
    row.swapped = 0;
    row.paired_ms = o->now_ms;
    if (rc == CW_OK)
        rc = db_swiss_round_put(o->db, e->id, &row);
    if (rc == CW_OK)
        rc = rewrite_matches(o, &x, ms, n_ms, (const int64_t(*)[2])p.pairs, "swiss.repaired");
    json_t *out = rc == CW_OK ? round_json(o->db, e, &row, &p.levels) : NULL;
    if (rc == CW_OK)
        rc = round_record(o, e, out, "swiss.round_repaired", NULL);
    free(only);
    free(ms);
    free(row.reasons);
    swiss_pairing_free(&p);
    op_swiss_state_free(&x);
    if (rc != CW_OK) {
        json_decref(out);
        if (rc != CW_EINVAL)
            problem_internal(pb, "pairing the round again");
        return -1;
    }
    *reply = out;
    return 0;
}

/* Where player id sits in the round: the index k of its match in ms and its side, or the
 * bye (k -1). 0, or -1 when it is not in the round. */
static int seat_of(const struct swiss_state *x, const int *ms, int n_ms, int64_t bye, int64_t id,
                   int *k, int *side)
{
    for (int i = 0; id && i < n_ms; i++)
        for (int s = 0; s < 2; s++)
            if (x->matches[ms[i]].player[s] == id) {
                *k = i;
                *side = s;
                return 0;
            }
    if (id && id == bye) {
        *k = -1;
        *side = 0;
        return 0;
    }
    return -1;
}

int op_swiss_swap(const struct op *o, struct event *e, int round, const struct swiss_swap_in *in,
                  json_t **reply, struct problem *pb)
{
    if (e->kind != EK_SWISS)
        return not_swiss(e, pb);
    struct swiss_state x;
    int *ms = NULL, n_ms = 0;
    if (op_swiss_state_load(o->db, e, NULL, round, &x) != CW_OK) {
        op_swiss_state_free(&x);
        problem_internal(pb, "reading the Swiss");
        return -1;
    }
    int64_t both[2] = {in->a, in->b};
    if (round_of(&x, round, both, 2, &ms, &n_ms, pb)) {
        op_swiss_state_free(&x);
        return -1;
    }
    struct swiss_round_row row = x.rounds[x.n_rounds - 1];
    int ka, sa, kb, sb;
    const char *bad = NULL;
    int64_t bad_id = 0;
    if (seat_of(&x, ms, n_ms, row.bye, in->a, &ka, &sa))
        bad = "a", bad_id = in->a;
    else if (seat_of(&x, ms, n_ms, row.bye, in->b, &kb, &sb))
        bad = "b", bad_id = in->b;
    if (bad) {
        problem_set(pb, 422, "validation", "Not in that round",
                    "Player %lld is not paired in round %d (SWISS-1).", (long long)bad_id, round);
        problem_field(pb, bad, "is not a player of round %d", round);
    } else if (ka == kb) {
        problem_set(pb, 422, "validation", "The same pair",
                    "Players %lld and %lld are %s: a swap exchanges two players of different "
                    "pairs.",
                    (long long)in->a, (long long)in->b, ka < 0 ? "the same" : "paired together");
        problem_field(pb, "b", "is in the same pair as a");
    }
    if (bad || ka == kb) {
        free(ms);
        op_swiss_state_free(&x);
        return -1;
    }
    /* the new pairing: a and b change places (one of them may hold the bye) */
    int64_t(*pairs)[2] = calloc((size_t)n_ms + 1, sizeof *pairs);
    int rc = pairs ? CW_OK : CW_EDB;
    for (int k = 0; rc == CW_OK && k < n_ms; k++) {
        pairs[k][0] = x.matches[ms[k]].player[0];
        pairs[k][1] = x.matches[ms[k]].player[1];
    }
    if (rc == CW_OK) {
        if (ka >= 0)
            pairs[ka][sa] = in->b;
        else
            row.bye = in->b;
        if (kb >= 0)
            pairs[kb][sb] = in->a;
        else
            row.bye = in->a;
    }
    /* the levels of the pairing as swapped: the rematches it makes, said in the reply */
    struct swiss_player *players = NULL;
    int64_t *met = NULL;
    struct swiss_levels lv;
    memset(&lv, 0, sizeof lv);
    int64_t *only = calloc((size_t)n_ms * 2 + 2, sizeof *only);
    int n_only = 0;
    if (!only)
        rc = CW_EDB;
    for (int k = 0; rc == CW_OK && k < n_ms; k++)
        only[n_only++] = pairs[k][0], only[n_only++] = pairs[k][1];
    if (rc == CW_OK && row.bye)
        only[n_only++] = row.bye;
    struct swiss_options opt = {0, x.s.lives};
    if (rc == CW_OK &&
        (players_for(&x, only, n_only, &players, &met) ||
         swiss_levels_of(players, x.n, &opt, (const int64_t(*)[2])pairs, n_ms, row.bye, &lv)))
        rc = CW_EDB;
    free(players);
    free(met);
    free(only);
    /* the reasons keep the pairing's, and say what the TD changed and why */
    json_t *reasons = json_loads(row.reasons ? row.reasons : "[]", 0, NULL);
    if (!reasons)
        reasons = json_array();
    char text[SWISS_REASON_LEN + 520];
    snprintf(text, sizeof text, "Swapped by hand: %s and %s changed places (%s).",
             op_swiss_name(&x, in->a), op_swiss_name(&x, in->b), in->reason);
    json_array_append_new(reasons,
                          json_pack("{s:s, s:s, s:{s:s}, s:I, s:I, s:s}", "kind", "swap", "code",
                                    "swap", "args", "note", in->reason, "a", (json_int_t)in->a, "b",
                                    (json_int_t)in->b, "text", text));
    char *rt = json_dumps(reasons, JSON_COMPACT);
    json_decref(reasons);
    row.reasons = rt;
    row.rematches = lv.rematches;
    row.swapped++;
    if (rc == CW_OK)
        rc = db_swiss_round_put(o->db, e->id, &row);
    if (rc == CW_OK)
        rc = rewrite_matches(o, &x, ms, n_ms, (const int64_t(*)[2])pairs, "swiss.swapped");
    json_t *out = rc == CW_OK ? round_json(o->db, e, &row, &lv) : NULL;
    if (rc == CW_OK)
        rc = round_record(o, e, out, "swiss.swap", in->reason);
    free(rt);
    free(pairs);
    free(ms);
    op_swiss_state_free(&x);
    if (rc != CW_OK) {
        json_decref(out);
        problem_internal(pb, "swapping the players");
        return -1;
    }
    *reply = out;
    return 0;
}
