/* Snapshots while serving: see snapshots.h. The thread sleeps on a condition until the next
 * snapshot is due or the server stops; a snapshot (the thread's or the TD's) runs alone,
 * under `run`, and the status it leaves is read under `mu` by the console's requests, which
 * never wait for a snapshot under way. */
#include "ops/tournament/snapshots.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"
#include "store/backup.h"
#include "store/store.h"

struct op_snapshots {
    char db_path[1024], label[200];
    pthread_mutex_t run; /* one snapshot at a time */
    pthread_mutex_t mu;  /* st, stopping */
    pthread_cond_t wake;
    struct op_snapshot_status st;
    int stopping, started;
    pthread_t thread;
};

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names of the folder's snapshots (this database's, by db_backup_is_name), oldest
 * first (the names sort as their times); their count, or -1. */
static int list_snapshots(struct op_snapshots *s, char ***out)
{
    DIR *d = opendir(s->st.folder);
    if (!d)
        return -1;
    char **names = NULL;
    int n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!db_backup_is_name(s->label, e->d_name))
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 32;
            char **more = realloc(names, (size_t)cap * sizeof *names);
            if (!more)
                break;
            names = more;
        }
        if (!(names[n] = strdup(e->d_name)))
            break;
        n++;
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name);
    *out = names;
    return n;
}

/* Removes the oldest snapshots past the newest keep. */
static void prune(struct op_snapshots *s)
{
    char **names;
    int n = list_snapshots(s, &names);
    for (int i = 0; i < n; i++) {
        if (i < n - s->st.keep) {
            char path[1400];
            snprintf(path, sizeof path, "%s/%s", s->st.folder, names[i]);
            if (unlink(path))
                fprintf(stderr, "crawford: snapshot %s could not be removed: %s\n", path,
                        strerror(errno));
        }
        free(names[i]);
    }
    if (n >= 0)
        free(names);
}

static void set_failure(struct op_snapshots *s, int64_t now_ms, const char *why)
{
    pthread_mutex_lock(&s->mu);
    if (!s->st.failing)
        s->st.failing_since_ms = now_ms;
    s->st.failing = 1;
    s->st.last_error_ms = now_ms;
    snprintf(s->st.last_error, sizeof s->st.last_error, "%s", why);
    pthread_mutex_unlock(&s->mu);
    /* the console shows it; the log keeps it */
    fprintf(stderr, "crawford: snapshot failed: %s\n", why);
}

int op_snapshot_now(struct op_snapshots *s, int64_t now_ms, struct problem *pb)
{
    if (!s || !s->st.folder[0]) {
        problem_set(pb, 409, "snapshots-off", "Snapshots are off",
                    "No snapshot folder is set: set snapshot_folder in the settings (a USB "
                    "stick or a second disk) and restart the server.");
        problem_field(pb, "snapshot_folder", "no folder is set");
        return -1;
    }
    pthread_mutex_lock(&s->run);
    char err[1200], name[300], dest[1400];
    int rc = db_backup_folder_check(s->st.folder, err, sizeof err);
    if (!rc) {
        db_backup_name(s->label, now_ms, name, sizeof name);
        snprintf(dest, sizeof dest, "%s/%s", s->st.folder, name);
        rc = db_backup(s->db_path, dest, err, sizeof err);
    }
    if (rc) {
        char why[1300];
        snprintf(why, sizeof why, "snapshot_folder: %s", err);
        set_failure(s, now_ms, why);
        pthread_mutex_unlock(&s->run);
        if (rc == DB_BACKUP_NO_ROOM)
            problem_set(pb, 507, "snapshot-failed", "The snapshot folder is full", "%s", why);
        else
            problem_set(pb, 503, "snapshot-failed", "The snapshot failed", "%s", why);
        return -1;
    }
    prune(s);
    int same = db_backup_same_disk(s->db_path, s->st.folder);
    pthread_mutex_lock(&s->mu);
    s->st.failing = 0;
    s->st.same_disk = same;
    s->st.last_ok_ms = now_ms;
    snprintf(s->st.last_ok_file, sizeof s->st.last_ok_file, "%s", name);
    pthread_mutex_unlock(&s->mu);
    pthread_mutex_unlock(&s->run);
    return 0;
}

static void *snapshot_thread(void *arg)
{
    struct op_snapshots *s = arg;
    /* below the HTTP threads on the CPU: the players' reports first (a thread's own
     * niceness, Linux); it may fail, and the snapshots run all the same */
    (void)setpriority(PRIO_PROCESS, (id_t)gettid(), 10);
    (void)pthread_setname_np(pthread_self(), "crawford-snap");
    pthread_mutex_lock(&s->mu);
    while (!s->stopping) {
        int64_t now = cw_now_ms();
        if (now < s->st.next_ms) {
            struct timespec until = {(time_t)(s->st.next_ms / 1000),
                                     (long)(s->st.next_ms % 1000) * 1000000};
            pthread_cond_timedwait(&s->wake, &s->mu, &until);
            continue;
        }
        s->st.next_ms = now + (int64_t)s->st.interval_minutes * 60000;
        pthread_mutex_unlock(&s->mu);
        struct problem pb = {0, NULL};
        if (op_snapshot_now(s, now, &pb))
            problem_free(&pb); /* said in the status and the log */
        pthread_mutex_lock(&s->mu);
    }
    pthread_mutex_unlock(&s->mu);
    return NULL;
}

struct op_snapshots *op_snapshots_start(const char *db_path, const char *folder,
                                        int interval_minutes, int keep)
{
    struct op_snapshots *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    snprintf(s->db_path, sizeof s->db_path, "%s", db_path);
    db_backup_label(db_path, s->label, sizeof s->label);
    snprintf(s->st.folder, sizeof s->st.folder, "%s", folder ? folder : "");
    s->st.interval_minutes = interval_minutes;
    s->st.keep = keep;
    pthread_mutex_init(&s->run, NULL);
    pthread_mutex_init(&s->mu, NULL);
    /* the wait's deadline is the wall clock's, as next_ms is */
    pthread_cond_init(&s->wake, NULL);
    if (!s->st.folder[0])
        return s;
    s->st.same_disk = db_backup_same_disk(db_path, s->st.folder);
    if (s->st.same_disk)
        fprintf(stderr,
                "crawford: warning: the snapshot folder %s is on the database's own disk: "
                "the snapshots die with it; use a USB stick or a second disk\n",
                s->st.folder);
    s->st.next_ms = 0; /* the first at once */
    if (pthread_create(&s->thread, NULL, snapshot_thread, s)) {
        op_snapshots_stop(s);
        return NULL;
    }
    s->started = 1;
    return s;
}

void op_snapshots_stop(struct op_snapshots *s)
{
    if (!s)
        return;
    if (s->started) {
        pthread_mutex_lock(&s->mu);
        s->stopping = 1;
        pthread_cond_signal(&s->wake);
        pthread_mutex_unlock(&s->mu);
        pthread_join(s->thread, NULL);
    }
    pthread_cond_destroy(&s->wake);
    pthread_mutex_destroy(&s->mu);
    pthread_mutex_destroy(&s->run);
    free(s);
}

void op_snapshots_status(struct op_snapshots *s, struct op_snapshot_status *out)
{
    if (!s) {
        memset(out, 0, sizeof *out);
        return;
    }
    pthread_mutex_lock(&s->mu);
    *out = s->st;
    pthread_mutex_unlock(&s->mu);
}

int op_backup_download_record(const struct op *o, int64_t tid, char *name, size_t len,
                              struct problem *pb)
{
    struct tournament t;
    int rc = db_tournament_get(o->db, tid, &t);
    if (rc == CW_ENOTFOUND)
        return op_no_tournament(pb, tid);
    if (rc == CW_OK)
        rc = db_audit(o->db, tid, o->now_ms, o->who.actor, "database.downloaded", "tournament", tid,
                      NULL, NULL);
    if (rc != CW_OK) {
        problem_internal(pb, "recording who downloaded the database");
        return -1;
    }
    snprintf(name, len, "%s", t.name);
    return 0;
}

int op_backup_fresh(const char *db_path, uint64_t *size, struct problem *pb)
{
    /* beside the database (a folder the server can write), under a name of its own */
    static int serial;
    char path[1200], err[1200];
    snprintf(path, sizeof path, "%s.download-%d-%d", db_path, (int)getpid(),
             __atomic_add_fetch(&serial, 1, __ATOMIC_RELAXED));
    int rc = db_backup(db_path, path, err, sizeof err);
    if (rc) {
        if (rc == DB_BACKUP_NO_ROOM)
            problem_set(pb, 507, "backup-failed", "No room for the copy", "%s", err);
        else
            problem_set(pb, 503, "backup-failed", "The copy failed", "%s", err);
        return -1;
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    /* gone from the folder once open: the reply holds the only reference */
    unlink(path);
    if (fd < 0 || fstat(fd, &st)) {
        if (fd >= 0)
            close(fd);
        problem_set(pb, 503, "backup-failed", "The copy failed", "the copy cannot be read: %s",
                    strerror(errno));
        return -1;
    }
    *size = (uint64_t)st.st_size;
    return fd;
}
