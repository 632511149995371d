/* Knockout brackets after the draw (knockout_draw.c): late places, lengths, advancement,
 * corrections and their cascade, feeding the Consolation and Last Chance, and where a
 * player stands. The algorithms are documented in knockout.h. */
#include "tourney/knockout.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/errors.h"

int ko_late_open(const struct ko_bracket *b, int64_t now_ms)
{
    return !b->late_closed && b->late_filled < b->n_late &&
           !(b->late_deadline_ms && now_ms >= b->late_deadline_ms);
}

static int find_slot(const struct ko_bracket *b, int64_t id)
{
    for (int s = 0; s < b->size; s++)
        if (b->slots[s].id == id)
            return s;
    return -1;
}

int ko_late_arrive(struct ko_bracket *b, int64_t id, int64_t now_ms, int *late_no, char *err,
                   size_t errlen)
{
    if (id <= 0) {
        snprintf(err, errlen, "A late arrival needs a positive id.");
        return CW_EINVAL;
    }
    if (b->n_late == 0) {
        snprintf(err, errlen, "This draw keeps no late places.");
        return CW_ECONFLICT;
    }
    if (b->late_closed || (b->late_deadline_ms && now_ms >= b->late_deadline_ms)) {
        snprintf(err, errlen, "Late entry is closed: the unfilled places are byes now (KO-4).");
        return CW_ECONFLICT;
    }
    if (b->late_filled >= b->n_late) {
        snprintf(err, errlen, "All %d late places are taken.", b->n_late);
        return CW_ECONFLICT;
    }
    if (find_slot(b, id) >= 0) {
        snprintf(err, errlen, "Player %lld is already in the draw.", (long long)id);
        return CW_ECONFLICT;
    }
    int k = b->late_filled + 1;
    for (int s = 0; s < b->size; s++)
        if (b->slots[s].kind == KO_SLOT_LATE && b->slots[s].late == k) {
            b->slots[s].id = id;
            b->late_filled = k;
            *late_no = k;
            return 0;
        }
    snprintf(err, errlen, "Late place %d is missing from the bracket.", k);
    return CW_ECONFLICT;
}

int ko_late_close(struct ko_bracket *b)
{
    b->late_closed = 1;
    return b->n_late - b->late_filled;
}

int ko_late_expire(struct ko_bracket *b, int64_t now_ms)
{
    if (b->late_closed || !b->late_deadline_ms || now_ms < b->late_deadline_ms)
        return 0;
    ko_late_close(b);
    return 1;
}

/* ---- lengths ---- */

int ko_set_lengths(struct ko_bracket *b, const int *lengths, int n, char *err, size_t errlen)
{
    if (n < 1) {
        snprintf(err, errlen, "Give at least one match length (the final's).");
        return CW_EINVAL;
    }
    for (int i = 0; i < n; i++)
        if (lengths[i] < 1 || lengths[i] > KO_LENGTH_MAX) {
            snprintf(err, errlen, "Match length %d is %d; lengths are 1 to %d points (KO-7).",
                     i + 1, lengths[i], KO_LENGTH_MAX);
            return CW_EINVAL;
        }
    for (int r = 1; r <= b->rounds; r++) {
        int i = n - 1 - (b->rounds - r); /* counted back from the final */
        b->lengths[r - 1] = lengths[i < 0 ? 0 : i];
    }
    return 0;
}

int ko_length(const struct ko_bracket *b, int round)
{
    return round >= 1 && round <= b->rounds ? b->lengths[round - 1] : 0;
}

/* ---- match numbering ---- */

int ko_match_count(const struct ko_bracket *b)
{
    return b->size - 1;
}

int ko_match_index(const struct ko_bracket *b, int round, int i)
{
    if (round < 1 || round > b->rounds || i < 0 || i >= (b->size >> round))
        return -1;
    return b->size - (b->size >> (round - 1)) + i;
}

void ko_match_pos(const struct ko_bracket *b, int m, int *round, int *i)
{
    /* Callers pass a match of the bracket: a loop over ko_match_count, a ko_match_index or
     * ko_next that is not -1, or a side's `from` that ko_compute set from one; never a
     * number a request brings. Outside the bracket the loop below would not end. */
    assert(m >= 0 && m < ko_match_count(b));
    int r = 1;
    while (m >= b->size - (b->size >> r))
        r++;
    *round = r;
    *i = m - (b->size - (b->size >> (r - 1)));
}

int ko_next(const struct ko_bracket *b, int m, int *side)
{
    int r, i;
    ko_match_pos(b, m, &r, &i);
    if (r >= b->rounds)
        return -1;
    if (side)
        *side = i & 1;
    return ko_match_index(b, r + 1, i / 2);
}

/* ---- advancement ---- */

static struct ko_side slot_side(const struct ko_bracket *b, const struct ko_slot *s)
{
    struct ko_side d = {KO_SIDE_EMPTY, 0, 0, -1};
    if (s->kind == KO_SLOT_ENTRY) {
        d.kind = s->id ? KO_SIDE_PLAYER : s->vacant ? KO_SIDE_TO_ENTER : KO_SIDE_EMPTY;
        d.id = s->id;
    } else if (s->kind == KO_SLOT_LATE) {
        if (s->id) {
            d.kind = KO_SIDE_PLAYER;
            d.id = s->id;
        } else if (!b->late_closed) {
            d.kind = KO_SIDE_LATE;
            d.late = s->late;
        }
    }
    return d;
}

static const char *decision_name(enum ko_decision d)
{
    switch (d) {
    case KO_PLAYED:
        return "a result";
    case KO_FORFEIT:
        return "a forfeit";
    case KO_WITHDRAWAL:
        return "a withdrawal";
    case KO_DISQUALIFIED:
        return "a disqualification";
    default:
        return "no decision";
    }
}

int ko_compute(const struct ko_bracket *b, const struct ko_result *res, struct ko_mview *out,
               char *err, size_t errlen)
{
    int nm = ko_match_count(b);
    for (int m = 0; m < nm; m++) {
        struct ko_mview *v = &out[m];
        ko_match_pos(b, m, &v->round, &v->index);
        v->length = ko_length(b, v->round);
        v->winner = -1;
        for (int s = 0; s < 2; s++) {
            if (v->round == 1) {
                v->side[s] = slot_side(b, &b->slots[2 * v->index + s]);
                continue;
            }
            int f = ko_match_index(b, v->round - 1, 2 * v->index + s);
            const struct ko_mview *fv = &out[f];
            struct ko_side d = {KO_SIDE_PENDING, 0, 0, f};
            if (fv->state == KO_M_DONE || fv->state == KO_M_WALKOVER) {
                d = fv->side[fv->winner];
                d.from = f;
            } else if (fv->state == KO_M_EMPTY) {
                d.kind = KO_SIDE_EMPTY;
            }
            v->side[s] = d;
        }
        int p0 = v->side[0].kind == KO_SIDE_PLAYER, p1 = v->side[1].kind == KO_SIDE_PLAYER;
        int e0 = v->side[0].kind == KO_SIDE_EMPTY, e1 = v->side[1].kind == KO_SIDE_EMPTY;
        const struct ko_result *r = &res[m];
        if (r->decision != KO_UNDECIDED) {
            if (r->winner != 0 && r->winner != 1) {
                snprintf(err, errlen, "Round %d match %d: the winner must be side 0 or 1.",
                         v->round, v->index + 1);
                return CW_EINVAL;
            }
            int w = r->winner,
                leaving = r->decision == KO_WITHDRAWAL || r->decision == KO_DISQUALIFIED;
            if (p0 && p1) {
                v->state = KO_M_DONE;
                v->winner = w;
            } else if (leaving && v->side[1 - w].kind == KO_SIDE_PLAYER) {
                /* The leaving player is known; the other side advances once known. */
                if (v->side[w].kind == KO_SIDE_EMPTY)
                    v->state = KO_M_EMPTY;
                else
                    v->state = KO_M_WAITING;
            } else {
                snprintf(err, errlen,
                         "Round %d match %d has %s, but its players are not both known yet.",
                         v->round, v->index + 1, decision_name(r->decision));
                return CW_ECONFLICT;
            }
        } else if (p0 && p1) {
            v->state = KO_M_READY;
        } else if ((p0 && e1) || (p1 && e0)) {
            v->state = KO_M_WALKOVER;
            v->winner = p0 ? 0 : 1;
        } else if (e0 && e1) {
            v->state = KO_M_EMPTY;
        } else {
            v->state = KO_M_WAITING;
        }
    }
    return 0;
}

int ko_ready(const struct ko_bracket *b, const struct ko_mview *v, int *out)
{
    int n = 0;
    for (int m = 0; m < ko_match_count(b); m++)
        if (v[m].state == KO_M_READY)
            out[n++] = m;
    return n;
}

int64_t ko_champion(const struct ko_bracket *b, const struct ko_mview *v)
{
    const struct ko_mview *f = &v[ko_match_count(b) - 1];
    if (f->state == KO_M_DONE || f->state == KO_M_WALKOVER)
        return f->side[f->winner].id;
    return 0;
}

/* ---- corrections ---- */

int ko_cascade(const struct ko_bracket *b, const struct ko_result *res, int m, int *out)
{
    int path[KO_MAX_ROUNDS], n = 0, side;
    for (int x = ko_next(b, m, &side); x >= 0; x = ko_next(b, x, &side)) {
        const struct ko_result *r = &res[x];
        /* side = the side x's path player arrives on; a leaving opponent's decision holds
         * whoever arrives, so it stays. */
        int kept =
            (r->decision == KO_WITHDRAWAL || r->decision == KO_DISQUALIFIED) && r->winner == side;
        if (r->decision != KO_UNDECIDED && !kept)
            path[n++] = x;
    }
    for (int i = 0; i < n; i++)
        out[i] = path[n - 1 - i];
    return n;
}

int ko_cascade_entry(const struct ko_bracket *b, const struct ko_result *res,
                     const struct ko_mview *v, int64_t id, int *out)
{
    for (int m = 0; m < ko_match_count(b); m++) {
        int in = (v[m].side[0].kind == KO_SIDE_PLAYER && v[m].side[0].id == id) ||
                 (v[m].side[1].kind == KO_SIDE_PLAYER && v[m].side[1].id == id);
        if (in && res[m].decision != KO_UNDECIDED) {
            int n = ko_cascade(b, res, m, out);
            out[n++] = m;
            return n;
        }
    }
    return 0;
}

/* ---- feeding ---- */

/* What is known of the player a side brings: whether they have played (won a played
 * match), advanced without playing, or may still be a first-timer (unknown side). */
struct fstate {
    int played, lucky, maybe_first;
};

int ko_feed(const struct ko_bracket *from, const struct ko_result *res, const struct ko_mview *v,
            int progressive, struct ko_entry *out, int *missing)
{
    int nm = ko_match_count(from), n = 0;
    struct fstate *win = calloc((size_t)nm, sizeof *win);
    *missing = 0;
    if (!win) {
        *missing = nm;
        return 0;
    }
    for (int m = 0; m < nm; m++) {
        const struct ko_mview *mv = &v[m];
        struct fstate st[2];
        for (int s = 0; s < 2; s++) {
            const struct ko_side *d = &mv->side[s];
            memset(&st[s], 0, sizeof st[s]);
            if (d->kind == KO_SIDE_EMPTY)
                continue;
            if (mv->round > 1)
                st[s] = win[ko_match_index(from, mv->round - 1, 2 * mv->index + s)];
            else
                st[s].maybe_first = 1; /* an entry, or the late arrival still to come */
        }
        const struct ko_result *r = &res[m];
        struct fstate *w = &win[m];
        if (mv->state == KO_M_WALKOVER) {
            *w = st[mv->winner];
            /* A round-2 entrant's walkover is its way in, not luck. */
            if (!(mv->round == 1 && from->slots[2 * mv->index + mv->winner].round2))
                w->lucky = 1;
        } else if (mv->state == KO_M_DONE) {
            int l = 1 - r->winner;
            if (r->decision == KO_PLAYED || r->decision == KO_FORFEIT) {
                if (!st[l].played)
                    out[n++] = (struct ko_entry){mv->side[l].id, 0, 0, 1, st[l].lucky};
                else if (progressive && mv->round == 2)
                    out[n++] = (struct ko_entry){mv->side[l].id, 0, 0, 2, 0};
            }
            *w = st[r->winner];
            if (r->decision == KO_PLAYED) {
                w->played = 1;
                w->maybe_first = 0;
            } else {
                w->lucky = 1;
            }
        } else if (mv->state == KO_M_EMPTY) {
            memset(w, 0, sizeof *w);
        } else {
            /* Undecided, or a withdrawal waiting for the other side to be known. A match
             * with an empty side will be a walkover: it has no loser to feed. */
            int pre = r->decision != KO_UNDECIDED;
            int empty = mv->side[0].kind == KO_SIDE_EMPTY || mv->side[1].kind == KO_SIDE_EMPTY;
            int first = st[0].maybe_first || st[1].maybe_first;
            if (!pre && !empty && (first || (progressive && mv->round == 2)))
                (*missing)++;
            memset(w, 0, sizeof *w);
            w->maybe_first = pre ? st[r->winner].maybe_first : first;
        }
    }
    free(win);
    return n;
}

static int has_id(const int64_t *sorted, int n, int64_t id)
{
    return bsearch(&id, sorted, (size_t)n, sizeof *sorted, ko_cmp_i64) != NULL;
}

/* An entrant's key: id and round, so that a player moving between rounds leaves a place. */
static int64_t entrant_key(int64_t id, int round2)
{
    return id * 2 + (round2 ? 1 : 0);
}

/* The change recorded for slot s, made when missing. */
static struct ko_slot_change *change_of(struct ko_slot_change *ch, int *nch, int s)
{
    for (int i = 0; i < *nch; i++)
        if (ch[i].slot == s)
            return &ch[i];
    ch[*nch] = (struct ko_slot_change){s, 0, 0, 0};
    return &ch[(*nch)++];
}

static int vacant_slot(const struct ko_bracket *b, int round2, int any)
{
    for (int s = 0; s < b->size; s++) {
        const struct ko_slot *sl = &b->slots[s];
        if (sl->kind == KO_SLOT_ENTRY && !sl->id && sl->vacant && (any || !sl->round2 == !round2))
            return s;
    }
    return -1;
}

int ko_feed_follow(struct ko_bracket *fed, struct ko_result *res, struct ko_mview *v,
                   const struct ko_entry *entrants, int n, int missing, int *undo, int *nundo,
                   struct ko_slot_change *ch, char *err, size_t errlen)
{
    int nch = 0, nh = 0, rc = 0;
    *nundo = 0;
    int64_t *want = malloc((size_t)(n ? n : 1) * sizeof *want);
    int64_t *held = malloc((size_t)fed->size * sizeof *held);
    if (!want || !held) {
        free(want), free(held);
        snprintf(err, errlen, "Out of memory.");
        return CW_ENOMEM;
    }
    for (int i = 0; i < n; i++)
        want[i] = entrant_key(entrants[i].id, entrants[i].round == 2);
    qsort(want, (size_t)n, sizeof *want, ko_cmp_i64);
    /* 1. the holders who no longer enter (or not in that round) leave their places */
    for (int s = 0; rc == 0 && s < fed->size; s++) {
        struct ko_slot *sl = &fed->slots[s];
        if (sl->kind != KO_SLOT_ENTRY || !sl->id ||
            has_id(want, n, entrant_key(sl->id, sl->round2)))
            continue;
        int later[KO_MAX_ROUNDS + 1];
        int c = ko_cascade_entry(fed, res, v, sl->id, later);
        for (int t = 0; t < c; t++) {
            undo[(*nundo)++] = later[t];
            memset(&res[later[t]], 0, sizeof res[later[t]]);
        }
        struct ko_slot_change *x = change_of(ch, &nch, s);
        x->old_id = sl->id;
        sl->id = 0;
        sl->vacant = 1;
        rc = ko_compute(fed, res, v, err, errlen) ? -1 : 0;
    }
    /* 2. the entrants it does not hold take vacant places, their own round's first */
    for (int s = 0; s < fed->size; s++)
        if (fed->slots[s].id)
            held[nh++] = fed->slots[s].id;
    qsort(held, (size_t)nh, sizeof *held, ko_cmp_i64);
    for (int i = 0; rc == 0 && i < n; i++) {
        if (has_id(held, nh, entrants[i].id))
            continue;
        int r2 = entrants[i].round == 2, s = vacant_slot(fed, r2, 0);
        if (s < 0)
            s = vacant_slot(fed, r2, 1);
        if (s < 0) {
            snprintf(err, errlen,
                     "player %lld would enter round %d, and no place of the drawn bracket is "
                     "free for them: a drawn event follows a change by moving entrants between "
                     "its places, it does not grow (KO-5).",
                     (long long)entrants[i].id, r2 ? 2 : 1);
            rc = -1;
            break;
        }
        fed->slots[s].id = entrants[i].id;
        fed->slots[s].vacant = 0;
        change_of(ch, &nch, s)->new_id = entrants[i].id;
    }
    /* 3. nobody else can come: the places left vacant close */
    for (int s = 0; rc == 0 && missing == 0 && s < fed->size; s++)
        if (fed->slots[s].vacant && !fed->slots[s].id) {
            fed->slots[s].vacant = 0;
            change_of(ch, &nch, s)->closed = 1;
        }
    if (rc == 0)
        rc = ko_compute(fed, res, v, err, errlen) ? -1 : 0;
    free(want), free(held);
    return rc ? -1 : nch;
}

/* ---- player status ---- */

int ko_player_status(const struct ko_bracket *b, const struct ko_result *res,
                     const struct ko_mview *v, int64_t id, struct ko_pstatus *st)
{
    memset(st, 0, sizeof *st);
    st->match = -1;
    st->from = -1;
    int last = -1, side = -1;
    for (int m = 0; m < ko_match_count(b); m++)
        for (int s = 0; s < 2; s++)
            if (v[m].side[s].kind == KO_SIDE_PLAYER && v[m].side[s].id == id) {
                last = m;
                side = s;
            }
    if (last < 0) {
        st->state = KO_P_ABSENT;
        return CW_ENOTFOUND;
    }
    const struct ko_mview *mv = &v[last];
    const struct ko_side *o = &mv->side[1 - side];
    st->match = last;
    st->round = mv->round;
    switch (mv->state) {
    case KO_M_READY:
        st->state = KO_P_READY;
        st->opponent = o->id;
        break;
    case KO_M_WAITING:
        if (res[last].decision != KO_UNDECIDED) {
            st->state = KO_P_OUT;
            st->decision = res[last].decision;
        } else if (o->kind == KO_SIDE_TO_ENTER) {
            st->state = KO_P_WAIT_ENTRANT;
        } else if (o->kind == KO_SIDE_LATE) {
            st->state = KO_P_WAIT_LATE;
            st->late = o->late;
            st->deadline_ms = b->late_deadline_ms;
        } else {
            st->state = KO_P_WAIT_OPPONENT;
            st->from = o->from;
            ko_match_pos(b, o->from, &st->from_round, &st->from_index);
        }
        break;
    case KO_M_EMPTY: /* only a leaving player empties a match they are in */
        st->state = KO_P_OUT;
        st->decision = res[last].decision;
        break;
    case KO_M_DONE:
    case KO_M_WALKOVER:
        if (mv->winner != side) {
            st->state = KO_P_OUT;
            st->decision = res[last].decision;
            st->opponent = o->id;
        } else {
            st->state = KO_P_CHAMPION; /* the last match won is the final */
        }
        break;
    }
    return 0;
}

int ko_feed_status(const struct ko_entry *entrants, int n, int missing, int64_t id,
                   struct ko_pstatus *st)
{
    memset(st, 0, sizeof *st);
    st->match = st->from = -1;
    for (int i = 0; i < n; i++)
        if (entrants[i].id == id) {
            st->state = KO_P_WAIT_DRAW;
            st->round = entrants[i].round == 2 ? 2 : 1;
            st->missing = missing;
            return 0;
        }
    st->state = KO_P_ABSENT;
    return CW_ENOTFOUND;
}

const char *ko_pstate_name(enum ko_pstate s)
{
    switch (s) {
    case KO_P_ABSENT:
        return "absent";
    case KO_P_READY:
        return "ready";
    case KO_P_WAIT_OPPONENT:
        return "waiting_opponent";
    case KO_P_WAIT_LATE:
        return "waiting_late";
    case KO_P_OUT:
        return "out";
    case KO_P_CHAMPION:
        return "champion";
    case KO_P_WAIT_DRAW:
        return "waiting_draw";
    case KO_P_WAIT_ENTRANT:
        return "waiting_entrant";
    }
    return "absent";
}

const char *ko_out_name(enum ko_decision d)
{
    switch (d) {
    case KO_FORFEIT:
        return "forfeited";
    case KO_WITHDRAWAL:
        return "withdrew";
    case KO_DISQUALIFIED:
        return "disqualified";
    default:
        return "lost";
    }
}

enum ko_decision ko_decision_of(const struct match *m)
{
    if (m->winner < 0)
        return KO_UNDECIDED;
    switch (m->state) {
    case MS_VERIFIED:
        return KO_PLAYED;
    case MS_FORFEITED:
        return KO_FORFEIT;
    case MS_WITHDRAWN:
        return m->ended == ME_DISQUALIFIED ? KO_DISQUALIFIED : KO_WITHDRAWAL;
    default:
        return KO_UNDECIDED;
    }
}
