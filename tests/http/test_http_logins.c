/* Login limits: counted before the password hash (simultaneous wrong logins cannot all
 * get past the check), kept across a restart, and PIN guessing stopped without locking
 * the real player out of their own phone. Loopback addresses 127.0.0.x play distinct
 * clients. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
 * the hashes in flight are at their bound), and the right password then waits too. */
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
    struct res r;
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

static Suite *suite(void)
{
    Suite *s = suite_create("http_logins");
    TCase *tc = tcase_create("logins");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_simultaneous_logins_counted_before_the_hash);
    tcase_add_test(tc, test_lock_survives_restart);
    tcase_add_test(tc, test_pin_guessing_does_not_lock_the_player_out);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
