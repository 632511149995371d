/* Swiss events as pure logic (DOMAIN.md SWISS-1, SWISS-2): the exact pairing of a round
 * and the standings. Plain structs in and out; no SQL, no HTTP, no clock; the only
 * randomness is tourney/rng.c's generator seeded with the round's recorded seed, so the
 * same seed and the same facts give the same pairing (docs/swiss.md says how it pairs). */
#ifndef TOURNEY_SWISS_H
#define TOURNEY_SWISS_H

#include <stddef.h>
#include <stdint.h>

/* The limits the pairing's integer weights are proved against (docs/swiss.md): players in
 * one round, and any count of wins, losses or byes (rounds played, plus a late entry's
 * starting wins). */
#define SWISS_MAX_PLAYERS 4096
#define SWISS_MAX_ROUNDS 64

/* ---- pairing (SWISS-1) ---- */

/* One entrant as the pairing sees them before the round. */
struct swiss_player {
    int64_t id;       /* > 0, unique */
    const char *name; /* for the reasons' text; NULL: "#id" */
    int rank;         /* the standings' order before the round, 1 = first (wins, then the
                       * TD's tie-breaks, then the entry's rating or seed as given): the
                       * bye goes to the lowest-ranked. Equal ranks fall back to the id. */
    int wins;         /* match wins so far, byes included (a late entry's: 0, or as the TD
                       * sets) */
    int losses;
    int byes;   /* byes had */
    int active; /* 0: withdrawn between rounds, not paired */
    int n_met;
    const int64_t *met; /* ids of the opponents met (repeats allowed, unknown ids ignored) */
    int seed;           /* the first round's seeding by rating (RAT-1: the knockout's
                         * seeded draw's reading), 1 = the highest rated; 0: unrated. Read
                         * only in a first round (below). */
};

struct swiss_options {
    uint64_t seed; /* the round's recorded seed (rng_seed_read of the TD's text) */
    int lives;     /* > 0: a player with this many losses is out, not paired */
};

enum swiss_why {
    SWISS_WHY_BYE,             /* who gets the bye, and why them */
    SWISS_WHY_FLOAT,           /* a pair across score groups */
    SWISS_WHY_REMATCH,         /* a pair that met before: no pairing has fewer */
    SWISS_WHY_REMATCH_AVOIDED, /* floats or a bye chosen to avoid a rematch */
    SWISS_WHY_SEEDED,          /* a first round paired by rating, top half against bottom */
};

#define SWISS_REASON_LEN 240

#define SWISS_REASON_ARGS 5

struct swiss_reason {
    enum swiss_why kind;
    int64_t a, b; /* the players it is about (b 0 when one) */
    /* The sentence's own kind (e.g. "bye_lowest", "float_uneven") and its figures by name
     * ("wins", "pos"...), so that a page says it in its own language; text says it in
     * English. Names are static strings. */
    const char *code;
    int n_args;
    const char *arg[SWISS_REASON_ARGS];
    int64_t val[SWISS_REASON_ARGS];
    char text[SWISS_REASON_LEN];
};

/* What makes one pairing better than another, compared in this order (smaller is
 * better), and the order swiss_pair minimises exactly. */
struct swiss_levels {
    int rematches;   /* pairs that met before */
    int bye_repeat;  /* byes the bye's player had before (0: a first bye, or no bye) */
    int64_t sq_diff; /* sum over pairs of (wins a - wins b)^2; the bye a pair with a
                      * phantom holding the round's lowest win count */
    int bye_wins;    /* the bye's player's wins above the round's lowest */
    int bye_above;   /* players ranked below the bye's player */
};

struct swiss_pairing {
    int n_pairs;
    int64_t (*pairs)[2]; /* a ranked above b; by the better-ranked player of each pair */
    int64_t bye;         /* 0: none */
    struct swiss_levels levels;
    int n_reasons;
    struct swiss_reason *reasons;
};

/* Pairs the round: the active players (lives permitting), at least two. A first round
 * (every active player with the same wins, no bye and no opponent met) where any player
 * has a seed is paired by rating: the bye to the lowest-ranked, the others in seed order
 * (the unrated after the seeded, by lot) folded, the top half against the bottom half (1
 * against h + 1, 2 against h + 2...): every level below is at its least, so the pairing
 * stays exact and the seeds only choose among the equally good. 0, or -1 with a
 * sentence in err (an id twice or not positive, counts outside 0..SWISS_MAX_ROUNDS, more
 * than SWISS_MAX_PLAYERS, fewer than two to pair, memory). Never refuses for rematches: it
 * pairs with the fewest and says so in the reasons. Free out with swiss_pairing_free. */
int swiss_pair(const struct swiss_player *players, int n, const struct swiss_options *opt,
               struct swiss_pairing *out, char *err, size_t errlen);
void swiss_pairing_free(struct swiss_pairing *p);

/* The levels of a given pairing of the same players (a pairing swapped by hand, a test's
 * candidate): pairs by id, bye 0 for none. 0, or -1 when an id is not an active player. */
int swiss_levels_of(const struct swiss_player *players, int n, const struct swiss_options *opt,
                    const int64_t (*pairs)[2], int n_pairs, int64_t bye, struct swiss_levels *out);

/* <0, 0, >0 as a is better than, as good as, worse than b in the pairing's order. */
int swiss_levels_cmp(const struct swiss_levels *a, const struct swiss_levels *b);

/* ---- standings (SWISS-2) ---- */

enum swiss_tiebreak {
    SWISS_TB_BUCHHOLZ = 1,     /* sum of the opponents' match wins */
    SWISS_TB_MEDIAN_BUCHHOLZ,  /* the same without the best and the worst (0 with fewer
                                * than three opponents) */
    SWISS_TB_SONNEBORN_BERGER, /* sum of the wins of the opponents beaten */
    SWISS_TB_POINTS_DIFF,      /* points won minus points lost in matches played */
    SWISS_TB_HEAD_TO_HEAD,     /* wins against the others still tied at this step */
};
#define SWISS_MAX_TIEBREAKS 5

/* How a bye counts in Buchholz, median Buchholz and Sonneborn-Berger. */
enum swiss_bye_counts {
    SWISS_BYE_COUNTS_ZERO = 0, /* an opponent with no wins */
    SWISS_BYE_COUNTS_OWN,      /* an opponent with the player's own wins */
};

/* How a walkover (an opponent who withdrew during the round) counts for its winner in
 * those tie-breaks; it is a win and a loss either way. */
enum swiss_walkover_counts {
    SWISS_WALKOVER_AS_PLAYED = 0, /* the withdrawn opponent, with their wins */
    SWISS_WALKOVER_AS_BYE,        /* as a bye counts */
};

struct swiss_rules {
    int n_tiebreaks;
    enum swiss_tiebreak tiebreaks[SWISS_MAX_TIEBREAKS]; /* in the TD's order */
    enum swiss_bye_counts bye_counts;
    enum swiss_walkover_counts walkover_counts;
    int lives; /* > 0: out after this many losses */
};

struct swiss_entry {
    int64_t id;
    int order;      /* rating or seed order as given, 1 = first: the last word on a tie */
    int start_wins; /* a late entry's wins as the TD sets (usually 0) */
    int withdrawn;  /* 1: out of pairing from now */
};

/* One match of the event; b = 0 for a bye of a. winner 0: not decided yet (ignored). */
struct swiss_match {
    int round;
    int64_t a, b, winner;
    int points_a, points_b;
    int walkover; /* the loser withdrew during the round: not played */
};

struct swiss_standing {
    int64_t id;
    int place; /* 1 + the number ranked strictly ahead: equals share a place (PLACE-1) */
    int wins, losses, byes, played;
    int64_t tb[SWISS_MAX_TIEBREAKS]; /* the rules' tie-breaks in order (head to head:
                                      * wins against those tied with them at its step) */
    int out;                         /* lives: as many losses as lives */
    int withdrawn;
};

/* Checks the rules; 0, or -1 with a sentence naming the setting. */
int swiss_check_rules(const struct swiss_rules *r, char *err, size_t errlen);

/* The standings of n entries after the decided matches, best first, into out[n]. 0, or -1
 * with a sentence (an unknown id in a match, memory). */
int swiss_standings(const struct swiss_entry *entries, int n, const struct swiss_match *m,
                    int n_matches, const struct swiss_rules *rules, struct swiss_standing *out,
                    char *err, size_t errlen);

/* The pairing's input for the next round from the standings: players[n] in the
 * standings' order (rank = position), met lists into one block *met_block (free it). The
 * names stay NULL. 0, or -1 (memory). */
int swiss_players_from(const struct swiss_entry *entries, int n, const struct swiss_match *m,
                       int n_matches, const struct swiss_standing *standings,
                       struct swiss_player *players, int64_t **met_block);

#endif
