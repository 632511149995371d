/* Unit tests of a match's states and the rules of its result that live in tourney/: the
 * one `finished` predicate, how a stored match counts in a bracket (KO-8), and the
 * penalty points a final score must hold (MATCH-5). */
#include <check.h>
#include <string.h>

#include "tourney/knockout.h"
#include "tourney/model.h"
#include "tourney/results.h"
#include "../check_main.h"

static struct match match_in(enum match_state st, int winner)
{
    struct match m;
    memset(&m, 0, sizeof m);
    m.length = 5;
    m.state = st;
    m.winner = winner;
    return m;
}

START_TEST(test_state_names_round_trip)
{
    /* the names are the schema's CHECK list on matches.state, in its order */
    static const char *const names[MS_COUNT] = {"scheduled", "called",    "playing",
                                                "reported",  "disputed",  "verified",
                                                "forfeited", "withdrawn", "void"};
    for (int s = 0; s < MS_COUNT; s++) {
        ck_assert_str_eq(match_state_name((enum match_state)s), names[s]);
        ck_assert_int_eq(match_state_from_name(names[s]), s);
    }
    ck_assert_int_eq(match_state_from_name("finished"), -1);
    ck_assert_int_eq(match_state_from_name(""), -1);
    ck_assert_int_eq(match_state_from_name("Verified"), -1);
}
END_TEST

START_TEST(test_end_names_round_trip)
{
    /* the names are the CHECK list of matches.ended (schema/011), in its order */
    static const char *const names[ME_COUNT] = {"",         "played",       "conceded",  "lateness",
                                                "time",     "disqualified", "withdrawn", "bye",
                                                "walkover", "ruling"};
    for (int e = 0; e < ME_COUNT; e++) {
        ck_assert_str_eq(match_end_name((enum match_end)e), names[e]);
        ck_assert_int_eq(match_end_from_name(names[e]), e);
    }
    ck_assert_int_eq(match_end_from_name("forfeit"), -1);
    ck_assert_int_eq(match_end_from_name("Played"), -1);
}
END_TEST

START_TEST(test_MATCH7_finished_and_decided)
{
    for (int s = 0; s < MS_COUNT; s++) {
        struct match m = match_in((enum match_state)s, -1);
        int over = s == MS_VERIFIED || s == MS_FORFEITED || s == MS_WITHDRAWN || s == MS_VOID;
        ck_assert_int_eq(match_finished(&m), over);
        ck_assert_int_eq(match_decided(&m), 0); /* no winner: nothing decided */
        m.winner = 1;
        ck_assert_int_eq(match_decided(&m), over && s != MS_VOID);
    }
}
END_TEST

START_TEST(test_KO8_decision_of_a_stored_match)
{
    struct match m = match_in(MS_VERIFIED, 0);
    ck_assert_int_eq(ko_decision_of(&m), KO_PLAYED);
    m = match_in(MS_FORFEITED, 1);
    ck_assert_int_eq(ko_decision_of(&m), KO_FORFEIT);
    m = match_in(MS_WITHDRAWN, 1);
    ck_assert_int_eq(ko_decision_of(&m), KO_WITHDRAWAL);
    m.ended = ME_DISQUALIFIED;
    ck_assert_int_eq(ko_decision_of(&m), KO_DISQUALIFIED);
    /* a void row is a walkover the bracket computes itself */
    m = match_in(MS_VOID, 0);
    ck_assert_int_eq(ko_decision_of(&m), KO_UNDECIDED);
    /* no winner, or not over: undecided whatever the state */
    m = match_in(MS_VERIFIED, -1);
    ck_assert_int_eq(ko_decision_of(&m), KO_UNDECIDED);
    m = match_in(MS_REPORTED, 0);
    ck_assert_int_eq(ko_decision_of(&m), KO_UNDECIDED);
}
END_TEST

START_TEST(test_MATCH5_final_score_holds_penalties)
{
    char err[256];
    struct match m = match_in(MS_PLAYING, -1);
    m.penalty[1] = 2; /* side b has 2 penalty points from the TD, in its score */
    int five_one[2] = {5, 1}, five_two[2] = {5, 2}, three_five[2] = {3, 5};
    ck_assert_int_eq(results_score_holds_penalties(&m, five_one, 5, 1, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "MATCH-5"));
    ck_assert_ptr_nonnull(strstr(err, "Side b has 2 penalty points"));
    ck_assert_ptr_nonnull(strstr(err, "5-1 is impossible"));
    ck_assert_int_eq(results_score_holds_penalties(&m, five_two, 5, 2, err, sizeof err), 0);
    ck_assert_int_eq(results_score_holds_penalties(&m, three_five, 3, 7, err, sizeof err), 0);
    m.penalty[0] = 1;
    int zero_five[2] = {0, 5};
    ck_assert_int_eq(results_score_holds_penalties(&m, zero_five, 0, 5, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "Side a has 1 penalty point from"));
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("results");
    TCase *tc = tcase_create("units");
    tcase_add_test(tc, test_state_names_round_trip);
    tcase_add_test(tc, test_end_names_round_trip);
    tcase_add_test(tc, test_MATCH7_finished_and_decided);
    tcase_add_test(tc, test_KO8_decision_of_a_stored_match);
    tcase_add_test(tc, test_MATCH5_final_score_holds_penalties);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
