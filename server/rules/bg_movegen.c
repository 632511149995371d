/* Legal plays (DOMAIN.md ENG-3..7): every distinct play of a roll, the ENG-6 maximum, and the
 * check of a play someone made, with the rule it breaks. Pure C: no I/O, no allocation. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "rules/bg_board.h"
#include "rules/bg_movegen.h"

/* Why BG_MAX_PLAYS (4096) is enough. A play is fixed by how many steps each checker takes
 * (checkers on one point are interchangeable). With a double, four steps spread over at most
 * 15 occupied places: for a stack of c checkers the ways to take k steps are the partitions of
 * k into at most c parts, which never beats c separate single checkers (1+x+x^2+.. per
 * checker). So the count is at most the x^4 coefficient of (1/(1-x))^15 = C(18,4) = 3060.
 * Without a double: at most 15*15 two-checker plays, 2*15 one-checker plays through either
 * intermediate point, or 30 one-die plays. Hence at most 3060 distinct plays. */
#define HASH_MIN 64

/* Random 64-bit weights: the hash of a position is sum(count * weight), so one step updates it
 * with two additions and the duplicate test needs no pass over the board. Index 0..25 are the
 * mover's places, 26..51 the opponent's. */
static const uint64_t weight[52] = {
    0x91d93080f9b439fdull, 0x3ceaaf308142c8ebull, 0x627655daa05f1119ull, 0x9dfb369bab13dfafull,
    0x0ff9bb510944fe0dull, 0x6301bbfca0c5154full, 0x047a8387cdde8d51ull, 0x6fced11d2bd8a1e7ull,
    0xb7c1dce27f7695f5ull, 0x3a124c647e02ff05ull, 0x5cbd0ba3a1a6bcdfull, 0x66080f174c96d8e3ull,
    0x42f2dc05873f9bd1ull, 0xb120a366f0bbe9cfull, 0xce4cda11b43c589bull, 0x78b7d0ac84773ce1ull,
    0x48668d77e827062dull, 0x2330fcf1562ae4b9ull, 0xe36bf9b3ddcb369dull, 0xc1acc9906424550bull,
    0xf065a1c284cc4549ull, 0x9ad9b9a25e78454dull, 0xf6a730b7b12e9eedull, 0x993565976fbaf663ull,
    0xc5c2c2af3977a655ull, 0x8df08078a22ea181ull, 0x952c466e473a1797ull, 0xf3194a3b381e53e7ull,
    0xdafa3a387f006745ull, 0xc498b6e73648245full, 0x675a2e199b58ba8dull, 0xab57f9854332c3dbull,
    0x19f9cbef0f69a4d1ull, 0xc1b87f1a7323691bull, 0x75365e1458294a91ull, 0x2eb737282fea875full,
    0x4c1e26038dabf68full, 0xac3e0b5bc2917709ull, 0x64ccdcf9ea5ee53dull, 0x2f314fdb43c48bc7ull,
    0x9127c47089bf36a3ull, 0xbafe9bd120c5d153ull, 0xfba3fec76ca387b5ull, 0xfe0143729313badfull,
    0x735771b237d047c9ull, 0x9280ba2e153453fdull, 0x56ec4c60da8f3fe3ull, 0x6800e67e527f5da7ull,
    0xb3fb95ee22432045ull, 0x98daa4bf75592f89ull, 0xda6400c790010259ull, 0xb6d9f6f45cdc78b9ull,
};

/* The search state: one working board changed in place and restored on the way back, so a
 * board is copied only when a new play is stored. */
typedef struct gen {
    bg_board b;
    uint64_t h;    /* hash of b */
    int outside;   /* mover's checkers on 7..25; bearing off needs 0 (ENG-5) */
    int die[4];    /* die of the step at each depth */
    int nd;        /* dice in the roll: 2, or 4 for a double */
    int dbl;       /* a double: steps are generated from non-increasing points */
    int maxdepth;  /* most dice used by any play found so far */
    unsigned mask; /* hash table size - 1 (grows from HASH_MIN) */
    bg_step path[4];
    bg_playlist *out;       /* where plays go; NULL when only the maximum is wanted */
    const bg_board *target; /* when not NULL: only look for a maximal play reaching it */
    int found;
} gen;

static uint64_t board_hash(const bg_board *b)
{
    uint64_t h = 0;
    for (int i = 0; i < 26; i++)
        h += b->me[i] * weight[i] + b->opp[i] * weight[26 + i];
    return h;
}

static int count_outside(const bg_board *b)
{
    int n = 0;
    for (int p = 7; p <= 25; p++)
        n += b->me[p];
    return n;
}

/* Moves a checker that the caller has found legal; returns 1 if it hit a blot. */
static inline int do_step(gen *g, int from, int to)
{
    bg_board *b = &g->b;
    b->me[from]--;
    b->me[to]++;
    g->h += weight[to] - weight[from];
    if (from > 6 && to <= 6) g->outside--;
    if (to && b->opp[to] == 1) {
        b->opp[to] = 0;
        b->opp[BG_BAR]++;
        g->h += weight[26 + BG_BAR] - weight[26 + to];
        return 1;
    }
    return 0;
}

static inline void undo_step(gen *g, int from, int to, int hit)
{
    bg_board *b = &g->b;
    if (hit) {
        b->opp[to] = 1;
        b->opp[BG_BAR]--;
        g->h -= weight[26 + BG_BAR] - weight[26 + to];
    }
    if (from > 6 && to <= 6) g->outside++;
    b->me[to]--;
    b->me[from]++;
    g->h -= weight[to] - weight[from];
}

static void table_clear(gen *g)
{
    memset(g->out->slot_, 0, (g->mask + 1) * sizeof g->out->slot_[0]);
}

static void table_put(bg_playlist *o, unsigned mask, uint64_t h, int k)
{
    unsigned i = (unsigned)(h >> 32) & mask;
    while (o->slot_[i])
        i = (i + 1) & mask;
    o->slot_[i] = (uint16_t)(k + 1);
}

/* The play on the current path cannot be continued: keep it if it uses the most dice so far
 * (ENG-6) and reaches a position not yet listed. */
static void leaf(gen *g, int depth)
{
    if (depth < g->maxdepth) return;
    if (g->target) {
        /* maxdepth was set to the maximum beforehand, so no deeper play exists */
        if (!memcmp(&g->b, g->target, sizeof g->b)) g->found = 1;
        return;
    }
    bg_playlist *o = g->out;
    if (depth > g->maxdepth) {
        g->maxdepth = depth;
        if (!o) return;
        o->n = 0;
        table_clear(g);
    }
    if (!o) return;
    unsigned i = (unsigned)(g->h >> 32) & g->mask;
    for (unsigned s; (s = o->slot_[i]) != 0; i = (i + 1) & g->mask)
        if (o->hash_[s - 1] == g->h && !memcmp(&o->after[s - 1], &g->b, sizeof g->b)) return;
    /* The bound above holds for every position with 15 checkers a side, which every caller
     * passes (see the precondition before dice_ok); the test after it keeps memory safe all
     * the same. */
    assert(o->n < BG_MAX_PLAYS);
    if (o->n >= BG_MAX_PLAYS)
        return;
    int k = o->n++;
    o->slot_[i] = (uint16_t)(k + 1);
    o->hash_[k] = g->h;
    o->after[k] = g->b;
    o->plays[k].n = (uint8_t)depth;
    memset(o->plays[k].steps, 0, sizeof o->plays[k].steps);
    memcpy(o->plays[k].steps, g->path, (size_t)depth * sizeof g->path[0]);
    /* Keep the table at most half full so probes stay short. */
    if ((unsigned)o->n * 2 > g->mask + 1 && g->mask + 1 < BG_HASH_SLOTS) {
        g->mask = g->mask * 2 + 1;
        table_clear(g);
        for (int j = 0; j < o->n; j++)
            table_put(o, g->mask, o->hash_[j], j);
    }
}

/* Depth-first over the dice. With a double every order of the same steps reaches the same
 * position, and any playable set of steps can be played from the highest point down (a
 * checker only ever moves down, so moving the higher ones first never spoils a later step),
 * so steps are taken from non-increasing points: each set is visited once. Returns 1 when
 * only the maximum is wanted and every die has been used (nothing can beat that). */
static int search(gen *g, int depth, int top)
{
    bg_board *b = &g->b;
    int moved = 0;
    if (depth < g->nd) {
        const int d = g->die[depth];
        if (b->me[BG_BAR]) {
            /* ENG-4: while a checker is on the bar, entering is the only move. */
            const int to = 25 - d;
            if (b->opp[to] < 2) {
                int hit = do_step(g, BG_BAR, to);
                g->path[depth] = (bg_step){BG_BAR, (int8_t)to};
                int stop = search(g, depth + 1, BG_BAR);
                undo_step(g, BG_BAR, to, hit);
                if (stop) return 1;
                moved = 1;
            }
        } else {
            int high = 0; /* highest occupied point, needed only when bearing off */
            if (!g->outside)
                for (high = 6; high > 0 && !b->me[high]; high--)
                    ;
            for (int p = top > 24 ? 24 : top; p >= 1; p--) {
                if (!b->me[p]) continue;
                int to = p - d;
                if (to > 0) {
                    if (b->opp[to] >= 2) /* ENG-3: a point held by two or more */
                        continue;
                } else {
                    /* ENG-5: all home; a die above the point only from the highest one. */
                    if (g->outside || (to < 0 && p != high)) continue;
                    to = 0;
                }
                int hit = do_step(g, p, to);
                g->path[depth] = (bg_step){(int8_t)p, (int8_t)to};
                int stop = search(g, depth + 1, g->dbl ? p : BG_BAR);
                undo_step(g, p, to, hit);
                if (stop) return 1;
                moved = 1;
            }
        }
    }
    if (!moved) {
        leaf(g, depth);
        if (g->found || (!g->out && !g->target && depth == g->nd)) return 1;
    }
    return 0;
}

static void gen_init(gen *g, const bg_board *b, int d1, int d2, bg_playlist *out)
{
    g->b = *b;
    g->h = board_hash(b);
    g->outside = count_outside(b);
    g->dbl = d1 == d2;
    g->nd = g->dbl ? 4 : 2;
    g->maxdepth = 0;
    g->mask = HASH_MIN - 1;
    g->out = out;
    g->target = NULL;
    g->found = 0;
    memset(g->path, 0, sizeof g->path);
    int hi = d1 > d2 ? d1 : d2, lo = d1 > d2 ? d2 : d1;
    for (int i = 0; i < 4; i++)
        g->die[i] = (i & 1) ? lo : hi;
}

/* The precondition of every entry point: a position of 15 checkers a side, never both sides
 * on one point. No input reaches these functions with another: the moves command and the
 * fuzz targets pass positions that passed bg_board_check, and every replay (bg_game.c, the
 * JSON and .mat readers following a game) starts from bg_board_init and changes the
 * position only through legal plays or bg_apply_step, which refuses a step that would
 * break it. It is not asserted on each call (bg_board_check there cost the move generator
 * a fifth of its speed, measured with bench_rules_movegen); what rests on it, the bound on
 * the plays a roll has, is asserted in leaf(). */

static int dice_ok(int d1, int d2)
{
    return d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6;
}

int bg_legal_plays(const bg_board *b, int d1, int d2, bg_playlist *out)
{
    out->n = 0;
    out->max_dice = 0;
    if (!dice_ok(d1, d2)) return -1;
    gen g;
    gen_init(&g, b, d1, d2, out);
    table_clear(&g);
    search(&g, 0, BG_BAR);
    if (!g.dbl) {
        /* The higher die first, then the lower: when only one die can be used (maxdepth 1),
         * the plays of the first pass are exactly those with the higher die, and ENG-6 keeps
         * only them if there are any. */
        int hi_n = g.maxdepth == 1 ? out->n : 0;
        int t = g.die[0];
        g.die[0] = g.die[1];
        g.die[1] = t;
        search(&g, 0, BG_BAR);
        if (g.maxdepth == 1 && hi_n > 0) out->n = hi_n;
    }
    if (g.maxdepth == 0) out->n = 0; /* the empty play is not listed: the roll cannot be played */
    out->max_dice = g.maxdepth;
    return 0;
}

int bg_max_dice(const bg_board *b, int d1, int d2)
{
    if (!dice_ok(d1, d2)) return 0;
    gen g;
    gen_init(&g, b, d1, d2, NULL);
    if (search(&g, 0, BG_BAR) || g.dbl) return g.maxdepth;
    int t = g.die[0];
    g.die[0] = g.die[1];
    g.die[1] = t;
    search(&g, 0, BG_BAR);
    return g.maxdepth;
}

/* ---- checking a play someone made ---- */

/* "the 7-point" or "the bar". */
static void place_name(char *buf, size_t len, int p)
{
    if (p == BG_BAR)
        snprintf(buf, len, "the bar");
    else
        snprintf(buf, len, "the %d-point", p);
}

static void step_text(char *buf, size_t len, bg_step s)
{
    char a[8], z[8];
    bg_point_name(a, sizeof a, s.from);
    bg_point_name(z, sizeof z, s.to);
    snprintf(buf, len, "%s/%s", a, z);
}

typedef struct chk {
    bg_board b;
    const bg_step *steps;
    int n;
    int dice[4]; /* values, highest first */
    int nd;
    unsigned used_step, used_die;
    bg_step order[4];
    int die_of[4];  /* die value used by order[i] */
    int fail_depth; /* deepest point where every continuation failed; -1 none yet */
    char fail_rule[16];
    char fail_msg[256];
} chk;

static void fail(chk *c, int depth, bg_step s, const char *rule, const char *fmt, const char *a,
                 const char *z)
{
    /* Only the first failure at the deepest point reached is kept: the given order is tried
     * first, so the reason names the step as the player wrote it when nothing plays further. */
    if (depth <= c->fail_depth) return;
    c->fail_depth = depth;
    char st[16], why[200];
    step_text(st, sizeof st, s);
    snprintf(why, sizeof why, fmt, a, z);
    snprintf(c->fail_rule, sizeof c->fail_rule, "%s", rule);
    snprintf(c->fail_msg, sizeof c->fail_msg, "%s: %s, %s", st, why, rule);
}

static void dice_left_text(const chk *c, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = '\0';
    for (int j = 0; j < c->nd && k + 4 < len; j++)
        if (!(c->used_die & (1u << j)))
            k += (size_t)snprintf(buf + k, len - k, "%s%d", k ? ", " : "", c->dice[j]);
    if (!k) snprintf(buf, len, "none");
}

static int outside_point(const bg_board *b)
{
    for (int p = 25; p >= 7; p--)
        if (b->me[p]) return p;
    return 0;
}

static int highest_point(const bg_board *b)
{
    for (int p = 25; p >= 1; p--)
        if (b->me[p]) return p;
    return 0;
}

/* Can step s be played now with die v? Fills the reason when not. The die-independent
 * checks come first, so a blocked point is reported as blocked whatever die was meant. */
static int step_fits(chk *c, int depth, bg_step s, int v, int report)
{
    const bg_board *b = &c->b;
    char a[32], z[32];
    int from = s.from, to = s.to;
    if (b->me[BG_BAR] && from != BG_BAR) {
        if (report)
            fail(c, depth, s, "ENG-4",
                 "a checker on the bar must enter before any other checker moves%s%s", "", "");
        return 0;
    }
    if (!b->me[from]) {
        place_name(a, sizeof a, from);
        if (report) fail(c, depth, s, "ENG-3", "you have no checker on %s%s", a, "");
        return 0;
    }
    if (to > 0 && b->opp[to] >= 2) {
        place_name(z, sizeof z, to);
        if (report)
            fail(c, depth, s, from == BG_BAR ? "ENG-4" : "ENG-3",
                 from == BG_BAR ? "cannot enter: %s%s is blocked (two or more opposing checkers)"
                                : "%s%s is blocked (two or more opposing checkers)",
                 z, "");
        return 0;
    }
    if (to == 0) {
        int out = outside_point(b);
        if (out) {
            place_name(a, sizeof a, out);
            if (report)
                fail(c, depth, s, "ENG-5",
                     "no bearing off while a checker is outside the home board (on %s)%s", a, "");
            return 0;
        }
    }
    if (v < 0) return 1; /* die-independent checks only */
    if (to > 0 || v == from) return v == from - to;
    if (v > from) {
        int high = highest_point(b);
        if (high != from) {
            snprintf(a, sizeof a, "%d", v);
            place_name(z, sizeof z, high);
            if (report)
                fail(c, depth, s, "ENG-5",
                     "a %s bears off from a lower point only when no checker stands higher, and "
                     "one stands on %s",
                     a, z);
            return 0;
        }
        return 1;
    }
    return 0;
}

static int chk_search(chk *c, int depth)
{
    if (depth == c->n) return 1;
    for (int i = 0; i < c->n; i++) {
        if (c->used_step & (1u << i)) continue;
        bg_step s = c->steps[i];
        if (!step_fits(c, depth, s, -1, 1)) continue;
        int any = 0;
        for (int j = 0; j < c->nd; j++) {
            if (c->used_die & (1u << j)) continue;
            /* Equal dice are interchangeable: try a value once. */
            int seen = 0;
            for (int k = 0; k < j; k++)
                if (!(c->used_die & (1u << k)) && c->dice[k] == c->dice[j]) seen = 1;
            if (seen || !step_fits(c, depth, s, c->dice[j], 1)) continue;
            any = 1;
            bg_board keep = c->b;
            bg_apply_step(&c->b, s.from, s.to, NULL);
            c->used_step |= 1u << i;
            c->used_die |= 1u << j;
            c->order[depth] = s;
            c->die_of[depth] = c->dice[j];
            if (chk_search(c, depth + 1)) return 1;
            c->used_step &= ~(1u << i);
            c->used_die &= ~(1u << j);
            c->b = keep;
        }
        if (!any) {
            char left[32], dist[16];
            dice_left_text(c, left, sizeof left);
            if (s.to == 0) {
                snprintf(dist, sizeof dist, "%d", s.from);
                fail(c, depth, s, "ENG-5",
                     "no die left bears a checker off the %s-point (dice left: %s)", dist, left);
            } else {
                snprintf(dist, sizeof dist, "%d", s.from - s.to);
                fail(c, depth, s, "ENG-3",
                     "the step is %s pips but no die left shows that (dice "
                     "left: %s)",
                     dist, left);
            }
        }
    }
    return 0;
}

static void set_err(bg_err *err, const char *rule, const char *msg)
{
    if (!err) return;
    snprintf(err->rule, sizeof err->rule, "%s", rule);
    snprintf(err->message, sizeof err->message, "%s", msg);
}

static void play_text(char *buf, size_t len, const bg_step *steps, int n)
{
    size_t k = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && k + 12 < len; i++) {
        char st[16];
        step_text(st, sizeof st, steps[i]);
        k += (size_t)snprintf(buf + k, len - k, "%s%s", i ? " " : "", st);
    }
}

/* Can any single step be played with die d from b? (The higher-die test of ENG-6.) */
static int die_playable(const bg_board *b, int d)
{
    gen g;
    gen_init(&g, b, d, d, NULL);
    g.nd = 1;
    search(&g, 0, BG_BAR);
    return g.maxdepth > 0;
}

/* Is `target` the position of a legal play (ENG-6: `max` dice; with one die of a non-double,
 * the higher one when it can be played)? Needed because a play that uses fewer dice can
 * still be the legal play: "3/off" with 6-1 is also 3/2/off. */
static int legal_result(const bg_board *b, int d1, int d2, int max, const bg_board *target)
{
    gen g;
    gen_init(&g, b, d1, d2, NULL);
    g.target = target;
    g.maxdepth = max;
    if (g.dbl) {
        search(&g, 0, BG_BAR);
        return g.found;
    }
    /* The higher die first; when only one die can be used and the higher can, only the
     * plays of the higher die are legal. */
    int hi_only = max == 1 && die_playable(b, g.die[0]);
    search(&g, 0, BG_BAR);
    if (g.found || hi_only) return g.found;
    int t = g.die[0];
    g.die[0] = g.die[1];
    g.die[1] = t;
    search(&g, 0, BG_BAR);
    return g.found;
}

int bg_check_play_ordered(const bg_board *b, int d1, int d2, const bg_step *steps, int n,
                          bg_board *after, bg_play *played, bg_err *err)
{
    char msg[256], txt[80];
    if (!dice_ok(d1, d2)) {
        snprintf(msg, sizeof msg, "the dice %d-%d are not a roll: each die shows 1 to 6", d1, d2);
        set_err(err, "ENG-3", msg);
        return -1;
    }
    int nd = d1 == d2 ? 4 : 2;
    if (n < 0 || n > nd) {
        snprintf(msg, sizeof msg,
                 "the play has %d steps but the roll %d-%d gives %s moves (one a die, four for a "
                 "double), ENG-3",
                 n, d1, d2, nd == 4 ? "four" : "two");
        set_err(err, "ENG-3", msg);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        int f = steps[i].from, t = steps[i].to;
        if (f < 1 || f > 25 || t < 0 || t > 24) {
            snprintf(msg, sizeof msg,
                     "step %d/%d: points are 1 to 24, with 25 for the bar and 0 for off, ENG-1", f,
                     t);
            set_err(err, "ENG-1", msg);
            return -1;
        }
        if (t >= f) {
            char st[16];
            step_text(st, sizeof st, steps[i]);
            snprintf(msg, sizeof msg,
                     "%s: a checker moves toward lower point numbers (24 to 1, then off), ENG-3",
                     st);
            set_err(err, "ENG-3", msg);
            return -1;
        }
    }
    chk c;
    c.b = *b;
    c.steps = steps;
    c.n = n;
    c.nd = nd;
    c.dice[0] = d1 > d2 ? d1 : d2;
    c.dice[1] = d1 > d2 ? d2 : d1;
    c.dice[2] = c.dice[3] = c.dice[0];
    c.used_step = c.used_die = 0;
    c.fail_depth = -1;
    c.fail_rule[0] = c.fail_msg[0] = '\0';
    if (!chk_search(&c, 0)) {
        set_err(err, c.fail_rule, c.fail_msg);
        return -1;
    }
    /* Every step is playable in this order. A play of the ENG-6 maximum of dice is legal
     * (with one die of a non-double, the higher when it can be used). One that uses fewer
     * dice, or the lower, is legal only if a legal play reaches the same position (ENG-6:
     * "3/off" with 6-1 is also 3/2/off; the last checker off ends the game early). */
    int max = bg_max_dice(b, d1, d2);
    int lower = n == 1 && nd == 2 && c.die_of[0] != c.dice[0];
    if ((n < max || lower) && !legal_result(b, d1, d2, max, &c.b)) {
        play_text(txt, sizeof txt, steps, n);
        if (n < max) {
            snprintf(msg, sizeof msg,
                     "%s: the play uses %d %s but %d can be played; as many dice as possible "
                     "must be used, ENG-6",
                     n ? txt : "no move", n, n == 1 ? "die" : "dice", max);
            set_err(err, "ENG-6", msg);
            return -1;
        }
        snprintf(msg, sizeof msg,
                 "%s: only one die can be used and the %d could be, so the higher die must be "
                 "played, not the %d, ENG-6",
                 txt, c.dice[0], c.dice[1]);
        set_err(err, "ENG-6", msg);
        return -1;
    }
    if (after) *after = c.b;
    if (played) {
        memset(played, 0, sizeof *played);
        memcpy(played->steps, c.order, (size_t)n * sizeof c.order[0]);
        played->n = (uint8_t)n;
    }
    return 0;
}

int bg_check_play(const bg_board *b, int d1, int d2, const bg_step *steps, int n, bg_board *after,
                  bg_err *err)
{
    return bg_check_play_ordered(b, d1, d2, steps, n, after, NULL, err);
}
