/* The static folder's version (http/static_id.h). Read at every page served and every
 * versioned file asked for (a page's 40 files on a first visit, none after): some 60 files,
 * a stat each, well under a millisecond; kept nowhere, so a file changed while the server
 * runs (a developer's edit, an upgrade in place) is a new version at the next page. */
#include "http/static_id.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

/* The sum of the hashes of every file under fd (prefix: its path): a sum, so the order in
 * which the folder lists its files does not matter. Hidden names and symbolic links are
 * left out, as the static server serves neither. */
static int walk(int fd, const char *prefix, int depth, uint64_t *sum)
{
    DIR *d = fdopendir(fd);
    if (!d) {
        close(fd);
        return -1;
    }
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        struct stat st;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW))
            continue; /* removed while read: the next page sees the folder without it */
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", prefix, e->d_name);
        if (S_ISDIR(st.st_mode) && depth < 8) {
            int sub = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            rc = sub < 0 ? -1 : walk(sub, path, depth + 1, sum);
        } else if (S_ISREG(st.st_mode)) {
            uint64_t h = fnv(14695981039346656037ull, path, strlen(path) + 1);
            h = fnv(h, &st.st_size, sizeof st.st_size);
            h = fnv(h, &st.st_mtim.tv_sec, sizeof st.st_mtim.tv_sec);
            h = fnv(h, &st.st_mtim.tv_nsec, sizeof st.st_mtim.tv_nsec);
            *sum += h;
        }
    }
    closedir(d);
    return rc;
}

int http_static_id(int dirfd, char out[HTTP_STATIC_ID_LEN])
{
    uint64_t sum = 0;
    int fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0 || walk(fd, "", 0, &sum)) {
        memset(out, '0', HTTP_STATIC_ID_LEN - 1);
        out[HTTP_STATIC_ID_LEN - 1] = 0;
        return -1;
    }
    snprintf(out, HTTP_STATIC_ID_LEN, "%016llx", (unsigned long long)sum);
    return 0;
}
