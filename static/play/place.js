// The player's own place (PLACE-1) in each event they played, on the phone: one line an
// event whose place for them is known (the event finished, or they are out of it), named
// by its event and said in the page's language (read once, said again on a change of
// language).
import { api } from '/js/api.js';
import { t } from '/js/i18n.js';
import { bandText, reasonText, placingOf } from '/js/placings.js';

// T: the tournament's path; pid: the player; events: the tournament's events. What the
// lines say: [{event, final, split, me}].
export async function readPlaces(T, pid, events) {
  const out = [];
  for (const ev of events.filter((e) => e.state !== 'open')) {
    let pl;
    try { pl = await api('GET', `${T}/competitions/${ev.id}/placings`); } catch (e) { continue; }
    const me = placingOf(pl, pid);
    if (me && (pl.final || me.out)) out.push({ event: ev.name, final: pl.final, split: (pl.order || []).length > 0, me });
  }
  return out;
}

export function placeLine(x) {
  const place = x.split ? String(x.me.rank) : bandText(x.me);
  return t('ko.line', { event: x.event, text: t(x.final ? 'placings.your_place' : 'placings.your_place_so_far', { place, why: reasonText(x.me) }) });
}
