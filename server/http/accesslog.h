/* The access log: one line per request (time, address, method, path, status,
 * microseconds). Never a query string, header, cookie or body: no secret reaches it.
 * Lines are buffered and written at least once a second, so logging costs no system call
 * per request. */
#ifndef HTTP_ACCESSLOG_H
#define HTTP_ACCESSLOG_H

#include <stdint.h>

/* spec: "stderr", "off" or a file path. Returns 0 or -1. */
int http_log_open(const char *spec);
void http_log_request(const char *ip, const char *method, const char *path, int status,
                      int64_t micros);
void http_log_flush(void);
void http_log_close(void);

#endif
