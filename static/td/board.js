// The board of matches (moved out of td.js; issue 32 item 2): the columns by state, each
// filtered (board_filter.js), the decided column latest first; a column shows its first
// PAGE cards and "all N" shows the rest, so that a board of 1,500 matches puts only what
// is looked at in the page. The match panel opens beside the board, where the TD looks.
import { $, h, clear } from '../js/dom.js';
import { t } from '../js/i18n.js';
import { matchLabel, scoreShown, endedNote, sidesLine } from '../js/label.js';
import { boardFilter, matchPasses, fillBoardChoices } from './board_filter.js';
import { matchRatingLine } from '../js/rating_change.js';

const COLS = ['scheduled', 'called', 'playing', 'reported', 'disputed', 'verified'];
const PAGE = 40;
const whole = new Set(); // the columns the TD asked to see whole ("all N")

// A card's score, and how a decided match ended; for a disputed match what stands instead (MATCH-4).
const scoreText = (m) => (scoreShown(m.state) ? `${m.score.a}–${m.score.b}${endedNote(m)}` : `${t('state.disputed')}: ${t('match.reports_differ')}`);

export function matchCard(m, open) {
  return h('li', {}, h('button', { type: 'button', class: `mcard state-${m.state}`, dataset: { matchId: m.id }, onclick: () => open(m.id) },
    h('span', { class: 'lb' }, matchLabel(m.label, m.id)),
    h('span', { class: 'pl' }, sidesLine(m)),
    h('span', { class: 'sc' }, scoreText(m)),
    h('span', { class: 'tb' }, m.table ? t('match.table', { table: m.table }) : ''),
    m.rating ? h('span', { class: 'rt' }, matchRatingLine(m, 0, (i) => m.sides[i].name || '')) : null));
}

// S: the console's state (its events and matches); open(id) opens a match's panel.
export function renderBoard(S, open) {
  fillBoardChoices(S.events, S.matches);
  const f = boardFilter();
  const cols = clear($('#b-cols'));
  const shown = S.matches.filter((m) => m.sides.every((s) => s.player_id) && m.state !== 'void' && matchPasses(m, f));
  for (const st of COLS) {
    if (f.state && f.state !== st) continue;
    let ms = shown.filter((m) => (st === 'verified' ? ['verified', 'forfeited', 'withdrawn'].includes(m.state) : m.state === st));
    // the latest decided first: what the TD just verified is on top
    if (st === 'verified') ms = ms.slice().sort((a, b) => String(b.updated_at).localeCompare(String(a.updated_at)) || b.id - a.id);
    const cut = !whole.has(st) && ms.length > PAGE;
    cols.append(h('section', { class: `col col-${st}`, 'aria-label': t(`state.${st}`) },
      h('h3', {}, t(`state.${st}`), ' ', h('span', { class: 'count' }, String(ms.length))),
      h('ul', { class: 'plain' }, (cut ? ms.slice(0, PAGE) : ms).map((m) => matchCard(m, open))),
      cut ? h('button', { type: 'button', class: 'link all', onclick: () => { whole.add(st); renderBoard(S, open); } }, t('board.all', { n: ms.length })) : null));
  }
}

// One match changed (live_apply.js): its card alone redrawn, moved to its new column when
// its state changed, the counts of the columns said again; nothing else of the board.
export function boardApply(S, m, open) {
  const f = boardFilter();
  const old = $(`#b-cols .mcard[data-match-id="${m.id}"]`);
  const li = old && old.closest('li');
  const st = ['verified', 'forfeited', 'withdrawn'].includes(m.state) ? 'verified' : m.state;
  const col = $(`#b-cols .col-${st} ul`);
  const passes = m.sides.every((s) => s.player_id) && m.state !== 'void' && matchPasses(m, f);
  const card = passes && col ? matchCard(m, open) : null;
  if (li && card && li.parentNode === col) li.replaceWith(card);
  else {
    if (li) li.remove();
    // in the column's order: by id; the decided latest first
    if (card) {
      const after = [...col.children].find((x) => (st === 'verified' ? true : Number(x.firstChild.dataset.matchId) > m.id));
      col.insertBefore(card, after || null);
    }
  }
  for (const c of COLS) {
    const n = $(`#b-cols .col-${c} .count`);
    if (n) n.textContent = String(S.matches.filter((x) => x.sides.every((s) => s.player_id) && x.state !== 'void' && matchPasses(x, f) && (c === 'verified' ? ['verified', 'forfeited', 'withdrawn'].includes(x.state) : x.state === c)).length);
  }
}

// The filters redraw the board as they change (the search as it is typed).
export function wireBoard(S, open) {
  for (const id of ['#b-event', '#b-round', '#b-state', '#b-table', '#b-search']) $(id).addEventListener('input', () => renderBoard(S, open));
}
