/* Jellyfish .mat / .gam transcripts: the writer, which reproduces gnubg 1.07's export byte for
 * byte (MAT_FORMAT.md). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/bg_mat.h"
#include "rules/bg_mat_lex.h"

typedef struct out {
    char *p;
    size_t n, cap;
    int oom;
} out;

static void put(out *o, const char *fmt, ...)
{
    if (o->oom) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int w = vsnprintf(o->p ? o->p + o->n : NULL, o->p ? o->cap - o->n : 0, fmt, ap);
        va_end(ap);
        if (w < 0) {
            o->oom = 1;
            return;
        }
        if (o->p && (size_t)w < o->cap - o->n) {
            o->n += (size_t)w;
            return;
        }
        size_t cap = o->cap ? o->cap * 2 : 4096;
        while (cap < o->n + (size_t)w + 1)
            cap *= 2;
        char *p = realloc(o->p, cap);
        if (!p) {
            o->oom = 1;
            return;
        }
        o->p = p;
        o->cap = cap;
    }
}

/* The text of one cell; board is the position seen by the mover before a move, so that the
 * stars go where gnubg puts them (MAT_FORMAT.md 4.1). */
static void cell_text(char *buf, size_t len, const bg_action *a, bg_board *b, int *cube)
{
    size_t k = 0;
    buf[0] = '\0';
    switch (a->type) {
    case BG_ACT_MOVE: {
        int hi = a->d1 >= a->d2 ? a->d1 : a->d2, lo = a->d1 >= a->d2 ? a->d2 : a->d1;
        k += (size_t)snprintf(buf, len, "%d%d: ", hi, lo);
        bg_board before = *b;
        for (int i = 0; i < a->n && i < 4; i++) {
            int to = a->steps[i].to, star = to > 0 && to <= 24 && before.opp[to] > 0;
            for (int j = 0; j < i && star; j++)
                if (a->steps[j].to == to) star = 0;
            if (k < len)
                k += (size_t)snprintf(buf + k, len - k, "%d/%d%s%s", a->steps[i].from, to,
                                      star ? "*" : "", i < 3 ? " " : "");
            bg_apply_step(b, a->steps[i].from, to, NULL);
        }
        break;
    }
    case BG_ACT_DOUBLE:
        *cube *= 2;
        snprintf(buf, len, " Doubles => %d", *cube);
        break;
    case BG_ACT_BEAVER:
        *cube *= 2;
        snprintf(buf, len, " Beavers => %d", *cube);
        break;
    case BG_ACT_TAKE:
        snprintf(buf, len, " Takes");
        break;
    case BG_ACT_DROP:
        snprintf(buf, len, " Drops");
        break;
    default:
        break;
    }
}

static void wins_text(char *buf, size_t len, int points)
{
    snprintf(buf, len, "Wins %d point%s", points, points == 1 ? "" : "s");
}

char *bg_mat_export(const bg_match_rec *rec, const bg_match_report *rep, size_t *len, bg_err *err)
{
    out o = {0};
    int score[2] = {0, 0};
    if (!rec->mat_gam) {
        if (rec->mat_header) put(&o, "%s", rec->mat_header);
        put(&o, "\n %d point match\n\n", rec->rules.match_length);
    }
    for (int gi = 0; gi < rec->n_games; gi++) {
        const bg_game_rec *g = &rec->games[gi];
        int winner, points;
        if (rep && gi < rep->n_games) {
            winner = rep->games[gi].out.winner;
            points = rep->games[gi].out.points;
            score[0] = rep->games[gi].score_before[0];
            score[1] = rep->games[gi].score_before[1];
        } else if (g->has_result && (g->result.winner == 0 || g->result.winner == 1) &&
                   g->result.points > 0) {
            winner = g->result.winner;
            points = g->result.points;
            if (g->has_score) {
                score[0] = g->score_before[0];
                score[1] = g->score_before[1];
            }
        } else if (g->truncated && gi == rec->n_games - 1) {
            /* A partial record cut off inside its last game: its moves, and no result. */
            winner = -1;
            points = 0;
            if (g->has_score) {
                score[0] = g->score_before[0];
                score[1] = g->score_before[1];
            }
        } else {
            if (err) {
                memset(err, 0, sizeof *err);
                err->game = gi + 1;
                err->side = -1;
                snprintf(err->rule, sizeof err->rule, "FORMAT");
                snprintf(err->message, sizeof err->message,
                         "Game %d has no result to write (replay the record first)", gi + 1);
            }
            free(o.p);
            return NULL;
        }
        if (rec->mat_gam) {
            put(&o, " %-31s%s\n", rec->names[0], rec->names[1]);
        } else {
            char first[96];
            snprintf(first, sizeof first, "%s : %d", rec->names[0], score[0]);
            /* gnubg writes no space after a first part of 31 characters or more; when the
             * second name starts with a digit that would read as part of the score, so one
             * space is written there (the only place this writer differs from gnubg). */
            const char *gap = strlen(first) >= 31 && mat_is_digit(rec->names[1][0]) ? " " : "";
            put(&o, " Game %d\n %-31s%s%s : %d\n", gi + 1, first, gap, rec->names[1], score[1]);
        }
        bg_board b;
        bg_board_init(&b);
        int cube = 1, line = 0, col = 0, last_drop_left = 0;
        char cell[96];
        for (int i = 0; i < g->n_act; i++) {
            const bg_action *a = &g->act[i];
            if (a->type != BG_ACT_MOVE && a->type != BG_ACT_DOUBLE && a->type != BG_ACT_BEAVER &&
                a->type != BG_ACT_TAKE && a->type != BG_ACT_DROP)
                continue; /* resignations are invisible in .mat */
            int side = a->side & 1;
            cell_text(cell, sizeof cell, a, &b, &cube);
            if (a->type == BG_ACT_MOVE)
                bg_board_swap(&b); /* moves alternate: the board follows the mover */
            if (col == 0) {
                line++;
                if (side == 1) {
                    put(&o, "%3d) %-27s %s\n", line, "", cell);
                    continue;
                }
                put(&o, "%3d) %-27s", line, cell);
                col = 1;
                last_drop_left = a->type == BG_ACT_DROP;
            } else {
                put(&o, " %s\n", cell);
                col = 0;
            }
        }
        if (winner < 0) {
            put(&o, "%s\n", col == 1 ? " \n" : "");
            break;
        }
        char w[48];
        wins_text(w, sizeof w, points);
        if (col == 1) {
            if (last_drop_left && winner == 1)
                put(&o, "  %s \n", w); /* the result on the drop's line */
            else
                put(&o, " \n%*s%s\n", winner == 0 ? 6 : 34, "", w);
        } else {
            put(&o, "%*s%s\n", winner == 0 ? 6 : 34, "", w);
        }
        put(&o, "\n");
        score[winner & 1] += points;
    }
    if (o.oom || !o.p) {
        free(o.p);
        if (err) {
            memset(err, 0, sizeof *err);
            err->side = -1;
            snprintf(err->rule, sizeof err->rule, "FORMAT");
            snprintf(err->message, sizeof err->message, "out of memory writing the .mat text");
        }
        return NULL;
    }
    if (len) *len = o.n;
    return o.p;
}

void bg_mat_text_free(char *text)
{
    free(text);
}
