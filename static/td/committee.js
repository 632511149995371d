// The console's Committee page (GOV-2, GOV-7): the Committee's form and window, its
// members (a non-player's card with their PIN), and every case before it (appeals and
// rulings waiting for it): the matches it holds released, the panel seated, one motion put
// to the vote, votes cast in person recorded. Every refusal shows the server's sentence
// through the console's act().
import { api } from '../js/api.js';
import { $, h, clear, hhmm } from '../js/dom.js';
import { t } from '../js/i18n.js';
import { committeeText } from '../js/committee.js';

const EFFECTS = ['none', 'score', 'forfeit', 'penalty'];

// Whether the TD changed a field since the last render: a live update then leaves the
// page as it is (the next change of the TD's own re-reads it).
let dirty = false;
let shown = ''; // what the page shows now, to render only what changed

function root() {
  const el = $('#co-root');
  if (!el.dataset.wired) {
    el.dataset.wired = '1';
    for (const ev of ['input', 'change']) el.addEventListener(ev, () => { dirty = true; });
  }
  return el;
}

// The effect a replacing motion states, from its little form.
function effectOf(id) {
  const kind = $(`#${id}-kind`).value;
  if (kind === 'score') return { kind, score: { a: Number($(`#${id}-a`).value), b: Number($(`#${id}-b`).value) } };
  if (kind === 'forfeit') return { kind, winner: $(`#${id}-side`).value };
  if (kind === 'penalty') return { kind, side: $(`#${id}-side`).value, points: Number($(`#${id}-a`).value) || 1 };
  return { kind };
}

function sideSelect(id) {
  return h('select', { id }, h('option', { value: 'a' }, 'a'), h('option', { value: 'b' }, 'b'));
}

// One case: what it is, its state, panel, motion and votes, and the TD's acts on it.
function caseCard(T, c, members, act, reload) {
  const A = `${T}/appeals/${c.id}`;
  const label = (c.label && c.label.text) || `#${c.match_id}`;
  const head = t(c.kind === 'referral' ? 'co.referral' : 'co.appeal', { id: c.id, match: label });
  const rows = [h('h4', {}, head),
    h('p', {}, t(`co.state.${c.state}`), c.outcome ? ` — ${t(`co.outcome.${c.outcome}`)}: ${c.outcome_text || ''}` : '')];
  if (c.grounds) rows.push(h('p', { class: 'muted' }, t('co.grounds'), ': ', c.grounds));
  for (const s of c.statements || []) rows.push(h('p', { class: 'muted' }, `${s.side || '—'} (${hhmm(s.at)}): ${s.text}`));
  rows.push(h('p', {}, t('co.panel'), ': ', (c.panel || []).map((m) => m.name).join(', ') || '—'));
  const mo = c.motion;
  if (mo) {
    const votes = (mo.votes || []).map((v) => `${(members.find((m) => m.id === v.member_id) || {}).name || v.member_id}${v.vote ? ` ${t(`co.vote.${v.vote}`)}` : ''}`);
    rows.push(h('p', {}, t(`co.motion.${mo.kind}`), `: ${mo.text} — ${t(`co.mstate.${mo.state}`)} (${votes.join(', ')})`));
  }
  if (c.state !== 'pending') return h('li', { class: 'card', 'data-appeal': c.id }, rows);
  const id = `co-${c.id}`;
  const acts = [];
  if (c.kind === 'appeal' && !c.released) {
    acts.push(h('button', { type: 'button', onclick: async () => { if (await act(() => api('POST', `${A}/release`), t('co.released'))) reload(); } }, t('co.release')));
  }
  // the panel: the members ticked
  const ticks = members.map((m) => h('label', {}, h('input', { type: 'checkbox', value: m.id, class: `${id}-seat`, checked: (c.panel || []).some((p) => p.id === m.id) }), ` ${m.name}`));
  acts.push(h('form', { class: 'inline', onsubmit: async (ev) => {
    ev.preventDefault();
    const ids = [...document.querySelectorAll(`.${id}-seat`)].filter((x) => x.checked).map((x) => Number(x.value));
    if (await act(() => api('PUT', `${A}/panel`, { member_ids: ids }), t('co.seated'))) reload();
  } }, ticks, h('button', { type: 'submit' }, t('co.seat'))));
  if (!mo || mo.state !== 'open') {
    acts.push(h('form', { class: 'inline', onsubmit: async (ev) => {
      ev.preventDefault();
      const kind = $(`#${id}-mk`).value;
      const body = { kind, text: $(`#${id}-mt`).value.trim() };
      if (kind === 'replace') body.effect = effectOf(id);
      if (await act(() => api('POST', `${A}/motions`, body), t('co.motion_put'))) reload();
    } },
    h('label', { for: `${id}-mk` }, t('co.motion')),
    h('select', { id: `${id}-mk` }, h('option', { value: 'uphold' }, t('co.motion.uphold')), h('option', { value: 'replace' }, t('co.motion.replace'))),
    h('label', { for: `${id}-mt` }, t('co.motion_text')), h('input', { id: `${id}-mt`, required: true, maxlength: 4000 }),
    h('label', { for: `${id}-kind` }, t('co.effect')),
    h('select', { id: `${id}-kind` }, EFFECTS.map((k) => h('option', { value: k }, t(`co.effect.${k}`)))),
    h('input', { id: `${id}-a`, type: 'number', min: 0, max: 99, 'aria-label': 'a', size: 3 }),
    h('input', { id: `${id}-b`, type: 'number', min: 0, max: 99, 'aria-label': 'b', size: 3 }),
    sideSelect(`${id}-side`),
    h('button', { type: 'submit', class: 'primary' }, t('co.put'))));
  } else {
    // a vote cast in person, recorded by the TD
    acts.push(h('form', { class: 'inline', onsubmit: async (ev) => {
      ev.preventDefault();
      const body = { member_id: Number($(`#${id}-vm`).value), vote: $(`#${id}-vv`).value };
      if (await act(() => api('POST', `${A}/votes`, body), t('co.vote_recorded'))) reload();
    } },
    h('label', { for: `${id}-vm` }, t('co.member')),
    h('select', { id: `${id}-vm` }, (c.panel || []).map((m) => h('option', { value: m.id }, m.name))),
    h('select', { id: `${id}-vv`, 'aria-label': t('co.vote') }, h('option', { value: 'yes' }, t('co.vote.yes')), h('option', { value: 'no' }, t('co.vote.no'))),
    h('button', { type: 'submit', class: 'primary' }, t('co.record_vote'))));
  }
  return h('li', { class: 'card', 'data-appeal': c.id }, rows, acts);
}

// Reads and shows the Committee and its cases: after a change of the TD's own (force), or
// else unless the TD has changed a field since (a live update leaves the form as it is).
export async function loadCommittee(tid, act, force) {
  const T = `/api/v1/tournaments/${tid}`;
  const reload = () => loadCommittee(tid, act, true);
  let co;
  let cases;
  let players;
  try {
    [co, cases, players] = await Promise.all([api('GET', `${T}/committee`), api('GET', `${T}/appeals`), api('GET', `${T}/players`)]);
  } catch (e) { return; }
  const now = JSON.stringify([tid, co, cases, players]);
  if (!force && (dirty || now === shown)) return;
  shown = now;
  const members = co.members.concat(co.reserves);
  dirty = false;
  const el = clear(root());
  el.append(h('form', { class: 'inline card', onsubmit: async (ev) => {
    ev.preventDefault();
    const body = { form: $('#co-form').value, appeal_window_minutes: Number($('#co-window').value) };
    if (await act(() => api('PUT', `${T}/committee`, body), t('co.saved'))) reload();
  } },
  h('label', { for: 'co-form' }, t('co.form')),
  h('select', { id: 'co-form' }, ['standing', 'per_appeal'].map((f) => h('option', { value: f, selected: co.form === f }, t(`co.form.${f}`)))),
  h('label', { for: 'co-window' }, t('co.window')),
  h('input', { id: 'co-window', type: 'number', min: 1, max: 1440, value: co.appeal_window_minutes }),
  h('button', { type: 'submit' }, t('co.save'))));
  const ul = h('ul', { class: 'plain', id: 'co-members' });
  for (const m of members) {
    const acts = [h('button', { type: 'button', onclick: async () => { if (await act(() => api('DELETE', `${T}/committee/members/${m.id}`), t('co.removed'))) reload(); } }, t('td.remove'))];
    if (m.has_pin) {
      acts.push(h('button', { type: 'button', onclick: async () => {
        const c = await act(() => api('GET', `${T}/committee/members/${m.id}/card`));
        if (c) window.alert(t('co.card', { name: c.name, pin: c.pin, url: `${location.origin}/play/?t=${tid}&member=${m.id}` }));
      } }, t('co.show_card')));
    }
    ul.append(h('li', {}, m.name, m.reserve ? ` (${t('co.reserve')})` : '', ' ', acts));
  }
  el.append(h('h3', {}, t('co.members')), h('p', { id: 'co-names' }, committeeText(co)), ul);
  el.append(h('form', { class: 'inline card', onsubmit: async (ev) => {
    ev.preventDefault();
    const pid = Number($('#co-player').value);
    const body = pid ? { player_id: pid } : { name: $('#co-name').value.trim() };
    if ($('#co-reserve').checked) body.reserve = true;
    const r = await act(() => api('POST', `${T}/committee/members`, body), t('co.added'));
    if (r && r.pin) window.alert(t('co.card', { name: r.name, pin: r.pin, url: `${location.origin}/play/?t=${tid}&member=${r.id}` }));
    if (r) reload();
  } },
  h('label', { for: 'co-player' }, t('co.player')),
  h('select', { id: 'co-player' }, h('option', { value: '' }, t('co.not_player')), players.players.map((p) => h('option', { value: p.id }, p.name))),
  h('label', { for: 'co-name' }, t('td.name')), h('input', { id: 'co-name', maxlength: 100 }),
  h('label', {}, h('input', { id: 'co-reserve', type: 'checkbox' }), ` ${t('co.reserve')}`),
  h('button', { type: 'submit' }, t('td.add'))));
  const pending = cases.appeals.filter((c) => c.state === 'pending');
  el.append(h('h3', {}, t('co.pending', { n: pending.length })));
  const list = h('ul', { class: 'plain', id: 'co-cases' });
  for (const c of cases.appeals.slice().reverse()) list.append(caseCard(T, c, members, act, reload));
  el.append(list);
}
