// The Swing leaderboard and the Davis Cup grid (standings and ties).
import { h, num } from './dom.js';
import { t } from './i18n.js';

// opts.onPlayer(player): when given (the console), each name is a button that opens the
// player's chip history. The display pages a long leaderboard: opts.from/opts.to (a slice
// of the players) and opts.columns (the slice split into that many tables side by side).
export function renderSwing(board, opts = {}) {
  if (!board) return h('p', {}, '—');
  const all = board.players || [];
  const players = all.slice(opts.from || 0, opts.to ?? all.length);
  const cols = Math.max(1, opts.columns || 1);
  const per = Math.ceil(players.length / cols) || 1;
  const table = (part, i) => h('table', { class: 'leader' },
    h('caption', {}, i === 0 ? t('swing.caption', { name: board.name }) : '\u00a0'),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, t('swing.rank')), h('th', { scope: 'col' }, t('swing.player')),
      h('th', { scope: 'col', class: 'num' }, t('swing.chips')), h('th', { scope: 'col', class: 'num' }, t('swing.change')),
      h('th', { scope: 'col' }, t('swing.status')))),
    h('tbody', {}, part.map((p) => h('tr', { class: `st-${p.status}` },
      h('td', {}, String(p.rank)),
      h('th', { scope: 'row' }, opts.onPlayer
        ? h('button', { type: 'button', class: 'link ledger-open', dataset: { playerId: p.player_id }, 'aria-label': t('ledger.open', { name: p.name }), onclick: () => opts.onPlayer(p) }, p.name)
        : h('span', { class: 'name' }, p.name)),
      h('td', { class: 'num' }, num(p.chips)),
      h('td', { class: `num ${p.change_last_round > 0 ? 'up' : p.change_last_round < 0 ? 'down' : ''}` },
        p.change_last_round > 0 ? `+${p.change_last_round}` : String(p.change_last_round)),
      h('td', {}, t(`swing.st.${p.status}`))))));
  const parts = [];
  for (let i = 0; i < cols; i++) {
    const part = players.slice(i * per, (i + 1) * per);
    if (part.length || i === 0) parts.push(table(part, i));
  }
  return h('div', { class: 'swing' },
    h('p', { class: 'muted' }, t('swing.round', { n: board.round || 0, cpp: board.cpp || 0 })),
    cols > 1 ? h('div', { class: 'cols' }, parts) : parts,
    board.champion ? h('p', { class: 'champion' }, t('swing.champion', { name: board.champion.name || board.champion })) : null);
}

// The display pages a big one: opts.part ('grid' or 'standings'; both when absent) and
// opts.from/opts.to (a slice of that part's rows); opts.compact heads the grid's columns
// with the teams' numbers, its rows with number and name.
export function renderDavis(board, opts = {}) {
  if (!board) return h('p', {}, '—');
  const teams = Object.fromEntries((board.teams || []).map((x) => [x.id, x]));
  const name = (id) => (teams[id] ? teams[id].name : t('davis.bye'));
  const num = (id) => (teams[id] && teams[id].number ? String(teams[id].number) : '');
  // grid: team x team, the tie's matches won
  const ids = (board.teams || []).map((x) => x.id);
  const rows = (list) => list.slice(opts.from || 0, opts.to ?? list.length);
  const cell = (a, b) => {
    if (a === b) return h('td', { class: 'diag' }, '');
    const tie = (board.ties || []).find((x) => (x.team_a === a && x.team_b === b) || (x.team_a === b && x.team_b === a));
    if (!tie) return h('td', {}, '');
    const flip = tie.team_a !== a;
    const won = tie.rubbers_won || [0, 0];
    const txt = `${flip ? won[1] : won[0]}–${flip ? won[0] : won[1]}`;
    const mine = tie.winner ? ((tie.winner === 'a') !== flip ? 'win' : 'loss') : 'open';
    return h('td', { class: `tie ${mine}` }, txt);
  };
  return h('div', { class: 'davis' },
    opts.part === 'standings' ? null : h('table', { class: 'grid' },
      h('caption', {}, t('davis.caption', { name: board.name })),
      h('thead', {}, h('tr', {}, h('td', {}), ids.map((id) => h('th', { scope: 'col', 'aria-label': opts.compact ? name(id) : null }, opts.compact ? num(id) : name(id))))),
      h('tbody', {}, rows(ids).map((a) => h('tr', {}, h('th', { scope: 'row' }, opts.compact ? [h('span', { class: 'num' }, num(a)), ' ', h('span', { class: 'name' }, name(a))] : name(a)), ids.map((b) => cell(a, b)))))),
    opts.part === 'grid' ? null : h('table', { class: 'leader' },
      h('caption', {}, t('davis.standings')),
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, t('swing.rank')), h('th', { scope: 'col' }, t('davis.team')),
        h('th', { scope: 'col', class: 'num' }, t('davis.ties_won')), h('th', { scope: 'col', class: 'num' }, t('davis.matches')),
        h('th', { scope: 'col', class: 'num' }, t('davis.points')))),
      h('tbody', {}, rows(board.standings || []).map((s) => h('tr', {},
        h('td', {}, String(s.rank)), h('th', { scope: 'row' }, opts.compact ? h('span', { class: 'name' }, s.name) : s.name),
        h('td', { class: 'num' }, String(s.ties_won)),
        h('td', { class: 'num' }, `${s.matches_won}–${s.matches_lost}`),
        h('td', { class: 'num' }, (s.points_difference > 0 ? '+' : '') + s.points_difference))))));
}
