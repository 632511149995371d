// The name of a match, as every page says it: composed, in the page's language, from the
// server's `label` of the match (its event, round, the bracket's rounds, a Davis Cup
// rubber and phase), the one label every match reply, status reply and stream entry
// carries. Pages never compose a match's name themselves.
import { t } from './i18n.js';

// How many rounds are left after round r of a bracket of `rounds` rounds: 0 the final,
// 1 the semi-finals, 2 the quarter-finals; -1 when the event has no bracket (numbered).
export function roundsLeft(round, rounds) {
  return rounds > 0 && round <= rounds ? rounds - round : -1;
}

// One match's round: "Final", "Semi-final", "Quarter-final", else "Round N"; the play-off
// for 3rd (PLACE-1).
function roundOfMatch(l) {
  if (l.playoff) return t('label.playoff');
  const left = roundsLeft(l.round, l.rounds);
  if (left === 0) return t('label.final');
  if (left === 1) return t('label.semi');
  if (left === 2) return t('label.quarter');
  return t('label.round', { n: l.round });
}

// label: a match's `label`; id: the match's id (a standalone match is named by it).
// "Main · Quarter-final", "Cup · Round 2 · Rubber 3 (doubles)", "Match 12".
export function matchLabel(label, id) {
  if (!label) return '';
  if (label.kind === 'standalone' || !label.event) return t('label.match', { n: id ?? '' });
  const parts = [label.event];
  if (label.round) parts.push(roundOfMatch(label));
  if (label.rubber) parts.push(t(label.phase === 2 ? 'label.rubber_doubles' : 'label.rubber_singles', { n: label.rubber }));
  return parts.join(' · ');
}

// A match's two sides as every list says them: "Aldo Neri – Bice Rota" (a Davis Cup
// doubles' teams by their names; a side not known yet "—").
// A side of a match: its player, or in a Davis Cup consultation doubles its team.
export const sideName = (s) => (s.team ? s.team.name : s.name);

export function sidesLine(m) {
  const side = (x) => (x && (x.team ? x.team.name : x.name)) || '—';
  return `${side(m.sides[0])} – ${side(m.sides[1])}`;
}

// Whether a page shows a match's score: not while the match is disputed (MATCH-4), when its
// players' reports differ and the score the server holds is only the first report's
// claim; the pages say "Disputed" there instead.
export function scoreShown(state) {
  return state !== 'disputed';
}

// How a decided match ended, when not simply played out (the match's `ended`): "forfeit
// for lateness" (PEN-2), "lost on time" (CLK-7), "conceded" (MATCH-7), "bye", "walkover",
// "withdrawn", "disqualified" (KO-8), "by a ruling"; '' for a match played out or undecided.
export function endedText(m) {
  return m && m.ended && m.ended !== 'played' ? t(`ended.${m.ended}`) : '';
}

// The same as a note after a score: " (lost on time)", or ''.
export function endedNote(m) {
  const x = endedText(m);
  return x ? ` (${x})` : '';
}
