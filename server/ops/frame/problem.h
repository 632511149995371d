/* A problem an operation refuses or fails with, as RFC 9457 details: the one way ops/ says
 * "no" (the API writes it as the reply, a tick logs it). Functions of ops/ that can refuse
 * take a struct problem * and return -1 after filling it. */
#ifndef OPS_PROBLEM_H
#define OPS_PROBLEM_H

#include <jansson.h>
#include <stdarg.h>
#include <stdint.h>

struct problem {
    int status;   /* the HTTP status it maps to; 0 while there is none */
    json_t *json; /* {"type", "title", "status", "detail"[, "errors"]...}, owned; NULL: none */
};

/* slug becomes the type "/problems/<slug>"; detail is a sentence. Replaces any problem. */
void problem_set(struct problem *p, int status, const char *slug, const char *title,
                 const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Adds {"field", "pointer", "detail"} to the problem's errors (a 422 validation problem
 * when there is none yet). */
void problem_field(struct problem *p, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same with a va_list (for the API's own variadic writers). */
void problem_vset(struct problem *p, int status, const char *slug, const char *title,
                  const char *fmt, va_list ap);
void problem_vfield(struct problem *p, const char *field, const char *fmt, va_list ap);
/* The 404 of a tournament that is not there (tid); returns -1. */
int op_no_tournament(struct problem *p, int64_t tid);
/* The 404 of a player that tournament tid does not have (pid); returns -1. */
int op_no_player(struct problem *p, int64_t tid, int64_t pid);
/* The 500 of a failure that is the server's, never the client's; logged. */
void problem_internal(struct problem *p, const char *what);
/* While this thread prepares a change beside the writer (api/match_change.c), its 500s are
 * not logged: a preparation that fails is made again in the writer's turn, which logs a
 * failure of its own (a preparation's "failure" is most often a write it cannot keep). */
void problem_internal_unlogged(int on);
void problem_free(struct problem *p);

#endif
