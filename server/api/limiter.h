/* Failure counting with a lock-out: wrong TD passwords per client address now, wrong PINs
 * per player and per address with the results issue. In memory: a restart forgets. */
#ifndef API_LIMITER_H
#define API_LIMITER_H

#include <stdint.h>

struct api_limiter;

struct api_limiter *api_limiter_new(int max_failures, int64_t lock_ms);
void api_limiter_free(struct api_limiter *l);
/* 0 when key may try now; otherwise the milliseconds until it may. */
int64_t api_limiter_wait_ms(struct api_limiter *l, const char *key, int64_t now_ms);
/* Counts a failure; returns the wait now imposed (0 while under the limit). */
int64_t api_limiter_fail(struct api_limiter *l, const char *key, int64_t now_ms);
void api_limiter_reset(struct api_limiter *l, const char *key);

#endif
