// The entries' and the report's part of the e2e test (issue 31 items 3, 4: GOV-4, GOV-8),
// on a tournament of its own: the TD turns approval on in the console's Entries page,
// approves one pending entry from the desk (the Now view lists the entries waiting) and
// one from the Entries page, refuses another with a reason the refused player's phone
// never shows, moves a player up between two flights; then the report to the federation of
// every tournament of the run (the main scenario's too) is downloaded from the console's
// links as JSON and as CSV, its results agree with each knockout's bracket, its placings
// with each event's (PLACE-1, PLACE-2) and its ratings with the tournament's (RAT-1).
// e2e.mjs runs it last (E2E_ONLY=entries runs only this).
import { inflateRawSync } from 'node:zlib';
import { tdSession } from './td_session.mjs';

const REASON = 'Suspended by the federation until June';

// The members of a zip (its local headers read in order), each inflated: {name: Buffer}.
function unzip(buf) {
  const out = {};
  let p = 0;
  while (p + 30 <= buf.length && buf.readUInt32LE(p) === 0x04034b50) {
    const csize = buf.readUInt32LE(p + 18), fl = buf.readUInt16LE(p + 26), xl = buf.readUInt16LE(p + 28);
    const name = buf.toString('utf8', p + 30, p + 30 + fl);
    const data = buf.subarray(p + 30 + fl + xl, p + 30 + fl + xl + csize);
    out[name] = buf.readUInt16LE(p + 8) === 8 ? inflateRawSync(data) : data;
    p += 30 + fl + xl + csize;
  }
  return out;
}

export async function entries(x) {
  const { browser, url, waitText, waitVisible, waitUntil, fail, log, watch, setStep, PASSWORD } = x;
  setStep('entries: the TD turns approval on; two players wait for it');
  const { tdCtx, td, H, call } = await tdSession(x, 'entries td');
  const tour = await call('POST', '/tournaments', { name: 'Entries Open', venue: 'Circolo' });
  const T = `/tournaments/${tour.id}`;
  await td.goto(url(`/td/?t=${tour.id}#entries`));
  await waitVisible(td, '#en-approval');
  await td.check('#en-approval');
  for (let i = 0; i < 100 && !(await call('GET', T)).entries_need_approval; i++) await td.waitForTimeout(50);
  if (!(await call('GET', T)).entries_need_approval) fail('the checkbox did not turn approval on');
  const P = {};
  for (const n of ['Nora Galli', 'Piero Sala', 'Rita Conti']) P[n] = await call('POST', `${T}/players`, { name: n, country: 'ITA' });
  if (P['Nora Galli'].entry !== 'pending') fail(`a player registered under approval: ${P['Nora Galli'].entry}`);

  setStep('entries: the desk (Now) lists the entries waiting; one approved from there');
  await td.click('#tabs a[href="#now"]');
  await waitText(td, '#now-list', 'Rita Conti waits for your approval');
  await td.click(`#now-list li[data-key="entry:${P['Rita Conti'].id}"] button.primary`);
  await waitUntil(td, () => !document.querySelector('#now-list').textContent.includes('Rita Conti'), null, 'approved from the desk');

  setStep('entries: the console approves one and refuses another, with a reason');
  await td.click('#tabs a[href="#entries"]');
  await waitText(td, '#en-pending tbody', 'Piero Sala');
  await td.click('button[aria-label="Approve the entry of Nora Galli"]');
  await waitUntil(td, () => !document.querySelector('#en-pending tbody').textContent.includes('Rita Conti'), null, 'two approved');
  await td.fill(`#en-reason-${P['Piero Sala'].id}`, REASON);
  await td.click('button[aria-label="Refuse the entry of Piero Sala"]');
  await waitText(td, '#en-decisions tbody', REASON);
  await waitVisible(td, '#en-pending-none');

  setStep('entries: the refused player\'s phone never shows the reason');
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB', isMobile: true });
  const ph = await ctx.newPage();
  watch(ph, 'entries phone');
  await ph.goto(url(`/play/?t=${tour.id}`));
  await waitVisible(ph, '#pick-list a');
  await ph.click('#pick-list a:text-is("Piero Sala")');
  await waitVisible(ph, '#pin');
  await ph.fill('#pin', P['Piero Sala'].pin);
  await ph.click('#pin-form button[type=submit]');
  await waitVisible(ph, '#me');
  await waitVisible(ph, '#no-match');
  if ((await ph.content()).includes(REASON)) fail('the refused player\'s phone shows the TD\'s reason');
  await ctx.close();

  setStep('entries: a player moved up from the Intermediate to the Championship');
  const inter = await call('POST', `${T}/competitions`, { kind: 'knockout', name: 'Intermediate', knockout: { flight: 'intermediate', lengths: [3] } });
  const champ = await call('POST', `${T}/competitions`, { kind: 'knockout', name: 'Championship', knockout: { flight: 'championship', lengths: [3] } });
  await call('POST', `${T}/competitions/${inter.id}/entries`, { player_id: P['Nora Galli'].id });
  await call('POST', `${T}/competitions/${champ.id}/entries`, { player_id: P['Rita Conti'].id });
  await td.goto(url(`/td/?t=${tour.id}#entries`));
  await waitText(td, '#en-to', 'Championship (championship)');
  await td.selectOption('#en-player', String(P['Nora Galli'].id));
  await td.selectOption('#en-from', String(inter.id));
  await td.selectOption('#en-to', String(champ.id));
  await td.fill('#en-move-reason', 'Won two regional titles');
  await td.click('#en-move button[type=submit]');
  await waitText(td, '#en-decisions tbody', 'Moved up from Intermediate to Championship');
  const ch = await call('GET', `${T}/competitions/${champ.id}`);
  if (!ch.entries.includes(P['Nora Galli'].id)) fail('the player moved up is not in the Championship');
  await call('POST', `${T}/competitions/${champ.id}/knockout/draw`, { seed: 'e2e' });
  const br = await call('GET', `${T}/competitions/${champ.id}/knockout`);
  const fin = br.rounds[0].matches[0];
  await call('POST', `${T}/matches/${fin.match_id}/verify`, { score: { a: 3, b: 1 } });
  log('entries approved, refused and moved up from the console; the reason stayed off the phone');

  setStep('report: every tournament\'s report opens as JSON and CSV and agrees with its brackets');
  const { tournaments } = await call('GET', '/tournaments');
  let checked = 0, placed = 0, rated = 0;
  for (const tr of tournaments) {
    await td.goto(url(`/td/?t=${tr.id}#entries`));
    await waitVisible(td, '#en-report-json');
    const get = async (sel) => {
      const href = await td.getAttribute(sel, 'href');
      const r = await tdCtx.request.get(url(href));
      if (!r.ok() || r.headers()['content-type'] !== 'application/zip') fail(`${href}: ${r.status()} ${r.headers()['content-type']}`);
      return unzip(await r.body());
    };
    const rep = JSON.parse((await get('#en-report-json'))['report.json'].toString('utf8'));
    const csv = await get('#en-report-csv');
    const lines = csv['results.csv'].toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter((l) => l);
    if (lines.length !== rep.results.length + 1) fail(`${tr.name}: results.csv has ${lines.length - 1} rows, report.json ${rep.results.length}`);
    const byId = new Map(rep.results.map((r) => [r.match_id, r]));
    const evs = (await call('GET', `/tournaments/${tr.id}/competitions`)).events.filter((e) => e.kind === 'knockout' && e.state !== 'open');
    for (const e of evs) {
      const b = await call('GET', `/tournaments/${tr.id}/competitions/${e.id}/knockout`);
      for (const round of b.rounds || []) {
        for (const m of round.matches) {
          if (!m.match_id) continue;
          const full = await call('GET', `/tournaments/${tr.id}/matches/${m.match_id}`);
          const decided = ['verified', 'forfeited', 'withdrawn'].includes(full.state);
          const r = byId.get(m.match_id);
          if (decided !== !!r) fail(`${tr.name}, ${e.name}: match ${m.match_id} (${full.state}) ${r ? 'is' : 'is not'} in the report`);
          if (!r) continue;
          const w = full.winner === 'a' ? full.sides[0] : full.winner === 'b' ? full.sides[1] : null;
          if ((w ? w.player_id : null) !== r.winner_id || r.score_a !== full.sides[0].score || r.score_b !== full.sides[1].score || r.event !== e.name) {
            fail(`${tr.name}, ${e.name}: match ${m.match_id} in the report ${JSON.stringify(r)} differs from the bracket's ${JSON.stringify(full)}`);
          }
          checked++;
        }
      }
    }
    // each started event's placings and finishing order, as its placings route has them
    const rows = (id) => csv[id].toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter((l) => l).length - 1;
    for (const e of (await call('GET', `/tournaments/${tr.id}/competitions`)).events.filter((v) => v.state !== 'open')) {
      const want = (await call('GET', `/tournaments/${tr.id}/competitions/${e.id}/placings`)).placings.map((p) => `${p.entrant_id}:${p.place}:${p.rank}`);
      const got = rep.placings.filter((p) => p.event_id === e.id).map((p) => `${p.entrant_id}:${p.place}:${p.rank}`);
      if (want.join() !== got.join()) fail(`${tr.name}, ${e.name}: the report's placings ${got} differ from the event's ${want}`);
      placed += got.length;
    }
    if (rows('placings.csv') !== rep.placings.length) fail(`${tr.name}: placings.csv has ${rows('placings.csv')} rows, report.json ${rep.placings.length}`);
    // each player's rating now, as the ratings route has it
    const now = new Map((await call('GET', `/tournaments/${tr.id}/ratings`)).players.map((p) => [p.player_id, p.rating]));
    for (const r of rep.ratings) if (Math.abs(now.get(r.player_id) - r.rating_after) > 0.005) fail(`${tr.name}: ${r.player}'s rating ${r.rating_after} in the report, ${now.get(r.player_id)} in the list`);
    if (rows('ratings.csv') !== rep.ratings.length || rows('rating_changes.csv') !== rep.rating_changes.length) fail(`${tr.name}: the ratings' CSV files differ from report.json`);
    rated += rep.rating_changes.length;
  }
  if (!checked) fail('no knockout result was checked against the report');
  if (!placed || !rated) fail(`the reports carry ${placed} placings and ${rated} rating changes`);
  log(`the reports of ${tournaments.length} tournaments agree with their brackets (${checked} results), placings (${placed}) and ratings (${rated} changes)`);
  await tdCtx.close();
}
