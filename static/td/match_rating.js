// What a decided match did to its players' ratings (RAT-1, issue 34), in its panel: each
// player's rating before, the change and after, or why it was not rated (a walkover, a
// Swing game...). Read from the match itself: the server computes it from the whole book,
// so a correction of an earlier match shows here at once.
import { api } from '/js/api.js';
import { h } from '/js/dom.js';
import { t } from '/js/i18n.js';

const two = (x) => x.toFixed(2);
const signed = (x) => (x > 0 ? `+${two(x)}` : two(x));

// M: the match's path; sideName(i): the name of side i. The line comes in a moment, in
// place, so the panel does not wait for it.
export function ratingLine(M, sideName) {
  const p = h('p', { class: 'muted', id: 'dt-rating' });
  api('GET', M).then((m) => {
    const r = m && m.rating;
    if (!r) { p.remove(); return; }
    if (!r.rated) {
      const why = (r.excluded || []).map((k) => t(`rat.kind_${k}`)).join(', ');
      p.textContent = why ? t('rat.match_not_rated_why', { why }) : t('rat.match_not_rated');
      return;
    }
    p.textContent = r.sides.map((s, i) => t('rat.match_side', { name: sideName(i), before: two(s.before), change: signed(s.change), after: two(s.after) })).join(' · ');
  }, () => p.remove());
  return p;
}
