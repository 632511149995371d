// The console's filters and searches (issue 32 item 2): the board of matches filtered by
// event, round, state and table (one, several or a range), and searched by a player's
// name or a table; the players' and the events' pages searched by name too and paged
// (td/events_window.js for the events). Pure choosing: which of a list is shown.
import { $, h, clear } from '../js/dom.js';
import { t } from '../js/i18n.js';

// Lower case, without accents: "Nicolò" is found by "nicolo".
export const fold = (s) => String(s || '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

// What the board's filter form holds now.
export function boardFilter() {
  return {
    event: ($('#b-event') || {}).value || '',
    round: ($('#b-round') || {}).value || '',
    state: ($('#b-state') || {}).value || '',
    q: fold(($('#b-search') || {}).value || '').trim(),
    tables: tableSpec(($('#b-table') || {}).value || ''),
  };
}

// The tables asked for: "12", "10-20", "1, 3, 5-8" (a name that is no number, "A1", is
// found whole); null for none. Ranges hold the numbered tables between their ends.
export function tableSpec(text) {
  const parts = fold(text).split(/[,;\s]+/).filter(Boolean);
  if (!parts.length) return null;
  return parts.map((p) => {
    const r = /^(\d+)-(\d+)$/.exec(p);
    return r ? { lo: Math.min(+r[1], +r[2]), hi: Math.max(+r[1], +r[2]) } : { name: p };
  });
}

function tableIn(table, spec) {
  const name = fold(table);
  if (!name) return false;
  const n = /^\d+$/.test(name) ? Number(name) : NaN;
  return spec.some((x) => (x.name !== undefined ? x.name === name || (/^\d+$/.test(x.name) && Number(x.name) === n) : n >= x.lo && n <= x.hi));
}

const sideName = (s) => (s.team ? s.team.name : s.name) || '';

// Whether match m passes filter f (the decided column takes forfeits and withdrawals).
export function matchPasses(m, f) {
  if (f.event && String(m.event_id || '') !== f.event) return false;
  if (f.round && String((m.label || {}).round || '') !== f.round) return false;
  if (f.state) {
    const decided = ['verified', 'forfeited', 'withdrawn'];
    if (f.state === 'verified' ? !decided.includes(m.state) : m.state !== f.state) return false;
  }
  if (f.tables && !tableIn(m.table, f.tables)) return false;
  if (!f.q) return true;
  // a table is found whole ("12" is not table 112); a name by any part of it
  if (fold(m.table) === f.q) return true;
  return m.sides.some((s) => fold(sideName(s)).includes(f.q) || (s.team && s.team.players || []).some((p) => fold(p.name).includes(f.q)));
}

// The event and round choices, kept as chosen across the live updates.
export function fillBoardChoices(events, matches) {
  const ev = $('#b-event');
  const rd = $('#b-round');
  if (!ev || !rd) return;
  const keep = [ev.value, rd.value];
  clear(ev).append(h('option', { value: '' }, t('board.all_events')), ...events.map((e) => h('option', { value: String(e.id) }, e.name)));
  const rounds = [...new Set(matches.map((m) => (m.label || {}).round).filter(Boolean))].sort((a, b) => a - b);
  clear(rd).append(h('option', { value: '' }, t('board.all_rounds')), ...rounds.map((r) => h('option', { value: String(r) }, t('board.round', { n: r }))));
  ev.value = keep[0];
  rd.value = rounds.map(String).includes(keep[1]) ? keep[1] : '';
}

// A long list paged (the players of a 1,000-player event): the items whose text holds what
// the #KEY-search field says, the first `size` of them until #KEY-more ("All N") is asked.
const whole = {};
export function paged(key, items, text, size = 50) {
  const input = $(`#${key}-search`);
  const q = fold(input ? input.value : '').trim();
  const hit = q ? items.filter((x) => fold(text(x)).includes(q)) : items;
  const all = whole[key] || hit.length <= size;
  const more = $(`#${key}-more`);
  if (more) { more.hidden = all; more.textContent = t('board.all', { n: hit.length }); }
  return all ? hit : hit.slice(0, size);
}
export function wirePaged(key, redraw) {
  $(`#${key}-search`).addEventListener('input', () => redraw());
  $(`#${key}-more`).addEventListener('click', () => { whole[key] = true; redraw(); });
}

// A long list built whole but put in the page cut (a table's tbody, an ol or ul): its first
// `size` items, the rest kept out until its "All N" is pressed; id names it across the
// live redraws, which keep it whole once asked.
const cutWhole = new Set();
export function cutList(list, id, size = 50) {
  const n = list.children.length;
  if (n <= size || cutWhole.has(id)) return;
  const rest = [...list.children].slice(size);
  for (const x of rest) x.remove();
  const more = h('button', { type: 'button', class: 'link all', onclick: () => { cutWhole.add(id); list.append(...rest); more.remove(); } }, t('board.all', { n }));
  (list.tagName === 'TBODY' ? list.closest('table') : list).after(more);
}
