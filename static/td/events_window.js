// The events' page at size (issue 32 item 2): at 1,000 players its lists are long (a
// bracket's first round of 512, a Swiss's standings of 1,000, placings, a Swing's
// leaderboard). The events are paged and searched like the players (an event's name or an
// entrant's), and every long list of an event's card shows its first LIST_PAGE items, "All
// N" the rest; what the TD opened stays open through the live redraws.
import { paged, wirePaged, cutList } from './board_filter.js';

const EVENTS_PAGE = 10;
const LIST_PAGE = 50;

// The events the page shows: those whose name or entrants hold what #e-search says, the
// first EVENTS_PAGE until "All N" (#e-more). pname(id) names an entrant.
export function eventsShown(events, pname) {
  return paged('e', events, (e) => `${e.name} ${(e.entries || []).map(pname).join(' ')}`, EVENTS_PAGE);
}

export const wireEvents = (redraw) => wirePaged('e', redraw);

// Cuts the long lists of an event's card (key: the event's id) to their first LIST_PAGE
// items, each with its "All N" (cutList).
export function windowLists(card, key) {
  [...card.querySelectorAll('tbody, ol, ul')].forEach((list, i) => { if (card.contains(list)) cutList(list, `e${key}:${i}`, LIST_PAGE); });
  return card;
}
