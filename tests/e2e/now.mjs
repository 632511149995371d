// The TD's desk at size (issue 32), on a tournament of its own: the "Now" view drives a
// dispute, an overdue match, a call and a claim by a second official; the board is
// filtered and searched; a live change redraws only its card. e2e.mjs runs it after the
// desk's part (E2E_ONLY=now runs only this).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { tdSession } from './td_session.mjs';

export async function nowPart(x) {
  const { browser, url, waitText, waitVisible, waitUntil, fail, log, watch, setStep, PASSWORD, dir, guideShot } = x;
  setStep('now: a knockout of eight, four matches called');
  const { tdCtx, td, H, call, fetchAs } = await tdSession(x, 'now td');
  const tour = await call('POST', '/tournaments', { name: 'Now Open', venue: 'Circolo', tables: ['1', '2', '3', '4'] });
  const T = `/tournaments/${tour.id}`;
  const names = ['Aldo Neri', 'Bice Rota', 'Carlo Sala', 'Dina Villa', 'Ezio Gallo', 'Fulvia Riva', 'Gino Conti', 'Lia Marchi'];
  const P = {};
  for (const n of names) P[n] = await call('POST', `${T}/players`, { name: n, country: 'ITA' });
  for (const n of names) await call('POST', `${T}/players/${P[n].id}/check-in`);
  const cup = await call('POST', `${T}/competitions`, { kind: 'knockout', name: 'Cup', knockout: { lengths: [3, 3, 3] } });
  for (const n of names) await call('POST', `${T}/competitions/${cup.id}/entries`, { player_id: P[n].id });
  await call('POST', `${T}/competitions/${cup.id}/knockout/draw`, { seed: '7' });
  await call('POST', `${T}/tables/assign`);
  const ms = (await call('GET', `${T}/matches`)).matches.filter((m) => m.state === 'called').sort((a, b) => a.table.localeCompare(b.table));
  if (ms.length !== 4) fail(`four matches called, not ${ms.length}`);
  const [md, mo, mc, mq] = ms; // disputed, overdue, calling, quiet
  const player = async (id) => {
    const p = Object.values(P).find((q) => q.id === id);
    const ctx = await browser.newContext();
    await fetchAs(ctx, 'POST', `${T}/players/${id}/login`, { pin: p.pin });
    return ctx;
  };
  const pa = await player(md.sides[0].player_id);
  const pb = await player(md.sides[1].player_id);
  const pc = await player(mc.sides[0].player_id);

  setStep('now: the desk is the first screen, live');
  await td.goto(url(`/td/?t=${tour.id}`));
  await waitVisible(td, '#now');
  await waitText(td, '#now-none', 'Nothing needs an official now');

  setStep('now: a dispute comes in');
  await fetchAs(pa, 'POST', `${T}/matches/${md.id}/report`, { score: { a: 3, b: 1 } });
  await fetchAs(pb, 'POST', `${T}/matches/${md.id}/report`, { score: { a: 0, b: 3 } });
  const card = (key) => `#now-list li[data-key="${key}"]`;
  await waitText(td, card(`dispute:${md.id}`), `Table ${md.table}: the reports differ`);
  await waitText(td, card(`dispute:${md.id}`), md.sides[0].name);
  await waitText(td, card(`dispute:${md.id}`), 'Cup');

  setStep('now: a match overdue (its call two hours ago) and a call from a table');
  execFileSync('sqlite3', ['-cmd', '.timeout 5000', join(dir, 'c.db'), `UPDATE match_states SET at_ms = at_ms - 7200000 WHERE match_id = ${mo.id}`]);
  await fetchAs(pc, 'POST', `${T}/matches/${mc.id}/calls`, { reason: 'clock', text: 'His clock runs' });
  await waitText(td, card(`overdue:${mo.id}`), /no result after \d+ min/);
  await waitText(td, `#now-list li[data-kind="call"]`, `Table ${mc.table} calls`);
  await waitText(td, `#now-list li[data-kind="call"]`, mc.sides[0].name);
  // oldest first: the overdue match (and its late players) before the dispute and the call
  const kinds = await td.$$eval('#now-list li', (li) => li.map((e) => e.dataset.kind));
  if (kinds.indexOf('overdue') > kinds.indexOf('dispute') || kinds.indexOf('dispute') > kinds.indexOf('call')) fail(`not oldest first: ${kinds}`);
  log(`now: ${kinds.join(', ')}`);

  setStep('now: a second official claims the dispute; the head TD sees it, only that card redrawn');
  await call('POST', '/officials', { name: 'Olga Ferri', role: 'td', password: 'olga password 1' });
  const oCtx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
  const olga = await oCtx.newPage();
  watch(olga, 'now olga');
  await olga.goto(url('/td/'));
  await waitVisible(olga, '#login');
  await olga.fill('#login-name', 'Olga Ferri');
  await olga.fill('#password', 'olga password 1');
  await olga.press('#password', 'Enter');
  await waitVisible(olga, '#t-create');
  await olga.goto(url(`/td/?t=${tour.id}#now`));
  await waitVisible(olga, `${card(`dispute:${md.id}`)} button.claim`);
  // every card of the head TD's desk marked: a redraw makes a new element without the mark
  await td.$$eval('#now-list li', (li) => li.forEach((e) => { e.dataset.mark = 'kept'; }));
  const before = await td.$$eval('#now-list li', (li) => li.length);
  await olga.click(`${card(`dispute:${md.id}`)} button.claim`);
  await waitText(td, card(`dispute:${md.id}`), 'Olga Ferri is on it');
  if (guideShot) await guideShot(await td.screenshot(), 'td-now.png');
  const marks = await td.$$eval('#now-list li', (li) => li.map((e) => [e.dataset.key, e.dataset.mark || 'new']));
  const redrawn = marks.filter(([, m]) => m === 'new').map(([k]) => k);
  if (redrawn.length !== 1 || redrawn[0] !== `dispute:${md.id}` || marks.length !== before) fail(`a claim redrew ${redrawn} (of ${marks.length})`);
  // the head TD is offered no "I'm on it" for Olga's; the server refuses theirs, naming her
  if (await td.locator(`${card(`dispute:${md.id}`)} button.claim`).count()) fail('the head TD may claim what Olga claimed');
  const r = await tdCtx.request.fetch(url(`/api/v1${T}/now/claims`), { method: 'POST', headers: H, data: { item: `dispute:${md.id}` } });
  if (r.status() !== 409 || !(await r.text()).includes('Olga Ferri')) fail(`a second claim: ${r.status()}`);
  await waitText(olga, `${card(`dispute:${md.id}`)} button.claim`, 'Give it up');

  setStep('now: the call taken in one click, the overdue match warned, the dispute opened');
  await td.click(`#now-list li[data-kind="call"] button.primary`);
  await waitUntil(td, () => !document.querySelector('#now-list li[data-kind="call"] button.primary'), null, 'the call taken');
  await td.click(`${card(`dispute:${md.id}`)} button.open`);
  await waitVisible(td, '#detail');
  await waitText(td, '#dt-h', md.sides[0].name);
  if (!(await td.evaluate(() => { const r = document.querySelector('#detail').getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; }))) fail('the match panel opened out of sight');

  setStep('now: the board filtered and searched');
  await td.click('#tabs a[href="#board"]');
  await waitVisible(td, '#b-search');
  await td.fill('#b-search', mq.sides[1].name.split(' ')[0]);
  await waitUntil(td, (id) => {
    const shown = [...document.querySelectorAll('#b-cols .mcard')].filter((b) => b.offsetParent);
    return shown.length === 1 && shown[0].dataset.matchId === String(id);
  }, mq.id, 'the search finds the one match');
  await td.fill('#b-search', '');
  await td.selectOption('#b-state', 'disputed');
  await waitUntil(td, (id) => {
    const shown = [...document.querySelectorAll('#b-cols .mcard')].filter((b) => b.offsetParent);
    return shown.length === 1 && shown[0].dataset.matchId === String(id);
  }, md.id, 'the state filter shows the disputed match');
  await td.selectOption('#b-state', '');
  await td.fill('#b-search', mc.table);
  await waitUntil(td, (id) => [...document.querySelectorAll('#b-cols .mcard')].filter((b) => b.offsetParent).some((b) => b.dataset.matchId === String(id)), mc.id, 'the search by table');
  await td.fill('#b-search', '');
  // showing the players reads the whole console again (the officials offered): wait for that
  // reading, or it lands after the board's cards are marked below and redraws them all
  const shown = await td.evaluate(() => Number(document.body.dataset.renders) || 0);
  await td.click('#tabs a[href="#players"]');
  await waitUntil(td, (n) => (Number(document.body.dataset.renders) || 0) > n, shown, 'the players pane read again');
  await td.fill('#p-search', 'fulvia');
  await waitUntil(td, () => { const r = [...document.querySelectorAll('#p-table tbody tr')]; return r.length === 1 && r[0].textContent.includes('Fulvia Riva'); }, null, 'the players searched by name');
  await td.fill('#p-search', '');
  await td.click('#tabs a[href="#board"]');

  setStep('now: a live change redraws only its card on the board');
  await waitUntil(td, () => document.querySelectorAll('#b-cols .mcard').length >= 4, null, 'the board drawn');
  await td.$$eval('#b-cols li', (li) => li.forEach((e) => { e.dataset.mark = 'kept'; }));
  const renders = await td.evaluate(() => Number(document.body.dataset.renders) || 0);
  const pq = await player(mq.sides[0].player_id);
  await fetchAs(pq, 'POST', `${T}/matches/${mq.id}/report`, { score: { a: 3, b: 0 } });
  await waitUntil(td, (id) => !!document.querySelector(`#b-cols .col-reported .mcard[data-match-id="${id}"]`), mq.id, 'the report on the board');
  const board = await td.$$eval('#b-cols li', (li) => li.map((e) => [e.firstChild.dataset.matchId, e.dataset.mark || 'new']));
  const fresh = board.filter(([, m]) => m === 'new').map(([id]) => id);
  if (fresh.length !== 1 || fresh[0] !== String(mq.id)) fail(`a report redrew the cards ${fresh}`);
  if ((await td.evaluate(() => Number(document.body.dataset.renders) || 0)) !== renders) fail('a report redrew the whole console');
  log('now: a report redrew its own card only');
  for (const c of [pa, pb, pc, pq, oCtx, tdCtx]) await c.close();
  log('now: the desk, its claims and the board passed');
}
