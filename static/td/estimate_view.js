// The console's estimate of when each round and event ends (js/eta.js), under the events,
// with the pace it stands on; re-made with every change in the room.
import { $, h, clear } from '../js/dom.js';
import { t } from '../js/i18n.js';
import { estimateOf, etaLines, paceText } from '../js/eta.js';

// S: the console's state (the tournament, its matches, events and boards).
export function renderEstimate(S) {
  const box = $('#eta');
  if (!box || !S.tour) return;
  const est = estimateOf(S.tour, S.matches, S.events, S.boards);
  const lines = etaLines(est, S.boards);
  box.hidden = !lines.length;
  clear($('#eta-list')).append(...lines.map((l) => h('li', { dataset: { eventId: l.id } }, l.text)));
  $('#eta-pace').textContent = paceText(est.pace);
}
