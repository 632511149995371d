// The console's reads of a tournament's state, and the first of them, whose requests
// td/boot.js sent as the page started loading (issue 32): td.js takes that first state once
// the session says the visitor is the TD (read as anyone else, the lists may lack what only
// the TD sees, and are then read again).
import { api, answer } from '../js/api.js';

const begun = window.crawfordFirst || {};
// a request boot.js sent, or sent now
const read = (sent, path) => (sent ? answer(sent) : api('GET', path));

// T: the tournament's path. first: the tournament is read before its lists, and its
// revision handed back as rev0 (td.js's synced() starts from it: no change it moved can be
// missing from lists read after it). sent: requests already sent (boot.js's). The board of
// each event follows its list.
export async function readState(T, first, sent = {}) {
  const tourRead = read(sent.tournament, T);
  const rev0 = first ? (await tourRead).revision : undefined;
  const lists = (await sent.lists) || [];
  const [tour, pl, ev, ms] = await Promise.all([tourRead,
    ...['players', 'competitions', 'matches'].map((l, i) => read(lists[i], `${T}/${l}`))]);
  const boards = {};
  await Promise.all(ev.events.map(async (e) => {
    // each kind's board is under its name: …/knockout, …/swing, …/davis, …/swiss
    try { boards[e.id] = await api('GET', `${T}/competitions/${e.id}/${e.kind}`); } catch (err) { boards[e.id] = null; }
  }));
  return { rev0, tour, players: pl.players, events: ev.events, matches: ms.matches, boards };
}

// who is logged in, and (a tournament in the address) its first state: failures are
// reported by td.js where it waits for them
export const session = read(begun.session, '/api/v1/session');
session.catch(() => {});
const tid = Number(new URLSearchParams(location.search).get('t')) || 0;
export const firstState = tid ? readState(`/api/v1/tournaments/${tid}`, true, begun) : null;
if (firstState) firstState.catch(() => {});
