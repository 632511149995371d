/* Notation both ways: reading plays and dice (any bytes), resolving written plays into the
 * legal play they are (ENG-3..6), and writing plays as gnubg's hint list does. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rules/bg_board.h"
#include "rules/bg_movegen.h"
#include "rules/bg_notation.h"
#include "rules_cases.h"
#include "../check_main.h"

static bg_playlist PL;

/* Parses exactly len bytes from a heap copy without terminator, so that AddressSanitizer
 * catches any read past the end. */
static int parse_exact(const char *text, size_t len, bg_written *w, bg_err *e)
{
    char *copy = malloc(len ? len : 1);
    memcpy(copy, text, len);
    int r = bg_parse_play(copy, len, w, e);
    free(copy);
    return r;
}

static int parse(const char *text, bg_written *w, bg_err *e)
{
    return parse_exact(text, strlen(text), w, e);
}

static void assert_parse_refused(const char *text, size_t len, const char *rule, const char *needle)
{
    bg_written w;
    bg_err e;
    memset(&e, 0, sizeof e);
    ck_assert_msg(parse_exact(text, len, &w, &e) == -1, "'%.*s' was accepted", (int)len, text);
    ck_assert_str_eq(e.rule, rule);
    ck_assert_msg(strstr(e.message, needle) != NULL, "'%.*s': message '%s' lacks '%s'", (int)len,
                  text, e.message, needle);
}

static int read_play(const bg_board *b, int d1, int d2, const char *text, bg_play *p,
                     bg_board *after, bg_err *e)
{
    return bg_read_play(b, d1, d2, text, strlen(text), p, after, e);
}

/* ---- reading plays ---- */

START_TEST(test_NOTATION_reads_simple_moves)
{
    bg_written w;
    bg_err e;
    ck_assert_int_eq(parse("24/18 13/10", &w, &e), 0);
    ck_assert_int_eq(w.n, 2);
    ck_assert_int_eq(w.path[0].pts[0], 24);
    ck_assert_int_eq(w.path[0].pts[1], 18);
    ck_assert_int_eq(w.path[1].pts[0], 13);
    ck_assert_int_eq(w.path[1].pts[1], 10);
    ck_assert_int_eq(w.path[1].count, 1);
}
END_TEST

START_TEST(test_NOTATION_reads_bar_off_and_hits)
{
    bg_written w;
    bg_err e;
    ck_assert_int_eq(parse("bar/22*", &w, &e), 0);
    ck_assert_int_eq(w.path[0].pts[0], BG_BAR);
    ck_assert_int_eq(w.path[0].pts[1], 22);
    ck_assert_int_eq(w.path[0].hit[1], 1);
    ck_assert_int_eq(parse("6/off", &w, &e), 0);
    ck_assert_int_eq(w.path[0].pts[1], BG_OFF);
    ck_assert_int_eq(parse("8/2*/1", &w, &e), 0);
    ck_assert_int_eq(w.path[0].npts, 3);
    ck_assert_int_eq(w.path[0].hit[1], 1);
    ck_assert_int_eq(w.path[0].hit[2], 0);
    ck_assert_int_eq(w.path[0].pts[2], 1);
    /* the .mat style: 25 for the bar, 0 for off */
    ck_assert_int_eq(parse("25/22 3/0", &w, &e), 0);
    ck_assert_int_eq(w.path[0].pts[0], BG_BAR);
    ck_assert_int_eq(w.path[1].pts[1], BG_OFF);
    /* any case, commas */
    ck_assert_int_eq(parse("  Bar/22, 6/OFF ", &w, &e), 0);
    ck_assert_int_eq(w.n, 2);
}
END_TEST

START_TEST(test_NOTATION_reads_repeats)
{
    bg_written w;
    bg_err e;
    ck_assert_int_eq(parse("13/7(2)", &w, &e), 0);
    ck_assert_int_eq(w.n, 1);
    ck_assert_int_eq(w.path[0].count, 2);
    ck_assert_int_eq(parse("24/20(2) 13/9(2)", &w, &e), 0);
    ck_assert_int_eq(w.n, 2);
    ck_assert_int_eq(w.path[1].count, 2);
    ck_assert_int_eq(parse("6/off(4)", &w, &e), 0);
    ck_assert_int_eq(w.path[0].count, 4);
}
END_TEST

START_TEST(test_NOTATION_empty_text_is_no_move)
{
    bg_written w;
    bg_err e;
    ck_assert_int_eq(parse("", &w, &e), 0);
    ck_assert_int_eq(w.n, 0);
    ck_assert_int_eq(parse(" \t ", &w, &e), 0);
    ck_assert_int_eq(w.n, 0);
    ck_assert_int_eq(bg_parse_play(NULL, 5, &w, &e), 0);
    ck_assert_int_eq(w.n, 0);
}
END_TEST

START_TEST(test_NOTATION_refuses_malformed_text)
{
    assert_parse_refused("13/", 3, "NOTATION", "ends too early");
    assert_parse_refused("/7", 2, "NOTATION", "character 1");
    assert_parse_refused("13//7", 5, "NOTATION", "character 4");
    assert_parse_refused("13/7(5)", 7, "NOTATION", "repeat");
    assert_parse_refused("13/7(2", 6, "NOTATION", "repeat");
    assert_parse_refused("off/5", 5, "NOTATION", "borne off");
    assert_parse_refused("5/bar", 5, "NOTATION", "bar");
    assert_parse_refused("6/off/3", 7, "NOTATION", "end of a path");
    assert_parse_refused("13*/7", 5, "NOTATION", "'*'");
    assert_parse_refused("6/off*", 6, "NOTATION", "'*'");
    assert_parse_refused("bark/22", 7, "NOTATION", "character 1");
    assert_parse_refused("13-7", 4, "NOTATION", "from/to");
    assert_parse_refused("13/7x", 5, "NOTATION", "'x'");
    assert_parse_refused("123/7", 5, "NOTATION", "points are 1 to 24");
    assert_parse_refused("26/20", 5, "NOTATION", "points are 1 to 24");
    assert_parse_refused("13", 2, "NOTATION", "from/to");
    assert_parse_refused("13/7\0 8/2", 9, "NOTATION", "byte 0x00");
    assert_parse_refused("\xff\xfe", 2, "NOTATION", "byte 0xff");
}
END_TEST

START_TEST(test_ENG3_notation_refuses_backward_and_too_many_moves)
{
    assert_parse_refused("7/13", 4, "ENG-3", "7/13: a checker moves toward lower");
    assert_parse_refused("bar/22 22/22", 12, "ENG-3", "22/22");
    const char *five = "13/7 13/7 13/7 13/7 13/7";
    assert_parse_refused(five, strlen(five), "ENG-3", "more than four moves");
    assert_parse_refused("24/20/16/12/8/4", 15, "NOTATION", "more than four legs");
    assert_parse_refused("13/7(3) 8/2(2)", 14, "ENG-3", "more than four moves");
}
END_TEST

START_TEST(test_NOTATION_never_reads_past_the_length)
{
    bg_written w;
    bg_err e;
    /* "13/7" cut after "13/": the reader must stop at the length, not find the 7 */
    ck_assert_int_eq(parse_exact("13/7", 3, &w, &e), -1);
    ck_assert_int_eq(parse_exact("bar/22", 2, &w, &e), -1); /* "ba" */
    ck_assert_int_eq(parse_exact("13/7(2)", 6, &w, &e), -1);
    ck_assert_int_eq(parse_exact("13/7*", 4, &w, &e), 0);
    ck_assert_int_eq(w.path[0].hit[1], 0);
}
END_TEST

/* ---- reading dice ---- */

START_TEST(test_NOTATION_reads_dice)
{
    int a = 0, b = 0;
    bg_err e;
    ck_assert_int_eq(bg_parse_dice("52", 2, &a, &b, &e), 0);
    ck_assert_int_eq(a, 5);
    ck_assert_int_eq(b, 2);
    ck_assert_int_eq(bg_parse_dice("5-2", 3, &a, &b, &e), 0);
    ck_assert_int_eq(a * 10 + b, 52);
    ck_assert_int_eq(bg_parse_dice(" 6 6 ", 5, &a, &b, &e), 0);
    ck_assert_int_eq(a * 10 + b, 66);
    const char *bad[] = {"57",
                         "5",
                         "",
                         "5-",
                         "x2",
                         "5--2",
                         "523",
                         "05",
                         "5-2-",
                         "\0"
                         "1"};
    size_t len[] = {2, 1, 0, 2, 2, 4, 3, 2, 4, 2};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&e, 0, sizeof e);
        char *copy = malloc(len[i] ? len[i] : 1);
        memcpy(copy, bad[i], len[i]);
        ck_assert_msg(bg_parse_dice(copy, len[i], &a, &b, &e) == -1, "'%s' accepted", bad[i]);
        free(copy);
        ck_assert_str_eq(e.rule, "NOTATION");
        ck_assert_int_gt((int)strlen(e.message), 10);
    }
}
END_TEST

/* ---- resolving written plays ---- */

START_TEST(test_ENG3_merged_path_goes_through_open_point)
{
    /* 24/13 with 6-5 and the 18-point made: it can only be 24/19/13. */
    bg_board b = rules_pos("24:1 6:14", "18:2 22:13"), after;
    bg_play p;
    bg_err e;
    ck_assert_int_eq(read_play(&b, 6, 5, "24/13", &p, &after, &e), 0);
    ck_assert_int_eq(p.n, 2);
    ck_assert_int_eq(p.steps[0].from, 24);
    ck_assert_int_eq(p.steps[0].to, 19);
    ck_assert_int_eq(after.me[13], 1);
    /* and with 19 made too, it is refused, naming a blocked point */
    b = rules_pos("24:1 6:14", "18:2 19:2 22:11");
    ck_assert_int_eq(read_play(&b, 6, 5, "24/13", &p, &after, &e), -1);
    ck_assert_str_eq(e.rule, "ENG-3");
    ck_assert_ptr_nonnull(strstr(e.message, "blocked"));
}
END_TEST

START_TEST(test_ENG3_star_chooses_the_hitting_path)
{
    /* 6-5 from 24 with a blot on 18 and 19 open: two plays end on 13. */
    bg_board b = rules_pos("24:1 6:14", "18:1 22:14"), after;
    bg_play p;
    bg_err e;
    ck_assert_int_eq(read_play(&b, 6, 5, "24/18*/13", &p, &after, &e), 0);
    ck_assert_int_eq(after.opp[BG_BAR], 1);
    ck_assert_int_eq(read_play(&b, 6, 5, "24/13", &p, &after, &e), 0);
    ck_assert_int_eq(after.opp[BG_BAR], 0);
    ck_assert_int_eq(after.opp[18], 1);
}
END_TEST

START_TEST(test_ENG3_repeats_and_doubles)
{
    bg_board b, after;
    bg_play p;
    bg_err e;
    bg_board_init(&b);
    ck_assert_int_eq(read_play(&b, 6, 6, "24/18(2) 13/7(2)", &p, &after, &e), 0);
    ck_assert_int_eq(p.n, 4);
    ck_assert_int_eq(after.me[18], 2);
    ck_assert_int_eq(after.me[7], 2);
    ck_assert_int_eq(read_play(&b, 4, 4, "24/20(2) 13/9(2)", &p, &after, &e), 0);
    ck_assert_int_eq(after.me[20], 2);
    ck_assert_int_eq(after.me[9], 2);
    /* with 2-2, 24/20(2) is four steps of 2 */
    ck_assert_int_eq(read_play(&b, 2, 2, "24/20(2)", &p, &after, &e), 0);
    ck_assert_int_eq(p.n, 4);
    ck_assert_int_eq(after.me[20], 2);
}
END_TEST

START_TEST(test_ENG4_bar_entry_and_mat_style)
{
    bg_board b = rules_pos("25:1 13:5 6:9", "22:1 1:14"), after;
    bg_play p;
    bg_err e;
    ck_assert_int_eq(read_play(&b, 3, 4, "bar/22* 13/9", &p, &after, &e), 0);
    ck_assert_int_eq(after.opp[BG_BAR], 1);
    bg_board again;
    ck_assert_int_eq(read_play(&b, 3, 4, "13/9 25/22", &p, &again, &e), 0);
    ck_assert_mem_eq(&after, &again, sizeof after);
    ck_assert_int_eq(read_play(&b, 3, 4, "13/9 13/10", &p, &after, &e), -1);
    ck_assert_str_eq(e.rule, "ENG-4");
}
END_TEST

START_TEST(test_ENG5_bear_off_text)
{
    bg_board b = rules_pos("6:1 3:1", "24:15"), after;
    bg_play p;
    bg_err e;
    /* 6/off with 5-4 would be 6/1/off or 6/2/off, but the 3 stands above 1 and 2 */
    ck_assert_int_eq(read_play(&b, 5, 4, "6/off", &p, &after, &e), -1);
    ck_assert_str_eq(e.rule, "ENG-5");
    ck_assert_ptr_nonnull(strstr(e.message, "3-point"));
    ck_assert_int_eq(read_play(&b, 5, 4, "6/2 3/off", &p, &after, &e), 0);
    ck_assert_int_eq(after.me[2], 1);
    ck_assert_int_eq(read_play(&b, 5, 4, "3/0 6/2", &p, &after, &e), 0);
    ck_assert_int_eq(read_play(&b, 5, 4, "3/off 6/1", &p, &after, &e), 0);
    ck_assert_int_eq(read_play(&b, 5, 4, "3/off", &p, &after, &e), -1);
    ck_assert_str_eq(e.rule, "ENG-5");
    ck_assert_ptr_nonnull(strstr(e.message, "6-point"));
    /* one checker on 6: "6/off" takes both dice and ends the game */
    b = rules_pos("6:1", "24:15");
    ck_assert_int_eq(read_play(&b, 5, 4, "6/off", &p, &after, &e), 0);
    ck_assert_int_eq(after.me[BG_OFF], 15);
}
END_TEST

START_TEST(test_ENG6_notation_refusals_say_why)
{
    bg_board b, after;
    bg_play p;
    bg_err e;
    bg_board_init(&b);
    ck_assert_int_eq(read_play(&b, 6, 5, "13/7", &p, &after, &e), -1);
    ck_assert_str_eq(e.rule, "ENG-6");
    ck_assert_ptr_nonnull(strstr(e.message, "2 can be played"));
    ck_assert_int_eq(read_play(&b, 6, 5, "13/10 13/8", &p, &after, &e), -1);
    ck_assert_str_eq(e.rule, "ENG-3");
    ck_assert_ptr_nonnull(strstr(e.message, "13/10"));
    ck_assert_int_eq(read_play(&b, 6, 5, "24/14", &p, &after, &e), -1);
    ck_assert_str_eq(e.rule, "ENG-3");
    ck_assert_int_eq(read_play(&b, 6, 5, "", &p, &after, &e), -1);
    ck_assert_str_eq(e.rule, "ENG-6");
    ck_assert_int_eq(read_play(&b, 6, 5, "13/7 13/", &p, &after, &e), -1);
    ck_assert_str_eq(e.rule, "NOTATION");
    ck_assert_int_eq(read_play(&b, 6, 5, "12/6 8/3", &p, &after, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.message, "no checker on the 12-point"));
    ck_assert_int_eq(bg_read_play(&b, 0, 5, "13/8", 4, &p, &after, &e), -1);
}
END_TEST

START_TEST(test_ENG6_higher_die_in_notation)
{
    bg_board b = rules_pos("20:1", "9:2 1:13"), after;
    bg_play p;
    bg_err e;
    ck_assert_int_eq(read_play(&b, 6, 5, "20/15", &p, &after, &e), -1);
    ck_assert_str_eq(e.rule, "ENG-6");
    ck_assert_ptr_nonnull(strstr(e.message, "higher die"));
    ck_assert_int_eq(read_play(&b, 6, 5, "20/14", &p, &after, &e), 0);
}
END_TEST

START_TEST(test_ENG3_any_step_order_is_the_same_play)
{
    bg_board b, a1, a2, a3;
    bg_play p;
    bg_err e;
    bg_board_init(&b);
    ck_assert_int_eq(read_play(&b, 3, 1, "8/5 6/5", &p, &a1, &e), 0);
    ck_assert_int_eq(read_play(&b, 3, 1, "6/5 8/5", &p, &a2, &e), 0);
    ck_assert_mem_eq(&a1, &a2, sizeof a1);
    ck_assert_int_eq(read_play(&b, 4, 4, "9/5 13/9 24/20 24/20", &p, &a3, &e), 0);
    ck_assert_int_eq(a3.me[5], 1);
    ck_assert_int_eq(a3.me[20], 2);
}
END_TEST

/* ---- writing ---- */

START_TEST(test_NOTATION_writes_like_gnubg)
{
    bg_board b;
    char t[BG_PLAY_TEXT];
    bg_board_init(&b);
    bg_play p = {{{24, 18}, {18, 13}}, 2};
    ck_assert_int_eq(bg_format_play(&b, &p, t, sizeof t), 5);
    ck_assert_str_eq(t, "24/13");
    bg_play q = {{{13, 7}, {24, 18}, {13, 7}, {24, 18}}, 4};
    bg_format_play(&b, &q, t, sizeof t);
    ck_assert_str_eq(t, "24/18(2) 13/7(2)");
    /* a hit on the way keeps the point, starred */
    b = rules_pos("24:1 6:14", "18:1 22:14");
    bg_play r = {{{24, 18}, {18, 13}}, 2};
    bg_format_play(&b, &r, t, sizeof t);
    ck_assert_str_eq(t, "24/18*/13");
    b = rules_pos("25:1 6:8 8:6", "22:1 1:14");
    bg_play s = {{{25, 22}, {6, 0}}, 2};
    bg_format_play(&b, &s, t, sizeof t);
    ck_assert_str_eq(t, "bar/22* 6/off");
    bg_play none = {{{0, 0}}, 0};
    ck_assert_int_eq(bg_format_play(&b, &none, t, sizeof t), 0);
    ck_assert_str_eq(t, "");
    /* too small a buffer: refused, never overrun */
    char small[4];
    ck_assert_int_eq(bg_format_play(&b, &s, small, sizeof small), -1);
    ck_assert_str_eq(small, "");
}
END_TEST

START_TEST(test_NOTATION_writes_mat_steps)
{
    bg_board b = rules_pos("6:2 8:1 13:12", "5:1 1:14");
    char t[BG_PLAY_TEXT];
    bg_play p = {{{6, 5}, {6, 5}}, 2};
    bg_format_steps(&b, &p, t, sizeof t);
    ck_assert_str_eq(t, "6/5* 6/5");
    b = rules_pos("25:1 3:14", "24:15");
    bg_play q = {{{25, 22}, {3, 0}}, 2};
    bg_format_steps(&b, &q, t, sizeof t);
    ck_assert_str_eq(t, "25/22 3/0");
}
END_TEST

/* ---- against gnubg's hint texts ---- */

static rules_case *CASES;
static int NCASES;

static void load_cases(void)
{
    NCASES = rules_load_cases(&CASES);
}

static void free_cases(void)
{
    rules_free_cases(CASES, NCASES);
}

START_TEST(test_NOTATION_gnubg_texts_both_ways)
{
    ck_assert_int_eq(NCASES, 3000);
    int written = 0, read = 0, steps = 0;
    for (int i = 0; i < NCASES; i++) {
        const rules_case *c = &CASES[i];
        bg_legal_plays(&c->b, c->d1, c->d2, &PL);
        for (int k = 0; k < PL.n; k++) {
            char key[53], t[BG_PLAY_TEXT];
            bg_board_key(&PL.after[k], key);
            int g = rules_find_key(c, key);
            ck_assert_int_ge(g, 0);
            /* written as gnubg writes it */
            ck_assert_int_gt(bg_format_play(&c->b, &PL.plays[k], t, sizeof t), 0);
            ck_assert_msg(!strcmp(t, c->moves[g].gnubg), "%s: '%s', gnubg '%s'", c->id, t,
                          c->moves[g].gnubg);
            written++;
            /* the .mat form reads back as the same play */
            bg_board after;
            bg_play p;
            bg_err e;
            bg_format_steps(&c->b, &PL.plays[k], t, sizeof t);
            ck_assert_msg(bg_read_play(&c->b, c->d1, c->d2, t, strlen(t), &p, &after, &e) == 0,
                          "%s: '%s' refused: %s", c->id, t, e.message);
            ck_assert_mem_eq(&after, &PL.after[k], sizeof after);
            steps++;
        }
        /* gnubg's own text reads back as the position gnubg gives it */
        for (int k = 0; k < c->n; k++) {
            bg_board after;
            bg_play p;
            bg_err e;
            char key[53];
            const char *t = c->moves[k].gnubg;
            ck_assert_msg(bg_read_play(&c->b, c->d1, c->d2, t, strlen(t), &p, &after, &e) == 0,
                          "%s: gnubg's '%s' refused: %s", c->id, t, e.message);
            bg_board_key(&after, key);
            ck_assert_msg(!strcmp(key, c->moves[k].key), "%s: '%s' read as another position", c->id,
                          t);
            read++;
        }
    }
    ck_assert_int_eq(written, 25281);
    ck_assert_int_eq(read, 25281);
    ck_assert_int_eq(steps, 25281);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rules.notation");
    TCase *t = tcase_create("notation");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, test_NOTATION_reads_simple_moves);
    tcase_add_test(t, test_NOTATION_reads_bar_off_and_hits);
    tcase_add_test(t, test_NOTATION_reads_repeats);
    tcase_add_test(t, test_NOTATION_empty_text_is_no_move);
    tcase_add_test(t, test_NOTATION_refuses_malformed_text);
    tcase_add_test(t, test_ENG3_notation_refuses_backward_and_too_many_moves);
    tcase_add_test(t, test_NOTATION_never_reads_past_the_length);
    tcase_add_test(t, test_NOTATION_reads_dice);
    tcase_add_test(t, test_ENG3_merged_path_goes_through_open_point);
    tcase_add_test(t, test_ENG3_star_chooses_the_hitting_path);
    tcase_add_test(t, test_ENG3_repeats_and_doubles);
    tcase_add_test(t, test_ENG4_bar_entry_and_mat_style);
    tcase_add_test(t, test_ENG5_bear_off_text);
    tcase_add_test(t, test_ENG6_notation_refusals_say_why);
    tcase_add_test(t, test_ENG6_higher_die_in_notation);
    tcase_add_test(t, test_ENG3_any_step_order_is_the_same_play);
    tcase_add_test(t, test_NOTATION_writes_like_gnubg);
    tcase_add_test(t, test_NOTATION_writes_mat_steps);
    suite_add_tcase(s, t);

    TCase *g = tcase_create("gnubg");
    tcase_add_unchecked_fixture(g, load_cases, free_cases);
    tcase_set_timeout(g, 300);
    tcase_add_test(g, test_NOTATION_gnubg_texts_both_ways);
    suite_add_tcase(s, g);
    return s;
}

CHECK_MAIN(suite)
