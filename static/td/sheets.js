// Sheets for the wall and the tables, printed from the console (sheets.html): the draw
// sheet of each bracket (a bracket of more than 16 first-round matches one page a half,
// the final with the second), the call sheet (table, players, length), a score sheet a
// match (a row a game with both scores and a column to mark the Crawford game), and the
// standings and placings. A4 or Letter (?paper=a4|letter), each sheet sized to its page so
// that nothing is cut, and every name shrunk until it fits its box.
import { api } from '../js/api.js';
import { $, h, clear, showError, params, hhmm } from '../js/dom.js';
import { t, applyI18n, mountLangSwitch, onLangChange } from '../js/i18n.js';
import { renderBracketPage } from '../js/bracket.js';
import { matchLabel } from '../js/label.js';
import { renderSwing, renderDavis } from '../js/boards.js';
import { renderPlacings } from '../js/placings.js';

const q = params();
const S = { tid: Number(q.get('t')) || 0, sheet: q.get('sheet') || 'draw', event: Number(q.get('event')) || 0, match: Number(q.get('match')) || 0, paper: q.get('paper') === 'letter' ? 'letter' : 'a4' };
const T = () => `/api/v1/tournaments/${S.tid}`;
// the page in millimetres, portrait (width, height); a margin of 10 mm all round
const PAPER = { a4: [210, 297], letter: [215.9, 279.4] };
const MARGIN = 10;
const SHEETS = ['draw', 'call', 'scores', 'standings'];
// the draw sheet is printed across (the rounds side by side); the others down
const across = () => S.sheet === 'draw';
// a bracket's block on one page: at most 16 first-round matches (32 names)
const BLOCK = 16;

// The page's size and the sheet's box, for the print dialog (@page) and the screen alike.
function pageStyle() {
  const [w, hgt] = PAPER[S.paper];
  const [pw, ph] = across() ? [hgt, w] : [w, hgt];
  const css = `@page { size: ${pw}mm ${ph}mm; margin: ${MARGIN}mm; }
  :root { --sheet-w: ${pw - 2 * MARGIN}mm; --sheet-h: ${ph - 2 * MARGIN}mm; }`;
  // a constructed style sheet: the pages' CSP allows no inline <style>
  if (!S.style) { S.style = new CSSStyleSheet(); document.adoptedStyleSheets = [...document.adoptedStyleSheets, S.style]; }
  S.style.replaceSync(css);
}

async function start() {
  applyI18n();
  mountLangSwitch();
  onLangChange(() => render().catch(showError));
  const sel = $('#sheet-kind');
  for (const k of SHEETS) sel.append(h('option', { value: k, selected: k === S.sheet }, t(`sheets.${k}`)));
  $('#paper').value = S.paper;
  const go = () => {
    const u = new URL(location.href);
    u.searchParams.set('sheet', sel.value);
    u.searchParams.set('paper', $('#paper').value);
    u.searchParams.delete('match');
    location.href = u.toString();
  };
  sel.onchange = go;
  $('#paper').onchange = go;
  $('#print').onclick = () => window.print();
  $('#back').href = `/td/?t=${S.tid}#events`;
  await render();
}

async function render() {
  pageStyle();
  const [tour, ev, ms] = await Promise.all([api('GET', T()), api('GET', `${T()}/competitions`), api('GET', `${T()}/matches`)]);
  S.tour = tour;
  S.events = ev.events.filter((e) => !S.event || e.id === S.event);
  S.matches = ms.matches;
  document.title = `${t(`sheets.${S.sheet}`)} — ${tour.name}`;
  const box = clear($('#sheets'));
  const pages = await ({ draw: drawSheets, call: callSheets, scores: scoreSheets, standings: standingSheets }[S.sheet] || drawSheets)();
  box.append(...pages);
  if (!pages.length) box.append(h('p', { class: 'muted' }, t('sheets.none')));
  if (document.fonts) await document.fonts.ready;
  fitNames(box);
  document.body.dataset.ready = String((Number(document.body.dataset.ready) || 0) + 1);
}

// One printed page: the tournament and the sheet's title at its top.
function sheet(title, sub, ...content) {
  return h('section', { class: `sheet ${S.sheet}` },
    h('header', { class: 'sh-head' }, h('h1', {}, title), h('p', {}, [S.tour.name, S.tour.venue, sub].filter(Boolean).join(' · '))),
    h('div', { class: 'sh-body' }, content));
}

async function board(e) {
  return api('GET', `${T()}/competitions/${e.id}/${e.kind}`).catch(() => null);
}

// ---- the draw sheet ----
async function drawSheets() {
  const out = [];
  const live = Object.fromEntries(S.matches.map((m) => [m.id, m]));
  for (const e of S.events.filter((x) => x.kind === 'knockout')) {
    const ko = await board(e);
    if (!ko || !ko.drawn) continue;
    const first = ko.rounds[0].matches.length;
    const title = t('sheets.draw_of', { event: e.name });
    if (first <= BLOCK) {
      out.push(sheet(title, '', bracketBlock(ko, live, { from: 1, to: ko.rounds_count, start: 0, count: first })));
      continue;
    }
    // halves (quarters of a bracket of 128...): each its rounds down to one match
    const blocks = first / BLOCK;
    const to = ko.rounds_count - Math.log2(blocks);
    for (let b = 0; b < blocks; b++) {
      const part = [bracketBlock(ko, live, { from: 1, to, start: b * BLOCK, count: BLOCK })];
      // the rounds after the blocks meet (the final of two halves), with the last block
      if (b === blocks - 1) part.push(h('div', { class: 'sh-final' }, bracketBlock(ko, live, { from: to + 1, to: ko.rounds_count, start: 0, count: blocks / 2 })));
      out.push(sheet(title, t(blocks === 2 ? 'sheets.half' : 'sheets.part', { n: b + 1, of: blocks }), ...part));
    }
  }
  return out;
}

function bracketBlock(ko, live, page) {
  const el = renderBracketPage(ko, live, page);
  const grid = el.querySelector('.bgrid');
  // the display sizes its columns to the screen; a sheet shares the page's width
  grid.style.gridTemplateColumns = `repeat(${page.to - page.from + 1}, minmax(0, 1fr))`;
  return el;
}

// ---- the call sheet: the matches called or ready, by table ----
const named = (m) => m.sides.every((s) => s.player_id || s.team);
const sideName = (s) => (s.team ? s.team.name : s.name || '—');
const lengthText = (L) => (L ? t(L === 1 ? 'play.point_one' : 'play.points', { n: L }) : t('play.money_game'));
const byTable = (x, y) => String(x.table || '~').localeCompare(String(y.table || '~'), undefined, { numeric: true }) || x.id - y.id;
const inEvents = (m) => !S.event || m.event_id === S.event;

async function callSheets() {
  const ms = S.matches.filter((m) => inEvents(m) && named(m) && ['called', 'playing', 'scheduled'].includes(m.state)).sort(byTable);
  if (!ms.length) return [];
  const table = h('table', { class: 'sh-table call' },
    h('thead', {}, h('tr', {}, ['sheets.table', 'sheets.match', 'sheets.player', 'sheets.player', 'sheets.length', 'sheets.called']
      .map((k) => h('th', { scope: 'col' }, t(k))))),
    h('tbody', {}, ms.map((m) => h('tr', { dataset: { matchId: m.id } },
      h('td', { class: 'tbl' }, m.table || '—'), h('td', {}, matchLabel(m.label, m.id)),
      h('td', {}, h('span', { class: 'name' }, sideName(m.sides[0]))), h('td', {}, h('span', { class: 'name' }, sideName(m.sides[1]))),
      h('td', {}, lengthText(m.length)), h('td', {}, m.times && m.times.called ? hhmm(m.times.called) : '')))));
  const s = sheet(t('sheets.call'), hhmm(new Date()), table);
  s.classList.add('flow'); // a long call sheet runs over pages: its head repeats on each
  return [s];
}

// ---- a score sheet a match ----
async function scoreSheets() {
  const ms = S.matches.filter((m) => (S.match ? m.id === S.match : inEvents(m) && named(m) && ['called', 'playing', 'scheduled'].includes(m.state))).sort(byTable);
  return ms.map((m) => {
    // a row a game: a match to L points takes at most 2L-1 games; a long one gets the rows a page holds
    const rows = m.length ? Math.min(2 * m.length - 1, 25) : 1;
    const [a, b] = m.sides.map(sideName);
    return sheet(t('sheets.score_of', { label: matchLabel(m.label, m.id) }), '',
      h('dl', { class: 'sh-facts' },
        h('div', {}, h('dt', {}, t('sheets.table')), h('dd', {}, m.table || '—')),
        h('div', {}, h('dt', {}, t('sheets.length')), h('dd', {}, lengthText(m.length))),
        h('div', {}, h('dt', {}, t('sheets.match')), h('dd', {}, matchLabel(m.label, m.id)))),
      h('table', { class: 'sh-table games', dataset: { matchId: m.id } },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('sheets.game')),
          h('th', { scope: 'col' }, h('span', { class: 'name' }, a)), h('th', { scope: 'col' }, h('span', { class: 'name' }, b)),
          h('th', { scope: 'col' }, t('sheets.crawford')))),
        h('tbody', {}, Array.from({ length: rows }, (_, i) => h('tr', {}, h('td', {}, String(i + 1)), h('td', {}), h('td', {}), h('td', { class: 'box' }, '☐'))))),
      h('div', { class: 'sh-sign' }, h('p', {}, t('sheets.winner')), h('p', {}, t('sheets.signatures', { a, b }))));
  });
}

// ---- standings and placings ----
// A knockout's placings; a Swing's leaderboard and a Davis Cup's standings with their
// placings below (PLACE-1: the server places every kind).
async function standingSheets() {
  const out = [];
  for (const e of S.events) {
    const b = await board(e);
    if (!b) continue;
    const pl = await api('GET', `${T()}/competitions/${e.id}/placings`).catch(() => null);
    let body;
    if (e.kind === 'knockout') body = b.drawn && pl ? renderPlacings(pl) : h('p', { class: 'muted' }, t('bracket.not_drawn'));
    else {
      body = h('div', {}, e.kind === 'swing' ? renderSwing(b) : renderDavis(b, { part: 'standings' }));
      if (pl && e.state === 'finished') body.append(renderPlacings(pl));
    }
    const s = sheet(t('sheets.standings_of', { event: e.name }), '', body);
    s.classList.add('flow');
    out.push(s);
  }
  return out;
}

// Every name no wider than its box (its text measured to the fraction of a pixel): its size
// lowered a step at a time, never cut.
function fitNames(root) {
  const range = document.createRange();
  const wide = (el) => {
    range.selectNodeContents(el);
    return el.scrollWidth > el.clientWidth || range.getBoundingClientRect().width > el.getBoundingClientRect().width;
  };
  for (const el of root.querySelectorAll('.name')) {
    let size = parseFloat(getComputedStyle(el).fontSize);
    while (wide(el) && size > 4) {
      size *= 0.92;
      el.style.fontSize = `${size}px`;
    }
  }
}

start().catch((e) => showError(e));
