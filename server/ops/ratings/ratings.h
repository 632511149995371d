/* RAT-1: a tournament's ratings as the book computes them (tourney/ratings.h) from the
 * players' starting values and the decided matches in the order their results were first
 * decided (store/ratings.h): every read computes them afresh, so a correction, an undone
 * match or an overturned ruling changes every later change at once. */
#ifndef OPS_RATINGS_H
#define OPS_RATINGS_H

#include <jansson.h>

#include "store/ratings.h"
#include "store/store.h"
#include "tourney/ratings.h"

/* The kinds of match a rating list may leave out, by name ("bye", "forfeit", "walkover",
 * "one_point", "unfinished", "swing", "davis_doubles", "conceded", "time"), indexed by the
 * RAT_X_ bit's place. */
#define RATING_KINDS 9
extern const char *const rating_kind_names[RATING_KINDS];

struct ratings_view {
    struct rating_cfg cfg;
    struct player *ps; /* every player of the tournament */
    int n;
    struct rat_book *book;
};

/* Reads tournament tid's players, settings and decided matches into v and computes the book.
 * CW_OK, or a CW_ code (v empty). */
int op_ratings_read(struct db *db, int64_t tid, struct ratings_view *v);
void op_ratings_free(struct ratings_view *v);

/* A player's rating at entry: as set by hand or imported, else the list's start rating. */
double op_rating_entry(const struct rating_cfg *c, const struct player *p);

/* Seeding (KO-2's seeded draw): 1 with *v read when tournament tid seeds by the live rating
 * (the caller frees it), 0 when by the rating at entry (or the book could not be read). */
int op_ratings_seed_live(struct db *db, int64_t tid, struct ratings_view *v);
/* The rating player p is seeded by: at entry (live NULL: as set by hand or imported), or
 * live from the book (a player without a rating who has played a rated match has one
 * now). 1 with *rating, or 0 when p is unrated (seeded after the rated). */
int op_rating_seed(const struct ratings_view *live, const struct player *p, double *rating);

/* The settings as the API shows them. */
json_t *op_rating_cfg_json(const struct rating_cfg *c);
/* Every player's rating (at entry, change, now, experience, provisional) and every decided
 * match's changes, in the order they were computed. */
json_t *op_ratings_json(const struct ratings_view *v);
/* One decided match's changes as a flat record, kept between reads as it is (the matches
 * list's, api/ratings_kept.c): both players' rating before and change, or the RAT_X_ kinds
 * that leave it out (RAT_X_BYE too for a side without a player). */
struct rating_row {
    int64_t match_id, order, player[2];
    double before[2], delta[2];
    int rated;
    unsigned excluded;
};
/* Every match of the book (*n of them in *rows, malloc'd), sorted by match id: CW_OK, or
 * CW_ENOMEM. */
int op_rating_rows(const struct ratings_view *v, struct rating_row **rows, size_t *n);
/* The row of match_id in rows (n, sorted), or NULL (an undecided match, a void rubber). */
const struct rating_row *op_rating_row_find(const struct rating_row *rows, size_t n,
                                            int64_t match_id);
/* A match's changes for the results: {"match_id", "order", "rated": true, "sides": [a, b]
 * each {"player_id", "before", "change", "after"}}, or {"rated": false, "excluded": the
 * kinds that leave it out by name ("bye", "forfeit", "conceded"...)}. */
json_t *op_rating_row_json(const struct rating_row *r);

#endif
