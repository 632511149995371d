// A Swiss player's line on the phone (SWISS-1, SWISS-2): the round, the opponent and the
// table (or the bye), and the player's standing, from the Swiss's board.
import { api } from '/js/api.js';
import { t } from '/js/i18n.js';

// The lines for player pid in the Swiss events among events (T: the tournament's API
// path), one per Swiss entered; [] when none.
export async function swissLines(T, events, pid) {
  const out = [];
  for (const ev of events.filter((e) => e.kind === 'swiss' && e.entries.includes(pid))) {
    let b;
    try { b = await api('GET', `${T}/competitions/${ev.id}/swiss`); } catch (e) { continue; }
    const me = (b.standings || []).find((s) => s.player_id === pid);
    if (!me) continue;
    const parts = [];
    const last = (b.rounds || [])[b.rounds.length - 1];
    const mine = last && last.pairings.find((p) => p.players.includes(pid));
    if (me.withdrawn) parts.push(t('swiss.you_withdrawn'));
    else if (me.out) parts.push(t('swiss.you_out'));
    else if (mine && !mine.winner) {
      const opp = mine.names[mine.players[0] === pid ? 1 : 0];
      parts.push(t(mine.table ? 'swiss.you_play_at' : 'swiss.you_play', { n: last.round, name: opp, table: mine.table }));
    } else if (last && last.bye === pid && b.open_matches) parts.push(t('swiss.you_bye', { n: last.round }));
    parts.push(t('swiss.you_stand', { place: me.place, n: b.standings.length, wins: me.wins, losses: me.losses }));
    out.push(t('ko.line', { event: ev.name, text: parts.join(' ') }));
  }
  return out;
}
