/* The path's and the query's %XX decoded (escape.h). */
#include "http/escape.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The library's decoding of %XX in the path and the query, except %00: decoded, a NUL
 * would cut the path short where the program reads it ("/index.html%00.txt" would serve
 * index.html), so it stays as the three characters, which on_request refuses. */
size_t http_unescape(void *cls, struct MHD_Connection *c, char *s)
{
    /* most paths hold no escape at all: found at once (strchr), not byte by byte */
    char *first = strchr(s, '%');
    if (!first)
        return strlen(s);
    char *w = first;
    for (const char *r = first; *r;) {
        if (r[0] == '%' && isxdigit((unsigned char)r[1]) && isxdigit((unsigned char)r[2]) &&
            !(r[1] == '0' && r[2] == '0')) {
            char hex[3] = {r[1], r[2], 0};
            *w++ = (char)strtol(hex, NULL, 16);
            r += 3;
        } else {
            *w++ = *r++;
        }
    }
    *w = 0;
    return (size_t)(w - s);
}
