/* Unit tests of the kinds of event (tourney/event_kind.c): the names and states, and each
 * kind's settings read once into typed values, refused with the field named, and written
 * back as they were written (the stored text of a database keeps reading the same). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "tourney/event_kind.h"
#include "../check_main.h"

/* text read by kind k, then written again: the same text (keys sorted, compact) */
static void round_trip(enum event_kind_id k, const char *text)
{
    union event_settings s;
    struct kind_fault f;
    ck_assert_msg(!event_settings_read_text(k, text, &s, &f), "%s refused: %s %s", text, f.field,
                  f.msg);
    char *back = event_settings_text(k, &s);
    ck_assert_str_eq(back, text);
    free(back);
}

/* text refused by kind k, naming field */
static struct kind_fault refused(enum event_kind_id k, const char *text, const char *field)
{
    union event_settings s;
    struct kind_fault f;
    ck_assert_int_eq(event_settings_read_text(k, text, &s, &f), -1);
    ck_assert_str_eq(f.field, field);
    ck_assert_int_gt((int)strlen(f.msg), 0);
    return f;
}

START_TEST(test_names_and_states)
{
    for (int k = 0; k < EK_COUNT; k++)
        ck_assert_int_eq(event_kind_from_name(event_kind_name((enum event_kind_id)k)), k);
    ck_assert_str_eq(event_kind_name(EK_KNOCKOUT), "knockout");
    ck_assert_str_eq(event_kind_name(EK_SWING), "swing");
    ck_assert_str_eq(event_kind_name(EK_DAVIS), "davis");
    ck_assert_str_eq(event_kind_name(EK_SWISS), "swiss");
    ck_assert_ptr_null(event_kind_names[EK_COUNT]);
    ck_assert_int_eq(event_kind_from_name("swiss"), EK_SWISS);
    ck_assert_int_eq(event_kind_from_name("roundrobin"), -1);
    ck_assert_int_eq(event_kind_from_name(NULL), -1);
    const char *states[] = {"open", "running", "finished"};
    for (int s = 0; s < ES_COUNT; s++) {
        ck_assert_str_eq(event_state_name((enum event_state)s), states[s]);
        ck_assert_int_eq(event_state_from_name(states[s]), s);
    }
    ck_assert_int_eq(event_state_from_name("closed"), -1);
}
END_TEST

/* KO-4..KO-7: the knockout's settings read typed; only what the TD wrote is written back */
START_TEST(test_knockout_settings_read_and_written_back)
{
    union event_settings s;
    struct kind_fault f;
    const char *text = "{\"feeds_from\":3,\"flight\":\"Championship\",\"late_deadline\":"
                       "\"2026-05-01T10:00Z\",\"late_places\":2,\"lengths\":[7,9,11],"
                       "\"progressive\":true,\"seeded\":true,\"seeds\":4}";
    ck_assert_int_eq(event_settings_read_text(EK_KNOCKOUT, text, &s, &f), 0);
    ck_assert_int_eq(s.ko.feeds_from, 3);
    ck_assert_str_eq(s.ko.flight, "Championship");
    ck_assert_int_eq(s.ko.late.places, 2);
    ck_assert_int_gt(s.ko.late.deadline_ms, 0);
    ck_assert_int_eq(s.ko.n_lengths, 3);
    ck_assert_int_eq(s.ko.lengths[2], 11);
    ck_assert_int_eq(s.ko.progressive, 1);
    ck_assert_int_eq(s.ko.seeded, 1);
    ck_assert_int_eq(s.ko.seeds, 4);
    round_trip(EK_KNOCKOUT, text);
    round_trip(EK_KNOCKOUT, "{\"lengths\":[7]}");
    round_trip(EK_KNOCKOUT, "{\"feeds_from\":null,\"late_deadline\":null,\"lengths\":[5]}");
    /* none given: every round to 7 */
    ck_assert_int_eq(event_settings_read(EK_KNOCKOUT, NULL, &s, &f), 0);
    ck_assert_int_eq(s.ko.n_lengths, 1);
    ck_assert_int_eq(s.ko.lengths[0], 7);
    ck_assert_int_eq(s.ko.feeds_from, 0);
    char *back = event_settings_text(EK_KNOCKOUT, &s);
    ck_assert_str_eq(back, "{\"lengths\":[7]}");
    free(back);
}
END_TEST

START_TEST(test_knockout_settings_refused_naming_the_field)
{
    refused(EK_KNOCKOUT, "{\"lengths\":[]}", "knockout.lengths");
    refused(EK_KNOCKOUT, "{\"lengths\":[7,100]}", "knockout.lengths");
    refused(EK_KNOCKOUT, "{\"lengths\":\"7\"}", "knockout.lengths");
    refused(EK_KNOCKOUT, "{\"late_deadline\":\"tomorrow\"}", "knockout.late_deadline");
    refused(EK_KNOCKOUT, "[1]", "knockout");
    refused(EK_KNOCKOUT, "{not json", "knockout");
    /* the lengths of the TD's change are read by the same reader, under their own name */
    int lengths[KO_MAX_ROUNDS], n;
    struct kind_fault f;
    json_t *l = json_pack("[i, i]", 7, 0);
    ck_assert_int_eq(ko_lengths_read(l, "lengths", lengths, &n, &f), -1);
    ck_assert_str_eq(f.field, "lengths");
    ck_assert_str_eq(f.msg, "value 2 must be 1 to 99 points");
    json_decref(l);
}
END_TEST

/* SWING-1, SWING-4, SWING-5 */
START_TEST(test_swing_settings_read_and_written_back)
{
    union event_settings s;
    struct kind_fault f;
    const char *list = "{\"allin\":\"cpp\",\"cpp\":[10,20,40],\"start_chips\":1000}";
    ck_assert_int_eq(event_settings_read_text(EK_SWING, list, &s, &f), 0);
    ck_assert_int_eq(s.swing.start_chips, 1000);
    ck_assert_int_eq(s.swing.n_schedule, 3);
    ck_assert_int_eq(s.swing.schedule[2], 40);
    ck_assert_int_eq(s.swing.allin, SWING_ALLIN_CPP);
    round_trip(EK_SWING, list);
    round_trip(EK_SWING, "{\"allin\":\"short_stack\",\"allow_decrease\":false,\"cpp_start\":10,"
                         "\"growth_add\":5,\"growth_percent\":50,\"start_chips\":500}");
    /* the default all-in rule is written as the TD would read it */
    ck_assert_int_eq(
        event_settings_read_text(EK_SWING, "{\"cpp_start\":10,\"start_chips\":9}", &s, &f), 0);
    char *back = event_settings_text(EK_SWING, &s);
    ck_assert_str_eq(back, "{\"allin\":\"short_stack\",\"cpp_start\":10,\"start_chips\":9}");
    free(back);
}
END_TEST

START_TEST(test_swing_settings_refused_naming_the_field)
{
    refused(EK_SWING, "{\"cpp\":[1],\"cpp_start\":1,\"start_chips\":9}", "swing.cpp");
    refused(EK_SWING, "{\"start_chips\":9}", "swing.cpp");
    refused(EK_SWING, "{\"cpp\":[1,\"x\"],\"start_chips\":9}", "swing.cpp");
    ck_assert_ptr_null(refused(EK_SWING, "{\"cpp\":[],\"start_chips\":9}", "swing.cpp").title);
    /* SWING-5: a falling CPP is refused as a whole, the schedule named */
    struct kind_fault f = refused(EK_SWING, "{\"cpp\":[20,10],\"start_chips\":9}", "swing.cpp");
    ck_assert_str_eq(f.title, "Invalid Swing settings");
    /* SWING-1: no chips at the start */
    f = refused(EK_SWING, "{\"cpp_start\":10,\"start_chips\":0}", "swing");
    ck_assert_ptr_nonnull(strstr(f.msg, "start_chips"));
    refused(EK_SWING, "", "swing");
}
END_TEST

/* DAVIS-2, DAVIS-3, KO-4 */
START_TEST(test_davis_settings_read_and_written_whole)
{
    union event_settings s;
    struct kind_fault f;
    ck_assert_int_eq(event_settings_read(EK_DAVIS, NULL, &s, &f), 0);
    char *back = event_settings_text(EK_DAVIS, &s);
    ck_assert_str_eq(back, "{\"format\":\"round_robin\",\"late_deadline\":null,\"late_places\":0,"
                           "\"lengths\":[5,5,5],\"play_dead\":false}");
    free(back);
    const char *text = "{\"format\":\"knockout\",\"late_deadline\":\"2026-05-01T10:00:30Z\","
                       "\"late_places\":3,\"lengths\":[7,9,11],\"play_dead\":true}";
    ck_assert_int_eq(event_settings_read_text(EK_DAVIS, text, &s, &f), 0);
    ck_assert_int_eq(s.davis.knockout, 1);
    ck_assert_int_eq(s.davis.play_dead, 1);
    ck_assert_int_eq(s.davis.late.places, 3);
    ck_assert_int_gt(s.davis.late.deadline_ms, 0);
    ck_assert_int_eq(s.davis.lengths[1], 9);
    round_trip(EK_DAVIS, text);
    /* the late entry of a kind that has one, the same struct whichever kind */
    ck_assert_ptr_eq(event_kind_of(EK_DAVIS)->late(&s), &s.davis.late);
    ck_assert_int_eq(event_kind_of(EK_SWING)->late == NULL, 1);
}
END_TEST

START_TEST(test_davis_settings_refused_naming_the_field)
{
    refused(EK_DAVIS, "{\"lengths\":[7,7]}", "davis.lengths");
    refused(EK_DAVIS, "{\"lengths\":[7,0,7]}", "davis.lengths");
    refused(EK_DAVIS, "{\"late_deadline\":\"soon\"}", "davis.late_deadline");
    refused(EK_DAVIS, "7", "davis");
}
END_TEST

/* SWISS-1, SWISS-2: rounds or lives, the length by round, the tie-breaks in the TD's order,
 * how a bye and a walkover count, a late entry's wins; read, defaulted, written whole. */
START_TEST(test_SWISS1_settings_read_and_written_whole)
{
    union event_settings s;
    struct kind_fault f;
    ck_assert_int_eq(event_settings_read_text(EK_SWISS, "{\"rounds\":5}", &s, &f), 0);
    ck_assert_int_eq(s.swiss.rounds, 5);
    ck_assert_int_eq(s.swiss.lives, 0);
    ck_assert_int_eq(swiss_length_of(&s.swiss, 1), 7);
    ck_assert_int_eq(s.swiss.n_tiebreaks, 2); /* Buchholz, then Sonneborn-Berger */
    char *back = event_settings_text(EK_SWISS, &s);
    ck_assert_str_eq(back, "{\"bye_counts\":\"zero\",\"late_wins\":0,\"length\":[7],\"rounds\":5,"
                           "\"tiebreaks\":[\"buchholz\",\"sonneborn_berger\"],\"walkover_counts\":"
                           "\"as_played\"}");
    free(back);
    const char *text = "{\"bye_counts\":\"own\",\"late_wins\":1,\"length\":[5,7,9],\"lives\":2,"
                       "\"tiebreaks\":[\"head_to_head\",\"median_buchholz\",\"points_diff\"],"
                       "\"walkover_counts\":\"as_bye\"}";
    ck_assert_int_eq(event_settings_read_text(EK_SWISS, text, &s, &f), 0);
    ck_assert_int_eq(swiss_length_of(&s.swiss, 2), 7);
    ck_assert_int_eq(swiss_length_of(&s.swiss, 9), 9); /* the last for every later round */
    round_trip(EK_SWISS, text);
    ck_assert_int_eq(event_kind_of(EK_SWISS)->late == NULL, 1);
}
END_TEST

START_TEST(test_SWISS1_settings_refused_naming_the_field)
{
    refused(EK_SWISS, "{}", "swiss.rounds");
    refused(EK_SWISS, "{\"rounds\":0}", "swiss.rounds");
    refused(EK_SWISS, "{\"rounds\":65}", "swiss.rounds");
    refused(EK_SWISS, "{\"lives\":-1}", "swiss.lives");
    refused(EK_SWISS, "{\"rounds\":3,\"length\":0}", "swiss.length");
    refused(EK_SWISS, "{\"rounds\":3,\"length\":\"7\"}", "swiss.length");
    refused(EK_SWISS, "{\"rounds\":3,\"length\":[7,100]}", "swiss.length");
    refused(EK_SWISS, "{\"rounds\":3,\"tiebreaks\":[\"lot\"]}", "swiss.tiebreaks");
    refused(EK_SWISS, "{\"rounds\":3,\"tiebreaks\":[\"buchholz\",\"buchholz\"]}",
            "swiss.tiebreaks");
    refused(EK_SWISS, "{\"rounds\":3,\"bye_counts\":\"half\"}", "swiss.bye_counts");
    refused(EK_SWISS, "{\"rounds\":3,\"walkover_counts\":1}", "swiss.walkover_counts");
    refused(EK_SWISS, "{\"rounds\":3,\"late_wins\":65}", "swiss.late_wins");
    refused(EK_SWISS, "[5]", "swiss");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("event_kind");
    TCase *tc = tcase_create("units");
    tcase_add_test(tc, test_names_and_states);
    tcase_add_test(tc, test_knockout_settings_read_and_written_back);
    tcase_add_test(tc, test_knockout_settings_refused_naming_the_field);
    tcase_add_test(tc, test_swing_settings_read_and_written_back);
    tcase_add_test(tc, test_swing_settings_refused_naming_the_field);
    tcase_add_test(tc, test_davis_settings_read_and_written_whole);
    tcase_add_test(tc, test_davis_settings_refused_naming_the_field);
    tcase_add_test(tc, test_SWISS1_settings_read_and_written_whole);
    tcase_add_test(tc, test_SWISS1_settings_refused_naming_the_field);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
