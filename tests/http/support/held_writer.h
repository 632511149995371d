/* A change held inside the server's writer: another program holds the database's write
 * lock, and a change sent meanwhile waits for it in the writer (holding the writer's own
 * lock), so a test can show what is answered beside it. */
#ifndef TEST_HELD_WRITER_H
#define TEST_HELD_WRITER_H

#include <pthread.h>
#include <sqlite3.h>

#include "harness.h"

struct held_writer {
    struct srv *s;
    sqlite3 *h;
    pthread_t thread;
    long status; /* the held change's answer */
    int done;    /* set once the change is answered (atomic) */
};

/* Takes the write lock of s's database and sends a change (a new tournament, as the TD)
 * that waits for it. s needs "busy_timeout_ms" long enough for the test's reads and a few
 * HTTP threads (the change holds one). */
void held_writer_start(struct held_writer *w, struct srv *s);
/* Whether the change has been answered yet: while not, anything answered was answered
 * beside it. */
int held_writer_answered(struct held_writer *w);
/* Gives the lock back and waits for the change; asserts it was then made (201). */
void held_writer_end(struct held_writer *w);

#endif
