/* A member of a zip read back, for the suites that check the report to the federation
 * (GOV-8): the local headers read in order, the member inflated and checked against its
 * CRC, and the central directory found after them (Check assertions fail otherwise). */
#ifndef TEST_UNZIP_H
#define TEST_UNZIP_H

#include <stddef.h>

/* Member name of the zip, malloc'd and NUL-terminated, or NULL when it is not there;
 * names (may be NULL) gets every member's name, space-separated. */
char *report_unzip(const char *zip, size_t len, const char *name, char *names, size_t nlen);

#endif
