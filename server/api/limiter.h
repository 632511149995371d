/* Failure counting for logins: wrong TD passwords per client address, wrong PINs per
 * address and player, per address, and per player. An attempt is counted when it starts,
 * before the slow work (a password hash), so that simultaneous attempts cannot all pass
 * a check made before any of them failed; a success gives its attempt back.
 *
 * Two kinds: a lock (after max_failures the key is refused for lock_ms, doubled at each
 * new lock up to max_lock_ms: a patient guesser gets ever fewer tries) and a delay (after
 * max_failures each further try must wait 1 s, 2 s, 4 s ... up to max_lock_ms after the
 * last: slows a guesser who rotates addresses without ever locking the real player out).
 *
 * The counts live in memory and are written to a file (no fsync: losing the last second
 * on a power cut costs an attacker nothing worth having) so that a restart keeps them. */
#ifndef API_LIMITER_H
#define API_LIMITER_H

#include <stdint.h>

struct api_limiter;

enum api_limiter_kind { API_LIMIT_LOCK, API_LIMIT_DELAY };

struct api_limiter *api_limiter_new(enum api_limiter_kind kind, int max_failures, int64_t lock_ms,
                                    int64_t max_lock_ms);
void api_limiter_free(struct api_limiter *l);
/* Starts an attempt: 0 when key may try now (the attempt is counted), otherwise the
 * milliseconds until it may (nothing counted). */
int64_t api_limiter_take(struct api_limiter *l, const char *key, int64_t now_ms);
/* As api_limiter_take, with *before set to the attempts key had standing before this one
 * (0: none failed lately and none is under way; taken under the same lock, so of
 * simultaneous attempts one at most sees 0). */
int64_t api_limiter_take_counted(struct api_limiter *l, const char *key, int64_t now_ms,
                                 int *before);
/* After a failed attempt: the wait it imposed on key (0 while under the limit). */
int64_t api_limiter_wait_ms(struct api_limiter *l, const char *key, int64_t now_ms);
/* Gives back an attempt take counted that was never made (the server was busy). */
void api_limiter_refund(struct api_limiter *l, const char *key);
/* A success: key starts afresh. */
void api_limiter_reset(struct api_limiter *l, const char *key);
/* Forgets every key that begins with prefix (the TD's reset of a player). */
void api_limiter_reset_prefix(struct api_limiter *l, const char *prefix);

/* Writes the counts to path (through path.tmp and a rename) when they changed since the
 * last save; 0, or -1. Reads them back at start (a missing file is no error). */
int api_limiter_save(struct api_limiter *l, const char *path);
int api_limiter_load(struct api_limiter *l, const char *path, int64_t now_ms);

#endif
