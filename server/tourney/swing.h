/* Swing chip-pool events as pure logic (DOMAIN.md SWING-1..6): the stake schedule, the
 * chips a game moves, the pairing of a round, the ledger replay and the standings.
 * No SQL, no HTTP, no clock; randomness comes in through a callback. */
#ifndef TOURNEY_SWING_H
#define TOURNEY_SWING_H

#include <stddef.h>
#include <stdint.h>

#include "tourney/event_kind.h" /* struct swing_settings */

/* Checks the settings; 0, or -1 with a sentence naming the setting. */
int swing_check_settings(const struct swing_settings *s, char *err, size_t errlen);

/* SWING-5: the CPP of round r (1-based). Past the end of an explicit schedule, the last
 * value holds; with growth, each round applies it to the one before (rounded down, and at
 * least one chip more than the round before when the growth is positive). */
int64_t swing_cpp(const struct swing_settings *s, int round);

/* SWING-3/4: the chips the loser pays for `points` (= result multiplier x cube, CUBE-5)
 * with stacks `winner` and `loser` at the start of the game. Never more than the loser
 * holds. */
int64_t swing_transfer(const struct swing_settings *s, int64_t cpp, int64_t points,
                       int64_t winner_chips, int64_t loser_chips);

/* A source of randomness: a uniform integer in [0, n). */
struct swing_rng {
    uint32_t (*below)(void *ctx, uint32_t n);
    void *ctx;
};

/* SWING-2/6: pairs a round. in: the ids of the players still holding chips (n >= 2),
 * how many rounds each has sat out so far, who sat out the round before (0 = nobody), and
 * the previous round's pairs (2 ids each). out: pairs (n/2 of them) and the player who
 * sits out (0 when n is even). The sitter, by rules in this order of precedence: never the
 * previous sitter when someone else can sit; then one whose sitting leaves a pairing with
 * no repeat of the previous round, when any does; then drawn by lot among those who sat
 * out least. The pairs then avoid the previous round's whenever possible. Returns the
 * number of pairs that repeat the previous round (0 unless unavoidable), or -1 (memory).
 * Deterministic: the same input and the same draws give the same pairing. */
int swing_pair(const int64_t *players, const int *sat_out, int n, int64_t last_sitter,
               const int64_t (*prev_pairs)[2], int n_prev, struct swing_rng rng,
               int64_t (*pairs)[2], int64_t *sitter);

/* One game of the event, as the ledger replay needs it. */
struct swing_game {
    int round;
    int64_t winner, loser; /* player ids; both 0 for a game not decided yet */
    int64_t points;        /* multiplier x cube */
};

/* One player's place in the event. */
struct swing_standing {
    int64_t id;
    int64_t chips;
    int out_round; /* round in which the stack reached 0; 0 = still in */
    int64_t chips_at_out_round_start;
    int64_t last_round_change;
};

/* Replays the games in round order from the starting stacks: fills chips per player and
 * the transfer of each game (transfers[i] for games[i]). Players are ids[0..n). A game
 * whose player already had no chips at its start is reported in *bad (index) and moves
 * nothing. Returns 0, or -1 if an id is unknown. Checks conservation. */
int swing_replay(const struct swing_settings *s, const int64_t *ids, int n,
                 const struct swing_game *games, int n_games, struct swing_standing *out,
                 int64_t *transfers, int *bad, int *n_bad);

/* SWING-5 standings: chips (more first), then the round a player went out (later is
 * better; still in first), then the chips held at the start of that round. Sorts in
 * place; rank[i] is 1-based, equal for a tie. */
void swing_standings(struct swing_standing *st, int n, int *rank);

/* The event ends when one player holds every chip (SWING-1). The winner's id, or 0. */
int64_t swing_champion(const struct swing_standing *st, int n);

/* What the ledger says of a game's row: how its chips came to move. */
struct swing_why {
    int round;
    int64_t match_id;
    const char *winner, *loser; /* the players' names */
    /* single, gammon, backgammon, drop or resign; NULL: decided without play */
    const char *result;
    int cube, level; /* the cube the points count from; a resignation's level */
    int64_t points;  /* result multiplier x cube (CUBE-5) */
    /* with result NULL: "forfeit", "withdrawal", "disqualification" (decided without
     * play), or "score" (a verified result whose game record cannot be read) */
    const char *decided;
    int by;      /* 0: the players' reports, 1: the TD's verdict, 2: a TD correction */
    int64_t cpp; /* the round's CPP */
    int64_t winner_chips, loser_chips; /* the stacks at the start of the round */
    int64_t chips;                     /* what moved (swing_transfer) */
};

/* Writes the sentence of a ledger row of a game into buf (which match, the result and the
 * cube, the points, the stake per point and why (the CPP, or the all-in rule), the cap at
 * the loser's stack, who decided). Returns the length it needed (as snprintf). */
int swing_why_text(const struct swing_settings *s, const struct swing_why *w, char *buf,
                   size_t len);

#endif
