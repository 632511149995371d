/* Rebuilds of the lists the crowd polls, off the HTTP threads. When a change moves a
 * list's revision, the next polls of it miss its kept copy. Built on the HTTP thread that
 * got the poll, a 1,000-entry list holds that thread for tens of milliseconds, and every
 * other connection the thread serves (a player's report among them) waits meanwhile; so do
 * the connections of the threads whose polls wait for that build. Instead the poll's
 * connection is suspended, a builder thread builds the list (from a reader of the
 * database), and the polls that asked for it are resumed with its answer: the HTTP threads
 * stay free for everything else.
 *
 * A rebuild is never older than what a poll that joins it saw: a poll joins only a rebuild
 * that has not begun reading yet, so the snapshot it reads is taken after the poll read
 * its own revision. */
#ifndef API_REBUILD_H
#define API_REBUILD_H

#include <stdint.h>

struct api_blob;
struct api_rebuild;

/* Builds the list into *body (and its gzip copy into *gz, may stay NULL) with the ETag of
 * the snapshot it read; leaves *body NULL when it failed. Called on a builder thread. */
typedef void (*api_rebuild_fn)(void *arg, struct api_blob **body, struct api_blob **gz,
                               char etag[80]);

/* The rebuild of (owner, tournament, kind) that has not begun yet, joined, or a new one
 * queued that will call build(arg); arg is freed with free_arg (here at once, if joined).
 * Returns a reference to it (api_rebuild_release), or NULL when none can be had (out of
 * memory): then build on this thread. */
struct api_rebuild *api_rebuild_join(const void *owner, int64_t tid, int kind, api_rebuild_fn build,
                                     void *arg, void (*free_arg)(void *));
/* wake(ctx) is called once the rebuild is done, on the builder's thread, or here at once when
 * it is done already. */
void api_rebuild_wait(struct api_rebuild *r, void (*wake)(void *ctx), void *ctx);
/* The rebuild's answer: 1 with a reference to the body (its gzip copy when want_gzip and
 * there is one: *gzipped) and its ETag; 0 when it failed. */
int api_rebuild_answer(struct api_rebuild *r, int want_gzip, struct api_blob **body, int *gzipped,
                       char etag[80]);
void api_rebuild_release(struct api_rebuild *r);

#endif
