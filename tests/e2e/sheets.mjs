// The sheets for the wall and the tables (issue 35 item 3), printed to PDF in Chromium and
// read back with pdftotext page by page: a bracket of 64 on one page a half (A4 and
// Letter), nothing cut, no name wider than its box, the call sheet, a score sheet and the
// placings, each matching the tournament. desk.mjs runs it after its own part.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// The text of page n of a PDF (pdftotext from poppler-utils), white space as one space.
const pageText = (pdf, n) => execFileSync('pdftotext', ['-f', String(n), '-l', String(n), '-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
const pdfInfo = (pdf) => {
  const out = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
  return { pages: Number(/Pages:\s+(\d+)/.exec(out)[1]), size: /Page size:\s+([\d.]+) x ([\d.]+)/.exec(out).slice(1).map(Number) };
};

export async function sheetsPart(x) {
  const { browser, url, waitUntil, fail, log, watch, setStep, call, dir, tdCtx } = x;
  setStep('sheets: a tournament of 64 players drawn into a knockout');
  const tour = await call('POST', '/tournaments', { name: 'Sheets Open', venue: 'Sala Grande', tables: Array.from({ length: 32 }, (_, i) => String(i + 1)) });
  const T = `/tournaments/${tour.id}`;
  const first = ['Anna', 'Bruno', 'Carla', 'Dario', 'Elena', 'Fabio', 'Giulia', 'Luca'];
  const last = ['Bianchi', 'Rossi', 'Verdi', 'Neri', 'Galli', 'Conti', 'Ricci', 'Marino'];
  const names = first.flatMap((f) => last.map((l) => `${f} ${l}`));
  names[5] = 'Maria Antonietta Fernández de la Vega y Castellanos'; // a long name must fit its box too
  const ids = {};
  for (const n of names) ids[n] = (await call('POST', `${T}/players`, { name: n })).id;
  const ko = await call('POST', `${T}/competitions`, { kind: 'knockout', name: 'Main 64', knockout: { lengths: [5, 5, 7, 7, 9, 11] } });
  for (const n of names) await call('POST', `${T}/competitions/${ko.id}/entries`, { player_id: ids[n] });
  await call('POST', `${T}/competitions/${ko.id}/knockout/draw`, { seed: '64' });
  await call('POST', `${T}/tables/assign`);
  const bracket = await call('GET', `${T}/competitions/${ko.id}/knockout`);
  const r1 = bracket.rounds[0].matches;
  if (r1.length !== 32) fail(`a bracket of 64 has ${r1.length} first-round matches`);

  const page = await tdCtx.newPage();
  watch(page, 'sheets');
  // a sheet in the page, checked as printed: every box inside its sheet, no sheet taller
  // than its page, no name wider than its box; then printed to a PDF
  const print = async (q, file) => {
    const before = await page.evaluate(() => Number(document.body && document.body.dataset.ready) || 0).catch(() => 0);
    await page.goto(url(`/td/sheets.html?t=${tour.id}&${q}`));
    await waitUntil(page, (n) => Number(document.body.dataset.ready) > 0 || n < 0, before, `the sheet ${q} ready`);
    await page.emulateMedia({ media: 'print' });
    const bad = await page.evaluate(() => {
      const out = [];
      for (const sh of document.querySelectorAll('.sheet:not(.flow)')) {
        const r = sh.getBoundingClientRect();
        if (sh.scrollHeight > sh.clientHeight + 1) out.push(`a sheet ${sh.scrollHeight - sh.clientHeight}px too tall`);
        for (const el of sh.querySelectorAll('.bm, .name, h3, td, th')) {
          const b = el.getBoundingClientRect();
          if (b.left < r.left - 0.5 || b.right > r.right + 0.5 || b.top < r.top - 0.5 || b.bottom > r.bottom + 0.5) out.push(`"${el.textContent}" cut by its page`);
        }
      }
      // no box over another (a block of the bracket over the final's, a heading over a match)
      for (const sh of document.querySelectorAll('.sheet')) {
        const boxes = [...sh.querySelectorAll('.bm, .bgrid h3')].map((el) => [el, el.getBoundingClientRect()]);
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            const [p, q] = [boxes[i][1], boxes[j][1]];
            if (p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5) out.push(`"${boxes[i][0].textContent}" over "${boxes[j][0].textContent}"`);
          }
        }
      }
      for (const el of document.querySelectorAll('.sheet .name')) {
        const range = document.createRange();
        range.selectNodeContents(el);
        if (el.scrollWidth > el.clientWidth + 0.5 || range.getBoundingClientRect().width > el.getBoundingClientRect().width + 0.5) out.push(`"${el.textContent}" wider than its box`);
      }
      return out;
    });
    if (bad.length) fail(`${q}: ${bad.slice(0, 5).join('; ')}`);
    const pdf = join(dir, file);
    await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
    if (process.env.E2E_KEEP_PDF) execFileSync('cp', [pdf, process.env.E2E_KEEP_PDF]);
    await page.emulateMedia({ media: 'screen' });
    return { pdf, ...pdfInfo(pdf) };
  };
  const sidesOf = (ms) => ms.flatMap((m) => m.sides.filter((s) => s.player_id).map((s) => s.name));
  const has = (text, n) => text.includes(n);

  setStep('sheets: the draw of 64 on one page a half, A4 and Letter');
  for (const [paper, size] of [['a4', [841.89, 595.28]], ['letter', [792, 612]]]) {
    const d = await print(`sheet=draw&paper=${paper}`, `draw-${paper}.pdf`);
    if (d.pages !== 2) fail(`the draw of 64 on ${paper} takes ${d.pages} pages, not 2`);
    if (Math.abs(d.size[0] - size[0]) > 1 || Math.abs(d.size[1] - size[1]) > 1) fail(`the draw's page on ${paper}: ${d.size}`);
    const [top, bottom] = [pageText(d.pdf, 1), pageText(d.pdf, 2)];
    const topNames = sidesOf(r1.slice(0, 16));
    const bottomNames = sidesOf(r1.slice(16));
    for (const n of topNames) if (!has(top, n) || has(bottom, n)) fail(`${paper}: "${n}" is not on the first half's page alone`);
    for (const n of bottomNames) if (!has(bottom, n) || has(top, n)) fail(`${paper}: "${n}" is not on the second half's page alone`);
    if (!has(top, 'Draw: Main 64') || !has(top, 'half 1 of 2') || !has(bottom, 'half 2 of 2') || !has(bottom, 'Final')) fail(`${paper}: the draw's titles`);
    if (!has(top, 'Sheets Open')) fail(`${paper}: the tournament's name`);
    // the guide's: the second half's page as the screen shows it
    if (x.guideShot && paper === 'a4') await x.guideShot(await page.locator('.sheet').nth(1).screenshot(), 'sheet-draw.png');
  }
  log('the draw of 64 printed on two pages, one a half, on A4 and on Letter');

  setStep('sheets: the call sheet, a score sheet, the placings');
  const { matches } = await call('GET', `${T}/matches`);
  const called = matches.filter((m) => m.state === 'called');
  if (!called.length) fail('no match was called');
  const c = await print('sheet=call&paper=a4', 'call.pdf');
  const callText = Array.from({ length: c.pages }, (_, i) => pageText(c.pdf, i + 1)).join(' ');
  for (const m of called) {
    const row = new RegExp(`${m.table} Main 64 · Round 1 ${m.sides[0].name} ${m.sides[1].name} 5 points`);
    if (!row.test(callText)) fail(`the call sheet lacks table ${m.table}: ${m.sides[0].name} – ${m.sides[1].name}`);
  }
  const sm = called[0];
  const s = await print(`sheet=scores&match=${sm.id}&paper=letter`, 'score.pdf');
  if (s.pages !== 1) fail(`one match's score sheet takes ${s.pages} pages`);
  const st = pageText(s.pdf, 1);
  for (const want of ['Score sheet: Main 64 · Round 1', sm.sides[0].name, sm.sides[1].name, `Table ${sm.table}`, 'Length 5 points', 'Crawford game', ' 9 ']) {
    if (!st.includes(want)) fail(`the score sheet lacks "${want}": ${st}`);
  }
  if (/ 10 /.test(st)) fail('a 5-point match\'s score sheet has a tenth game row');
  // two results, then the placings: the losers share 33–64
  for (const m of called.slice(0, 2)) await call('POST', `${T}/matches/${m.id}/verify`, { score: { a: 5, b: 2 } });
  const p = await print('sheet=standings&paper=a4', 'standings.pdf');
  const pt = Array.from({ length: p.pages }, (_, i) => pageText(p.pdf, i + 1)).join(' ');
  for (const m of called.slice(0, 2)) {
    if (!new RegExp(`33–64 ${m.sides[1].name} Round 1`).test(pt)) fail(`the placings lack ${m.sides[1].name} at 33–64: ${pt.slice(0, 400)}`);
  }
  if (!pt.includes('Standings: Main 64')) fail('the placings\' title');
  log(`the call sheet (${called.length} matches), a score sheet and the placings printed and read back`);
  await page.close();
}
