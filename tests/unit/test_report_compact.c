/* Unit tests of a score-only report's stored form, the compact list of its games
 * ("a:1:single,b:2:gammon,a:1:resign:2"): what op_report_compact_append writes,
 * op_report_rec_from_compact reads back game by game, and anything else is refused, not
 * half read. The list is read again at every new game of the report. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "common/json_out.h"
#include "ops/records/match.h"
#include "ops/replay/report_check.h"
#include "ops/replay/report_replay.h"
#include "rules/bg_match.h"
#include "../check_main.h"

static int parse(const char *text, bg_match_rec *rec)
{
    memset(rec, 0, sizeof *rec);
    return op_report_rec_from_compact(text, rec);
}

START_TEST(test_written_list_reads_back)
{
    static const struct game_in games[] = {
        {0, 1, "single", 0}, {1, 2, "gammon", 0}, {0, 4, "backgammon", 0},
        {1, 1, "drop", 0},   {0, 2, "resign", 2}, {1, 64, "single", 0},
    };
    int n = (int)(sizeof games / sizeof games[0]);
    char *text = NULL;
    for (int i = 0; i < n; i++) {
        char *next = op_report_compact_append(text, &games[i]);
        free(text);
        text = next;
        ck_assert_ptr_nonnull(text);
    }
    ck_assert_str_eq(text,
                     "a:1:single,b:2:gammon,a:4:backgammon,b:1:drop,a:2:resign:2,b:64:single");
    bg_match_rec rec;
    ck_assert_int_eq(parse(text, &rec), 0);
    ck_assert_int_eq(rec.n_games, n);
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(rec.games[i].score_only, 1);
        ck_assert_int_eq(rec.games[i].has_result, 1);
        ck_assert_int_eq(rec.games[i].result.winner, games[i].winner);
        ck_assert_int_eq(rec.games[i].result.cube, games[i].cube);
        ck_assert_int_eq(rec.games[i].result.how, op_report_how_of(games[i].result));
        ck_assert_int_eq(rec.games[i].result.level, games[i].level);
    }
    bg_match_rec_free(&rec);
    free(text);
}
END_TEST

START_TEST(test_empty_list_has_no_games)
{
    bg_match_rec rec;
    ck_assert_int_eq(parse("", &rec), 0);
    ck_assert_int_eq(rec.n_games, 0);
    bg_match_rec_free(&rec);
    ck_assert_int_eq(parse(NULL, &rec), 0);
    bg_match_rec_free(&rec);
}
END_TEST

START_TEST(test_malformed_lists_refused)
{
    static const char *const bad[] = {
        "c:1:single",             /* no such side */
        "a1:single",              /* no separator after the side */
        "a::single",              /* no cube */
        "a:x:single",             /* a cube that is not a number */
        "a: 1:single",            /* nor with a space */
        "a:1:",                   /* no result */
        "a:1",                    /* nor its separator */
        "a:1:Single",             /* results are lower case */
        "a:1:single;b:1:single",  /* the games' separator is a comma */
        "a:1:single:",            /* a level separator with no level */
        "a:1:resign:x",           /* a level that is not a number */
        "a:99999999999:single",   /* a cube beyond an int */
        "a:1:abcdefghijklmnopq",  /* a result longer than any */
        "a:1:single,,b:1:single", /* an empty game */
        "a:1:single,b",           /* a game cut short */
        "a:-:single",             /* a minus with no digits */
        "a:2147483648:single",    /* one past an int */
        "a:1:resign:-2147483649", /* a level below an int */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bg_match_rec rec;
        ck_assert_msg(parse(bad[i], &rec) == -1, "accepted \"%s\"", bad[i]);
        bg_match_rec_free(&rec);
    }
}
END_TEST

/* The numbers read by hand as strtol read them: the limits of an int and a minus. */
START_TEST(test_numbers_read_to_an_ints_limits)
{
    bg_match_rec rec;
    ck_assert_int_eq(parse("a:2147483647:single,b:-1:resign:-2147483648", &rec), 0);
    ck_assert_int_eq(rec.n_games, 2);
    ck_assert_int_eq(rec.games[0].result.cube, 2147483647);
    ck_assert_int_eq(rec.games[1].result.cube, -1);
    ck_assert_int_eq(rec.games[1].result.level, -2147483647 - 1);
    bg_match_rec_free(&rec);
}
END_TEST

/* A game's summary written as text (the reply's "last_game", issue 37) is byte for byte
 * what json_dumps writes of the summary as a value, for each side, flag and swap. */
START_TEST(test_summary_text_is_the_values_text)
{
    for (int k = 0; k < 16; k++) {
        bg_game_summary g;
        memset(&g, 0, sizeof g);
        g.score_before[0] = k;
        g.score_before[1] = 3 * k + 1;
        g.crawford = k & 1;
        g.out.resigned = (k >> 1) & 1;
        g.out.winner = (k >> 2) & 1;
        g.out.how = k % 5;
        g.out.cube = 1 << (k % 7);
        g.out.points = 2 * k;
        g.out.level = k % 4;
        g.score_after[0] = k + 2;
        g.score_after[1] = 100 - k;
        int swap = (k >> 3) & 1;
        json_t *j = op_report_summary_json(&g, k + 1, swap);
        char *want = json_dumps(j, JSON_COMPACT);
        struct cw_text t = {NULL, 0, 0, 0};
        op_report_summary_text(&t, &g, k + 1, swap);
        char *got = cw_text_end(&t, NULL);
        ck_assert_ptr_nonnull(got);
        ck_assert_str_eq(got, want);
        free(got);
        free(want);
        json_decref(j);
    }
}
END_TEST

/* The running score goes back as the reply's "report", written as text after the match's
 * own members (api/match_change.c appends it unread): the match has no member so named. */
START_TEST(test_report_member_is_not_a_matchs)
{
    ck_assert_int_eq(op_match_text_has("report"), 0);
    ck_assert_int_eq(op_match_text_has("score"), 1);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("report_compact");
    TCase *tc = tcase_create("units");
    tcase_add_test(tc, test_written_list_reads_back);
    tcase_add_test(tc, test_empty_list_has_no_games);
    tcase_add_test(tc, test_malformed_lists_refused);
    tcase_add_test(tc, test_numbers_read_to_an_ints_limits);
    tcase_add_test(tc, test_summary_text_is_the_values_text);
    tcase_add_test(tc, test_report_member_is_not_a_matchs);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
