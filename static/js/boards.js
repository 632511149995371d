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
    // the champion is a player id: named from the leaderboard
    board.champion ? h('p', { class: 'champion' }, t('swing.champion', { name: board.champion.name || ((board.players || []).find((p) => p.player_id === board.champion) || {}).name || '' })) : null);
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

// A Davis Cup knockout (DAVIS-3 over KO-2..4) as renderBracket draws a knockout: each tie a
// match of the bracket, its sides the teams (or a bye, or the winner of an earlier tie), its
// score the matches won. The board's own bracket is only a summary (rounds, late places,
// champion), without the ties.
export function davisBracket(board) {
  const b = board && board.bracket;
  if (!b) return null;
  const teams = Object.fromEntries((board.teams || []).map((x) => [x.id, x]));
  const ties = board.ties || [];
  const side = (tie, i) => {
    const id = i ? tie.team_b : tie.team_a;
    if (id) return { team_id: id, name: teams[id] ? teams[id].name : `#${id}`, score: (tie.rubbers_won || [0, 0])[i] };
    if (tie.bye) return { kind: 'bye' };
    if (tie.round > 1) return { kind: 'winner_of', round: tie.round - 1, index: 2 * (tie.slot - 1) + i };
    return { kind: 'to_enter' };
  };
  const state = (tie) => {
    if (tie.bracket_state === 'walkover' || tie.bye) return 'void';
    if (tie.bracket_state === 'done') return 'verified';
    const going = (tie.rubbers || []).some((m) => m.state !== 'scheduled' && m.state !== 'void');
    return tie.bracket_state === 'ready' && going ? 'playing' : 'scheduled';
  };
  const rounds = [];
  for (let r = 1; r <= (b.rounds || 0); r++) {
    rounds.push({
      round: r,
      matches: ties.filter((x) => x.round === r).sort((x, y) => x.slot - y.slot).map((tie) => ({
        sides: [side(tie, 0), side(tie, 1)], winner: tie.winner, match_state: state(tie),
      })),
    });
  }
  const champ = b.champion && teams[b.champion];
  return { drawn: true, rounds, rounds_count: b.rounds, champion: champ ? { name: champ.name } : null };
}
