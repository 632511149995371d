/* A zip file written in memory (PKWARE's APPNOTE: local headers, the central directory, its
 * end record), each member deflated with zlib, already a dependency of the server (gzip of
 * replies): the report to the federation (GOV-8) is one download. Small archives only (no
 * zip64: under 4 GiB and 65535 members). Names are UTF-8 (flag bit 11). */
#ifndef CW_ZIP_H
#define CW_ZIP_H

#include <stddef.h>
#include <stdint.h>

struct zip_member;
struct zip_writer {
    char *buf;
    size_t len, cap;
    struct zip_member *members;
    int n, cap_members;
    int failed; /* out of memory or too large: zip_take says so */
};

void zip_init(struct zip_writer *z);
/* Adds member name (data, len bytes) dated at_ms (UTC milliseconds). */
void zip_add(struct zip_writer *z, const char *name, const void *data, size_t len, int64_t at_ms);
/* The archive (malloc'd, *len its bytes; the caller frees it), or NULL when it failed. The
 * writer is empty afterwards. */
char *zip_take(struct zip_writer *z, size_t *len);

#endif
