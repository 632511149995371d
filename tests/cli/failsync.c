/* LD_PRELOAD shim of check_failsync.sh: the kernel's answer to a sync whose pages it could
 * not write. While the file named by $FAILSYNC_TRIGGER exists, the next fdatasync fails
 * with EIO (and removes the file: once). A later fdatasync of that same descriptor before
 * it is closed is what a server must never do: it leaves "$FAILSYNC_TRIGGER.retried".
 * And of check_slowdisk.sh: a disk that takes its time. While the file named by
 * $FAILSYNC_HOLD exists, an fdatasync waits, "$FAILSYNC_HOLD.inside" existing meanwhile,
 * until the check removes it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static int failed_fd = -1;

static void mark_retried(const char *trigger)
{
    char path[600];
    snprintf(path, sizeof path, "%s.retried", trigger);
    FILE *f = fopen(path, "w");
    if (f)
        fclose(f);
}

/* Waits while the file hold exists, saying so with "<hold>.inside". */
static void held(const char *hold)
{
    if (access(hold, F_OK))
        return;
    char inside[600];
    snprintf(inside, sizeof inside, "%s.inside", hold);
    FILE *f = fopen(inside, "w");
    if (f)
        fclose(f);
    struct timespec tick = {0, 10 * 1000 * 1000};
    while (!access(hold, F_OK))
        nanosleep(&tick, NULL);
    unlink(inside);
}

int fdatasync(int fd)
{
    static int (*real)(int);
    if (!real)
        real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    const char *hold = getenv("FAILSYNC_HOLD");
    if (hold)
        held(hold);
    const char *trigger = getenv("FAILSYNC_TRIGGER");
    if (trigger && fd == __atomic_load_n(&failed_fd, __ATOMIC_ACQUIRE))
        mark_retried(trigger);
    if (trigger && unlink(trigger) == 0) {
        __atomic_store_n(&failed_fd, fd, __ATOMIC_RELEASE);
        errno = EIO;
        return -1;
    }
    return real(fd);
}

int close(int fd)
{
    static int (*real)(int);
    if (!real)
        real = (int (*)(int))dlsym(RTLD_NEXT, "close");
    int was = fd;
    __atomic_compare_exchange_n(&failed_fd, &was, -1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    return real(fd);
}
