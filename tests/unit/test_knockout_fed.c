/* Unit and property tests of the knockout's Consolation and Last Chance (DOMAIN.md KO-5,
 * KO-6): who is fed from the Main and when, the fed draw, the corrections that change who
 * enters, the vacant place, and a simulated weekend. The draw itself: test_knockout.c. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api/knockout_text.h"
#include "common/errors.h"
#include "tourney/knockout.h"
#include "tourney/rng.h"
#include "knockout_fx.h"
#include "../check_main.h"

/* ---- KO-5, KO-6 Consolation and Last Chance ---- */

/* 5 entries in 8: positions 1, 2, 3 face byes; 4 v 5 is the only round-1 match. p[i]: the
 * player at position i (1 to 5). */
static void five_player_main(struct ko_bracket *b, struct ko_result *res, struct ko_mview *v,
                             int64_t p[6])
{
    struct ko_entry *e = entries(5, 1);
    draw_ok(17, e, 5, 0, NULL, b);
    free(e);
    memset(res, 0, 7 * sizeof *res);
    compute_ok(b, res, v);
    for (int i = 1; i <= 5; i++)
        p[i] = id_at(b, i);
}

static int side_of(const struct ko_mview *v, int64_t id)
{
    for (int s = 0; s < 2; s++)
        if (v->side[s].kind == KO_SIDE_PLAYER && v->side[s].id == id)
            return s;
    return -1;
}

/* Decides match m so that player `loser` loses. */
static void lose(struct ko_result *res, const struct ko_mview *v, int m, int64_t loser,
                 enum ko_decision d)
{
    int s = side_of(&v[m], loser);
    ck_assert_int_ge(s, 0);
    res[m].decision = d;
    res[m].winner = 1 - s;
}

START_TEST(test_KO5_first_match_losers_enter)
{
    struct ko_bracket b;
    struct ko_result res[7];
    struct ko_mview v[7];
    int64_t p[6];
    five_player_main(&b, res, v, p);
    struct ko_entry out[8];
    int missing;
    /* 4 v 5, both round-2 matches (each holds a first-timer) and the final (a player who
     * only ever wins by forfeit is still a first-timer) may all still feed. */
    ck_assert_int_eq(ko_feed(&b, res, v, 0, out, &missing), 0);
    ck_assert_int_eq(missing, 4);
    lose(res, v, 1, p[5], KO_PLAYED);
    compute_ok(&b, res, v);
    ck_assert_int_eq(ko_feed(&b, res, v, 0, out, &missing), 1);
    ck_assert_int_eq(missing, 3);
    ck_assert_int_eq(out[0].id, p[5]);
    ck_assert_int_eq(out[0].round, 1);
    ck_assert_int_eq(out[0].had_bye, 0);
    lose(res, v, 4, p[1], KO_PLAYED);  /* the bye player loses its first match */
    lose(res, v, 5, p[3], KO_FORFEIT); /* a forfeit loser stays in; p2 has still not played */
    compute_ok(&b, res, v);
    ck_assert_int_eq(ko_feed(&b, res, v, 0, out, &missing), 3);
    ck_assert_int_eq(missing, 1);
    ck_assert_int_eq(out[1].id, p[1]);
    ck_assert_int_eq(out[1].had_bye, 1);
    ck_assert_int_eq(out[2].id, p[3]);
    ck_assert_int_eq(out[2].had_bye, 1);
    lose(res, v, 6, p[4], KO_PLAYED); /* p4 had played: not fed */
    compute_ok(&b, res, v);
    ck_assert_int_eq(ko_feed(&b, res, v, 0, out, &missing), 3);
    ck_assert_int_eq(missing, 0);
    /* Consolation byes go to the player with no bye in the Main, whatever the lot. */
    for (uint64_t seed = 0; seed < 50; seed++) {
        struct ko_bracket c;
        char err[256];
        ck_assert_int_eq(ko_draw_fed(seed, out, 3, &c, err, sizeof err), 0);
        ck_assert_int_eq(c.size, 4);
        ck_assert_int_eq(id_at(&c, 1), p[5]);
        ck_assert_int_eq(id_at(&c, 4), BYE);
        ko_bracket_free(&c);
    }
    /* Had p2 lost the final instead, it would enter too: its first match played. */
    res[6].winner = 1 - res[6].winner;
    compute_ok(&b, res, v);
    ck_assert_int_eq(ko_feed(&b, res, v, 0, out, &missing), 4);
    ck_assert_int_eq(out[3].id, p[2]);
    ck_assert_int_eq(out[3].had_bye, 1);
    ko_bracket_free(&b);
}
END_TEST

START_TEST(test_KO5_progressive_round2_losers_enter_round2)
{
    struct ko_bracket b;
    struct ko_result res[7];
    struct ko_mview v[7];
    int64_t p[6];
    five_player_main(&b, res, v, p);
    struct ko_entry out[8];
    int missing;
    lose(res, v, 1, p[5], KO_PLAYED);
    compute_ok(&b, res, v);
    lose(res, v, 4, p[4], KO_PLAYED); /* won round 1 by playing, lost round 2 */
    compute_ok(&b, res, v);
    ck_assert_int_eq(ko_feed(&b, res, v, 1, out, &missing), 2);
    ck_assert_int_eq(missing, 2); /* round-2 match 2 v 3, and the final it leads to */
    lose(res, v, 5, p[2], KO_PLAYED);
    compute_ok(&b, res, v);
    ck_assert_int_eq(ko_feed(&b, res, v, 1, out, &missing), 3);
    ck_assert_int_eq(missing, 0);
    ck_assert_int_eq(out[0].id, p[5]);
    ck_assert_int_eq(out[0].round, 1);
    ck_assert_int_eq(out[1].id, p[4]);
    ck_assert_int_eq(out[1].round, 2);
    ck_assert_int_eq(out[2].id, p[2]);
    ck_assert_int_eq(out[2].round, 1);
    ck_assert_int_eq(out[2].had_bye, 1);
    /* Non-progressive, p4 (who played and won round 1) does not enter. */
    ck_assert_int_eq(ko_feed(&b, res, v, 0, out, &missing), 2);
    ck_assert_int_eq(out[1].id, p[2]);
    /* The progressive draw: p4 enters behind a structural bye, meets the round-1 winner. */
    ko_feed(&b, res, v, 1, out, &missing);
    struct ko_bracket c;
    char err[256];
    ck_assert_int_eq(ko_draw_fed(5, out, 3, &c, err, sizeof err), 0);
    ck_assert_int_eq(c.size, 4);
    ck_assert_int_eq(id_at(&c, 1), p[4]);
    struct ko_result cr[3] = {0};
    struct ko_mview cv[3];
    compute_ok(&c, cr, cv);
    ck_assert_int_eq(cv[0].state, KO_M_WALKOVER); /* positions 1 v 4 */
    ck_assert_int_eq(cv[1].state, KO_M_READY);    /* positions 2 v 3 */
    ko_bracket_free(&c);
    ko_bracket_free(&b);
}
END_TEST

START_TEST(test_KO5_withdrawn_and_disqualified_do_not_enter)
{
    struct ko_bracket b;
    struct ko_result res[7];
    struct ko_mview v[7];
    int64_t p[6];
    five_player_main(&b, res, v, p);
    lose(res, v, 1, p[5], KO_WITHDRAWAL);
    lose(res, v, 5, p[2], KO_DISQUALIFIED);
    compute_ok(&b, res, v);
    struct ko_entry out[8];
    int missing;
    ck_assert_int_eq(ko_feed(&b, res, v, 0, out, &missing), 0);
    ck_assert_int_eq(missing, 2); /* p1 v p4, both first-timers, and the final */
    /* p4 advanced without playing (its opponent withdrew): that counts as a bye. */
    lose(res, v, 4, p[4], KO_PLAYED);
    compute_ok(&b, res, v);
    ck_assert_int_eq(ko_feed(&b, res, v, 0, out, &missing), 1);
    ck_assert_int_eq(out[0].id, p[4]);
    ck_assert_int_eq(out[0].had_bye, 1);
    ko_bracket_free(&b);
}
END_TEST

START_TEST(test_KO5_full_progressive_structure)
{
    /* A full Main of 32: 16 round-1 losers and 8 round-2 losers; the Consolation has 32
     * slots and every round-2 match pairs a round-2 entrant with a round-1 winner. */
    struct ko_entry *e = entries(32, 1);
    struct ko_bracket b, c;
    struct ko_result res[31] = {0};
    struct ko_mview v[31];
    struct rng r;
    rng_seed(&r, 3);
    draw_ok(9, e, 32, 0, NULL, &b);
    play_round(&b, res, v, 1, &r);
    play_round(&b, res, v, 2, &r);
    struct ko_entry out[32];
    int missing, n = ko_feed(&b, res, v, 1, out, &missing);
    ck_assert_int_eq(missing, 0);
    ck_assert_int_eq(n, 24);
    char err[256];
    ck_assert_int_eq(ko_draw_fed(44, out, n, &c, err, sizeof err), 0);
    ck_assert_int_eq(c.size, 32);
    struct ko_result cr[31] = {0};
    struct ko_mview cv[31];
    play_round(&c, cr, cv, 1, &r);
    for (int i = 0; i < 8; i++) {
        const struct ko_mview *m = &cv[ko_match_index(&c, 2, i)];
        ck_assert_int_eq(m->state, KO_M_READY);
        int r2 = 0;
        for (int s = 0; s < 2; s++)
            for (int k = 0; k < n; k++)
                if (out[k].id == m->side[s].id)
                    r2 += out[k].round == 2;
        ck_assert_int_eq(r2, 1);
    }
    ko_bracket_free(&c);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

/* Property: over Main sizes and seeds, a Consolation bye goes to a player who had a Main bye
 * only when every player without one already has a Consolation bye or a round-2 entry. */
START_TEST(test_KO5_consolation_bye_preference_property)
{
    struct ko_entry *e = entries(130, 1);
    int checked = 0, contested = 0;
    for (int n = 3; n <= 130; n += 1)
        for (uint64_t seed = 0; seed < 6; seed++) {
            struct ko_bracket b, c;
            struct rng r;
            rng_seed(&r, seed * 1000 + (uint64_t)n);
            draw_ok(seed + (uint64_t)n, e, n, 0, NULL, &b);
            int nm = ko_match_count(&b);
            struct ko_result *res = calloc((size_t)nm, sizeof *res);
            struct ko_mview *v = calloc((size_t)nm, sizeof *v);
            struct ko_entry *out = calloc((size_t)b.size, sizeof *out);
            int progressive = (int)(seed % 2), missing, k = 0;
            for (int round = 1; round <= b.rounds; round++) {
                play_round(&b, res, v, round, &r);
                k = ko_feed(&b, res, v, progressive, out, &missing);
                if (!missing)
                    break;
            }
            REQ_EQ(missing, 0);
            char err[256];
            if (k >= 2) {
                REQ_EQ(ko_draw_fed(seed, out, k, &c, err, sizeof err), 0);
                int nobye_played = 0, bye_got_bye = 0, nb = 0;
                for (int s = 0; s < c.size; s++) {
                    const struct ko_slot *sl = &c.slots[s];
                    if (sl->kind != KO_SLOT_ENTRY || sl->round2)
                        continue;
                    int got = c.slots[s ^ 1].kind == KO_SLOT_BYE;
                    nb += sl->had_bye;
                    if (!sl->had_bye && !got)
                        nobye_played++;
                    if (sl->had_bye && got)
                        bye_got_bye++;
                }
                if (nobye_played && bye_got_bye)
                    ck_abort_msg("n=%d seed=%llu: a Main-bye player got a Consolation bye while "
                                 "a player without one plays round 1",
                                 n, (unsigned long long)seed);
                contested += nb > 0;
                struct ko_bracket d;
                REQ_EQ(ko_rederive(&c, &d, err, sizeof err), 0);
                REQ(ko_same_draw(&c, &d));
                ko_bracket_free(&d);
                ko_bracket_free(&c);
                checked++;
            }
            free(res), free(v), free(out);
            ko_bracket_free(&b);
        }
    REQ((checked) > (600));
    REQ((contested) > (100)); /* the preference was actually put to the test */
    free(e);
}
END_TEST

START_TEST(test_KO5_fed_draw_refusals)
{
    struct ko_entry e[3] = {{.id = 1}, {.id = 2, .round = 3}, {.id = 3}};
    struct ko_bracket c;
    char err[256];
    ck_assert_int_eq(ko_draw_fed(1, e, 1, &c, err, sizeof err), CW_EINVAL);
    ck_assert_int_eq(ko_draw_fed(1, e, 3, &c, err, sizeof err), CW_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "round 3"));
    e[1].round = 2;
    e[2].id = 1;
    ck_assert_int_eq(ko_draw_fed(1, e, 3, &c, err, sizeof err), CW_EINVAL);
    e[2].id = 3;
    ck_assert_int_eq(ko_draw_fed(1, e, 3, &c, err, sizeof err), 0);
    ck_assert_int_eq(c.kind, KO_FED);
    ko_bracket_free(&c);
}
END_TEST

START_TEST(test_KO5_fed_draw_matches_documented_algorithm)
{
    /* From the Python re-implementation: 5 round-1 entrants (2 with a Main bye) and 2
     * round-2 entrants: 16 slots; every round-1 entrant gets a bye here (X >= n1). */
    struct ko_entry e[7] = {{.id = 11, .round = 1},
                            {.id = 12, .round = 1, .had_bye = 1},
                            {.id = 13, .round = 1},
                            {.id = 14, .round = 2},
                            {.id = 15, .round = 1},
                            {.id = 16, .round = 2},
                            {.id = 17, .round = 1, .had_bye = 1}};
    int64_t want[16] = {16, BYE, BYE, BYE, 13, BYE, 11, BYE, 14, BYE, 12, BYE, 15, BYE, 17, BYE};
    struct ko_bracket c;
    char err[256];
    ck_assert_int_eq(ko_draw_fed(99, e, 7, &c, err, sizeof err), 0);
    for (int s = 0; s < 16; s++)
        ck_assert_int_eq(slot_code(&c.slots[s]), want[s]);
    ko_bracket_free(&c);
}
END_TEST

START_TEST(test_KO5_waiting_for_the_draw_text)
{
    struct ko_entry out[2] = {{.id = 5, .round = 1}, {.id = 9, .round = 2}};
    struct ko_pstatus st;
    char text[256];
    ck_assert_int_eq(ko_feed_status(out, 2, 3, 9, &st), 0);
    ck_assert_int_eq(st.state, KO_P_WAIT_DRAW);
    api_knockout_status_text(&st, NULL, text, sizeof text);
    ck_assert_str_eq(text, "You enter round 2 of this event. Its draw is made when the 3 results "
                           "that may still add players are in.");
    ck_assert_int_eq(ko_feed_status(out, 2, 0, 5, &st), 0);
    api_knockout_status_text(&st, NULL, text, sizeof text);
    ck_assert_ptr_nonnull(strstr(text, "the draw can be made"));
    ck_assert_int_eq(ko_feed_status(out, 2, 0, 6, &st), CW_ENOTFOUND);
}
END_TEST

START_TEST(test_KO5_correction_swaps_consolation_entrant)
{
    /* 8 entries, no byes. After the Consolation draw the TD corrects a round-1 result:
     * the old loser advances in the Main, the new loser takes its Consolation place. */
    struct ko_entry *e = entries(8, 1);
    struct ko_bracket b, c;
    struct ko_result res[7] = {0}, cr[3] = {0};
    struct ko_mview v[7], cv[3];
    struct rng r;
    rng_seed(&r, 1);
    draw_ok(21, e, 8, 0, NULL, &b);
    play_round(&b, res, v, 1, &r);
    struct ko_entry out[8];
    int missing, n = ko_feed(&b, res, v, 0, out, &missing);
    ck_assert_int_eq(n, 4);
    ck_assert_int_eq(missing, 0);
    char err[256];
    ck_assert_int_eq(ko_draw_fed(3, out, n, &c, err, sizeof err), 0);
    compute_ok(&c, cr, cv);
    int64_t old = v[0].side[1 - res[0].winner].id, neu = v[0].side[res[0].winner].id;
    /* The old loser's Consolation match was played. */
    int cm = -1;
    for (int m = 0; m < 2; m++)
        if (side_of(&cv[m], old) >= 0)
            cm = m;
    ck_assert_int_ge(cm, 0);
    cr[cm].decision = KO_PLAYED;
    cr[cm].winner = side_of(&cv[cm], old);
    compute_ok(&c, cr, cv);
    /* The correction in the Main. */
    res[0].winner = 1 - res[0].winner;
    compute_ok(&b, res, v);
    n = ko_feed(&b, res, v, 0, out, &missing);
    int undo[3], nundo;
    struct ko_slot_change ch[4];
    int nch = ko_feed_follow(&c, cr, cv, out, n, missing, undo, &nundo, ch, err, sizeof err);
    ck_assert_msg(nch == 1, "%d: %s", nch, err);
    ck_assert_int_eq(ch[0].old_id, old);
    ck_assert_int_eq(ch[0].new_id, neu);
    ck_assert_int_eq(ch[0].closed, 0);
    ck_assert_int_eq(nundo, 1); /* the old entrant's match is undone */
    ck_assert_int_eq(undo[0], cm);
    ck_assert_int_eq(cr[cm].decision, KO_UNDECIDED);
    ck_assert_int_ge(side_of(&cv[cm], neu), 0); /* the new one takes the old one's place */
    ck_assert_int_eq(cv[cm].state, KO_M_READY);
    ck_assert_int_eq(c.slots[ch[0].slot].vacant, 0);
    /* followed again: nothing to change */
    ck_assert_int_eq(ko_feed_follow(&c, cr, cv, out, n, missing, undo, &nundo, ch, err, sizeof err),
                     0);
    ck_assert_int_eq(nundo, 0);
    /* The draw's record is unchanged by the substitution. */
    struct ko_bracket d;
    ck_assert_int_eq(ko_rederive(&c, &d, err, sizeof err), 0);
    ck_assert(ko_same_draw(&c, &d));
    ko_bracket_free(&d);
    ko_bracket_free(&c);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

/* A full Main of 8 and its drawn progressive Consolation (4 round-1 and 2 round-2 entrants).
 * The winner W of Main round-1 match 0 lost round 2, so entered Consolation round 2; L, the
 * loser, entered round 1 and played there. */
struct prog {
    struct ko_bracket b, c;
    struct ko_result res[7], cr[7];
    struct ko_mview v[7], cv[7];
    struct ko_entry out[8];
    int n, missing, cm; /* cm: L's Consolation match */
    int64_t w, l, q;    /* q: who beat W in Main round 2 */
};

static void prog_setup(struct prog *p)
{
    memset(p, 0, sizeof *p);
    struct ko_entry *e = entries(8, 1);
    struct rng r;
    rng_seed(&r, 5);
    draw_ok(33, e, 8, 0, NULL, &p->b);
    free(e);
    play_round(&p->b, p->res, p->v, 1, &r);
    p->w = p->v[0].side[p->res[0].winner].id;
    p->l = p->v[0].side[1 - p->res[0].winner].id;
    int m2 = ko_match_index(&p->b, 2, 0);
    lose(p->res, p->v, m2, p->w, KO_PLAYED);
    play_round(&p->b, p->res, p->v, 2, &r);
    p->q = p->v[m2].side[p->res[m2].winner].id;
    p->n = ko_feed(&p->b, p->res, p->v, 1, p->out, &p->missing);
    ck_assert_int_eq(p->n, 6);
    ck_assert_int_eq(p->missing, 0);
    char err[256];
    ck_assert_int_eq(ko_draw_fed(8, p->out, p->n, &p->c, err, sizeof err), 0);
    ck_assert_int_eq(p->c.size, 8);
    compute_ok(&p->c, p->cr, p->cv);
    p->cm = -1;
    for (int m = 0; m < 4; m++)
        if (side_of(&p->cv[m], p->l) >= 0)
            p->cm = m;
    ck_assert_int_ge(p->cm, 0);
    ck_assert_int_eq(p->cv[p->cm].state, KO_M_READY);
    lose(p->cr, p->cv, p->cm, p->l, KO_PLAYED);
    compute_ok(&p->c, p->cr, p->cv);
    /* the correction: L beat W. Main round 2 match 0 (W's loss) is undone with it. */
    p->res[0].winner = 1 - p->res[0].winner;
    int later[KO_MAX_ROUNDS];
    ck_assert_int_eq(ko_cascade(&p->b, p->res, 0, later), 1);
    ck_assert_int_eq(later[0], m2);
    memset(&p->res[m2], 0, sizeof p->res[m2]);
    compute_ok(&p->b, p->res, p->v);
    p->n = ko_feed(&p->b, p->res, p->v, 1, p->out, &p->missing);
}

static int slot_of(const struct ko_bracket *b, int64_t id)
{
    for (int s = 0; s < b->size; s++)
        if (b->slots[s].id == id)
            return s;
    return -1;
}

/* KO-5, KO-8: the correction takes W out of Consolation round 2 with nobody to replace them
 * until Main round 2 is played again: W takes L's round-1 place, W's round-2 place waits
 * (vacant), and the loser of the replayed match fills it. */
START_TEST(test_KO5_KO8_progressive_correction_leaves_a_vacant_place)
{
    struct prog p;
    prog_setup(&p);
    ck_assert_int_eq(p.n, 5); /* W in round 1; Main round 2 match 0 still to come */
    ck_assert_int_eq(p.missing, 1);
    int lslot = slot_of(&p.c, p.l), wslot = slot_of(&p.c, p.w);
    ck_assert(p.c.slots[wslot].round2);
    int undo[7], nundo;
    struct ko_slot_change ch[8];
    char err[256] = "";
    int nch =
        ko_feed_follow(&p.c, p.cr, p.cv, p.out, p.n, p.missing, undo, &nundo, ch, err, sizeof err);
    ck_assert_msg(nch == 2, "%d: %s", nch, err);
    ck_assert_int_eq(nundo, 1); /* L's Consolation match */
    ck_assert_int_eq(undo[0], p.cm);
    ck_assert_int_eq(p.c.slots[lslot].id, p.w); /* W plays L's round-1 match instead */
    ck_assert_int_eq(p.cv[p.cm].state, KO_M_READY);
    ck_assert_int_eq(p.c.slots[wslot].id, 0); /* W's round-2 place waits */
    ck_assert_int_eq(p.c.slots[wslot].vacant, 1);
    const struct ko_mview *hold = &p.cv[wslot / 2];
    ck_assert_int_eq(hold->side[wslot % 2].kind, KO_SIDE_TO_ENTER);
    ck_assert_int_eq(hold->state, KO_M_WAITING);
    for (int i = 0; i < nch; i++) {
        if (ch[i].slot == lslot) {
            ck_assert_int_eq(ch[i].old_id, p.l);
            ck_assert_int_eq(ch[i].new_id, p.w);
        } else {
            ck_assert_int_eq(ch[i].slot, wslot);
            ck_assert_int_eq(ch[i].old_id, p.w);
            ck_assert_int_eq(ch[i].new_id, 0);
            ck_assert_int_eq(ch[i].closed, 0);
        }
    }
    /* the draw's record is kept */
    struct ko_bracket d;
    ck_assert_int_eq(ko_rederive(&p.c, &d, err, sizeof err), 0);
    ck_assert(ko_same_draw(&p.c, &d));
    ko_bracket_free(&d);
    /* Main round 2 match 0 again: Q beats L, who played and won round 1: L fills the place */
    int m2 = ko_match_index(&p.b, 2, 0);
    lose(p.res, p.v, m2, p.l, KO_PLAYED);
    compute_ok(&p.b, p.res, p.v);
    p.n = ko_feed(&p.b, p.res, p.v, 1, p.out, &p.missing);
    ck_assert_int_eq(p.missing, 0);
    nch =
        ko_feed_follow(&p.c, p.cr, p.cv, p.out, p.n, p.missing, undo, &nundo, ch, err, sizeof err);
    ck_assert_msg(nch == 1, "%d: %s", nch, err);
    ck_assert_int_eq(ch[0].slot, wslot);
    ck_assert_int_eq(ch[0].old_id, 0);
    ck_assert_int_eq(ch[0].new_id, p.l);
    ck_assert_int_eq(p.c.slots[wslot].vacant, 0);
    ck_assert_int_eq(p.cv[wslot / 2].state, KO_M_WALKOVER); /* behind its structural bye */
    /* the Consolation plays to its end with one champion */
    struct rng r;
    rng_seed(&r, 9);
    play_all(&p.c, p.cr, p.cv, &r);
    ck_assert_int_gt(ko_champion(&p.c, p.cv), 0);
    ko_bracket_free(&p.c);
    ko_bracket_free(&p.b);
}
END_TEST

/* The place closes when nobody can come (the replayed match ends in a withdrawal), and a
 * round-1 entrant takes a round-2 place when no round-1 place is vacant. */
START_TEST(test_KO5_vacant_place_closes_or_takes_the_other_round)
{
    for (int variant = 0; variant < 2; variant++) {
        struct prog p;
        prog_setup(&p);
        int undo[7], nundo;
        struct ko_slot_change ch[8];
        char err[256] = "";
        ck_assert_int_eq(ko_feed_follow(&p.c, p.cr, p.cv, p.out, p.n, p.missing, undo, &nundo, ch,
                                        err, sizeof err),
                         2);
        int wslot = -1;
        for (int s = 0; s < p.c.size; s++)
            if (p.c.slots[s].vacant)
                wslot = s;
        ck_assert_int_ge(wslot, 0);
        int m2 = ko_match_index(&p.b, 2, 0);
        if (variant == 0) {
            /* L withdraws from Main round 2: nobody enters, the place closes */
            lose(p.res, p.v, m2, p.l, KO_WITHDRAWAL);
            compute_ok(&p.b, p.res, p.v);
            p.n = ko_feed(&p.b, p.res, p.v, 1, p.out, &p.missing);
            ck_assert_int_eq(p.missing, 0);
            ck_assert_int_eq(ko_feed_follow(&p.c, p.cr, p.cv, p.out, p.n, p.missing, undo, &nundo,
                                            ch, err, sizeof err),
                             1);
            ck_assert_int_eq(ch[0].slot, wslot);
            ck_assert_int_eq(ch[0].closed, 1);
            ck_assert_int_eq(p.c.slots[wslot].vacant, 0);
            ck_assert_int_eq(p.cv[wslot / 2].state, KO_M_EMPTY);
            /* its round-2 opponent walks over once known */
            struct rng r;
            rng_seed(&r, 2);
            play_round(&p.c, p.cr, p.cv, 1, &r);
            const struct ko_mview *r2 = &p.cv[ko_match_index(&p.c, 2, wslot / 4)];
            ck_assert_int_eq(r2->state, KO_M_WALKOVER);
        } else {
            /* a round-1 entrant (made up: X) with no round-1 place free takes the round-2 one */
            p.out[p.n++] = (struct ko_entry){99, 0, 0, 1, 0};
            ck_assert_int_eq(
                ko_feed_follow(&p.c, p.cr, p.cv, p.out, p.n, 0, undo, &nundo, ch, err, sizeof err),
                1);
            ck_assert_int_eq(p.c.slots[wslot].id, 99);
            ck_assert_int_eq(p.cv[wslot / 2].state, KO_M_WALKOVER);
            /* one more has no place at all: refused with the reason */
            p.out[p.n++] = (struct ko_entry){100, 0, 0, 1, 0};
            ck_assert_int_eq(
                ko_feed_follow(&p.c, p.cr, p.cv, p.out, p.n, 0, undo, &nundo, ch, err, sizeof err),
                -1);
            ck_assert_ptr_nonnull(strstr(err, "player 100 would enter round 1"));
            ck_assert_ptr_nonnull(strstr(err, "does not grow (KO-5)"));
        }
        ko_bracket_free(&p.c);
        ko_bracket_free(&p.b);
    }
}
END_TEST

/* KO-6 through the same function: a Consolation entrant replaced after their first
 * Consolation match was played leaves a Last Chance place with nobody to fill it until that
 * match is played again; their opponent there is told so. */
START_TEST(test_KO6_last_chance_place_waits_for_the_replay)
{
    struct prog p;
    prog_setup(&p);
    /* before the correction: the Consolation played rounds 1 and 2; the Last Chance was
     * drawn from its early losers, L one of them */
    struct ko_result cr0[7];
    struct ko_mview cv0[7];
    memcpy(cr0, p.cr, sizeof cr0);
    struct rng r;
    rng_seed(&r, 4);
    play_round(&p.c, cr0, cv0, 1, &r);
    play_round(&p.c, cr0, cv0, 2, &r);
    struct ko_entry lc_in[8];
    int lmiss, ln = ko_feed(&p.c, cr0, cv0, 0, lc_in, &lmiss);
    ck_assert_int_eq(lmiss, 0);
    ck_assert_int_ge(ln, 2);
    struct ko_bracket lc;
    char err[256] = "";
    ck_assert_int_eq(ko_draw_fed(6, lc_in, ln, &lc, err, sizeof err), 0);
    struct ko_result lr[7] = {0};
    struct ko_mview lv[7];
    compute_ok(&lc, lr, lv);
    memcpy(p.cr, cr0, sizeof cr0);
    memcpy(p.cv, cv0, sizeof cv0);
    /* the Main correction reaches the Consolation: W takes L's place, L's matches undone */
    int undo[7], nundo;
    struct ko_slot_change ch[8];
    ck_assert_int_eq(
        ko_feed_follow(&p.c, p.cr, p.cv, p.out, p.n, p.missing, undo, &nundo, ch, err, sizeof err),
        2);
    ck_assert_int_ge(nundo, 2); /* L's round-1 match and the round-2 match after it */
    ck_assert_int_eq(p.cv[p.cm].state, KO_M_READY);
    /* and the Consolation's change reaches the Last Chance: L's place waits */
    int lslot = slot_of(&lc, p.l);
    ck_assert_int_ge(lslot, 0);
    int64_t opp = lc.slots[lslot ^ 1].id;
    ln = ko_feed(&p.c, p.cr, p.cv, 0, lc_in, &lmiss);
    ck_assert_int_ge(lmiss, 1);
    int lundo[7], nlundo;
    struct ko_slot_change lch[8];
    ck_assert_int_ge(
        ko_feed_follow(&lc, lr, lv, lc_in, ln, lmiss, lundo, &nlundo, lch, err, sizeof err), 1);
    ck_assert_int_eq(lc.slots[lslot].id, 0);
    ck_assert_int_eq(lc.slots[lslot].vacant, 1);
    ck_assert_int_gt(opp, 0);
    struct ko_pstatus st;
    ck_assert_int_eq(lc.slots[lslot ^ 1].id, opp); /* the opponent keeps their place */
    ck_assert_int_eq(ko_player_status(&lc, lr, lv, opp, &st), 0);
    ck_assert_int_eq(st.state, KO_P_WAIT_ENTRANT);
    ck_assert_str_eq(ko_pstate_name(st.state), "waiting_entrant"); /* every state has a name */
    for (int a = KO_P_ABSENT; a <= KO_P_WAIT_ENTRANT; a++)
        for (int b2 = KO_P_ABSENT; b2 < a; b2++)
            ck_assert_str_ne(ko_pstate_name((enum ko_pstate)a), ko_pstate_name((enum ko_pstate)b2));
    char text[256];
    api_knockout_status_text(&st, NULL, text, sizeof text);
    ck_assert_ptr_nonnull(strstr(text, "your opponent is not known yet"));
    /* everything is played again as before: Main round 2 (L loses it as W did), then the
     * undone Consolation matches, each level followed by the one it feeds */
    int m2 = ko_match_index(&p.b, 2, 0);
    lose(p.res, p.v, m2, p.l, KO_PLAYED);
    compute_ok(&p.b, p.res, p.v);
    p.n = ko_feed(&p.b, p.res, p.v, 1, p.out, &p.missing);
    ck_assert_int_eq(
        ko_feed_follow(&p.c, p.cr, p.cv, p.out, p.n, p.missing, undo, &nundo, ch, err, sizeof err),
        1);
    for (int m = 0; m < ko_match_count(&p.c); m++)
        if (cr0[m].decision && !p.cr[m].decision)
            p.cr[m] = cr0[m];
    compute_ok(&p.c, p.cr, p.cv);
    ln = ko_feed(&p.c, p.cr, p.cv, 0, lc_in, &lmiss);
    ck_assert_int_eq(lmiss, 0);
    ck_assert_msg(
        ko_feed_follow(&lc, lr, lv, lc_in, ln, lmiss, lundo, &nlundo, lch, err, sizeof err) >= 1,
        "%s", err);
    for (int s = 0; s < lc.size; s++)
        ck_assert_int_eq(lc.slots[s].vacant, 0);
    for (int i = 0; i < ln; i++)
        ck_assert_int_ge(slot_of(&lc, lc_in[i].id), 0);
    ck_assert_int_eq(lc.slots[lslot].id, p.w); /* W lost L's match: W takes L's place */
    ck_assert_int_eq(ko_player_status(&lc, lr, lv, opp, &st), 0);
    ck_assert_int_eq(st.state, KO_P_READY);
    ko_bracket_free(&lc);
    ko_bracket_free(&p.c);
    ko_bracket_free(&p.b);
}
END_TEST

/* A weekend: 37 entries and 3 late places (2 taken), a progressive Consolation drawn once
 * its entrants are known, a Last Chance fed by early Consolation losers through the same
 * functions, all played to the three finals. */
START_TEST(test_KO5_KO6_simulated_weekend)
{
    struct ko_entry *e = entries(37, 1);
    struct ko_bracket main, cons, lc;
    char err[256];
    int no;
    struct rng r;
    rng_seed(&r, 37);
    draw_ok(2026, e, 37, 3, NULL, &main);
    main.late_deadline_ms = 5000;
    ck_assert_int_eq(ko_late_arrive(&main, 38, 1000, &no, err, sizeof err), 0);
    ck_assert_int_eq(ko_late_arrive(&main, 39, 2000, &no, err, sizeof err), 0);
    ck_assert_int_eq(no, 2);
    ck_assert_int_eq(ko_late_expire(&main, 6000), 1);
    struct ko_result mres[63] = {0}, cres[63] = {0}, lres[63] = {0};
    struct ko_mview mv[63], cv[63], lv[63];
    struct ko_entry cin[64], lin[64];
    int missing, nc;
    play_round(&main, mres, mv, 1, &r);
    nc = ko_feed(&main, mres, mv, 1, cin, &missing);
    ck_assert_int_gt(missing, 0); /* round 2 still to play */
    play_round(&main, mres, mv, 2, &r);
    nc = ko_feed(&main, mres, mv, 1, cin, &missing);
    ck_assert_int_eq(missing, 0);
    /* 39 players in 64 slots: 25 holes, so 7 round-1 matches and 16 round-2 matches: 23
     * entrants, of whom those who had played round 1 enter round 2. */
    ck_assert_int_eq(nc, 23);
    int n2 = 0;
    for (int i = 0; i < nc; i++)
        n2 += cin[i].round == 2;
    ck_assert_int_le(n2, 7);
    ck_assert_int_eq(ko_draw_fed(77, cin, nc, &cons, err, sizeof err), 0);
    /* The Main and the Consolation proceed; the Last Chance is drawn once complete. */
    int lc_drawn = 0, nl = 0;
    for (int step = 0; step < 20; step++) {
        play_all(&main, mres, mv, &r);
        play_all(&cons, cres, cv, &r);
        if (!lc_drawn) {
            nl = ko_feed(&cons, cres, cv, 0, lin, &missing);
            if (!missing && nl >= 2) {
                ck_assert_int_eq(ko_draw_fed(78, lin, nl, &lc, err, sizeof err), 0);
                lc_drawn = 1;
            }
        }
        if (lc_drawn)
            play_all(&lc, lres, lv, &r);
    }
    ck_assert(lc_drawn);
    int64_t c1 = ko_champion(&main, mv), c2 = ko_champion(&cons, cv), c3 = ko_champion(&lc, lv);
    ck_assert_int_gt(c1, 0);
    ck_assert_int_gt(c2, 0);
    ck_assert_int_gt(c3, 0);
    ck_assert_int_ne(c1, c2);
    ck_assert_int_ne(c2, c3);
    ck_assert_int_ne(c1, c3);
    /* Every Consolation entrant lost in the Main; every Last Chance entrant in both. */
    for (int i = 0; i < nc; i++) {
        struct ko_pstatus st;
        ck_assert_int_eq(ko_player_status(&main, mres, mv, cin[i].id, &st), 0);
        ck_assert_int_eq(st.state, KO_P_OUT);
        ck_assert_int_le(st.round, 2);
    }
    for (int i = 0; i < nl; i++) {
        struct ko_pstatus st;
        ck_assert_int_eq(ko_player_status(&cons, cres, cv, lin[i].id, &st), 0);
        ck_assert_int_eq(st.state, KO_P_OUT);
    }
    struct ko_pstatus st;
    ck_assert_int_eq(ko_player_status(&main, mres, mv, c1, &st), 0);
    ck_assert_int_eq(st.state, KO_P_CHAMPION);
    ko_bracket_free(&lc);
    ko_bracket_free(&cons);
    ko_bracket_free(&main);
    free(e);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("knockout_fed");
    TCase *tc = tcase_create("units");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_KO5_first_match_losers_enter);
    tcase_add_test(tc, test_KO5_progressive_round2_losers_enter_round2);
    tcase_add_test(tc, test_KO5_withdrawn_and_disqualified_do_not_enter);
    tcase_add_test(tc, test_KO5_full_progressive_structure);
    tcase_add_test(tc, test_KO5_consolation_bye_preference_property);
    tcase_add_test(tc, test_KO5_fed_draw_refusals);
    tcase_add_test(tc, test_KO5_fed_draw_matches_documented_algorithm);
    tcase_add_test(tc, test_KO5_waiting_for_the_draw_text);
    tcase_add_test(tc, test_KO5_correction_swaps_consolation_entrant);
    tcase_add_test(tc, test_KO5_KO8_progressive_correction_leaves_a_vacant_place);
    tcase_add_test(tc, test_KO5_vacant_place_closes_or_takes_the_other_round);
    tcase_add_test(tc, test_KO6_last_chance_place_waits_for_the_replay);
    tcase_add_test(tc, test_KO5_KO6_simulated_weekend);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
