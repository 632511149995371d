// The desk's part of the e2e test (issue 35), on a tournament of its own: the phone's way
// in without a link (today's tournaments, then the names, alphabetical and searchable),
// its lines naming their events, every open match at once, the final-score form, no
// empty card; the console's draw that names the entrants not checked in, a match's ending
// labelled, a player's record edited. e2e.mjs runs it (E2E_ONLY=desk runs only this).
import { sheetsPart } from './sheets.mjs';
import { tdSession } from './td_session.mjs';

export async function desk(x) {
  const { browser, url, waitText, waitVisible, waitUntil, fail, log, watch, setStep, PASSWORD } = x;
  setStep('desk: the TD logs in and builds a tournament of two events');
  const { tdCtx, td, H, call } = await tdSession(x, 'desk td');
  const tour = await call('POST', '/tournaments', { name: 'Desk Open', venue: 'Circolo', tables: ['1', '2', '3', '4'] });
  const T = `/tournaments/${tour.id}`;
  const P = {};
  for (const n of ['Zoe Amato', 'Elena Bianchi', 'Ugo Ferri', 'Ida Russo']) P[n] = await call('POST', `${T}/players`, { name: n, country: 'ITA' });
  // Ida Russo is entered but not checked in: the draw asks first and names her
  for (const n of ['Zoe Amato', 'Elena Bianchi', 'Ugo Ferri']) await call('POST', `${T}/players/${P[n].id}/check-in`);
  const side = await call('POST', `${T}/competitions`, { kind: 'knockout', name: 'Side', knockout: { lengths: [3] } });
  for (const n of ['Zoe Amato', 'Elena Bianchi']) await call('POST', `${T}/competitions/${side.id}/entries`, { player_id: P[n].id });
  await call('POST', `${T}/competitions/${side.id}/knockout/draw`, { seed: '1' });
  const main = await call('POST', `${T}/competitions`, { kind: 'knockout', name: 'Main', knockout: { lengths: [3] } });
  for (const p of Object.values(P)) await call('POST', `${T}/competitions/${main.id}/entries`, { player_id: p.id });

  setStep('desk: the draw names the entrant not checked in and asks first');
  await td.goto(url(`/td/?t=${tour.id}#events`));
  const card = `article.event[data-event-id="${main.id}"]`;
  await waitVisible(td, `${card} button.draw`);
  let asked = null;
  td.once('dialog', (d) => { asked = d.message(); d.accept(); });
  await td.click(`${card} button.draw`);
  await waitVisible(td, `${card} .bracket`);
  if (!asked || !asked.includes('Ida Russo') || /Zoe Amato|Elena|Ugo/.test(asked)) fail(`the draw asked: ${asked}`);
  log(`the draw asked first: ${asked}`);
  await call('POST', `${T}/tables/assign`);

  setStep('desk: the estimate of the day\'s end, on the console and on the display');
  await waitText(td, '#eta-list', /Main: Semi-finals about \d\d:\d\d.*, Final about \d\d:\d\d.*; the event ends about \d\d:\d\d/);
  await waitText(td, '#eta-list', /Side: Final about/);
  await waitText(td, '#eta-pace', 'At 8 minutes a point, the setting');
  await call('PATCH', T, { minutes_per_point: 6 });
  await waitText(td, '#eta-pace', 'At 6 minutes a point, the setting');
  await td.click('#tabs a[href="#settings"]');
  if ((await td.inputValue('#s-mpp')) !== '6') fail('the settings do not show 6 minutes a point');
  const dctx = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const disp = await dctx.newPage();
  watch(disp, 'desk display');
  await disp.goto(url(`/display/?t=${tour.id}&view=live&rotate=0`));
  await waitText(disp, '#eta', /^Ends about: .*Main \d\d:\d\d/);
  await dctx.close();

  setStep('desk: a phone without a link finds the tournament, then the name');
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
  const ph = await ctx.newPage();
  watch(ph, 'desk phone');
  await ph.goto(url('/play/'));
  await waitVisible(ph, '#pick-t-list a');
  await ph.click('#pick-t-list a:text-is("Desk Open")');
  await waitVisible(ph, '#pick-list a');
  const listed = await ph.locator('#pick-list a').allTextContents();
  const want = ['Elena Bianchi', 'Ida Russo', 'Ugo Ferri', 'Zoe Amato'];
  if (JSON.stringify(listed) !== JSON.stringify(want)) fail(`the names: ${listed}`);
  await ph.fill('#pick-search', 'zo');
  await waitUntil(ph, () => document.querySelectorAll('#pick-list a').length === 1, null, 'the search leaving one name');
  await ph.click('#pick-list a:text-is("Zoe Amato")');
  await waitVisible(ph, '#pin');
  await ph.fill('#pin', P['Zoe Amato'].pin);
  await ph.click('#pin-form button[type=submit]');
  await waitVisible(ph, '#match-box');

  setStep('desk: the phone shows every open match and a line per event, each naming it');
  await waitUntil(ph, () => document.querySelectorAll('#open-list button.open-match').length === 2, null, 'two open matches listed');
  const opens = await ph.locator('#open-list button.open-match').allTextContents();
  if (!opens.some((s) => s.startsWith('Main')) || !opens.some((s) => s.startsWith('Side'))) fail(`the open matches: ${opens}`);
  await waitText(ph, '#standing', /^Side: Round 1: you play Elena Bianchi/m);
  await waitText(ph, '#standing', /^Main: Round 1: you play /m);

  setStep('desk: the Side match reported by its final score');
  await ph.click('#open-list button.open-match:has-text("Side")');
  await waitText(ph, '#m-label', 'Side');
  await waitVisible(ph, '#game-form');
  await waitVisible(ph, '#score-form');
  await ph.fill('#s-me', '1');
  await ph.fill('#s-opp', '3');
  await ph.click('#score-form button[type=submit]');
  await waitText(ph, '#waiting-text', 'You reported 1–3');
  const sideMatch = (await call('GET', `${T}/matches?player=${P['Zoe Amato'].id}`)).matches.find((m) => m.event_id === side.id);
  const reps = await call('GET', `${T}/matches/${sideMatch.id}/reports`);
  const mine = reps.reports[sideMatch.sides[0].player_id === P['Zoe Amato'].id ? 'a' : 'b'];
  await call('POST', `${T}/matches/${sideMatch.id}/verify`, { report_id: mine.id });
  await waitText(ph, '#last-result', 'Side · Final: You lost your last match against Elena Bianchi, 1–3.');
  await waitUntil(ph, () => document.querySelector('#open-box').hidden, null, 'one open match left: no list');
  await waitText(ph, '#m-label', 'Main');
  await waitText(ph, '#standing', 'Side: You lost in round 1.');

  setStep('desk: a forfeit is labelled as a ruling; no empty card is left on the phone');
  const mainMatch = (await call('GET', `${T}/matches?player=${P['Zoe Amato'].id}`)).matches.find((m) => m.event_id === main.id);
  const zoe = mainMatch.sides.find((s) => s.player_id === P['Zoe Amato'].id).side;
  await call('POST', `${T}/matches/${mainMatch.id}/forfeit`, { winner: zoe === 'a' ? 'b' : 'a', reason: 'did not come back' });
  await waitText(ph, '#waiting-text', 'awarded the match to your opponent');
  await waitUntil(ph, () => document.querySelector('#table-card').hidden, null, 'the empty "Call a TD" card gone');
  await waitText(ph, '#last-result', 'Side · Final: You lost');
  await td.goto(url(`/td/?t=${tour.id}#board`));
  await waitText(td, `button.mcard[data-match-id="${mainMatch.id}"] .sc`, '(by a ruling)');
  await waitText(td, `${card} .bracket`, 'by a ruling');

  setStep('desk: the TD edits a player: name, country, club, federation id, rating');
  await td.click('#tabs a[href="#players"]');
  await td.click('button.edit-player[aria-label="Edit Ida Russo"]');
  await waitVisible(td, '#p-edit');
  await td.fill('#pe-name', 'Ida Russo-Valli');
  await td.fill('#pe-country', 'SMR');
  await td.fill('#pe-club', 'BG Napoli');
  await td.fill('#pe-federation_id', 'FIBG-9');
  await td.fill('#pe-rating', '1650');
  await td.click('#pe-save');
  await waitText(td, '#p-table tbody', 'Ida Russo-Valli');
  await waitText(td, '#p-table tbody tr:has(th:text-is("Ida Russo-Valli"))', 'SMR · BG Napoli');
  const ida = await call('GET', `${T}/players/${P['Ida Russo'].id}`);
  if (ida.club !== 'BG Napoli' || ida.federation_id !== 'FIBG-9' || ida.rating !== 1650 || ida.country !== 'SMR') fail(`the edited player: ${JSON.stringify(ida)}`);
  // a refusal stays in the dialog, which stays open
  await td.click('button.edit-player[aria-label="Edit Ida Russo-Valli"]');
  await td.fill('#pe-name', '');
  await td.fill('#pe-name', 'Zoe Amato');
  await td.fill('#pe-country', 'ITA');
  await td.click('#pe-save');
  await waitVisible(td, '#pe-alert');
  if (!(await td.locator('#p-edit').isVisible())) fail('a refused edit closed the dialog');
  await td.click('#pe-cancel');
  log('the phone named its lines, listed its open matches, took a final score; the desk edited a player');
  await ctx.close();
  await sheetsPart({ ...x, call, tdCtx });
  await tdCtx.close();
}
