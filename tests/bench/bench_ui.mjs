// The TD's console at size (issue 32), in headless Chromium against a server of its own
// with a tournament of 1,000 players and 1,500 matches (120 of them called to tables):
// ui.console_first_render_ms  the console opened on the board until its first render has
//                             drawn the board (the hidden pages follow when the page is idle)
//                             (the page's own clock; median of 7 after one load not counted;
//                             _spread_ms the slowest less the fastest, _elements the page's)
// ui.console_update_ms        a player's report answered until its card shows it (median of 9)
// ui.console_blocked_pct      the page's main thread in long tasks while 10 reports a second
//                             arrive for 10 s
// ui.console_kb_per_change    bytes the page downloaded in those 10 s, per report
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..', '..');
const { chromium } = createRequire(join(ROOT, 'tests/e2e/package.json'))('playwright-core');
const BIN = resolve(ROOT, process.env.CRAWFORD_BIN || 'build/rel/crawford');
const PASSWORD = 'bench ui password';
const dir = mkdtempSync(join(tmpdir(), 'crawford-bench-ui-'));
const figure = (name, v, unit) => console.log(`bench ui.${name} ${v} ${unit}`);
const fail = (m) => { console.error(`bench_ui: ${m}`); process.exit(1); };

let child = null;
async function start() {
  writeFileSync(join(dir, 'c.json'), JSON.stringify({ bind: '127.0.0.1', database: join(dir, 'b.db'), static_dir: join(ROOT, 'static'), access_log: 'off' }));
  child = spawn(BIN, ['serve', '--config', join(dir, 'c.json'), '--port', '0'], { env: { ...process.env, CRAWFORD_TD_PASSWORD: PASSWORD } });
  let out = '';
  return new Promise((ok, no) => {
    const t = setTimeout(() => no(new Error(`the server did not start: ${out}`)), 10000);
    const see = (d) => { out += d; const m = /serving http:\/\/[^:]*:(\d+)\//.exec(out); if (m) { clearTimeout(t); ok(Number(m[1])); } };
    child.stdout.on('data', see);
    child.stderr.on('data', see);
  });
}

const H = { 'X-Crawford': '1', 'Content-Type': 'application/json' };
async function run() {
  const port = await start();
  const url = (p) => `http://127.0.0.1:${port}${p}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const ctx = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'en-GB' });
    const call = async (c, method, path, data) => {
      const r = await c.request.fetch(url(`/api/v1${path}`), { method, headers: H, data });
      if (!r.ok()) fail(`${method} ${path}: ${r.status()} ${await r.text()}`);
      return r.json().catch(() => null);
    };
    await call(ctx, 'POST', '/login', { password: PASSWORD });
    const tables = Array.from({ length: 150 }, (_, i) => String(i + 1));
    const tour = await call(ctx, 'POST', '/tournaments', { name: 'Bench Open', venue: 'Loopback', tables });
    const T = `/tournaments/${tour.id}`;
    // eight at a time: the setup is not what is measured
    const many = async (n, f) => { let i = 0; await Promise.all(Array.from({ length: 8 }, async () => { while (i < n) { const k = i++; await f(k); } })); };
    const players = new Array(1000);
    await many(1000, async (i) => { players[i] = await call(ctx, 'POST', `${T}/players`, { name: `Player ${String(i + 1).padStart(4, '0')} Bench`, country: 'ITA', rating: 1400 + i }); });
    const matches = new Array(1500);
    await many(1500, async (i) => { matches[i] = await call(ctx, 'POST', `${T}/matches`, { player_a: players[i % 1000].id, player_b: players[(i + 1 + Math.floor(i / 1000) * 37) % 1000].id, length: 5 }); });
    // 120 matches of distinct players called to tables, their side a logged in on a phone
    const busy = new Set();
    const called = [];
    for (const m of matches) {
      if (called.length >= 120) break;
      const [a, b] = m.sides.map((s) => s.player_id);
      if (busy.has(a) || busy.has(b)) continue;
      busy.add(a); busy.add(b);
      called.push(m);
    }
    await many(called.length, async (k) => { await call(ctx, 'POST', `${T}/matches/${called[k].id}/call`, { table: tables[k] }); });
    const phones = new Array(called.length);
    await many(called.length, async (k) => {
      const p = players.find((q) => q.id === called[k].sides[0].player_id);
      const c = await browser.newContext();
      await call(c, 'POST', `${T}/players/${p.id}/login`, { pin: p.pin });
      phones[k] = c;
    });
    const report = (k) => call(phones[k], 'POST', `${T}/matches/${called[k].id}/report`, { score: { a: 5, b: 1 } });

    // first render: the console opened on the board, logged in, until its first render
    // has drawn the board, by the page's own clock (navigation start to the mark renderAll sets), not by
    // polling from here. One load first, not counted: the server's kept copies of the lists
    // and the browser's cache of the pages warm, as for a TD who reloads; then 7, each in a
    // page of its own, the median. The elements in the page are counted too: they do not
    // depend on how busy the machine is.
    const firstRender = async () => {
      const p = await ctx.newPage();
      await p.goto(url(`/td/?t=${tour.id}#board`));
      // the page's CSP allows no string evaluated (waitForFunction): a promise on the mark
      const r = await p.evaluate(() => new Promise((ok) => {
        const done = (e) => ok({ ms: e.startTime, els: document.getElementsByTagName('*').length });
        const e = performance.getEntriesByName('console-rendered')[0];
        if (e) { done(e); return; }
        new PerformanceObserver((l, o) => { const m = l.getEntriesByName('console-rendered')[0]; if (m) { o.disconnect(); done(m); } }).observe({ type: 'mark' });
      }));
      await p.close();
      return r;
    };
    await firstRender();
    const firsts = [];
    for (let i = 0; i < 7; i++) firsts.push(await firstRender());
    const median = (a) => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)];
    const ms = firsts.map((r) => r.ms);
    figure('console_first_render_ms', Math.round(median(ms)), 'ms');
    figure('console_first_render_spread_ms', Math.round(Math.max(...ms) - Math.min(...ms)), 'ms');
    figure('console_first_render_elements', median(firsts.map((r) => r.els)), 'count');
    const page = await ctx.newPage();
    await page.goto(url(`/td/?t=${tour.id}#board`));
    const renders = () => page.evaluate(() => Number(document.body.dataset.renders) || 0);
    while (!(await renders())) await page.waitForTimeout(5);

    // a report until its card shows it, on the board the TD looks at
    const seen = (id) => page.evaluate((mid) => new Promise((ok) => {
      const has = () => document.querySelector(`#b-cols .col-reported .mcard[data-match-id="${mid}"]`);
      if (has()) { ok(Date.now()); return; }
      const mo = new MutationObserver(() => { if (has()) { mo.disconnect(); ok(Date.now()); } });
      mo.observe(document.querySelector('#b-cols'), { childList: true, subtree: true });
    }), id);
    const updates = [];
    for (let k = 0; k < 9; k++) {
      const wait = seen(called[k].id);
      await report(k);
      const t1 = Date.now();
      updates.push(Math.max(0, (await wait) - t1));
    }
    figure('console_update_ms', median(updates), 'ms');

    // 10 reports a second for 10 s: the main thread's long tasks and the bytes downloaded
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    cdp.on('Network.dataReceived', (e) => { bytes += e.encodedDataLength || 0; });
    // the stream's entries come as EventSource messages, not as data of a response
    cdp.on('Network.eventSourceMessageReceived', (e) => { bytes += (e.data || '').length + (e.eventName || '').length + 16; });
    await page.evaluate(() => {
      window.__long = 0;
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long += e.duration; }).observe({ type: 'longtask', buffered: false });
    });
    const start0 = Date.now();
    const n = 100;
    const sent = [];
    for (let i = 0; i < n; i++) {
      const k = 9 + i;
      const due = start0 + i * 100;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sent.push(report(k));
    }
    await Promise.all(sent);
    await page.waitForTimeout(1000); // the last entries applied
    const span = Date.now() - start0;
    // every report on the board, or the figures measured nothing
    const shown = await page.evaluate(() => Number(document.querySelector('#b-cols .col-reported .count').textContent));
    if (shown !== 9 + n) fail(`the board shows ${shown} reported matches, not ${9 + n}`);
    const long = await page.evaluate(() => window.__long);
    figure('console_blocked_pct', (100 * long / span).toFixed(1), '%');
    figure('console_kb_per_change', (bytes / 1024 / n).toFixed(2), 'KB');
    for (const c of phones) await c.close();
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

run().then(() => process.exit(0), (e) => fail(e.stack || e));
