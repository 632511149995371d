/* Kept replay chunks: a stream that asks for an old Last-Event-ID (a whole history from 0)
 * is served from copies of the log's frames, 64 entries a chunk, instead of a read of the
 * database for each such stream. An entry never changes once on disk, so a whole chunk
 * is kept until the memory the chunks may take is needed for newer ones. */
#ifndef API_REPLAY_H
#define API_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "app.h"

#define API_REPLAY_CHUNK 64

struct api_replay *api_replay_new(size_t max_bytes);
void api_replay_free(struct api_replay *r);

/* The frames of the entries after after_id (a malloc'd buffer of about max_bytes, always
 * at least one whole frame; *last the id of its last entry), up to upto at most when they
 * must be read: upto is on disk (the stream's start). A chunk missing is read by one of
 * app's readers (by the writer, under its lock, when there is none) and kept when whole.
 * NULL with *len 0 when nothing is there. */
char *api_replay_read(struct app *app, int64_t tid, int64_t after_id, int64_t upto,
                      size_t max_bytes, size_t *len, int64_t *last);

#endif
