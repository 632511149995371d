/* A change's writes kept on a reader and made in the writer's turn (see deferred.h). The
 * writing functions that can be kept pack their own arguments (store/matches.c,
 * store/stream.c, store/audit.c, store/db.c): this file knows none of them. */
#include "store/deferred.h"
#include "store/db_impl.h"
#include "common/errors.h"

#include <assert.h>
#include <stdlib.h>

struct db_write {
    int (*apply)(struct db *db, void *args);
    void (*drop)(void *args);
    void *args;
    struct db_write *next;
};

void db_defer_start(struct db *reader, struct db_deferred *d)
{
    assert(reader->parent); /* only a reader keeps writes: the writer makes them */
    d->first = NULL;
    d->last = &d->first;
    d->given_up = 0;
    reader->defer = d;
}

void db_defer_stop(struct db *reader)
{
    reader->defer = NULL;
}

int db_deferring(const struct db *db)
{
    return db->defer != NULL;
}

int db_defer(struct db *db, int (*apply)(struct db *db, void *args), void (*drop)(void *args),
             void *args)
{
    struct db_write *w = args ? malloc(sizeof *w) : NULL;
    if (!w) {
        if (args)
            drop(args);
        db->defer->given_up = 1; /* made in the turn instead */
        return CW_EDB;
    }
    *w = (struct db_write){apply, drop, args, NULL};
    *db->defer->last = w;
    db->defer->last = &w->next;
    return CW_OK;
}

void db_defer_give_up(struct db *db)
{
    db->defer->given_up = 1;
}

int db_deferred_given_up(const struct db_deferred *d)
{
    return d->given_up;
}

int db_deferred_apply(struct db *db, struct db_deferred *d)
{
    assert(!db->parent && !db->defer); /* the writer, in its turn */
    for (struct db_write *w = d->first; w; w = w->next) {
        int rc = w->apply(db, w->args);
        if (rc != CW_OK)
            return rc;
    }
    return CW_OK;
}

void db_deferred_free(struct db_deferred *d)
{
    for (struct db_write *w = d->first, *next; w; w = next) {
        next = w->next;
        w->drop(w->args);
        free(w);
    }
    d->first = NULL;
    d->last = &d->first;
}
