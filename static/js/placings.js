// An event's placings as the server gives them (GET …/placings, PLACE-1, PLACE-2): the
// table the console, the sheets and the display show, and a player's own line for the
// phone. The server places every kind; the pages only say it in their language.
import { h, num } from './dom.js';
import { t } from './i18n.js';
import { roundName } from './bracket.js';

// "3–4", or "3" for a band of one
export const bandText = (p) => (p.place_from === p.place_to ? String(p.place_from) : `${p.place_from}–${p.place_to}`);

// Why the entrant stands there, from the reason's code and figures (the server's English
// sentence, why, for a code this page does not know yet).
export function reasonText(p) {
  const r = p.reason || {};
  switch (r.code) {
    case 'won': return t('placings.won');
    case 'lost': return roundName({ round: r.n }, r.m);
    case 'in_play': return t('placings.in_play');
    case 'not_drawn': return t('placings.not_drawn');
    case 'chips': return t('placings.chips', { n: num(r.n) });
    case 'out': return t('placings.out', { n: r.n });
    case 'ties': return t('placings.ties', { n: r.n, m: r.m });
    case 'standing': return t('placings.standing', { n: r.n, m: r.m });
    case 'playoff': return t(r.n ? 'placings.playoff_won' : 'placings.playoff_lost');
    default: return p.why || '';
  }
}

// pl: the placings; opts.from, opts.to: the rows shown (a page of the display). The rank
// column shows when the TD splits bands (PLACE-2).
export function renderPlacings(pl, opts = {}) {
  const rows = (pl.placings || []).slice(opts.from || 0, opts.to ?? undefined);
  const split = (pl.order || []).length > 0;
  return h('div', { class: 'placings' },
    h('p', { class: 'muted' }, pl.final ? t('placings.final') : t('placings.so_far'),
      split ? ` ${t('placings.split_by', { order: pl.order.map((k) => t(`placings.key.${k}`)).join(', ') })}` : ''),
    h('table', { class: 'sh-table placings' },
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, t('sheets.place')),
        split ? h('th', { scope: 'col' }, t('placings.rank')) : null,
        h('th', { scope: 'col' }, t('placings.entrant')),
        h('th', { scope: 'col' }, t('placings.why')))),
      h('tbody', {}, rows.map((p) => h('tr', { dataset: { entrant: p.entrant_id } },
        h('td', {}, bandText(p)),
        split ? h('td', {}, String(p.rank)) : null,
        h('td', {}, h('span', { class: 'name' }, p.name)),
        h('td', {}, reasonText(p)))))));
}

// The placing of player pid (theirs, or their team's), or null.
export const placingOf = (pl, pid) => (pl.placings || []).find((p) => (p.players || []).includes(pid)) || null;
