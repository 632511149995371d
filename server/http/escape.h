/* libmicrohttpd's unescape callback (MHD_OPTION_UNESCAPE_CALLBACK). */
#ifndef HTTP_ESCAPE_H
#define HTTP_ESCAPE_H

#include <stddef.h>
#include <microhttpd.h>

/* Decodes %XX in s in place, except %00 (see escape.c); the new length. */
size_t http_unescape(void *cls, struct MHD_Connection *c, char *s);

#endif
