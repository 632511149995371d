/* libFuzzer target: the play and dice readers, the play checker and the move generator on
 * any bytes. Besides "no crash, no out-of-bounds read", it checks that what is accepted (or
 * generated) is a legal play and that writing it back and reading it again gives the same
 * position. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/bg_board.h"
#include "rules/bg_movegen.h"
#include "rules/bg_notation.h"

/* A few positions with bar, hits, bear-off and a closed board; "pt:count" lists as in tests. */
static const char *const POSITIONS[][2] = {
    {"24:2 13:5 8:3 6:5", "1:2 12:5 17:3 19:5"},                    /* opening */
    {"25:1 13:4 8:3 6:5 5:1 24:1", "22:1 18:2 12:4 17:3 19:4 1:1"}, /* on the bar, blots */
    {"6:3 5:3 4:2 3:2 2:2 1:1", "25:1 8:1 20:13"},                  /* bear-off with contact */
    {"25:2 13:5 6:8", "19:2 20:2 21:2 22:2 23:2 24:2 1:3"},         /* closed board */
    {"3:2 1:1", "24:15"},                                           /* the last checkers */
    {"20:1 14:3 9:4 7:3 2:4", "18:1 15:2 10:1 4:2 3:5 16:4"},       /* scattered contact */
};
#define NPOS (sizeof POSITIONS / sizeof POSITIONS[0])

static bg_board make(int k)
{
    bg_board b;
    memset(&b, 0, sizeof b);
    for (int s = 0; s < 2; s++) {
        uint8_t *side = s ? b.opp : b.me;
        const char *p = POSITIONS[k][s];
        int placed = 0;
        while (*p) {
            int pt = (int)strtol(p, (char **)&p, 10);
            int cnt = (int)strtol(p + 1, (char **)&p, 10);
            side[pt] = (uint8_t)(side[pt] + cnt);
            placed += cnt;
            while (*p == ' ')
                p++;
        }
        side[0] = (uint8_t)(side[0] + 15 - placed);
    }
    return b;
}

/* Play p is accepted: it must check as legal, and its written forms must read back. */
static void roundtrip(const bg_board *b, int d1, int d2, const bg_play *p, const bg_board *after)
{
    bg_board again;
    bg_play q;
    bg_err e;
    char t[BG_PLAY_TEXT];
    if (bg_board_check(after, e.message, sizeof e.message)) abort();
    if (bg_check_play(b, d1, d2, p->steps, p->n, &again, &e) || memcmp(&again, after, sizeof again))
        abort();
    if (bg_format_play(b, p, t, sizeof t) < 0) abort();
    if (bg_read_play(b, d1, d2, t, strlen(t), &q, &again, &e) ||
        memcmp(&again, after, sizeof again))
        abort();
    if (bg_format_steps(b, p, t, sizeof t) < 0) abort();
    if (bg_read_play(b, d1, d2, t, strlen(t), &q, &again, &e) ||
        memcmp(&again, after, sizeof again))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    bg_board b = make(data[0] % NPOS);
    if (bg_board_check(&b, NULL, 0)) abort(); /* the table above is wrong */
    int d1 = 1 + data[1] % 6, d2 = 1 + (data[1] / 6) % 6;
    const char *text = (const char *)data + 2;
    size_t len = size - 2;
    bg_err e;
    bg_written w;
    bg_play p;
    bg_board after;
    int a, c;

    /* The readers on the raw bytes. */
    bg_parse_dice(text, len, &a, &c, &e);
    bg_parse_play(text, len, &w, &e);

    /* "DICE|PLAY": a roll then a play, as a player types them. */
    const char *bar = memchr(text, '|', len);
    if (bar) {
        size_t dl = (size_t)(bar - text);
        if (bg_parse_dice(text, dl, &a, &c, &e) == 0) {
            d1 = a;
            d2 = c;
        }
        text = bar + 1;
        len -= dl + 1;
    }
    if (bg_read_play(&b, d1, d2, text, len, &p, &after, &e) == 0) roundtrip(&b, d1, d2, &p, &after);

    /* The checker on raw steps, values unchecked. */
    bg_step s[6];
    int n = (int)(len / 2 > 6 ? 6 : len / 2);
    for (int i = 0; i < n; i++)
        s[i] = (bg_step){(int8_t)text[2 * i], (int8_t)text[2 * i + 1]};
    if (bg_check_play_ordered(&b, d1, d2, s, n, &after, &p, &e) == 0)
        roundtrip(&b, d1, d2, &p, &after);

    /* The move generator (its bound on plays is asserted): every play it lists for the roll
     * checks as legal and reads back. */
    static bg_playlist pl;
    if (bg_legal_plays(&b, d1, d2, &pl)) abort();
    for (int i = 0; i < pl.n; i++) {
        if (bg_check_play(&b, d1, d2, pl.plays[i].steps, pl.plays[i].n, &after, &e)) abort();
        if (i < 4) roundtrip(&b, d1, d2, &pl.plays[i], &after);
    }
    return 0;
}
