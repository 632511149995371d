// A knockout bracket as a tree of rounds (columns), each match with its players, table,
// score and state. Used by the display and the TD console.
import { h } from './dom.js';
import { t } from './i18n.js';
import { roundsLeft, scoreShown, endedText } from './label.js';

function sideLabel(s) {
  if (s.player_id) return s.name;
  if (s.team_id) return s.name;
  if (s.kind === 'bye') return t('bracket.bye');
  if (s.kind === 'late') return t('bracket.late', { n: s.late_place });
  if (s.kind === 'to_enter') return t('bracket.to_enter');
  if (s.kind === 'winner_of') return t('bracket.winner_of', { round: s.round, n: s.index + 1 });
  if (s.kind === 'loser_of') return t('bracket.loser_of', { n: s.index + 1 });
  return s.name || '—';
}

// PLACE-1: the play-off for 3rd, drawn beside the final: a column of its own after it.
function playoffColumn(ko, matchEl) {
  const p = ko.playoff;
  if (!p) return null;
  return h('section', { class: 'round playoff', 'aria-label': t('label.playoff') },
    h('h3', {}, t('label.playoff'), ' ', p.length ? h('span', { class: 'len' }, t(p.length === 1 ? 'bracket.length_one' : 'bracket.length', { n: p.length })) : null),
    h('ol', { class: 'matches' }, matchEl(p)));
}

// The champion's name: the API gives the champion's id (an object with a name in older
// answers); the name is that of the final's winner.
function championName(ko) {
  const c = ko.champion;
  if (!c) return '';
  if (typeof c === 'object') return c.name || '';
  const fin = ko.rounds.length ? ko.rounds[ko.rounds.length - 1].matches[0] : null;
  const w = fin && fin.winner ? fin.sides[fin.winner === 'a' ? 0 : 1] : null;
  if (w && w.name) return w.name;
  for (const r of ko.rounds) for (const m of r.matches) for (const s of m.sides) if ((s.player_id || s.team_id) === c && s.name) return s.name;
  return '';
}

// A column's heading (plural: the round's matches); label.js names one match's round.
export function roundName(r, count) {
  const left = roundsLeft(r.round, count);
  if (left === 0) return t('bracket.final');
  if (left === 1) return t('bracket.semi');
  if (left === 2) return t('bracket.quarter');
  return t('bracket.round', { n: r.round });
}

// A side's score in a bracket: the live match's (score), else the bracket's own (s.score);
// none for a side not known yet, a void match, or a disputed one (its badge says so).
function sideScore(st, known, score, s, key) {
  if (st === 'void' || !known || !scoreShown(st)) return '';
  return String(score ? score[key] : (s.score ?? ''));
}

// ko: the GET …/knockout answer; live: {match_id: match} with current scores.
export function renderBracket(ko, live = {}) {
  if (!ko || !ko.drawn) {
    return h('p', { class: 'muted' }, t('bracket.not_drawn'));
  }
  const matchEl = (m) => {
    const cur = live[m.match_id];
    const score = cur ? cur.score : null;
    const st = cur ? cur.state : m.match_state;
    const rows = m.sides.map((s, i) => {
      const key = i ? 'b' : 'a';
      const known = s.player_id || s.team_id;
      const val = sideScore(st, known, score, s, key);
      return h('div', { class: m.winner === key ? 'side win' : 'side' },
        h('span', { class: 'name' }, sideLabel(s)),
        h('span', { class: 'score', dataset: { match: m.match_id, side: key } }, val));
    });
    const table = cur ? cur.table : m.table;
    const meta = h('div', { class: 'meta' });
    if (table) meta.append(h('span', { class: 'table' }, t('match.table', { table })));
    // a decided match says how it ended when not played out (on time, conceded, a ruling...)
    if (st && st !== 'void' && st !== 'scheduled') meta.append(h('span', { class: `badge st-${st}` }, endedText(cur) || t(`state.${st}`)));
    return h('li', { class: `bm state-${st}`, dataset: { matchId: m.match_id } }, rows, meta);
  };
  const cols = ko.rounds.map((r) => {
    const name = roundName(r, ko.rounds_count);
    return h('section', { class: 'round', 'aria-label': name },
      h('h3', {}, name, ' ', r.length ? h('span', { class: 'len' }, t(r.length === 1 ? 'bracket.length_one' : 'bracket.length', { n: r.length })) : null),
      h('ol', { class: 'matches' }, r.matches.map(matchEl)));
  });
  const champ = ko.champion ? h('p', { class: 'champion' }, t('bracket.champion', { name: championName(ko) })) : null;
  return h('div', { class: 'bracket' }, cols, playoffColumn(ko, matchEl), champ);
}

// ---- the venue display: a bracket page ----

// The short form of a side for the display: "Winner R2 M11", "Late 3".
function shortLabel(s) {
  if (s.player_id || s.team_id) return s.name;
  if (s.kind === 'bye') return t('bracket.bye');
  if (s.kind === 'late') return t('display.late_short', { n: s.late_place });
  if (s.kind === 'to_enter') return t('display.to_enter_short');
  if (s.kind === 'winner_of') return t('display.winner_short', { round: s.round, n: s.index + 1 });
  if (s.kind === 'loser_of') return t('bracket.loser_of', { n: s.index + 1 });
  return s.name || '—';
}

const isBye = (s) => !s.player_id && !s.team_id && s.kind === 'bye';

// The earliest round that still has an undecided match (1 when none is decided yet, null
// when every match is decided).
export function firstOpenRound(ko) {
  for (const r of ko.rounds || []) if (r.matches.some((m) => !m.winner)) return r.round;
  return null;
}

// One page of the bracket for the display: rounds from..to (round numbers), and of round
// `from` the `count` matches from index `start`, with their descendants (so `to` is at most
// the round where the block becomes one match). Laid out as a grid: a match of the k-th
// column spans 2^k rows of the first, so the tree lines up. A round-1 match against a bye
// is a one-line entry. Scores keep data-match/data-side, as in renderBracket.
export function renderBracketPage(ko, live = {}, page = {}) {
  if (!ko || !ko.drawn) return h('p', { class: 'muted' }, t('bracket.not_drawn'));
  const from = page.from || 1;
  const rounds = ko.rounds.filter((r) => r.round >= from && r.round <= (page.to || ko.rounds_count));
  const first = rounds[0];
  const start = page.start || 0;
  const count = page.count || first.matches.length;
  const matchEl = (m, round) => {
    const cur = live[m.match_id];
    const st = cur ? cur.state : m.match_state;
    const bye = m.sides.findIndex(isBye);
    if (bye >= 0) {
      const s = m.sides[1 - bye];
      return h('div', { class: 'bm bye', dataset: { matchId: m.match_id } },
        h('div', { class: 'side' }, h('span', { class: 'name' }, isBye(s) ? '—' : shortLabel(s)),
          h('span', { class: 'byetag' }, t('display.bye_short'))));
    }
    const score = cur ? cur.score : null;
    const rows = m.sides.map((s, i) => {
      const key = i ? 'b' : 'a';
      const known = s.player_id || s.team_id;
      const val = sideScore(st, known, score, s, key);
      return h('div', { class: `side${m.winner === key ? ' win' : ''}${known ? '' : ' ph'}` },
        h('span', { class: 'name' }, shortLabel(s)),
        h('span', { class: 'score', dataset: { match: m.match_id, side: key } }, val));
    });
    const table = st === 'verified' ? '' : cur ? cur.table : m.table; // a decided match's table is history
    const meta = [];
    if (table) meta.push(h('span', { class: 'table' }, t('match.table', { table })));
    // a decided match says so by its bold winner and score: no badge (a line saved)
    // unless it ended otherwise than played out (on time, conceded, a ruling...)
    if (endedText(cur)) meta.push(h('span', { class: `badge st-${st}` }, endedText(cur)));
    else if (st && !['void', 'scheduled', 'verified'].includes(st)) meta.push(h('span', { class: `badge st-${st}` }, t(`state.${st}`)));
    return h('div', { class: `bm state-${st}`, dataset: { matchId: m.match_id, round } }, rows,
      meta.length ? h('div', { class: 'meta' }, meta) : null);
  };
  const cells = [];
  rounds.forEach((r, c) => {
    const span = 2 ** c;
    const name = roundName(r, ko.rounds_count);
    const head = h('h3', {}, name, ' ', r.length ? h('span', { class: 'len' }, t(r.length === 1 ? 'bracket.length_one' : 'bracket.length', { n: r.length })) : null);
    head.style.gridColumn = String(c + 1); // the CSP allows styles set this way, not style=""
    head.style.gridRow = '1';
    cells.push(head);
    const lo = Math.floor(start / span);
    const n = Math.max(1, count / span);
    for (let j = 0; j < n; j++) {
      const m = r.matches[lo + j];
      if (!m) continue;
      const el = matchEl(m, r.round);
      el.style.gridColumn = String(c + 1);
      el.style.gridRow = `${2 + j * span} / span ${span}`;
      cells.push(el);
    }
  });
  const last = (page.to || ko.rounds_count) === ko.rounds_count;
  const champ = ko.champion && last
    ? h('p', { class: 'champion' }, t('bracket.champion', { name: championName(ko) })) : null;
  // PLACE-1: the play-off for 3rd under the page that shows the final
  const playoff = ko.playoff && last
    ? h('div', { class: 'bplayoff' }, h('h3', {}, t('label.playoff')), matchEl(ko.playoff, ko.rounds_count)) : null;
  const grid = h('div', { class: 'bgrid' }, cells);
  grid.style.gridTemplateColumns = `repeat(${rounds.length}, minmax(0, 64vh))`;
  grid.style.gridTemplateRows = `min-content repeat(${count}, auto)`;
  return h('div', { class: 'bpage' }, grid, playoff, champ);
}
