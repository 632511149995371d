/* The public JSON of a match: sides with names (and the team of a doubles side), score,
 * state, the time of each state, and the label that names it (event, round, tie); the
 * replies, the stream entries and the audit rows of the operations that create matches
 * carry it. */
#include "ops/records/match.h"

#include <stdlib.h>

#include "ops/frame/record.h"
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
    struct memo_event {
        int64_t id;
        int ok;
        char name[E_NAME_MAX * 4 + 1];
        enum event_kind_id kind;
        int rounds;
    } ev[MEMO_EVENTS];
};

static const struct memo_event *event_of(struct db *db, int64_t id, struct memo *memo)
{
    for (int i = 0; i < memo->n; i++)
        if (memo->ev[i].id == id)
            return &memo->ev[i];
    struct memo_event *e; /* a free place, else the oldest */
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

static json_t *label_json(struct db *db, const struct match *m, struct memo *memo)
{
    const struct memo_event *me = m->event_id ? event_of(db, m->event_id, memo) : NULL;
    struct label_event le = {0};
    if (me && me->ok) {
        le.name = me->name;
        le.kind = me->kind;
        le.rounds = me->rounds;
    }
    struct match_label l;
    match_label(m, le.name ? &le : NULL, &l);
    const char *phase = label_phase_name(l.phase);
    return json_pack("{s:o, s:s, s:o, s:o, s:o, s:b, s:o, s:o, s:o, s:o, s:s}", "event",
                     l.event ? json_string(l.event) : json_null(), "kind", label_kind_name(l.kind),
                     "round", l.round ? json_integer(l.round) : json_null(), "rounds",
                     l.rounds ? json_integer(l.rounds) : json_null(), "round_name",
                     l.round ? json_string(l.round_name) : json_null(), "playoff", l.playoff,
                     "tie",
                     l.tie ? json_integer(l.tie) : json_null(), "rubber",
                     l.rubber ? json_integer(l.rubber) : json_null(), "phase",
                     l.phase ? json_integer(l.phase) : json_null(), "phase_name",
                     phase ? json_string(phase) : json_null(), "text", l.text);
}

json_t *op_match_label_json(struct db *db, const struct match *m)
{
    struct memo memo;
    memo.n = memo.next = 0;
    return label_json(db, m, &memo);
}

static json_t *match_json(struct db *db, const struct match *m, struct memo *memo)
{
    json_t *sides = json_array();
    for (int s = 0; s < 2; s++) {
        json_t *side = json_pack("{s:s, s:i}", "side", side_name[s], "score", m->score[s]);
        struct player p;
        if (m->player[s] && db_player_get(db, m->tournament_id, m->player[s], &p) == CW_OK) {
            json_object_set_new(side, "player_id", json_integer(p.id));
            json_object_set_new(side, "name", json_string(p.name));
            json_object_set_new(side, "country", json_string(p.country));
        } else {
            json_object_set_new(side, "player_id", json_null());
            json_object_set_new(side, "name", json_null());
        }
        json_t *team = doubles_team_json(db, m, s);
        if (team)
            json_object_set_new(side, "team", team);
        json_array_append_new(sides, side);
    }
    json_t *times = json_object();
    struct match_state_time *st;
    int n;
    if (db_match_state_times(db, m->id, &st, &n) == CW_OK) {
        for (int i = 0; i < n; i++)
            json_object_set_new(times, match_state_name(st[i].state), op_time_json(st[i].at_ms));
        free(st);
    }
    json_t *j = json_pack(
        "{s:I, s:I, s:o, s:i, s:s, s:s, s:o, s:{s:i, s:i}, s:o, s:o, s:o, s:o}", "id",
        (json_int_t)m->id, "tournament_id", (json_int_t)m->tournament_id, "event_id",
        m->event_id ? json_integer(m->event_id) : json_null(), "length", m->length, "table",
        m->table, "state", match_state_name(m->state), "sides", sides, "score", "a", m->score[0],
        "b", m->score[1], "winner",
        m->winner >= 0 ? json_string(side_name[m->winner]) : json_null(), "result_report_id",
        m->result_report ? json_integer(m->result_report) : json_null(), "times", times,
        "updated_at", op_time_json(m->updated_ms));
    json_object_set_new(j, "penalty_points",
                        json_pack("{s:i, s:i}", "a", m->penalty[0], "b", m->penalty[1]));
    if (m->ended == ME_DISQUALIFIED)
        json_object_set_new(j, "decided_how", json_string("disqualified"));
    if (m->ended != ME_NONE)
        json_object_set_new(j, "ended", json_string(match_end_name(m->ended)));
    if (m->first_length) /* MATCH-3 */
        json_object_set_new(
            j, "length_corrected",
            json_pack("{s:i, s:i}", "from", m->first_length, "from_game", m->length_fix_game + 1));
    json_object_set_new(j, "label", label_json(db, m, memo));
    return j;
}

json_t *op_match_json(struct db *db, const struct match *m)
{
    struct memo memo;
    memo.n = memo.next = 0;
    return match_json(db, m, &memo);
}

json_t *op_matches_json(struct db *db, const struct match *ms, int n)
{
    struct memo *memo = malloc(sizeof *memo);
    json_t *arr = json_array();
    if (!memo || !arr) {
        free(memo);
        json_decref(arr);
        return NULL;
    }
    memo->n = memo->next = 0;
    for (int i = 0; i < n; i++)
        json_array_append_new(arr, match_json(db, &ms[i], memo));
    free(memo);
    return arr;
}
