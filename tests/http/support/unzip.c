/* A member of a zip read back (the report to the federation's download, GOV-8): see
 * unzip.h. */
#include "unzip.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static unsigned rd16(const unsigned char *p)
{
    return p[0] | (unsigned)p[1] << 8;
}
static unsigned long rd32(const unsigned char *p)
{
    return p[0] | (unsigned long)p[1] << 8 | (unsigned long)p[2] << 16 | (unsigned long)p[3] << 24;
}

/* Member name of the zip (its local headers read in order), inflated and checked against
 * its CRC: malloc'd and NUL-terminated, or NULL when it is not there. *names gets every
 * member's name, space-separated. */
char *report_unzip(const char *zip, size_t len, const char *name, char *names, size_t nlen)
{
    const unsigned char *p = (const unsigned char *)zip, *end = p + len;
    char *found = NULL;
    if (names)
        names[0] = 0;
    while (p + 30 <= end && rd32(p) == 0x04034b50) {
        unsigned long csize = rd32(p + 18), usize = rd32(p + 22);
        unsigned fl = rd16(p + 26), xl = rd16(p + 28);
        ck_assert_int_eq(rd16(p + 8), 8); /* deflated */
        const unsigned char *data = p + 30 + fl + xl;
        ck_assert(data + csize <= end);
        if (names)
            snprintf(names + strlen(names), nlen - strlen(names), "%.*s ", (int)fl,
                     (const char *)p + 30);
        if (fl == strlen(name) && !memcmp(p + 30, name, fl)) {
            found = malloc(usize + 1);
            z_stream s;
            memset(&s, 0, sizeof s);
            ck_assert_int_eq(inflateInit2(&s, -15), Z_OK);
            s.next_in = (Bytef *)data;
            s.avail_in = (uInt)csize;
            s.next_out = (Bytef *)found;
            s.avail_out = (uInt)usize;
            ck_assert_int_eq(inflate(&s, Z_FINISH), Z_STREAM_END);
            inflateEnd(&s);
            found[usize] = 0;
            ck_assert_uint_eq(crc32(0, (Bytef *)found, (uInt)usize), rd32(p + 14));
        }
        p = data + csize;
    }
    ck_assert(p + 4 <= end && rd32(p) == 0x02014b50); /* the central directory follows */
    return found;
}
