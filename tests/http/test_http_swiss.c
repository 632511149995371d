/* HTTP tests of Swiss events (SWISS-1, SWISS-2): settings refused naming the field, a small
 * Swiss run to its end through the API, the same seed giving the same round, a re-pair and
 * a swap with their refusals, the reply's rematch count, late entries and withdrawals
 * between and during rounds. The pairing's exactness is tests/unit/test_swiss.c's. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

struct sw {
    long long tid, eid;
    char epath[128];
    long long p[16];
    int n;
};

/* A tournament with n players entered in a Swiss of these settings. */
static void make_swiss(struct sw *w, int n, const char *settings)
{
    w->tid = make_tournament(&S, "Swiss night");
    char body[512];
    snprintf(body, sizeof body, "{\"kind\": \"swiss\", \"name\": \"Swiss\", \"swiss\": %s}",
             settings);
    w->eid = make_competition(&S, w->tid, body);
    snprintf(w->epath, sizeof w->epath, "/api/v1/tournaments/%lld/competitions/%lld", w->tid,
             w->eid);
    w->n = n;
    for (int i = 0; i < n; i++) {
        char name[32];
        snprintf(name, sizeof name, "Swiss %c", 'A' + i);
        w->p[i] = make_player(&S, w->tid, name);
    }
    enter_players(&S, w->tid, w->eid, n, w->p);
}

static void post(struct sw *w, const char *tail, const char *body, struct res *r)
{
    char path[200];
    snprintf(path, sizeof path, "%s/swiss%s", w->epath, tail);
    td(&S, "POST", path, body, r);
}

static void board(struct sw *w, struct res *r)
{
    char path[200];
    snprintf(path, sizeof path, "%s/swiss", w->epath);
    req(&S, "GET", path, NULL, NULL, r);
    ck_assert_msg(r->status == 200, "%s", r->body);
}

/* Pairs the next round (seed may be NULL); the reply kept in r. */
static void pair_round(struct sw *w, const char *seed, struct res *r)
{
    char body[96];
    snprintf(body, sizeof body, "{\"seed\": \"%s\"}", seed ? seed : "");
    post(w, "/rounds", seed ? body : NULL, r);
    ck_assert_msg(r->status == 201, "%s", r->body);
}

/* The TD verifies match mid: side a wins (b_wins 0) at the length. */
static void verify(struct sw *w, long long mid, int length, int b_wins)
{
    char body[120];
    snprintf(body, sizeof body, "{\"score\": {\"a\": %d, \"b\": %d}}", b_wins ? 0 : length,
             b_wins ? length : 0);
    struct res r;
    match_op(&S, w->tid, mid, "POST", "verify", body, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
}

/* Decides every match of a round's reply (its "matches"), side a winning. */
static void play_round(struct sw *w, struct res *round)
{
    json_t *ms = json_object_get(round->json, "matches");
    for (size_t i = 0; i < json_array_size(ms); i++) {
        json_t *m = json_array_get(ms, i);
        verify(w, json_integer_value(json_object_get(m, "id")),
               (int)json_integer_value(json_object_get(m, "length")), 0);
    }
}

/* The player id of side s of match m of a round's reply. */
static long long side_of(json_t *m, int s)
{
    return json_integer_value(
        json_object_get(json_array_get(json_object_get(m, "sides"), (size_t)s), "player_id"));
}

/* The standings' row of player pid in a board reply. */
static json_t *standing(struct res *b, long long pid)
{
    json_t *st = json_object_get(b->json, "standings");
    for (size_t i = 0; i < json_array_size(st); i++)
        if (json_integer_value(json_object_get(json_array_get(st, i), "player_id")) == pid)
            return json_array_get(st, i);
    ck_abort_msg("player %lld not in the standings", pid);
    return NULL;
}

static long long count_events(long long tid)
{
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", tid);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    long long n = (long long)json_array_size(json_object_get(r.json, "events"));
    res_free(&r);
    return n;
}

/* SWISS-1: rounds or lives out of range, a length that is no positive integer, an unknown
 * tie-break: each a 422 naming the field, and no event is created. */
START_TEST(test_SWISS1_settings_refused_naming_the_field)
{
    long long tid = make_tournament(&S, "Bad Swiss");
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", tid);
    static const struct {
        const char *settings, *field;
    } bad[] = {
        {"{\"rounds\": 0}", "rounds"},
        {"{\"rounds\": 65}", "rounds"},
        {"{\"rounds\": \"five\"}", "rounds"},
        {"{\"lives\": 0}", "lives"},
        {"{}", "swiss.rounds"},
        {"{\"rounds\": 5, \"length\": 0}", "swiss.length"},
        {"{\"rounds\": 5, \"length\": \"7\"}", "swiss.length"},
        {"{\"rounds\": 5, \"length\": 2.5}", "swiss.length"},
        {"{\"rounds\": 5, \"length\": [7, -1]}", "swiss.length"},
        {"{\"rounds\": 5, \"tiebreaks\": [\"coin\"]}", "swiss.tiebreaks"},
        {"{\"rounds\": 5, \"tiebreaks\": [\"buchholz\", \"buchholz\"]}", "swiss.tiebreaks"},
        {"{\"rounds\": 5, \"bye_counts\": \"half\"}", "bye_counts"},
        {"{\"rounds\": 5, \"late_wins\": -1}", "late_wins"},
        {"7", "swiss"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char body[256];
        snprintf(body, sizeof body, "{\"kind\": \"swiss\", \"name\": \"S\", \"swiss\": %s}",
                 bad[i].settings);
        struct res r;
        td(&S, "POST", path, body, &r);
        assert_refused(&r, 422, bad[i].field, bad[i].settings);
        res_free(&r);
    }
    ck_assert_int_eq(count_events(tid), 0);
    /* the settings read back as written, the defaults filled */
    struct res r;
    td(&S, "POST", path,
       "{\"kind\": \"swiss\", \"name\": \"S\", \"swiss\": {\"lives\": 2, \"length\": [5, 7], "
       "\"tiebreaks\": [\"median_buchholz\", \"head_to_head\"], \"walkover_counts\": "
       "\"as_bye\"}}",
       &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    json_t *s = json_object_get(r.json, "swiss"); /* the settings under the kind's name */
    ck_assert_int_eq(json_integer_value(json_object_get(s, "lives")), 2);
    ck_assert_ptr_null(json_object_get(s, "rounds"));
    ck_assert_int_eq(json_array_size(json_object_get(s, "length")), 2);
    ck_assert_str_eq(json_string_value(json_array_get(json_object_get(s, "tiebreaks"), 1)),
                     "head_to_head");
    ck_assert_str_eq(json_string_value(json_object_get(s, "walkover_counts")), "as_bye");
    ck_assert_str_eq(json_string_value(json_object_get(s, "bye_counts")), "zero");
    res_free(&r);
}
END_TEST

/* SWISS-1, SWISS-2: five players, three rounds to 3 points, run to the end through the
 * API: each round paired from its seed with one bye (to a different player each round),
 * the next refused (409 naming SWISS-1) while a match of the last is open, the standings
 * ordered by wins then the tie-breaks, the event finished with every player placed
 * (PLACE-1), and no fourth round. */
START_TEST(test_SWISS1_SWISS2_small_swiss_to_its_end)
{
    struct sw w;
    make_swiss(&w, 5, "{\"rounds\": 3, \"length\": 3}");
    long long byes[3];
    for (int round = 1; round <= 3; round++) {
        struct res r;
        char seed[16];
        snprintf(seed, sizeof seed, "night-%d", round);
        pair_round(&w, seed, &r);
        ck_assert_int_eq(jint(&r, "round"), round);
        ck_assert_str_eq(jstr(&r, "seed"), seed);
        ck_assert_int_eq(jint(&r, "rematches"), 0);
        json_t *ms = json_object_get(r.json, "matches");
        ck_assert_int_eq(json_array_size(ms), 2);
        ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(ms, 0), "length")), 3);
        byes[round - 1] = jint(&r, "bye");
        for (int k = 0; k < round - 1; k++)
            ck_assert_int_ne(byes[k], byes[round - 1]); /* a second bye while one can be avoided */
        int bye_reason = 0;
        json_t *rs = json_object_get(r.json, "reasons");
        for (size_t i = 0; i < json_array_size(rs); i++)
            bye_reason |=
                !strcmp(json_string_value(json_object_get(json_array_get(rs, i), "kind")), "bye");
        ck_assert_msg(bye_reason, "the bye has its reason: %s", r.body);
        /* the next round waits for this one */
        struct res early;
        post(&w, "/rounds", NULL, &early);
        assert_refused(&early, 409, "SWISS-1", "a round paired before the last finished");
        res_free(&early);
        play_round(&w, &r);
        res_free(&r);
    }
    struct res b;
    board(&w, &b);
    ck_assert_str_eq(jstr(&b, "state"), "finished");
    ck_assert(json_is_true(json_object_get(b.json, "over")));
    json_t *st = json_object_get(b.json, "standings");
    ck_assert_int_eq(json_array_size(st), 5);
    int wins = 0, prev = 1000;
    for (size_t i = 0; i < 5; i++) {
        json_t *row = json_array_get(st, i);
        int wv = (int)json_integer_value(json_object_get(row, "wins"));
        ck_assert_int_le(wv, prev); /* SWISS-2: by wins first */
        prev = wv;
        wins += wv;
        ck_assert_int_le(json_integer_value(json_object_get(row, "byes")), 1);
        ck_assert(json_is_integer(json_object_get(json_object_get(row, "tiebreaks"), "buchholz")));
    }
    ck_assert_int_eq(wins, 3 * 2 + 3); /* each match one win, each bye one */
    json_t *pl = json_object_get(b.json, "placings");
    ck_assert_int_eq(json_array_size(pl), 5);
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(pl, 0), "place")), 1);
    ck_assert_int_eq(json_array_size(json_object_get(b.json, "rounds")), 3);
    /* the standings alone, for the display: the same rows, no rounds */
    char path[200];
    snprintf(path, sizeof path, "%s/swiss/standings", w.epath);
    struct res so;
    req(&S, "GET", path, NULL, NULL, &so);
    ck_assert_int_eq(so.status, 200);
    ck_assert_ptr_null(json_object_get(so.json, "rounds"));
    ck_assert(json_equal(json_object_get(so.json, "standings"), st));
    ck_assert_int_eq(json_array_size(json_object_get(so.json, "placings")), 5);
    res_free(&so);
    res_free(&b);
    struct res r;
    post(&w, "/rounds", NULL, &r);
    assert_refused(&r, 409, "SWISS-1", "a fourth round of three");
    res_free(&r);
}
END_TEST

/* SWISS-1: the round re-paired from the same seed is the same round; from another seed it
 * keeps its players and its matches' ids; the reasons come with it. */
START_TEST(test_SWISS1_repair_same_seed_same_round)
{
    struct sw w;
    make_swiss(&w, 8, "{\"rounds\": 3}");
    struct res r1, r2, r3;
    pair_round(&w, "same", &r1);
    post(&w, "/rounds/1/repair", "{\"seed\": \"same\"}", &r2);
    ck_assert_msg(r2.status == 200, "%s", r2.body);
    json_t *a = json_object_get(r1.json, "matches"), *b = json_object_get(r2.json, "matches");
    ck_assert_int_eq(json_array_size(a), 4);
    for (size_t i = 0; i < 4; i++)
        for (int s = 0; s < 2; s++)
            ck_assert_int_eq(side_of(json_array_get(a, i), s), side_of(json_array_get(b, i), s));
    post(&w, "/rounds/1/repair", "{\"seed\": \"other\"}", &r3);
    ck_assert_msg(r3.status == 200, "%s", r3.body);
    ck_assert_str_eq(jstr(&r3, "seed"), "other");
    json_t *c = json_object_get(r3.json, "matches");
    ck_assert_int_eq(json_array_size(c), 4);
    for (size_t i = 0; i < 4; i++)
        ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(a, i), "id")),
                         json_integer_value(json_object_get(json_array_get(c, i), "id")));
    res_free(&r1);
    res_free(&r2);
    res_free(&r3);
    /* a round that does not exist, or is not the last */
    struct res r;
    post(&w, "/rounds/2/repair", NULL, &r);
    assert_refused(&r, 404, NULL, "no round 2 yet");
    res_free(&r);
}
END_TEST

/* SWISS-1 with RAT-1's seeding: the first round of rated players is paired by rating (the
 * knockout's seeded draw's reading), the top half against the bottom half whatever the
 * seed, the bye to the lowest-ranked (the unrated after the rated), with its reason. */
START_TEST(test_SWISS1_first_round_by_rating)
{
    struct sw w;
    make_swiss(&w, 7, "{\"rounds\": 3}");
    /* A..F rated in reverse (F the highest), G unrated */
    for (int i = 0; i < 6; i++) {
        char path[160], body[64];
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", w.tid, w.p[i]);
        snprintf(body, sizeof body, "{\"rating\": %d}", 1500 + 10 * i);
        struct res r;
        td(&S, "PATCH", path, body, &r);
        ck_assert_msg(r.status == 200, "%s", r.body);
        res_free(&r);
    }
    const char *seeds[] = {"one", "two"};
    for (int k = 0; k < 2; k++) {
        struct res r;
        if (k == 0)
            pair_round(&w, seeds[k], &r);
        else {
            char body[64];
            snprintf(body, sizeof body, "{\"seed\": \"%s\"}", seeds[k]);
            post(&w, "/rounds/1/repair", body, &r);
            ck_assert_msg(r.status == 200, "%s", r.body);
        }
        ck_assert_int_eq(jint(&r, "bye"), w.p[6]);
        json_t *ms = json_object_get(r.json, "matches");
        ck_assert_int_eq(json_array_size(ms), 3);
        /* F-C, E-B, D-A, by the better-ranked */
        for (size_t i = 0; i < 3; i++) {
            json_t *m = json_array_get(ms, i);
            long long a = side_of(m, 0), b = side_of(m, 1);
            long long hi = w.p[5 - i], lo = w.p[2 - i];
            ck_assert_msg((a == hi && b == lo) || (a == lo && b == hi), "%s", r.body);
        }
        int seeded = 0;
        json_t *rs = json_object_get(r.json, "reasons");
        for (size_t i = 0; i < json_array_size(rs); i++)
            seeded |= !strcmp(
                json_string_value(json_object_get(json_array_get(rs, i), "kind")), "seeded");
        ck_assert_msg(seeded, "the seeding has its reason: %s", r.body);
        res_free(&r);
    }
}
END_TEST

/* SWISS-1: two players of the round swapped by hand, audited with the reason; refused for
 * a player not in that round, two of the same pair, without a reason; once a match of
 * the round has started, its players are not swapped and the round is not re-paired (409
 * naming SWISS-1); every refusal changes nothing. */
START_TEST(test_SWISS1_swap_and_repair_refusals)
{
    struct sw w;
    make_swiss(&w, 6, "{\"rounds\": 2}");
    long long outsider = make_player(&S, w.tid, "Not entered");
    struct res r;
    pair_round(&w, "swap", &r);
    json_t *ms = json_object_get(r.json, "matches");
    long long m0 = json_integer_value(json_object_get(json_array_get(ms, 0), "id"));
    long long a0 = side_of(json_array_get(ms, 0), 0), b0 = side_of(json_array_get(ms, 0), 1);
    long long a1 = side_of(json_array_get(ms, 1), 0), b1 = side_of(json_array_get(ms, 1), 1);
    long long a2 = side_of(json_array_get(ms, 2), 0), b2 = side_of(json_array_get(ms, 2), 1);
    res_free(&r);
    char body[200];
    snprintf(body, sizeof body, "{\"a\": %lld, \"b\": %lld, \"reason\": \"club mates\"}", a1, a2);
    post(&w, "/rounds/1/swap", body, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_int_eq(jint(&r, "swapped"), 1);
    json_t *m1 = json_array_get(json_object_get(r.json, "matches"), 1);
    ck_assert_int_eq(side_of(m1, 0), a2);
    ck_assert_int_eq(side_of(m1, 1), b1);
    ck_assert(json_is_integer(json_object_get(r.json, "rematches")));
    res_free(&r);
    /* audited with the reason */
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", w.tid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_msg(strstr(r.body, "swiss.swap") && strstr(r.body, "club mates"), "%s", r.body);
    res_free(&r);

    struct raw before, after;
    snprintf(path, sizeof path, "%s/swiss", w.epath);
    ck_assert_int_eq(raw_get(&S, path, &before), 0);
    snprintf(body, sizeof body, "{\"a\": %lld, \"b\": %lld, \"reason\": \"x\"}", outsider, a0);
    post(&w, "/rounds/1/swap", body, &r);
    assert_refused(&r, 422, "a", "a player not in the round");
    res_free(&r);
    snprintf(body, sizeof body, "{\"a\": %lld, \"b\": %lld, \"reason\": \"x\"}", a0, outsider);
    post(&w, "/rounds/1/swap", body, &r);
    assert_refused(&r, 422, "b", "a player not in the round");
    res_free(&r);
    snprintf(body, sizeof body, "{\"a\": %lld, \"b\": %lld, \"reason\": \"x\"}", a0, b0);
    post(&w, "/rounds/1/swap", body, &r);
    assert_refused(&r, 422, "b", "two of the same pair");
    res_free(&r);
    snprintf(body, sizeof body, "{\"a\": %lld, \"b\": %lld}", a0, b2);
    post(&w, "/rounds/1/swap", body, &r);
    assert_refused(&r, 422, "reason", "a swap without its reason");
    res_free(&r);
    ck_assert_int_eq(raw_get(&S, path, &after), 0);
    ck_assert(raw_same(&before, &after));
    raw_free(&after);

    /* a match of the round decided: it has started */
    verify(&w, m0, 7, 0);
    raw_free(&before);
    ck_assert_int_eq(raw_get(&S, path, &before), 0);
    post(&w, "/rounds/1/repair", NULL, &r);
    assert_refused(&r, 409, "SWISS-1", "a re-pair after a match started");
    res_free(&r);
    snprintf(body, sizeof body, "{\"a\": %lld, \"b\": %lld, \"reason\": \"x\"}", b0, b2);
    post(&w, "/rounds/1/swap", body, &r);
    assert_refused(&r, 409, "SWISS-1", "a swap with a started match");
    res_free(&r);
    ck_assert_int_eq(raw_get(&S, path, &after), 0);
    ck_assert(raw_same(&before, &after));
    raw_free(&before);
    raw_free(&after);
    /* two players of matches not started still change places */
    snprintf(body, sizeof body, "{\"a\": %lld, \"b\": %lld, \"reason\": \"late table\"}", b1, b2);
    post(&w, "/rounds/1/swap", body, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_int_eq(jint(&r, "swapped"), 2);
    res_free(&r);
}
END_TEST

/* SWISS-1: pairing never refuses for rematches: two players, three rounds, meet again in
 * rounds 2 and 3, and the reply says so (rematches 1, a reason of kind "rematch"). */
START_TEST(test_SWISS1_rematch_made_and_counted_in_the_reply)
{
    struct sw w;
    make_swiss(&w, 2, "{\"rounds\": 3, \"length\": 1}");
    struct res r;
    pair_round(&w, "pair", &r);
    ck_assert_int_eq(jint(&r, "rematches"), 0);
    play_round(&w, &r);
    res_free(&r);
    pair_round(&w, NULL, &r);
    ck_assert_int_eq(jint(&r, "rematches"), 1);
    ck_assert_msg(strstr(r.body, "\"kind\":\"rematch\""), "%s", r.body);
    ck_assert_int_gt(strlen(jstr(&r, "seed")), 0); /* a fresh seed, recorded */
    res_free(&r);
}
END_TEST

/* SWISS-1: a late entry joins the next round with the wins the TD sets; a player who
 * withdraws during a round loses that match by walkover (ended walkover, the opponent's
 * win); one who withdraws between rounds is not paired again. */
START_TEST(test_SWISS1_late_entry_and_withdrawals)
{
    struct sw w;
    make_swiss(&w, 4, "{\"rounds\": 3, \"length\": 3}");
    struct res r;
    pair_round(&w, "life", &r);
    json_t *ms = json_object_get(r.json, "matches");
    long long m0 = json_integer_value(json_object_get(json_array_get(ms, 0), "id"));
    long long m1 = json_integer_value(json_object_get(json_array_get(ms, 1), "id"));
    long long quitter = side_of(json_array_get(ms, 0), 1);
    long long opp = side_of(json_array_get(ms, 0), 0);
    long long between = side_of(json_array_get(ms, 1), 1);
    res_free(&r);
    long long late = make_player(&S, w.tid, "Late Larry");
    char body[160];
    snprintf(body, sizeof body, "{\"player_id\": %lld, \"start_wins\": 1}", late);
    post(&w, "/entries", body, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    ck_assert_int_eq(jint(&r, "joins_round"), 2);
    res_free(&r);
    post(&w, "/entries", body, &r);
    assert_refused(&r, 409, NULL, "the same late entry twice");
    res_free(&r);
    /* during round 1: a walkover */
    snprintf(body, sizeof body, "{\"player_id\": %lld}", quitter);
    post(&w, "/withdraw", body, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    json_t *wo = json_object_get(r.json, "walkover");
    ck_assert_int_eq(json_integer_value(json_object_get(wo, "id")), m0);
    ck_assert_str_eq(json_string_value(json_object_get(wo, "ended")), "walkover");
    res_free(&r);
    post(&w, "/withdraw", body, &r);
    assert_refused(&r, 409, NULL, "a second withdrawal");
    res_free(&r);
    verify(&w, m1, 3, 0);
    /* between rounds */
    snprintf(body, sizeof body, "{\"player_id\": %lld}", between);
    post(&w, "/withdraw", body, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert(json_is_null(json_object_get(r.json, "walkover")));
    res_free(&r);
    pair_round(&w, "life-2", &r);
    json_t *m = json_object_get(r.json, "matches");
    ck_assert_int_eq(json_array_size(m),
                     1); /* opp, the other winner and late: one pair and a bye */
    for (size_t i = 0; i < json_array_size(m); i++)
        for (int s = 0; s < 2; s++) {
            ck_assert_int_ne(side_of(json_array_get(m, i), s), quitter);
            ck_assert_int_ne(side_of(json_array_get(m, i), s), between);
        }
    ck_assert_int_ne(jint(&r, "bye"), quitter);
    ck_assert_int_ne(jint(&r, "bye"), between);
    res_free(&r);
    struct res b;
    board(&w, &b);
    ck_assert_int_eq(json_integer_value(json_object_get(standing(&b, opp), "wins")), 1);
    json_t *lr = standing(&b, late); /* the 1 win the TD set, and a bye if it came to them */
    ck_assert_int_eq(json_integer_value(json_object_get(lr, "start_wins")), 1);
    ck_assert_int_eq(json_integer_value(json_object_get(lr, "wins")),
                     1 + json_integer_value(json_object_get(lr, "byes")));
    ck_assert_int_eq(json_integer_value(json_object_get(standing(&b, late), "joined_round")), 2);
    ck_assert(json_is_true(json_object_get(standing(&b, quitter), "withdrawn")));
    ck_assert(json_is_true(json_object_get(standing(&b, between), "withdrawn")));
    res_free(&b);
}
END_TEST

/* SWISS-2: lives: a player out after that many losses is not paired; the Swiss ends when
 * fewer than two are left, with its placings. */
START_TEST(test_SWISS2_lives_end_the_swiss)
{
    struct sw w;
    make_swiss(&w, 4, "{\"lives\": 1, \"length\": 1}");
    struct res r;
    pair_round(&w, "lives", &r);
    play_round(&w, &r);
    res_free(&r);
    pair_round(&w, NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "matches")), 1);
    play_round(&w, &r);
    res_free(&r);
    struct res b;
    board(&w, &b);
    ck_assert_str_eq(jstr(&b, "state"), "finished");
    json_t *first = json_array_get(json_object_get(b.json, "standings"), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(first, "wins")), 2);
    ck_assert_int_eq(json_array_size(json_object_get(b.json, "placings")), 4);
    res_free(&b);
    post(&w, "/rounds", NULL, &r);
    assert_refused(&r, 409, "SWISS-1", "a round with one player left");
    res_free(&r);
}
END_TEST

/* The Swiss's routes on another kind: refused, nothing changed. */
START_TEST(test_SWISS1_routes_on_another_kind_refused)
{
    long long tid = make_tournament(&S, "Not a Swiss");
    long long eid = make_competition(&S, tid, "{\"kind\": \"knockout\", \"name\": \"KO\"}");
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/swiss/rounds", tid,
             eid);
    struct res r;
    td(&S, "POST", path, NULL, &r);
    assert_refused(&r, 409, NULL, "pairing a knockout");
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/swiss", tid, eid);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 404);
    res_free(&r);
}
END_TEST

/* SWISS-2: the standings anonymous screens poll are kept per revision of the events; a
 * change only the Swiss's own rows hold (a withdrawal between rounds) is seen at once. */
START_TEST(test_SWISS2_kept_standings_follow_a_withdrawal)
{
    struct sw w;
    make_swiss(&w, 4, "{\"rounds\": 3}");
    struct res r;
    pair_round(&w, "kept", &r);
    play_round(&w, &r);
    long long quitter = side_of(json_array_get(json_object_get(r.json, "matches"), 0), 1);
    res_free(&r);
    char path[200];
    snprintf(path, sizeof path, "%s/swiss/standings", w.epath);
    for (int i = 0; i < 2; i++) { /* the second from the kept copy */
        req(&S, "GET", path, NULL, NULL, &r);
        ck_assert_int_eq(r.status, 200);
        ck_assert(!json_is_true(json_object_get(standing(&r, quitter), "withdrawn")));
        res_free(&r);
    }
    char body[96];
    snprintf(body, sizeof body, "{\"player_id\": %lld}", quitter);
    post(&w, "/withdraw", body, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_msg(json_is_true(json_object_get(standing(&r, quitter), "withdrawn")), "%s", r.body);
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_swiss");
    TCase *tc = tcase_create("swiss");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_SWISS1_settings_refused_naming_the_field);
    tcase_add_test(tc, test_SWISS1_SWISS2_small_swiss_to_its_end);
    tcase_add_test(tc, test_SWISS1_repair_same_seed_same_round);
    tcase_add_test(tc, test_SWISS1_first_round_by_rating);
    tcase_add_test(tc, test_SWISS1_swap_and_repair_refusals);
    tcase_add_test(tc, test_SWISS1_rematch_made_and_counted_in_the_reply);
    tcase_add_test(tc, test_SWISS1_late_entry_and_withdrawals);
    tcase_add_test(tc, test_SWISS2_lives_end_the_swiss);
    tcase_add_test(tc, test_SWISS1_routes_on_another_kind_refused);
    tcase_add_test(tc, test_SWISS2_kept_standings_follow_a_withdrawal);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
