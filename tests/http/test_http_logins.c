/* Login limits: counted before the password hash (simultaneous wrong logins cannot all
 * get past the check), kept across a restart, and PIN guessing stopped without locking
 * the real player out of their own phone. Loopback addresses 127.0.0.x play distinct
 * clients. */
#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "support/harness.h"
#include "../check_main.h"

static const char *const H[] = {"X-Crawford: 1", "Content-Type: application/json", NULL};

struct burst {
    struct srv *s;
    long status;
};

static void *wrong_login(void *arg)
{
    struct burst *b = arg;
    struct res r;
    req(b->s, "POST", "/api/v1/login", "{\"password\": \"wrong wrong wrong\"}", H, &r);
    b->status = r.status;
    res_free(&r);
    return NULL;
}

/* 40 wrong logins at once from a fresh address: no more than login_max_failures of them
 * reach the password check (401); the others are refused before it (429, or 503 while
 * the address has a check running), and with the wrong ones sent after them no more
 * than login_max_failures in all: then the right password waits too. */
START_TEST(test_simultaneous_logins_counted_before_the_hash)
{
    struct srv s;
    srv_start(&s, "\"login_max_failures\": 5");
    struct srv from = s;
    snprintf(from.from, sizeof from.from, "127.0.0.7");
    enum { N = 40 };
    pthread_t t[N];
    struct burst b[N];
    for (int i = 0; i < N; i++) {
        b[i].s = &from;
        ck_assert_int_eq(pthread_create(&t[i], NULL, wrong_login, &b[i]), 0);
    }
    int checked = 0, refused = 0;
    for (int i = 0; i < N; i++) {
        pthread_join(t[i], NULL);
        if (b[i].status == 401)
            checked++;
        else if (b[i].status == 429 || b[i].status == 503)
            refused++;
        else
            ck_abort_msg("a wrong login answered %ld", b[i].status);
    }
    fprintf(stderr, "figure: of %d simultaneous wrong logins %d reached the hash\n", N, checked);
    ck_assert_int_le(checked, 5);
    ck_assert_int_eq(checked + refused, N);
    /* what the burst did not use is all that is left: login_max_failures in all reach
     * the hash, then the address is locked (a login refused as busy was no try) */
    struct res r;
    for (;;) {
        req(&from, "POST", "/api/v1/login", "{\"password\": \"wrong wrong wrong\"}", H, &r);
        long st = r.status;
        res_free(&r);
        ck_assert_msg(st == 401 || st == 429, "a wrong login answered %ld", st);
        if (st == 429)
            break;
        checked++;
    }
    ck_assert_int_le(checked, 5);
    req(&from, "POST", "/api/v1/login", "{\"password\": \"" TD_PASSWORD "\"}", H, &r);
    ck_assert_int_eq(r.status, 429);
    res_free(&r);
    srv_cleanup(&s);
}
END_TEST

/* A lock survives a restart: the limits are written to a file beside the database. */
START_TEST(test_lock_survives_restart)
{
    struct srv s;
    srv_start(&s, "\"login_max_failures\": 3");
    struct res r;
    for (int i = 0; i < 3; i++) {
        req(&s, "POST", "/api/v1/login", "{\"password\": \"wrong wrong wrong\"}", H, &r);
        res_free(&r);
    }
    req(&s, "POST", "/api/v1/login", "{\"password\": \"" TD_PASSWORD "\"}", H, &r);
    ck_assert_int_eq(r.status, 429);
    res_free(&r);
    ck_assert_int_eq(srv_stop(&s), 0);
    srv_restart(&s);
    req(&s, "POST", "/api/v1/login", "{\"password\": \"" TD_PASSWORD "\"}", H, &r);
    ck_assert_msg(r.status == 429, "after a restart: %ld %s", r.status, r.body);
    res_free(&r);
    /* another address is not locked */
    struct srv other = s;
    snprintf(other.from, sizeof other.from, "127.0.0.8");
    req(&other, "POST", "/api/v1/login", "{\"password\": \"" TD_PASSWORD "\"}", H, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    srv_cleanup(&s);
}
END_TEST

static long pin_login(struct srv *as, long long tid, long long pid, const char *pin,
                      char *retry, size_t rlen)
{
    char path[128], body[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/login", tid, pid);
    snprintf(body, sizeof body, "{\"pin\": \"%s\"}", pin);
    struct res r;
    req(as, "POST", path, body, H, &r);
    long st = r.status;
    if (retry && !res_header(&r, "Retry-After", retry, rlen))
        retry[0] = 0;
    res_free(&r);
    return st;
}

struct real_player {
    struct srv *s;
    long long tid, pid;
    const char *pin;
};

static int real_player_gets_in(void *arg)
{
    struct real_player *p = arg;
    return pin_login(p->s, p->tid, p->pid, p->pin, NULL, 0) == 200;
}

/* Someone guessing a player's PIN from another phone locks only that phone for that
 * player; guessing from many addresses slows every try for the player (a delay, not a
 * lock), and the real player still gets in on their own phone. */
START_TEST(test_pin_guessing_does_not_lock_the_player_out)
{
    struct srv s;
    srv_start(&s, "\"pin_max_failures\": 3, \"pin_address_max_failures\": 10, "
                  "\"pin_player_max_delay_s\": 2");
    srv_login(&s);
    long long tid = make_tournament(&s, "Guessing");
    char pin[8];
    long long pid = make_player_pin(&s, tid, "Target", pin);
    char wrong[8];
    snprintf(wrong, sizeof wrong, "%06d", (atoi(pin) + 1) % 1000000);
    struct srv guesser = s;
    snprintf(guesser.from, sizeof guesser.from, "127.0.0.9");
    for (int i = 0; i < 3; i++)
        pin_login(&guesser, tid, pid, wrong, NULL, 0);
    char ra[16];
    ck_assert_int_eq(pin_login(&guesser, tid, pid, pin, ra, sizeof ra), 429);
    ck_assert_int_gt(atoi(ra), 0);
    /* the player's own phone (127.0.0.1) is not locked */
    struct real_player me = {&s, tid, pid, pin};
    ck_assert(real_player_gets_in(&me));

    /* guesses rotating over addresses: past the free ones each try waits, the guesser's
     * tries are refused, and the player gets in once the short delay has passed */
    int refused = 0;
    for (int host = 20; host < 30; host++) {
        struct srv g = s;
        snprintf(g.from, sizeof g.from, "127.0.0.%d", host);
        for (int i = 0; i < 2; i++)
            if (pin_login(&g, tid, pid, wrong, NULL, 0) == 429)
                refused++;
    }
    ck_assert_int_gt(refused, 0);
    ck_assert(poll_until(real_player_gets_in, &me, WAIT_MS));
    /* an address that guesses many players is locked for all of them */
    long long others[12];
    for (int i = 0; i < 12; i++) {
        char name[16];
        snprintf(name, sizeof name, "Other %d", i);
        others[i] = make_player(&s, tid, name);
    }
    struct srv wide = s;
    snprintf(wide.from, sizeof wide.from, "127.0.0.40");
    long last = 0;
    for (int i = 0; i < 12; i++)
        last = pin_login(&wide, tid, others[i], "000000", NULL, 0);
    ck_assert_int_eq(last, 429);
    srv_cleanup(&s);
}
END_TEST


/* A login from as with body: its status (and the Retry-After into retry, when given). */
static long login_as(struct srv *as, const char *body, char *retry, size_t rlen)
{
    struct res r;
    req(as, "POST", "/api/v1/login", body, H, &r);
    long st = r.status;
    if (retry && !res_header(&r, "Retry-After", retry, rlen))
        retry[0] = 0;
    res_free(&r);
    return st;
}

static struct srv from_addr(const struct srv *s, int host)
{
    struct srv a = *s;
    a.cookie[0] = 0;
    snprintf(a.from, sizeof a.from, "127.0.0.%d", host);
    return a;
}

/* Logins sent over and over by several threads until told to stop: an official with
 * their password (or a guesser with a wrong one), each thread from its address. */
struct flood {
    struct srv as;
    const char *body;
    atomic_int *stop, *sent;
    int ok, throttled, busy, wrong;
};

static void *flood_logins(void *arg)
{
    struct flood *f = arg;
    while (!atomic_load(f->stop)) {
        long st = login_as(&f->as, f->body, NULL, 0);
        f->ok += st == 200;
        f->throttled += st == 429;
        f->busy += st == 503;
        f->wrong += st == 401;
        atomic_fetch_add(f->sent, 1);
    }
    return NULL;
}

struct counter {
    atomic_int *n;
    int at_least;
};

static int counted(void *arg)
{
    struct counter *c = arg;
    return atomic_load(c->n) >= c->at_least;
}

/* Starts n flooders (addresses hosts[i % nhosts]) and waits until they have sent 2n
 * logins between them, so that what follows happens under the flood. */
static void flood_start(struct flood *f, pthread_t *t, int n, const struct srv *s,
                        const int *hosts, int nhosts, const char *body, atomic_int *stop,
                        atomic_int *sent)
{
    for (int i = 0; i < n; i++) {
        f[i] = (struct flood){from_addr(s, hosts[i % nhosts]), body, stop, sent, 0, 0, 0, 0};
        ck_assert_int_eq(pthread_create(&t[i], NULL, flood_logins, &f[i]), 0);
    }
    struct counter c = {sent, 2 * n};
    ck_assert(poll_until(counted, &c, WAIT_MS));
}

static void flood_stop(struct flood *f, pthread_t *t, int n, atomic_int *stop)
{
    atomic_store(stop, 1);
    for (int i = 0; i < n; i++)
        pthread_join(t[i], NULL);
}

static double ms_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The head TD logs in 3 times from their own desk (127.0.0.3): every one gets in (on the
 * old code, 503 nearly every time). */
static void head_td_gets_in(const struct srv *s)
{
    struct srv desk = from_addr(s, 3);
    double t0 = ms_now();
    for (int i = 0; i < 3; i++) {
        long st = login_as(&desk, "{\"password\": \"" TD_PASSWORD "\"}", NULL, 0);
        ck_assert_msg(st == 200, "the head TD's login %d under the flood answered %ld", i, st);
    }
    fprintf(stderr, "figure: the head TD's 3 logins under the flood took %.0f ms\n",
            ms_now() - t0);
}

/* An assistant logging in again and again from 6 threads of one address does not keep
 * the head TD out: one address runs one password check at a time, and the official's
 * logins are slowed past a burst (429, no hash). */
START_TEST(test_login_head_td_gets_in_under_flood)
{
    struct srv s;
    /* threads enough that the flood could take every check (2 would queue it instead) */
    srv_start(&s, "\"threads\": 8");
    srv_login(&s);
    make_official(&s, "Ann Assistant", "assistant", "assistant password");
    enum { N = 6 };
    pthread_t t[N];
    struct flood f[N];
    atomic_int stop = 0, sent = 0;
    const int hosts[] = {2};
    flood_start(f, t, N, &s, hosts, 1,
                "{\"name\": \"Ann Assistant\", \"password\": \"assistant password\"}", &stop,
                &sent);
    head_td_gets_in(&s);
    flood_stop(f, t, N, &stop);
    int ok = 0;
    for (int i = 0; i < N; i++)
        ok += f[i].ok;
    fprintf(stderr, "figure: the flooding assistant got %d sessions in %d logins\n", ok,
            atomic_load(&sent));
    srv_cleanup(&s);
}
END_TEST

/* Wrong passwords from several addresses at once (no password needed) do not keep the
 * head TD out either: one check is kept for an address with no wrong password standing,
 * and a guesser's address loses it with its first wrong password. */
START_TEST(test_login_head_td_gets_in_under_guessing)
{
    struct srv s;
    srv_start(&s, "\"login_max_failures\": 1000, \"threads\": 8");
    enum { N = 6 };
    const int hosts[] = {10, 11, 12};
    pthread_t t[N];
    struct flood f[N];
    atomic_int stop = 0, sent = 0;
    /* each guessing address has made its first wrong guess (until then it may take the
     * kept check as any new address may: one check each) */
    for (int i = 0; i < 3; i++) {
        struct srv g = from_addr(&s, hosts[i]);
        ck_assert_int_eq(login_as(&g, "{\"password\": \"wrong wrong wrong\"}", NULL, 0), 401);
    }
    flood_start(f, t, N, &s, hosts, 3, "{\"password\": \"wrong wrong wrong\"}", &stop, &sent);
    head_td_gets_in(&s);
    flood_stop(f, t, N, &stop);
    srv_cleanup(&s);
}
END_TEST

/* One official's burst of right passwords is slowed after LOGIN_SESSIONS_MAX (429 with
 * Retry-After, no session, no audit row), and their sessions stay at most that many: the
 * oldest is ended by a login beyond. */
START_TEST(test_login_burst_of_one_official_is_throttled)
{
    struct srv s;
    /* a refused burst counts as wrong passwords: the address is soon locked, no hash */
    srv_start(&s, "\"login_max_failures\": 2");
    srv_login(&s);
    long long ben = make_official(&s, "Ben", "td", "ben password");
    struct srv first;
    srv_login_as(&first, &s, "Ben", "ben password");
    struct srv again = from_addr(&s, 4);
    int ok = 0, throttled = 0;
    char retry[16] = "";
    for (int i = 0; i < 30; i++) {
        char ra[16];
        long st = login_as(&again, "{\"name\": \"Ben\", \"password\": \"ben password\"}", ra,
                           sizeof ra);
        ck_assert_msg(st == 200 || st == 429, "login %d answered %ld", i, st);
        ok += st == 200;
        if (st == 429 && !throttled++)
            snprintf(retry, sizeof retry, "%s", ra);
    }
    fprintf(stderr, "figure: 30 logins in a row gave %d sessions\n", ok);
    ck_assert_int_gt(throttled, 0);
    ck_assert_int_gt(atoi(retry), 0);
    ck_assert_int_le(ok, 14); /* 10 free, then 1 s, 2 s, 4 s... even on a slow machine */
    char sql[160];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM td_sessions WHERE official_id = %lld", ben);
    ck_assert_int_le(db_count(s.db, sql), 10);
    snprintf(sql, sizeof sql,
             "SELECT count(*) FROM audit_log WHERE action = 'td.login' AND actor = 'official:%lld'",
             ben);
    ck_assert_int_eq(db_count(s.db, sql), ok + 1);
    /* the oldest session was ended by the eleventh */
    struct res r;
    td(&first, "GET", "/api/v1/session", NULL, &r);
    ck_assert_str_eq(jstr(&r, "role"), "public");
    res_free(&r);
    srv_cleanup(&s);
}
END_TEST

/* A right password neither counts as a wrong one nor wipes the address's wrong ones: a
 * password holder cannot guess another official's password without end from one address
 * by logging in between guesses. */
START_TEST(test_login_success_does_not_reset_wrong_passwords)
{
    struct srv s;
    srv_start(&s, "\"login_max_failures\": 3");
    srv_login(&s);
    make_official(&s, "Cleo", "assistant", "cleo password");
    struct srv a = from_addr(&s, 5);
    const char *wrong = "{\"password\": \"wrong wrong wrong\"}";
    const char *cleo = "{\"name\": \"Cleo\", \"password\": \"cleo password\"}";
    ck_assert_int_eq(login_as(&a, wrong, NULL, 0), 401);
    ck_assert_int_eq(login_as(&a, wrong, NULL, 0), 401);
    ck_assert_int_eq(login_as(&a, cleo, NULL, 0), 200);
    ck_assert_int_eq(login_as(&a, wrong, NULL, 0), 429); /* the third wrong one */
    ck_assert_int_eq(login_as(&a, cleo, NULL, 0), 429);
    srv_cleanup(&s);
}
END_TEST

struct at_once {
    struct srv as;
    const char *body;
    pthread_barrier_t *go;
    long status;
    char title[80];
};

static void *login_at_once(void *arg)
{
    struct at_once *b = arg;
    pthread_barrier_wait(b->go);
    struct res r;
    req(&b->as, "POST", "/api/v1/login", b->body, H, &r);
    b->status = r.status;
    snprintf(b->title, sizeof b->title, "%s", jstr(&r, "title"));
    res_free(&r);
    return NULL;
}

/* n wrong logins sent at once from host with body: how many were 401 and 503 (any other
 * answer fails), and the 401's title. */
static void wrong_at_once(const struct srv *s, int host, const char *body, int *wrong,
                          int *busy, char *title, size_t tlen)
{
    enum { N = 6 };
    pthread_t t[N];
    struct at_once b[N];
    pthread_barrier_t go;
    pthread_barrier_init(&go, NULL, N);
    for (int i = 0; i < N; i++) {
        b[i] = (struct at_once){from_addr(s, host), body, &go, 0, ""};
        ck_assert_int_eq(pthread_create(&t[i], NULL, login_at_once, &b[i]), 0);
    }
    *wrong = *busy = 0;
    for (int i = 0; i < N; i++) {
        pthread_join(t[i], NULL);
        ck_assert_msg(b[i].status == 401 || b[i].status == 503, "answered %ld", b[i].status);
        *wrong += b[i].status == 401;
        *busy += b[i].status == 503;
        if (b[i].status == 401)
            snprintf(title, tlen, "%s", b[i].title);
    }
    pthread_barrier_destroy(&go);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* An unknown name is answered as a known one with a wrong password: the same statuses
 * when several come at once (it takes a password check as they do, so some are told the
 * server is busy), the same title, and about the same time (a dummy hash of the same
 * cost; medians of 3, a wide band: on the old code the ratio was about 1/200). */
START_TEST(test_login_unknown_name_same_answer_as_known)
{
    struct srv s;
    /* threads enough that the six run at once, not queued behind each other's hash */
    srv_start(&s, "\"login_max_failures\": 1000, \"threads\": 8");
    srv_login(&s);
    make_official(&s, "Dora", "td", "dora password");
    const char *known = "{\"name\": \"Dora\", \"password\": \"wrong wrong wrong\"}";
    const char *unknown = "{\"name\": \"Nobody Here\", \"password\": \"wrong wrong wrong\"}";
    int kw = 0, kb = 0, uw = 0, ub = 0, rounds = 0;
    char kt[80] = "", ut[80] = "";
    /* six sent at once overlap only when the machine lets them: on a loaded one they may
     * come one after the other, and none is told busy. Rounds until each kind has been
     * both refused and told busy (each round from addresses of its own, so no limiter's
     * count carries over); an unknown name that never takes a password check would never
     * be told busy, whatever the rounds */
    for (; rounds < 20 && !(kw && kb && uw && ub); rounds++) {
        int w, b;
        if (!(kw && kb)) {
            wrong_at_once(&s, 10 + rounds, known, &w, &b, kt, sizeof kt);
            kw += w;
            kb += b;
        }
        if (!(uw && ub)) {
            wrong_at_once(&s, 40 + rounds, unknown, &w, &b, ut, sizeof ut);
            uw += w;
            ub += b;
        }
    }
    fprintf(stderr,
            "figure: 6 at once, %d rounds: known %d x 401 %d x 503, unknown %d x 401 %d x 503\n",
            rounds, kw, kb, uw, ub);
    ck_assert_int_gt(kw, 0);
    ck_assert_int_gt(uw, 0);
    ck_assert_int_gt(kb, 0);
    ck_assert_int_gt(ub, 0);
    ck_assert_str_eq(kt, ut);

    enum { TRIES = 3 };
    double tk[TRIES], tu[TRIES];
    struct srv a = from_addr(&s, 8);
    for (int i = 0; i < TRIES; i++) {
        double t0 = ms_now();
        ck_assert_int_eq(login_as(&a, known, NULL, 0), 401);
        double t1 = ms_now();
        ck_assert_int_eq(login_as(&a, unknown, NULL, 0), 401);
        tk[i] = t1 - t0;
        tu[i] = ms_now() - t1;
    }
    qsort(tk, TRIES, sizeof tk[0], cmp_double);
    qsort(tu, TRIES, sizeof tu[0], cmp_double);
    double ratio = tk[TRIES / 2] / tu[TRIES / 2];
    fprintf(stderr, "figure: wrong password, median known %.1f ms, unknown %.1f ms\n",
            tk[TRIES / 2], tu[TRIES / 2]);
    ck_assert_msg(ratio > 0.25 && ratio < 4, "known/unknown time ratio %.3f", ratio);
    srv_cleanup(&s);
}
END_TEST

/* A login from as with body, bringing the device cookie in dev ("crawford_device=..."
 * or ""); a 200 gives a new one, kept in dev (checked HttpOnly, SameSite=Strict, sent to
 * the login alone, never in the body). The status. */
static long login_dev(struct srv *as, const char *body, char *dev, size_t dlen)
{
    char cookie[200];
    snprintf(cookie, sizeof cookie, "Cookie: %s", dev);
    const char *h[] = {cookie, "X-Crawford: 1", "Content-Type: application/json", NULL};
    struct res r;
    req(as, "POST", "/api/v1/login", body, dev[0] ? h : h + 1, &r);
    long st = r.status;
    const char *c = strstr(r.headers, "crawford_device=");
    if (st == 200) {
        ck_assert_msg(c != NULL, "a login gave no device cookie");
        char line[300];
        snprintf(line, sizeof line, "%.*s", (int)strcspn(c, "\r\n"), c);
        ck_assert_msg(strstr(line, "HttpOnly") && strstr(line, "SameSite=Strict") &&
                          strstr(line, "Path=/api/v1/login") && strstr(line, "Max-Age="),
                      "device cookie: %s", line);
        size_t n = strcspn(c, ";\r\n");
        ck_assert_uint_lt(n, dlen);
        ck_assert_msg(strncmp(dev, c, n) || dev[n], "the device cookie was not new");
        snprintf(dev, dlen, "%.*s", (int)n, c);
        ck_assert_ptr_null(strstr(r.body, strchr(dev, '=') + 1));
    }
    res_free(&r);
    return st;
}

/* Wrong passwords sent over and over, each from an address not used before (127.1.id.k):
 * every one clean for its first guess, as 20 phones or a /64 each would be. */
struct guesser {
    const struct srv *s;
    int id;
    atomic_int *stop, *sent;
    int busy;
};

static void *guess_from_new_addresses(void *arg)
{
    struct guesser *g = arg;
    for (int k = 0; !atomic_load(g->stop); k++) {
        struct srv a = *g->s;
        a.cookie[0] = 0;
        snprintf(a.from, sizeof a.from, "127.1.%d.%d", g->id, k % 250 + 1);
        g->busy += login_as(&a, "{\"password\": \"wrong wrong wrong\"}", NULL, 0) == 503;
        atomic_fetch_add(g->sent, 1);
    }
    return NULL;
}

/* 20 guessers, each guess from a new address, take every ordinary password check (a new
 * address may take the one kept for a clean address): the head TD, whose browser logged
 * in once before, gets in every time with the device cookie, which has a check of its
 * own (on the old code, 503 nearly every time). */
START_TEST(test_login_head_td_with_device_cookie_gets_in_under_guessing)
{
    struct srv s;
    srv_start(&s, "\"threads\": 8");
    struct srv desk = from_addr(&s, 3);
    char dev[160] = "";
    const char *head = "{\"password\": \"" TD_PASSWORD "\"}";
    ck_assert_int_eq(login_dev(&desk, head, dev, sizeof dev), 200);
    enum { N = 20, LOGINS = 5 };
    pthread_t t[N];
    struct guesser g[N];
    atomic_int stop = 0, sent = 0;
    for (int i = 0; i < N; i++) {
        g[i] = (struct guesser){&s, i + 1, &stop, &sent, 0};
        ck_assert_int_eq(pthread_create(&t[i], NULL, guess_from_new_addresses, &g[i]), 0);
    }
    struct counter c = {&sent, 2 * N};
    ck_assert(poll_until(counted, &c, WAIT_MS));
    long st[LOGINS];
    double t0 = ms_now();
    for (int i = 0; i < LOGINS; i++)
        st[i] = login_dev(&desk, head, dev, sizeof dev);
    double took = ms_now() - t0;
    atomic_store(&stop, 1);
    int busy = 0;
    for (int i = 0; i < N; i++) {
        pthread_join(t[i], NULL);
        busy += g[i].busy;
    }
    fprintf(stderr,
            "figure: the head TD's %d device-cookie logins under 20 guessers took %.0f ms "
            "(guessers: %d guesses, %d told busy)\n",
            LOGINS, took, atomic_load(&sent), busy);
    for (int i = 0; i < LOGINS; i++)
        ck_assert_msg(st[i] == 200, "the head TD's login %d under guessing answered %ld", i,
                      st[i]);
    srv_cleanup(&s);
}
END_TEST

/* Wrong passwords with a device cookie count against the cookie, not the address (which
 * would lock at login_max_failures); at DEVICE_FAILURES_MAX (5) the cookie is revoked and
 * the next logins are ordinary ones, counted for the address again. */
START_TEST(test_device_cookie_wrong_passwords_revoke_it)
{
    struct srv s;
    srv_start(&s, "\"login_max_failures\": 3");
    struct srv a = from_addr(&s, 20);
    char dev[160] = "";
    ck_assert_int_eq(login_dev(&a, "{\"password\": \"" TD_PASSWORD "\"}", dev, sizeof dev), 200);
    const char *wrong = "{\"password\": \"wrong wrong wrong\"}";
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(login_dev(&a, wrong, dev, sizeof dev), 401);
    ck_assert_int_eq(
        db_count(s.db, "SELECT sum(failures) FROM device_cookies WHERE official_id = 1"), 4);
    ck_assert_int_eq(login_dev(&a, wrong, dev, sizeof dev), 401);
    ck_assert_int_eq(db_count(s.db, "SELECT count(*) FROM device_cookies"), 0); /* revoked */
    /* ordinary now: the address's count (none of the five was the address's) */
    ck_assert_int_eq(login_dev(&a, wrong, dev, sizeof dev), 401);
    ck_assert_int_eq(login_dev(&a, wrong, dev, sizeof dev), 401);
    ck_assert_int_eq(login_dev(&a, wrong, dev, sizeof dev), 429);
    srv_cleanup(&s);
}
END_TEST

/* A device cookie serves the official it was given to only: with another name (or none)
 * the login is an ordinary one, counted for the address and not against the cookie, which
 * still lets its official in from the address the guesses locked. A new password, a
 * suspension, a removal revoke an official's device cookies. */
START_TEST(test_device_cookie_not_for_another_official)
{
    struct srv s;
    srv_start(&s, "\"login_max_failures\": 2");
    srv_login(&s);
    long long ben = make_official(&s, "Ben", "td", "ben password");
    struct srv a = from_addr(&s, 30);
    char dev[160] = "";
    const char *as_ben = "{\"name\": \"Ben\", \"password\": \"ben password\"}";
    ck_assert_int_eq(login_dev(&a, as_ben, dev, sizeof dev), 200);
    const char *wrong_head = "{\"password\": \"wrong wrong wrong\"}";
    ck_assert_int_eq(login_dev(&a, wrong_head, dev, sizeof dev), 401);
    ck_assert_int_eq(login_dev(&a, wrong_head, dev, sizeof dev), 429); /* the address's */
    ck_assert_int_eq(login_dev(&a, as_ben, dev, sizeof dev), 200);
    char q[160];
    snprintf(q, sizeof q,
             "SELECT sum(failures) + count(*) * 100 FROM device_cookies WHERE official_id = %lld",
             ben);
    ck_assert_int_eq(db_count(s.db, q), 100); /* one cookie (the new one), no failure */
    /* Ben's new password: his browsers are known no more */
    char path[64];
    snprintf(path, sizeof path, "/api/v1/officials/%lld", ben);
    struct res r;
    td(&s, "PATCH", path, "{\"password\": \"ben new password\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    snprintf(q, sizeof q, "SELECT count(*) FROM device_cookies WHERE official_id = %lld", ben);
    ck_assert_int_eq(db_count(s.db, q), 0);
    ck_assert_int_eq(login_dev(&a, "{\"name\": \"Ben\", \"password\": \"ben new password\"}",
                               dev, sizeof dev),
                     429); /* an ordinary login now: the address is locked */
    struct srv b = from_addr(&s, 31);
    char dev2[160] = "";
    ck_assert_int_eq(login_dev(&b, "{\"name\": \"Ben\", \"password\": \"ben new password\"}",
                               dev2, sizeof dev2),
                     200);
    ck_assert_int_eq(db_count(s.db, q), 1);
    td(&s, "PATCH", path, "{\"status\": \"suspended\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    ck_assert_int_eq(db_count(s.db, q), 0);
    /* and a removal */
    long long cora = make_official(&s, "Cora", "assistant", "cora password");
    char dev3[160] = "";
    ck_assert_int_eq(login_dev(&b, "{\"name\": \"Cora\", \"password\": \"cora password\"}",
                               dev3, sizeof dev3),
                     200);
    snprintf(q, sizeof q, "SELECT count(*) FROM device_cookies WHERE official_id = %lld", cora);
    ck_assert_int_eq(db_count(s.db, q), 1);
    snprintf(path, sizeof path, "/api/v1/officials/%lld", cora);
    td(&s, "DELETE", path, NULL, &r);
    ck_assert_int_lt(r.status, 300);
    res_free(&r);
    ck_assert_int_eq(db_count(s.db, q), 0);
    srv_cleanup(&s);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_logins");
    TCase *tc = tcase_create("logins");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_simultaneous_logins_counted_before_the_hash);
    tcase_add_test(tc, test_lock_survives_restart);
    tcase_add_test(tc, test_pin_guessing_does_not_lock_the_player_out);
    tcase_add_test(tc, test_login_head_td_gets_in_under_flood);
    tcase_add_test(tc, test_login_head_td_gets_in_under_guessing);
    tcase_add_test(tc, test_login_burst_of_one_official_is_throttled);
    tcase_add_test(tc, test_login_success_does_not_reset_wrong_passwords);
    tcase_add_test(tc, test_login_unknown_name_same_answer_as_known);
    tcase_add_test(tc, test_login_head_td_with_device_cookie_gets_in_under_guessing);
    tcase_add_test(tc, test_device_cookie_wrong_passwords_revoke_it);
    tcase_add_test(tc, test_device_cookie_not_for_another_official);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
