/* The results suites' fixture (test_http_results*.c): a tournament with two players and a
 * match between them, each player's PIN session; the players' reports, games and retries
 * sent on the match; and snapshots of what a refusal must leave unchanged. */
#ifndef TEST_RESULTS_FX_H
#define TEST_RESULTS_FX_H

#include <stddef.h>

#include "harness.h"

/* The suites' server: S, logged in as the TD, with room for three wrong PINs a player and
 * many an address (test_pin_address_lock starts its own server to lock an address). */
void results_up(void);

/* A tournament with two players and a match between them; the players' sessions. */
struct fixture {
    long long tid, pa, pb, mid;
    char pin_a[8], pin_b[8];
    struct srv a, b; /* the server as seen by each player (their cookies) */
};

void player_login(struct srv *as, long long tid, long long pid, const char *pin);
/* A player of tournament tid with a PIN, kept in pin (8 bytes) unless NULL. */
long long register_player(long long tid, const char *name, char pin[8]);

/* A match of `length` points between two new players, logged in: Anna (a) and Bruno (b), or
 * the names given. */
void setup_match_named(struct fixture *f, int length, const char *name_a, const char *name_b);
void setup_match(struct fixture *f, int length);

/* The match's path with tail ("", "/report", "/confirm"...) in out. */
void match_path(const struct fixture *f, const char *tail, char *out, size_t len);

/* The session `as` reports a final score a-b. */
void report_score(struct srv *as, const struct fixture *f, int a, int b, struct res *r);

/* The session `as` reports one game (body: winner, cube, result). */
void post_game(struct srv *as, const struct fixture *f, const char *body, struct res *r);

/* Player A sends body to the match's route twice with one Idempotency-Key (a phone's retry
 * after a lost answer): both answers are 200 and the same. Leaves the headers in h. */
void send_twice(struct fixture *f, const char *route, const char *key, const char *body,
                char cookie[200], const char *h[5]);

/* ---- what a refusal leaves: the match, both reports and the audit log, read back ---- */

struct snap {
    char *match, *reports;
    size_t audit;
};

void snap_free(struct snap *s);

/* Asserts that nothing of the match changed since `before`. */
void assert_unchanged(const struct fixture *f, struct snap *before, const char *what);

/* Two 5-point matches f and g; in f, side a has reported a gammon (2-0); *before is f read
 * back then, for the refusals that follow to compare with. */
void two_matches_one_game(struct fixture *f, struct fixture *g, struct snap *before);

/* The public read of the match (must answer 200); a snapshot of it; a side's score in a
 * match's reply. Linked under names of their own, since every support object is linked
 * into every HTTP suite and clock_fx.c and committee_fx.c have a get_match, a score_of and
 * a snapshot of theirs; the results suites call them by their short names below. */
void results_get_match(const struct fixture *f, struct res *r);
void results_snapshot(const struct fixture *f, struct snap *s);
long long results_score_of(const struct res *r, const char *side);

static inline void get_match(const struct fixture *f, struct res *r)
{
    results_get_match(f, r);
}

static inline void snapshot(const struct fixture *f, struct snap *s)
{
    results_snapshot(f, s);
}

static inline long long score_of(const struct res *r, const char *side)
{
    return results_score_of(r, side);
}

#endif
