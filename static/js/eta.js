// The estimate of when each round and each event ends (estimate.js), said the same way by
// the console and the display, in the page's language. Rounds already over are left out.
import { t } from './i18n.js';
import { hhmm } from './dom.js';
import { estimate } from './estimate.js';
import { roundName } from './bracket.js';

// The estimate from what a page has read: the tournament (its tables and minutes per
// point), the matches, the events and their boards.
export function estimateOf(tour, matches, events, boards, now = Date.now()) {
  return estimate({ now, tables: (tour.tables || []).length, setting: tour.minutes_per_point || 8, matches, events, boards });
}

// One line an event with something left to play: its rounds to come and its end.
export function etaLines(est, boards, now = Date.now()) {
  return est.events.filter((e) => e.end > now).map((e) => {
    const count = boards[e.id] && boards[e.id].rounds_count;
    const rounds = e.rounds.filter((r) => r.end > now && r.round)
      .map((r) => t('eta.round', { round: count ? roundName({ round: r.round }, count) : t('label.round', { n: r.round }), time: hhmm(r.end) }));
    return { id: e.id, text: t(rounds.length ? 'eta.event' : 'eta.event_only', { event: e.name, rounds: rounds.join(', '), time: hhmm(e.end) }) };
  });
}

// The pace the estimate used, said: the setting's, or the one measured.
export function paceText(p) {
  const min = Math.round(p.minutes * 10) / 10;
  return p.measured ? t('eta.pace_measured', { min, n: p.ended }) : t('eta.pace_setting', { min, n: p.ended });
}

// The display's short line: each event's end.
export function etaShort(est, now = Date.now()) {
  const parts = est.events.filter((e) => e.end > now).map((e) => `${e.name} ${hhmm(e.end)}`);
  return parts.length ? t('eta.short', { ends: parts.join(' · ') }) : '';
}
