/* A zip file written in memory; see zip.h. */
#include "common/zip.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

struct zip_member {
    char *name;
    uint32_t crc, csize, usize, offset;
    uint16_t time, date;
};

void zip_init(struct zip_writer *z)
{
    memset(z, 0, sizeof *z);
}

static void put(struct zip_writer *z, const void *p, size_t n)
{
    if (z->failed)
        return;
    if (z->len + n > UINT32_MAX) { /* no zip64 */
        z->failed = 1;
        return;
    }
    if (z->len + n > z->cap) {
        size_t cap = z->cap ? z->cap : 4096;
        while (cap < z->len + n)
            cap *= 2;
        char *b = realloc(z->buf, cap);
        if (!b) {
            z->failed = 1;
            return;
        }
        z->buf = b;
        z->cap = cap;
    }
    memcpy(z->buf + z->len, p, n);
    z->len += n;
}

static void put16(struct zip_writer *z, uint32_t v)
{
    unsigned char b[2] = {v & 0xff, (v >> 8) & 0xff};
    put(z, b, 2);
}

static void put32(struct zip_writer *z, uint32_t v)
{
    unsigned char b[4] = {v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >> 24) & 0xff};
    put(z, b, 4);
}

/* MS-DOS time and date (2-second steps, from 1980), as zip stores them. */
static void dos_time(int64_t at_ms, uint16_t *t, uint16_t *d)
{
    time_t s = (time_t)(at_ms / 1000);
    struct tm tm;
    gmtime_r(&s, &tm);
    if (tm.tm_year < 80) {
        *t = 0;
        *d = (1 << 5) | 1; /* 1980-01-01 */
        return;
    }
    *t = (uint16_t)((tm.tm_hour << 11) | (tm.tm_min << 5) | (tm.tm_sec / 2));
    *d = (uint16_t)(((tm.tm_year - 80) << 9) | ((tm.tm_mon + 1) << 5) | tm.tm_mday);
}

/* data deflated raw (no zlib header, as zip's method 8 wants), or NULL. */
static unsigned char *deflated(const void *data, size_t len, uLong *out_len)
{
    z_stream s;
    memset(&s, 0, sizeof s);
    if (deflateInit2(&s, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return NULL;
    uLong cap = deflateBound(&s, (uLong)len);
    unsigned char *out = malloc(cap ? cap : 1);
    if (out) {
        s.next_in = (Bytef *)data;
        s.avail_in = (uInt)len;
        s.next_out = out;
        s.avail_out = (uInt)cap;
        if (deflate(&s, Z_FINISH) != Z_STREAM_END) {
            free(out);
            out = NULL;
        } else {
            *out_len = s.total_out;
        }
    }
    deflateEnd(&s);
    return out;
}

void zip_add(struct zip_writer *z, const char *name, const void *data, size_t len, int64_t at_ms)
{
    if (z->failed)
        return;
    if (len > UINT32_MAX / 2 || z->n >= 65535) {
        z->failed = 1;
        return;
    }
    if (z->n == z->cap_members) {
        int cap = z->cap_members ? z->cap_members * 2 : 16;
        struct zip_member *m = realloc(z->members, (size_t)cap * sizeof *m);
        if (!m) {
            z->failed = 1;
            return;
        }
        z->members = m;
        z->cap_members = cap;
    }
    uLong clen = 0;
    unsigned char *c = deflated(data, len, &clen);
    struct zip_member *m = &z->members[z->n];
    m->name = strdup(name);
    if (!c || !m->name) {
        free(c);
        free(m->name);
        z->failed = 1;
        return;
    }
    z->n++;
    m->crc = (uint32_t)crc32(crc32(0, Z_NULL, 0), data, (uInt)len);
    m->csize = (uint32_t)clen;
    m->usize = (uint32_t)len;
    m->offset = (uint32_t)z->len;
    dos_time(at_ms, &m->time, &m->date);
    size_t nlen = strlen(name);
    put32(z, 0x04034b50); /* local file header */
    put16(z, 20);         /* version needed: 2.0 (deflate) */
    put16(z, 1 << 11);    /* the name is UTF-8 */
    put16(z, 8);          /* deflated */
    put16(z, m->time);
    put16(z, m->date);
    put32(z, m->crc);
    put32(z, m->csize);
    put32(z, m->usize);
    put16(z, (uint32_t)nlen);
    put16(z, 0);
    put(z, name, nlen);
    put(z, c, clen);
    free(c);
}

char *zip_take(struct zip_writer *z, size_t *len)
{
    uint32_t dir = (uint32_t)z->len;
    for (int i = 0; i < z->n; i++) {
        const struct zip_member *m = &z->members[i];
        size_t nlen = strlen(m->name);
        put32(z, 0x02014b50); /* central directory header */
        put16(z, (3 << 8) | 20); /* made by: Unix, 2.0 */
        put16(z, 20);
        put16(z, 1 << 11);
        put16(z, 8);
        put16(z, m->time);
        put16(z, m->date);
        put32(z, m->crc);
        put32(z, m->csize);
        put32(z, m->usize);
        put16(z, (uint32_t)nlen);
        put16(z, 0); /* extra */
        put16(z, 0); /* comment */
        put16(z, 0); /* disk */
        put16(z, 0); /* internal attributes */
        put32(z, 0100644u << 16); /* external: a regular file, rw-r--r-- */
        put32(z, m->offset);
        put(z, m->name, nlen);
    }
    uint32_t dir_len = (uint32_t)z->len - dir;
    put32(z, 0x06054b50); /* end of central directory */
    put16(z, 0);
    put16(z, 0);
    put16(z, (uint32_t)z->n);
    put16(z, (uint32_t)z->n);
    put32(z, dir_len);
    put32(z, dir);
    put16(z, 0);
    char *out = z->failed ? NULL : z->buf;
    *len = z->failed ? 0 : z->len;
    if (z->failed)
        free(z->buf);
    for (int i = 0; i < z->n; i++)
        free(z->members[i].name);
    free(z->members);
    zip_init(z);
    return out;
}
