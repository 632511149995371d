/* Wall-clock time, read only at the edges (HTTP layer, command line): the domain layers
 * get `now_ms` as a parameter so their rules are testable without sleeping. */
#ifndef CW_CLOCK_H
#define CW_CLOCK_H

#include <stddef.h>
#include <stdint.h>

int64_t cw_now_ms(void);
int64_t cw_mono_us(void);

/* "2026-11-22T17:30:47.123Z"; out must hold at least 25 bytes. */
void cw_iso8601(int64_t ms, char *out, size_t outlen);

/* Parses "YYYY-MM-DD" as a real calendar date. Returns 0 or -1. */
int cw_parse_date(const char *s, int *y, int *m, int *d);

/* Parses a UTC time "YYYY-MM-DDTHH:MM[:SS[.mmm]]Z" (the form cw_iso8601 writes) into
 * milliseconds since the epoch. Returns 0 or -1. */
int cw_parse_iso8601(const char *s, int64_t *ms);

#endif
