/* Static files. The path is checked segment by segment (no "..", no hidden names, no
 * backslashes) and opened relative to the static folder's descriptor one folder at a
 * time, following no symbolic link at all: a link to a folder inside static_dir could
 * lead anywhere (O_NOFOLLOW alone only refuses a link in the last segment). */
#include "http/static.h"

#include <errno.h>
#include <stdlib.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "http/static_id.h"

/* What a page writes where the folder's version goes: "/v/{{static}}/td/td.js". */
static const char VERSION_MARK[] = "{{static}}";

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

/* A page with every VERSION_MARK replaced by id (malloc'd, *len its length), or NULL. */
static char *page_with_id(int fd, size_t size, const char *id, size_t *len)
{
    if (size > 4u << 20)
        return NULL;
    char *raw = malloc(size + 1);
    size_t got = 0;
    for (ssize_t n; raw && got < size && (n = read(fd, raw + got, size - got)) > 0;)
        got += (size_t)n;
    if (!raw || got != size) {
        free(raw);
        return NULL;
    }
    raw[size] = 0;
    size_t marks = 0, mlen = sizeof VERSION_MARK - 1, idlen = strlen(id);
    for (const char *p = raw; (p = strstr(p, VERSION_MARK)); p += mlen)
        marks++;
    char *out = malloc(size + marks * idlen + 1), *w = out;
    for (const char *p = raw, *m; out; p = m + mlen) {
        m = strstr(p, VERSION_MARK);
        size_t n = m ? (size_t)(m - p) : strlen(p);
        memcpy(w, p, n);
        w += n;
        if (!m)
            break;
        memcpy(w, id, idlen);
        w += idlen;
    }
    if (out)
        *len = (size_t)(w - out);
    free(raw);
    return out;
}

struct MHD_Response *http_static(int dirfd, const char *path, const char *if_none_match,
                                 int *status)
{
    /* "/v/<id>/td/td.js" is "/td/td.js" of the folder's version <id> (static_id.h): its
     * pages name their scripts so, and when <id> is the version now the browser keeps the
     * file for good, asking nothing at the next load (issue 32: a page of 40 modules
     * revalidated each time cost a round trip each). An older <id> (a page loaded before an
     * upgrade) gets today's file, kept by nobody. */
    char id[HTTP_STATIC_ID_LEN] = "";
    int have_id = 0, for_good = 0;
    if (!strncmp(path, "/v/", 3)) {
        const char *v = path + 3, *slash = strchr(v, '/');
        if (!slash || slash - v != HTTP_STATIC_ID_LEN - 1 ||
            strspn(v, "0123456789abcdef") != HTTP_STATIC_ID_LEN - 1)
            return text(404, "Not found\n", status);
        have_id = http_static_id(dirfd, id) == 0;
        for_good = have_id && !strncmp(v, id, HTTP_STATIC_ID_LEN - 1);
        path = slash;
    }
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
    /* a page names the version of the folder: its tag changes with it */
    int page = strstr(type_of(rel), "text/html") != NULL;
    if (page && !have_id && http_static_id(dirfd, id))
        id[0] = 0; /* unreadable: the page is served with its mark as it is */
    char etag[96];
    snprintf(etag, sizeof etag, "\"%llx-%llx%s%s\"", (unsigned long long)st.st_size,
             (unsigned long long)st.st_mtim.tv_sec * 1000000000ull +
                 (unsigned long long)st.st_mtim.tv_nsec,
             page ? "-" : "", page ? id : "");
    struct MHD_Response *r;
    if (if_none_match && !strcmp(if_none_match, etag)) {
        close(fd);
        r = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
        *status = 304;
    } else {
        size_t len = 0;
        char *body = page && id[0] ? page_with_id(fd, (size_t)st.st_size, id, &len) : NULL;
        if (body) {
            close(fd);
            r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
            if (!r)
                free(body);
        } else if (page && id[0]) {
            close(fd);
            r = NULL;
        } else {
            r = MHD_create_response_from_fd((uint64_t)st.st_size, fd);
            if (!r)
                close(fd);
        }
        if (!r)
            return text(500, "Internal error\n", status);
        MHD_add_response_header(r, "Content-Type", type_of(rel));
        *status = 200;
    }
    MHD_add_response_header(r, "ETag", etag);
    /* Unversioned, pages change only with a new release: revalidate each time, cheaply, by
     * ETag. Versioned by the version now: the same URL is the same bytes for good. */
    MHD_add_response_header(r, "Cache-Control", for_good && !page
                                                     ? "public, max-age=31536000, immutable"
                                                     : "no-cache");
    if (page)
        MHD_add_response_header(r, "Content-Security-Policy",
                                "default-src 'self'; img-src 'self' data:; "
                                "frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
    return r;
}
