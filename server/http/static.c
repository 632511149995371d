/* Static files. The path is checked segment by segment (no "..", no hidden names, no
 * backslashes) and opened relative to the static folder's descriptor one folder at a
 * time, following no symbolic link at all: a link to a folder inside static_dir could
 * lead anywhere (O_NOFOLLOW alone only refuses a link in the last segment). */
#include "http/static.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const struct {
    const char *ext, *type;
} types[] = {
    {".html", "text/html; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".mjs", "text/javascript; charset=utf-8"},
    {".json", "application/json"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".ico", "image/x-icon"},
    {".webmanifest", "application/manifest+json"},
    {".woff2", "font/woff2"},
    {".txt", "text/plain; charset=utf-8"},
};

static const char *type_of(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (dot && !strchr(dot, '/'))
        for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
            if (!strcasecmp(dot, types[i].ext))
                return types[i].type;
    return "application/octet-stream";
}

/* 1 when every segment of path is a plain name. */
static int safe_path(const char *path)
{
    if (path[0] != '/' || strchr(path, '\\') || strstr(path, "//"))
        return 0;
    for (const char *seg = path + 1; *seg;) {
        if (seg[0] == '.')
            return 0; /* "..", "." and hidden files */
        const char *next = strchr(seg, '/');
        if (!next)
            break;
        seg = next + 1;
    }
    return 1;
}

static struct MHD_Response *text(int status, const char *msg, int *out_status)
{
    struct MHD_Response *r =
        MHD_create_response_from_buffer(strlen(msg), (void *)msg, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(r, "Content-Type", "text/plain; charset=utf-8");
    *out_status = status;
    return r;
}

/* Opens rel (segments separated by '/') under dirfd without following any symbolic link;
 * -1 when a segment is one, or missing. */
static int open_beneath(int dirfd, const char *rel)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", rel);
    int cur = dirfd;
    char *seg = buf;
    for (char *slash; (slash = strchr(seg, '/'));) {
        *slash = 0;
        int next = openat(cur, seg, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (cur != dirfd)
            close(cur);
        if (next < 0)
            return -1;
        cur = next;
        seg = slash + 1;
    }
    int fd = openat(cur, seg, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (cur != dirfd)
        close(cur);
    return fd;
}

struct MHD_Response *http_static(int dirfd, const char *path, const char *if_none_match,
                                 int *status)
{
    char rel[1024];
    if (!safe_path(path) || strlen(path) + 16 >= sizeof rel)
        return text(404, "Not found\n", status);
    /* "/" and "/td/" name the folder's index.html */
    snprintf(rel, sizeof rel, "%s%s", path + 1, path[strlen(path) - 1] == '/' ? "index.html" : "");
    if (!rel[0])
        snprintf(rel, sizeof rel, "index.html");
    int fd = open_beneath(dirfd, rel);
    if (fd < 0)
        return text(404, "Not found\n", status);
    struct stat st;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        int was_dir = S_ISDIR(st.st_mode);
        close(fd);
        if (was_dir) {
            /* "/td" -> "/td/" so relative links in the page resolve */
            struct MHD_Response *r = text(301, "Moved\n", status);
            char loc[1040];
            snprintf(loc, sizeof loc, "%s/", path);
            MHD_add_response_header(r, "Location", loc);
            return r;
        }
        return text(404, "Not found\n", status);
    }
    char etag[64];
    snprintf(etag, sizeof etag, "\"%llx-%llx\"", (unsigned long long)st.st_size,
             (unsigned long long)st.st_mtim.tv_sec * 1000000000ull +
                 (unsigned long long)st.st_mtim.tv_nsec);
    struct MHD_Response *r;
    if (if_none_match && !strcmp(if_none_match, etag)) {
        close(fd);
        r = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
        *status = 304;
    } else {
        r = MHD_create_response_from_fd((uint64_t)st.st_size, fd);
        if (!r) {
            close(fd);
            return text(500, "Internal error\n", status);
        }
        MHD_add_response_header(r, "Content-Type", type_of(rel));
        *status = 200;
    }
    MHD_add_response_header(r, "ETag", etag);
    /* Pages change only with a new release: revalidate each time, cheaply, by ETag. */
    MHD_add_response_header(r, "Cache-Control", "no-cache");
    if (strstr(type_of(rel), "text/html"))
        MHD_add_response_header(r, "Content-Security-Policy",
                                "default-src 'self'; img-src 'self' data:; "
                                "frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
    return r;
}
