/* SQL of ratings (RAT-1, issue 34): a tournament's rating settings, the order its results
 * were first decided in, and its decided matches as the rating book takes them. */
#ifndef STORE_RATINGS_H
#define STORE_RATINGS_H

#include <stdint.h>

#include "store/db.h"
#include "tourney/ratings.h"

/* A tournament's rating list and import settings (schema/019). */
struct rating_cfg {
    struct rat_settings rat;
    int seed_live;       /* seeding reads the live rating (1) or the rating at entry (0) */
    int import_max_rows; /* the most rows a CSV import takes */
};
int db_rating_cfg_get(struct db *db, int64_t tournament_id, struct rating_cfg *c);
int db_rating_cfg_put(struct db *db, int64_t tournament_id, const struct rating_cfg *c);

/* Match match_id was decided: it takes the next place of its tournament's order, unless it
 * has one (a correction, a ruling: it keeps its place). */
int db_rating_order_add(struct db *db, int64_t tournament_id, int64_t match_id);
/* Match match_id was undone (KO-10): it loses its place. */
int db_rating_order_drop(struct db *db, int64_t match_id);

/* The decided matches of the tournament with a winner and a place, in no order, as the
 * rating book takes them (kind: rat_kind's, with Swing games and Davis doubles marked). */
int db_rating_matches(struct db *db, int64_t tournament_id, struct rat_match **out, int *n);

#endif
