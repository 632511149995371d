/* Placings (DOMAIN.md PLACE-1, PLACE-2) as pure logic: each entrant's band and finishing
 * order from plain records the event's kind fills (ops/event/kinds.c, its `placings`
 * entry). One rule for every kind: a kind says only how far each entrant got (`stage`,
 * higher is better: the round a knockout's loser lost in, a Swing's chips, minus a Swiss
 * standing's place) and why; entrants of equal stage share a band (3-4, 5-8...), and
 * the TD's stated order (PLACE-2) splits a band into a finishing order. No SQL, no HTTP,
 * no clock. */
#ifndef TOURNEY_PLACINGS_H
#define TOURNEY_PLACINGS_H

#include <stddef.h>
#include <stdint.h>

/* PLACE-2: what splits a band, in the TD's order. */
enum place_key {
    PLACE_KEY_ROUNDS_WON = 1, /* matches won in the event (a Davis Cup team: rubbers won) */
    PLACE_KEY_POINTS_DIFF,    /* points won minus points lost in its decided matches */
    PLACE_KEY_RATING,         /* the entrant's rating (a team: its players' mean); unrated last */
};
#define PLACE_MAX_KEYS 3

/* The TD's order of splitting (the tournament's `placing_order`); n 0: bands shared. */
struct place_order {
    int n;
    enum place_key keys[PLACE_MAX_KEYS];
};

#define PLACE_WHY_MAX 96

/* Why an entrant stands where it does, for the pages to say in their language (why_n,
 * why_m its figures); `why` says the same in English for the exports and the reports. */
enum place_reason {
    PLACE_R_NONE = 0,
    PLACE_R_NOT_DRAWN, /* the draw (or the start) is not made yet */
    PLACE_R_IN_PLAY,   /* still in: its place is not known yet */
    PLACE_R_WON,       /* won the final (n: the rounds) */
    PLACE_R_LOST,      /* lost in round n of m (m: the rounds; the final when n == m) */
    PLACE_R_CHIPS,     /* a Swing: n chips */
    PLACE_R_OUT,       /* a Swing: out in round n */
    PLACE_R_TIES,      /* a round robin of teams: n ties won of m */
    PLACE_R_STANDING,  /* a Swiss: n match wins of m played (the kind's standings) */
    PLACE_R_PLAYOFF,   /* the play-off for 3rd: n 1 won it, 0 lost it */
};
#define PLACE_R_COUNT 10
/* "", "not_drawn", "in_play", "won", "lost", "chips", "out", "ties", "standing", "playoff" */
const char *place_reason_name(enum place_reason r);
#define PLACE_NAME_MAX 404 /* a player's name: 100 characters of UTF-8 */

/* One entrant's placing. The kind fills entrant, players, stage, out and why;
 * placings_tally the keys; placings_order the band and the rank. */
struct placing {
    int64_t entrant;    /* a player's id; a Davis Cup team's id */
    int64_t players[2]; /* its players (a team's two; [1] 0 for one player) */
    int64_t stage;      /* how far it got, higher is better; equal stages share a band */
    int out;            /* 1: its place can no longer change (it lost, or the event is over) */
    char why[PLACE_WHY_MAX]; /* "lost in the quarter-finals", "chips 1,240" */
    enum place_reason reason; /* the same for the pages */
    int64_t why_n, why_m;
    char name[PLACE_NAME_MAX]; /* a team's name from its kind; a player's, op_event_placings' */
    /* PLACE-2's keys */
    int rounds_won;
    int points_diff;
    int has_rating;
    double rating;
    /* the result (placings_order); a kind may fix the band itself (a bracket's: known as
     * soon as a player loses), else it is the stage's: 1 + those of a better stage, + its
     * size - 1 */
    int place_from, place_to;
    int rank;                 /* the finishing order: place_from + those of the band ahead by
                               * the TD's order (equal keys share it); place_from when shared */
};

struct placings {
    int n, cap;
    struct placing *p; /* best first after placings_order; free with placings_free */
    int final;         /* the event is finished: every place is final, not so far */
    struct place_order order; /* the order it was split by (placings_order) */
};

/* A new placing at the end of ps (zeroed, entrant set), or NULL (memory). */
struct placing *placings_add(struct placings *ps, int64_t entrant);
/* The placing of that entrant, or of the entrant holding that player; NULL: none. */
struct placing *placings_find(struct placings *ps, int64_t entrant);
struct placing *placings_of_player(struct placings *ps, int64_t player);
void placings_free(struct placings *ps);

/* One decided match for the keys: the two sides' players, the winner side (0 or 1) and
 * the final score. */
struct place_match {
    int64_t player[2];
    int winner;
    int score[2];
};
/* Adds each decided match's win and points to the entrants holding its players. */
void placings_tally(struct placings *ps, const struct place_match *m, int n);

/* PLACE-1 and PLACE-2: sorts ps best first (stage, then the TD's order, then the entrant's
 * id for a stable listing) and fills each band and rank. */
void placings_order(struct placings *ps, const struct place_order *order);

/* Why a bracket's entrant stands there (PLACE-1): "won the final", "lost in the final",
 * "lost in the semi-finals", "lost in the quarter-finals", "lost in round 2"... into why,
 * and the reason with its figures. */
void placings_ko_why(struct placing *p, int round, int rounds, int won);
/* The play-off for 3rd decided (PLACE-1): its winner 3rd, its loser (0: none, a walkover)
 * 4th, each with its reason. */
void placings_playoff(struct placings *ps, int64_t winner, int64_t loser);

/* PLACE-1 for a bracket (a knockout of players, a Davis Cup knockout of teams): each
 * holder of a slot added (when not yet in ps) with the round it lost in as its stage, the
 * final's winner rounds + 1, those still in play rounds + 1 too (the top band, so far),
 * each doubled (room for a play-off's winner between: placings_playoff).
 * A loser's band is fixed as it loses: round r's losers take the places after those who
 * reach round r + 1 (a bye is no loss: 12 players in a bracket of 16 put round 1's four
 * losers at 9-12). */
struct ko_bracket;
struct ko_mview;
int placings_bracket(struct placings *ps, const struct ko_bracket *b, const struct ko_mview *v);

/* The order's names ("rounds_won", "points_diff", "rating") and its stored text, the
 * names joined by commas ("" shared). place_order_parse: 0, or -1 naming the bad name
 * in err. */
const char *place_key_name(enum place_key k);
/* A placing's band as the lists write it: "3" alone, or "3-4" shared. */
void placing_band(const struct placing *p, char *buf, size_t len);
int place_order_parse(const char *text, struct place_order *o, char *err, size_t errlen);
void place_order_text(const struct place_order *o, char *buf, size_t len);

#endif
