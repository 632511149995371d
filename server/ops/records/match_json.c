/* The public JSON of a match: sides with names (and the team of a doubles side), score,
 * state, the time of each state, and the label that names it (event, round, tie); the
 * replies, the stream entries and the audit rows of the operations that create matches
 * carry it. */
#include "ops/records/match.h"

#include <stdlib.h>
#include <string.h>

#include "common/clock.h"
#include "common/json_out.h"
#include "store/store.h"
#include "tourney/match_label.h"

static const char side_name[2][2] = {"a", "b"};

/* The team of one side of a Davis Cup consultation doubles (rubber 3): its name and both
 * members, either of whom reports and confirms it; NULL for any other match. */
static json_t *doubles_team_json(struct db *db, const struct match *m, int s)
{
    struct davis_tie_row tie;
    struct davis_team_row team;
    if (!m->tie_id || m->rubber != 3 || db_davis_tie_get(db, m->tie_id, &tie) != CW_OK ||
        !tie.team[s] || db_davis_team_get(db, tie.team[s], &team) != CW_OK)
        return NULL;
    json_t *players = json_array();
    for (int k = 0; k < 2; k++) {
        struct player p;
        int ok = db_player_get(db, m->tournament_id, team.player[k], &p) == CW_OK;
        json_array_append_new(players,
                              json_pack("{s:I, s:o}", "player_id", (json_int_t)team.player[k],
                                        "name", ok ? json_string(p.name) : json_null()));
    }
    return json_pack("{s:I, s:s, s:o}", "id", (json_int_t)team.id, "name", team.name, "players",
                     players);
}

/* What the labels of a list's matches read of their events, kept while the list is
 * written: a tournament's matches share a few events, so each is read once. */
#define MEMO_EVENTS 8
struct memo {
    int n, next;
    struct op_match_event ev[MEMO_EVENTS];
};

static const struct op_match_event *event_of(struct db *db, int64_t id, struct memo *memo)
{
    for (int i = 0; i < memo->n; i++)
        if (memo->ev[i].id == id)
            return &memo->ev[i];
    struct op_match_event *e; /* a free place, else the oldest */
    if (memo->n < MEMO_EVENTS) {
        e = &memo->ev[memo->n++];
    } else {
        e = &memo->ev[memo->next];
        memo->next = (memo->next + 1) % MEMO_EVENTS;
    }
    e->id = id;
    /* an event that cannot be read leaves the match named by its number, not the reply
     * failed: the label names, the match's own fields are the record */
    e->ok = db_event_label(db, id, e->name, sizeof e->name, &e->kind, &e->rounds) == CW_OK;
    return e;
}

/* The label as text, the one writer of it (see op_match_record_text for why text), from
 * the match's event as read (NULL: none). */
static void label_write(const struct match *m, const struct op_match_event *me, struct cw_text *t)
{
    struct label_event le = {0};
    if (me && me->ok) {
        le.name = me->name;
        le.kind = me->kind;
        le.rounds = me->rounds;
    }
    struct match_label l;
    match_label(m, le.name ? &le : NULL, &l);
    cw_text_lit(t, "{\"event\":");
    cw_text_str(t, l.event);
    cw_text_lit(t, ",\"kind\":");
    cw_text_str(t, label_kind_name(l.kind));
    cw_text_lit(t, ",\"round\":");
    cw_text_int_or_null(t, l.round);
    cw_text_lit(t, ",\"rounds\":");
    cw_text_int_or_null(t, l.rounds);
    cw_text_lit(t, ",\"round_name\":");
    cw_text_str(t, l.round ? l.round_name : NULL);
    cw_text_lit(t, ",\"playoff\":");
    if (l.playoff) /* cw_text_lit takes a literal: its size is known */
        cw_text_lit(t, "true");
    else
        cw_text_lit(t, "false");
    cw_text_lit(t, ",\"tie\":");
    cw_text_int_or_null(t, l.tie);
    cw_text_lit(t, ",\"rubber\":");
    cw_text_int_or_null(t, l.rubber);
    cw_text_lit(t, ",\"phase\":");
    cw_text_int_or_null(t, l.phase);
    cw_text_lit(t, ",\"phase_name\":");
    cw_text_str(t, label_phase_name(l.phase));
    cw_text_lit(t, ",\"text\":");
    cw_text_str(t, l.text);
    cw_text_lit(t, "}");
}

void op_match_label_text(struct db *db, const struct match *m, struct cw_text *t)
{
    struct memo memo;
    memo.n = memo.next = 0;
    label_write(m, m->event_id ? event_of(db, m->event_id, &memo) : NULL, t);
}

/* A text written here as the jansson value a caller builds on */
static json_t *parsed(struct cw_text *t)
{
    char *text = cw_text_end(t, NULL);
    json_t *j = text ? json_loads(text, 0, NULL) : NULL;
    free(text);
    return j;
}

json_t *op_match_label_json(struct db *db, const struct match *m)
{
    struct cw_text t = {0};
    op_match_label_text(db, m, &t);
    return parsed(&t);
}

static void time_text(struct cw_text *t, int64_t ms)
{
    if (!ms) {
        cw_text_lit(t, "null");
        return;
    }
    char buf[32];
    cw_iso8601(ms, buf, sizeof buf);
    cw_text_str(t, buf);
}

/* What the match's public JSON reads beyond the match, into v (v->m a copy of m). -1 for
 * no memory; what cannot be read is left out, as the text always did. */
static int view_read(struct db *db, const struct match *m, struct memo *memo,
                     struct op_match_view *v)
{
    v->m = *m; /* each member set (the sides' players are large: no memset) */
    for (int s = 0; s < 2; s++) {
        v->named[s] = m->player[s] &&
                      db_player_name(db, m->tournament_id, m->player[s], &v->side[s]) == CW_OK;
        v->team[s] = doubles_team_json(db, m, s);
    }
    v->times_ok = db_match_state_times(db, m->id, &v->times, &v->n_times) == CW_OK;
    v->has_event = m->event_id != 0;
    if (v->has_event)
        v->event = *event_of(db, m->event_id, memo);
    return 0;
}

/* The match's public JSON written from what was read: no database. */
static void view_write(const struct op_match_view *v, struct cw_text *t)
{
    const struct match *m = &v->m;
    cw_text_lit(t, "{\"id\":");
    cw_text_int(t, m->id);
    cw_text_lit(t, ",\"tournament_id\":");
    cw_text_int(t, m->tournament_id);
    cw_text_lit(t, ",\"event_id\":");
    cw_text_int_or_null(t, m->event_id);
    cw_text_lit(t, ",\"length\":");
    cw_text_int(t, m->length);
    cw_text_lit(t, ",\"table\":");
    cw_text_str(t, m->table);
    cw_text_lit(t, ",\"state\":");
    cw_text_str(t, match_state_name(m->state));
    cw_text_lit(t, ",\"sides\":[");
    for (int s = 0; s < 2; s++) {
        if (s)
            cw_text_lit(t, ",{\"side\":\"b\",\"score\":");
        else
            cw_text_lit(t, "{\"side\":\"a\",\"score\":");
        cw_text_int(t, m->score[s]);
        if (v->named[s]) {
            const struct player *p = &v->side[s];
            cw_text_lit(t, ",\"player_id\":");
            cw_text_int(t, p->id);
            cw_text_lit(t, ",\"name\":");
            cw_text_str(t, p->name);
            cw_text_lit(t, ",\"country\":");
            cw_text_str(t, p->country);
        } else {
            cw_text_lit(t, ",\"player_id\":null,\"name\":null");
        }
        if (v->team[s]) {
            cw_text_lit(t, ",\"team\":");
            cw_text_json(t, v->team[s]);
        }
        cw_text_lit(t, "}");
    }
    cw_text_lit(t, "],\"score\":{\"a\":");
    cw_text_int(t, m->score[0]);
    cw_text_lit(t, ",\"b\":");
    cw_text_int(t, m->score[1]);
    cw_text_lit(t, "},\"winner\":");
    cw_text_str(t, m->winner >= 0 ? side_name[m->winner] : NULL);
    cw_text_lit(t, ",\"result_report_id\":");
    cw_text_int_or_null(t, m->result_report);
    cw_text_lit(t, ",\"times\":{");
    if (v->times_ok) {
        const struct match_state_time *st = v->times;
        int n = v->n_times;
        /* a state entered twice is one member: where it came first, with its last time */
        int first = 1;
        for (int i = 0; i < n; i++) {
            int seen = 0, last = i;
            for (int k = 0; k < i && !seen; k++)
                seen = st[k].state == st[i].state;
            if (seen)
                continue;
            for (int k = i + 1; k < n; k++)
                if (st[k].state == st[i].state)
                    last = k;
            if (!first)
                cw_text_lit(t, ",");
            first = 0;
            cw_text_str(t, match_state_name(st[i].state));
            cw_text_lit(t, ":");
            time_text(t, st[last].at_ms);
        }
    }
    cw_text_lit(t, "},\"updated_at\":");
    time_text(t, m->updated_ms);
    cw_text_lit(t, ",\"penalty_points\":{\"a\":");
    cw_text_int(t, m->penalty[0]);
    cw_text_lit(t, ",\"b\":");
    cw_text_int(t, m->penalty[1]);
    cw_text_lit(t, "}");
    if (m->ended == ME_DISQUALIFIED)
        cw_text_lit(t, ",\"decided_how\":\"disqualified\"");
    if (m->ended != ME_NONE) {
        cw_text_lit(t, ",\"ended\":");
        cw_text_str(t, match_end_name(m->ended));
    }
    if (m->first_length) { /* MATCH-3 */
        cw_text_lit(t, ",\"length_corrected\":{\"from\":");
        cw_text_int(t, m->first_length);
        cw_text_lit(t, ",\"from_game\":");
        cw_text_int(t, m->length_fix_game + 1);
        cw_text_lit(t, "}");
    }
    cw_text_lit(t, ",\"label\":");
    label_write(m, v->has_event ? &v->event : NULL, t);
    cw_text_lit(t, "}");
}

void op_match_view_free(struct op_match_view *v)
{
    for (int s = 0; s < 2; s++) {
        json_decref(v->team[s]);
        v->team[s] = NULL;
    }
    free(v->times);
    v->times = NULL;
}

static void match_text(struct db *db, const struct match *m, struct memo *memo,
                       struct cw_text *t)
{
    struct op_match_view v;
    view_read(db, m, memo, &v);
    view_write(&v, t);
    op_match_view_free(&v);
}

int op_match_view_read(struct db *db, const struct match *m, struct op_match_view *v)
{
    struct memo memo;
    memo.n = memo.next = 0;
    return view_read(db, m, &memo, v);
}

void op_match_view_text(const struct op_match_view *v, struct cw_text *t)
{
    view_write(v, t);
}

int op_match_text_has(const char *key)
{
    /* match_text's members, in its order */
    static const char *const keys[] = {
        "id",    "tournament_id", "event_id", "length",           "table",
        "state", "sides",         "score",    "winner",           "result_report_id",
        "times", "updated_at",    "penalty_points", "decided_how", "ended",
        "length_corrected", "label"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (!strcmp(keys[i], key))
            return 1;
    return 0;
}

void op_match_text(struct db *db, const struct match *m, struct cw_text *t)
{
    struct memo memo;
    memo.n = memo.next = 0;
    match_text(db, m, &memo, t);
}

json_t *op_match_json(struct db *db, const struct match *m)
{
    struct cw_text t = {0};
    op_match_text(db, m, &t);
    return parsed(&t);
}

json_t *op_matches_json(struct db *db, const struct match *ms, int n)
{
    struct memo *memo = malloc(sizeof *memo);
    if (!memo)
        return NULL;
    memo->n = memo->next = 0;
    struct cw_text t = {0};
    cw_text_lit(&t, "[");
    for (int i = 0; i < n; i++) {
        if (i)
            cw_text_lit(&t, ",");
        match_text(db, &ms[i], memo, &t);
    }
    cw_text_lit(&t, "]");
    free(memo);
    return parsed(&t);
}
