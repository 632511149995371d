/* HTTP tests against a real `crawford serve`: a server on a free port with a temporary
 * database, and a small libcurl client. */
#ifndef TEST_HARNESS_H
#define TEST_HARNESS_H

#include <jansson.h>
#include <sys/types.h>

#define TD_PASSWORD "correct horse battery"

struct srv {
    pid_t pid;
    int port;
    char dir[256]; /* temporary folder: config, database, access log */
    char db[320];
    char log[320];
    char cookie[160]; /* "crawford_td=..." after srv_login */
    char err[320];    /* when set: the server's standard error goes to this file */
    char from[16];    /* when set: requests come from this local address (127.0.0.x) */
};

/* Options of srv_start_opts. */
struct srv_opts {
    /* The access log goes to standard error ("access_log": "stderr"), and standard error
     * into s->log, so one file holds the log and everything else the server wrote. */
    int log_to_stderr;
    /* static_dir is an empty folder s->dir/static, for the test to fill. */
    int own_static;
};

struct res {
    long status;
    char *body;
    size_t len;
    json_t *json;       /* parsed body, NULL if not JSON */
    char headers[8192]; /* raw response headers */
};

/* Starts $CRAWFORD_BIN serve with a fresh folder; extra_config is JSON members merged into
 * the config (e.g. "\"max_body_bytes\": 2048") or NULL. Aborts the test run on failure. */
void srv_start(struct srv *s, const char *extra_config);
void srv_start_opts(struct srv *s, const char *extra_config, const struct srv_opts *o);
/* Starts again on the same folder and database (after srv_stop). */
void srv_restart(struct srv *s);
/* SIGTERM; returns the exit status (or -1). */
int srv_stop(struct srv *s);
void srv_cleanup(struct srv *s);
/* Logs in as the TD and keeps the cookie in s->cookie. */
void srv_login(struct srv *s);

/* The suite's shared server: srv_up starts it with the default config and logs in as the
 * TD, srv_down ends it and removes its folder. Most suites pass the pair to
 * tcase_add_*_fixture, so the fixture is written once here rather than in every suite. */
extern struct srv S;
void srv_up(void);
void srv_down(void);

/* One request. headers: NULL-terminated list of "Name: value" or NULL. body may be NULL. */
void req(struct srv *s, const char *method, const char *path, const char *body,
         const char *const *headers, struct res *out);
/* A request as the logged-in TD: cookie, X-Crawford and JSON content type. */
void td(struct srv *s, const char *method, const char *path, const char *body, struct res *out);
/* td() on match mid of tournament tid: tail after the match's path ("" for the match
 * itself, "verify", "calls"...). */
void match_op(struct srv *s, long long tid, long long mid, const char *method, const char *tail,
              const char *body, struct res *out);
void res_free(struct res *r);
/* The value of a response header (case-insensitive name) copied into buf, or NULL. */
const char *res_header(const struct res *r, const char *name, char *buf, size_t len);
/* A string member of the JSON body, or "" */
const char *jstr(const struct res *r, const char *key);
long long jint(const struct res *r, const char *key);

/* as becomes a copy of s logged in as the player (PIN login; the cookie checked HttpOnly). */
void srv_player_login(struct srv *as, const struct srv *s, long long tid, long long pid,
                      const char *pin);

/* Tests wait for what they expect, never for a fixed time: these deadlines are generous
 * so that only a real failure reaches them, even on a loaded 2-core machine. */
#define WAIT_MS 60000

/* Reads the event stream at path (sent Last-Event-ID last_id when not NULL) until every
 * one of the NULL-terminated needles is in what was read, or timeout_ms passes. When
 * ready_fd >= 0, one byte is written to it as soon as the stream's first bytes arrive
 * (the server sends "retry:" at once), so a caller in another process knows the stream
 * is listening before it acts. out holds what was read (cut at len - 1). Returns 1 when
 * every needle was seen, else 0. */
int stream_until(const struct srv *s, const char *path, const char *last_id,
                 const char *const *needles, int timeout_ms, int ready_fd, char *out, size_t len);
/* Waits (up to a byte) on fd, e.g. for stream_until's ready byte from a child; returns 1
 * when it came within timeout_ms. */
int wait_ready(int fd, int timeout_ms);

/* Polls pred(arg) every 50 ms until it returns non-zero or timeout_ms passes; returns
 * the last value of pred. */
int poll_until(int (*pred)(void *arg), void *arg, int timeout_ms);

/* The exact bytes and the ETag of a GET (no gzip asked), to compare with a later one: what
 * "nothing changed" means, the tournament's revision (in the ETag) included. */
struct raw {
    char *body; /* malloc'd, NUL-terminated */
    size_t len;
    char etag[80];
};
/* 0, or -1 when the GET did not answer 200 with an ETag (o is then empty). */
int raw_get(struct srv *s, const char *path, struct raw *o);
/* 1 when a and b hold the same bytes and the same ETag. */
int raw_same(const struct raw *a, const struct raw *b);
void raw_free(struct raw *o);

/* 1 when PRAGMA integrity_check of the existing database file says "ok", else 0. */
int db_integrity_ok(const char *path);
/* The first column of the first row of sql (a count) on the database file at path, read
 * beside the running server; -1 when it cannot be read. For facts no route shows. */
long long db_count(const char *path, const char *sql);

/* The TD (s logged in) creates an event (a competition, as the API names it) in tournament
 * tid from its JSON ({"kind", "name", ...}); returns its id, or stops the suite. */
long long make_competition(struct srv *s, long long tid, const char *json);
/* The TD enters the n players pids into event eid; stops the suite on any refusal. */
void enter_players(struct srv *s, long long tid, long long eid, int n, const long long *pids);

/* as becomes a copy of s logged in as the official of that name (GOV-1). */
void srv_login_as(struct srv *as, const struct srv *s, const char *name, const char *password);
/* The head TD (s logged in) adds an official (role "td" or "assistant"); returns the id. */
long long make_official(struct srv *s, const char *name, const char *role, const char *password);

/* Whether a problem names the field (422): its `field`, or an entry of `errors` by `field`
 * or by JSON pointer. */
int res_names_field(const struct res *r, const char *field);
/* Whether a problem names the rule: in its `rule` or its `detail` (e.g. "GOV-5", "CLK-"). */
int res_names_rule(const struct res *r, const char *rule);
/* Whether r is a problem+json of that status with a detail (assert_refused without the
 * assertion, for a test that says what it expected itself). */
int problem_is(const struct res *r, long status);
/* A problem+json answer of this status, with its title, detail and /problems/ type, whose
 * errors list names field (if given). */
void assert_problem(const struct res *r, long status, const char *field);
/* A refusal as every one must be: the status, problem+json with a detail, and, when name
 * is given, the field it names (422) or the rule (other statuses); `what` names the step. */
void assert_refused(const struct res *r, long status, const char *name, const char *what);

/* The number of tournaments (the public list). */
size_t tournament_count(struct srv *s);
/* Creates a tournament as the TD and returns its id. */
long long make_tournament(struct srv *s, const char *name);
/* Registers a player and returns its id. */
long long make_player(struct srv *s, long long tid, const char *name);
/* ... and copies the new PIN (the creation reply is the only place it is shown). */
long long make_player_pin(struct srv *s, long long tid, const char *name, char pin[8]);
/* Creates a standalone match of length points between players a and b as the TD and returns
 * its id (it is scheduled). */
long long make_match(struct srv *s, long long tid, long long a, long long b, int length);
/* Registers n players named "Player 1" to "Player n": their ids into ids, their PINs into
 * pins (may be NULL). */
void make_players(struct srv *s, long long tid, int n, long long *ids, char (*pins)[8]);

#endif
