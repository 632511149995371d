// The console's placings of an event (PLACE-1, PLACE-2): read from the server with the
// other boards, shown folded under the event's card (open once the event is finished).
import { api } from '../js/api.js';
import { h } from '../js/dom.js';
import { t } from '../js/i18n.js';
import { renderPlacings } from '../js/placings.js';

// Each event's placings into boards[id] (null where the server has none for the kind).
export async function readPlacings(T, events, boards) {
  await Promise.all(events.map(async (e) => {
    try { boards[e.id] = await api('GET', `${T}/competitions/${e.id}/placings`); } catch (err) { boards[e.id] = null; }
  }));
}

export function placingsSection(pl) {
  if (!pl || !(pl.placings || []).length) return null;
  return h('details', { class: 'event-placings', open: pl.final },
    h('summary', {}, t(pl.final ? 'placings.title_final' : 'placings.title')), renderPlacings(pl));
}
