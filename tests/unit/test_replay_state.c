/* A replay going on from a kept state (bg_match_rec.from, issue 37) against the replay of
 * the whole match: a phone's report, game by game, is checked from the state kept with it
 * after its last game, not by replaying every game again. Property: over random matches
 * (random results, many refused; games taken back; penalty points given between games,
 * MATCH-5; a length corrected, MATCH-3) the game checked from the kept state is refused or
 * accepted exactly as when the whole match is replayed, with the same refusal, score,
 * summary and next state; a state made before a change it does not know of (a penalty
 * taken back, a length corrected) no longer fits and the whole match is replayed. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ops/replay/report_check.h"
#include "rules/bg_match.h"
#include "../check_main.h"

#define MAX_GAMES 80
#define MAX_PEN 8

struct model {
    int length0, length_fix, length_fix_game;
    bg_result games[MAX_GAMES];
    int n;
    bg_penalty pen[MAX_PEN];
    int n_pen;
};

static unsigned rnd(unsigned *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    return (*seed >> 16) & 0x7fff;
}

/* The record of model x's games from game `first` on, going on from `from` (NULL: all). */
static void record(const struct model *x, const bg_result *extra, int first,
                   const bg_match_state *from, bg_match_rec *rec)
{
    memset(rec, 0, sizeof *rec);
    rec->rules.match_length = x->length0;
    rec->length_fix = x->length_fix;
    rec->length_fix_game = x->length_fix_game;
    rec->from = from;
    for (int i = first; i < x->n + (extra != NULL); i++) {
        bg_game_rec *g = bg_match_rec_add_game(rec);
        ck_assert_ptr_nonnull(g);
        g->score_only = 1;
        g->has_result = 1;
        g->result = i < x->n ? x->games[i] : *extra;
    }
    for (int i = 0; i < x->n_pen; i++)
        ck_assert_int_eq(bg_match_rec_add_penalty(rec, &x->pen[i]), 0);
}

static void same_state(const bg_match_state *a, const bg_match_state *b)
{
    ck_assert_int_eq(memcmp(a, b, sizeof *a), 0);
}

/* The whole match replayed, with `extra` after its games (may be NULL). */
static int replay_all(const struct model *x, const bg_result *extra, bg_match_report *rep)
{
    bg_match_rec rec;
    record(x, extra, 0, NULL, &rec);
    int rc = bg_match_replay(&rec, rep);
    bg_match_rec_free(&rec);
    return rc;
}

static void run(unsigned seed)
{
    static const int lengths[] = {1, 3, 5, 7, 9, 11, 15};
    static const int cubes[] = {1, 1, 1, 2, 2, 4, 8};
    struct model x;
    memset(&x, 0, sizeof x);
    x.length0 = lengths[rnd(&seed) % 7];
    bg_match_state kept;
    int have = 0; /* a state kept after the last game */
    for (int step = 0; step < 60 && x.n < MAX_GAMES; step++) {
        unsigned what = rnd(&seed) % 100;
        if (what < 8 && x.n) { /* the last game taken back: the state rebuilt */
            x.n--;
            bg_match_report rep;
            ck_assert_int_eq(replay_all(&x, NULL, &rep), 0);
            kept = rep.resume;
            have = 1;
            bg_match_report_free(&rep);
            continue;
        }
        if (what < 14 && x.n_pen < MAX_PEN) { /* MATCH-5: points given now, before the next game */
            x.pen[x.n_pen++] = (bg_penalty){x.n, (int)(rnd(&seed) % 2), 1 + (int)(rnd(&seed) % 2)};
            bg_match_report rep;
            if (replay_all(&x, NULL, &rep)) /* refused (the match was over): not given */
                x.n_pen--;
            bg_match_report_free(&rep);
            continue;
        }
        if (what < 16 && x.n_pen) { /* a penalty taken back: the kept state no longer fits */
            x.n_pen--;
            bg_match_report rep;
            int bad = replay_all(&x, NULL, &rep); /* the games after it no longer stand */
            bg_match_report_free(&rep);
            if (bad) {
                x.n_pen++;
                continue;
            }
            if (have && kept.pen > x.n_pen) {
                bg_match_rec rec;
                record(&x, NULL, x.n, &kept, &rec);
                ck_assert_int_eq(bg_match_state_fits(&rec, &kept), 0);
                bg_match_rec_free(&rec);
            }
            continue;
        }
        if (what < 18 && !x.length_fix) { /* MATCH-3: the length corrected before the next game */
            x.length_fix = lengths[rnd(&seed) % 7];
            x.length_fix_game = x.n;
            if (have) {
                bg_match_rec rec;
                record(&x, NULL, x.n, &kept, &rec);
                ck_assert_int_eq(bg_match_state_fits(&rec, &kept), 0);
                bg_match_rec_free(&rec);
            }
            bg_match_report rep;
            ck_assert_int_eq(replay_all(&x, NULL, &rep), 0);
            kept = rep.resume; /* rebuilt, as a full replay does */
            have = 1;
            bg_match_report_free(&rep);
            continue;
        }
        static const int hows[] = {BG_HOW_SINGLE, BG_HOW_GAMMON, BG_HOW_BACKGAMMON,
                                            BG_HOW_DROP, BG_HOW_RESIGN};
        bg_result g = {0};
        g.winner = (int)(rnd(&seed) % 2);
        g.how = hows[rnd(&seed) % 5];
        g.cube = cubes[rnd(&seed) % 7];
        g.level = g.how == BG_HOW_RESIGN ? 1 + (int)(rnd(&seed) % 3) : 0;
        bg_match_report full, inc;
        int rf = replay_all(&x, &g, &full);
        bg_match_rec rec;
        record(&x, &g, have ? x.n : 0, have ? &kept : NULL, &rec);
        if (have && !bg_match_state_fits(&rec, &kept)) { /* as the server does: all of them */
            bg_match_rec_free(&rec);
            record(&x, &g, 0, NULL, &rec);
        }
        int ri = bg_match_replay(&rec, &inc);
        bg_match_rec_free(&rec);
        ck_assert_int_eq(ri, rf);
        if (rf) {
            ck_assert_str_eq(inc.err.rule, full.err.rule);
            ck_assert_int_eq(inc.err.game, full.err.game);
            ck_assert_str_eq(inc.err.message, full.err.message);
        } else {
            ck_assert_int_eq(inc.first + inc.n_games, full.n_games);
            ck_assert_int_eq(inc.score[0], full.score[0]);
            ck_assert_int_eq(inc.score[1], full.score[1]);
            ck_assert_int_eq(inc.over, full.over);
            ck_assert_int_eq(inc.winner, full.winner);
            const bg_game_summary *a = &inc.games[inc.n_games - 1];
            const bg_game_summary *b = &full.games[full.n_games - 1];
            ck_assert_int_eq(memcmp(a, b, sizeof *a), 0);
            same_state(&inc.resume, &full.resume);
            kept = inc.resume;
            have = 1;
            x.games[x.n++] = g;
            /* and the state as stored with the report reads back the same */
            char text[OP_REPORT_STATE_MAX];
            op_report_state_text(&kept, text);
            bg_match_state back;
            ck_assert_int_eq(op_report_state_read(text, &back), 0);
            same_state(&back, &kept);
        }
        bg_match_report_free(&full);
        bg_match_report_free(&inc);
    }
}

START_TEST(test_MATCH_5_a_game_checked_from_the_kept_state_as_by_a_whole_replay)
{
    for (unsigned seed = 1; seed <= 80; seed++)
        run(seed);
}
END_TEST

START_TEST(test_MATCH_3_a_kept_state_made_at_another_length_does_not_fit)
{
    struct model x;
    memset(&x, 0, sizeof x);
    x.length0 = 7;
    x.games[x.n++] = (bg_result){.winner = 0, .how = BG_HOW_SINGLE, .cube = 2};
    bg_match_report rep;
    ck_assert_int_eq(replay_all(&x, NULL, &rep), 0);
    bg_match_state kept = rep.resume;
    bg_match_report_free(&rep);
    bg_match_rec rec;
    record(&x, NULL, x.n, &kept, &rec);
    ck_assert_int_eq(bg_match_state_fits(&rec, &kept), 1);
    rec.length_fix = 5; /* MATCH-3: corrected since */
    rec.length_fix_game = 1;
    ck_assert_int_eq(bg_match_state_fits(&rec, &kept), 0);
    bg_match_rec_free(&rec);
}
END_TEST

START_TEST(test_a_stored_state_that_is_not_one_is_refused)
{
    bg_match_state s;
    ck_assert_int_eq(op_report_state_read("", &s), -1);
    ck_assert_int_eq(op_report_state_read("2 7 0 0 0 1 0 7 0 0 0 0 -1", &s), -1);
    ck_assert_int_eq(op_report_state_read("1 7 0 0 0 1 0 7 0 0 0 0", &s), -1);
    ck_assert_int_eq(op_report_state_read("1 7 0 0 0 1 0 7 0 0 0 0 -1 ", &s), -1);
    ck_assert_int_eq(op_report_state_read("1 7 0 0 0 12345678901 0 7 0 0 0 0 -1", &s), -1);
    ck_assert_int_eq(op_report_state_read("1 7 0 0 0 1 0 7 0 0 0 0 -1", &s), 0);
    ck_assert_int_eq(s.length0, 7);
    ck_assert_int_eq(s.winner, -1);
}
END_TEST

static Suite *replay_state_suite(void)
{
    Suite *s = suite_create("replay_state");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_MATCH_5_a_game_checked_from_the_kept_state_as_by_a_whole_replay);
    tcase_add_test(tc, test_MATCH_3_a_kept_state_made_at_another_length_does_not_fit);
    tcase_add_test(tc, test_a_stored_state_that_is_not_one_is_refused);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(replay_state_suite)
