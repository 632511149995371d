/* The reserve file: see reserve.h. */
#include "store/reserve.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

int reserve_path(const char *db_path, char *out, size_t len)
{
    return snprintf(out, len, "%s-reserve", db_path) < (int)len ? 0 : -1;
}

int reserve_keep(const char *path)
{
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0640);
    if (fd < 0)
        return -1;
    struct stat st;
    int rc = 0;
    if (fstat(fd, &st) || st.st_blocks * 512 < RESERVE_BYTES) {
        /* posix_fallocate takes real blocks (a sparse file would reserve nothing); on a
         * filesystem without it, glibc writes them */
        if (posix_fallocate(fd, 0, RESERVE_BYTES)) {
            /* a part may have been taken: give it back, the database needs it more */
            if (ftruncate(fd, 0)) {
                /* nothing more to do: the file takes what it took */
            }
            rc = -1;
        } else if (fsync(fd)) {
            rc = -1;
        }
    }
    close(fd);
    return rc;
}

void reserve_release(const char *path)
{
    if (truncate(path, 0)) {
        /* no reserve file: nothing to give back */
    }
}

int reserve_room(const char *path)
{
    struct statvfs v;
    return !statvfs(path, &v) && (unsigned long long)v.f_bavail * v.f_frsize >=
                                     2ull * RESERVE_BYTES;
}
