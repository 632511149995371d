/* Positions: the starting position, the invariants of a position, the change of view, one
 * physical checker step and the result key (DOMAIN.md ENG-1, ENG-3). Pure C, no I/O. */
#include <stdio.h>
#include <string.h>

#include "rules/bg_board.h"

void bg_board_init(bg_board *b)
{
    memset(b, 0, sizeof *b);
    /* ENG-1: 2 on the 24-point, 5 on the 13, 3 on the 8, 5 on the 6, from each side's view;
     * the opponent's point p is the mover's point 25 - p. */
    static const int pts[4] = {24, 13, 8, 6}, cnt[4] = {2, 5, 3, 5};
    for (int i = 0; i < 4; i++) {
        b->me[pts[i]] = (uint8_t)cnt[i];
        b->opp[25 - pts[i]] = (uint8_t)cnt[i];
    }
}

int bg_board_check(const bg_board *b, char *msg, size_t msglen)
{
    static const char *const who[2] = {"the side on roll", "the opponent"};
    const uint8_t *side[2] = {b->me, b->opp};
    for (int s = 0; s < 2; s++) {
        int sum = 0;
        for (int i = 0; i < 26; i++) {
            /* A count above 15 would make the sum test pass by wrap-around in 4-bit keys. */
            if (side[s][i] > 15) {
                if (msg && msglen)
                    snprintf(msg, msglen, "%s has %d checkers on one place (index %d); at most 15",
                             who[s], side[s][i], i);
                return -1;
            }
            sum += side[s][i];
        }
        if (sum != 15) {
            if (msg && msglen)
                snprintf(msg, msglen, "%s has %d checkers; each side has exactly 15 (ENG-1)",
                         who[s], sum);
            return -1;
        }
    }
    for (int p = 1; p <= 24; p++)
        if (b->me[p] && b->opp[p]) {
            if (msg && msglen)
                snprintf(msg, msglen,
                         "the %d-point holds checkers of both sides; a point belongs to one side",
                         p);
            return -1;
        }
    return 0;
}

void bg_board_swap(bg_board *b)
{
    /* Point p of one side is point 25 - p of the other; bar (25) and off (0) stay put. */
    bg_board t = *b;
    for (int p = 1; p <= 24; p++) {
        b->me[p] = t.opp[25 - p];
        b->opp[p] = t.me[25 - p];
    }
    b->me[0] = t.opp[0];
    b->me[25] = t.opp[25];
    b->opp[0] = t.me[0];
    b->opp[25] = t.me[25];
}

int bg_apply_step(bg_board *b, int from, int to, int *hit)
{
    if (hit) *hit = 0;
    if (from < 1 || from > 25 || to < 0 || to > 24 || to >= from) return -1;
    if (!b->me[from]) return -1;
    if (to > 0 && b->opp[to] >= 2) return -1;
    b->me[from]--;
    b->me[to]++;
    if (to > 0 && b->opp[to] == 1) {
        b->opp[to] = 0;
        b->opp[BG_BAR]++;
        if (hit) *hit = 1;
    }
    return 0;
}

void bg_board_key(const bg_board *b, char out[53])
{
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < 26; i++) {
        out[i] = hex[b->me[i] & 15];
        out[26 + i] = hex[b->opp[i] & 15];
    }
    out[52] = '\0';
}

const char *bg_point_name(char *buf, size_t len, int p)
{
    if (p == BG_BAR)
        snprintf(buf, len, "bar");
    else if (p == BG_OFF)
        snprintf(buf, len, "off");
    else
        snprintf(buf, len, "%d", p);
    return buf;
}
