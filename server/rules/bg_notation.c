/* Standard backgammon notation, both ways (see bg_notation.h). The reader never trusts its
 * input: every byte is checked against the length given, and every refusal is a sentence. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rules/bg_movegen.h"
#include "rules/bg_notation.h"

/* ---- reading ---- */

static int set_err(bg_err *err, const char *rule, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        snprintf(err->rule, sizeof err->rule, "%s", rule);
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int is_sep(unsigned char c)
{
    return c == ' ' || c == '\t' || c == ',' || c == '\n' || c == '\r';
}

static int is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

static int lower(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int is_alpha(unsigned char c)
{
    return lower(c) >= 'a' && lower(c) <= 'z';
}

/* A byte as a reader sees it: 'x' when printable, its code otherwise. */
static void show_byte(char *buf, size_t len, unsigned char c)
{
    if (c >= 0x20 && c < 0x7f)
        snprintf(buf, len, "'%c'", c);
    else
        snprintf(buf, len, "byte 0x%02x", c);
}

typedef struct reader {
    const unsigned char *s;
    size_t len, pos;
    bg_err *err;
} reader;

static int at(const reader *r, size_t i)
{
    return r->pos + i < r->len ? r->s[r->pos + i] : -1;
}

static int word_at(const reader *r, const char *w)
{
    size_t n = strlen(w);
    if (r->len - r->pos < n) return 0;
    for (size_t i = 0; i < n; i++)
        if (lower(r->s[r->pos + i]) != w[i]) return 0;
    return 1;
}

static int bad_here(reader *r, const char *expected)
{
    char what[16];
    if (r->pos >= r->len)
        return set_err(r->err, "NOTATION", "the play ends too early: %s expected at the end",
                       expected);
    show_byte(what, sizeof what, r->s[r->pos]);
    return set_err(r->err, "NOTATION", "cannot read the play at character %zu (%s): %s expected",
                   r->pos + 1, what, expected);
}

/* A point: 1..25 or 0 as digits, or the words bar (25) and off (0). */
static int read_point(reader *r, int *p)
{
    int c = at(r, 0);
    if (c >= 0 && is_digit((unsigned char)c)) {
        size_t start = r->pos;
        int v = 0;
        while (r->pos < r->len && is_digit(r->s[r->pos]) && r->pos - start < 3)
            v = v * 10 + (r->s[r->pos++] - '0');
        if (r->pos - start > 2 || v > 25)
            return set_err(r->err, "NOTATION",
                           "at character %zu: points are 1 to 24, with 25 or bar for the bar and "
                           "0 or off for off",
                           start + 1);
        *p = v;
        return 0;
    }
    int word = word_at(r, "bar") ? BG_BAR : word_at(r, "off") ? BG_OFF : -1;
    if (word < 0 || (at(r, 3) >= 0 && is_alpha((unsigned char)at(r, 3))))
        return bad_here(r, "a point number, bar or off");
    r->pos += 3;
    *p = word;
    return 0;
}

/* One path such as 13/7(2) or bar/22*, starting at r->pos (not a separator). */
static int read_path(reader *r, bg_path *pa)
{
    size_t start = r->pos;
    memset(pa, 0, sizeof *pa);
    pa->count = 1;
    for (;;) {
        int p = 0;
        if (pa->npts == 5)
            return set_err(r->err, "NOTATION",
                           "the path at character %zu has more than four legs; a roll moves a "
                           "checker at most four times",
                           start + 1);
        if (read_point(r, &p)) return -1;
        pa->pts[pa->npts] = (int8_t)p;
        if (at(r, 0) == '*') {
            r->pos++;
            pa->hit[pa->npts] = 1;
        }
        pa->npts++;
        if (at(r, 0) != '/') break;
        r->pos++;
    }
    if (at(r, 0) == '(') {
        int c = at(r, 1);
        if (c < '1' || c > '4' || at(r, 2) != ')') {
            r->pos++;
            return bad_here(r, "a repeat (2), (3) or (4)");
        }
        pa->count = (uint8_t)(c - '0');
        r->pos += 3;
    }
    if (pa->npts < 2)
        return set_err(r->err, "NOTATION",
                       "at character %zu: a move is written from/to, e.g. 13/7 or bar/22",
                       start + 1);
    if (r->pos < r->len && !is_sep(r->s[r->pos])) return bad_here(r, "a space between moves");
    char a[8], z[8];
    for (int i = 0; i < pa->npts; i++) {
        int p = pa->pts[i];
        bg_point_name(a, sizeof a, p);
        if (i == 0 && p == BG_OFF)
            return set_err(r->err, "NOTATION",
                           "at character %zu: a checker borne off cannot move again", start + 1);
        if (i > 0 && p == BG_BAR)
            return set_err(r->err, "NOTATION",
                           "at character %zu: a checker moves to the bar only when it is hit",
                           start + 1);
        if (i > 0 && i < pa->npts - 1 && p == BG_OFF)
            return set_err(r->err, "NOTATION",
                           "at character %zu: off can only be the end of a path", start + 1);
        if (pa->hit[i] && (i == 0 || p == BG_OFF))
            return set_err(r->err, "NOTATION",
                           "at character %zu: '*' marks a hit on a point the checker lands on, "
                           "not after %s",
                           start + 1, a);
        if (i > 0 && p >= pa->pts[i - 1]) {
            bg_point_name(z, sizeof z, pa->pts[i - 1]);
            return set_err(r->err, "ENG-3",
                           "%s/%s: a checker moves toward lower point numbers (24 to 1, then "
                           "off), ENG-3",
                           z, a);
        }
    }
    return 0;
}

int bg_parse_play(const char *text, size_t len, bg_written *out, bg_err *err)
{
    reader r = {(const unsigned char *)text, text ? len : 0, 0, err};
    int legs = 0;
    out->n = 0;
    for (;;) {
        while (r.pos < r.len && is_sep(r.s[r.pos]))
            r.pos++;
        if (r.pos >= r.len) break;
        bg_path pa;
        if (read_path(&r, &pa)) return -1;
        legs += pa.count * (pa.npts - 1);
        if (legs > 4)
            return set_err(err, "ENG-3",
                           "the play has more than four moves; a roll gives two, or four for a "
                           "double, ENG-3");
        out->path[out->n++] = pa;
    }
    return 0;
}

int bg_parse_dice(const char *text, size_t len, int *d1, int *d2, bg_err *err)
{
    reader r = {(const unsigned char *)text, text ? len : 0, 0, err};
    int d[2];
    while (r.pos < r.len && is_sep(r.s[r.pos]) && r.s[r.pos] != ',')
        r.pos++;
    for (int i = 0; i < 2; i++) {
        int c = at(&r, 0);
        if (c < '1' || c > '6')
            return c >= 0 && is_digit((unsigned char)c)
                       ? set_err(err, "NOTATION", "a die shows 1 to 6, not %c", c)
                       : bad_here(&r, "a die from 1 to 6 (a roll is written 52 or 5-2)");
        d[i] = c - '0';
        r.pos++;
        if (i == 0 && (at(&r, 0) == '-' || at(&r, 0) == ' ')) r.pos++;
    }
    while (r.pos < r.len && is_sep(r.s[r.pos]) && r.s[r.pos] != ',')
        r.pos++;
    if (r.pos < r.len)
        return bad_here(&r, "the end of the roll (a roll is two dice, e.g. 52 or 5-2)");
    *d1 = d[0];
    *d2 = d[1];
    return 0;
}

/* ---- resolving a written play into single-die steps ---- */

typedef struct resolver {
    const bg_board *b;
    int d1, d2;
    int dice[4], nd;
    int from[4], to[4], nleg; /* every leg of every path, repeats expanded */
    uint32_t written;         /* points written as a landing point (1..24) */
    uint32_t starred;         /* ... with a '*' */
    bg_step steps[4];
    int ns;
    int ncand;
    int best_score; /* -1: no legal split found yet */
    bg_play best_play;
    bg_board best_after;
    int err_rank; /* 0 none, 1 a step fails, 2 the steps play but break ENG-6 */
    bg_err err;
} resolver;

static int popcount32(uint32_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* How far this split's hits disagree with the '*' marks: a written point starred or not as
 * it was hit or not, and no hit on a point that was not written at all. */
static int hit_score(const resolver *rs)
{
    uint32_t hits = 0;
    for (int i = 0; i < rs->ns; i++) {
        int t = rs->steps[i].to;
        if (t > 0 && rs->b->opp[t] == 1) hits |= 1u << t;
    }
    return popcount32((hits ^ rs->starred) & rs->written) + popcount32(hits & ~rs->written);
}

/* One complete split: check it. Returns 1 to stop (a legal split that agrees with every
 * mark). */
static int candidate(resolver *rs)
{
    bg_err e;
    bg_play played;
    bg_board after;
    rs->ncand++;
    if (bg_check_play_ordered(rs->b, rs->d1, rs->d2, rs->steps, rs->ns, &after, &played, &e)) {
        int rank = strcmp(e.rule, "ENG-6") ? 1 : 2;
        if (rank > rs->err_rank) {
            rs->err_rank = rank;
            rs->err = e;
        }
        return 0;
    }
    int score = hit_score(rs);
    if (rs->best_score < 0 || score < rs->best_score) {
        rs->best_score = score;
        rs->best_play = played;
        rs->best_after = after;
    }
    return score == 0;
}

/* Splits leg li, now at point pos, into dice not in `used`, then the legs after it. */
static int split(resolver *rs, int li, int pos, unsigned used)
{
    if (li == rs->nleg) return candidate(rs);
    if (pos == rs->to[li]) return split(rs, li + 1, li + 1 < rs->nleg ? rs->from[li + 1] : 0, used);
    for (int j = 0; j < rs->nd; j++) {
        if (used & (1u << j)) continue;
        int dup = 0;
        for (int k = 0; k < j; k++)
            if (!(used & (1u << k)) && rs->dice[k] == rs->dice[j]) dup = 1;
        if (dup) continue;
        /* A checker entering from the bar with die d lands on 25 - d, the same arithmetic. */
        int next = pos - rs->dice[j];
        if (rs->to[li] > 0 && next < rs->to[li]) continue;
        if (next < 0)
            next = 0; /* bearing off with a die above the point (ENG-5 decides if allowed) */
        rs->steps[rs->ns++] = (bg_step){(int8_t)pos, (int8_t)next};
        int stop = split(rs, li, next, used | (1u << j));
        rs->ns--;
        if (stop) return 1;
    }
    return 0;
}

int bg_resolve_play(const bg_board *b, int d1, int d2, const bg_written *w, bg_play *play,
                    bg_board *after, bg_err *err)
{
    if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
        return set_err(err, "ENG-3", "the dice %d-%d are not a roll: each die shows 1 to 6", d1,
                       d2);
    resolver rs;
    memset(&rs, 0, sizeof rs);
    rs.b = b;
    rs.d1 = d1;
    rs.d2 = d2;
    rs.nd = d1 == d2 ? 4 : 2;
    rs.dice[0] = d1 > d2 ? d1 : d2;
    rs.dice[1] = d1 > d2 ? d2 : d1;
    rs.dice[2] = rs.dice[3] = rs.dice[0];
    rs.best_score = -1;
    for (int i = 0; i < w->n && i < 4; i++) {
        const bg_path *pa = &w->path[i];
        for (int c = 0; c < pa->count; c++)
            for (int k = 0; k + 1 < pa->npts && k < 4; k++) {
                if (rs.nleg == 4)
                    return set_err(err, "ENG-3",
                                   "the play has more than four moves; a roll gives two, or "
                                   "four for a double, ENG-3");
                rs.from[rs.nleg] = pa->pts[k];
                rs.to[rs.nleg] = pa->pts[k + 1];
                rs.nleg++;
            }
        for (int k = 1; k < pa->npts && k < 5; k++)
            if (pa->pts[k] > 0 && pa->pts[k] < 25) {
                rs.written |= 1u << pa->pts[k];
                if (pa->hit[k]) rs.starred |= 1u << pa->pts[k];
            }
    }
    split(&rs, 0, rs.nleg ? rs.from[0] : 0, 0);
    if (rs.best_score >= 0) {
        if (play) *play = rs.best_play;
        if (after) *after = rs.best_after;
        return 0;
    }
    if (rs.ncand == 0) {
        /* No split fits the dice at all: let the checker say why, one step per leg. */
        bg_step naive[4];
        for (int i = 0; i < rs.nleg; i++)
            naive[i] = (bg_step){(int8_t)rs.from[i], (int8_t)rs.to[i]};
        if (bg_check_play(b, d1, d2, naive, rs.nleg, NULL, &rs.err) == 0)
            set_err(&rs.err, "ENG-3", "the moves written do not fit the dice %d-%d, ENG-3", d1,
                    d2); /* not reached: a fitting split would have been a candidate */
    }
    if (err) {
        snprintf(err->rule, sizeof err->rule, "%s", rs.err.rule);
        snprintf(err->message, sizeof err->message, "%s", rs.err.message);
    }
    return -1;
}

int bg_read_play(const bg_board *b, int d1, int d2, const char *text, size_t len, bg_play *play,
                 bg_board *after, bg_err *err)
{
    bg_written w;
    if (bg_parse_play(text, len, &w, err)) return -1;
    return bg_resolve_play(b, d1, d2, &w, play, after, err);
}

/* ---- writing ---- */

typedef struct writer {
    char *out;
    size_t cap, len;
    int over;
} writer;

static void put(writer *w, const char *s)
{
    size_t n = strlen(s);
    if (w->over || w->len + n + 1 > w->cap) {
        w->over = 1;
        return;
    }
    memcpy(w->out + w->len, s, n + 1);
    w->len += n;
}

static void put_point(writer *w, int p, int words)
{
    char buf[8];
    if (words)
        bg_point_name(buf, sizeof buf, p);
    else
        snprintf(buf, sizeof buf, "%d", p < 0 ? 0 : p % 100);
    put(w, buf);
}

static int finish(writer *w)
{
    if (w->over) {
        if (w->cap) w->out[0] = '\0';
        return -1;
    }
    return (int)w->len;
}

int bg_format_play(const bg_board *before, const bg_play *p, char *out, size_t outlen)
{
    writer w = {out, outlen, 0, 0};
    struct {
        int pts[6], np, count, alive;
    } mv[4], t;
    int n = p->n > 4 ? 4 : p->n;
    put(&w, "");
    for (int i = 0; i < n; i++) {
        mv[i].pts[0] = p->steps[i].from;
        mv[i].pts[1] = p->steps[i].to;
        mv[i].np = 2;
        mv[i].count = 1;
        mv[i].alive = 1;
    }
    /* From the highest point down (and the farthest move first), as gnubg lists them. */
    for (int i = 1; i < n; i++)
        for (int j = i;
             j > 0 && (mv[j].pts[0] > mv[j - 1].pts[0] ||
                       (mv[j].pts[0] == mv[j - 1].pts[0] && mv[j].pts[1] > mv[j - 1].pts[1]));
             j--) {
            t = mv[j];
            mv[j] = mv[j - 1];
            mv[j - 1] = t;
        }
    /* One checker's consecutive steps become one path; the point between is kept only where
     * the checker hit (the position before the play tells: an opposing checker stood there). */
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n && mv[i].alive; j++) {
            int end = mv[i].pts[mv[i].np - 1];
            if (!mv[j].alive || mv[j].pts[0] != end) continue;
            if (end > 0 && end < 25 && before->opp[end])
                mv[i].pts[mv[i].np++] = mv[j].pts[1];
            else
                mv[i].pts[mv[i].np - 1] = mv[j].pts[1];
            mv[j].alive = 0;
        }
    /* The same path more than once is written once with its count. */
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n && mv[i].alive; j++)
            if (mv[j].alive && mv[j].np == mv[i].np &&
                !memcmp(mv[j].pts, mv[i].pts, (size_t)mv[i].np * sizeof mv[i].pts[0])) {
                mv[i].count++;
                mv[j].alive = 0;
            }
    uint32_t starred = 0; /* a point is starred once, where it was first hit */
    int first = 1;
    for (int i = 0; i < n; i++) {
        if (!mv[i].alive) continue;
        if (!first) put(&w, " ");
        first = 0;
        put_point(&w, mv[i].pts[0], 1);
        for (int k = 1; k < mv[i].np - 1; k++) {
            put(&w, "/");
            put_point(&w, mv[i].pts[k], 1);
            put(&w, "*");
            starred |= 1u << mv[i].pts[k];
        }
        int end = mv[i].pts[mv[i].np - 1];
        put(&w, "/");
        put_point(&w, end, 1);
        if (end > 0 && end < 25 && before->opp[end] && !(starred & (1u << end))) {
            put(&w, "*");
            starred |= 1u << end;
        }
        if (mv[i].count > 1) {
            char c[4] = {'(', (char)('0' + mv[i].count), ')', '\0'};
            put(&w, c);
        }
    }
    return finish(&w);
}

int bg_format_steps(const bg_board *before, const bg_play *p, char *out, size_t outlen)
{
    writer w = {out, outlen, 0, 0};
    int n = p->n > 4 ? 4 : p->n;
    put(&w, "");
    for (int i = 0; i < n; i++) {
        int to = p->steps[i].to;
        if (i) put(&w, " ");
        put_point(&w, p->steps[i].from, 0);
        put(&w, "/");
        put_point(&w, to, 0);
        int landed = 0;
        for (int j = 0; j < i; j++)
            if (p->steps[j].to == to) landed = 1;
        if (to > 0 && to < 25 && before->opp[to] && !landed) put(&w, "*");
    }
    return finish(&w);
}
