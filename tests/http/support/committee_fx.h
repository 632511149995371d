/* The Committee's suites' fixture (test_http_committee*.c): a tournament with a knockout of
 * four drawn, each player's session, and a standing Committee of two members and a reserve
 * who are not players; the requests, refusals and snapshots those suites make. */
#ifndef TEST_COMMITTEE_FX_H
#define TEST_COMMITTEE_FX_H

#include <stddef.h>

#include "harness.h"

/* A knockout of 4 at 3 points (final at 5), drawn; every player's session; the Committee:
 * Ezio and Flora (not players), and Gina, a reserve. */
struct fx {
    long long tid, eid, r1[2], fin;
    long long cons; /* setup_with(f, 1): a Consolation fed by the Main (KO-5), else 0 */
    long long pid[4];
    char pin[4][8];
    struct srv as[4];
    long long ezio, flora, gina;
    char ezio_pin[16], flora_pin[16], gina_pin[16];
};

void setup(struct fx *f);
/* As setup, with a Consolation fed by the Main when consolation is set (f->cons). */
void setup_with(struct fx *f, int consolation);
void ok(struct res *r, long status, const char *what);
void tpath(char *out, size_t len, const struct fx *f, const char *tail);
/* as on the tournament's tail (or match mid's): the reply in r (freed by the caller). */
void on_t(struct srv *as, const struct fx *f, const char *method, const char *tail,
          const char *body, struct res *r);
void on_m(struct srv *as, const struct fx *f, long long mid, const char *method, const char *tail,
          const char *body, struct res *r);
/* A member added by the TD; a non-player's PIN into pin (may be NULL). */
long long member(const struct fx *f, const char *body, char *pin);
/* The player on side s (0, 1) of match mid. */
long long player_on(const struct fx *f, long long mid, int s);
struct srv *session_of(struct fx *f, long long pid);
/* What a refusal must leave as it was (malloc'd). */
char *snapshot(const struct fx *f);
/* as asks on the tournament's tail; refused with status naming name (a rule or a field),
 * nothing changed. */
void refuse(struct srv *as, const struct fx *f, const char *method, const char *tail,
            const char *body, long status, const char *name, const char *what);
/* The TD's ruling on match mid that sets score a-b, in state: its id. */
long long ruling(const struct fx *f, long long mid, int a, int b, const char *state);
/* Ruling rid made `minutes` earlier (the server stopped, its database edited, restarted). */
void age_ruling(struct fx *f, long long rid, int minutes);

#endif
