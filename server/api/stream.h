/* The live stream's access to the tournament's stream entries, for the HTTP layer. */
#ifndef API_STREAM_H
#define API_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "app.h"

#define API_STREAM_PATH_PREFIX "/api/v1/tournaments/"
#define API_STREAM_HEARTBEAT_MS 15000

/* If path is /api/v1/tournaments/{id}/events, sets *tid and returns 1. */
int api_stream_path(const char *path, int64_t *tid);
/* 0 and the tournament's newest stream entry id in *last, or CW_ENOTFOUND / CW_EDB. */
int api_stream_start(struct app *app, int64_t tid, int64_t *last);
/* Streams asking for more than this many entries of history (Last-Event-ID 0: all of it)
 * replay a long history: their address may have only max_replays_per_address of them. A
 * page never asks for that much (it reads the state anew at each connection). */
#define API_STREAM_LONG_REPLAY 256
/* The frames after after_id (malloc'd, about max_bytes; *len 0 when none), from memory
 * or, for an old Last-Event-ID, from the kept replay chunks up to upto (the newest entry
 * on disk when the stream began, api_stream_start) and the database beyond. */
char *api_stream_fetch(struct app *app, int64_t tid, int64_t after_id, int64_t upto,
                       size_t max_bytes, size_t *len, int64_t *last);

#endif
