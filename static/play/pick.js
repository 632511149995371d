// The phone's way in without a link of its own (the card's QR code gives one): today's
// tournaments, then the chosen one's names in alphabetical order with a search box, so a
// player finds their name among a thousand without scrolling through a <select>.
import { api } from '/js/api.js';
import { $, h, clear } from '/js/dom.js';
import { t, getLang } from '/js/i18n.js';

// A name as a search compares it: no accents, any case ("jurg" finds "Jürgen").
const fold = (s) => String(s).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

// Today's date in the browser's zone, as the tournaments' dates are written (YYYY-MM-DD).
function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

// The tournaments played today (start_date <= today <= end_date, a one-day tournament's
// end its start); when none is dated today (a tournament without dates, a test), all of
// them, the newest first.
export function todays(ts, day = today()) {
  const on = ts.filter((x) => x.start_date && x.start_date <= day && day <= (x.end_date || x.start_date));
  return (on.length ? on : ts).slice().sort((x, y) => y.id - x.id);
}

function go(params) {
  const u = new URL(location.href);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  location.href = u.toString();
}

// No tournament in the address: the list of today's tournaments to choose from.
export async function pickTournament() {
  const list = await api('GET', '/api/v1/tournaments');
  const ts = todays(list.tournaments || list);
  $('#pick-t').hidden = false;
  const ul = clear($('#pick-t-list'));
  for (const x of ts) {
    const u = new URL(location.href);
    u.searchParams.set('t', x.id);
    ul.append(h('li', {}, h('a', { href: u.toString(), class: 'big-link' }, x.name), x.venue ? h('span', { class: 'muted' }, ` — ${x.venue}`) : null));
  }
  if (!ts.length) ul.append(h('li', { class: 'muted' }, t('play.no_tournaments')));
}

// A tournament but no player: its names, alphabetical, filtered as the player types.
export async function pickPlayer(T, tid) {
  $('#pick').hidden = false;
  const { players } = await api('GET', `${T}/players`);
  const coll = new Intl.Collator(getLang(), { sensitivity: 'base' });
  const shown = players.filter((x) => x.status !== 'withdrawn').sort((x, y) => coll.compare(x.name, y.name));
  const search = $('#pick-search');
  const draw = () => {
    const q = fold(search.value.trim());
    const ul = clear($('#pick-list'));
    const hits = shown.filter((p) => !q || fold(p.name).includes(q));
    for (const p of hits) {
      ul.append(h('li', {}, h('a', { href: '#', dataset: { playerId: p.id }, onclick: (ev) => { ev.preventDefault(); go({ t: tid, p: p.id }); } },
        p.name), p.country ? h('span', { class: 'muted' }, ` ${p.country}`) : null));
    }
    $('#pick-none').hidden = hits.length > 0;
  };
  search.oninput = draw;
  draw();
  search.focus();
}
