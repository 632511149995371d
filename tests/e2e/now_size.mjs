// The TD's desk at size, what the first part (now.mjs) left (issue 32 item 2): the board
// filtered by table (one, or a range), the calls' card naming the players, the event and
// the round, the events' page paged and searched, and an event's long lists (a bracket's
// round of 64) and the players' ratings cut to a page with "All N"; a player's check-in
// applied to their row alone. e2e.mjs runs it after the desk's part (E2E_ONLY=now runs it
// too).
import { tdSession } from './td_session.mjs';
export async function nowSizePart(x) {
  const { browser, url, waitText, waitVisible, waitUntil, fail, log, watch, setStep, PASSWORD } = x;
  setStep('now size: a knockout of 120 and eleven more events, its first round called');
  const { tdCtx, td, H, call, fetchAs } = await tdSession(x, 'now size td');
  const tables = Array.from({ length: 60 }, (_, i) => String(i + 1));
  const tour = await call('POST', '/tournaments', { name: 'Now Size', venue: 'Salone', tables });
  const T = `/tournaments/${tour.id}`;
  // four at a time: the setup is not what is tested
  const many = async (n, f) => { let i = 0; await Promise.all(Array.from({ length: 4 }, async () => { while (i < n) { const k = i++; await f(k); } })); };
  const P = new Array(120);
  await many(120, async (i) => { P[i] = await call('POST', `${T}/players`, { name: `Giocatore ${String(i + 1).padStart(3, '0')}`, country: 'ITA' }); });
  const main = await call('POST', `${T}/competitions`, { kind: 'knockout', name: 'Main', knockout: { lengths: [3, 3, 3, 3, 3, 3, 5] } });
  await many(120, async (i) => { await call('POST', `${T}/competitions/${main.id}/entries`, { player_id: P[i].id }); });
  await call('POST', `${T}/competitions/${main.id}/knockout/draw`, { seed: '5' });
  for (let i = 1; i <= 11; i++) await call('POST', `${T}/competitions`, { kind: 'knockout', name: `Side ${String(i).padStart(2, '0')}` });
  await call('POST', `${T}/tables/assign`);
  const called = (await call('GET', `${T}/matches`)).matches.filter((m) => m.state === 'called');
  if (called.length < 40) fail(`only ${called.length} matches called`);

  setStep('now size: the board filtered by table, one and a range');
  await td.goto(url(`/td/?t=${tour.id}#board`));
  await waitVisible(td, '#b-table');
  const shownTables = () => td.$$eval('#b-cols .mcard', (bs) => bs.filter((b) => b.offsetParent).map((b) => b.closest('.col').classList[1] + ':' + b.querySelector('.tb').textContent));
  await waitUntil(td, () => document.querySelectorAll('#b-cols .mcard').length >= 40, null, 'the board drawn');
  await td.fill('#b-table', '10-12');
  await waitUntil(td, () => [...document.querySelectorAll('#b-cols .mcard')].filter((b) => b.offsetParent).length === 3, null, 'tables 10 to 12');
  const ranged = await shownTables();
  for (const n of ['10', '11', '12']) if (!ranged.some((s) => s === `col-called:Table ${n}`)) fail(`tables 10-12 show ${ranged}`);
  await td.fill('#b-table', '7, 40-41');
  await waitUntil(td, () => [...document.querySelectorAll('#b-cols .mcard')].filter((b) => b.offsetParent).length === 3, null, 'table 7 and 40 to 41');
  await td.fill('#b-table', '7');
  await waitUntil(td, () => [...document.querySelectorAll('#b-cols .mcard')].filter((b) => b.offsetParent).length === 1, null, 'table 7 alone');
  // a live change keeps the filter: a match of another table does not come into view
  const m7 = called.find((m) => m.table === '7');
  const m8 = called.find((m) => m.table === '8');
  await call('POST', `${T}/matches/${m8.id}/verify`, { score: { a: 3, b: 0 } });
  await call('POST', `${T}/matches/${m7.id}/verify`, { score: { a: 0, b: 3 } });
  await waitUntil(td, (id) => !!document.querySelector(`#b-cols .col-verified .mcard[data-match-id="${id}"]`), m7.id, 'table 7 verified');
  const after = await shownTables();
  if (after.length !== 1 || after[0] !== 'col-verified:Table 7') fail(`table 7 filtered, after two results: ${after}`);
  await td.fill('#b-table', '');
  log('now size: the board filtered by table');

  setStep('now size: the calls card names the players, the event and the round');
  const m9 = called.find((m) => m.table === '9');
  const pid = m9.sides[0].player_id;
  const pl = P.find((p) => p.id === pid);
  const phone = await browser.newContext();
  await fetchAs(phone, 'POST', `${T}/players/${pid}/login`, { pin: pl.pin });
  await fetchAs(phone, 'POST', `${T}/matches/${m9.id}/calls`, { reason: 'equipment', text: 'No dice cup' });
  const li = `#calls-list li[data-call]`;
  await waitText(td, li, 'Table 9');
  await waitText(td, li, m9.sides[0].name);
  await waitText(td, li, m9.sides[1].name);
  await waitText(td, li, 'Main · Round 1');
  await phone.close();

  setStep('now size: the events page paged and searched, a long list cut to a page');
  await td.click('#tabs a[href="#events"]');
  await waitUntil(td, () => document.querySelectorAll('#e-list article.event').length === 10, null, 'ten events of twelve');
  await waitText(td, '#e-more', 'All 12');
  await td.fill('#e-search', 'side 11');
  await waitUntil(td, () => { const a = [...document.querySelectorAll('#e-list article.event')]; return a.length === 1 && a[0].textContent.includes('Side 11'); }, null, 'the search finds Side 11');
  // a player's name finds the events they entered
  await td.fill('#e-search', 'Giocatore 077');
  await waitUntil(td, () => { const a = [...document.querySelectorAll('#e-list article.event')]; return a.length === 1 && a[0].textContent.includes('Main'); }, null, 'a player finds their event');
  await td.fill('#e-search', '');
  await td.click('#e-more');
  await waitUntil(td, () => document.querySelectorAll('#e-list article.event').length === 12, null, 'all twelve');
  // the bracket's first round: 64 matches, 50 of them in the page until "All 64"
  const card = `#e-list article.event[data-event-id="${main.id}"]`;
  const firstRound = `${card} .bracket .round:first-child ol.matches > li`;
  await waitUntil(td, (sel) => document.querySelectorAll(sel).length === 50, firstRound, 'the first round cut to 50');
  await waitText(td, `${card} .bracket .round:first-child button.all`, 'All 64');
  // a live change leaves it cut; "All 64" shows the rest and stays so through live changes
  await td.click(`${card} .bracket .round:first-child button.all`);
  await waitUntil(td, (sel) => document.querySelectorAll(sel).length === 64, firstRound, 'the first round whole');
  const renders = await td.evaluate(() => Number(document.body.dataset.renders) || 0);
  const m10 = called.find((m) => m.table === '10');
  await call('POST', `${T}/matches/${m10.id}/verify`, { score: { a: 3, b: 1 } });
  await waitUntil(td, (n) => (Number(document.body.dataset.renders) || 0) > n, renders, 'a live change');
  await waitUntil(td, (sel) => document.querySelectorAll(sel).length === 64, firstRound, 'the first round still whole');
  log('now size: events paged and searched, a long list cut to a page');

  setStep('now size: the ratings of 120 players cut to a page');
  // the head TD's Players tab reads everything again (the officials offered): that whole
  // redraw is awaited, or it could come after the rows are marked below
  const read = await td.evaluate(() => Number(document.body.dataset.renders) || 0);
  await td.click('#tabs a[href="#players"]');
  await waitUntil(td, (n) => (Number(document.body.dataset.renders) || 0) > n, read, 'the players read again');
  await waitText(td, '#rat-table + button.all', /^All 1\d\d$/);
  const rows = await td.$$eval('#rat-table tbody tr', (r) => r.length);
  if (rows !== 50) fail(`the ratings show ${rows} rows, not 50`);

  setStep('now size: a player checked in redraws their row alone');
  await td.$$eval('#p-table tbody tr', (tr) => tr.forEach((e) => { e.dataset.mark = 'kept'; }));
  const before = await td.evaluate(() => Number(document.body.dataset.renders) || 0);
  await call('POST', `${T}/players/${P[0].id}/check-in`);
  await waitText(td, `#p-table tbody tr[data-player-id="${P[0].id}"] .status`, 'checked in at');
  await waitText(td, '#p-counts', '1 checked in');
  const fresh = await td.$$eval('#p-table tbody tr', (tr) => tr.filter((e) => e.dataset.mark !== 'kept').map((e) => e.dataset.playerId));
  if (fresh.length !== 1 || fresh[0] !== String(P[0].id)) fail(`a check-in redrew the rows ${fresh}`);
  if ((await td.evaluate(() => Number(document.body.dataset.renders) || 0)) !== before) fail('a check-in redrew the whole console');
  await tdCtx.close();
}
