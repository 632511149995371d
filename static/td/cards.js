// The player cards: each player's name, the tournament, the PIN and a QR code of
// the player's page. The PINs are one audited read of the whole tournament's, or of one
// player's; the QR codes one read for all the cards (the server draws each as an SVG path
// of its modules, shown inline): a sheet of a thousand cards loads no image per card, and
// the print dialog opens only once every card is whole.
import { api } from '../js/api.js';
import { $, h, clear, announce } from '../js/dom.js';
import { t } from '../js/i18n.js';

const SVG = 'http://www.w3.org/2000/svg';

// A card's QR code, inline: the server's path of its modules in a white square.
function qrCode(q, label) {
  if (!q) return null;
  const el = (tag, attrs) => {
    const x = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) x.setAttribute(k, String(v));
    return x;
  };
  const svg = el('svg', { class: 'qr', viewBox: `0 0 ${q.size} ${q.size}`, width: 160, height: 160, role: 'img', 'aria-label': label, 'shape-rendering': 'crispEdges' });
  svg.append(el('rect', { width: q.size, height: q.size, fill: '#fff' }), el('path', { d: q.path, fill: '#000' }));
  return svg;
}

// Shows the cards of players in #cards (T: the tournament's API path; base: the address
// players use, the setting public_url, or null for this page's own). Resolves to true
// once every card is whole, ready to print; false (the refusal announced) when a read fails.
export async function showCards(T, tid, tourName, players, base) {
  const one = players.length === 1 ? players[0] : null;
  const origin = base || location.origin;
  let pins;
  let qrs;
  try {
    [pins, qrs] = await Promise.all([
      one ? api('GET', `${T}/players/${one.id}/pin`).then((x) => ({ [one.id]: x.pin }))
        : api('GET', `${T}/cards`).then((x) => Object.fromEntries(x.cards.map((c) => [c.player_id, c.pin]))),
      api('GET', `${T}/cards/qr?base=${encodeURIComponent(origin)}${one ? `&player=${one.id}` : ''}`)
        .then((x) => Object.fromEntries(x.cards.map((c) => [c.player_id, c]))),
    ]);
  } catch (e) { announce(e.message); return false; }
  const box = clear($('#cards-list'));
  for (const p of players) {
    box.append(h('article', { class: 'pcard' },
      h('h4', {}, p.name),
      h('p', {}, tourName),
      h('p', { class: 'cpin' }, t('td.card_pin'), ' ', h('strong', {}, pins[p.id] || '')),
      qrCode(qrs[p.id], t('td.qr_alt', { name: p.name })),
      h('p', { class: 'url' }, `${origin}/play/?t=${tid}&p=${p.id}`)));
  }
  $('#cards').hidden = false;
  $('#cards').scrollIntoView();
  // whatever the cards may still load (an image, the fonts) is waited for, never guessed
  await Promise.all([...box.querySelectorAll('img')].map((img) => img.decode().catch(() => {})));
  if (document.fonts) await document.fonts.ready;
  return true;
}
