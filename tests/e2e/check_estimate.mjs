// The estimate of the day's end (static/js/estimate.js) replayed on a day of matches
// (tests/data/days/day.json, made by make_day.mjs): the matches as the API shows them at
// mid-day (those ended verified, those called in play, the rest waiting in their
// brackets), estimated then; the day's end and each event's must be within 15% of the
// time that was really left. Before enough matches have ended, the pace is the setting.
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const { estimate, pace, MIN_ENDED } = await import(pathToFileURL(join(here, '..', '..', 'static', 'js', 'estimate.js')).href);
const day = JSON.parse(readFileSync(join(here, '..', 'data', 'days', 'day.json'), 'utf8'));
const iso = (t) => new Date(t).toISOString();
let bad = 0;
const fail = (msg) => { console.error(`check_estimate: ${msg}`); bad++; };

// The tournament as the API shows it at time now.
function at(now) {
  const events = day.events.map((e, i) => ({ id: i + 1, name: e.name, kind: 'knockout' }));
  const matches = [];
  const boards = {};
  day.events.forEach((e, ei) => {
    const rounds = [];
    for (let r = 1; r <= e.lengths.length; r++) {
      const ms = day.matches.filter((m) => m.event === ei && m.round === r).sort((x, y) => x.index - y.index);
      rounds.push({ round: r, length: e.lengths[r - 1], matches: ms.map((m) => {
        const known = r === 1 || [2 * m.index, 2 * m.index + 1].every((i) => day.matches.find((x) => x.event === ei && x.round === r - 1 && x.index === i).ended <= now);
        if (!known) return { index: m.index, match_id: null, state: 'waiting', sides: [] };
        const id = matches.length + 1;
        const row = { id, event_id: ei + 1, length: m.length, label: { round: r }, times: {}, state: 'scheduled' };
        if (m.called <= now) { row.state = 'playing'; row.times.called = iso(m.called); }
        if (m.ended <= now) { row.state = 'verified'; row.ended = 'played'; row.times.verified = iso(m.ended); }
        row.updated_at = iso(Math.min(now, m.ended));
        matches.push(row);
        return { index: m.index, match_id: id, state: row.state === 'verified' ? 'done' : 'ready', sides: [] };
      }) });
    }
    boards[ei + 1] = { drawn: true, rounds_count: rounds.length, rounds };
  });
  return { events, matches, boards };
}

const first = Math.min(...day.matches.map((m) => m.called));
const end = Math.max(...day.matches.map((m) => m.ended));
const mid = first + (end - first) / 2;
const s = at(mid);
const est = estimate({ now: mid, tables: day.tables, setting: 8, ...s });
const within = (got, real, what) => {
  const err = Math.abs(got - real) / (real - mid);
  const line = `${what}: estimated ${iso(got)}, really ${iso(real)} (${(100 * err).toFixed(1)}% of the ${((real - mid) / 3600000).toFixed(1)} h left)`;
  if (!(err <= 0.15)) fail(line); else console.log(`check_estimate: ${line}`);
};
if (!est.pace.measured) fail(`at mid-day the pace is not measured (${est.pace.ended} matches ended)`);
within(est.end, end, 'the day');
day.events.forEach((e, i) => {
  const real = Math.max(...day.matches.filter((m) => m.event === i).map((m) => m.ended));
  within(est.events.find((x) => x.id === i + 1).end, real, e.name);
});
// the first round's end, of the Main, estimated at its first call: the setting's pace
const early = at(first + 60000);
const p = pace(early.matches, 8);
if (p.measured || p.minutes !== 8) fail(`with no match ended the pace is ${p.minutes} (measured ${p.measured}), not the setting's 8`);
if (MIN_ENDED < 2) fail('a pace measured on fewer than 2 matches');
if (bad) process.exitCode = 1;
