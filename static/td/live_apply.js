// Live without redrawing (issue 32 item 3): the console applies a stream entry to what it
// shows instead of re-reading and redrawing every list. A match's own change (a call, a
// game, a report, a dispute, its table) carries the match's record: the match is patched
// in place and only its card on the board is redrawn. What happens at a table (a clock, a
// call, lateness, a claim) changes no list at all: only an open panel of its match is read
// again. A player's check-in redraws their row. Anything else (a result that moves a bracket, a player registered...) still has
// the whole state read again: applyEntry says false.
import { $ } from '../js/dom.js';
import { boardApply } from './board.js';

const IN_PLACE = new Set(['match.call', 'match.playing', 'match.game', 'match.game_undone', 'match.reported',
  'match.conceded', 'match.report_withdrawn', 'match.disputed', 'match.update']);
// A player's own change that no other list shows (their row and the counts alone): the
// check-ins of a 1,000-player morning come one a second.
const PLAYER_ROW = new Set(['player.check_in', 'player.undo_check_in', 'player.pin_reset']);
const QUIET = new Set(['clock', 'lateness', 'break', 'call.opened', 'call.taken', 'call.closed', 'match.warned',
  'observer.appointed', 'observer.removed', 'now.claimed', 'now.released']);

// The match an entry is about, when it says.
function matchIdOf(d) {
  if (!d) return 0;
  for (const k of ['match', 'clock', 'lateness', 'call', 'warning', 'observer', 'break']) {
    const x = d[k];
    if (x && (x.match_id || (k === 'match' && x.id))) return x.match_id || x.id;
  }
  return d.match_id || 0;
}

// The record's fields a card and a panel show, onto the console's match.
function patch(m, r) {
  for (const k of ['state', 'table', 'length', 'score', 'winner', 'result_report_id', 'penalty_points', 'length_corrected', 'decided_how']) {
    if (k in r) m[k] = r[k];
  }
  if (r.label) m.label = { ...m.label, ...r.label };
}

const applied = () => { document.body.dataset.applied = String((Number(document.body.dataset.applied) || 0) + 1); };

// S: the console's state; type and data: the entry; ui: {open(id), detail(), calls(),
// player(p)}. True when the entry was applied here (nothing more to read), false to read
// everything again.
export function applyEntry(S, type, data, ui) {
  if (PLAYER_ROW.has(type)) {
    const i = data && data.player ? S.players.findIndex((p) => p.id === data.player.id) : -1;
    if (i < 0 || !S.tour) return false;
    S.players[i] = { ...S.players[i], ...data.player };
    ui.player(S.players[i]);
    applied();
    return true;
  }
  const id = matchIdOf(data);
  if (QUIET.has(type)) {
    if (type.startsWith('call.')) ui.calls(); // the calls' card, on every page
    if (S.detail && (!id || id === S.detail)) ui.detail();
    return true;
  }
  if (!IN_PLACE.has(type) || !data || !data.match) return false;
  const r = data.match;
  const m = S.matches.find((x) => x.id === r.id);
  // a match the console does not have yet, or handed to other players (KO-10): read all
  if (!m || !Array.isArray(r.players) || r.players.some((p, i) => p !== (m.sides[i] || {}).player_id)) return false;
  patch(m, r);
  boardApply(S, m, ui.open);
  if (S.detail === m.id) ui.detail();
  applied();
  // the brackets on the events' page show the match too: read again while they are looked at
  return $('#events').hidden;
}
