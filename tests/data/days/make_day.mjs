// Makes day.json, the day of matches tests/e2e/check_estimate.mjs replays: a Main knockout
// of 128 (lengths 7, 7, 9, 9, 11, 11, 13) and a Side knockout of 64 (5, 5, 7, 7, 9, 11) on
// 48 tables from 09:30. Not a recording of a real tournament (the server keeps no
// seconds-exact past of one we may publish): a day laid out by another model than the
// estimate's, so that the estimate is tried against what it does not assume. Each match
// is called 1-4 minutes after its table is free and its players are (the TD's reaction),
// lowest round first, the Main before the Side; it lasts its length times a pace of its
// own, 8 minutes a point (BGT's measure) spread log-normally (sigma 0.3), with one match in
// twenty going 60% longer (a slow pair, a dispute). Seeded: the same file each time.
//   node tests/data/days/make_day.mjs > tests/data/days/day.json
let seed = 20261127;
const rnd = () => { // mulberry32
  seed = (seed + 0x6D2B79F5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const normal = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
const MIN = 60000;
const start = Date.parse('2026-11-27T09:30:00Z');
const TABLES = 48;
const events = [
  { name: 'Main', size: 128, lengths: [7, 7, 9, 9, 11, 11, 13] },
  { name: 'Side', size: 64, lengths: [5, 5, 7, 7, 9, 11] },
];
const matches = [];
for (const [e, ev] of events.entries()) {
  for (let r = 1, n = ev.size / 2; n >= 1; r++, n /= 2) {
    for (let i = 0; i < n; i++) matches.push({ event: e, round: r, index: i, length: ev.lengths[r - 1], called: null, ended: null });
  }
}
const find = (e, r, i) => matches.find((m) => m.event === e && m.round === r && m.index === i);
const readyAt = (m) => (m.round === 1 ? start : Math.max(find(m.event, m.round - 1, 2 * m.index).ended ?? Infinity, find(m.event, m.round - 1, 2 * m.index + 1).ended ?? Infinity));
const free = Array(TABLES).fill(start);
for (;;) {
  const todo = matches.filter((m) => m.called === null && Number.isFinite(readyAt(m)));
  if (!todo.length) break;
  free.sort((x, y) => x - y);
  // the match that can be called first; the Main, then the lower round, first at a tie
  let best = null; let at = Infinity;
  for (const m of todo) {
    const t = Math.max(readyAt(m), free[0]);
    if (t < at || (t === at && (m.event < best.event || (m.event === best.event && m.round < best.round)))) { best = m; at = t; }
  }
  best.called = Math.round(at + (1 + 3 * rnd()) * MIN);
  const slow = rnd() < 0.05 ? 1.6 : 1;
  best.ended = Math.round(best.called + best.length * 8 * Math.exp(0.3 * normal()) * slow * MIN);
  free[0] = best.ended;
}
process.stdout.write(`${JSON.stringify({ tables: TABLES, events: events.map((e) => ({ name: e.name, lengths: e.lengths, size: e.size })), matches })}\n`);
