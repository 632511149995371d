/* Edmonds' blossom algorithm, primal-dual, O(n^3), on a complete graph given by a cost
 * function. Written for the Swiss pairing (docs/swiss.md) from the published descriptions
 * (Edmonds 1965; Galil 1986); its state follows Galil's: labels S (1) and T (2) on the
 * top-level blossoms, the edge each label came through, a least-slack edge per vertex and
 * per S-blossom, and dual values doubled so that every number stays an integer.
 *
 * It maximises the weight w = K - (cost - least cost) over all matchings; K is large
 * enough (matching.h) that every maximum-weight matching is perfect, so the result is a
 * perfect matching of least cost. The slack of edge (i, j) is dual[i] + dual[j] - 2w. */
#include "tourney/matching.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct mm {
    int n;
    matching_cost_fn cost;
    void *ctx;
    int64_t k, cmin;
    int *mate;                /* vertex paired with v, or -1 */
    int *label;               /* [2n] 0 none, 1 S, 2 T; +4 while scan_blossom marks a path */
    int *labfrom, *labto;     /* [2n] the edge a label came through: labto inside, labfrom
                               * in the parent blossom (-1: a root) */
    int *inb;                 /* [n] the top-level blossom holding v */
    int *bparent, *bbase;     /* [2n] bbase -1: a blossom id not in use */
    int **childs, **ex, **ey; /* [2n] a blossom's cycle of sub-blossoms, childs[0] holding
                               * the base; edge i joins ex[i] in childs[i] to ey[i] in
                               * childs[i + 1] (cyclically) */
    int *nchilds;
    int *bestedge;  /* [2n] least-slack edge i * n + j with i inside, or -1 */
    int **bestlist; /* [2n] an S-blossom's least-slack edges to other S-blossoms */
    int *nbest;
    int64_t *dual;           /* [2n] doubled */
    int *queue, qlen;        /* S vertices to scan */
    int *freeb, nfree;       /* blossom ids not in use */
    int *scratch, *scratch2; /* [2n] */
    int *bestto;             /* [2n] add_blossom's least-slack edge per neighbour blossom */
    int64_t *bestslack;      /* [2n] */
    jmp_buf oom;
};

static void *mm_alloc(struct mm *m, size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        longjmp(m->oom, 1);
    return p;
}

static int64_t slack(const struct mm *m, int i, int j)
{
    int64_t w = m->k - (m->cost(m->ctx, i, j) - m->cmin);
    return m->dual[i] + m->dual[j] - 2 * w;
}

static int64_t edge_slack(const struct mm *m, int e)
{
    return slack(m, e / m->n, e % m->n);
}

/* Every vertex of blossom b, written to out; their count. */
static int leaves(const struct mm *m, int b, int *out)
{
    if (b < m->n) {
        out[0] = b;
        return 1;
    }
    int c = 0;
    for (int i = 0; i < m->nchilds[b]; i++)
        c += leaves(m, m->childs[b][i], out + c);
    return c;
}

static void assign_label(struct mm *m, int w, int t, int from)
{
    int b = m->inb[w];
    m->label[w] = m->label[b] = t;
    m->labfrom[w] = m->labfrom[b] = from;
    m->labto[w] = m->labto[b] = w;
    m->bestedge[w] = m->bestedge[b] = -1;
    if (t == 1) {
        m->qlen += leaves(m, b, m->queue + m->qlen);
    } else {
        /* a T-blossom's base is matched: its mate becomes S */
        int base = m->bbase[b];
        assign_label(m, m->mate[base], 1, base);
    }
}

/* Traces back from the S-vertices v and w towards their roots, alternately; the base of
 * the first blossom both paths reach (a new blossom), or -1 (two trees: an augmenting
 * path). */
static int scan_blossom(struct mm *m, int v, int w)
{
    int *path = m->scratch2, np = 0, base = -1;
    while (v != -1 || w != -1) {
        int b = m->inb[v];
        if (m->label[b] & 4) {
            base = m->bbase[b];
            break;
        }
        path[np++] = b;
        m->label[b] = 5;
        if (m->labfrom[b] == -1) {
            v = -1;
        } else {
            int t = m->inb[m->labfrom[b]];
            v = m->labfrom[t];
        }
        if (w != -1) {
            int x = v;
            v = w;
            w = x;
        }
    }
    for (int i = 0; i < np; i++)
        m->label[path[i]] = 1;
    return base;
}

static void set_childs(struct mm *m, int b, int k)
{
    m->nchilds[b] = k;
    m->childs[b] = mm_alloc(m, (size_t)k, sizeof(int));
    m->ex[b] = mm_alloc(m, (size_t)k, sizeof(int));
    m->ey[b] = mm_alloc(m, (size_t)k, sizeof(int));
}

/* The least-slack edges from the new S-blossom b to every other S-blossom, from its
 * children's lists (or their vertices' edges when a child has none). */
static void blossom_best_edges(struct mm *m, int b)
{
    int n = m->n;
    for (int ci = 0; ci < m->nchilds[b]; ci++) {
        int c = m->childs[b][ci];
        int *cand, nc;
        int *own = NULL;
        if (m->bestlist[c]) {
            cand = m->bestlist[c];
            nc = m->nbest[c];
        } else {
            int nl = leaves(m, c, m->scratch);
            own = mm_alloc(m, (size_t)nl * (size_t)n, sizeof(int));
            nc = 0;
            for (int l = 0; l < nl; l++)
                for (int y = 0; y < n; y++)
                    if (y != m->scratch[l])
                        own[nc++] = m->scratch[l] * n + y;
            cand = own;
        }
        for (int i = 0; i < nc; i++) {
            int y = cand[i] % n, by = m->inb[y];
            if (by == b || m->label[by] != 1)
                continue;
            int64_t s = edge_slack(m, cand[i]);
            if (m->bestto[by] == -1 || s < m->bestslack[by]) {
                m->bestto[by] = cand[i];
                m->bestslack[by] = s;
            }
        }
        free(own);
        free(m->bestlist[c]);
        m->bestlist[c] = NULL;
        m->bestedge[c] = -1;
    }
    int cnt = 0;
    for (int x = 0; x < 2 * n; x++)
        cnt += m->bestto[x] != -1;
    m->bestlist[b] = mm_alloc(m, (size_t)cnt, sizeof(int));
    m->nbest[b] = 0;
    m->bestedge[b] = -1;
    int64_t best = 0;
    for (int x = 0; x < 2 * n; x++) {
        if (m->bestto[x] == -1)
            continue;
        m->bestlist[b][m->nbest[b]++] = m->bestto[x];
        if (m->bestedge[b] == -1 || m->bestslack[x] < best) {
            m->bestedge[b] = m->bestto[x];
            best = m->bestslack[x];
        }
        m->bestto[x] = -1;
    }
}

/* A new blossom from the S-S edge (v, w) whose paths meet at base. */
static void add_blossom(struct mm *m, int base, int v, int w)
{
    int bb = m->inb[base], bv = m->inb[v], bw = m->inb[w];
    int b = m->freeb[--m->nfree];
    m->bbase[b] = base;
    m->bparent[b] = -1;
    m->bparent[bb] = b;
    /* v's side, from v up to the base: stored backwards, then read forwards */
    int *sc = m->scratch, nv = 0;
    for (int x = bv; x != bb; x = m->inb[m->labfrom[x]]) {
        m->bparent[x] = b;
        sc[nv++] = x;
    }
    int nw = 0;
    for (int x = bw; x != bb; x = m->inb[m->labfrom[x]])
        nw++;
    set_childs(m, b, 1 + nv + nw);
    int *ch = m->childs[b], *ex = m->ex[b], *ey = m->ey[b];
    ch[0] = bb;
    for (int i = 0; i < nv; i++) {
        int c = sc[nv - 1 - i];
        ch[i + 1] = c;
        ex[i] = m->labfrom[c];
        ey[i] = m->labto[c];
    }
    ex[nv] = v;
    ey[nv] = w;
    int i = nv + 1;
    for (int x = bw; x != bb; x = m->inb[m->labfrom[x]], i++) {
        m->bparent[x] = b;
        ch[i] = x;
        ex[i] = m->labto[x];
        ey[i] = m->labfrom[x];
    }
    m->label[b] = 1;
    m->labfrom[b] = m->labfrom[bb];
    m->labto[b] = m->labto[bb];
    m->dual[b] = 0;
    int nl = leaves(m, b, m->scratch);
    for (int l = 0; l < nl; l++) {
        int x = m->scratch[l];
        if (m->label[m->inb[x]] == 2)
            m->queue[m->qlen++] = x; /* a T-vertex turned S: scan it */
        m->inb[x] = b;
    }
    blossom_best_edges(m, b);
}

static int child_index(const struct mm *m, int b, int c)
{
    for (int i = 0; i < m->nchilds[b]; i++)
        if (m->childs[b][i] == c)
            return i;
    return 0;
}

static void expand_blossom(struct mm *m, int b, int endstage)
{
    int n = m->n, k = m->nchilds[b];
    for (int i = 0; i < k; i++) {
        int s = m->childs[b][i];
        m->bparent[s] = -1;
        if (s < n) {
            m->inb[s] = s;
        } else if (endstage && m->dual[s] == 0) {
            expand_blossom(m, s, endstage);
        } else {
            int nl = leaves(m, s, m->scratch);
            for (int l = 0; l < nl; l++)
                m->inb[m->scratch[l]] = s;
        }
    }
    if (!endstage && m->label[b] == 2) {
        /* A T-blossom opened mid-stage: the even path from the child its label entered to
         * the base child takes labels T, S, T ... T; the rest become free unless a vertex of
         * theirs was reached from an S-vertex outside. */
        int *ch = m->childs[b], *ex = m->ex[b], *ey = m->ey[b];
        int entry = m->inb[m->labto[b]];
        int j = child_index(m, b, entry), step = (j & 1) ? 1 : -1;
        int from = m->labfrom[b], to = m->labto[b];
        while (j != 0) {
            int partner = step == 1 ? ey[j] : ex[(j - 1 + k) % k];
            m->label[to] = 0;
            m->label[partner] = 0;
            assign_label(m, to, 2, from);
            j = (j + step + k) % k;
            if (step == 1) {
                from = ex[j];
                to = ey[j];
            } else {
                int e = (j - 1 + k) % k;
                from = ey[e];
                to = ex[e];
            }
            j = (j + step + k) % k;
        }
        int bv = ch[0];
        m->label[to] = m->label[bv] = 2;
        m->labfrom[to] = m->labfrom[bv] = from;
        m->labto[to] = m->labto[bv] = to;
        m->bestedge[bv] = -1;
        j = (j + step + k) % k;
        while (ch[j] != entry) {
            bv = ch[j];
            if (m->label[bv] == 1) {
                j = (j + step + k) % k;
                continue;
            }
            int nl = leaves(m, bv, m->scratch), reached = -1;
            for (int l = 0; l < nl; l++)
                if (m->label[m->scratch[l]] != 0) {
                    reached = m->scratch[l];
                    break;
                }
            if (reached >= 0) {
                int rfrom = m->labfrom[reached];
                m->label[reached] = 0;
                m->label[m->mate[m->bbase[bv]]] = 0;
                assign_label(m, reached, 2, rfrom);
            }
            j = (j + step + k) % k;
        }
    }
    free(m->childs[b]), free(m->ex[b]), free(m->ey[b]), free(m->bestlist[b]);
    m->childs[b] = m->ex[b] = m->ey[b] = m->bestlist[b] = NULL;
    m->nchilds[b] = m->nbest[b] = 0;
    m->label[b] = 0;
    m->labfrom[b] = m->labto[b] = -1;
    m->bbase[b] = -1;
    m->bestedge[b] = -1;
    m->freeb[m->nfree++] = b;
}

/* Swaps matched and unmatched edges along the even path inside blossom b from vertex v to
 * its base, then turns the cycle so that v's child holds the base. */
static void augment_blossom(struct mm *m, int b, int v)
{
    int n = m->n;
    int t = v;
    while (m->bparent[t] != b)
        t = m->bparent[t];
    if (t >= n)
        augment_blossom(m, t, v);
    int k = m->nchilds[b], *ch = m->childs[b], *ex = m->ex[b], *ey = m->ey[b];
    int i = child_index(m, b, t), j = i, step = (i & 1) ? 1 : -1;
    while (j != 0) {
        j = (j + step + k) % k;
        int a, c;
        if (step == 1) {
            a = ex[j];
            c = ey[j];
        } else {
            a = ey[(j - 1 + k) % k];
            c = ex[(j - 1 + k) % k];
        }
        if (ch[j] >= n)
            augment_blossom(m, ch[j], a);
        j = (j + step + k) % k;
        if (ch[j] >= n)
            augment_blossom(m, ch[j], c);
        m->mate[a] = c;
        m->mate[c] = a;
    }
    int *tmp = m->scratch2;
    int *arrs[3] = {ch, ex, ey};
    for (int a = 0; a < 3; a++) {
        for (int x = 0; x < k; x++)
            tmp[x] = arrs[a][(x + i) % k];
        memcpy(arrs[a], tmp, (size_t)k * sizeof(int));
    }
    m->bbase[b] = m->bbase[ch[0]];
}

/* The tight edge (v, w) joins two trees: the path root - v - w - root changes sides. */
static void augment_matching(struct mm *m, int v, int w)
{
    for (int pass = 0; pass < 2; pass++) {
        int s = pass ? w : v, j = pass ? v : w;
        for (;;) {
            int bs = m->inb[s];
            if (bs >= m->n)
                augment_blossom(m, bs, s);
            m->mate[s] = j;
            if (m->labfrom[bs] == -1)
                break;
            int bt = m->inb[m->labfrom[bs]];
            s = m->labfrom[bt];
            j = m->labto[bt];
            if (bt >= m->n)
                augment_blossom(m, bt, j);
            m->mate[j] = s;
        }
    }
}

/* Scans S-vertex v's edges: labels, blossoms, or an augmentation (1). */
static int scan_vertex(struct mm *m, int v)
{
    for (int w = 0; w < m->n; w++) {
        int bw = m->inb[w];
        if (w == v || bw == m->inb[v])
            continue;
        int64_t ks = slack(m, v, w);
        if (ks <= 0) {
            if (m->label[bw] == 0) {
                assign_label(m, w, 2, v);
            } else if (m->label[bw] == 1) {
                int base = scan_blossom(m, v, w);
                if (base < 0) {
                    augment_matching(m, v, w);
                    return 1;
                }
                add_blossom(m, base, v, w);
            } else if (m->label[w] == 0) {
                /* w sits in a T-blossom, now reached: kept for the blossom's expansion */
                m->label[w] = 2;
                m->labfrom[w] = v;
                m->labto[w] = w;
            }
        } else if (m->label[bw] == 1) {
            int bv = m->inb[v];
            if (m->bestedge[bv] == -1 || ks < edge_slack(m, m->bestedge[bv]))
                m->bestedge[bv] = v * m->n + w;
        } else if (m->label[w] == 0) {
            if (m->bestedge[w] == -1 || ks < edge_slack(m, m->bestedge[w]))
                m->bestedge[w] = w * m->n + v;
        }
    }
    return 0;
}

/* No tight edge is left to follow: moves the duals by the largest step that keeps them
 * feasible, and makes that step's edge or blossom usable. 1 when the matching is maximum. */
static int dual_step(struct mm *m)
{
    int n = m->n, type = 1, edge = -1, blossom = -1;
    int64_t delta = m->dual[0];
    for (int v = 1; v < n; v++)
        if (m->dual[v] < delta)
            delta = m->dual[v];
    for (int v = 0; v < n; v++)
        if (m->label[m->inb[v]] == 0 && m->bestedge[v] != -1) {
            int64_t d = edge_slack(m, m->bestedge[v]);
            if (d < delta)
                delta = d, type = 2, edge = m->bestedge[v];
        }
    for (int b = 0; b < 2 * n; b++)
        if ((b < n || m->bbase[b] >= 0) && m->bparent[b] == -1 && m->label[b] == 1 &&
            m->bestedge[b] != -1) {
            int64_t d = edge_slack(m, m->bestedge[b]) / 2;
            if (d < delta)
                delta = d, type = 3, edge = m->bestedge[b];
        }
    for (int b = n; b < 2 * n; b++)
        if (m->bbase[b] >= 0 && m->bparent[b] == -1 && m->label[b] == 2 && m->dual[b] < delta)
            delta = m->dual[b], type = 4, blossom = b;
    for (int v = 0; v < n; v++) {
        int l = m->label[m->inb[v]];
        if (l == 1)
            m->dual[v] -= delta;
        else if (l == 2)
            m->dual[v] += delta;
    }
    for (int b = n; b < 2 * n; b++)
        if (m->bbase[b] >= 0 && m->bparent[b] == -1) {
            if (m->label[b] == 1)
                m->dual[b] += delta;
            else if (m->label[b] == 2)
                m->dual[b] -= delta;
        }
    if (type == 1)
        return 1;
    if (type == 2) {
        int i = edge / n, j = edge % n;
        m->queue[m->qlen++] = m->label[m->inb[i]] == 0 ? j : i;
    } else if (type == 3) {
        m->queue[m->qlen++] = edge / n;
    } else {
        expand_blossom(m, blossom, 0);
    }
    return 0;
}

/* One stage: grows trees from every free vertex until one augmentation. 0 when none is
 * possible any more. */
static int stage(struct mm *m)
{
    int n = m->n, free_left = 0;
    for (int b = 0; b < 2 * n; b++) {
        m->label[b] = 0;
        m->bestedge[b] = -1;
        if (b >= n) {
            free(m->bestlist[b]);
            m->bestlist[b] = NULL;
            m->nbest[b] = 0;
        }
    }
    m->qlen = 0;
    for (int v = 0; v < n; v++)
        if (m->mate[v] == -1 && m->label[m->inb[v]] == 0) {
            assign_label(m, v, 1, -1);
            free_left = 1;
        }
    if (!free_left)
        return 0;
    for (;;) {
        while (m->qlen > 0) {
            int v = m->queue[--m->qlen];
            if (scan_vertex(m, v)) {
                for (int b = n; b < 2 * n; b++)
                    if (m->bparent[b] == -1 && m->bbase[b] >= 0 && m->label[b] == 1 &&
                        m->dual[b] == 0)
                        expand_blossom(m, b, 1);
                return 1;
            }
        }
        if (dual_step(m))
            return 0;
    }
}

int64_t matching_max_spread(int n)
{
    int64_t half = n / 2 > 0 ? n / 2 : 1;
    return (((int64_t)1 << 61) - 1) / half;
}

static void mm_free(struct mm *m)
{
    for (int b = 0; b < 2 * m->n; b++) {
        if (m->childs)
            free(m->childs[b]);
        if (m->ex)
            free(m->ex[b]);
        if (m->ey)
            free(m->ey[b]);
        if (m->bestlist)
            free(m->bestlist[b]);
    }
    free(m->label), free(m->labfrom), free(m->labto), free(m->inb), free(m->bparent);
    free(m->bbase), free(m->childs), free(m->ex), free(m->ey), free(m->nchilds);
    free(m->bestedge), free(m->bestlist), free(m->nbest), free(m->dual), free(m->queue);
    free(m->freeb), free(m->scratch), free(m->scratch2), free(m->bestto), free(m->bestslack);
}

int matching_min_cost(int n, matching_cost_fn cost, void *ctx, int *mate)
{
    if (n < 2 || n % 2 || n > 46000)
        return -1;
    struct mm mm, *m = &mm;
    memset(m, 0, sizeof *m);
    m->n = n, m->cost = cost, m->ctx = ctx, m->mate = mate;
    if (setjmp(m->oom)) {
        mm_free(m);
        return -1;
    }
    size_t n2 = 2 * (size_t)n;
    m->label = mm_alloc(m, n2, sizeof(int));
    m->labfrom = mm_alloc(m, n2, sizeof(int));
    m->labto = mm_alloc(m, n2, sizeof(int));
    m->inb = mm_alloc(m, (size_t)n, sizeof(int));
    m->bparent = mm_alloc(m, n2, sizeof(int));
    m->bbase = mm_alloc(m, n2, sizeof(int));
    m->childs = mm_alloc(m, n2, sizeof(int *));
    m->ex = mm_alloc(m, n2, sizeof(int *));
    m->ey = mm_alloc(m, n2, sizeof(int *));
    m->nchilds = mm_alloc(m, n2, sizeof(int));
    m->bestedge = mm_alloc(m, n2, sizeof(int));
    m->bestlist = mm_alloc(m, n2, sizeof(int *));
    m->nbest = mm_alloc(m, n2, sizeof(int));
    m->dual = mm_alloc(m, n2, sizeof(int64_t));
    m->queue = mm_alloc(m, n2 + 2, sizeof(int));
    m->freeb = mm_alloc(m, (size_t)n, sizeof(int));
    m->scratch = mm_alloc(m, n2, sizeof(int));
    m->scratch2 = mm_alloc(m, n2, sizeof(int));
    m->bestto = mm_alloc(m, n2, sizeof(int));
    m->bestslack = mm_alloc(m, n2, sizeof(int64_t));

    int64_t cmin = INT64_MAX, cmax = INT64_MIN;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int64_t c = cost(ctx, i, j);
            if (c < cmin)
                cmin = c;
            if (c > cmax)
                cmax = c;
        }
    if (cmin < 0 || cmax - cmin > matching_max_spread(n)) {
        mm_free(m);
        return -1;
    }
    m->cmin = cmin;
    m->k = (int64_t)(n / 2) * (cmax - cmin) + 1;
    for (int b = 0; b < 2 * n; b++) {
        m->bparent[b] = -1;
        m->bbase[b] = b < n ? b : -1;
        m->labfrom[b] = m->labto[b] = -1;
        m->bestto[b] = -1;
        m->dual[b] = b < n ? m->k : 0;
    }
    for (int v = 0; v < n; v++) {
        m->inb[v] = v;
        mate[v] = -1;
        m->freeb[m->nfree++] = 2 * n - 1 - v;
    }
    /* A start: the least-cost edges are tight under the first duals, so pairing them
     * greedily in vertex order leaves only the vertices they cannot pair to the stages. */
    for (int i = 0; i < n; i++)
        for (int j = i + 1; mate[i] == -1 && j < n; j++)
            if (mate[j] == -1 && cost(ctx, i, j) == cmin)
                mate[i] = j, mate[j] = i;
    while (stage(m))
        ;
    mm_free(m);
    for (int v = 0; v < n; v++)
        if (mate[v] < 0)
            return -1;
    return 0;
}
