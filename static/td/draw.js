// Before a draw: the entrants not checked in are named and the TD asked first, since a
// player who never came would be drawn into a match nobody plays (a walkover later).
import { t } from '/js/i18n.js';

// e: the event (its entries, player ids); players: the tournament's players. True when
// every entrant is checked in, or the TD chose to draw anyway.
export function confirmDraw(e, players) {
  const absent = players.filter((p) => e.entries.includes(p.id) && !p.checked_in).map((p) => p.name);
  if (!absent.length) return true;
  return confirm(t(absent.length === 1 ? 'td.draw_unchecked_one_q' : 'td.draw_unchecked_q', { n: absent.length, names: absent.join(', ') }));
}
