// The play-off for 3rd (PLACE-1) through the pages, on a tournament of its own: a knockout
// of four with the play-off, its semi-finals decided; the console's bracket draws the
// play-off beside the final with the semi-finals' losers, the venue display's bracket page
// under the final, and a loser's phone says that they play on, for 3rd. e2e.mjs runs it
// in the desk's part (E2E_ONLY=desk).
import { tdSession } from './td_session.mjs';

export async function playoffPart(x) {
  const { browser, url, waitText, waitVisible, log, watch, setStep } = x;
  setStep('play-off: a knockout of four with a play-off for 3rd, its semi-finals decided');
  const { td, call } = await tdSession(x, 'playoff td');
  const tour = await call('POST', '/tournaments', { name: 'Play-off Open' });
  const T = `/tournaments/${tour.id}`;
  const ps = [];
  for (const n of ['Aldo Neri', 'Bea Conti', 'Carlo Greco', 'Dina Gallo']) ps.push(await call('POST', `${T}/players`, { name: n }));
  const ko = await call('POST', `${T}/competitions`, { kind: 'knockout', name: 'Cup', knockout: { lengths: [1], third_place: true } });
  for (const p of ps) await call('POST', `${T}/competitions/${ko.id}/entries`, { player_id: p.id });
  const drawn = await call('POST', `${T}/competitions/${ko.id}/knockout/draw`, { seed: 'po' });
  const semis = drawn.rounds[0].matches;
  for (const m of semis) await call('POST', `${T}/matches/${m.match_id}/verify`, { score: { a: 1, b: 0 } });
  const losers = semis.map((m) => m.sides[1]);

  setStep('play-off: the console draws it beside the final');
  await td.goto(url(`/td/?t=${tour.id}#events`));
  const col = `article.event[data-event-id="${ko.id}"] .bracket .round.playoff`;
  await waitText(td, `${col} h3`, 'Play-off for 3rd');
  for (const l of losers) await waitText(td, col, l.name);
  log(`the console's bracket shows the play-off: ${losers.map((l) => l.name).join(' v ')}`);

  setStep('play-off: the venue display draws it under the final');
  const dctx = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const disp = await dctx.newPage();
  watch(disp, 'playoff display');
  await disp.goto(url(`/display/?t=${tour.id}&view=event-${ko.id}&rotate=0`));
  await waitText(disp, '.bplayoff', 'Play-off for 3rd');
  await waitText(disp, '.bplayoff', losers[0].name);
  await dctx.close();

  setStep('play-off: a semi-final loser\'s phone says they play on');
  const pin = (await call('GET', `${T}/players/${losers[0].player_id}/pin`)).pin;
  const ph = await (await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, locale: 'en-GB' })).newPage();
  watch(ph, 'playoff phone');
  await ph.goto(url(`/play/?t=${tour.id}&p=${losers[0].player_id}`));
  await waitVisible(ph, '#pin');
  await ph.fill('#pin', pin);
  await ph.click('#pin-form button[type=submit]');
  await waitText(ph, '#standing', `Cup: Play-off for 3rd: you play ${losers[1].name}`);
  await ph.context().close();
  log('the loser\'s phone names the play-off and the opponent');
}
