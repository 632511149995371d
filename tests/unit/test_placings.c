/* Placings (DOMAIN.md PLACE-1, PLACE-2) as pure logic: bands from the kinds' stages, a
 * bracket's losers by the round they lost in (byes, a running event), a band split in the
 * TD's order, the order's names. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "common/errors.h"
#include "tourney/knockout.h"
#include "tourney/placings.h"
#include "../check_main.h"

static struct placing *add(struct placings *ps, int64_t id, int64_t stage)
{
    struct placing *p = placings_add(ps, id);
    ck_assert_ptr_nonnull(p);
    p->stage = stage;
    return p;
}

static void band_is(struct placings *ps, int64_t id, int from, int to, int rank)
{
    struct placing *p = placings_find(ps, id);
    ck_assert_ptr_nonnull(p);
    ck_assert_msg(p->place_from == from && p->place_to == to && p->rank == rank,
                  "entrant %lld: %d-%d rank %d, expected %d-%d rank %d", (long long)id,
                  p->place_from, p->place_to, p->rank, from, to, rank);
}

START_TEST(test_PLACE1_equal_stages_share_a_band)
{
    struct placings ps = {0};
    /* an 8-draw: the winner (stage 4), the final's loser (3), semi-final (2) and
     * quarter-final losers (1), given in no order */
    add(&ps, 5, 1), add(&ps, 1, 4), add(&ps, 6, 1), add(&ps, 3, 2), add(&ps, 7, 1);
    add(&ps, 2, 3), add(&ps, 8, 1), add(&ps, 4, 2);
    placings_order(&ps, NULL);
    band_is(&ps, 1, 1, 1, 1);
    band_is(&ps, 2, 2, 2, 2);
    band_is(&ps, 3, 3, 4, 3);
    band_is(&ps, 4, 3, 4, 3);
    for (int64_t id = 5; id <= 8; id++)
        band_is(&ps, id, 5, 8, 5);
    /* best first */
    ck_assert_int_eq(ps.p[0].entrant, 1);
    ck_assert_int_eq(ps.p[1].entrant, 2);
    placings_free(&ps);
}
END_TEST

/* Decides every ready match for side a, up to `rounds_to_play` rounds (0: all). */
static void play(const struct ko_bracket *b, struct ko_result *res, struct ko_mview *v,
                 int rounds_to_play)
{
    char err[200];
    int nm = ko_match_count(b);
    for (;;) {
        ck_assert_int_eq(ko_compute(b, res, v, err, sizeof err), 0);
        int any = 0;
        for (int m = 0; m < nm; m++)
            if (v[m].state == KO_M_READY && (!rounds_to_play || v[m].round <= rounds_to_play)) {
                res[m].decision = KO_PLAYED;
                res[m].winner = 0;
                any = 1;
            }
        if (!any)
            break;
    }
}

START_TEST(test_PLACE1_bracket_bands_with_byes)
{
    /* 12 players in a 16-bracket: 4 byes, so 4 round-1 losers share 9-12, not 9-16 */
    struct ko_entry e[12];
    memset(e, 0, sizeof e);
    for (int i = 0; i < 12; i++)
        e[i].id = i + 1;
    struct ko_bracket b;
    char err[200];
    ck_assert_int_eq(ko_draw(7, e, 12, 0, NULL, &b, err, sizeof err), 0);
    int nm = ko_match_count(&b);
    struct ko_result *res = calloc((size_t)nm, sizeof *res);
    struct ko_mview *v = calloc((size_t)nm, sizeof *v);
    play(&b, res, v, 0);
    struct placings ps = {0};
    ck_assert_int_eq(placings_bracket(&ps, &b, v), 0);
    placings_order(&ps, NULL);
    ck_assert_int_eq(ps.n, 12);
    int count[13] = {0};
    for (int i = 0; i < ps.n; i++) {
        ck_assert(ps.p[i].out);
        count[ps.p[i].place_from]++;
        ck_assert_int_eq(ps.p[i].place_to, ps.p[i].place_from == 1   ? 1
                                           : ps.p[i].place_from == 2 ? 2
                                           : ps.p[i].place_from == 3 ? 4
                                           : ps.p[i].place_from == 5 ? 8
                                                                     : 12);
    }
    ck_assert_int_eq(count[1], 1);
    ck_assert_int_eq(count[2], 1);
    ck_assert_int_eq(count[3], 2);
    ck_assert_int_eq(count[5], 4);
    ck_assert_int_eq(count[9], 4);
    ck_assert_str_eq(ps.p[0].why, "won the final");
    ck_assert_str_eq(ps.p[1].why, "lost in the final");
    ck_assert_str_eq(ps.p[2].why, "lost in the semi-finals");
    ck_assert_str_eq(ps.p[4].why, "lost in the quarter-finals");
    ck_assert_str_eq(ps.p[11].why, "lost in round 1");
    placings_free(&ps);
    free(res);
    free(v);
    ko_bracket_free(&b);
}
END_TEST

START_TEST(test_PLACE1_running_bracket_so_far)
{
    /* an 8-draw with round 1 played: the 4 still in share 1-4, the 4 out share 5-8 */
    struct ko_entry e[8];
    memset(e, 0, sizeof e);
    for (int i = 0; i < 8; i++)
        e[i].id = i + 1;
    struct ko_bracket b;
    char err[200];
    ck_assert_int_eq(ko_draw(3, e, 8, 0, NULL, &b, err, sizeof err), 0);
    int nm = ko_match_count(&b);
    struct ko_result *res = calloc((size_t)nm, sizeof *res);
    struct ko_mview *v = calloc((size_t)nm, sizeof *v);
    play(&b, res, v, 1);
    struct placings ps = {0};
    ck_assert_int_eq(placings_bracket(&ps, &b, v), 0);
    placings_order(&ps, NULL);
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(ps.p[i].out, i >= 4);
        ck_assert_int_eq(ps.p[i].place_from, i < 4 ? 1 : 5);
        ck_assert_int_eq(ps.p[i].place_to, i < 4 ? 4 : 8);
        ck_assert_str_eq(ps.p[i].why, i < 4 ? "still in play" : "lost in the quarter-finals");
    }
    placings_free(&ps);
    free(res);
    free(v);
    ko_bracket_free(&b);
}
END_TEST

START_TEST(test_PLACE1_loser_band_fixed_as_it_loses)
{
    /* 12 players in a 16-bracket, one round-1 match decided: its loser is already 9-12
     * (the 8 places of round 2 are all taken, by byes or winners to come); the 11 still in
     * share 1-11 so far */
    struct ko_entry e[12];
    memset(e, 0, sizeof e);
    for (int i = 0; i < 12; i++)
        e[i].id = i + 1;
    struct ko_bracket b;
    char err[200];
    ck_assert_int_eq(ko_draw(11, e, 12, 0, NULL, &b, err, sizeof err), 0);
    int nm = ko_match_count(&b);
    struct ko_result *res = calloc((size_t)nm, sizeof *res);
    struct ko_mview *v = calloc((size_t)nm, sizeof *v);
    ck_assert_int_eq(ko_compute(&b, res, v, err, sizeof err), 0);
    int m = 0;
    while (v[m].state != KO_M_READY)
        m++;
    res[m].decision = KO_PLAYED;
    res[m].winner = 1;
    ck_assert_int_eq(ko_compute(&b, res, v, err, sizeof err), 0);
    struct placings ps = {0};
    ck_assert_int_eq(placings_bracket(&ps, &b, v), 0);
    placings_order(&ps, NULL);
    ck_assert_int_eq(ps.n, 12);
    struct placing *lost = placings_find(&ps, v[m].side[0].id);
    ck_assert_int_eq(lost->place_from, 9);
    ck_assert_int_eq(lost->place_to, 12);
    ck_assert_int_eq(lost->reason, PLACE_R_LOST);
    ck_assert_int_eq(lost->why_n, 1);
    ck_assert_int_eq(lost->why_m, 4);
    ck_assert_int_eq(ps.p[0].place_from, 1);
    ck_assert_int_eq(ps.p[0].place_to, 11);
    ck_assert_int_eq(ps.p[0].reason, PLACE_R_IN_PLAY);
    placings_free(&ps);
    free(res);
    free(v);
    ko_bracket_free(&b);
}
END_TEST

START_TEST(test_PLACE1_playoff_places_third_and_fourth)
{
    /* a 4-draw played out: the champion, the final's loser, two semi-final losers; then the
     * play-off for 3rd between those two */
    struct ko_entry e[4];
    memset(e, 0, sizeof e);
    for (int i = 0; i < 4; i++)
        e[i].id = i + 1;
    struct ko_bracket b;
    char err[200];
    ck_assert_int_eq(ko_draw(5, e, 4, 0, NULL, &b, err, sizeof err), 0);
    int nm = ko_match_count(&b);
    struct ko_result *res = calloc((size_t)nm, sizeof *res);
    struct ko_mview *v = calloc((size_t)nm, sizeof *v);
    play(&b, res, v, 0);
    struct placings ps = {0};
    ck_assert_int_eq(placings_bracket(&ps, &b, v), 0);
    int64_t l0 = v[0].side[1].id, l1 = v[1].side[1].id; /* side a won each semi-final */
    placings_playoff(&ps, l1, l0);
    placings_order(&ps, NULL);
    band_is(&ps, l1, 3, 3, 3);
    band_is(&ps, l0, 4, 4, 4);
    ck_assert_int_eq(ps.p[2].entrant, l1);
    ck_assert_int_eq(ps.p[2].reason, PLACE_R_PLAYOFF);
    ck_assert_int_eq(ps.p[2].why_n, 1);
    ck_assert_str_eq(ps.p[2].why, "won the play-off for 3rd");
    ck_assert_str_eq(ps.p[3].why, "lost the play-off for 3rd");
    ck_assert_int_eq(ps.p[0].place_from, 1);
    ck_assert_int_eq(ps.p[1].place_from, 2);
    placings_free(&ps);
    free(res);
    free(v);
    ko_bracket_free(&b);
}
END_TEST

START_TEST(test_PLACE2_band_split_in_the_TDs_order)
{
    struct placings ps = {0};
    add(&ps, 1, 9);
    struct placing *a = add(&ps, 2, 5), *b = add(&ps, 3, 5), *c = add(&ps, 4, 5),
                   *d = add(&ps, 5, 5);
    a->rounds_won = 1, a->points_diff = -3;
    b->rounds_won = 2, b->points_diff = -9;
    c->rounds_won = 1, c->points_diff = 4;
    d->rounds_won = 1, d->points_diff = 4;
    struct place_order shared = {0, {0}};
    placings_order(&ps, &shared);
    for (int64_t id = 2; id <= 5; id++)
        band_is(&ps, id, 2, 5, 2); /* shared: the band's first place for all */
    struct place_order o = {2, {PLACE_KEY_ROUNDS_WON, PLACE_KEY_POINTS_DIFF}};
    placings_order(&ps, &o);
    band_is(&ps, 1, 1, 1, 1);
    band_is(&ps, 3, 2, 5, 2); /* most rounds won */
    band_is(&ps, 4, 2, 5, 3); /* then points difference; 4 and 5 cannot be told apart */
    band_is(&ps, 5, 2, 5, 3);
    band_is(&ps, 2, 2, 5, 5);
    struct place_order pd = {1, {PLACE_KEY_POINTS_DIFF}};
    placings_order(&ps, &pd);
    band_is(&ps, 2, 2, 5, 4);
    band_is(&ps, 3, 2, 5, 5);
    placings_free(&ps);
}
END_TEST

START_TEST(test_PLACE2_rating_split_unrated_last)
{
    struct placings ps = {0};
    struct placing *a = add(&ps, 1, 0), *b = add(&ps, 2, 0), *c = add(&ps, 3, 0);
    a->has_rating = 1, a->rating = 1500;
    b->has_rating = 0;
    c->has_rating = 1, c->rating = 1700;
    struct place_order o = {1, {PLACE_KEY_RATING}};
    placings_order(&ps, &o);
    band_is(&ps, 3, 1, 3, 1);
    band_is(&ps, 1, 1, 3, 2);
    band_is(&ps, 2, 1, 3, 3);
    placings_free(&ps);
}
END_TEST

START_TEST(test_PLACE2_order_names_read_and_written)
{
    struct place_order o;
    char err[120], text[64];
    ck_assert_int_eq(place_order_parse("rating,rounds_won", &o, err, sizeof err), 0);
    ck_assert_int_eq(o.n, 2);
    ck_assert_int_eq(o.keys[0], PLACE_KEY_RATING);
    place_order_text(&o, text, sizeof text);
    ck_assert_str_eq(text, "rating,rounds_won");
    ck_assert_int_eq(place_order_parse("", &o, err, sizeof err), 0);
    ck_assert_int_eq(o.n, 0);
    ck_assert_int_eq(place_order_parse("rounds_won,luck", &o, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "luck"));
    ck_assert_int_eq(place_order_parse("rating,rating", &o, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "twice"));
    ck_assert_int_eq(place_order_parse("rating,", &o, err, sizeof err), 0);
}
END_TEST

START_TEST(test_PLACE2_tally_counts_wins_and_points)
{
    struct placings ps = {0};
    add(&ps, 1, 0), add(&ps, 2, 0);
    struct placing *team = add(&ps, 10, 0);
    team->players[0] = 3, team->players[1] = 4;
    struct place_match m[] = {
        {{1, 2}, 0, {7, 3}},
        {{2, 3}, 1, {5, 7}},
        {{4, 1}, 0, {7, 6}},
        {{1, 3}, -1, {2, 2}}, /* undecided: not counted */
    };
    placings_tally(&ps, m, 4);
    ck_assert_int_eq(placings_find(&ps, 1)->rounds_won, 1);
    ck_assert_int_eq(placings_find(&ps, 1)->points_diff, 4 - 1);
    ck_assert_int_eq(placings_find(&ps, 2)->rounds_won, 0);
    ck_assert_int_eq(placings_find(&ps, 2)->points_diff, -4 - 2);
    ck_assert_int_eq(team->rounds_won, 2);
    ck_assert_int_eq(team->points_diff, 2 + 1);
    placings_free(&ps);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("placings");
    TCase *tc = tcase_create("placings");
    tcase_add_test(tc, test_PLACE1_equal_stages_share_a_band);
    tcase_add_test(tc, test_PLACE1_bracket_bands_with_byes);
    tcase_add_test(tc, test_PLACE1_running_bracket_so_far);
    tcase_add_test(tc, test_PLACE1_loser_band_fixed_as_it_loses);
    tcase_add_test(tc, test_PLACE1_playoff_places_third_and_fourth);
    tcase_add_test(tc, test_PLACE2_band_split_in_the_TDs_order);
    tcase_add_test(tc, test_PLACE2_rating_split_unrated_last);
    tcase_add_test(tc, test_PLACE2_order_names_read_and_written);
    tcase_add_test(tc, test_PLACE2_tally_counts_wins_and_points);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
