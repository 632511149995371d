/* A Swing's placings (PLACE-1, the kinds' row ops/event/kinds.c): by its standings
 * (SWING-5: chips, then the round a player went out, later better, then the chips held at
 * the start of that round), equal standings sharing a band. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/swing/swing.h"

/* 1240 -> "1,240" */
static void chips_text(int64_t c, char *buf, size_t len)
{
    char digits[32];
    int n = snprintf(digits, sizeof digits, "%lld", (long long)(c < 0 ? -c : c)), at = 0;
    if (c < 0 && (size_t)at + 1 < len)
        buf[at++] = '-';
    for (int i = 0; i < n && (size_t)at + 2 < len; i++) {
        if (i && (n - i) % 3 == 0)
            buf[at++] = ',';
        buf[at++] = digits[i];
    }
    buf[at] = 0;
}

int op_swing_placings(const struct op *o, const struct event *e, struct placings *out,
                      struct problem *pb)
{
    struct swing_state x;
    int rc = op_swing_state_load(o->db, e, NULL, &x);
    int *rank = calloc((size_t)(x.n ? x.n : 1), sizeof *rank);
    struct swing_standing *st = calloc((size_t)(x.n ? x.n : 1), sizeof *st);
    if (rc == CW_OK && (!rank || !st))
        rc = CW_ENOMEM;
    for (int i = 0; rc == CW_OK && i < x.n; i++) {
        st[i] = x.st[i];
        if (!x.n_rounds) /* before round 1 the ledger is empty: the starting stacks */
            st[i].chips = x.s.start_chips;
    }
    if (rc == CW_OK)
        swing_standings(st, x.n, rank);
    for (int i = 0; rc == CW_OK && i < x.n; i++) {
        struct placing *p = placings_add(out, st[i].id);
        if (!p) {
            rc = CW_ENOMEM;
            break;
        }
        p->stage = -(int64_t)rank[i];
        p->out = st[i].out_round > 0 || e->state == ES_FINISHED;
        char c[32];
        chips_text(st[i].chips, c, sizeof c);
        p->reason = st[i].out_round ? PLACE_R_OUT : PLACE_R_CHIPS;
        p->why_n = st[i].out_round ? st[i].out_round : st[i].chips;
        if (st[i].out_round)
            snprintf(p->why, sizeof p->why, "out in round %d", st[i].out_round);
        else
            snprintf(p->why, sizeof p->why, "chips %s", c);
    }
    free(rank);
    free(st);
    op_swing_state_free(&x);
    out->final = e->state == ES_FINISHED;
    if (rc != CW_OK)
        problem_internal(pb, "the Swing's placings");
    return rc == CW_OK ? 0 : -1;
}
