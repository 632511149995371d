/* UTF-8 text as people type it: cut only between two characters, counted in characters,
 * checked for what makes a text read otherwise than it is, and names compared as they
 * read (NFKC and case folding, utf8proc). Every copy of a text into a fixed buffer cuts
 * with cw_utf8_copy: a cut inside a character would store bytes that are no UTF-8, which
 * JSON then cannot carry (a reply of {} or a 500), so the one cut is here. */
#ifndef CW_UTF8_H
#define CW_UTF8_H

#include <stddef.h>

/* The longest prefix of s, at most n bytes, that ends between two characters. */
size_t cw_utf8_fit(const char *s, size_t n);
/* src into dst (size bytes, NUL included), cut between two characters when too long. */
void cw_utf8_copy(char *dst, size_t size, const char *src);
/* s made valid UTF-8 in place: every byte that starts no whole character is dropped (what
 * a cut by snprintf into a fixed buffer may have left inside a message). */
void cw_utf8_scrub(char *s);
/* Number of characters (code points) of the first len bytes of valid UTF-8 s. */
size_t cw_utf8_chars(const char *s, size_t len);

/* What a text field refuses in its first len bytes (valid UTF-8): NULL when none, else
 * what (for the refusal). Refused: C0 and C1 control characters and DEL, except a tab and
 * a line break (\n or \r\n) in a multi-line text; bidirectional embeddings, overrides and
 * isolates (U+202A-202E, U+2066-2069), which show a text in another order than it is
 * stored (a name or a ruling that reads otherwise on the console). */
const char *cw_text_refused(const char *s, size_t len, int multiline);

/* The span of s without white space (Unicode's, as NFKC sees it: spaces, the ideographic
 * space, no-break space) at either end: its first byte into *start, its length returned. */
size_t cw_utf8_trim(const char *s, size_t *start);

/* The key two names that read alike share: s (valid UTF-8) in NFKC with case folded and
 * default-ignorable characters (zero-width ones) dropped, each run of white space one
 * space, none at either end. malloc'd; NULL when out of memory. */
char *cw_name_key(const char *s);
/* The key of cw_name_key with the accents dropped too (the combining marks of the
 * decomposition: "Müller", "MULLER" and "Muller" share it; "Mueller", and letters that
 * decompose into no mark, as ø or ł, stay apart): the looser key of "looks like the same
 * person", where a list from another source may have lost its accents. malloc'd; NULL when
 * out of memory. */
char *cw_name_fold(const char *s);

#endif
