// The lists' part of the e2e test (issue 34, RAT-1), on a tournament of its own: a CSV file
// as a spreadsheet writes it (a byte order mark, `;`, CRLF, a decimal comma, accents)
// dropped on the console's players pane, previewed (its encoding named), one row that looks
// like a registered player merged, confirmed; matches played, one corrected; the console's
// ratings table and the phone's line agree with the API's ratings (the corrected match
// keeping its place first); a second registration merged from the console; the console's decided card and match panel and the phone's
// last result show the match's rating before, change and after; the exports (the players' with emails, the results' without).
// e2e.mjs runs it after the desk's part.
import { tdSession } from './td_session.mjs';
export async function ratingsPart(x) {
  const { browser, url, waitText, waitVisible, waitUntil, fail, log, watch, setStep, PASSWORD } = x;
  setStep('lists: the TD logs in and registers one player by hand');
  const { tdCtx: ctx, td, H, call } = await tdSession(x, 'lists td');
  const tour = await call('POST', '/tournaments', { name: 'Lists Open' });
  const T = `/tournaments/${tour.id}`;
  const already = await call('POST', `${T}/players`, { name: 'Marco Rossi', country: 'ITA' });

  setStep('lists: a CSV file dropped on the console is previewed, its encoding named');
  await td.goto(url(`/td/?t=${tour.id}#players`));
  await waitVisible(td, '#imp-file');
  const file = '\uFEFFNome;Paese;Rating;Esperienza;E-mail;Tessera\r\n'
    + 'Anna Müller;GER;1612,5;300;anna@example.org;00042\r\n'
    + 'José Pérez;ESP;1540;0;;00043\r\n'
    + 'MARCO ROSSI;ITA;1700;900;;00044\r\n'
    + 'Zoë Lee;GBR;;;;\r\n';
  await td.setInputFiles('#imp-file', { name: 'players.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });
  await waitText(td, '#imp-summary', /UTF-8 with BOM, delimiter “;”: 3 to add, 0 to update, 0 unchanged, 1 perhaps registered already/);
  setStep('lists: the row like Marco Rossi is merged, the file imported');
  await td.selectOption('select.imp-choice', 'same');
  await td.click('#imp-confirm');
  await waitText(td, '#imp-done', 'Imported: 3 added, 0 updated, 1 merged.');
  await waitUntil(td, () => document.querySelectorAll('#p-table tbody tr').length === 4, null, 'four players listed');
  const players = (await call('GET', `${T}/players`)).players;
  const id = (n) => { const p = players.find((q) => q.name === n); if (!p) fail(`${n} not imported`); return p.id; };
  if (id('MARCO ROSSI') !== already.id) fail('Marco Rossi was not merged into his registration');
  log('the CSV was imported through the console, one registration merged');

  setStep('lists: matches played, the first corrected; the ratings follow in first-decided order');
  const m1 = await call('POST', `${T}/matches`, { player_a: id('Anna Müller'), player_b: id('José Pérez'), length: 7 });
  await call('POST', `${T}/matches/${m1.id}/verify`, { score: { a: 7, b: 2 } });
  const m2 = await call('POST', `${T}/matches`, { player_a: id('José Pérez'), player_b: id('Zoë Lee'), length: 5 });
  await call('POST', `${T}/matches/${m2.id}/verify`, { score: { a: 5, b: 4 } });
  await call('POST', `${T}/matches/${m1.id}/correct`, { score: { a: 3, b: 7 }, reason: 'scoresheet' });
  const rt = await call('GET', `${T}/ratings`);
  if (rt.matches[0].match_id !== m1.id || rt.matches[1].match_id !== m2.id) fail(`the order after the correction: ${JSON.stringify(rt.matches)}`);
  const jose = rt.players.find((p) => p.player_id === id('José Pérez'));
  if (!(jose.change > 0)) fail(`José won both: ${JSON.stringify(jose)}`);
  const want = jose.rating.toFixed(2);
  await waitText(td, `#rat-table tr[data-player-id="${jose.player_id}"] .rat-after`, want);
  log(`the console shows José Pérez's rating ${want} after the correction`);

  setStep('lists: the console shows each decided match\'s rating before, change and after');
  // the second match (José won) computed again from José's rating after the corrected first
  const r2 = (await call('GET', `${T}/matches/${m2.id}`)).rating;
  const j2 = r2 && r2.rated && r2.sides.find((s) => s.player_id === jose.player_id);
  if (!j2 || Math.abs(j2.after - jose.rating) > 0.006) fail(`the second match's rating: ${JSON.stringify(r2)}`);
  const figs = `${j2.before.toFixed(2)} +${j2.change.toFixed(2)} → ${j2.after.toFixed(2)}`;
  await td.goto(url(`/td/?t=${tour.id}#board`));
  await waitText(td, `#b-cols .mcard[data-match-id="${m2.id}"] .rt`, `José Pérez ${figs}`);
  await td.click(`#b-cols .mcard[data-match-id="${m2.id}"]`);
  await waitText(td, '#dt-rating', `José Pérez ${figs}`);
  log(`the console's card and match panel show José's ${figs} for the second match`);

  setStep('lists: the phone shows the player\'s own rating');
  const pin = (await call('GET', `${T}/players/${jose.player_id}/pin`)).pin;
  const ph = await (await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, locale: 'en-GB' })).newPage();
  watch(ph, 'lists phone');
  await ph.goto(url(`/play/?t=${tour.id}&p=${jose.player_id}`));
  await waitVisible(ph, '#pin');
  await ph.fill('#pin', pin);
  await ph.click('#pin-form button[type=submit]');
  await waitText(ph, '#rating-line', `now ${want}`);
  // the phone's results: the corrected first match (decided last) shown for its result,
  // the second among the last results, each with the match's own change
  const r1 = (await call('GET', `${T}/matches/${m1.id}`)).rating.sides.find((s) => s.player_id === jose.player_id);
  await waitText(ph, '#match-rating', `Rating: ${r1.before.toFixed(2)} +${r1.change.toFixed(2)} → ${r1.after.toFixed(2)}`);
  await waitText(ph, '#last-result', `Rating: ${figs}`);
  log('the phone shows the rating before, change and after of each of José\'s results');
  await ph.context().close();

  setStep('lists: the exports (emails only in the TD\'s players list)');
  const get = async (path) => {
    const r = await ctx.request.fetch(url(`/api/v1${T}${path}`));
    if (!r.ok()) fail(`GET ${path}: ${r.status()}`);
    return r.body();
  };
  const pl = await get('/export/players.csv?sep=;');
  if (pl[0] !== 0xEF || pl[1] !== 0xBB || pl[2] !== 0xBF) fail('the players export has no byte order mark');
  const pls = pl.toString('utf8');
  if (!pls.includes('anna@example.org') || !pls.includes('00042') || !pls.includes('1612,5')) fail(`the players export: ${pls}`);
  const res = (await get('/export/results.csv')).toString('utf8');
  if (res.includes('@') || !res.includes(',played,')) fail(`the results export: ${res}`);
  const href = await td.getAttribute('#exp-ratings', 'href');
  if (!href.endsWith('/export/ratings.csv?sep=%2C')) fail(`the ratings link: ${href}`);
  log('the exports: players with emails for the TD, results with how each match ended');

  setStep('lists: a second registration of Zoë Lee merged into hers from the console');
  const zoe2 = await call('POST', `${T}/players`, { name: 'Zoe L.', club: 'Leeds' });
  await td.goto(url(`/td/?t=${tour.id}#players`));
  await waitUntil(td, () => document.querySelectorAll('#p-table tbody tr').length === 5, null, 'five players listed');
  await td.click(`#p-table tr[data-player-id="${id('Zoë Lee')}"] .edit-player`);
  await td.selectOption('#pe-merge', String(zoe2.id));
  td.once('dialog', (d) => d.accept());
  await td.click('#pe-merge-go');
  await waitUntil(td, () => document.querySelectorAll('#p-table tbody tr').length === 4, null, 'four players after the merge');
  const zoe = (await call('GET', `${T}/players/${id('Zoë Lee')}`));
  if (zoe.club !== 'Leeds') fail(`the merge kept the club: ${JSON.stringify(zoe)}`);
  await ctx.close();
  log('a second registration merged from the console');
}
