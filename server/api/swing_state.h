/* A Swing event's state derived from its games (swing_chips.c), as its routes
 * (api_swing.c) and the result cascade's step share it. */
#ifndef API_SWING_STATE_H
#define API_SWING_STATE_H

#include <jansson.h>

#include "store/store.h"
#include "tourney/swing.h"

/* The "swing" settings of an event, read (they were checked when stored). */
void api_swing_settings_of(json_t *j, struct swing_settings *s);

struct swing_state {
    struct swing_settings s;
    int64_t *ids;
    int n;
    struct swing_round_row *rounds;
    int n_rounds;
    struct match *matches;
    int n_matches;
    struct swing_standing *st; /* per ids[i] */
    struct swing_game *games;  /* per matches[i], as the replay reads them */
    int64_t *transfers;        /* per matches[i] */
    int *bad, n_bad;
};

/* Loads entries, rounds and games and replays them (SWING-3/4); `fresh`, when not NULL, is
 * a match whose new result is not stored yet. Free with api_swing_state_free whatever it
 * returns. CW_* code. */
int api_swing_state_load(struct db *db, const struct event *e, const struct match *fresh,
                         struct swing_state *x);
void api_swing_state_free(struct swing_state *x);

#endif
