/* Minimum-cost perfect matching on a complete graph: Edmonds' blossom algorithm in its
 * primal-dual form with Galil's O(n^3) bookkeeping of least-slack edges (Z. Galil,
 * "Efficient algorithms for finding maximum matching in graphs", ACM Computing Surveys 18,
 * 1986). Exact, integer-only, deterministic: the same costs give the same matching. Pure:
 * no clock, no randomness; ties between equal-cost matchings fall to the vertex order, so a
 * caller that wants a lot draws the order (the Swiss pairing shuffles its players with the
 * round's seed before numbering them). */
#ifndef TOURNEY_MATCHING_H
#define TOURNEY_MATCHING_H

#include <stdint.h>

/* The cost of pairing vertex i with vertex j (i != j, symmetric, >= 0). */
typedef int64_t (*matching_cost_fn)(void *ctx, int i, int j);

/* The largest cost spread (most costly pair minus least costly) matching_min_cost takes for
 * n vertices: the algorithm maximises K - cost with K = (n/2) x spread + 1 (K above n/2
 * spreads makes every maximum-weight matching perfect), and its doubled dual values stay in
 * [0, 2K], so every slack it computes lies in [-4K, 4K]: K <= 2^61 keeps them in 63 bits. */
int64_t matching_max_spread(int n);

/* Pairs n vertices (n even, 2 <= n) at least total cost: mate[i] = the vertex paired with i.
 * 0, or -1 when memory fails or the cost spread is over matching_max_spread(n) (the caller's
 * limits keep it under: see docs/swiss.md). */
int matching_min_cost(int n, matching_cost_fn cost, void *ctx, int *mate);

#endif
