/* Positions (ENG-1, ENG-3): start position, invariants, change of view, one physical step,
 * result key. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rules/bg_board.h"
#include "rules_cases.h"
#include "../check_main.h"

#define OPENING_KEY "0000005030000500000000002002000000000050000305000000"

START_TEST(test_ENG1_start_position)
{
    bg_board b;
    char key[53], msg[128];
    bg_board_init(&b);
    ck_assert_int_eq(b.me[24], 2);
    ck_assert_int_eq(b.me[13], 5);
    ck_assert_int_eq(b.me[8], 3);
    ck_assert_int_eq(b.me[6], 5);
    /* the opponent's 24-point is the mover's 1-point */
    ck_assert_int_eq(b.opp[1], 2);
    ck_assert_int_eq(b.opp[12], 5);
    ck_assert_int_eq(b.opp[17], 3);
    ck_assert_int_eq(b.opp[19], 5);
    ck_assert_int_eq(bg_board_check(&b, msg, sizeof msg), 0);
    bg_board_key(&b, key);
    ck_assert_str_eq(key, OPENING_KEY);
}
END_TEST

START_TEST(test_ENG1_check_refuses_wrong_checker_count)
{
    bg_board b;
    char msg[128] = "";
    bg_board_init(&b);
    b.me[6] = 4;
    ck_assert_int_eq(bg_board_check(&b, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "14 checkers"));
    bg_board_init(&b);
    b.opp[0] = 1; /* 16 for the opponent */
    ck_assert_int_eq(bg_board_check(&b, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "opponent"));
}
END_TEST

START_TEST(test_ENG1_check_refuses_shared_point)
{
    bg_board b = rules_pos("6:15", "6:1 1:14");
    char msg[128] = "";
    ck_assert_int_eq(bg_board_check(&b, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "6-point"));
}
END_TEST

START_TEST(test_ENG1_check_refuses_count_over_15)
{
    bg_board b;
    char msg[128] = "";
    bg_board_init(&b);
    /* 255 + 16 wraps to 15 in a byte sum; the check must not be fooled */
    memset(&b, 0, sizeof b);
    b.me[0] = 255;
    b.me[1] = 16;
    b.opp[0] = 15;
    ck_assert_int_eq(bg_board_check(&b, msg, sizeof msg), -1);
    /* a NULL message buffer is allowed */
    ck_assert_int_eq(bg_board_check(&b, NULL, 0), -1);
}
END_TEST

START_TEST(test_ENG1_swap_changes_view)
{
    bg_board b = rules_pos("3:1 25:1 0:13", "20:2 0:13"), s;
    s = b;
    bg_board_swap(&s);
    ck_assert_int_eq(s.opp[22], 1); /* my 3-point is the other side's 22-point */
    ck_assert_int_eq(s.opp[25], 1); /* my bar stays a bar */
    ck_assert_int_eq(s.opp[0], 13);
    ck_assert_int_eq(s.me[5], 2);
    ck_assert_int_eq(s.me[0], 13);
    bg_board_swap(&s);
    ck_assert_mem_eq(&s, &b, sizeof b);
    /* the opening is the same from both sides */
    bg_board_init(&b);
    s = b;
    bg_board_swap(&s);
    ck_assert_mem_eq(&s, &b, sizeof b);
}
END_TEST

START_TEST(test_ENG3_step_moves_and_hits_blot)
{
    bg_board b = rules_pos("13:1 6:14", "7:1 1:14");
    int hit = -1;
    ck_assert_int_eq(bg_apply_step(&b, 13, 7, &hit), 0);
    ck_assert_int_eq(hit, 1);
    ck_assert_int_eq(b.me[13], 0);
    ck_assert_int_eq(b.me[7], 1);
    ck_assert_int_eq(b.opp[7], 0);
    ck_assert_int_eq(b.opp[BG_BAR], 1);
    ck_assert_int_eq(bg_apply_step(&b, 7, 4, &hit), 0);
    ck_assert_int_eq(hit, 0);
}
END_TEST

START_TEST(test_ENG3_step_refuses_blocked_point)
{
    bg_board b = rules_pos("13:1 6:14", "7:2 1:13"), keep = b;
    int hit = -1;
    ck_assert_int_eq(bg_apply_step(&b, 13, 7, &hit), -1);
    ck_assert_int_eq(hit, 0);
    ck_assert_mem_eq(&b, &keep, sizeof b);
}
END_TEST

START_TEST(test_ENG3_step_refuses_no_checker_and_backward)
{
    bg_board b = rules_pos("13:1 6:14", "1:15"), keep = b;
    ck_assert_int_eq(bg_apply_step(&b, 12, 7, NULL), -1); /* no checker there */
    ck_assert_int_eq(bg_apply_step(&b, 6, 9, NULL), -1);  /* backward */
    ck_assert_int_eq(bg_apply_step(&b, 6, 6, NULL), -1);  /* nowhere */
    ck_assert_int_eq(bg_apply_step(&b, 26, 20, NULL), -1);
    ck_assert_int_eq(bg_apply_step(&b, 6, -1, NULL), -1);
    ck_assert_int_eq(bg_apply_step(&b, 25, 20, NULL), -1); /* nobody on the bar */
    ck_assert_mem_eq(&b, &keep, sizeof b);
}
END_TEST

START_TEST(test_ENG4_step_enters_from_bar_and_bears_off)
{
    bg_board b = rules_pos("25:1 6:14", "1:15");
    ck_assert_int_eq(bg_apply_step(&b, BG_BAR, 20, NULL), 0);
    ck_assert_int_eq(b.me[BG_BAR], 0);
    ck_assert_int_eq(b.me[20], 1);
    ck_assert_int_eq(bg_apply_step(&b, 6, BG_OFF, NULL), 0);
    ck_assert_int_eq(b.me[BG_OFF], 1);
}
END_TEST

START_TEST(test_key_is_hex_of_both_sides)
{
    bg_board b = rules_pos("6:15", "25:15");
    char key[53];
    bg_board_key(&b, key);
    ck_assert_int_eq((int)strlen(key), 52);
    ck_assert_int_eq(key[6], 'f');
    ck_assert_int_eq(key[26 + 25], 'f');
    ck_assert_int_eq(key[0], '0');
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rules.board");
    TCase *t = tcase_create("board");
    tcase_add_test(t, test_ENG1_start_position);
    tcase_add_test(t, test_ENG1_check_refuses_wrong_checker_count);
    tcase_add_test(t, test_ENG1_check_refuses_shared_point);
    tcase_add_test(t, test_ENG1_check_refuses_count_over_15);
    tcase_add_test(t, test_ENG1_swap_changes_view);
    tcase_add_test(t, test_ENG3_step_moves_and_hits_blot);
    tcase_add_test(t, test_ENG3_step_refuses_blocked_point);
    tcase_add_test(t, test_ENG3_step_refuses_no_checker_and_backward);
    tcase_add_test(t, test_ENG4_step_enters_from_bar_and_bears_off);
    tcase_add_test(t, test_key_is_hex_of_both_sides);
    suite_add_tcase(s, t);
    return s;
}

CHECK_MAIN(suite)
