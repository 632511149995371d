// The venue display: no interaction. Rotates between the brackets, the Swing
// leaderboards, the Davis Cup grids, a finished event's placings and the matches in play
// (with their clocks), and
// follows the tournament's event stream: a change shows within a second, without a reload,
// and the stream reconnects by itself after a network drop or a server restart.
// Nothing is cut off: what does not fit the screen is split into pages (found by laying
// each candidate out in a hidden box of the view's size), and the rotation shows each page
// as a view. A bracket too tall for one page is shown by sections (halves, quarters, …:
// a block of first-round matches and their descendants), then a page of the top rounds;
// rounds already complete are left out ("from Round 3").
// ?t=ID (default: the latest tournament), ?view=live|event-ID|placings-ID (stay on that view, still
// paging through its pages), ?rotate=SECONDS (default 20; 0 = no rotation), ?lang=it.
import { committeeText, readCommittee } from '/js/committee.js';
import { api } from '/js/api.js';
import { $, h, clear, showError, clearError, params, hhmm } from '/js/dom.js';
import { t, applyI18n, setLang, getLang } from '/js/i18n.js';
import { live, debounce, serial } from '/js/live.js';
import { renderBracketPage, firstOpenRound } from '/js/bracket.js';
import { matchLabel, scoreShown } from '/js/label.js';
import { renderSwing, renderDavis, davisBracket } from '/js/boards.js';
import { renderPlacings } from '/js/placings.js';
import { renderSwissStandings } from '/js/swiss_board.js';
import { estimateOf, etaShort } from '/js/eta.js';
import { probeClock, remaining, fmt, receive, clocksAbsent } from '/js/clock.js';

const q = params();
if (q.get('lang')) setLang(q.get('lang'));
const S = {
  tid: Number(q.get('t')) || 0,
  fixed: q.get('view') || '',
  rotate: q.has('rotate') ? Number(q.get('rotate')) : 20,
  views: [], // [{key, base, title, label, render()}]: every page of every view
  idx: 0,
  key: '',
  data: {},
  clocks: {},
  clockEvents: {}, // match id -> how many clock events came (see load)
  plans: new Map(), // view -> {sig, pages}: the pages found for what the view showed
};
const T = () => `/api/v1/tournaments/${S.tid}`;
const PLAYING = ['called', 'playing', 'reported', 'disputed'];

async function load() {
  clearError();
  const tour = await api('GET', T());
  $('#t-name').textContent = tour.name;
  const [{ events }, { matches }] = await Promise.all([api('GET', `${T()}/competitions`), api('GET', `${T()}/matches`), loadCalls()]);
  const data = { events, matches, byId: Object.fromEntries(matches.map((m) => [m.id, m])), boards: {}, placings: {} };
  await Promise.all(events.map(async (e) => {
    // a Swiss's standings without its rounds: the display shows only them
    const path = e.kind === 'swiss' ? 'swiss/standings' : e.kind;
    try { data.boards[e.id] = await api('GET', `${T()}/competitions/${e.id}/${path}`); } catch (err) { data.boards[e.id] = null; }
    // a finished event's final placings get a view of their own (PLACE-1)
    if (e.state === 'finished') data.placings[e.id] = await api('GET', `${T()}/competitions/${e.id}/placings`).catch(() => null);
  }));
  // clocks of the matches in play; a clock event that comes while they are read is newer
  // than what was read (a press right after a start): that match keeps the event's clock
  const clocks = {};
  const eventsBefore = { ...S.clockEvents };
  if (!clocksAbsent()) {
    await Promise.all(matches.filter((m) => ['called', 'playing'].includes(m.state)).map(async (m) => {
      try {
        const c = await probeClock(S.tid, m.id);
        if (c.status === 'ok') clocks[m.id] = c.clock;
      } catch (err) { /* shown without a clock */ }
    }));
  }
  for (const mid of Object.keys(S.clockEvents)) {
    if (S.clockEvents[mid] !== eventsBefore[mid] && S.clocks[mid]) clocks[mid] = S.clocks[mid];
  }
  S.clocks = clocks;
  S.data = data;
  // when the day ends, as the console estimates it
  $('#eta').textContent = etaShort(estimateOf(tour, matches, events, data.boards));
  plan();
  render();
  // how many whole reads the page has made (a test waits for the end of one)
  document.body.dataset.loads = String((Number(document.body.dataset.loads) || 0) + 1);
}

// ---- fitting ----

// Whether a name is wider than its box. scrollWidth and clientWidth are rounded, and a
// fraction of a pixel too many already shows an ellipsis: the text's own width, against
// the box's exact width, catches that. (Reads only: no layout forced per name.)
function clipped(el) {
  if (el.scrollWidth > el.clientWidth) return true;
  const r = document.createRange();
  r.selectNodeContents(el);
  return r.getBoundingClientRect().width > el.getBoundingClientRect().width + 0.01;
}

// Names that do not fit their box shrink, down to the --name-min (in vh) of their CSS,
// then end in an ellipsis. Text width follows the font size, so the size that fits is
// computed; reads and writes are batched (one layout for all the names, not one each).
function fitNames(root) {
  const vh = window.innerHeight / 100;
  const els = [...root.querySelectorAll('.name')];
  for (const el of els) if (el.style.fontSize) el.style.fontSize = '';
  for (let pass = 0; pass < 3; pass++) {
    const shrink = [];
    for (const el of els) {
      if (!clipped(el)) continue;
      const cs = getComputedStyle(el);
      const min = (parseFloat(cs.getPropertyValue('--name-min')) || 0) * vh;
      const size = parseFloat(cs.fontSize);
      if (size <= min + 0.01) continue;
      const r = document.createRange();
      r.selectNodeContents(el);
      const ratio = el.getBoundingClientRect().width / Math.max(1, r.getBoundingClientRect().width, el.scrollWidth);
      shrink.push([el, Math.max(min, size * Math.min(ratio, 0.99) - 0.25 * pass)]);
    }
    if (!shrink.length) break;
    for (const [el, size] of shrink) el.style.fontSize = `${(size / vh).toFixed(3)}vh`;
  }
  // names shown together at one size, the smallest needed: the two of a bracket match,
  // all those of the cards of the matches in play
  const sizes = [];
  for (const group of root.querySelectorAll('.inplay, .bm')) {
    const names = [...group.querySelectorAll('.name')];
    if (names.length < 2 || !names.some((el) => el.style.fontSize)) continue;
    sizes.push([names, Math.min(...names.map((el) => parseFloat(getComputedStyle(el).fontSize)))]);
  }
  for (const [names, least] of sizes) for (const el of names) el.style.fontSize = `${(least / vh).toFixed(3)}vh`;
}

// A hidden box of the view's size, where candidate pages are laid out and measured.
function sizer() {
  let el = document.getElementById('sizer');
  if (!el) {
    el = h('div', { id: 'sizer', class: 'viewbox sizer', 'aria-hidden': 'true' });
    document.body.append(el);
  }
  const r = $('#view').getBoundingClientRect();
  el.style.left = `${r.left}px`;
  el.style.top = `${r.top}px`;
  el.style.width = `${r.width}px`;
  el.style.height = `${r.height}px`;
  return clear(el);
}

// Whether el lies inside the box's content area (and, when strict, its names are whole).
function inside(el, box, strict) {
  const r = el.getBoundingClientRect();
  if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) return false;
  if (strict) for (const n of el.matches('.name') ? [el] : el.querySelectorAll('.name')) if (clipped(n)) return false;
  return true;
}

function contentBox(el) {
  const r = el.getBoundingClientRect();
  const cs = getComputedStyle(el);
  return {
    left: r.left + parseFloat(cs.paddingLeft), right: r.right - parseFloat(cs.paddingRight),
    top: r.top + parseFloat(cs.paddingTop), bottom: r.bottom - parseFloat(cs.paddingBottom),
  };
}

// How many of node's `sel` elements, in order, fit the view. strict: a name cut short by
// an ellipsis does not fit.
function fitting(node, sel, strict = false) {
  const el = sizer();
  el.append(node);
  fitNames(el);
  const box = contentBox(el);
  let n = 0;
  for (const x of el.querySelectorAll(sel)) {
    if (!inside(x, box, strict)) break;
    n++;
  }
  return n;
}
const fitsAll = (node, sel, strict = false) => {
  const want = node.querySelectorAll(sel).length;
  return fitting(node, sel, strict) === want;
};

// Splits n items into pages: make(from, to) renders the items from..to-1; greedy.
function pagesOf(n, make, sel) {
  const out = [];
  for (let from = 0; from < n;) {
    const k = Math.max(1, fitting(make(from, n), sel));
    out.push([from, Math.min(n, from + k)]);
    from += k;
  }
  return out.length ? out : [[0, 0]];
}

// ---- the views and their pages ----

function plan() {
  const views = [];
  const add = (base, title, pages) => pages.forEach((p, i) => views.push({
    key: `${base}#${i}`, base, title, n: i, of: pages.length,
    label: [p.label, pages.length > 1 && !p.label ? t('display.page', { i: i + 1, n: pages.length }) : ''].filter(Boolean).join(' · '),
    render: p.render,
  }));
  // a view's pages are found again only when what it shows has changed (the layout is
  // measured, which takes time on a small venue PC: a score changes one bracket, not all)
  const screen = [window.innerWidth, window.innerHeight, getLang()];
  const cached = (base, what, find) => {
    const sig = JSON.stringify([screen, what]);
    const old = S.plans.get(base);
    if (old && old.sig === sig) return old.pages;
    const pages = find();
    S.plans.set(base, { sig, pages });
    return pages;
  };
  const inPlay = S.data.matches.filter((m) => PLAYING.includes(m.state) && m.sides.every((s) => s.player_id));
  if (!S.fixed || S.fixed === 'live') {
    add('live', t('display.in_play'), cached('live', [inPlay, inPlay.map((m) => S.clocks[m.id] ? S.clocks[m.id].state : '')], () => livePages(inPlay)));
  }
  for (const e of S.data.events) {
    const base = `event-${e.id}`;
    const board = S.data.boards[e.id];
    if (!board || (S.fixed && S.fixed !== base && S.fixed !== `placings-${e.id}`)) continue;
    // the event's matches as the bracket shows them (state, table, score)
    const ms = () => S.data.matches.filter((m) => m.event_id === e.id).map((m) => [m.id, m.state, m.table, m.score]);
    if (S.fixed && S.fixed !== base) { /* only its placings */ } else if (e.kind === 'knockout') add(base, e.name, cached(base, [board, ms()], () => bracketPages(board)));
    else if (e.kind === 'swing') add(base, e.name, cached(base, board, () => swingPages(board)));
    else if (e.kind === 'swiss') add(base, e.name, cached(base, board, () => swissPages(board)));
    else if (e.kind === 'davis') {
      add(base, e.name, board.format === 'knockout' && board.bracket
        ? cached(base, [board, ms()], () => bracketPages(davisBracket(board)))
        : cached(base, board, () => davisPages(board)));
    }
    const pl = S.data.placings[e.id];
    if (pl && pl.final && (!S.fixed || S.fixed === `placings-${e.id}`)) {
      add(`placings-${e.id}`, t('display.placings_of', { event: e.name }), cached(`placings-${e.id}`, pl, () => placingsPages(pl)));
    }
  }
  clear(sizer());
  if (!views.length) views.push({ key: 'none', base: 'none', title: '', label: '', render: () => h('p', { class: 'empty' }, '—') });
  // stay on the page shown if it is still there, else on its view's first page
  let at = views.findIndex((v) => v.key === S.key);
  if (at < 0) at = views.findIndex((v) => v.base === String(S.key).split('#')[0]);
  S.idx = at >= 0 ? at : S.idx % views.length;
  S.views = views;
  S.plannedFor = `${screen[0]}x${screen[1]}`; // the size the pages were found for
}

function livePages(ms) {
  if (!ms.length) return [{ render: () => h('p', { class: 'empty' }, t('display.nothing')) }];
  // by table (tables by name, numbers in order); matches without one last
  ms.sort((a, b) => (!a.table - !b.table) || String(a.table).localeCompare(String(b.table), undefined, { numeric: true }) || a.id - b.id);
  // (at most 64 cards tried at a time: more never fit a screen)
  return pagesOf(ms.length, (from, to) => renderLive(ms.slice(from, Math.min(to, from + 64))), '.card')
    .map(([from, to]) => ({ render: () => renderLive(ms.slice(from, to)) }));
}

const SECTION = { 2: 'display.half', 4: 'display.quarter', 8: 'display.eighth' };

function bracketPages(ko) {
  const live = S.data.byId;
  const page = (p, label) => ({ label, render: () => renderBracketPage(ko, live, p) });
  if (!ko.drawn || !ko.rounds || !ko.rounds.length) return [page({}, '')];
  const R = ko.rounds_count || ko.rounds.length;
  const size = (r) => ko.rounds.find((x) => x.round === r).matches.length;
  // 2: the page fits with every name whole; 1: it fits, some name ends in an ellipsis;
  // 0: it does not fit
  const state = (p) => {
    const el = sizer();
    el.append(renderBracketPage(ko, live, p));
    fitNames(el);
    const box = contentBox(el);
    let whole = 2;
    for (const x of el.querySelectorAll('.bm, .champion')) {
      if (!inside(x, box, false)) return 0;
      if (whole === 2 && !inside(x, box, true)) whole = 1;
    }
    return whole;
  };
  let from = firstOpenRound(ko);
  if (!from) { // all decided: the largest tree that fits one page
    from = 1;
    while (from < R && state({ from }) < 2) from++;
  }
  const out = [];
  const fromLabel = (r) => (r > 1 ? t('display.from_round', { n: r }) : '');
  // the tree from round r: on one page, or by sections of B first-round matches (the
  // largest B whose pages all fit with every name whole; failing that, the largest whose
  // pages fit, names too long for any column ending in an ellipsis), then its top
  const tree = (r, depth) => {
    const n = size(r);
    const sections = (b) => {
      if (b === n) return state({ from: r });
      const to = r + Math.log2(b);
      let worst = 2;
      for (let s = 0; s < n && worst; s += b) worst = Math.min(worst, state({ from: r, to, start: s, count: b }));
      return worst;
    };
    let B = 0;
    let fallback = 0;
    for (let b = n; b >= 2; b /= 2) {
      const st = n <= 2 ? 2 : sections(b);
      if (st === 2) { B = b; break; }
      if (st === 1 && !fallback) fallback = b;
    }
    B = B || fallback || Math.min(n, 2);
    if (B === n) {
      out.push(page({ from: r }, depth ? t('display.top_rounds') : fromLabel(r)));
      return;
    }
    const to = r + Math.log2(B);
    const P = n / B;
    for (let i = 0; i < P; i++) {
      const label = [t(SECTION[P] || 'display.section', { i: i + 1, n: P }), fromLabel(r)].filter(Boolean).join(' · ');
      out.push(page({ from: r, to, start: i * B, count: B }, label));
    }
    tree(to, depth + 1);
  };
  tree(from, 0);
  return out;
}

function swingPages(board) {
  const n = (board.players || []).length;
  const one = (from, to, columns) => renderSwing(board, { from, to, columns });
  if (n === 0 || fitsAll(one(0, n, 1), 'tbody tr, .champion')) return [{ render: () => one(0, n, 1) }];
  // rows that fit one column; then as many columns side by side as fit (narrower
  // columns may wrap a heading, which costs a row or two)
  const rows1 = Math.max(1, fitting(one(0, n, 1), 'tbody tr'));
  let cols = 1;
  let rows = rows1;
  found: for (let c = Math.min(4, Math.ceil(n / rows1)); c > 1; c--) {
    for (let r = rows1; r >= Math.max(1, rows1 - 3); r--) {
      if (fitsAll(one(0, Math.min(n, c * r), c), 'tbody tr')) { cols = c; rows = r; break found; }
    }
  }
  const out = [];
  for (let from = 0; from < n; from += cols * rows) {
    const to = Math.min(n, from + cols * rows);
    const c = Math.min(cols, Math.ceil((to - from) / rows));
    out.push({ render: () => one(from, to, c) });
  }
  return out;
}

// A finished event's placings, as many rows a page as fit.
function placingsPages(pl) {
  const make = (from, to) => renderPlacings(pl, { from, to });
  return pagesOf((pl.placings || []).length, make, 'tbody tr').map(([from, to]) => ({ render: () => make(from, to) }));
}

// A Swiss's standings (SWISS-2), paged as the rows fit.
function swissPages(board) {
  const n = (board.standings || []).length;
  const one = (from, to) => renderSwissStandings(board, { from, to });
  if (!n) return [{ render: () => one(0, 0) }];
  return pagesOf(n, one, 'tbody tr').map(([from, to]) => ({ render: () => one(from, to) }));
}

function davisPages(board) {
  const all = (o = {}) => renderDavis(board, { ...o, compact: true });
  if (fitsAll(all(), 'tr')) return [{ render: () => all() }];
  // a grid too wide for the screen takes a smaller type, down to 1.6vh
  let size = '';
  for (const fs of ['', '2.1vh', '1.8vh', '1.6vh']) {
    size = fs;
    const el = sizer();
    el.append(all({ part: 'grid' }));
    const table = el.querySelector('table.grid');
    if (fs) table.style.fontSize = fs;
    const box = contentBox(el);
    if (table.getBoundingClientRect().right <= box.right + 1) break;
  }
  const grid = (from, to) => {
    const node = all({ part: 'grid', from, to });
    if (size) node.querySelector('table.grid').style.fontSize = size;
    return node;
  };
  const part = (name, n, make) => pagesOf(n, make, 'tbody tr').map(([from, to]) => ({ render: () => make(from, to) }));
  return [...part('grid', (board.teams || []).length, grid),
    ...part('standings', (board.standings || []).length, (from, to) => all({ part: 'standings', from, to }))];
}

function render() {
  const view = S.views.length ? S.views[S.idx % S.views.length] : null;
  const main = clear($('#view'));
  if (!view) return;
  S.key = view.key;
  main.dataset.view = view.base;
  main.dataset.page = view.key; // which page of how many (the e2e test reads them)
  main.dataset.pageIndex = view.n || 0;
  main.dataset.pageCount = view.of || 1;
  main.dataset.plannedFor = S.plannedFor || '';
  $('#view-title').textContent = view.title;
  $('#view-page').textContent = view.label;
  main.append(view.render());
  fitNames(main);
}

function renderLive(ms) {
  return h('ul', { class: 'inplay' }, ms.map((m) => {
    const c = S.clocks[m.id];
    return h('li', { class: `card state-${m.state}`, dataset: { matchId: m.id } },
      // the table, and beside it on the same line the match's name (cut short, never a line more)
      h('div', { class: 'top' }, h('div', { class: 'tbl' }, m.table ? t('match.table', { table: m.table }) : ''),
        m.label && m.label.kind !== 'standalone' ? h('div', { class: 'lbl' }, matchLabel(m.label, m.id)) : null),
      m.sides.map((s) => h('div', { class: `side${c && c.state === 'running' && c.running === s.side ? ' running' : ''}` },
        h('span', { class: 'name' }, s.team ? s.team.name : s.name), // a Davis Cup doubles: the team
        // a disputed match has no score to show: its badge says "Disputed" (MATCH-4)
        scoreShown(m.state) ? h('span', { class: 'score', dataset: { match: m.id, side: s.side } }, String(m.score[s.side])) : null,
        c ? h('span', { class: 'clk', dataset: { clock: m.id, side: s.side } }, fmt(remaining(c, s.side).total)) : null)),
      h('div', { class: 'meta' }, m.length ? t(m.length === 1 ? 'play.point_one' : 'play.points', { n: m.length }) : t('play.money_game'), ' · ',
        h('span', { class: `badge st-${m.state}` }, t(`state.${m.state}`)),
        // a clock that is not running says why
        c && c.state === 'paused' ? [' · ', h('span', { class: 'clkstate' }, t('clock.paused', { reason: t(`reason.${c.paused_reason}`) }))] : null,
        c && c.state === 'flagged' ? [' · ', h('span', { class: 'clkstate' }, t('clock.st.flagged'))] : null));
  }));
}

function tick() {
  $('#now').textContent = hhmm(new Date());
  for (const el of document.querySelectorAll('[data-clock]')) {
    const c = S.clocks[el.dataset.clock];
    if (c) el.textContent = fmt(remaining(c, el.dataset.side).total);
  }
}

const loadOnce = serial(load);
const reload = debounce(() => loadOnce().catch((e) => showError(e)), 100);

// GOV-5: while a call is not closed the screen says a TD was called to its table, and
// nothing of why. The tables come from the public list of open calls (their tables and
// times only), read with the rest (at every connection: a screen opened or reloaded while
// a call is open shows it) and again after each call's entry on the stream. Of reads that
// overlap, the last one asked is the one shown: an earlier one that lands late is dropped.
let callsAsked = 0;
let callsShown = 0;
async function loadCalls() {
  const n = ++callsAsked;
  const { calls } = await api('GET', `${T()}/calls/tables`);
  if (n < callsShown) return;
  callsShown = n;
  const tables = [...new Set(calls.map((c) => c.table || '—'))];
  const el = $('#td-called');
  el.hidden = !tables.length;
  el.textContent = tables.length ? t('display.td_called', { tables: tables.join(', ') }) : '';
}
const reloadCalls = debounce(() => loadCalls().catch((e) => showError(e)), 100);

// The Committee's names, posted (GOV-2): at every load and after each change of it.
async function showCommittee() {
  let el = document.getElementById('committee-names');
  if (!el) {
    el = h('span', { id: 'committee-names', class: 'eta' });
    $('#eta').after(el);
  }
  el.textContent = committeeText(await readCommittee(S.tid));
}

function startLive() {
  live(S.tid, {
    onSync: reload,
    onEvent: (type, data) => {
      if (type.startsWith('call.')) { reloadCalls(); return; }
      if (type === 'committee') { showCommittee(); return; }
      const c = data && data.clock ? data.clock : data; // the event carries {clock: {...}}
      if (type === 'clock' && c && c.match_id) {
        S.clocks[c.match_id] = receive(c);
        S.clockEvents[c.match_id] = (S.clockEvents[c.match_id] || 0) + 1;
        render();
        return;
      }
      reload();
    },
    onState: (st) => {
      $('#conn').textContent = st === 'live' ? '' : t(`conn.${st}`);
      document.body.dataset.conn = st;
    },
  });
}

async function main() {
  applyI18n();
  if (!S.tid) {
    const { tournaments } = await api('GET', '/api/v1/tournaments');
    if (!tournaments.length) { $('#view').append(h('p', { class: 'empty' }, t('display.no_tournament'))); return; }
    S.tid = tournaments[tournaments.length - 1].id;
  }
  if (document.fonts) await document.fonts.ready;
  await load();
  showCommittee();
  startLive();
  tick();
  setInterval(tick, 250);
  if (S.rotate > 0) setInterval(() => { if (S.views.length > 1) { S.idx = (S.idx + 1) % S.views.length; render(); } }, S.rotate * 1000);
  // a new screen size: the pages again
  window.addEventListener('resize', debounce(() => { if (S.data.events) { plan(); render(); } }, 200));
}

main().catch((e) => showError(e));
