/* What the TD's desk reads and keeps (store/desk.c, schema 019_now_claims.sql): the claims
 * of the "Now" view's items ("I'm on it"), and the time each open match entered its state.
 * The caller holds the connection, as for store.h. */
#ifndef STORE_DESK_H
#define STORE_DESK_H

#include <stdint.h>

#include "store/calls.h"
#include "store/db.h"

#define NOW_KEY_MAX 40 /* bytes of an item's key ("dispute:12") */

struct now_claim {
    char item[NOW_KEY_MAX];
    struct who by; /* the official (or token) who claimed it, the name as it is now */
    int64_t claimed_ms;
};
/* The tournament's claims (malloc'd). */
int db_now_claims(struct db *db, int64_t tournament_id, struct now_claim **out, int *n);
/* The claim of one item: CW_OK, or CW_ENOTFOUND. */
int db_now_claim_get(struct db *db, int64_t tournament_id, const char *item, struct now_claim *c);
/* Claims the item (CW_ECONFLICT: it has a claim already). */
int db_now_claim_insert(struct db *db, int64_t tournament_id, const struct now_claim *c);
int db_now_claim_delete(struct db *db, int64_t tournament_id, const char *item);

/* When each match of the tournament being played or waiting for a decision (called,
 * playing, reported, disputed) entered its state; malloc'd. */
struct match_since {
    int64_t match_id, since_ms;
};
int db_match_since(struct db *db, int64_t tournament_id, struct match_since **out, int *n);

#endif
