// A Swiss's standings (SWISS-2) and a round's pairings with their reasons (SWISS-1), from
// GET …/competitions/{id}/swiss: the console shows both, the display pages the standings.
import { h } from './dom.js';
import { t } from './i18n.js';

// The standings table; opts.from/opts.to: a slice of the rows (the display's pages).
export function renderSwissStandings(board, opts = {}) {
  if (!board) return h('p', {}, '—');
  const all = board.standings || [];
  const rows = all.slice(opts.from || 0, opts.to ?? all.length);
  const tbs = board.tiebreaks || [];
  const status = (s) => (s.withdrawn ? t('swiss.withdrawn') : s.out ? t('swiss.out') : '');
  return h('div', { class: 'swiss' },
    h('p', { class: 'muted' }, board.rounds_total
      ? t('swiss.round_of', { n: board.round || 0, of: board.rounds_total })
      : t('swiss.round_lives', { n: board.round || 0, lives: board.lives || 0 })),
    h('table', { class: 'leader swiss-standings' },
      h('caption', {}, t('swiss.caption', { name: board.name })),
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, t('swiss.place')), h('th', { scope: 'col' }, t('swiss.player')),
        h('th', { scope: 'col', class: 'num' }, t('swiss.wins')), h('th', { scope: 'col', class: 'num' }, t('swiss.losses')),
        tbs.map((k) => h('th', { scope: 'col', class: 'num' }, t(`swiss.tb.${k}`))),
        h('th', { scope: 'col' }, t('swiss.status')))),
      h('tbody', {}, rows.map((s) => h('tr', { class: s.withdrawn || s.out ? 'st-out' : '', dataset: { playerId: s.player_id } },
        h('td', {}, String(s.place)),
        h('th', { scope: 'row' }, h('span', { class: 'name' }, s.name)),
        h('td', { class: 'num' }, String(s.wins)), h('td', { class: 'num' }, String(s.losses)),
        tbs.map((k) => h('td', { class: 'num' }, String((s.tiebreaks || {})[k] ?? ''))),
        h('td', {}, status(s)))))),
    board.state === 'finished' && (board.placings || []).length
      ? h('p', { class: 'champion' }, t('swiss.winner', { name: board.placings[0].name })) : null);
}

// One round: its pairings (table, the two players, the result) and the pairing's reasons.
export function renderSwissRound(board, round) {
  if (!round) return null;
  return h('div', { class: 'swiss-round', dataset: { round: round.round } },
    h('table', { class: 'list swiss-pairings' },
      h('caption', {}, t('swiss.pairings', { n: round.round })),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('swiss.table')), h('th', { scope: 'col' }, t('swiss.player')),
        h('th', { scope: 'col' }, t('swiss.opponent')), h('th', { scope: 'col' }, t('swiss.result')))),
      h('tbody', {}, round.pairings.map((p) => h('tr', { dataset: { matchId: p.match_id } },
        h('td', {}, p.table || '—'), h('td', {}, p.names[0]), h('td', {}, p.names[1]),
        h('td', {}, p.winner ? t('swiss.won_by', { name: p.winner === p.players[0] ? p.names[0] : p.names[1] }) : t(`state.${p.state}`)))),
        round.bye ? h('tr', { class: 'bye' }, h('td', {}, '—'), h('td', {}, round.bye_name), h('td', {}, t('swiss.bye')), h('td', {}, '')) : null)),
    round.rematches ? h('p', { class: 'warn' }, t(round.rematches === 1 ? 'swiss.rematches_one' : 'swiss.rematches', { n: round.rematches })) : null,
    (round.reasons || []).length ? h('ul', { class: 'reasons' }, round.reasons.map((r) => h('li', { class: `why-${r.kind}` }, reasonText(board, round, r)))) : null);
}

// A pairing's reason in the page's language: its code and figures (the players by id),
// said by the strings; the server's English sentence when it has no code (a round paired
// before the reasons had one).
function reasonText(board, round, r) {
  if (!r.code) return r.text;
  const names = new Map((board.standings || []).map((x) => [x.player_id, x.name]));
  for (const p of round.pairings || []) p.players.forEach((id, i) => names.set(id, p.names[i]));
  if (round.bye) names.set(round.bye, round.bye_name);
  const name = (id) => names.get(id) || `#${id}`;
  return t(`why.${r.code}`, { ...r.args, a: name(r.a), b: r.b ? name(r.b) : '' });
}
