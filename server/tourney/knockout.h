/* Knockout events as pure logic (DOMAIN.md KO-1..KO-8): the draw, byes, late places,
 * Consolation and Last Chance feeding, advancement, corrections, lengths. The draws are
 * knockout_draw.c, the rest knockout.c; tables are tables.c.
 * No SQL, no HTTP, no clock reads: seeds and times come in as parameters. */
#ifndef TOURNEY_KNOCKOUT_H
#define TOURNEY_KNOCKOUT_H

#include <stddef.h>
#include <stdint.h>

#include "tourney/model.h"
#include "tourney/rng.h"

/* The version of the draw algorithms below. Stored with every bracket: a draw is
 * re-derived from (version, seed, entries in their given order, late places, options).
 * Any change to what a draw produces for the same inputs needs a new version, and the
 * old version must stay available to re-derive old brackets. The seed is the 64-bit
 * number the recorded seed text reads as (tourney/rng.h, rng_seed_read): a number's
 * digits read as that number, as every seed recorded before text was taken, so taking
 * text changed no draw of version 1. */
#define KO_DRAW_VERSION 1

#define KO_MAX_SIZE 65536 /* the largest bracket: entries + late places */
/* KO_MAX_ROUNDS (log2(KO_MAX_SIZE)) and KO_LENGTH_MAX: tourney/event_kind.h */

/*
 * THE STANDARD POSITIONS. A bracket of size S (a power of two, at least 2) has S slots;
 * slots 2i and 2i+1 meet in round-1 match i, and the winners of matches 2i and 2i+1 of a
 * round meet in match i of the next. Each slot carries a position number 1..S from the
 * standard seeding order, built by doubling: order(2) = 1 2; order(2n) replaces every
 * number x of order(n) by the pair x, 2n+1-x. For S = 8: 1 8 4 5 2 7 3 6. Position p meets
 * position S+1-p in round 1, and positions 1..2^k lie in different blocks of S/2^k slots.
 * For every h, the positions S-h+1..S are spread so that the halves, the quarters, the
 * eighths... each hold h/blocks of them, rounded up or down (the counts of any two blocks of
 * one level differ by at most 1), and when h <= S/2 no two of them meet in round 1.
 *
 * THE MAIN DRAW, version 1 (ko_draw). Inputs: seed, E >= 2 entries in their given order,
 * L >= 0 late places, options. N = E + L; S = the least power of two >= max(2, N).
 *   1. Positions: entries take positions 1..E, late place k takes position E+k, and byes
 *      take positions N+1..S. So the byes (S-N of them, fewer than S/2) face positions
 *      1..S-N: no two byes meet, halves and quarters are balanced (KO-3). Late places are
 *      temporary byes (KO-4): byes and still-open late places together always occupy the
 *      suffix E+f+1..S (f = late places filled, filled in numbered order), so the holes
 *      stay balanced before, during and after late entry, whoever arrives.
 *   2. Lot: rng_seed(seed); the entry indices 0..E-1 are shuffled once with rng_shuffle.
 *   3. Unseeded (the default): the i-th index of the shuffled list takes position i+1.
 *      The lot alone decides who faces a bye (positions 1..S-N) or a late place.
 *   4. Seeded by rating (opts.seeded): P = opts.seeds, or max(2, S/4) when 0, at most the
 *      number of rated entries. The shuffled list is sorted (stably) by rating, rated
 *      entries first, highest first; equal ratings therefore stay in lot order. The first
 *      P are seeds 1..P. Seed groups are {1}, {2}, {3,4}, {5..8}, {9..16}...: for each group
 *      holding seeds, in increasing order, the group's positions <= E are split into those
 *      facing a bye (<= S-N) and the others, each part is shuffled (the bye-facing part
 *      first), and the group's seeds, best first, take the bye-facing positions, then the
 *      others, in shuffled order. So seeds 1 and 2 sit at opposite ends, 3 and 4 are drawn
 *      into the other two quarters, 5-8 into the remaining eighths, and so on, and the byes,
 *      which never move, go to the best seeds first, as in seeded tennis draws. The other
 *      entries, in their shuffled order, take the positions left, lowest first.
 *
 * THE FED DRAW, version 1 (ko_draw_fed): the Consolation (KO-5) and the Last Chance (KO-6).
 * Inputs: seed (the event's own), entrants in their given order (ko_feed lists them: the
 * order in which they lost), each entering in round 1 or 2 and marked had_bye when it
 * advanced without playing in the event that fed it. n1, n2 = entrants of round 1, 2;
 * N = n1 + n2 >= 2; S = least power of two >= max(2, n1 + 2*n2); H = S - N holes.
 *   1. Round-2 entrants enter behind a structural bye: they take positions 1..n2.
 *   2. X = H - n2 further byes go to round-1 entrants: first those with no bye in the
 *      feeding event (KO-5, 000 note 6), then those with one; within each kind, by lot.
 *   3. Lot: rng_seed(seed); shuffle the round-2 entrants; shuffle the round-1 entrants
 *      without a bye (A) and those with a bye (B), each in given order. Positions 1..n2
 *      take the shuffled round-2 entrants; the first X of A then B take positions
 *      n2+1..n2+X; the rest of A then B are shuffled once more and take the following
 *      positions up to N. Byes take N+1..S, as in the Main.
 * When n2 = S/4 (a full progressive Consolation) every round-2 match pairs one round-2
 * entrant with the winner of a played round-1 match.
 */

struct ko_entry {
    int64_t id; /* > 0, unique in a bracket */
    int has_rating;
    double rating;
    int round;   /* fed draws: 1 or 2 (0 counts as 1); the Main ignores it */
    int had_bye; /* fed draws: advanced without playing in the feeding event */
};

struct ko_draw_opts {
    int seeded; /* 0: the whole draw by lot (default); 1: seeds by rating, see above */
    int seeds;  /* how many seeds; 0 = max(2, size/4) */
};

enum ko_kind { KO_MAIN, KO_FED };

enum ko_slot_kind { KO_SLOT_ENTRY, KO_SLOT_BYE, KO_SLOT_LATE };

struct ko_slot {
    enum ko_slot_kind kind;
    int position;    /* the standard position 1..size */
    int64_t drawn;   /* the entry the draw put here (0 for a bye or a late place) */
    int64_t id;      /* who holds the slot now: drawn, a late arrival, a substitute; 0 = none */
    int late;        /* KO_SLOT_LATE: its number, 1..late places */
    int rating_seed; /* seeded draws: 1..P for a seed, 0 otherwise */
    int round2;      /* fed draws: a round-2 entrant (its round-1 walkover is no bye) */
    int had_bye;     /* fed draws: the entrant's had_bye */
    int vacant;      /* fed brackets, id 0: the place waits for an entrant still to come */
};

struct ko_bracket {
    int version; /* KO_DRAW_VERSION at the time of the draw */
    enum ko_kind kind;
    uint64_t seed;
    /* the seed as recorded and shown (KO-2): the TD's text, which reads as seed
     * (rng_seed_read); a draw fills in seed's decimal digits */
    char seed_text[RNG_SEED_BYTES];
    struct ko_draw_opts opts;
    int size, rounds;
    int n_entries;              /* entries (Main) or entrants (fed) */
    struct ko_entry *entries;   /* n_entries, in the given order: what re-derivation needs */
    struct ko_slot *slots;      /* size */
    int n_late;                 /* late places (Main) */
    int late_filled;            /* late places 1..late_filled are taken */
    int late_closed;            /* the unfilled ones are byes now (KO-4) */
    int64_t late_deadline_ms;   /* 0 = until the TD closes late entry */
    int lengths[KO_MAX_ROUNDS]; /* match length of round r at [r-1] (KO-7); 0 = not set */
};

/* The least power of two >= max(2, n), or -1 when n > KO_MAX_SIZE. */
int ko_bracket_size(int n);
/* seed_at_slot[s] = the standard position of slot s (size entries). */
void ko_standard_order(int size, int *seed_at_slot);

/* The Main draw. Fills *out (free it with ko_bracket_free). 0, or CW_EINVAL with a
 * sentence in err: fewer than 2 entries, a duplicate or non-positive id, too many, a
 * rating that is not a finite number; CW_ENOMEM when memory ran out. opts may be NULL
 * (unseeded). */
int ko_draw(uint64_t seed, const struct ko_entry *entries, int n, int late,
            const struct ko_draw_opts *opts, struct ko_bracket *out, char *err, size_t errlen);
/* The Consolation or Last Chance draw from ko_feed's entrants; 0, CW_EINVAL or CW_ENOMEM. */
int ko_draw_fed(uint64_t seed, const struct ko_entry *entrants, int n, struct ko_bracket *out,
                char *err, size_t errlen);
/* Draws again from b's version, seed, entries, late places and options into *out. 0, or
 * CW_EINVAL when the inputs are invalid or the version is unknown to this build, CW_ENOMEM. */
int ko_rederive(const struct ko_bracket *b, struct ko_bracket *out, char *err, size_t errlen);
/* 1 when a and b are the same draw: version, kind, seed, size, and every slot's kind,
 * position, drawn entry, late number, seed and round-2 mark (not late fills or
 * substitutions, which come after the draw). */
int ko_same_draw(const struct ko_bracket *a, const struct ko_bracket *b);
/* For a store that rebuilds a bracket: zeroed, with entries and slots allocated. 0 or -1. */
int ko_bracket_alloc(struct ko_bracket *b, int size, int n_entries);
/* qsort's order of int64_t ids (both files of the module sort entrants by id). */
int ko_cmp_i64(const void *a, const void *b);
void ko_bracket_free(struct ko_bracket *b);

/* ---- late places (KO-4) ---- */

/* 1 while late arrivals are accepted: not closed, a place left, before the deadline. */
int ko_late_open(const struct ko_bracket *b, int64_t now_ms);
/* A late arrival takes the lowest-numbered open place. 0 with *late_no set, CW_ECONFLICT
 * (closed, past the deadline, no place left, already in the draw) or CW_EINVAL (id <= 0)
 * with a sentence; nothing changes on refusal. */
int ko_late_arrive(struct ko_bracket *b, int64_t id, int64_t now_ms, int *late_no, char *err,
                   size_t errlen);
/* Closes late entry (the TD, or the deadline): the unfilled places become byes and their
 * opponents advance. Returns how many places went unfilled. */
int ko_late_close(struct ko_bracket *b);
/* Closes late entry if the deadline has passed; 1 when it closed now. The API calls it
 * before computing a bracket it shows or changes. */
int ko_late_expire(struct ko_bracket *b, int64_t now_ms);

/* ---- match lengths (KO-7) ---- */

/* The TD's lengths, the last one the final's, counted back from the final: with 5 values
 * and 7 rounds, rounds 3..7 take them and rounds 1-2 take the first; with more values than
 * rounds the earliest are unused. Each 1..KO_LENGTH_MAX. 0 or CW_EINVAL. */
int ko_set_lengths(struct ko_bracket *b, const int *lengths, int n, char *err, size_t errlen);
int ko_length(const struct ko_bracket *b, int round); /* 0 when not set */

/* ---- matches and advancement (KO-8) ---- */

/* Matches are numbered 0..size-2 round by round: round r (1-based) holds size >> r matches
 * starting at size - (size >> (r-1)); the final is size-2. */
int ko_match_count(const struct ko_bracket *b);
int ko_match_index(const struct ko_bracket *b, int round, int i);
void ko_match_pos(const struct ko_bracket *b, int m, int *round, int *i);
/* The match the winner of m moves into, and on which side (0 = a, 1 = b); -1 after the final. */
int ko_next(const struct ko_bracket *b, int m, int *side);

enum ko_decision {
    KO_UNDECIDED = 0,
    KO_PLAYED,       /* a verified result */
    KO_FORFEIT,      /* the TD awarded the match (e.g. lateness, PEN-2): the loser stays in */
    KO_WITHDRAWAL,   /* the loser withdrew: out of this and the following events */
    KO_DISQUALIFIED, /* the loser was disqualified: out as well */
};

/* How match m counts in its bracket: undecided until it has a winner; a void row is a
 * walkover the bracket computes itself, so it counts as undecided here too. */
enum ko_decision ko_decision_of(const struct match *m);

/* A stored decision of a match; an all-zero array means nothing is decided. */
struct ko_result {
    enum ko_decision decision;
    int winner; /* 0 or 1: the side that advances */
};

enum ko_side_kind {
    KO_SIDE_PLAYER,   /* id */
    KO_SIDE_EMPTY,    /* nobody: a bye, an unfilled late place after closing, no winner */
    KO_SIDE_LATE,     /* an open late place, number late: waits for a late arrival */
    KO_SIDE_PENDING,  /* the winner of match from, not known yet */
    KO_SIDE_TO_ENTER, /* a vacant place of a fed bracket: the entrant a result still to come
                       * in the feeding event sends here (ko_feed_follow) */
};

struct ko_side {
    enum ko_side_kind kind;
    int64_t id;
    int late;
    int from;
};

enum ko_mstate {
    KO_M_WAITING,  /* a side is pending or an open late place */
    KO_M_READY,    /* both players known, no result: can be called to a table */
    KO_M_DONE,     /* decided by a stored result */
    KO_M_WALKOVER, /* a player against nobody: advances without playing */
    KO_M_EMPTY,    /* nobody on either side (or the only player withdrew): nobody advances */
};

struct ko_mview {
    int round, index; /* round 1.., index within the round 0.. */
    struct ko_side side[2];
    enum ko_mstate state;
    int winner; /* the advancing side for DONE and WALKOVER, else -1 */
    int length;
};

/* Computes every match from the slots and the stored decisions res[ko_match_count(b)]
 * into out[ko_match_count(b)]. A decision needs both players known, except a withdrawal or
 * disqualification, which may be stored once the leaving player is known (the other side
 * then advances whoever it turns out to be, or nobody). 0, or CW_ECONFLICT with a sentence
 * naming the first match whose decision cannot stand, or CW_EINVAL for a winner not 0/1. */
int ko_compute(const struct ko_bracket *b, const struct ko_result *res, struct ko_mview *out,
               char *err, size_t errlen);
/* The READY matches, in match order, into out (room for ko_match_count(b)); the count. */
int ko_ready(const struct ko_bracket *b, const struct ko_mview *v, int *out);
/* The winner of the final, or 0 while it is not decided (or nobody is left). */
int64_t ko_champion(const struct ko_bracket *b, const struct ko_mview *v);

/* Corrections: the later matches whose stored decisions depend on who wins m, deepest
 * (latest round) first: the order to undo them in. They lie on m's winner path; a
 * withdrawal or disqualification of the player coming from the other side is kept, since
 * it holds whoever comes. out needs room for b->rounds. Returns the count. */
int ko_cascade(const struct ko_bracket *b, const struct ko_result *res, int m, int *out);
/* For replacing entry id (a Consolation entrant whose Main result was corrected): its first
 * decided match and everything depending on it, deepest first; out needs b->rounds. */
int ko_cascade_entry(const struct ko_bracket *b, const struct ko_result *res,
                     const struct ko_mview *v, int64_t id, int *out);

/* ---- feeding the Consolation and the Last Chance (KO-5, KO-6) ---- */

/* The entrants that bracket `from` feeds, in the order of the matches they lost in:
 *  - a player who loses (KO_PLAYED or KO_FORFEIT) the first match they play enters round 1,
 *    marked had_bye if they had advanced without playing (a bye, an unfilled late place,
 *    an opponent's forfeit, withdrawal or disqualification; not a round-2 entry);
 *  - progressive: a player who won a played round-1 match and loses in round 2 enters
 *    round 2;
 *  - withdrawn and disqualified losers do not enter.
 * out needs room for from->size entries; returns the count. *missing = the undecided
 * matches whose losers could still enter (0: the list is complete and the fed draw can be
 * made). An open late place counts through the match its arrival would play first, so
 * the list is never complete while late entry is open and a late arrival could feed it. */
int ko_feed(const struct ko_bracket *from, const struct ko_result *res, const struct ko_mview *v,
            int progressive, struct ko_entry *out, int *missing);

/* One place of a fed bracket that ko_feed_follow changed. */
struct ko_slot_change {
    int slot;
    int64_t old_id; /* who held it; 0: it was vacant */
    int64_t new_id; /* who holds it now; 0: vacant, or closed when closed is set */
    int closed;     /* a vacant place nobody will come for: its opponent walks over */
};

/* KO-5, KO-6, KO-8: a drawn fed bracket follows a change in the event that feeds it (a
 * correction there, or a result that decides who fills a vacant place). `entrants` is
 * ko_feed's list after the change and `missing` its count of results still to come.
 *  1. Every place whose holder no longer enters, or enters in the other round, has the
 *     matches that holder decided undone (ko_cascade_entry: their indices are appended to
 *     undo, deepest first, and their decisions cleared in res) and becomes vacant: its side
 *     is KO_SIDE_TO_ENTER and its match waits.
 *  2. Every entrant the bracket does not hold, in the given order, takes the first vacant
 *     place (slot order) of its own round, else the first vacant place of the other round
 *     (the draw cannot be remade: a round-1 entrant in a round-2 place walks over, a round-2
 *     entrant in a round-1 place plays one match more). So one entrant swapped for another
 *     takes the other's place.
 *  3. When missing is 0 nobody else can come: the places still vacant close, and their
 *     opponents walk over.
 * v is recomputed. undo needs room for ko_match_count(fed), changes for fed->size. Returns
 * the number of changes, CW_ENOMEM, or -1 with a sentence in err: an entrant finds no vacant place
 * (a drawn event does not grow), or the bracket cannot take the result (ko_compute's reason); fed,
 * res and v are then left part-way, for the caller to discard. */
int ko_feed_follow(struct ko_bracket *fed, struct ko_result *res, struct ko_mview *v,
                   const struct ko_entry *entrants, int n, int missing, int *undo, int *nundo,
                   struct ko_slot_change *changes, char *err, size_t errlen);

/* ---- what a player is told ---- */

enum ko_pstate {
    KO_P_ABSENT,        /* not in this bracket */
    KO_P_READY,         /* match ready: plays opponent */
    KO_P_WAIT_OPPONENT, /* waits for the winner of match from */
    KO_P_WAIT_LATE,     /* waits for late arrival `late` until deadline_ms (0 = the TD closes) */
    KO_P_OUT,           /* lost match `match` (decision tells how) */
    KO_P_CHAMPION,
    KO_P_WAIT_DRAW,    /* entered the fed event in `round`; its draw waits for `missing` results */
    KO_P_WAIT_ENTRANT, /* faces a vacant place: the entrant a result in the feeding event sends */
};

struct ko_pstatus {
    enum ko_pstate state;
    int match; /* the current or last match, -1 */
    int round;
    int64_t opponent;
    int late;
    int from;                   /* KO_P_WAIT_OPPONENT: the match whose winner is awaited */
    int from_round, from_index; /* the same as round and index within it (0-based) */
    int64_t deadline_ms;
    enum ko_decision decision; /* KO_P_OUT: how the match was lost */
    int missing;
};

/* Where player id stands in bracket b. Returns 0, or CW_ENOTFOUND (state ABSENT). */
int ko_player_status(const struct ko_bracket *b, const struct ko_result *res,
                     const struct ko_mview *v, int64_t id, struct ko_pstatus *st);
/* The status of an entrant of a fed event whose draw is not made yet (KO_P_WAIT_DRAW), from
 * ko_feed's list and missing count; CW_ENOTFOUND when id is not in the list. */
int ko_feed_status(const struct ko_entry *entrants, int n, int missing, int64_t id,
                   struct ko_pstatus *st);
/* The state's name in the API ("ready", "waiting_late"...); every state has one. */
const char *ko_pstate_name(enum ko_pstate s);
/* How a lost match was decided, for the API: "lost", "forfeited", "withdrew", "disqualified". */
const char *ko_out_name(enum ko_decision d);

#endif
