/* The clock suites' fixture (test_http_clock.c, test_http_penalties.c): a tournament with
 * its settings, a match between a and b and an outsider c, their sessions; requests on the
 * match, refusals checked to change nothing (the clock, the match, the penalties), and the
 * event stream read from a raw socket. */
#ifndef TEST_CLOCK_FX_H
#define TEST_CLOCK_FX_H

#include <check.h>
#include <stddef.h>

#include "harness.h"

/* ---- fixture: a tournament with its settings, a match between a and b, an outsider c ---- */

struct fx {
    long long tid, pa, pb, pc, mid;
    int length;
    struct srv a, b, c; /* player sessions: a and b play the match, c plays elsewhere */
    struct srv anon;    /* no session at all */
};

/* ---- the event stream: a raw socket, HTTP/1.1 chunked or not, SSE frames ---- */

struct stream {
    int fd;
    int body, chunked, in_chunk, need_crlf, ended;
    long chunk_left;
    char raw[65536];
    size_t rn;
    char text[262144];
    size_t tn;
};

typedef int (*event_pred)(const char *type, json_t *data, const void *ctx);

struct clock_want {
    long long mid;
    const char *state;
};

long long wall_ms(void);

void sleep_ms(long ms);

/* settings: the PATCH body of the tournament (clock, lateness, break_table), or NULL for
 * the defaults; call: whether the match is called to a table (the usual case). */
void clock_setup(struct fx *f, int length, const char *settings, int call);

/* A request on the match as `as` (the TD: &S; a player: &f->a...): cookie, X-Crawford. */
void op(struct srv *as, const struct fx *f, const char *method, const char *tail, const char *body,
        struct res *r);

/* The clock object of a reply: the body itself, or its "clock" member if it is wrapped. */
json_t *clock_of(json_t *j);

json_t *sd(json_t *clock, const char *side);

long long side_int(json_t *clock, const char *side, const char *key);

long long cint(json_t *clock, const char *key);

/* A string member, "null" for JSON null, "" when absent. */
const char *cstr(json_t *j, const char *key);

void get_match(const struct fx *f, struct res *r);

/* The JSON of the TD's GET of the match's tail, a 200 (a copy of its own, to json_decref). */
json_t *get_json(const struct fx *f, const char *tail);

/* The tournament's audit entries as the TD reads them (a new reference). */
json_t *audit_entries(const struct fx *f);

long long score_of(json_t *match, const char *side);

long long pen_points_of(json_t *match, const char *side);

/* The TD confirms b's lateness points. */
void confirm_b_late(const struct fx *f);

void not_your_match(const struct res *r, const char *what);

json_t *clock_and_match(const struct fx *f);

void unchanged(const struct fx *f, json_t *before, const char *what);

/* One refused request, checked for status, problem, name and no change. */
void refuse_op(struct srv *as, const struct fx *f, const char *method, const char *tail,
               const char *body, long status, const char *name, const char *what);

/* As refuse, and the problem's type slug and a sentence of its detail. */
void refuse_op_says(struct srv *as, const struct fx *f, const char *method, const char *tail,
                    const char *body, long status, const char *name, const char *slug,
                    const char *sentence, const char *what);

/* A clock call that must succeed; returns the clock (a new reference). */
json_t *clk(struct srv *as, const struct fx *f, const char *tail, const char *body);

json_t *clock_now(const struct fx *f);

void stream_open(struct stream *st, long long tid, const char *last_id);

void stream_close(struct stream *st);

/* Reads what arrives within ms milliseconds (0: only what is there). */
void stream_pump(struct stream *st, int ms);

/* Waits up to ms for an event the predicate accepts; returns its data (new reference). */
json_t *stream_wait(struct stream *st, event_pred pred, const void *ctx, int ms);

int is_clock_event(const char *type, json_t *data, const void *ctx);

int is_match_event(const char *type, json_t *data, const void *ctx);

int is_type_for_match(const char *type, json_t *data, const void *ctx);

/* A replay of the tournament's stream from its start holds an event that pred accepts for
 * the match and state; missing says what was not found. */
void replayed(const struct fx *f, event_pred pred, const char *state, const char *missing);

/* A request that must have succeeded (2xx). */
static inline int is_2xx(const struct res *r)
{
    return r->status >= 200 && r->status < 300;
}
#define ck_ok(r, what) ck_assert_msg(is_2xx(r), "%s: %ld %s", (what), (r)->status, (r)->body)

#endif
