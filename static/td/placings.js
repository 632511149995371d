// A knockout's placings from its bracket (GET …/knockout): the champion 1, the final's
// loser 2, the semi-finals' losers 3–4, a round of M matches' losers M+1–2M; a player still
// in has no place yet and says the round they play. Pure: no page, no request.

// ko: the bracket. Resolves to [{name, player_id, place: [lo, hi] | null, round}], placed
// first (best first), then the players still in (furthest first), each group by name.
export function placings(ko) {
  const R = ko.rounds_count || ko.rounds.length;
  const who = new Map(); // player id -> {name, place, round}
  const id = (s) => s.player_id || s.team_id;
  for (const r of ko.rounds) {
    const M = r.matches.length;
    for (const m of r.matches) {
      for (const [i, s] of m.sides.entries()) {
        if (!id(s)) continue;
        const p = who.get(id(s)) || { player_id: id(s), name: s.name, place: null, round: r.round };
        p.round = Math.max(p.round, r.round);
        const key = i ? 'b' : 'a';
        if (m.winner && m.winner !== key) p.place = r.round === R ? [2, 2] : [M + 1, 2 * M];
        if (m.winner === key && r.round === R) { p.place = [1, 1]; p.round = 0; }
        who.set(id(s), p);
      }
    }
  }
  const rank = (p) => (p.place ? p.place[0] : 1e9 - p.round);
  return [...who.values()].sort((x, y) => rank(x) - rank(y) || x.name.localeCompare(y.name));
}
