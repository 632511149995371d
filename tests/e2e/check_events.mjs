// The pages hear an event type only if static/js/live.js lists it (EventSource delivers
// named events to their own listeners): every type the server emits must be listed.
// The server's types are the "area.action" strings of server/api/*.c.
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const live = readFileSync(join(root, 'static/js/live.js'), 'utf8');
const listed = new Set([...live.match(/const TYPES = \[([\s\S]*?)\];/)[1].matchAll(/'([^']+)'/g)].map((m) => m[1]));
const api = join(root, 'server/api');
const emitted = new Set();
for (const f of readdirSync(api).filter((n) => n.endsWith('.c'))) {
  const src = readFileSync(join(api, f), 'utf8');
  for (const m of src.matchAll(/"((?:match|knockout|event|tournament|player|davis|swing|bracket)\.[a-z_]+)"/g)) emitted.add(m[1]);
}
for (const t of ['clock', 'lateness', 'penalty']) emitted.add(t);
// a Swiss's (server/ops/swiss/): its rounds, swaps, entrants, and its end (op_event_mark_finished)
for (const f of readdirSync(join(root, 'server/ops/swiss')).filter((n) => n.endsWith('.c'))) {
  const src = readFileSync(join(root, 'server/ops/swiss', f), 'utf8');
  for (const m of src.matchAll(/"(swiss\.[a-z_]+)"/g)) emitted.add(m[1]);
}
for (const t of ['swiss.finished', 'swiss.reopened']) emitted.add(t);
// what happens at a table (server/ops/calls.c, observers.c, rulings.c)
for (const t of ['call.opened', 'call.taken', 'call.closed', 'match.warned', 'observer.appointed',
  'observer.removed', 'ruling.recorded']) emitted.add(t);
// a CSV import's one entry (server/ops/people/import.c)
emitted.add('players.import');
// two registrations merged (server/ops/people/merge.c); the rating list's settings changed
emitted.add('player.merge');
emitted.add('ratings.settings');
// written to the audit log only, never sent on the stream
for (const t of ['player.login', 'player.logout', 'player.pin_read']) emitted.delete(t);
const missing = [...emitted].filter((t) => !listed.has(t)).sort();
if (missing.length) {
  console.error(`check_events: the pages do not listen to: ${missing.join(', ')} (add them to static/js/live.js)`);
  process.exit(1);
}
console.log(`check_events: the pages listen to all ${emitted.size} event types the server emits`);
