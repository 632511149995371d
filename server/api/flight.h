/* One rebuild at a time of a list the crowd polls. When every game report moves the
 * tournament's revision, the next poll of each list misses the cache; without this, every
 * screen that polls in the meantime rebuilds the same large list (1,000 players) at once,
 * each under the database lock, and the reports queue behind them. With it the first
 * reader at a revision builds; the others that saw the same revision wait for its answer.
 * That answer is never older than what a waiter saw: it was built after the revision of
 * the waiter's own ETag was read (the same one), so it shows every change the stream had
 * told the waiter of when it asked. */
#ifndef API_FLIGHT_H
#define API_FLIGHT_H

#include <stdint.h>

struct api_blob;

/* The answer to (owner, tournament, kind) at ETag etag: another reader is building it, and
 * this waits for it. Returns 1 with *blob (a reference the caller owns) when that reader's
 * answer came; 0 when this reader is to build it itself (then it must call api_flight_land
 * with the same key, blob NULL if it failed), -1 when it is to build it with no flight
 * (every slot busy: call nothing). owner tells apart the servers of one process (their
 * caches). */
int api_flight_join(const void *owner, int64_t tid, int kind, const char *etag,
                    struct api_blob **blob);
/* The builder's answer (or NULL), handed to those waiting; the caller keeps its reference. */
void api_flight_land(const void *owner, int64_t tid, int kind, const char *etag,
                     struct api_blob *blob);

#endif
