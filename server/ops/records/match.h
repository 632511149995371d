/* The match record's effects, each written with its audit row and its stream entry in the
 * same transaction: a change of state (with its time), a save. An undo is ops/records/undo.h. */
#ifndef OPS_MATCH_H
#define OPS_MATCH_H

#include <jansson.h>

#include "ops/frame/op.h"
#include "tourney/model.h"

struct cw_text;

/* The match's own fields, as the audit log and the stream carry them: no names, no state
 * times (both derivable); as text (malloc'd, NULL for no memory) or as a value. */
char *op_match_record_text(const struct match *m);
json_t *op_match_record_json(const struct match *m);
/* match_json.c: the public JSON of a match: sides with names (and the team of a Davis Cup
 * doubles side), score, state, the time of each state, its label. */
json_t *op_match_json(struct db *db, const struct match *m);
/* ... written as text onto t: the reply of a report, never built as jansson values (see
 * op_match_record_text); op_match_json reads this text. */
void op_match_text(struct db *db, const struct match *m, struct cw_text *t);
/* The event a match's label names, as read (ok 0: it could not be: the match is named by
 * its number). */
struct op_match_event {
    int64_t id;
    int ok;
    char name[E_NAME_MAX * 4 + 1];
    enum event_kind_id kind;
    int rounds;
};
/* What op_match_text reads beside the match (its copy m): the sides' names, a doubles
 * side's team, the state times, the label's event. Read while the writer holds the
 * database, written after it gave it back (a report's reply, issue 37): the text is the
 * same as op_match_text's at the time of the read. */
struct op_match_view {
    struct match m;
    int named[2];
    struct player side[2];
    json_t *team[2];
    int times_ok, n_times;
    struct match_state_time *times;
    int has_event;
    struct op_match_event event;
};
/* 0, or -1 for no memory (v then needs no free). */
int op_match_view_read(struct db *db, const struct match *m, struct op_match_view *v);
void op_match_view_text(const struct op_match_view *v, struct cw_text *t);
void op_match_view_free(struct op_match_view *v);
/* 1 if op_match_text writes a member named key. */
int op_match_text_has(const char *key);
/* The same for a list of n matches (a JSON array), their events read once. */
json_t *op_matches_json(struct db *db, const struct match *ms, int n);
/* The label every reply, stream entry and page names a match by (tourney/match_label.h):
 * {"event", "kind", "round", "rounds", "round_name", "tie", "rubber", "phase",
 * "phase_name", "text"}, members that do not apply null. */
json_t *op_match_label_json(struct db *db, const struct match *m);
void op_match_label_text(struct db *db, const struct match *m, struct cw_text *t);
/* Sets the state and logs its time under actor (nothing if unchanged). CW_* code. */
int op_match_set_state(struct db *db, struct match *m, enum match_state state, int64_t now_ms,
                       const char *actor);
/* Writes the match, bumps the tournament, audits (before is consumed; may be NULL) and adds
 * the stream entry `action`. CW_* code. */
int op_match_save(const struct op *o, struct match *m, json_t *before, const char *action);
/* The same with the record before as text (op_match_record_text; NULL for none, not
 * consumed). */
int op_match_save_text(const struct op *o, struct match *m, const char *before,
                       const char *action);
/* The same with was the match as read in this change (db_match_update_from: a game's
 * score set alone). */
int op_match_save_from(const struct op *o, const struct match *was, struct match *m,
                       const char *before, const char *action);

#endif
