/* Jellyfish .mat / .gam transcripts: the reader, by tokens, that survives any bytes
 * (MAT_FORMAT.md, and what other programs write). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/bg_mat.h"
#include "rules/bg_mat_lex.h"

/* A cell that starts at or after this column is in the right (player 1) column: left cells
 * start at column 5 or 6, right cells at 33 or further right (MAT_FORMAT.md 4). */
#define RIGHT_COL 20

typedef struct reader {
    const char *buf;
    size_t len, pos;
    int line_no; /* 1-based line number in the file, for messages */
    bg_match_rec *rec;
    bg_err *err;
    int failed;
    int unterminated;        /* the last line read had no line end: the file may be cut inside it */
    size_t hdr_len, hdr_cap; /* rec->mat_header grows geometrically */
} reader;

/* The next line without its end ("\n", "\r\n" or a lone "\r"); 0 at the end of the buffer. */
static int next_line(reader *r, span *l)
{
    if (r->pos >= r->len) return 0;
    const char *s = r->buf + r->pos;
    size_t n = 0, rest = r->len - r->pos;
    while (n < rest && s[n] != '\n' && s[n] != '\r')
        n++;
    size_t adv = n;
    r->unterminated = adv == rest;
    if (adv < rest) {
        if (s[adv] == '\r' && adv + 1 < rest && s[adv + 1] == '\n')
            adv += 2;
        else
            adv += 1;
    }
    r->pos += adv;
    r->line_no++;
    l->p = s;
    l->n = n;
    return 1;
}

static int fail(reader *r, int game, int move, const char *fmt, ...)
{
    char clause[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(clause, sizeof clause, fmt, ap);
    va_end(ap);
    bg_err e;
    memset(&e, 0, sizeof e);
    e.game = game;
    e.move = move;
    e.side = -1;
    snprintf(e.rule, sizeof e.rule, "FORMAT");
    if (game > 0 && move > 0)
        snprintf(e.message, sizeof e.message, "Game %d, move %d (line %d of the file): %s", game,
                 move, r->line_no, clause);
    else if (game > 0)
        snprintf(e.message, sizeof e.message, "Game %d (line %d of the file): %s", game, r->line_no,
                 clause);
    else
        snprintf(e.message, sizeof e.message, "Line %d of the file: %s", r->line_no, clause);
    r->rec->has_tail_err = 1;
    r->rec->tail_err = e;
    if (r->err) *r->err = e;
    r->failed = 1;
    return -1;
}

/* " 7 point match" (also "points", any spacing): the length, or -1. */
static long match_line(span l)
{
    tok t[4];
    int k = mat_words(l, 0, t, 3);
    if (k != 3 || !mat_eq(t[2].s, "match") ||
        !(mat_eq(t[1].s, "point") || mat_eq(t[1].s, "points")))
        return -1;
    return mat_num(t[0].s);
}

/* " Game 3": the number, or -1. */
static long game_line(span l)
{
    tok t[3];
    int k = mat_words(l, 0, t, 2);
    if (k != 2 || !mat_eq(t[0].s, "Game")) return -1;
    return mat_num(t[1].s);
}

static int copy_name(reader *r, char *dst, span s, int game)
{
    const char *why = "";
    if (mat_name(dst, BG_NAME_MAX, s, &why) != 0) {
        char ex[32];
        mat_excerpt(ex, sizeof ex, mat_trim(s));
        return fail(r, game, 0, "the player's name \"%s\" %s (at most %d bytes of UTF-8)", ex, why,
                    BG_NAME_MAX - 1);
    }
    return 0;
}

/* Finds " : <digits>" at i of l; returns the index after the digits or 0. */
static size_t colon_score(span l, size_t i, long *score)
{
    if (i + 4 > l.n || l.p[i] != ' ' || l.p[i + 1] != ':' || l.p[i + 2] != ' ') return 0;
    size_t j = i + 3;
    while (j < l.n && mat_is_digit(l.p[j]))
        j++;
    if (j == i + 3) return 0;
    span d = {l.p + i + 3, j - (i + 3)};
    *score = mat_num(d);
    return *score < 0 ? 0 : j;
}

/* The score line " name0 : s0<spaces>name1 : s1", names may hold spaces (and " : "): the
 * last " : digits" ends name1; the first " : digits" followed by more text ends name0. When
 * "name0 : s0" fills 31 columns gnubg writes no space before name1, so a name1 that starts
 * with a digit cannot be told apart: the digits go to s0. Either name may be empty, as Galaxy
 * writes a guest: " lasse : 0                        : 0". */
static int score_line(reader *r, span l0, int game, char names[2][BG_NAME_MAX], int sc[2])
{
    span l = l0;
    while (l.n && mat_is_space(l.p[l.n - 1]))
        l.n--;
    size_t e = l.n;
    while (e > 0 && mat_is_digit(l.p[e - 1]))
        e--;
    long s1 = -1, s0 = -1;
    if (e == l.n || e < 4 || colon_score(l, e - 3, &s1) != l.n)
        return fail(r, game, 0, "expected the score line \"name : score   name : score\"");
    size_t end1 = e - 3; /* name1 ends here */
    size_t start = 0;
    while (start < l.n && mat_is_space(l.p[start]))
        start++;
    /* An empty first name: the line's leading space is the one before its " : ". */
    for (size_t i = start ? start - 1 : 0; i + 3 < end1; i++) {
        size_t j = colon_score(l, i, &s0);
        if (!j || j >= end1) continue;
        size_t k = j;
        while (k < end1 && mat_is_space(l.p[k]))
            k++;
        span n0 = {l.p + start, i > start ? i - start : 0}, n1 = {l.p + k, end1 - k};
        if (copy_name(r, names[0], n0, game) || copy_name(r, names[1], n1, game)) return -1;
        if (s0 > BG_SCORE_MAX || s1 > BG_SCORE_MAX) return fail(r, game, 0, "a score is too large");
        sc[0] = (int)s0;
        sc[1] = (int)s1;
        return 0;
    }
    return fail(r, game, 0, "expected the score line \"name : score   name : score\"");
}

/* A .gam names line: " %-31s%s", the second name at column 32. Names may hold spaces, so
 * only that layout is read: a first name of 31 characters or more leaves no column to split
 * at, and a line that does not follow it is refused rather than guessed. */
static int names_line(reader *r, span l, char names[2][BG_NAME_MAX])
{
    span t = l;
    while (t.n && mat_is_space(t.p[t.n - 1]))
        t.n--;
    if (t.n > 32 && t.p[0] == ' ' && t.p[31] == ' ' && !mat_is_space(t.p[32])) {
        span a = {t.p + 1, 31}, b = {t.p + 32, t.n - 32};
        if (copy_name(r, names[0], a, 1) || copy_name(r, names[1], b, 1)) return -1;
        /* A Windows-1252 name grows in UTF-8; the layout leaves the first name 30 bytes. */
        if (strlen(names[0]) > 30)
            return fail(r, 1, 0, "the first name of a .gam file is longer than 30 bytes in UTF-8");
        return 0;
    }
    return fail(r, 1, 0,
                "expected \" N point match\" or the names line of a .gam file (the "
                "second name at column 32)");
}

/* One point of a step: a number 0..25, or the words bar / off. */
static int point_of(span s, int *v)
{
    if (mat_eq(s, "bar") || mat_eq(s, "Bar")) {
        *v = BG_BAR;
        return 0;
    }
    if (mat_eq(s, "off") || mat_eq(s, "Off")) {
        *v = BG_OFF;
        return 0;
    }
    long n = mat_num(s);
    if (n < 0 || n > 25) return -1;
    *v = (int)n;
    return 0;
}

/* A step token: "13/7", "6/5*", "25/22", "4/0"; leniently also "bar/22", "6/off", "8/2*1/1"
 * style chains "8/2*\/1" and a repeat "(2)". Appends to a; returns 0 or -1. */
static int step_token(span s, bg_action *a)
{
    int rep = 1;
    if (s.n >= 3 && s.p[s.n - 1] == ')') {
        size_t o = s.n - 1;
        while (o > 0 && s.p[o - 1] != '(')
            o--;
        if (o == 0) return -1;
        span d = {s.p + o, s.n - 1 - o};
        long k = mat_num(d);
        if (k < 1 || k > 4) return -1;
        rep = (int)k;
        s.n = o - 1;
    }
    bg_step hop[4];
    uint8_t star[4] = {0};
    int nh = 0, prev = -1;
    size_t i = 0;
    while (i <= s.n) {
        size_t b = i;
        while (i < s.n && s.p[i] != '/')
            i++;
        span part = {s.p + b, i - b};
        int st = 0;
        if (part.n && part.p[part.n - 1] == '*') {
            part.n--;
            st = 1;
        }
        int v;
        if (point_of(part, &v) != 0) return -1;
        if (prev < 0) {
            if (st) return -1;
        } else {
            if (nh == 4) return -1;
            hop[nh].from = (int8_t)prev;
            hop[nh].to = (int8_t)v;
            star[nh] = (uint8_t)st;
            nh++;
        }
        prev = v;
        i++; /* past '/' (or past the end) */
    }
    if (nh == 0) return -1;
    for (int k = 0; k < rep; k++)
        for (int h = 0; h < nh; h++) {
            if (a->n >= 4) return -2;
            if (star[h]) a->stars |= (uint8_t)(1u << a->n);
            a->steps[a->n++] = hop[h];
        }
    return 0;
}

/* Dice "64:" (also "6-4:"); 0 or -1. */
static int dice_token(span s, int *d1, int *d2)
{
    if (s.n == 3 && s.p[2] == ':' && s.p[0] >= '1' && s.p[0] <= '6' && s.p[1] >= '1' &&
        s.p[1] <= '6') {
        *d1 = s.p[0] - '0';
        *d2 = s.p[1] - '0';
        return 0;
    }
    if (s.n == 4 && s.p[3] == ':' && s.p[1] == '-' && s.p[0] >= '1' && s.p[0] <= '6' &&
        s.p[2] >= '1' && s.p[2] <= '6') {
        *d1 = s.p[0] - '0';
        *d2 = s.p[2] - '0';
        return 0;
    }
    return -1;
}

/* The state of the game being read. */
typedef struct gstate {
    bg_game_rec *g;
    int number; /* 1-based game number */
    int first;  /* side of the first action, -1 before it */
    int have_result;
    int last_move; /* last move number printed */
    int loss;      /* the points of the loser's line ("Losses N point"), 0 when none */
} gstate;

/* The result and the loser's line agree (when both are there): the points are the same. */
static int loss_agrees(reader *r, gstate *gs, int move)
{
    if (!gs->have_result || !gs->loss || gs->loss == gs->g->result.points) return 0;
    return fail(r, gs->number, move,
                "the loser's line says %d point%s, but the result says %d: the file contradicts "
                "itself",
                gs->loss, gs->loss == 1 ? "" : "s", gs->g->result.points);
}

/* "Wins N point(s) [and the match]" or the loser's line "Losses N point(s)" (Galaxy, Studio)
 * at token i; returns the index after it, or -1. The winner goes by the column of "Wins",
 * unless the loser's line came before it on the same line (*loser_side, -1 when not): Galaxy
 * then writes the opponent's "Wins" right after it (" 14)  Losses 1 point   Wins 1 point and
 * the match"), in no column of its own, and the winner is the loser's opponent. On a line of
 * its own the loser's line says nothing more than the points (Galaxy puts it in either
 * column, or alone), which must agree with the result. */
static int result_words(reader *r, gstate *gs, tok *t, int k, int i, int move, int *loser_side)
{
    int loss = mat_eq(t[i].s, "Losses");
    long pts = i + 1 < k ? mat_num(t[i + 1].s) : -1;
    if (pts < 1 || pts > BG_SCORE_MAX || i + 2 >= k ||
        !(mat_eq(t[i + 2].s, "point") || mat_eq(t[i + 2].s, "points")))
        return fail(r, gs->number, move, "expected \"%s N point(s)\"", loss ? "Losses" : "Wins");
    int j = i + 3;
    if (loss) {
        if (gs->loss) return fail(r, gs->number, move, "a second loser's line for the same game");
        gs->loss = (int)pts;
        *loser_side = t[i].col >= RIGHT_COL ? 1 : 0;
        return loss_agrees(r, gs, move) ? -1 : j;
    }
    if (j < k && mat_eq(t[j].s, "and")) {
        if (j + 2 < k && mat_eq(t[j + 1].s, "the") && mat_eq(t[j + 2].s, "match"))
            j += 3;
        else
            return fail(r, gs->number, move, "expected \"Wins N point(s) and the match\"");
        gs->g->ends_match = 1;
    }
    if (gs->have_result) return fail(r, gs->number, move, "a second result for the same game");
    gs->have_result = 1;
    gs->g->has_result = 1;
    gs->g->result.winner = *loser_side >= 0 ? 1 - *loser_side : t[i].col >= RIGHT_COL ? 1 : 0;
    gs->g->result.points = (int)pts;
    gs->g->result_move = gs->last_move;
    return loss_agrees(r, gs, move) ? -1 : j;
}

#define MAX_TOK 24

/* "????" (any number of question marks): Backgammon Studio's play of a roll it did not
 * record. */
static int question_marks(span s)
{
    for (size_t i = 0; i < s.n; i++)
        if (s.p[i] != '?') return 0;
    return s.n > 0;
}

/* A cell read whole: a roll's play is written, said to be none ("Cannot Move"), or not
 * given (unwritten: nothing after the dice, or "????"). */
static int push_cell(gstate *gs, bg_action *a)
{
    if (a->unwritten) a->unwritten = 1;
    return bg_game_rec_push(gs->g, a);
}

/* A numbered move line "%3d) left right" (or a line with only "Wins ..."). */
static int move_line(reader *r, gstate *gs, span l, int move, size_t from)
{
    tok t[MAX_TOK];
    char ex[32];
    int k = mat_words(l, from, t, MAX_TOK);
    if (k > MAX_TOK) return fail(r, gs->number, move, "too many words on one line");
    /* After the result only the loser's line may come. */
    if (gs->have_result && k > 0 && !mat_eq(t[0].s, "Losses"))
        return fail(r, gs->number, move, "a move after the result of the game");
    int cells = 0, loser_side = -1;
    bg_action a;
    int open = 0; /* a is being filled */
    for (int i = 0; i < k; i++) {
        span s = t[i].s;
        int d1, d2, type = 0;
        if (gs->have_result && !mat_eq(s, "Losses")) {
            mat_excerpt(ex, sizeof ex, s);
            return fail(r, gs->number, move, "unexpected \"%s\" after the result", ex);
        }
        if (dice_token(s, &d1, &d2) == 0)
            type = BG_ACT_MOVE;
        else if (mat_eq(s, "Doubles"))
            type = BG_ACT_DOUBLE;
        else if (mat_eq(s, "Takes"))
            type = BG_ACT_TAKE;
        else if (mat_eq(s, "Drops"))
            type = BG_ACT_DROP;
        else if (mat_eq(s, "Beavers"))
            type = BG_ACT_BEAVER;
        else if (mat_eq(s, "Wins") || mat_eq(s, "Losses")) {
            if (open && push_cell(gs, &a) != 0)
                return fail(r, gs->number, move, "out of memory");
            open = 0;
            if (move > 0) gs->last_move = move;
            int next = result_words(r, gs, t, k, i, move, &loser_side);
            if (next < 0) return -1;
            i = next - 1;
            continue;
        } else if (open && a.type == BG_ACT_MOVE && a.n == 0 && a.unwritten && mat_eq(s, "Cannot") &&
                   i + 1 < k && mat_eq(t[i + 1].s, "Move")) {
            i++; /* a roll with no legal play, in words (Galaxy, Studio) */
            a.unwritten = 0;
            continue;
        } else if (open && a.type == BG_ACT_MOVE && a.n == 0 && a.unwritten == 1 &&
                   question_marks(s)) {
            /* Studio's "????": the play of a player who resigned on the roll, not written */
            a.unwritten = 2;
            continue;
        } else if (open && a.type == BG_ACT_MOVE && a.unwritten != 2) {
            int rc = step_token(s, &a);
            if (rc == -2) return fail(r, gs->number, move, "a play has at most four steps");
            if (rc != 0) {
                mat_excerpt(ex, sizeof ex, s);
                return fail(r, gs->number, move, "cannot read the step \"%s\"", ex);
            }
            a.unwritten = 0;
            continue;
        } else {
            mat_excerpt(ex, sizeof ex, s);
            return fail(r, gs->number, move, "cannot read \"%s\"", ex);
        }
        /* A new cell starts. */
        if (open && push_cell(gs, &a) != 0)
            return fail(r, gs->number, move, "out of memory");
        if (++cells > 2) return fail(r, gs->number, move, "more than two cells on one line");
        memset(&a, 0, sizeof a);
        open = 1;
        a.type = (uint8_t)type;
        a.move = move;
        int col_side = t[i].col >= RIGHT_COL ? 1 : 0;
        if (gs->first < 0)
            gs->first = col_side; /* an empty left cell on the first line: right began */
        int side = (gs->first + gs->g->n_act) % 2;
        if (side != col_side)
            return fail(r, gs->number, move,
                        "a cell in the %s column where the %s player's turn was expected",
                        col_side ? "right" : "left", side ? "right" : "left");
        a.side = (uint8_t)side;
        if (type == BG_ACT_MOVE) {
            a.d1 = (uint8_t)d1;
            a.d2 = (uint8_t)d2;
            a.unwritten = 1; /* until a step or "Cannot Move" comes */
        } else if (type == BG_ACT_DOUBLE || type == BG_ACT_BEAVER) {
            /* "Doubles => N": the new value, as written (CUBE-8 corrects a wrong one). */
            if (i + 2 < k && mat_eq(t[i + 1].s, "=>")) {
                long v = mat_num(t[i + 2].s);
                if (v < 1 || v > BG_CUBE_MAX)
                    return fail(r, gs->number, move, "a cube value must be 2, 4, 8, ...");
                a.value = (int32_t)v;
                i += 2;
            }
        }
    }
    if (open && push_cell(gs, &a) != 0) return fail(r, gs->number, move, "out of memory");
    if (move > 0) gs->last_move = move;
    return 0;
}

/* "%3d)" at the start of the line: the number and the index after ')', or -1. */
static long line_number(span l, size_t *after)
{
    size_t i = 0;
    while (i < l.n && mat_is_space(l.p[i]))
        i++;
    size_t b = i;
    while (i < l.n && mat_is_digit(l.p[i]))
        i++;
    if (i == b || i >= l.n || l.p[i] != ')') return -1;
    span d = {l.p + b, i - b};
    *after = i + 1;
    return mat_num(d);
}

static int first_word_is(span l, const char *w)
{
    tok t[1];
    int k = mat_words(l, 0, t, 1);
    return k >= 1 && mat_eq(t[0].s, w);
}

static int append_header(reader *r, span l)
{
    bg_match_rec *m = r->rec;
    if (r->hdr_len + l.n + 2 > 1 << 20) return fail(r, 0, 0, "the header comments are too long");
    if (r->hdr_len + l.n + 2 > r->hdr_cap) {
        size_t cap = r->hdr_cap ? r->hdr_cap : 256;
        while (cap < r->hdr_len + l.n + 2)
            cap *= 2;
        char *h = realloc(m->mat_header, cap);
        if (!h) return fail(r, 0, 0, "out of memory");
        m->mat_header = h;
        r->hdr_cap = cap;
    }
    char *h = m->mat_header + r->hdr_len;
    memcpy(h, l.p, l.n);
    for (size_t i = 0; i < l.n; i++)
        if (h[i] == '\0') h[i] = '?'; /* keep the header a C string */
    h[l.n] = '\n';
    h[l.n + 1] = '\0';
    r->hdr_len += l.n + 1;
    return 0;
}

enum { ST_HEAD, ST_BETWEEN, ST_SCORE, ST_MOVES };

/* The last line of the file, with no line end, did not read: the file was cut inside it (a
 * partial record), not written wrong. That line is dropped, cells already taken from it
 * included, and the game in progress ends where the file is whole. */
static void cut_inside_line(reader *r, gstate *gs, int n_act)
{
    gs->g->n_act = n_act;
    r->failed = 0;
    r->rec->has_tail_err = 0;
    memset(&r->rec->tail_err, 0, sizeof r->rec->tail_err);
    if (r->err) memset(r->err, 0, sizeof *r->err);
}

static int new_game(reader *r, gstate *gs, int number)
{
    bg_game_rec *g = bg_match_rec_add_game(r->rec);
    if (!g) return fail(r, number, 0, "out of memory");
    memset(gs, 0, sizeof *gs);
    gs->g = g;
    gs->number = number;
    gs->first = -1;
    return 0;
}

int bg_mat_parse(const char *buf, size_t len, bg_match_rec *rec, bg_err *err)
{
    reader r = {buf, len, 0, 0, rec, err, 0, 0, 0, 0};
    memset(rec, 0, sizeof *rec);
    /* A UTF-8 byte-order mark, as Windows editors save files. */
    if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3)) r.pos = 3;
    if (err) memset(err, 0, sizeof *err);
    gstate gs;
    memset(&gs, 0, sizeof gs);
    int st = ST_HEAD;
    span l;
    int again = 0; /* look at the same line again in the new state */
    while (!r.failed && (again || next_line(&r, &l))) {
        size_t after;
        long v;
        again = 0;
        if (st == ST_HEAD) {
            if (mat_blank(l)) continue;
            if (l.p[0] == ';') {
                append_header(&r, l);
                continue;
            }
            if ((v = match_line(l)) >= 0) {
                if (v > BG_LENGTH_MAX) {
                    fail(&r, 0, 0, "a %ld-point match is longer than the engine accepts", v);
                    continue;
                }
                /* rec->complete stays 0: a file may hold a partial record (games so far, an
                 * abandoned match, Galaxy's single games of a "16 point match"), valid as far
                 * as it goes; bg_match_replay says whether the match is over. */
                rec->rules.match_length = (int)v;
                st = ST_BETWEEN;
                continue;
            }
            if (game_line(l) >= 0 || line_number(l, &after) >= 0 || first_word_is(l, "Wins")) {
                fail(&r, 0, 0, "expected \" N point match\" before the first game");
                continue;
            }
            /* A .gam file: a names line, then the moves of one game (a money game). */
            if (l.p[0] != ' ') {
                fail(&r, 0, 0, "this is not a .mat file: expected \" N point match\"");
                continue;
            }
            rec->mat_gam = 1;
            if (names_line(&r, l, rec->names) == 0 && new_game(&r, &gs, 1) == 0) st = ST_MOVES;
            continue;
        }
        if (st == ST_BETWEEN) {
            if (mat_blank(l) || l.p[0] == ';') continue;
            if ((v = game_line(l)) >= 0) {
                if (rec->mat_gam) {
                    fail(&r, gs.number, 0, "a .gam file holds one game");
                    continue;
                }
                if (v != rec->n_games + 1) {
                    fail(&r, rec->n_games + 1, 0, "expected \"Game %d\", found game %ld",
                         rec->n_games + 1, v);
                    continue;
                }
                if (new_game(&r, &gs, (int)v) == 0) st = ST_SCORE;
                continue;
            }
            if (line_number(l, &after) >= 0 || first_word_is(l, "Wins") ||
                first_word_is(l, "Losses")) {
                if (rec->n_games)
                    fail(&r, rec->n_games, 0, "a move after the result of the game");
                else
                    fail(&r, 0, 0, "a move before \"Game 1\"");
                continue;
            }
            fail(&r, rec->n_games, 0, "expected \"Game %d\"", rec->n_games + 1);
            continue;
        }
        if (st == ST_SCORE) {
            if (mat_blank(l)) continue;
            char names[2][BG_NAME_MAX];
            int sc[2] = {0, 0};
            if (score_line(&r, l, gs.number, names, sc) != 0) continue;
            if (gs.number == 1) {
                memcpy(rec->names, names, sizeof names);
                /* A record of a match resumed at a score (a FIBS log): it starts there. */
                rec->resumed = sc[0] != 0 || sc[1] != 0;
            } else if (strcmp(names[0], rec->names[0]) || strcmp(names[1], rec->names[1])) {
                fail(&r, gs.number, 0, "the players are %s and %s, but game 1 named %s and %s",
                     names[0], names[1], rec->names[0], rec->names[1]);
                continue;
            }
            gs.g->has_score = 1;
            gs.g->score_before[0] = sc[0];
            gs.g->score_before[1] = sc[1];
            st = ST_MOVES;
            continue;
        }
        /* ST_MOVES */
        if (mat_blank(l)) {
            if (gs.have_result && !rec->mat_gam) st = ST_BETWEEN;
            continue;
        }
        if (l.p[0] == ';') continue;
        int numbered = (v = line_number(l, &after)) >= 0;
        if (numbered || first_word_is(l, "Wins") || first_word_is(l, "Losses")) {
            int n_act = gs.g->n_act;
            if (move_line(&r, &gs, l, numbered ? (int)v : 0, numbered ? after : 0) != 0 &&
                r.unterminated && r.pos == r.len && !gs.have_result)
                cut_inside_line(&r, &gs, n_act);
            continue;
        }
        if (game_line(l) >= 0) {
            if (!gs.have_result) {
                fail(&r, gs.number, gs.last_move, "game %d has no result (no \"Wins\" line)",
                     gs.number);
                gs.g->truncated = 1;
                continue;
            }
            st = ST_BETWEEN; /* no empty line after the result: lenient */
            again = 1;
            continue;
        }
        char ex[32];
        mat_excerpt(ex, sizeof ex, mat_trim(l));
        fail(&r, gs.number, gs.last_move, "cannot read \"%s\"", ex);
    }
    if (r.failed) {
        /* What was read of the game in progress is replayed; its result never came. */
        if (gs.g && !gs.have_result) gs.g->truncated = 1;
        return -1;
    }
    if (st == ST_HEAD) return fail(&r, 0, 0, "no match in the file (expected \" N point match\")");
    if (rec->n_games == 0) return fail(&r, 0, 0, "the file holds no game");
    if (st == ST_SCORE && gs.number == 1)
        return fail(&r, 1, 0, "the file ends before the score line of game 1");
    /* A file cut off inside a game: the game is replayed as far as it goes, not counted. A
     * file with nothing played at all is not a record of anything. */
    if (!gs.have_result && rec->n_games == 1 && gs.g->n_act == 0)
        return fail(&r, 1, 0, "the file ends before the first play of game 1");
    if (!gs.have_result) gs.g->truncated = 1;
    return 0;
}
