// A knockout bracket as a tree of rounds (columns), each match with its players, table,
// score and state. Used by the display and the TD console.
import { h } from './dom.js';
import { t } from './i18n.js';

function sideLabel(s) {
  if (s.player_id) return s.name;
  if (s.team_id) return s.name;
  if (s.kind === 'bye') return t('bracket.bye');
  if (s.kind === 'late') return t('bracket.late', { n: s.late_place });
  if (s.kind === 'to_enter') return t('bracket.to_enter');
  if (s.kind === 'winner_of') return t('bracket.winner_of', { round: s.round, n: s.index + 1 });
  return s.name || '—';
}

export function roundName(r, count) {
  const left = count - r.round;
  if (left === 0) return t('bracket.final');
  if (left === 1) return t('bracket.semi');
  if (left === 2) return t('bracket.quarter');
  return t('bracket.round', { n: r.round });
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
      const val = st === 'void' || !known ? '' : String(score ? score[key] : (s.score ?? ''));
      return h('div', { class: m.winner === key ? 'side win' : 'side' },
        h('span', { class: 'name' }, sideLabel(s)),
        h('span', { class: 'score', dataset: { match: m.match_id, side: key } }, val));
    });
    const table = cur ? cur.table : m.table;
    const meta = h('div', { class: 'meta' });
    if (table) meta.append(h('span', { class: 'table' }, t('match.table', { table })));
    if (st && st !== 'void' && st !== 'scheduled') meta.append(h('span', { class: `badge st-${st}` }, t(`state.${st}`)));
    return h('li', { class: `bm state-${st}`, dataset: { matchId: m.match_id } }, rows, meta);
  };
  const cols = ko.rounds.map((r) => {
    const name = roundName(r, ko.rounds_count);
    return h('section', { class: 'round', 'aria-label': name },
      h('h3', {}, name, ' ', r.length ? h('span', { class: 'len' }, t(r.length === 1 ? 'bracket.length_one' : 'bracket.length', { n: r.length })) : null),
      h('ol', { class: 'matches' }, r.matches.map(matchEl)));
  });
  // the champion is an id (a player, or a Davis Cup team): named by the final's winning side
  const fin = ko.rounds.length ? ko.rounds[ko.rounds.length - 1].matches[0] : null;
  const won = fin && fin.winner ? fin.sides[fin.winner === 'b' ? 1 : 0] : null;
  const champName = (ko.champion && ko.champion.name) || (won && won.name) || '';
  const champ = ko.champion ? h('p', { class: 'champion' }, t('bracket.champion', { name: champName })) : null;
  return h('div', { class: 'bracket' }, cols, champ);
}
