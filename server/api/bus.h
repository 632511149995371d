/* The in-process bus of each tournament's stream entries. A change commits its stream
 * entry (the durable log behind Last-Event-ID) in its transaction; after the commit the
 * entry is published here, and every subscriber of that tournament (the live streams) is
 * told. Recent entries are kept in a ring per tournament, so a stream catching up copies
 * them from memory; older ones come from the database. */
#ifndef API_BUS_H
#define API_BUS_H

#include <stddef.h>
#include <stdint.h>

struct api_bus;

#define BUS_RING 1024 /* recent stream entries kept per tournament */

struct api_bus *api_bus_new(void);
void api_bus_free(struct api_bus *b);

/* Publishes an already committed stream entry: its id (increasing per tournament), its type
 * and its JSON data. Wakes the subscribers. */
void api_bus_publish(struct api_bus *b, int64_t tournament_id, int64_t id, const char *type,
                     const char *data);

/* A subscriber is told of each stream entry of its tournament by wake(ctx), under the bus lock:
 * it must only note the news and return (e.g. resume a suspended connection). */
struct api_bus_sub;
struct api_bus_sub *api_bus_subscribe(struct api_bus *b, int64_t tournament_id,
                                      void (*wake)(void *ctx), void *ctx);
void api_bus_unsubscribe(struct api_bus *b, struct api_bus_sub *s);

/* The text/event-stream frames of the entries after after_id, in a malloc'd buffer of
 * about max_bytes at most (but always at least one whole frame), and *last set to the id
 * of the last one. Returns NULL with *len 0 when nothing is newer, and NULL with *gap set
 * when the ring no longer holds the entry right after after_id (read the database). */
char *api_bus_read(struct api_bus *b, int64_t tournament_id, int64_t after_id, size_t max_bytes,
                   size_t *len, int64_t *last, int *gap);

/* The bus lock, for a subscriber that must decide atomically to sleep (see http/sse.c). */
void api_bus_lock(struct api_bus *b);
void api_bus_unlock(struct api_bus *b);

/* The newest stream entry id published for the tournament (0 if none since start). */
int64_t api_bus_last_id(struct api_bus *b, int64_t tournament_id);

/* Formats one stream entry as a text/event-stream frame (its type on the `event:` line); returns its length, or 0 if it does
 * not fit. data must be one line (compact JSON is). */
size_t api_sse_frame(char *buf, size_t len, int64_t id, const char *type, const char *data);

/* Runs fn(ctx) for every subscriber under the bus lock (heartbeats, shutdown). */
void api_bus_each(struct api_bus *b, void (*fn)(void *sub_ctx, void *arg), void *arg);

#endif
