/* PINs kept secret: never in a list or a player's record, read one at a time by the TD
 * (audited, never cached) or as the cards of a whole tournament; every reply to someone
 * logged in is private to them. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

START_TEST(test_pins_not_in_lists)
{
    long long tid = make_tournament(&S, "Secret PINs");
    char pin[8], pin2[8];
    long long pid = make_player_pin(&S, tid, "Anna", pin);
    make_player_pin(&S, tid, "Bruno", pin2);
    char path[160];
    struct res r;
    char cc[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_null(strstr(r.body, "\"pin\""));
    ck_assert_ptr_null(strstr(r.body, pin));
    ck_assert_ptr_nonnull(res_header(&r, "Cache-Control", cc, sizeof cc));
    ck_assert_ptr_nonnull(strstr(cc, "private"));
    res_free(&r);
    req(&S, "GET", path, NULL, NULL, &r); /* the public's: shared caches may keep it */
    ck_assert_ptr_null(strstr(res_header(&r, "Cache-Control", cc, sizeof cc), "private"));
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", tid, pid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_null(strstr(r.body, "\"pin\""));
    res_free(&r);
    td(&S, "PATCH", path, "{\"country\": \"ITA\"}", &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_null(strstr(r.body, "\"pin\""));
    res_free(&r);
}
END_TEST

START_TEST(test_pin_read_one_at_a_time_audited)
{
    long long tid = make_tournament(&S, "Reading PINs");
    char pin[8], pin2[8];
    long long pid = make_player_pin(&S, tid, "Carla", pin);
    long long pid2 = make_player_pin(&S, tid, "Dario", pin2);
    char path[160];
    struct res r;
    char cc[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/pin", tid, pid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "pin"), pin);
    ck_assert_ptr_null(strstr(r.body, pin2));
    ck_assert_ptr_nonnull(res_header(&r, "Cache-Control", cc, sizeof cc));
    ck_assert_ptr_nonnull(strstr(cc, "no-store"));
    ck_assert_ptr_nonnull(strstr(cc, "private"));
    res_free(&r);
    /* not for the public, nor a player */
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 401);
    ck_assert_ptr_null(strstr(r.body, pin));
    res_free(&r);
    struct srv player;
    srv_player_login(&player, &S, tid, pid, pin);
    td(&player, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 403);
    res_free(&r);
    /* the cards: every PIN of the tournament at once */
    char cards[128];
    snprintf(cards, sizeof cards, "/api/v1/tournaments/%lld/cards", tid);
    td(&S, "GET", cards, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_nonnull(strstr(r.body, pin));
    ck_assert_ptr_nonnull(strstr(r.body, pin2));
    res_free(&r);
    req(&S, "GET", cards, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 401);
    res_free(&r);
    /* both reads are in the audit log, who read which, never the PIN */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", tid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_nonnull(strstr(r.body, "player.pin_read"));
    ck_assert_ptr_nonnull(strstr(r.body, "players.cards_printed"));
    ck_assert_ptr_null(strstr(r.body, pin));
    ck_assert_ptr_null(strstr(r.body, pin2));
    res_free(&r);
    (void)pid2;
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_pins");
    TCase *tc = tcase_create("pins");
    tcase_add_checked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_pins_not_in_lists);
    tcase_add_test(tc, test_pin_read_one_at_a_time_audited);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
