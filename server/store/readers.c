/* The readers' pool: a stack of idle readers behind one mutex; a reader is opened only
 * when every opened one is lent (an idle server keeps none). */
#include "store/readers.h"

#include <pthread.h>
#include <stdlib.h>

#include "store/db.h"

struct db_readers {
    struct db *db;
    pthread_mutex_t mu;
    pthread_cond_t given;
    int max, opened, idle;
    struct db **stack; /* idle readers, idle of them */
};

struct db_readers *db_readers_new(struct db *db, int n)
{
    struct db_readers *p = calloc(1, sizeof *p);
    if (!p || !(p->stack = calloc((size_t)n, sizeof *p->stack))) {
        free(p);
        return NULL;
    }
    p->db = db;
    p->max = n;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->given, NULL);
    return p;
}

void db_readers_free(struct db_readers *p)
{
    if (!p)
        return;
    for (int i = 0; i < p->idle; i++)
        db_close(p->stack[i]);
    pthread_cond_destroy(&p->given);
    pthread_mutex_destroy(&p->mu);
    free(p->stack);
    free(p);
}

struct db *db_readers_take(struct db_readers *p)
{
    struct db *r = NULL;
    pthread_mutex_lock(&p->mu);
    while (!p->idle && p->opened == p->max)
        pthread_cond_wait(&p->given, &p->mu);
    if (p->idle) {
        r = p->stack[--p->idle];
        pthread_mutex_unlock(&p->mu);
    } else {
        p->opened++;
        pthread_mutex_unlock(&p->mu);
        r = db_reader_new(p->db); /* outside the lock: opening reads the file */
        if (!r) {
            pthread_mutex_lock(&p->mu);
            p->opened--;
            pthread_cond_signal(&p->given);
            pthread_mutex_unlock(&p->mu);
            return NULL;
        }
    }
    if (db_read_begin(r)) {
        db_readers_give(p, r);
        return NULL;
    }
    return r;
}

void db_readers_give(struct db_readers *p, struct db *reader)
{
    db_read_end(reader);
    pthread_mutex_lock(&p->mu);
    p->stack[p->idle++] = reader;
    pthread_cond_signal(&p->given);
    pthread_mutex_unlock(&p->mu);
}
