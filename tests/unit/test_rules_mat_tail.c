/* .mat files, the long tail: the ways of writing real exports still tripped on, each read as
 * its writer meant (tests/data/longtail, one hand-made file for each, its index saying what
 * it reads as and what gnubg reads), and what is truly wrong still refused. */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/bg_mat.h"
#include "../check_main.h"
#include "mat_test_util.h"

#define DIR "tests/data/longtail/"

static int int_at(json_t *a, size_t i)
{
    return (int)json_integer_value(json_array_get(a, i));
}

static int replay(const char *text, size_t len, bg_policy policy, bg_match_rec *rec,
                  bg_match_report *rep)
{
    bg_mat_parse(text, len, rec, NULL);
    rec->rules.policy = policy;
    return bg_match_replay(rec, rep);
}

/* Replays one file of the index under policy and checks it reads as its line says: valid with
 * its games, score and notes, or refused at its game, move, side and rule. The caller frees
 * rec and rep. */
static void read_indexed(const char *file, bg_policy policy, bg_match_rec *rec,
                         bg_match_report *rep)
{
    FILE *f = fopen(DIR "index.jsonl", "r");
    ck_assert_ptr_nonnull(f);
    json_t *x = NULL;
    const char *name;
    char *text = NULL;
    size_t len;
    while (index_next(f, DIR, &x, &name, &text, &len) && strcmp(name, file)) {
        json_decref(x);
        free(text);
        x = NULL;
    }
    fclose(f);
    ck_assert_msg(x != NULL, "%s is not in the index", file);
    int valid = replay(text, len, policy, rec, rep) == 0;
    ck_assert_msg(valid == json_is_true(json_object_get(x, "valid")), "%s: %s", file,
                  valid ? "accepted" : rep->err.message);
    if (valid) {
        json_t *fs = json_object_get(x, "final_score"), *notes = json_object_get(x, "notes");
        ck_assert_int_eq(rep->n_games, json_integer_value(json_object_get(x, "games")));
        ck_assert_msg(rep->score[0] == int_at(fs, 0) && rep->score[1] == int_at(fs, 1),
                      "%s: %d-%d", file, rep->score[0], rep->score[1]);
        ck_assert_int_eq(rep->over, json_is_true(json_object_get(x, "finished")));
        ck_assert_int_eq(rep->unfinished,
                         json_integer_value(json_object_get(x, "unfinished_game")));
        ck_assert_int_eq(rep->notes.n, (int)json_array_size(notes));
        for (int i = 0; i < rep->notes.n; i++) {
            json_t *n = json_array_get(notes, (size_t)i);
            const bg_err *e = &rep->notes.v[i];
            ck_assert_str_eq(e->rule, json_string_value(json_object_get(n, "rule")));
            ck_assert_int_eq(e->game, json_integer_value(json_object_get(n, "game")));
            ck_assert_int_eq(e->move, json_integer_value(json_object_get(n, "move")));
            ck_assert_int_eq(e->side, json_integer_value(json_object_get(n, "side")));
        }
    } else {
        json_t *e = json_object_get(x, "error");
        ck_assert_int_eq(rep->err.game, json_integer_value(json_object_get(e, "game")));
        ck_assert_int_eq(rep->err.move, json_integer_value(json_object_get(e, "move")));
        ck_assert_int_eq(rep->err.side, json_integer_value(json_object_get(e, "side")));
        ck_assert_str_eq(rep->err.rule, json_string_value(json_object_get(e, "rule")));
    }
    json_decref(x);
    free(text);
}

static void done(bg_match_rec *rec, bg_match_report *rep)
{
    bg_match_report_free(rep);
    bg_match_rec_free(rec);
}

/* Replays t; its rule when refused ("" when valid), kept in a static buffer. */
static const char *rule_of(const char *t)
{
    static char rule[16];
    bg_match_rec rec;
    bg_match_report rep;
    int rc = replay(t, strlen(t), BG_POLICY_LEGAL, &rec, &rep);
    snprintf(rule, sizeof rule, "%s", rc ? rep.err.rule : "");
    done(&rec, &rep);
    return rule;
}

#define HEAD3 "\n 3 point match\n\n Game 1\n Alice : 0                      Bob : 0\n"

/* Item 1, ENG-8: Backgammon Studio's "????" is the roll of a player who resigned on it. */
START_TEST(test_ENG_8_studio_question_marks_are_a_roll_resigned_on)
{
    bg_match_rec rec;
    bg_match_report rep;
    read_indexed("studio_qmarks_resigned.mat", BG_POLICY_LEGAL, &rec, &rep);
    ck_assert(rep.games[0].out.resigned);
    ck_assert_int_eq(rep.games[0].out.level, 2);
    done(&rec, &rep);
    /* "????" stands for the whole play: a step after it is not read */
    ck_assert_str_eq(rule_of(HEAD3 "  1) 42: 8/4 6/4                 63: ???? 24/15\n"
                                   "      Wins 1 point\n\n"),
                     "FORMAT");
}
END_TEST

/* Item 2, MATCH-2: a log cut while a player was moving ends with the roll: a partial record
 * that ends before the play, not a play missing (ENG-6). */
START_TEST(test_MATCH_2_a_log_cut_on_a_roll_ends_there)
{
    bg_match_rec rec;
    bg_match_report rep;
    read_indexed("fibs_cut_on_roll.mat", BG_POLICY_LEGAL, &rec, &rep);
    done(&rec, &rep);
    read_indexed("fibs_cut_in_game2.mat", BG_POLICY_LEGAL, &rec, &rep);
    done(&rec, &rep);
    /* "Cannot Move" says there was no play: where one was possible that is an ENG-6 refusal,
     * cut or not */
    ck_assert_str_eq(rule_of(HEAD3 "  1) 42: 8/4 6/4                 66: Cannot Move\n"), "ENG-6");
}
END_TEST

/* Item 3, ENG-6 and MATCH-6: a roll with no play in the middle of a game, where a play was
 * possible, is a line the log lost, not an illegal play: read as a gap, under either policy,
 * with a note naming the game and the move; the result stands for the TD to accept. */
START_TEST(test_ENG_6_a_lost_play_is_a_gap_for_the_TD_not_MATCH_6)
{
    for (int policy = 0; policy < 2; policy++) {
        bg_match_rec rec;
        bg_match_report rep;
        read_indexed("fibs_gap.mat", policy ? BG_POLICY_RESPONSIBLE : BG_POLICY_LEGAL, &rec,
                     &rep);
        ck_assert_ptr_nonnull(strstr(rep.notes.v[0].message, "Game 1, move 4, Alice"));
        ck_assert(rep.games[0].out.gap);
        ck_assert_int_eq(rep.games[0].out.illegal, 0);
        done(&rec, &rep);
    }
    /* "Cannot Move" is a statement, not a lost line: refused */
    ck_assert_str_eq(rule_of(HEAD3 "  1) 42: 8/4 6/4                 66: Cannot Move\n"
                                   "  2) 31: 8/5 6/5\n      Wins 1 point\n\n"),
                     "ENG-6");
    /* after a gap the cube is still checked, and a result it cannot give is refused */
    ck_assert_str_eq(rule_of(HEAD3 "  1) 42: 8/4 6/4                 63:\n"
                                   "  2)  Doubles => 2                Takes\n"
                                   "  3) 31: 8/5 6/5                 52: 13/8 13/11\n"
                                   "  4)  Doubles => 4\n"),
                     "CUBE-4");
    ck_assert_str_eq(rule_of(HEAD3 "  1) 42: 8/4 6/4                 63:\n"
                                   "  2)  Doubles => 2                Takes\n"
                                   "  3) 31: 8/5 6/5\n"
                                   "                                  Wins 5 points\n\n"),
                     "CUBE-5");
    ck_assert_str_eq(rule_of(HEAD3 "  1) 42: 8/4 6/4                 63:\n"
                                   "  2)  Doubles => 2                Takes\n"
                                   "  3) 31: 8/5 6/5\n"
                                   "                                  Wins 2 points\n\n"),
                     "");
}
END_TEST

/* Item 4, ENG-8: an accepted resignation scores what was offered, even a gammon after
 * bearing a checker off (as gnubg reads it); more than a backgammon is no offer: refused. */
START_TEST(test_ENG_8_a_resignation_of_more_than_the_position_can_lose)
{
    bg_match_rec rec;
    bg_match_report rep;
    read_indexed("resign_gammon_after_bearoff.mat", BG_POLICY_LEGAL, &rec, &rep);
    ck_assert_int_eq(rep.games[0].out.how, BG_HOW_RESIGN);
    ck_assert_int_eq(rep.games[0].out.points, 2);
    ck_assert_ptr_nonnull(strstr(rep.notes.v[0].message, "stands as offered"));
    done(&rec, &rep);
    read_indexed("resign_more_than_backgammon.mat", BG_POLICY_LEGAL, &rec, &rep);
    ck_assert_ptr_nonnull(strstr(rep.err.message, "Game 1, move 3, Bob"));
    done(&rec, &rep);
}
END_TEST

/* Item 5: Galaxy's loser's line with the opponent's "Wins" after it on one line, in no column
 * of its own: the winner is the loser's opponent. */
START_TEST(test_mat_galaxy_losses_and_wins_on_one_line)
{
    bg_match_rec rec;
    bg_match_report rep;
    read_indexed("galaxy_losses_wins_one_line.mat", BG_POLICY_LEGAL, &rec, &rep);
    ck_assert_int_eq(rep.games[0].out.winner, 0);
    ck_assert_int_eq(rep.winner, 1);
    done(&rec, &rep);
    read_indexed("galaxy_losses_wins_compact.mat", BG_POLICY_LEGAL, &rec, &rep);
    ck_assert_int_eq(rep.games[0].out.winner, 1);
    done(&rec, &rep);
}
END_TEST

/* Item 5, ENG-8: XG Mobile writes the winner's roll when the opponent resigned on it, here
 * in the final game at cube 1. */
START_TEST(test_ENG_8_xg_mobile_final_game_resigned_on_the_winners_roll)
{
    bg_match_rec rec;
    bg_match_report rep;
    read_indexed("xg_mobile_final_resign.mat", BG_POLICY_LEGAL, &rec, &rep);
    ck_assert(rep.games[1].out.resigned);
    ck_assert_int_eq(rep.games[1].out.cube, 1);
    done(&rec, &rep);
}
END_TEST

/* Every file of the index reads as it says, and what is valid is written back as text that
 * replays the same (the property fuzz_mat checks; these files are among its seeds). */
START_TEST(test_mat_long_tail_files_write_back)
{
    FILE *f = fopen(DIR "index.jsonl", "r");
    ck_assert_ptr_nonnull(f);
    json_t *x;
    const char *name;
    char *text;
    size_t len;
    int n = 0;
    while (index_next(f, DIR, &x, &name, &text, &len)) {
        bg_match_rec rec, again;
        bg_match_report rep, rep2;
        read_indexed(name, BG_POLICY_LEGAL, &rec, &rep);
        if (rep.valid) {
            size_t olen;
            bg_err e;
            char *back = bg_mat_export(&rec, &rep, &olen, &e);
            ck_assert_ptr_nonnull(back);
            ck_assert_msg(replay(back, olen, BG_POLICY_LEGAL, &again, &rep2) == 0, "%s: %s", name,
                          rep2.err.message);
            ck_assert_int_eq(rep2.score[0], rep.score[0]);
            ck_assert_int_eq(rep2.score[1], rep.score[1]);
            ck_assert_int_eq(rep2.turns, rep.turns);
            ck_assert_int_eq(rep2.notes.n, rep.notes.n);
            done(&again, &rep2);
            bg_mat_text_free(back);
        }
        done(&rec, &rep);
        free(text);
        json_decref(x);
        n++;
    }
    fclose(f);
    ck_assert_int_ge(n, 9);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rules_mat_tail");
    TCase *tc = tcase_create("tail");
    tcase_add_test(tc, test_ENG_8_studio_question_marks_are_a_roll_resigned_on);
    tcase_add_test(tc, test_MATCH_2_a_log_cut_on_a_roll_ends_there);
    tcase_add_test(tc, test_ENG_6_a_lost_play_is_a_gap_for_the_TD_not_MATCH_6);
    tcase_add_test(tc, test_ENG_8_a_resignation_of_more_than_the_position_can_lose);
    tcase_add_test(tc, test_mat_galaxy_losses_and_wins_on_one_line);
    tcase_add_test(tc, test_ENG_8_xg_mobile_final_game_resigned_on_the_winners_roll);
    tcase_add_test(tc, test_mat_long_tail_files_write_back);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
