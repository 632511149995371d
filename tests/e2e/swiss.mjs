// The Swiss's part of the e2e test (issue 33), on a tournament of its own: the console
// creates a Swiss of four players and two rounds, pairs each round (the pairings shown
// with their tables), swaps two players with a reason (said in Italian on the Italian
// console), the phone says the round, the
// opponent, the table and the standing, the display pages the standings, and the Swiss
// ends with its placings. e2e.mjs runs it last (E2E_ONLY=swiss runs only this).
import { tdSession } from './td_session.mjs';
export async function swiss(x) {
  const { browser, url, waitText, waitVisible, waitUntil, fail, log, watch, setStep, PASSWORD } = x;
  setStep('swiss: the TD creates a Swiss on the console');
  const { tdCtx, td, H, call } = await tdSession(x, 'swiss td');
  const tour = await call('POST', '/tournaments', { name: 'Swiss Night', tables: ['1', '2'] });
  const T = `/tournaments/${tour.id}`;
  const P = {};
  for (const n of ['Ada Conti', 'Bruno Galli', 'Carla Neri', 'Dario Villa']) P[n] = await call('POST', `${T}/players`, { name: n });
  await td.goto(url(`/td/?t=${tour.id}#events`));
  await waitVisible(td, '#e-create');
  await td.selectOption('#ec-kind', 'swiss');
  await td.fill('#ec-name', 'Swiss');
  await td.fill('#ec-rounds', '2');
  await td.fill('#ec-lengths', '1');
  await td.click('#e-create button[type=submit]');
  let ev = null;
  await waitUntil(td, () => !!document.querySelector('article.event button.swiss-pair'), null, 'the Swiss card');
  ev = (await call('GET', `${T}/competitions`)).events.find((e) => e.name === 'Swiss');
  if (!ev || ev.kind !== 'swiss' || ev.swiss.rounds !== 2 || ev.swiss.length[0] !== 1) fail(`the Swiss created: ${JSON.stringify(ev)}`);
  for (const p of Object.values(P)) await call('POST', `${T}/competitions/${ev.id}/entries`, { player_id: p.id });
  const card = `article.event[data-event-id="${ev.id}"]`;

  setStep('swiss: round 1 paired on the console, tables given, two players swapped');
  await waitText(td, card, '4 entries');
  await td.fill(`#wseed-${ev.id}`, 'e2e');
  await td.click(`${card} button.swiss-pair`);
  await waitUntil(td, (c) => document.querySelectorAll(`${c} .swiss-pairings tbody tr`).length === 2, card, 'round 1: two pairings');
  let b = await call('GET', `${T}/competitions/${ev.id}/swiss`);
  const r1 = b.rounds[0];
  const [a, c] = [r1.pairings[0].players[0], r1.pairings[1].players[0]];
  await td.selectOption(`#swa-${ev.id}`, String(a));
  await td.selectOption(`#swb-${ev.id}`, String(c));
  await td.fill(`#swr-${ev.id}`, 'same club');
  await td.click(`${card} .swiss-swap button`);
  await waitText(td, `${card} .reasons`, /Swapped by hand: .* \(same club\)/);
  // the reasons in the page's language: the console switched to Italian and back
  await td.selectOption('#lang-select', 'it');
  await waitText(td, `${card} .reasons`, /Scambiati a mano: .* e .* hanno cambiato posto \(same club\)/);
  await td.selectOption('#lang-select', 'en');
  await waitText(td, `${card} .reasons`, /Swapped by hand: .* \(same club\)/);
  log('the pairing\'s reasons said in Italian on the Italian console');
  await call('POST', `${T}/tables/assign`);
  await waitUntil(td, (c2) => [...document.querySelectorAll(`${c2} .swiss-pairings tbody tr td:first-child`)].every((e) => /^[12]$/.test(e.textContent)), card, 'the tables on the pairings');

  setStep('swiss: the phone says the round, the opponent, the table and the standing');
  b = await call('GET', `${T}/competitions/${ev.id}/swiss`);
  const pr = b.rounds[0].pairings[0];
  const me = Object.values(P).find((p) => p.id === pr.players[0]);
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
  const ph = await ctx.newPage();
  watch(ph, 'swiss phone');
  await ph.goto(url(`/play/?t=${tour.id}&p=${me.id}`));
  await waitVisible(ph, '#pin');
  await ph.fill('#pin', me.pin);
  await ph.click('#pin-form button[type=submit]');
  await waitText(ph, '#swiss-line', new RegExp(`^Swiss: Round 1: you play ${pr.names[1]} at table ${pr.table}\\. You are \\d of 4, 0 wins and 0 losses\\.`));

  setStep('swiss: round 1 played, round 2 paired and played: the Swiss ends with its placings');
  const play = async () => {
    const bb = await call('GET', `${T}/competitions/${ev.id}/swiss`);
    for (const p of bb.rounds[bb.rounds.length - 1].pairings) await call('POST', `${T}/matches/${p.match_id}/verify`, { score: { a: 1, b: 0 } });
  };
  await play();
  await waitText(ph, '#swiss-line', /You are \d of 4, [01] wins? and [01] loss/);
  await waitUntil(td, (c2) => { const btn = document.querySelector(`${c2} button.swiss-pair`); return btn && !btn.disabled; }, card, 'the next round may be paired');
  await td.click(`${card} button.swiss-pair`);
  await waitText(td, `${card} .swiss-pairings caption`, 'Round 2: pairings');
  await play();
  await waitText(td, `${card} .swiss-standings`, 'Swiss: standings');
  await waitText(td, card, /Winner: /);
  b = await call('GET', `${T}/competitions/${ev.id}/swiss`);
  if (b.state !== 'finished' || b.placings.length !== 4 || b.placings[0].place !== 1 || b.placings[0].wins !== 2) fail(`the placings: ${JSON.stringify(b.placings)}`);
  const rows = await td.locator(`${card} .swiss-standings tbody tr`).allTextContents();
  if (rows.length !== 4 || !rows[0].startsWith(`1${b.placings[0].name}2`)) fail(`the standings shown: ${rows}`);

  setStep('swiss: the display pages the standings');
  const dctx = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const disp = await dctx.newPage();
  watch(disp, 'swiss display');
  await disp.goto(url(`/display/?t=${tour.id}&view=event-${ev.id}&rotate=0`));
  await waitText(disp, '#view', 'Swiss: standings');
  await waitUntil(disp, () => document.querySelectorAll('#view .swiss-standings tbody tr').length === 4, null, 'four rows of standings');
  log(`the Swiss ran through the pages to its placings: ${b.placings.map((p) => `${p.place} ${p.name}`).join(', ')}`);
  await dctx.close();
  await ctx.close();
  await tdCtx.close();
}
