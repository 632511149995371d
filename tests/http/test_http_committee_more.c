/* HTTP tests of the Tournament Committee (GOV-2) and appeals (GOV-7), beyond the first
 * suite (test_http_committee.c, whose fixture they share): a member's PIN guessed from a
 * phone is throttled and locked as a player's is; the desk's Now view lists the cases; a
 * dispute's Committee chosen jointly by its players (WBGF 5.1). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/committee_fx.h"
#include "support/harness.h"
#include "../check_main.h"

/* Round 1's first match ruled 3-1 and appealed by its loser; a panel of Ezio, Flora and
 * Gina seated and a motion put to it: the case's id. */
static long long voting_case(struct fx *f)
{
    struct res r;
    long long loser = player_on(f, f->r1[0], 1);
    long long rid = ruling(f, f->r1[0], 3, 1, "decided");
    char tail[200], body[200];
    snprintf(tail, sizeof tail, "/matches/%lld/appeals", f->r1[0]);
    snprintf(body, sizeof body, "{\"ruling_id\": %lld}", rid);
    on_t(session_of(f, loser), f, "POST", tail, body, &r);
    ok(&r, 201, "the appeal");
    long long aid = jint(&r, "id");
    res_free(&r);
    snprintf(tail, sizeof tail, "/appeals/%lld/panel", aid);
    snprintf(body, sizeof body, "{\"member_ids\": [%lld, %lld, %lld]}", f->ezio, f->flora, f->gina);
    on_t(&S, f, "PUT", tail, body, &r);
    ok(&r, 200, "the panel");
    res_free(&r);
    snprintf(tail, sizeof tail, "/appeals/%lld/motions", aid);
    on_t(&S, f, "POST", tail, "{\"kind\": \"uphold\", \"text\": \"The ruling stands\"}", &r);
    ok(&r, 200, "the motion");
    res_free(&r);
    return aid;
}

/* GOV-2: a member votes from a phone with their card's PIN; wrong PINs from one phone lock
 * that phone out for that member (429 with Retry-After, the right PIN too, no vote
 * counted), as a player's PIN login is; the member's own phone still votes. */
START_TEST(test_GOV2_member_pin_guessing_locked)
{
    struct fx f;
    setup(&f);
    long long aid = voting_case(&f);
    char tail[200], body[200];
    snprintf(tail, sizeof tail, "/appeals/%lld/votes", aid);
    struct srv guesser = S;
    guesser.cookie[0] = 0;
    snprintf(guesser.from, sizeof guesser.from, "127.0.0.9");
    char wrong[16];
    snprintf(wrong, sizeof wrong, "%06d", (atoi(f.ezio_pin) + 1) % 1000000);
    snprintf(body, sizeof body, "{\"vote\": \"no\", \"member_id\": %lld, \"pin\": \"%s\"}", f.ezio,
             wrong);
    struct res r;
    for (int i = 0; i < 5; i++) {
        on_t(&guesser, &f, "POST", tail, body, &r);
        ck_assert_msg(r.status == 401 || r.status == 429, "guess %d: %ld %s", i, r.status, r.body);
        res_free(&r);
    }
    snprintf(body, sizeof body, "{\"vote\": \"no\", \"member_id\": %lld, \"pin\": \"%s\"}", f.ezio,
             f.ezio_pin);
    char *before = snapshot(&f);
    on_t(&guesser, &f, "POST", tail, body, &r);
    ck_assert_msg(r.status == 429, "the right PIN from the locked phone: %ld %s", r.status, r.body);
    char ra[16];
    ck_assert_ptr_nonnull(res_header(&r, "Retry-After", ra, sizeof ra));
    ck_assert_int_gt(atoi(ra), 0);
    res_free(&r);
    char *after = snapshot(&f);
    ck_assert_msg(!strcmp(before, after), "a locked vote changed something");
    free(before);
    free(after);
    /* Ezio's own phone is not locked out */
    struct srv mine = S;
    mine.cookie[0] = 0;
    snprintf(body, sizeof body, "{\"vote\": \"yes\", \"member_id\": %lld, \"pin\": \"%s\"}", f.ezio,
             f.ezio_pin);
    on_t(&mine, &f, "POST", tail, body, &r);
    ok(&r, 200, "Ezio's vote from his own phone");
    res_free(&r);
}
END_TEST

/* The desk's item of key in GET …/now, or NULL (a new reference into *r's JSON). */
static json_t *now_item(const struct fx *f, const char *key, struct res *r)
{
    on_t(&S, f, "GET", "/now", NULL, r);
    ok(r, 200, "the desk");
    json_t *items = json_object_get(r->json, "items");
    for (size_t i = 0; i < json_array_size(items); i++)
        if (!strcmp(json_string_value(json_object_get(json_array_get(items, i), "key")), key))
            return json_array_get(items, i);
    return NULL;
}

/* GOV-7, GOV-6: the desk's Now view lists a pending appeal (with its case) until it is
 * decided, and a ruling waiting for the Committee with the case that decides it. */
START_TEST(test_GOV7_now_lists_pending_appeals_and_referrals)
{
    struct fx f;
    setup(&f);
    long long aid = voting_case(&f);
    char key[64];
    snprintf(key, sizeof key, "appeal:%lld", aid);
    struct res r;
    json_t *it = now_item(&f, key, &r);
    ck_assert_msg(it != NULL, "no item %s in %s", key, r.body);
    ck_assert_str_eq(json_string_value(json_object_get(it, "kind")), "appeal");
    json_t *a = json_object_get(it, "appeal");
    ck_assert_int_eq(json_integer_value(json_object_get(a, "id")), aid);
    ck_assert_str_eq(json_string_value(json_object_get(a, "state")), "pending");
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(it, "match"), "id")),
                     f.r1[0]);
    res_free(&r);
    /* decided: no longer on the desk */
    char tail[200], body[200];
    snprintf(tail, sizeof tail, "/appeals/%lld/votes", aid);
    long long ids[3] = {f.ezio, f.flora, f.gina};
    for (int i = 0; i < 3; i++) {
        snprintf(body, sizeof body, "{\"vote\": \"yes\", \"member_id\": %lld}", ids[i]);
        on_t(&S, &f, "POST", tail, body, &r);
        ok(&r, 200, "a vote");
        res_free(&r);
    }
    ck_assert_ptr_null(now_item(&f, key, &r));
    res_free(&r);
    /* a ruling by a party TD with no other TD: its item names the case */
    long long a0 = player_on(&f, f.r1[1], 0);
    char path[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", f.tid, a0);
    make_official(&S, "Lina", "td", "lina password");
    struct srv lina;
    srv_login_as(&lina, &S, "Lina", "lina password");
    td(&lina, "PATCH", path, "{\"official_id\": 1}", &r);
    ok(&r, 200, "side a is the head TD");
    res_free(&r);
    td(&S, "PATCH", "/api/v1/officials/2", "{\"status\": \"suspended\"}", &r);
    res_free(&r);
    long long rid = ruling(&f, f.r1[1], 3, 0, "awaiting_committee");
    snprintf(key, sizeof key, "ruling:%lld", rid);
    it = now_item(&f, key, &r);
    ck_assert_msg(it != NULL, "no item %s in %s", key, r.body);
    ck_assert_int_gt(json_integer_value(json_object_get(it, "appeal_id")), aid);
    res_free(&r);
}
END_TEST

/* The case of a ruling on match mid by the head TD, a party to it (its side a linked to
 * them), with no other TD active: a dispute the Committee decides (GOV-6). Its id. */
static long long referral(struct fx *f, long long mid)
{
    long long a = player_on(f, mid, 0);
    char path[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", f->tid, a);
    long long lina_id = make_official(&S, "Lina", "td", "lina password");
    struct srv lina;
    srv_login_as(&lina, &S, "Lina", "lina password");
    struct res r;
    td(&lina, "PATCH", path, "{\"official_id\": 1}", &r);
    ok(&r, 200, "side a is the head TD");
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/officials/%lld", lina_id);
    td(&S, "PATCH", path, "{\"status\": \"suspended\"}", &r);
    ok(&r, 200, "no other TD");
    res_free(&r);
    long long rid = ruling(f, mid, 3, 0, "awaiting_committee");
    on_t(&S, f, "GET", "/appeals", NULL, &r);
    ok(&r, 200, "the cases");
    long long aid = 0;
    json_t *cases = json_object_get(r.json, "appeals");
    for (size_t i = 0; i < json_array_size(cases); i++)
        if (json_integer_value(json_object_get(json_array_get(cases, i), "ruling_id")) == rid)
            aid = json_integer_value(json_object_get(json_array_get(cases, i), "id"));
    res_free(&r);
    ck_assert_int_gt(aid, 0);
    return aid;
}

/* GOV-2 (WBGF 5.1): under a Committee formed per case, a dispute the Committee decides has
 * its Committee chosen jointly by the players: each side names three or five members and
 * it sits once both name the same; the TD does not seat it, a player of another match or
 * the TD who is a party names nothing, an even choice is refused; each refusal names GOV-2
 * and changes nothing. */
START_TEST(test_GOV2_joint_committee_chosen_by_players)
{
    struct fx f;
    setup(&f);
    struct res r;
    on_t(&S, &f, "PUT", "/committee", "{\"form\": \"per_appeal\"}", &r);
    ok(&r, 200, "a Committee formed per case");
    res_free(&r);
    long long ugo = member(&f, "{\"name\": \"Ugo\"}", NULL);
    long long aid = referral(&f, f.r1[0]);
    struct srv *pa = session_of(&f, player_on(&f, f.r1[0], 0));
    struct srv *pb = session_of(&f, player_on(&f, f.r1[0], 1));
    struct srv *outsider = session_of(&f, player_on(&f, f.r1[1], 0));
    char tail[200], seat[200], three[120], other[120];
    snprintf(tail, sizeof tail, "/appeals/%lld/panel/choices", aid);
    snprintf(seat, sizeof seat, "/appeals/%lld/panel", aid);
    snprintf(three, sizeof three, "{\"member_ids\": [%lld, %lld, %lld]}", f.ezio, f.flora, f.gina);
    snprintf(other, sizeof other, "{\"member_ids\": [%lld, %lld, %lld]}", f.ezio, f.flora, ugo);
    refuse(&S, &f, "PUT", seat, three, 409, "GOV-2", "the TD seats a joint Committee");
    refuse(outsider, &f, "POST", tail, three, 403, "GOV-2", "a player of another match chooses");
    char as_td[160];
    snprintf(as_td, sizeof as_td, "{\"member_ids\": [%lld, %lld, %lld], \"side\": \"b\"}", f.ezio,
             f.flora, f.gina);
    refuse(&S, &f, "POST", tail, as_td, 403, "GOV-2", "the TD who is a party records a choice");
    char two[80];
    snprintf(two, sizeof two, "{\"member_ids\": [%lld, %lld]}", f.ezio, f.flora);
    refuse(pa, &f, "POST", tail, two, 422, "member_ids", "an even Committee (GOV-2)");
    /* side a names three; side b others: nobody sits yet, no motion */
    on_t(pa, &f, "POST", tail, three, &r);
    ok(&r, 200, "side a's choice");
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "panel")), 0);
    ck_assert_int_eq(
        json_array_size(json_object_get(json_object_get(r.json, "panel_choices"), "a")), 3);
    res_free(&r);
    on_t(pb, &f, "POST", tail, other, &r);
    ok(&r, 200, "side b's other choice");
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "panel")), 0);
    res_free(&r);
    char motion[200];
    snprintf(motion, sizeof motion, "/appeals/%lld/motions", aid);
    const char *uphold = "{\"kind\": \"uphold\", \"text\": \"The ruling stands\"}";
    refuse(&S, &f, "POST", motion, uphold, 409, "GOV-2", "a motion before the players agree");
    /* side b names the same three, in another order: they sit */
    snprintf(other, sizeof other, "{\"member_ids\": [%lld, %lld, %lld]}", f.gina, f.ezio, f.flora);
    on_t(pb, &f, "POST", tail, other, &r);
    ok(&r, 200, "side b agrees");
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "panel")), 3);
    ck_assert_msg(strstr(r.body, "Ezio") && strstr(r.body, "Flora") && strstr(r.body, "Gina"), "%s",
                  r.body);
    res_free(&r);
    refuse(pa, &f, "POST", tail, three, 409, "GOV-2", "a choice once the Committee sits");
    on_t(&S, &f, "POST", motion, uphold, &r);
    ok(&r, 200, "the motion to the Committee the players chose");
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_committee_more");
    TCase *tc = tcase_create("committee_more");
    tcase_add_checked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_GOV2_member_pin_guessing_locked);
    tcase_add_test(tc, test_GOV7_now_lists_pending_appeals_and_referrals);
    tcase_add_test(tc, test_GOV2_joint_committee_chosen_by_players);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
