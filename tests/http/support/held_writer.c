/* A change held inside the server's writer (held_writer.h). */
#include "held_writer.h"

#include <check.h>
#include <unistd.h>

static void *change_in_thread(void *p)
{
    struct held_writer *w = p;
    struct res r;
    td(w->s, "POST", "/api/v1/tournaments", "{\"name\": \"Behind the lock\"}", &r);
    w->status = r.status;
    res_free(&r);
    __atomic_store_n(&w->done, 1, __ATOMIC_RELEASE);
    return NULL;
}

void held_writer_start(struct held_writer *w, struct srv *s)
{
    *w = (struct held_writer){.s = s};
    ck_assert_int_eq(sqlite3_open(s->db, &w->h), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(w->h, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
    ck_assert_int_eq(pthread_create(&w->thread, NULL, change_in_thread, w), 0);
    /* the change in the writer first: had it not got there yet, what the test reads next
     * would come first whatever the code, and the test would prove nothing (not fail) */
    usleep(300 * 1000);
}

int held_writer_answered(struct held_writer *w)
{
    return __atomic_load_n(&w->done, __ATOMIC_ACQUIRE);
}

void held_writer_end(struct held_writer *w)
{
    ck_assert_int_eq(sqlite3_exec(w->h, "COMMIT", NULL, NULL, NULL), SQLITE_OK);
    pthread_join(w->thread, NULL);
    sqlite3_close(w->h);
    ck_assert_msg(w->status == 201, "the change behind the lock: %ld", w->status);
}
