// The player's own rating on the phone (RAT-1, issue 34): before the tournament, the change
// so far and now, read from the tournament's ratings after each update.
import { api } from '/js/api.js';
import { $ } from '/js/dom.js';
import { t } from '/js/i18n.js';

export async function ratingLine(T, pid) {
  const el = $('#rating-line');
  if (!el) return;
  try {
    const r = await api('GET', `${T}/ratings`);
    const me = r.players.find((p) => p.player_id === pid);
    if (!me) { el.hidden = true; return; }
    const ch = me.change > 0 ? `+${me.change.toFixed(2)}` : me.change.toFixed(2);
    el.textContent = t('rat.phone', { before: me.entry.toFixed(2), change: ch, rating: me.rating.toFixed(2) });
    el.hidden = false;
  } catch (e) { el.hidden = true; }
}
