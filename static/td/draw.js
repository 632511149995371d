// Before a draw: the players checked in entered at once, and the entrants not checked in
// named and the TD asked first, since a player who never came would be drawn into a match
// nobody plays (a walkover later).
import { api } from '../js/api.js';
import { announce, showError, clearError } from '../js/dom.js';
import { t } from '../js/i18n.js';

// Every player checked in, not withdrawn and not entered yet, entered in event e (T: the
// tournament's API path); the first refusal stops it and is shown.
export async function enterAll(T, e, players) {
  const toEnter = players.filter((p) => p.checked_in && p.status !== 'withdrawn' && !e.entries.includes(p.id));
  clearError();
  for (const p of toEnter) {
    try { await api('POST', `${T}/competitions/${e.id}/entries`, { player_id: p.id }); } catch (err) { showError(err); break; }
  }
  announce(t('td.entered', { n: toEnter.length }));
}

// e: the event (its entries, player ids); players: the tournament's players. True when
// every entrant is checked in, or the TD chose to draw anyway.
export function confirmDraw(e, players) {
  const absent = players.filter((p) => e.entries.includes(p.id) && !p.checked_in).map((p) => p.name);
  if (!absent.length) return true;
  return confirm(t(absent.length === 1 ? 'td.draw_unchecked_one_q' : 'td.draw_unchecked_q', { n: absent.length, names: absent.join(', ') }));
}
