/* A knockout event's bracket as the routes and the result cascade share it: its settings,
 * the bracket with its match rows and results loaded from the store, and its effects (the
 * rows kept in step, the events it feeds drawn and followed, the draw stored). The routes
 * are api_knockout.c, the bracket's JSON knockout_json.c; the cascade's step is
 * api_knockout_result (api/results.h). */
#ifndef API_KNOCKOUT_BRACKET_H
#define API_KNOCKOUT_BRACKET_H

#include <stddef.h>
#include <stdint.h>

#include "api/api.h"
#include "store/store.h"
#include "tourney/knockout.h"

/* The "knockout" settings of an event, read (they were checked when stored). */
struct ko_settings {
    int late_places;
    int64_t late_deadline_ms; /* 0: until the TD closes late entry */
    int lengths[KO_MAX_ROUNDS], n_lengths;
    int seeded, seeds;
    int64_t feeds_from; /* 0: a Main draw */
    int progressive;
    char flight[64];
};

void api_ko_settings_of(const struct event *e, struct ko_settings *s);

/* A bracket with its match rows and results, and the views computed from them. */
struct ko_state {
    struct event e;
    struct ko_settings s;
    struct ko_bracket b;
    int drawn;
    int nm;                /* matches of the bracket */
    struct match *rows;    /* rows[m]: the match row of bracket match m (id 0 = none) */
    struct ko_result *res; /* res[m] */
    struct ko_mview *v;    /* v[m] */
};

/* Loads the bracket of event e, its match rows and their results; `fresh` (may be NULL) is
 * a match whose new result is not stored yet. Computes the views. Free with
 * api_ko_state_free whatever it returns. */
int api_ko_state_load(struct db *db, const struct event *e, const struct match *fresh,
                      struct ko_state *x, char *err, size_t errlen);
void api_ko_state_free(struct ko_state *x);
/* After any change of a bracket: rows in step, the events it feeds drawn once their
 * entrants are all known (KO-5, KO-6), their vacant places filled or closed. CW_* code. */
int api_ko_settle(struct api_req *req, struct ko_state *x);
/* Stores a fresh bracket of event e, its match rows and the event as running; then settles
 * it. CW_* code. */
int api_ko_store_draw(struct api_req *req, struct event *e, struct ko_bracket *b,
                      const char *action);
/* KO-8: the event is finished while it has a champion (champ), running again when a
 * correction took it away. CW_* code. */
int api_ko_mark_finished(struct api_req *req, struct event *e, int64_t champ);
/* Reads event ids[1] of tournament ids[0] and checks it is a knockout: 0, or -1 with a
 * 404, 409 or 500 in resp. */
int api_ko_event_load(struct api_req *req, struct event *e, struct api_resp *resp);
/* A seed for a draw the server makes itself (a fed event's). */
uint64_t api_ko_fresh_seed(void);

#endif
