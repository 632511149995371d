// The "Now" view (issue 32): the console's first screen during play. Every item needing
// an official, oldest first, live: a call, a dispute, a report unconfirmed, an overdue
// match, a player late past the grace, a match waiting for a table, a player ready in two
// events, a ruling waiting, the snapshots failing. Each acted on in one or two clicks,
// and claimed by one official ("I'm on it") so that two do not walk to the same table. A live change redraws
// only the cards it changed: each card is kept by its item's key and rebuilt only when
// what it shows differs (data-drawn counts its drawings, which the e2e test reads).
import { api, newKey } from '../js/api.js';
import { $, h, announce } from '../js/dom.js';
import { t } from '../js/i18n.js';
import { matchLabel } from '../js/label.js';
import { debounce, serial } from '../js/live.js';
import * as clk from '../js/clock.js';

const N = { tid: 0, act: null, open: null, me: '', cards: new Map(), items: [] };
const sideName = (s) => (s.team ? s.team.name : s.name) || '—';
const players = (m) => (m ? `${sideName(m.sides[0])} – ${sideName(m.sides[1])}` : '');
const ago = (s) => t('now.age', { n: Math.max(0, Math.floor(s / 60)) });

// The stream entries that may change the list: a match's, a call's, a ruling's, a claim's,
// lateness, an entry registered or decided (GOV-4); the rest (a chip moved, a player edited) do not.
const MOVES = /^(match\.|call\.|ruling\.|appeal\.|now\.|lateness|knockout\.|davis\.|swing\.round|server\.|player\.(register|entry_)|players\.import)/;

// tid: the tournament; act runs an action showing a refusal; open(matchId) opens a match's
// panel where the TD is; session: who is at this console (their claims are theirs); after:
// a promise, the console's first render. The first read is at once when the desk is the
// page shown, else after that render: at 1,000 players it holds the server a while, and the
// page the TD opened (the board, its stream and its lists) comes first (issue 32).
export function startNow(tid, act, open, session, after) {
  N.tid = tid; N.act = act; N.open = open;
  const o = session && (session.official || session.token);
  N.me = o ? `${session.official ? 'official' : 'token'}:${o.id}` : '';
  if (!after || (location.hash || '#now') === '#now') refresh();
  else { N.stale = true; after.then(() => refresh()); }
  window.addEventListener('hashchange', () => { if (N.stale && (location.hash || '#now') === '#now') refresh(); });
  // the ages move and items come due (an overdue match) without any change in the room
  setInterval(refresh, 30000);
}

// Every stream entry, as the console's stream hands it over: read again while the desk is
// looked at; otherwise when it is shown next (and every 30 s, for the tab's count).
export function nowEntry(type) {
  if (!MOVES.test(type)) return;
  if ($('#now').hidden) N.stale = true;
  else later();
}

const refresh = serial(async () => {
  let r;
  N.stale = false;
  try { r = await api('GET', `/api/v1/tournaments/${N.tid}/now`); } catch (e) { return; }
  N.items = r.items;
  draw();
});
const later = debounce(() => refresh(), 150);

function actions(it) {
  const T = `/api/v1/tournaments/${N.tid}`;
  const m = it.match;
  const M = m ? `${T}/matches/${m.id}` : '';
  const b = (label, f, cls) => h('button', { type: 'button', class: cls || '', onclick: () => N.act(f) }, label);
  const out = [];
  if (it.kind === 'call' && it.call.state === 'open') out.push(b(t('calls.take'), () => api('POST', `${M}/calls/${it.call.id}/take`, null, { idempotencyKey: newKey() }), 'primary'));
  if (it.kind === 'overdue') out.push(b(t('tbl.warn'), () => api('POST', `${M}/warnings`, { text: t('tbl.warn_default') })));
  if (it.kind === 'late') out.push(b(t('late.award'), () => clk.latenessAction(N.tid, m.id, 'lateness/confirm', it.side)));
  if (it.kind === 'table') out.push(b(t('now.assign'), () => api('POST', `${T}/tables/assign`), 'primary'));
  // GOV-4: approved here in one click; refused on the Entries page, with its reason
  if (it.kind === 'entry') {
    out.push(b(t('entries.approve'), () => api('POST', `${T}/players/${it.player.id}/approve`), 'primary'));
    out.push(h('button', { type: 'button', onclick: () => { location.hash = '#entries'; } }, t('entries.h')));
  }
  // a case before the Committee (GOV-7, GOV-6): its tab seats the panel, puts the motion, records votes
  if (it.kind === 'appeal' || it.appeal_id) out.push(h('button', { type: 'button', class: 'committee', onclick: () => { location.hash = '#committee'; } }, t('co.h')));
  if (m) out.push(h('button', { type: 'button', class: 'open', onclick: () => N.open(m.id) }, t('now.open')));
  // I'm on it: a claim of another official says who; one's own may be given up
  const c = it.claim;
  const claims = `${T}/now/claims`;
  if (!c) out.push(b(t('now.claim'), () => api('POST', claims, { item: it.key }), 'claim'));
  else if (c.actor === N.me) out.push(b(t('now.release'), () => api('POST', `${claims}/release`, { item: it.key }), 'claim'));
  return out;
}

// What the card says, in words: its kind's line, the match's players, event and round.
function line(it) {
  const m = it.match;
  const table = m && m.table ? m.table : '—';
  const what = {
    call: () => t('now.call', { table: it.call.table || table, reason: t(`call.reason.${it.call.reason}`) }),
    dispute: () => t('now.dispute', { table }),
    unconfirmed: () => t('now.unconfirmed', { table }),
    overdue: () => t('now.overdue', { table, min: it.minutes }),
    late: () => t('now.late', { name: sideName(m.sides[it.side === 'a' ? 0 : 1]), table, points: it.points }),
    table: () => t('now.table', { order: it.order, of: it.of }),
    two_events: () => t('now.two_events', { other: it.first_match_id }),
    ruling: () => t(it.appeal_id ? 'now.ruling_committee' : 'now.ruling', { question: it.ruling.question }),
    appeal: () => t('now.appeal', { id: it.appeal.id }),
    backup: () => t('now.backup', { error: it.error }),
    entry: () => t('now.entry', { name: it.player.name }),
  }[it.kind];
  return what ? what() : it.kind;
}

function card(it) {
  const m = it.match;
  const c = it.claim;
  return h('li', { class: `now-item now-${it.kind}${c ? ' claimed' : ''}`, dataset: { key: it.key, kind: it.kind } },
    h('strong', {}, line(it)),
    m ? h('span', { class: 'pl' }, ` ${players(m)}`) : null,
    m && m.label ? h('span', { class: 'muted lb' }, ` · ${matchLabel(m.label, m.id)}`) : null,
    it.kind === 'call' && it.call.text ? h('q', {}, it.call.text) : null,
    h('span', { class: 'muted age' }, ` ${ago(it.age_s)}`),
    c ? h('span', { class: 'who-claimed' }, ` ${t('now.claimed_by', { name: c.by })}`) : null,
    h('span', { class: 'acts' }, actions(it)));
}

// What moves with the time alone, not a change of the item: an age (and since when), an overdue match's
// minutes, a late player's points.
const MOVING = new Set(['age_s', 'since_ms', 'since_at', 'minutes', 'points']);

// Each item's card kept while what it shows is the same (its age moves by itself):
// a change redraws its own card only.
function draw() {
  const list = $('#now-list');
  if (!list) return;
  $('#now-none').hidden = N.items.length > 0;
  $('#now-count').textContent = String(N.items.length);
  const seen = new Set();
  let fresh = 0;
  N.items.forEach((it, i) => {
    const sig = JSON.stringify(it, (k, v) => (MOVING.has(k) ? undefined : v));
    let k = N.cards.get(it.key);
    if (!k || k.sig !== sig) {
      const el = card(it);
      el.dataset.drawn = String((k ? Number(k.el.dataset.drawn) : 0) + 1);
      if (k) k.el.replaceWith(el);
      if (!k) fresh++;
      k = { el, sig };
      N.cards.set(it.key, k);
    } else { // what moves with the time alone is written into the card as it is
      k.el.querySelector('.age').textContent = ` ${ago(it.age_s)}`;
      k.el.querySelector('strong').textContent = line(it);
    }
    seen.add(it.key);
    if (list.children[i] !== k.el) list.insertBefore(k.el, list.children[i] || null);
  });
  for (const [key, k] of N.cards) if (!seen.has(key)) { k.el.remove(); N.cards.delete(key); }
  if (fresh && N.drawnOnce) announce(t('now.new', { n: fresh }));
  N.drawnOnce = true;
  document.body.dataset.nowDraws = String((Number(document.body.dataset.nowDraws) || 0) + 1);
}
