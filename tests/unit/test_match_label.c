/* Unit tests of a match's label (tourney/match_label.c): how each kind of match is named,
 * the same for every reply, stream entry and page. */
#include <check.h>
#include <string.h>

#include "tourney/match_label.h"
#include "../check_main.h"

static struct match match_in(int64_t id, int64_t event_id, int round)
{
    struct match m;
    memset(&m, 0, sizeof m);
    m.id = id;
    m.event_id = event_id;
    m.round = round;
    m.winner = -1;
    return m;
}

START_TEST(test_standalone_is_named_by_its_number)
{
    struct match m = match_in(12, 0, 0);
    struct match_label l;
    match_label(&m, NULL, &l);
    ck_assert_int_eq(l.kind, LABEL_STANDALONE);
    ck_assert_str_eq(label_kind_name(l.kind), "standalone");
    ck_assert_ptr_null(l.event);
    ck_assert_int_eq(l.round, 0);
    ck_assert_str_eq(l.round_name, "");
    ck_assert_str_eq(l.text, "Match 12");
    /* an event that could not be read names the match by its number too */
    m.event_id = 3;
    m.round = 2;
    match_label(&m, NULL, &l);
    ck_assert_int_eq(l.kind, LABEL_STANDALONE);
    ck_assert_str_eq(l.text, "Match 12");
}
END_TEST

START_TEST(test_knockout_rounds_counted_back_from_the_final)
{
    /* a bracket of 32: five rounds, the last three named */
    struct label_event e = {"Main", EK_KNOCKOUT, 5};
    static const char *const names[] = {"Round 1", "Round 2", "Quarter-final", "Semi-final",
                                        "Final"};
    static const char *const texts[] = {"Main · Round 1", "Main · Round 2", "Main · Quarter-final",
                                        "Main · Semi-final", "Main · Final"};
    for (int r = 1; r <= 5; r++) {
        struct match m = match_in(40 + r, 1, r);
        struct match_label l;
        match_label(&m, &e, &l);
        ck_assert_int_eq(l.kind, LABEL_KNOCKOUT);
        ck_assert_str_eq(label_kind_name(l.kind), "knockout");
        ck_assert_str_eq(l.event, "Main");
        ck_assert_int_eq(l.round, r);
        ck_assert_int_eq(l.rounds, 5);
        ck_assert_str_eq(l.round_name, names[r - 1]);
        ck_assert_str_eq(l.text, texts[r - 1]);
        ck_assert_int_eq(l.tie, 0);
        ck_assert_int_eq(l.phase, 0);
    }
}
END_TEST

START_TEST(test_consolation_is_a_knockout_under_its_own_name)
{
    /* a Consolation or Last Chance is a knockout event fed by another: its name says which */
    struct label_event e = {"Consolation", EK_KNOCKOUT, 2};
    struct match m = match_in(7, 2, 1);
    struct match_label l;
    match_label(&m, &e, &l);
    ck_assert_int_eq(l.kind, LABEL_KNOCKOUT);
    ck_assert_str_eq(l.text, "Consolation · Semi-final");
    /* before its draw a fed event has no bracket: its rounds are numbered */
    e.rounds = 0;
    match_label(&m, &e, &l);
    ck_assert_str_eq(l.round_name, "Round 1");
    ck_assert_int_eq(l.rounds, 0);
}
END_TEST

START_TEST(test_swing_rounds_are_numbered)
{
    struct label_event e = {"Swing", EK_SWING, 0};
    struct match m = match_in(9, 4, 4);
    struct match_label l;
    match_label(&m, &e, &l);
    ck_assert_int_eq(l.kind, LABEL_SWING);
    ck_assert_str_eq(label_kind_name(l.kind), "swing");
    ck_assert_int_eq(l.round, 4);
    ck_assert_str_eq(l.round_name, "Round 4");
    ck_assert_str_eq(l.text, "Swing · Round 4");
}
END_TEST

START_TEST(test_davis_rubber_names_tie_and_phase)
{
    /* DAVIS-2: rubbers 1-2 singles (phase 1), 3 the doubles (phase 2), 4-5 singles (phase 3) */
    struct label_event rr = {"Cup", EK_DAVIS, 0};
    static const int phases[] = {1, 1, 2, 3, 3};
    for (int k = 1; k <= 5; k++) {
        struct match m = match_in(100 + k, 5, 2);
        m.tie_id = 31;
        m.rubber = k;
        struct match_label l;
        match_label(&m, &rr, &l);
        ck_assert_int_eq(l.kind, LABEL_DAVIS);
        ck_assert_str_eq(label_kind_name(l.kind), "davis");
        ck_assert_int_eq(l.tie, 31);
        ck_assert_int_eq(l.rubber, k);
        ck_assert_int_eq(l.phase, phases[k - 1]);
        ck_assert_str_eq(label_phase_name(l.phase), k == 3 ? "doubles" : "singles");
    }
    struct match m = match_in(103, 5, 2);
    m.tie_id = 31;
    m.rubber = 3;
    struct match_label l;
    match_label(&m, &rr, &l);
    ck_assert_str_eq(l.text, "Cup · Round 2 · Rubber 3 (doubles)");
    /* a knockout of teams names its rounds as a bracket does */
    struct label_event ko = {"Cup", EK_DAVIS, 2};
    match_label(&m, &ko, &l);
    ck_assert_str_eq(l.text, "Cup · Final · Rubber 3 (doubles)");
    ck_assert_ptr_null(label_phase_name(0));
}
END_TEST

START_TEST(test_PLACE1_playoff_for_third_named)
{
    /* the play-off for 3rd: the final's round, beside the final (slot 2) */
    struct label_event e = {"Main", EK_KNOCKOUT, 3};
    struct match m = match_in(9, 1, 3);
    m.slot = 2;
    struct match_label l;
    match_label(&m, &e, &l);
    ck_assert(l.playoff);
    ck_assert_str_eq(l.round_name, "Play-off for 3rd");
    ck_assert_str_eq(l.text, "Main · Play-off for 3rd");
    m.slot = 1; /* the final itself */
    match_label(&m, &e, &l);
    ck_assert(!l.playoff);
    ck_assert_str_eq(l.round_name, "Final");
    struct label_event pool = {"Swing", EK_SWING, 0}; /* no bracket, no play-off */
    m.slot = 2;
    match_label(&m, &pool, &l);
    ck_assert(!l.playoff);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("match_label");
    TCase *tc = tcase_create("units");
    tcase_add_test(tc, test_standalone_is_named_by_its_number);
    tcase_add_test(tc, test_knockout_rounds_counted_back_from_the_final);
    tcase_add_test(tc, test_consolation_is_a_knockout_under_its_own_name);
    tcase_add_test(tc, test_swing_rounds_are_numbered);
    tcase_add_test(tc, test_davis_rubber_names_tie_and_phase);
    tcase_add_test(tc, test_PLACE1_playoff_for_third_named);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
