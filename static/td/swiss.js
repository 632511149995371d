// The console's Swiss (SWISS-1, SWISS-2): the next round paired from a seed (the reply says
// how many rematches it could not avoid), the last round's pairings with their reasons,
// paired again before it starts, two of its players swapped with the TD's reason, late
// entries with their starting wins, withdrawals; the standings. The board is GET …/swiss.
import { api } from '../js/api.js';
import { h, announce } from '../js/dom.js';
import { t } from '../js/i18n.js';
import { renderSwissStandings, renderSwissRound } from '../js/swiss_board.js';

// The Swiss's part of its event card. e: the event; b: its board (or null); E: the
// event's API path; players: the tournament's; act: the console's runner of an action.
export function swissPart(e, b, E, players, act) {
  const out = [];
  const id = e.id;
  const seed = h('input', { id: `wseed-${id}`, size: 10 });
  const paired = (r) => r && announce(r.rematches
    ? t(r.rematches === 1 ? 'swiss.paired_rematch_one' : 'swiss.paired_rematches', { n: r.round, k: r.rematches })
    : t('swiss.paired', { n: r.round }));
  const bodyOf = () => (seed.value ? { seed: seed.value } : {});
  if (e.state !== 'finished') {
    out.push(h('div', { class: 'row' }, h('label', { for: `wseed-${id}` }, t('td.seed')), seed,
      h('button', { type: 'button', class: 'primary swiss-pair', disabled: !!(b && !b.may_pair), onclick: () => act(() => api('POST', `${E}/swiss/rounds`, bodyOf())).then(paired) }, t('swiss.pair_next')),
      b && b.round ? h('button', { type: 'button', class: 'swiss-repair', onclick: () => confirm(t('swiss.repair_q', { n: b.round })) && act(() => api('POST', `${E}/swiss/rounds/${b.round}/repair`, bodyOf())).then(paired) }, t('swiss.repair')) : null));
  }
  if (!b) return out;
  const last = (b.rounds || [])[b.rounds.length - 1];
  if (last) {
    out.push(renderSwissRound(b, last));
    // the swap: two of the round's players (one may hold the bye) and the reason, audited
    if (e.state !== 'finished') {
      const inRound = last.pairings.flatMap((p) => p.players.map((pid, i) => [pid, p.names[i]]));
      if (last.bye) inRound.push([last.bye, last.bye_name]);
      const sel = (sid) => h('select', { id: sid }, inRound.map(([pid, name]) => h('option', { value: pid }, name)));
      const a = sel(`swa-${id}`), bb = sel(`swb-${id}`);
      if (bb.options.length > 1) bb.selectedIndex = 1;
      const why = h('input', { id: `swr-${id}`, size: 18 });
      out.push(h('div', { class: 'row swiss-swap' },
        h('label', { for: `swa-${id}` }, t('swiss.swap_a')), a, h('label', { for: `swb-${id}` }, t('swiss.swap_b')), bb,
        h('label', { for: `swr-${id}` }, t('swiss.reason')), why,
        h('button', { type: 'button', onclick: () => act(() => api('POST', `${E}/swiss/rounds/${last.round}/swap`, { a: Number(a.value), b: Number(bb.value), reason: why.value }), t('swiss.swapped')) }, t('swiss.swap'))));
    }
  }
  if (e.state === 'running') {
    // late entry: a player not entered joins the next round with the wins the TD sets
    const lp = h('select', { id: `wl-${id}` }, players.filter((p) => p.status !== 'withdrawn' && !e.entries.includes(p.id)).map((p) => h('option', { value: p.id }, p.name)));
    const wins = h('input', { id: `wlw-${id}`, type: 'number', min: 0, value: (e.swiss && e.swiss.late_wins) || 0, size: 3 });
    if (lp.options.length) {
      out.push(h('div', { class: 'row swiss-late' }, h('label', { for: `wl-${id}` }, t('td.late_player')), lp,
        h('label', { for: `wlw-${id}` }, t('swiss.start_wins')), wins,
        h('button', { type: 'button', onclick: () => act(() => api('POST', `${E}/swiss/entries`, { player_id: Number(lp.value), start_wins: Number(wins.value) || 0 }), t('swiss.late_done')) }, t('td.late_add'))));
    }
    const still = (b.standings || []).filter((s) => !s.withdrawn);
    const wp = h('select', { id: `ww-${id}` }, still.map((s) => h('option', { value: s.player_id }, s.name)));
    out.push(h('div', { class: 'row swiss-withdraw' }, h('label', { for: `ww-${id}` }, t('td.player')), wp,
      h('button', { type: 'button', onclick: () => confirm(t('swiss.withdraw_q')) && act(() => api('POST', `${E}/swiss/withdraw`, { player_id: Number(wp.value) }), t('swiss.withdrawn_done')) }, t('swiss.withdraw'))));
  }
  out.push(h('details', { open: true }, h('summary', {}, t('swiss.standings')), renderSwissStandings(b)));
  return out;
}
