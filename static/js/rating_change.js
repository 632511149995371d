// A decided match's rating change (RAT-1, issue 34), from the match's "rating" as the
// server gives it: each player's rating before, the change and after; or "not rated" with
// the kinds of match the list leaves out (a bye, a forfeit, a 1-point match...). The
// console's match panel and decided cards and the phone's results say it the same way.
import { t } from './i18n.js';

const signed = (x) => (x > 0 ? `+${x.toFixed(2)}` : x.toFixed(2));

// One side's figures: "1500.00 +12.34 → 1512.34".
export function ratingFigures(s) {
  return t('rat.figures', { before: s.before.toFixed(2), change: signed(s.change), after: s.after.toFixed(2) });
}

// Why the match changed no rating: "not rated (forfeit)".
export function notRated(r) {
  return t('rat.not_rated', { why: (r.excluded || []).map((k) => t(`ratx.${k}`)).join(', ') });
}

// The line for player pid (or both players, named by name(side index), when pid is not
// given); '' for a match without a rating (undecided).
export function matchRatingLine(m, pid, name) {
  const r = m && m.rating;
  if (!r) return '';
  if (!r.rated) return notRated(r);
  if (pid) {
    const s = r.sides.find((x) => x.player_id === pid);
    return s ? t('rat.mine', { figures: ratingFigures(s) }) : '';
  }
  return r.sides.map((s, i) => `${name(i)} ${ratingFigures(s)}`).join(' · ');
}
