/* The knockout suites' fixture (test_http_knockout*.c): a tournament of players, knockout
 * events (a Main and the Consolation it feeds) entered, drawn and their matches decided by the
 * TD, the bracket read and compared, and the audit. Names that other fixtures also export
 * (make_event, setup, snapshot, unchanged) carry a ko_ prefix: every support file is linked
 * into every HTTP suite. */
#ifndef TEST_KNOCKOUT_FX_H
#define TEST_KNOCKOUT_FX_H

#include <stddef.h>
#include <stdint.h>

#include "harness.h"

/* A tournament, its Main and Consolation when a test keeps them, and its players. */
struct ko {
    long long tid, main, cons;
    long long players[64];
    int n;
};

/* A knockout event of the tournament named name, settings its "knockout" JSON: its id. */
long long ko_make_event(struct ko *k, const char *name, const char *settings);
/* A tournament "Weekend" (tables: its JSON, or NULL for none) with players named Player 01...:
 * k->players. */
void ko_setup(struct ko *k, int players, const char *tables);
/* The players [from, to) entered into event eid by the TD. */
void enter(struct ko *k, long long eid, int from, int to);
/* The event's bracket (GET …/knockout, must answer 200). */
void bracket(struct ko *k, long long eid, struct res *r);
/* The TD draws event eid with seed: r holds the answer, whatever its status. */
void draw(struct ko *k, long long eid, const char *seed, struct res *r);
/* An event "Main" (settings) with the players [0, entries) in it, drawn with seed: r holds
 * the draw's answer, a 200. */
long long drawn_main(struct ko *k, const char *settings, int entries, const char *seed,
                     struct res *r);
/* An event fed by the losers of the event from: settings are {"feeds_from": from, rest}. */
long long fed_event(struct ko *k, const char *name, long long from, const char *rest);
/* The TD verifies match mid (or corrects it, when extra is given: the body's other fields):
 * side a wins at that length, or side b when b_wins. */
void verify(struct ko *k, long long mid, int length, int b_wins, const char *extra, struct res *r);
/* Plays every ready match of a bracket (winner by lot); the number played. */
int play_ready(struct ko *k, long long eid, uint64_t *seed);
/* The match id of round r (1-based), index i, of a bracket's JSON. */
long long match_at(struct res *r, int round, int i);
/* The player id on side s of round r, index i (0 when the side is not a player). */
long long side_at(struct res *r, int round, int i, int s);
/* The JSON of a GET, kept to compare with a later one: what "nothing changed" means. */
json_t *ko_snapshot(const char *path);
/* The GET of path must equal before (which it frees). */
void ko_unchanged(json_t *before, const char *path);
/* The path of event eid's bracket. */
void bracket_path(struct ko *k, long long eid, char *path, size_t len);
/* The TD checks player i in: a late arrival is a player who arrived (KO-4). */
void check_in(struct ko *k, int i);
/* A GET of path with "If-None-Match: inm" (and gzip accepted when gz) must be a 304 with no
 * body; when etag is given, the 304 carries that ETag. */
void not_modified(const char *path, const char *inm, int gz, const char *etag);
/* A correction of match mid (extra as for verify) that must be refused with a 409 and
 * change neither the Main e nor the Consolation c; r holds the refusal. */
void correction_refused(struct ko *k, long long e, long long c, long long mid, int b_wins,
                        const char *extra, struct res *r);
/* Players, a Main (main_settings) of them all with a Consolation fed by it (progressive or
 * not, length 3), drawn with seed: r holds the draw's answer. */
void main_and_consolation(struct ko *k, int players, const char *main_settings, int progressive,
                          const char *seed, long long *e, long long *c, struct res *r);
/* Where player id sits in round `round` of a bracket's JSON: the match index, *side set. */
int find_side(struct res *r, int round, long long id, int *side);
/* The kind of side s of round r, index i: "player", "bye" or "late". */
const char *side_kind(struct res *r, int round, int i, int s);
/* The TD decides match mid otherwise than by a score: what is the route's tail (e.g.
 * "withdraw"), body its body. */
void decide(struct ko *k, long long mid, const char *what, const char *body, struct res *r);
/* The audit entries of tournament tid after entry `after`, in order. */
json_t *audit_after(struct ko *k, long long after);

#endif
