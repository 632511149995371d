// When each round and each event will end: the matches still to play laid out on the
// tournament's tables, each taking its length times the pace. The pace is the tournament's
// minutes per point (BGT measured about 8) until MIN_ENDED matches have been played out,
// then the pace measured on them (their minutes from the call to the result, over their
// points). Pure: no page, no request, no clock (the time is given), so a recorded day can
// be replayed (tests/e2e/check_estimate.mjs).

export const MIN_ENDED = 5;
const DECIDED = ['verified', 'forfeited', 'withdrawn'];
const OPEN = ['called', 'playing', 'reported', 'disputed'];
const MIN = 60000;

const ms = (iso) => (iso ? Date.parse(iso) : NaN);
// When a decided match was decided: the time of its deciding state, else its last change.
const endOf = (m) => {
  for (const s of DECIDED) if (m.times && m.times[s]) return ms(m.times[s]);
  return ms(m.updated_at);
};
const playedOut = (m) => DECIDED.includes(m.state) && (!m.ended || m.ended === 'played' || m.ended === 'conceded');

// The pace in minutes a point: {minutes, measured, ended} (ended: the matches it stands on).
export function pace(matches, setting = 8) {
  let mins = 0;
  let points = 0;
  let ended = 0;
  for (const m of matches) {
    const start = ms(m.times && m.times.called);
    const end = endOf(m);
    if (!playedOut(m) || !(m.length > 0) || !(end > start)) continue;
    mins += (end - start) / MIN;
    points += m.length;
    ended++;
  }
  return ended >= MIN_ENDED ? { minutes: mins / points, measured: true, ended } : { minutes: setting, measured: false, ended };
}

// The estimate. input: {now (ms), tables (how many; 0: as many as needed), setting (the
// minutes per point), matches (the API's list), events (the API's competitions), boards
// ({event id: its knockout reply})}. Resolves to {pace, end, events: [{id, name, end,
// rounds: [{round, end}]}]}, times in ms; an event with nothing left to play ends when its
// last match ended.
export function estimate({ now, tables = 0, setting = 8, matches, events, boards = {} }) {
  const p = pace(matches, setting);
  const byId = new Map(matches.map((m) => [m.id, m]));
  const dur = (L) => Math.max(1, L || 1) * p.minutes * MIN;
  // every match of the day as a node: its event and round, its length, when it ends (once
  // known) and what it waits for (the matches that feed it in a bracket)
  const nodes = [];
  const inBracket = new Set();
  for (const e of events) {
    const ko = e.kind === 'knockout' ? boards[e.id] : null;
    if (!ko || !ko.drawn) continue;
    const grid = ko.rounds.map((r) => r.matches.map((bm) => {
      const m = bm.match_id ? byId.get(bm.match_id) : null;
      if (m) inBracket.add(m.id);
      const n = { event: e.id, round: r.round, length: (m && m.length) || r.length, m, feeds: [], end: null };
      nodes.push(n);
      if (['done', 'walkover', 'empty'].includes(bm.state) && !(m && !DECIDED.includes(m.state))) n.end = m ? endOf(m) : -Infinity;
      return n;
    }));
    // round r's match j waits for round r-1's matches 2j and 2j+1
    for (let r = 1; r < grid.length; r++) grid[r].forEach((n, j) => { n.feeds = [grid[r - 1][2 * j], grid[r - 1][2 * j + 1]].filter(Boolean); });
  }
  // the other events' matches (a Swing round, a Davis Cup tie, a standalone match), each on its own
  for (const m of matches) {
    if (inBracket.has(m.id) || m.state === 'void') continue;
    nodes.push({ event: m.event_id || 0, round: (m.label && m.label.round) || 0, length: m.length, m, feeds: [], end: null });
  }
  // the tables: those taken by the matches in play, free when these end; the others free now
  const busy = [];
  for (const n of nodes) {
    if (n.end !== null) continue;
    const m = n.m;
    if (m && DECIDED.includes(m.state)) n.end = endOf(m);
    else if (m && OPEN.includes(m.state)) {
      const start = ms(m.times && m.times.called);
      // a match past its expected length still has a game or so to go
      n.end = Math.max(Number.isFinite(start) ? start + dur(n.length) : now, now + p.minutes * MIN);
      busy.push(n.end);
    }
  }
  const free = [...busy];
  if (tables > 0) for (let i = busy.length; i < tables; i++) free.push(now);
  // the rest, one at a time: of the matches whose feeders are laid out, the one ready
  // first (the earlier round first, then the first listed) starts on the first free table.
  // A match joins the heap when its last feeder is laid out (1,500 matches: a heap, not a
  // scan of all that are left at every step)
  const order = new Map(nodes.map((n, i) => [n, i]));
  const waits = new Map(); // a feeder -> the matches it feeds
  for (const n of nodes) for (const f of n.feeds) waits.set(f, [...(waits.get(f) || []), n]);
  const heap = [];
  const before = (a, b) => a.ready - b.ready || a.n.round - b.n.round || order.get(a.n) - order.get(b.n);
  const push = (n) => {
    const x = { n, ready: Math.max(now, ...n.feeds.map((f) => f.end)) };
    let i = heap.push(x) - 1;
    while (i > 0 && before(heap[i], heap[(i - 1) >> 1]) < 0) { [heap[i], heap[(i - 1) >> 1]] = [heap[(i - 1) >> 1], heap[i]]; i = (i - 1) >> 1; }
  };
  const pop = () => {
    const top = heap[0];
    const last = heap.pop();
    if (heap.length) {
      heap[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const m = l + 1 < heap.length && before(heap[l + 1], heap[l]) < 0 ? l + 1 : l;
        if (l >= heap.length || before(heap[m], heap[i]) >= 0) break;
        [heap[i], heap[m]] = [heap[m], heap[i]];
        i = m;
      }
    }
    return top;
  };
  const ready = (n) => n.end === null && n.feeds.every((f) => f.end !== null);
  for (const n of nodes) if (ready(n)) push(n);
  free.sort((x, y) => x - y);
  while (heap.length) {
    const { n: best, ready: bestReady } = pop();
    let start = bestReady;
    if (tables > 0) { // free stays sorted: the first table taken, put back where it now ends
      start = Math.max(bestReady, free.shift());
      const end = start + dur(best.length);
      let i = 0;
      while (i < free.length && free[i] < end) i++;
      free.splice(i, 0, end);
    }
    best.end = start + dur(best.length);
    for (const d of waits.get(best) || []) if (ready(d)) push(d);
  }
  const out = [];
  for (const e of events) {
    const mine = nodes.filter((n) => n.event === e.id && Number.isFinite(n.end));
    if (!mine.length) continue;
    const rounds = new Map();
    for (const n of mine) rounds.set(n.round, Math.max(rounds.get(n.round) ?? -Infinity, n.end));
    out.push({ id: e.id, name: e.name, end: Math.max(...mine.map((n) => n.end)),
      rounds: [...rounds.entries()].sort((x, y) => x[0] - y[0]).map(([round, end]) => ({ round, end })) });
  }
  const all = nodes.filter((n) => Number.isFinite(n.end)).map((n) => n.end);
  return { pace: p, end: all.length ? Math.max(...all) : null, events: out };
}
