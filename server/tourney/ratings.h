/* RAT-1: players' ratings by the FIBS formula (DOMAIN.md section 9), over plain records: the
 * formula itself, its variants as settings, and a book of decided matches kept in the order
 * their results were first decided, whose every change (a new result, a correction, an
 * undone match, a player's starting values) recomputes the changes after it, from where it
 * happened on. No SQL, no clock: the order comes in with the matches. */
#ifndef TOURNEY_RATINGS_H
#define TOURNEY_RATINGS_H

#include <stddef.h>
#include <stdint.h>

#include "tourney/model.h"

/* What a match is, for the exclusions (a match may be several: a 1-point forfeit). */
enum {
    RAT_X_BYE = 1 << 0,           /* nobody on the other side (KO-3) */
    RAT_X_FORFEIT = 1 << 1,       /* forfeited: lateness, withdrawal, disqualification */
    RAT_X_WALKOVER = 1 << 2,      /* the other side left before playing (KO-8) */
    RAT_X_ONE_POINT = 1 << 3,     /* a match to 1 point (set by rat_kind from the length) */
    RAT_X_UNFINISHED = 1 << 4,    /* stopped before its end and settled by the TD's ruling
                                   * (the winner short of the length: penalty points) */
    RAT_X_SWING = 1 << 5,         /* a Swing game (SWING-1) */
    RAT_X_DAVIS_DOUBLES = 1 << 6, /* a Davis Cup doubles rubber (a pair a side) */
    RAT_X_CONCEDED = 1 << 7,      /* MATCH-7: the loser resigned the match */
    RAT_X_TIME = 1 << 8,          /* CLK-7: lost on time */
};
/* The first seven kinds excluded: what UK and Australian lists do for the first five, and
 * the Swing games and doubles rubbers, which no rating list counts. A conceded match and
 * one lost on time are rated: the tournament rules make both a decided result (WBGF 2.1,
 * 3.5(iii): the player whose time ran out has lost the match; 3.8: a match is played to its
 * end unless a double is refused or time runs out; a concession stands once the winner is
 * on the board), not an unfinished match; a list that leaves them out says so (a setting). */
#define RAT_X_DEFAULT 0x7Fu

struct rat_settings {
    double start_rating;       /* a player without one: 1500 */
    int count_this_match;      /* MacFIBS: K from the experience with this match's length */
    unsigned exclude;          /* the RAT_X_ kinds whose matches change no rating */
    int64_t provisional_below; /* a rating is provisional while the experience is under this
                                * (0: never; lists use 100 or 200) */
};

/* 1500, experience before this match, RAT_X_DEFAULT, no provisional threshold. */
void rat_settings_default(struct rat_settings *s);

/* The kinds (RAT_X_) a match has from how it ended, its length and whether the winner's
 * score reached it; the caller adds RAT_X_SWING and RAT_X_DAVIS_DOUBLES, which its event
 * says. A ruling (ME_RULING) whose winner reached the length counts as played (the TD set
 * the score of a match that was played out); one short of it is unfinished. */
unsigned rat_kind(enum match_end ended, int length, int reached);

/* The formula, for a match to n points between ratings r_winner and r_loser, with their
 * experience before it (K from each player's own): the probability the underdog wins,
 * P_u = 1 / (10^(D sqrt(n) / 2000) + 1) with D = |r1 - r2|; P, the chance the winner had of
 * losing (1 - P_u when the underdog won, P_u when the favourite did); the winner gains
 * 4 K_w sqrt(n) P and the loser loses 4 K_l sqrt(n) P, K = max(1, 5 - experience / 100)
 * (experience + n with count_this_match). */
double rat_underdog_p(double r1, double r2, int n);
double rat_k(const struct rat_settings *s, int64_t experience, int n);
void rat_fibs(const struct rat_settings *s, double r_winner, int64_t x_winner, double r_loser,
              int64_t x_loser, int n, double *gain, double *loss);

/* A player's starting values: set by hand or imported (a new player: start_rating, 0). */
struct rat_player {
    int64_t id;
    double rating;
    int64_t experience;
};

/* A decided match. Each side is one player, or a pair (a Davis Cup doubles rubber: the
 * side's rating is the mean of the two, each member's change is by their own K and both
 * gain the experience). order: where it goes among the others, the time its result was
 * first decided (or any key that sorts so; ties by id); a correction keeps the place the
 * match has. */
struct rat_match {
    int64_t id;
    int64_t order;
    int64_t player[2][2]; /* [side][member]; [side][1] = 0 unless a pair; [side][0] = 0: a bye */
    int length;
    int winner;    /* 0 or 1 */
    unsigned kind; /* RAT_X_ */
};

/* What a match did: whether it was rated, and for each of its players the rating and
 * experience before it and the change it made (0 when not rated). */
struct rat_change {
    int rated;
    double before[2][2], delta[2][2];
    int64_t exp_before[2][2];
};

/* A player's rating now. */
struct rat_standing {
    double rating;
    int64_t experience;
    int provisional; /* experience under the threshold */
    int matches;     /* rated matches played */
};

struct rat_book;

/* A book with these settings and starting values (n players; others start at
 * start_rating with no experience); NULL when out of memory. */
struct rat_book *rat_book_new(const struct rat_settings *s, const struct rat_player *players,
                              size_t n);
void rat_book_free(struct rat_book *b);

/* A fresh computation: every match of list (n, any order) put in its place, then the changes
 * computed once, first to last. 0, or -1 (a bad match, or memory): the book unchanged. */
int rat_book_load(struct rat_book *b, const struct rat_match *list, size_t n, char *err,
                  size_t errlen);
/* A result decided: a match the book does not hold goes to its place by its order; one it
 * holds (a correction) has its result, players, length and kind replaced where it stands.
 * The changes from there on are computed again. 0, or -1 with err (a side without a
 * player that is no bye, a player on both sides, a length under 1, a winner not 0 or 1,
 * memory): nothing changed. */
int rat_book_decide(struct rat_book *b, const struct rat_match *m, char *err, size_t errlen);
/* A match undone (KO-10), or its ruling overturned: taken out, the later changes computed
 * again. 0, or -1 when the book does not hold it. */
int rat_book_undo(struct rat_book *b, int64_t match_id);
/* A player's starting values changed (by hand, or an import): the changes from the
 * player's first match on computed again. 0, or -1 (memory). */
int rat_book_set_player(struct rat_book *b, const struct rat_player *p);

/* How many matches the book holds. */
size_t rat_book_count(const struct rat_book *b);
/* The i-th match in order (0-based) and what it did; -1 past the end. */
int rat_book_at(const struct rat_book *b, size_t i, struct rat_match *m, struct rat_change *c);
/* Where the book holds the match (for rat_book_at), or -1 when it does not. */
long rat_book_index(const struct rat_book *b, int64_t match_id);
/* What the match did; -1 when the book does not hold it. */
int rat_book_change(const struct rat_book *b, int64_t match_id, struct rat_change *c);
/* A player's rating after every match of the book (a player it does not know: the
 * starting values). */
void rat_book_standing(const struct rat_book *b, int64_t player_id, struct rat_standing *st);

#endif
