/* Unit and property tests of a drawn knockout bracket's life (DOMAIN.md KO-4, KO-7, KO-1,
 * KO-8): late places filled or turned into byes, match lengths and tables, the matches'
 * numbering, advancement, withdrawals and corrections cascading, one champion. The draw
 * itself: test_knockout.c; Consolation and Last Chance: test_knockout_fed.c. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api/knockout_text.h"
#include "common/errors.h"
#include "tourney/knockout.h"
#include "tourney/rng.h"
#include "tourney/tables.h"
#include "knockout_fx.h"
#include "../check_main.h"

/* ---- KO-4 late places ---- */

START_TEST(test_KO4_late_places_fill_in_order)
{
    struct ko_entry *e = entries(20, 1);
    struct ko_bracket b;
    char err[256];
    draw_ok(11, e, 20, 4, NULL, &b);
    for (int k = 1; k <= 4; k++) {
        int no = 0;
        ck_assert(ko_late_open(&b, 0));
        ck_assert_int_eq(ko_late_arrive(&b, 100 + k, 0, &no, err, sizeof err), 0);
        ck_assert_int_eq(no, k);
        ck_assert_int_eq(id_at(&b, 20 + k), 100 + k);
        ck_assert_int_eq(b.late_filled, k);
    }
    ck_assert(!ko_late_open(&b, 0));
    int no = 0;
    ck_assert_int_eq(ko_late_arrive(&b, 200, 0, &no, err, sizeof err), CW_ECONFLICT);
    ck_assert_ptr_nonnull(strstr(err, "All 4 late places are taken"));
    /* Late fills happen after the draw: re-derivation still matches. */
    struct ko_bracket c;
    ck_assert_int_eq(ko_rederive(&b, &c, err, sizeof err), 0);
    ck_assert(ko_same_draw(&b, &c));
    ko_bracket_free(&c);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO4_late_refusals_change_nothing)
{
    struct ko_entry *e = entries(6, 1);
    struct ko_bracket b;
    char err[256];
    int no = 0;
    draw_ok(5, e, 6, 2, NULL, &b);
    b.late_deadline_ms = 1000;
    ck_assert_int_eq(ko_late_arrive(&b, 3, 0, &no, err, sizeof err), CW_ECONFLICT);
    ck_assert_ptr_nonnull(strstr(err, "already in the draw"));
    ck_assert_int_eq(ko_late_arrive(&b, 0, 0, &no, err, sizeof err), CW_EINVAL);
    ck_assert_int_eq(ko_late_arrive(&b, 50, 1000, &no, err, sizeof err), CW_ECONFLICT);
    ck_assert_ptr_nonnull(strstr(err, "closed"));
    ck_assert_int_eq(b.late_filled, 0);
    ck_assert(!b.late_closed);
    ck_assert_int_eq(ko_late_arrive(&b, 50, 999, &no, err, sizeof err), 0);
    ck_assert_int_eq(ko_late_arrive(&b, 50, 999, &no, err, sizeof err), CW_ECONFLICT);
    ck_assert_int_eq(ko_late_expire(&b, 999), 0);
    ck_assert_int_eq(ko_late_expire(&b, 1000), 1);
    ck_assert(b.late_closed);
    ck_assert_int_eq(ko_late_expire(&b, 5000), 0);
    ck_assert_int_eq(ko_late_arrive(&b, 51, 10, &no, err, sizeof err), CW_ECONFLICT);
    ko_bracket_free(&b);
    draw_ok(5, e, 6, 0, NULL, &b);
    ck_assert_int_eq(ko_late_arrive(&b, 51, 10, &no, err, sizeof err), CW_ECONFLICT);
    ck_assert_ptr_nonnull(strstr(err, "no late places"));
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO4_unfilled_places_become_byes_opponents_advance)
{
    struct ko_entry *e = entries(13, 1);
    struct ko_bracket b;
    char err[256];
    int no;
    draw_ok(77, e, 13, 3, NULL, &b); /* 16 slots, no bye, 3 late places */
    ck_assert_int_eq(ko_late_arrive(&b, 99, 0, &no, err, sizeof err), 0);
    struct ko_result res[15] = {0};
    struct ko_mview v[15];
    compute_ok(&b, res, v);
    int waiting_late = 0;
    for (int m = 0; m < 8; m++)
        for (int s = 0; s < 2; s++)
            if (v[m].side[s].kind == KO_SIDE_LATE) {
                waiting_late++;
                ck_assert_int_eq(v[m].state, KO_M_WAITING);
                ck_assert_int_eq(v[m].side[1 - s].kind, KO_SIDE_PLAYER);
            }
    ck_assert_int_eq(waiting_late, 2);
    ck_assert_int_eq(ko_late_close(&b), 2);
    compute_ok(&b, res, v);
    int walk = 0;
    for (int m = 0; m < 8; m++) {
        ck_assert_int_ne(v[m].side[0].kind, KO_SIDE_LATE);
        ck_assert_int_ne(v[m].side[1].kind, KO_SIDE_LATE);
        if (v[m].state == KO_M_WALKOVER) {
            walk++;
            int s = v[m].winner;
            int sl = 2 * m + (1 - s);
            ck_assert_int_eq(b.slots[sl].kind,
                             KO_SLOT_LATE); /* the late place that went unfilled */
            ck_assert_int_ge(b.slots[sl].late, 2);
        }
    }
    ck_assert_int_eq(walk, 2);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO4_holes_stay_balanced_during_late_entry)
{
    struct ko_entry *e = entries(130, 1);
    char err[256];
    for (int n = 2; n <= 130; n += 3)
        for (int late = 1; late <= 9; late += 4) {
            struct ko_bracket b;
            draw_ok((uint64_t)(n * 31 + late), e, n, late, NULL, &b);
            for (int k = 0; k <= late; k++) {
                REQ(balanced(&b, is_hole));
                /* Filled in numbered order: places 1..k taken, the rest open. */
                for (int s = 0; s < b.size; s++)
                    if (b.slots[s].kind == KO_SLOT_LATE)
                        REQ_EQ(b.slots[s].id != 0, b.slots[s].late <= k);
                if (n + k >= b.size / 2) /* enough players: no two holes meet */
                    for (int s = 0; s < b.size; s += 2)
                        REQ(!(is_hole(&b, s) && is_hole(&b, s + 1)));
                int no;
                if (k < late)
                    REQ_EQ(ko_late_arrive(&b, 5000 + k, 0, &no, err, sizeof err), 0);
            }
            ko_bracket_free(&b);
        }
    free(e);
}
END_TEST

START_TEST(test_KO4_waiting_player_is_told_deadline)
{
    struct ko_entry *e = entries(7, 1);
    struct ko_bracket b;
    draw_ok(8, e, 7, 1, NULL, &b); /* 8 slots: position 8 is late place 1, facing position 1 */
    b.late_deadline_ms = 1777645800000LL;
    struct ko_result res[7] = {0};
    struct ko_mview v[7];
    compute_ok(&b, res, v);
    struct ko_pstatus st;
    int64_t who = id_at(&b, 1);
    ck_assert_int_eq(ko_player_status(&b, res, v, who, &st), 0);
    ck_assert_int_eq(st.state, KO_P_WAIT_LATE);
    ck_assert_int_eq(st.late, 1);
    char text[256];
    api_knockout_status_text(&st, NULL, text, sizeof text);
    ck_assert_str_eq(text, "Round 1: you wait for late arrival 1 until 2026-05-01T14:30:00Z; if "
                           "nobody takes that place by then, you advance to round 2.");
    b.late_deadline_ms = 0;
    ko_player_status(&b, res, v, who, &st);
    api_knockout_status_text(&st, NULL, text, sizeof text);
    ck_assert_ptr_nonnull(strstr(text, "until the director closes late entry"));
    ko_late_close(&b);
    compute_ok(&b, res, v);
    ko_player_status(&b, res, v, who, &st);
    ck_assert_int_eq(st.state, KO_P_WAIT_OPPONENT);
    ck_assert_int_eq(st.round, 2);
    api_knockout_status_text(&st, NULL, text, sizeof text);
    ck_assert_str_eq(text, "Round 2: you wait for the winner of round 1 match 2.");
    ko_bracket_free(&b);
    free(e);
}
END_TEST

/* ---- KO-7 lengths, KO-1 tables ---- */

START_TEST(test_KO7_lengths_counted_back_from_final)
{
    struct ko_entry *e = entries(40, 1);
    struct ko_bracket b;
    char err[256];
    draw_ok(1, e, 40, 0, NULL, &b); /* 64: 6 rounds */
    int l1[5] = {7, 7, 9, 11, 13};
    ck_assert_int_eq(ko_set_lengths(&b, l1, 5, err, sizeof err), 0);
    int want[7] = {0, 7, 7, 7, 9, 11, 13};
    for (int round = 1; round <= 6; round++)
        ck_assert_int_eq(ko_length(&b, round), want[round]);
    struct ko_result res[63] = {0};
    struct ko_mview v[63];
    compute_ok(&b, res, v);
    ck_assert_int_eq(v[62].length, 13);
    ck_assert_int_eq(v[0].length, 7);
    ck_assert_int_eq(v[ko_match_index(&b, 5, 1)].length, 11);
    ko_bracket_free(&b);
    draw_ok(1, e, 4, 0, NULL, &b); /* 2 rounds, more lengths than rounds */
    int l2[4] = {5, 7, 9, 11};
    ck_assert_int_eq(ko_set_lengths(&b, l2, 4, err, sizeof err), 0);
    ck_assert_int_eq(ko_length(&b, 1), 9);
    ck_assert_int_eq(ko_length(&b, 2), 11);
    int bad[2] = {7, 0};
    ck_assert_int_eq(ko_set_lengths(&b, bad, 2, err, sizeof err), CW_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "Match length 2 is 0"));
    ck_assert_int_eq(ko_length(&b, 2), 11); /* refused: unchanged */
    bad[1] = 100;
    ck_assert_int_eq(ko_set_lengths(&b, bad, 2, err, sizeof err), CW_EINVAL);
    ck_assert_int_eq(ko_set_lengths(&b, bad, 0, err, sizeof err), CW_EINVAL);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO1_championship_and_intermediate_first)
{
    ck_assert_int_eq(tables_flight_priority("Championship"), 0);
    ck_assert_int_eq(tables_flight_priority("intermediate"), 0);
    ck_assert_int_eq(tables_flight_priority("beginners"), 1);
    ck_assert_int_eq(tables_flight_priority(NULL), 1);
    /* KO-1: the TD's event priority (higher first) decides, the flight breaks ties */
    ck_assert_int_lt(tables_priority(10, 1), tables_priority(0, 0));
    ck_assert_int_lt(tables_priority(0, 0), tables_priority(0, 1));
    ck_assert_int_lt(tables_priority(0, 1), tables_priority(-1, 0));
    ck_assert_int_lt(tables_priority(1000, 1), tables_priority(999, 0));
    ck_assert_int_lt(tables_priority(-999, 1), tables_priority(-1000, 0));
    struct tables_ready m[6] = {
        {.match_id = 1, .priority = 1, .ready_ms = 100, .round = 1},
        {.match_id = 2, .priority = 0, .ready_ms = 200, .round = 1},
        {.match_id = 3, .priority = 0, .ready_ms = 150, .round = 2},
        {.match_id = 4, .priority = 1, .ready_ms = 50, .round = 1, .fixed = "T9"},
        {.match_id = 5, .priority = 0, .ready_ms = 150, .round = 1},
        {.match_id = 6, .priority = 1, .ready_ms = 60, .round = 1, .fixed = "T9"},
    };
    const char *tables[4] = {"T1", "T2", "T9", "T3"};
    struct tables_assignment out[6];
    ck_assert_int_eq(tables_assign(m, 6, tables, 4, NULL, 0, out), 4);
    int64_t order[6] = {5, 3, 2, 4, 6, 1};
    const char *want[6] = {"T1", "T2", "T3", "T9", NULL, NULL};
    for (int i = 0; i < 6; i++) {
        ck_assert_int_eq(out[i].match_id, order[i]);
        if (want[i])
            ck_assert_str_eq(out[i].table, want[i]);
        else
            ck_assert_ptr_null(out[i].table);
    }
    /* The TD's fixed table holds even when it is not in the free list. */
    const char *two[2] = {"T1", "T2"};
    struct tables_ready f[2] = {{.match_id = 7, .priority = 1, .fixed = "T20"},
                                {.match_id = 8, .priority = 0}};
    ck_assert_int_eq(tables_assign(f, 2, two, 2, NULL, 0, out), 2);
    ck_assert_int_eq(out[0].match_id, 8);
    ck_assert_str_eq(out[0].table, "T1");
    ck_assert_str_eq(out[1].table, "T20");
    ck_assert_int_eq(tables_assign(f, 0, two, 2, NULL, 0, out), 0);
}
END_TEST

/* KO-7: a match whose fixed table is busy (another match called there or playing) waits
 * for it; it neither takes that table nor another one. */
START_TEST(test_KO7_busy_fixed_table_waits)
{
    const char *tables[2] = {"T1", "T2"}, *busy[1] = {"T5"};
    struct tables_ready f[3] = {{.match_id = 1, .priority = 0, .fixed = "T5"},
                                {.match_id = 2, .priority = 1},
                                {.match_id = 3, .priority = 1, .fixed = "T6"}};
    struct tables_assignment out[3];
    ck_assert_int_eq(tables_assign(f, 3, tables, 2, busy, 1, out), 2);
    ck_assert_int_eq(out[0].match_id, 1);
    ck_assert_ptr_null(out[0].table);
    ck_assert_int_eq(out[1].match_id, 2);
    ck_assert_str_eq(out[1].table, "T1");
    ck_assert_int_eq(out[2].match_id, 3);
    ck_assert_str_eq(out[2].table, "T6");
    /* T5 free again: the match gets it */
    ck_assert_int_eq(tables_assign(f, 1, tables, 2, NULL, 0, out), 1);
    ck_assert_str_eq(out[0].table, "T5");
}
END_TEST

/* ---- KO-8 advancement and corrections ---- */

START_TEST(test_KO8_match_numbering)
{
    struct ko_entry *e = entries(8, 1);
    struct ko_bracket b;
    draw_ok(1, e, 8, 0, NULL, &b);
    int side, r, i;
    ck_assert_int_eq(ko_next(&b, 0, &side), 4);
    ck_assert_int_eq(side, 0);
    ck_assert_int_eq(ko_next(&b, 3, &side), 5);
    ck_assert_int_eq(side, 1);
    ck_assert_int_eq(ko_next(&b, 5, &side), 6);
    ck_assert_int_eq(side, 1);
    ck_assert_int_eq(ko_next(&b, 6, &side), -1);
    ko_match_pos(&b, 5, &r, &i);
    ck_assert_int_eq(r, 2);
    ck_assert_int_eq(i, 1);
    ck_assert_int_eq(ko_match_index(&b, 3, 0), 6);
    ck_assert_int_eq(ko_match_index(&b, 4, 0), -1);
    ck_assert_int_eq(ko_match_index(&b, 2, 2), -1);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO8_winner_advances_forfeit_advances_opponent)
{
    struct ko_entry *e = entries(8, 1);
    struct ko_bracket b;
    draw_ok(4, e, 8, 0, NULL, &b);
    struct ko_result res[7] = {0};
    struct ko_mview v[7];
    compute_ok(&b, res, v);
    int ready[7];
    ck_assert_int_eq(ko_ready(&b, v, ready), 4);
    res[0] = (struct ko_result){KO_PLAYED, 1};
    res[1] = (struct ko_result){KO_FORFEIT, 0}; /* side b forfeited: side a advances */
    compute_ok(&b, res, v);
    ck_assert_int_eq(v[4].state, KO_M_READY);
    ck_assert_int_eq(v[4].side[0].id, b.slots[1].id);
    ck_assert_int_eq(v[4].side[1].id, b.slots[2].id);
    ck_assert_int_eq(ko_ready(&b, v, ready), 3);
    ck_assert_int_eq(ready[2], 4);
    ck_assert_int_eq(ko_champion(&b, v), 0);
    struct ko_pstatus st;
    ko_player_status(&b, res, v, b.slots[0].id, &st);
    ck_assert_int_eq(st.state, KO_P_OUT);
    ck_assert_int_eq(st.decision, KO_PLAYED);
    ko_player_status(&b, res, v, b.slots[1].id, &st);
    ck_assert_int_eq(st.state, KO_P_READY);
    ck_assert_int_eq(st.opponent, b.slots[2].id);
    char text[128];
    api_knockout_status_text(&st, "Anna", text, sizeof text);
    ck_assert_str_eq(text, "Round 2: you play Anna; wait for the call to your table.");
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO8_decision_needs_known_players)
{
    struct ko_entry *e = entries(6, 1);
    struct ko_bracket b;
    char err[256];
    draw_ok(4, e, 6, 1, NULL, &b); /* 8 slots, 1 bye, 1 late place */
    struct ko_result res[7] = {0};
    struct ko_mview v[7];
    compute_ok(&b, res, v);
    int late_match = -1, bye_match = -1;
    for (int m = 0; m < 4; m++) {
        if (v[m].side[0].kind == KO_SIDE_LATE || v[m].side[1].kind == KO_SIDE_LATE)
            late_match = m;
        if (v[m].state == KO_M_WALKOVER)
            bye_match = m;
    }
    ck_assert_int_ge(late_match, 0);
    ck_assert_int_ge(bye_match, 0);
    res[late_match] = (struct ko_result){KO_PLAYED, 0};
    ck_assert_int_eq(ko_compute(&b, res, v, err, sizeof err), CW_ECONFLICT);
    ck_assert_ptr_nonnull(strstr(err, "not both known"));
    res[late_match].decision = KO_UNDECIDED;
    res[bye_match] = (struct ko_result){KO_PLAYED, 0};
    ck_assert_int_eq(ko_compute(&b, res, v, err, sizeof err), CW_ECONFLICT);
    res[bye_match].decision = KO_UNDECIDED;
    res[6] = (struct ko_result){KO_FORFEIT, 0};
    ck_assert_int_eq(ko_compute(&b, res, v, err, sizeof err), CW_ECONFLICT);
    ck_assert_ptr_nonnull(strstr(err, "Round 3 match 1 has a forfeit"));
    res[6] = (struct ko_result){KO_PLAYED, 2};
    ck_assert_int_eq(ko_compute(&b, res, v, err, sizeof err), CW_EINVAL);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO8_withdrawal_before_opponent_known)
{
    struct ko_entry *e = entries(5, 1);
    struct ko_bracket b;
    draw_ok(17, e, 5, 0, NULL, &b);
    struct ko_result res[7] = {0};
    struct ko_mview v[7];
    compute_ok(&b, res, v);
    /* Position 1 waits in round 2 for the winner of 4 v 5, and withdraws. */
    int64_t p1 = id_at(&b, 1);
    ck_assert_int_eq(v[4].side[0].id, p1);
    res[4] = (struct ko_result){KO_WITHDRAWAL, 1};
    compute_ok(&b, res, v);
    ck_assert_int_eq(v[4].state, KO_M_WAITING);
    struct ko_pstatus st;
    ko_player_status(&b, res, v, p1, &st);
    ck_assert_int_eq(st.state, KO_P_OUT);
    ck_assert_int_eq(st.decision, KO_WITHDRAWAL);
    res[1] = (struct ko_result){KO_PLAYED, 0};
    compute_ok(&b, res, v);
    ck_assert_int_eq(v[4].state, KO_M_DONE);
    ck_assert_int_eq(v[6].side[0].id, v[1].side[0].id); /* the round-1 winner moves on */
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO8_cascade_deepest_first)
{
    struct ko_entry *e = entries(8, 1);
    struct ko_bracket b;
    draw_ok(4, e, 8, 0, NULL, &b);
    struct ko_result res[7] = {0};
    struct ko_mview v[7];
    struct rng r;
    rng_seed(&r, 2);
    int undo[KO_MAX_ROUNDS];
    play_round(&b, res, v, 1, &r);
    ck_assert_int_eq(ko_cascade(&b, res, 0, undo), 0); /* nothing played on yet */
    play_round(&b, res, v, 2, &r);
    ck_assert_int_eq(ko_cascade(&b, res, 0, undo), 1);
    ck_assert_int_eq(undo[0], 4);
    play_round(&b, res, v, 3, &r);
    ck_assert_int_eq(ko_cascade(&b, res, 0, undo), 2);
    ck_assert_int_eq(undo[0], 6);
    ck_assert_int_eq(undo[1], 4);
    ck_assert_int_eq(ko_cascade(&b, res, 3, undo), 2);
    ck_assert_int_eq(undo[0], 6);
    ck_assert_int_eq(undo[1], 5);
    ck_assert_int_eq(ko_cascade(&b, res, 6, undo), 0);
    /* An opponent's withdrawal holds whoever comes: it is kept. */
    res[4] = (struct ko_result){KO_WITHDRAWAL, 0};
    ck_assert_int_eq(ko_cascade(&b, res, 0, undo), 1);
    ck_assert_int_eq(undo[0], 6);
    /* The path player's own withdrawal is not. */
    res[4] = (struct ko_result){KO_WITHDRAWAL, 1};
    ck_assert_int_eq(ko_cascade(&b, res, 0, undo), 2);
    /* Undoing in that order leaves a bracket that computes at every step. */
    res[4] = (struct ko_result){KO_PLAYED, 0};
    int n = ko_cascade(&b, res, 1, undo);
    for (int i = 0; i < n; i++) {
        res[undo[i]].decision = KO_UNDECIDED;
        compute_ok(&b, res, v);
    }
    res[1].winner = 1 - res[1].winner;
    compute_ok(&b, res, v);
    ck_assert_int_eq(v[4].state, KO_M_READY);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

/* Property: with random results, forfeits and late arrivals, every bracket ends with exactly
 * one champion and every other player out exactly once. */
START_TEST(test_KO8_exactly_one_champion_property)
{
    struct ko_entry *e = entries(130, 1);
    char err[256];
    for (int n = 2; n <= 130; n++)
        for (uint64_t seed = 0; seed < 4; seed++) {
            int late = (int)(seed % 3);
            struct ko_bracket b;
            struct rng r;
            rng_seed(&r, seed * 131 + (uint64_t)n);
            draw_ok(seed ^ (uint64_t)n, e, n, late, NULL, &b);
            int arrivals = (int)rng_below(&r, (uint64_t)late + 1), no;
            for (int k = 0; k < arrivals; k++)
                REQ_EQ(ko_late_arrive(&b, 1000 + k, 0, &no, err, sizeof err), 0);
            int nm = ko_match_count(&b);
            struct ko_result *res = calloc((size_t)nm, sizeof *res);
            struct ko_mview *v = calloc((size_t)nm, sizeof *v);
            play_all(&b, res, v, &r);
            if (late) { /* nothing can finish while a late place is open */
                compute_ok(&b, res, v);
                REQ_EQ(ko_champion(&b, v) != 0, arrivals == late);
                ko_late_close(&b);
                play_all(&b, res, v, &r);
            }
            int64_t champ = ko_champion(&b, v);
            REQ((champ) > (0));
            int players = n + arrivals, champions = 0, out = 0;
            for (int i = 0; i < players; i++) {
                int64_t id = i < n ? e[i].id : 1000 + (i - n);
                struct ko_pstatus st;
                REQ_EQ(ko_player_status(&b, res, v, id, &st), 0);
                champions += st.state == KO_P_CHAMPION;
                out += st.state == KO_P_OUT;
            }
            REQ_EQ(champions, 1);
            REQ_EQ(out, players - 1);
            int decided = 0;
            for (int m = 0; m < nm; m++)
                decided += res[m].decision != KO_UNDECIDED;
            REQ_EQ(decided, players - 1); /* one decided match per loser */
            free(res), free(v);
            ko_bracket_free(&b);
        }
    free(e);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("knockout_life");
    TCase *tc = tcase_create("units");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_KO4_late_places_fill_in_order);
    tcase_add_test(tc, test_KO4_late_refusals_change_nothing);
    tcase_add_test(tc, test_KO4_unfilled_places_become_byes_opponents_advance);
    tcase_add_test(tc, test_KO4_holes_stay_balanced_during_late_entry);
    tcase_add_test(tc, test_KO4_waiting_player_is_told_deadline);
    tcase_add_test(tc, test_KO7_lengths_counted_back_from_final);
    tcase_add_test(tc, test_KO1_championship_and_intermediate_first);
    tcase_add_test(tc, test_KO7_busy_fixed_table_waits);
    tcase_add_test(tc, test_KO8_match_numbering);
    tcase_add_test(tc, test_KO8_winner_advances_forfeit_advances_opponent);
    tcase_add_test(tc, test_KO8_decision_needs_known_players);
    tcase_add_test(tc, test_KO8_withdrawal_before_opponent_known);
    tcase_add_test(tc, test_KO8_cascade_deepest_first);
    tcase_add_test(tc, test_KO8_exactly_one_champion_property);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
