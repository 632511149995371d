// The events' page at size (issue 32 item 2): at 1,000 players its lists are long (a
// bracket's first round of 512, a Swiss's standings of 1,000, placings, a Swing's
// leaderboard). The events are paged and searched like the players (an event's name or an
// entrant's), and every long list of an event's card shows its first LIST_PAGE items, "All
// N" the rest; what the TD opened stays open through the live redraws.
import { h } from '/js/dom.js';
import { t } from '/js/i18n.js';
import { paged, wirePaged } from '/td/board_filter.js';

const EVENTS_PAGE = 10;
const LIST_PAGE = 50;
const whole = new Set(); // the lists asked for whole, by event and place in the card

// The events the page shows: those whose name or entrants hold what #e-search says, the
// first EVENTS_PAGE until "All N" (#e-more). pname(id) names an entrant.
export function eventsShown(events, pname) {
  return paged('e', events, (e) => `${e.name} ${(e.entries || []).map(pname).join(' ')}`, EVENTS_PAGE);
}

export const wireEvents = (redraw) => wirePaged('e', redraw);

// Cuts the long lists of an event's card (key: the event's id) to their first LIST_PAGE
// items, each with its "All N"; the items cut are kept out of the page until asked for.
export function windowLists(card, key) {
  [...card.querySelectorAll('tbody, ol, ul')].forEach((list, i) => {
    const id = `${key}:${i}`;
    const n = list.children.length;
    if (n <= LIST_PAGE || whole.has(id) || !card.contains(list)) return;
    const rest = [...list.children].slice(LIST_PAGE);
    for (const x of rest) x.remove();
    const more = h('button', { type: 'button', class: 'link all', onclick: () => { whole.add(id); list.append(...rest); more.remove(); } }, t('board.all', { n }));
    (list.tagName === 'TBODY' ? list.closest('table') : list).after(more);
  });
  return card;
}
