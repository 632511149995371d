// WBGF 5.1 (GOV-2): a dispute the Committee decides, under a Committee formed per case,
// has its members chosen jointly by the two players. Each names three or five from the
// posted list on their phone; the Committee sits once both name the same ones.
import { api } from '/js/api.js';
import { h } from '/js/dom.js';
import { t } from '/js/i18n.js';

const names = (ids, co) => (ids || []).map((id) => (co.members.concat(co.reserves).find((m) => m.id === id) || { name: `#${id}` }).name).join(', ');

// The form of case c for the player on side ('a' or 'b'), or null when the players choose
// nothing now (not a joint case, or its Committee sits). run(f, okMsg) sends.
export function jointChoice(T, c, co, side, run) {
  const ch = c.panel_choices;
  if (!ch || c.state !== 'pending' || (c.panel || []).length || !side) return null;
  const mine = ch[side], theirs = ch[side === 'a' ? 'b' : 'a'];
  const pre = new Set(mine || theirs || []);
  const boxes = co.members.concat(co.reserves).map((m) => h('label', { class: 'choice' },
    h('input', { type: 'checkbox', value: String(m.id), checked: pre.has(m.id) }), ` ${m.name}`));
  return h('form', { class: 'joint-choice', onsubmit: (ev) => {
    ev.preventDefault();
    const ids = [...ev.target.querySelectorAll('input:checked')].map((i) => Number(i.value));
    run(() => api('POST', `${T}/appeals/${c.id}/panel/choices`, { member_ids: ids }), t('ap.chosen'));
  } },
  h('p', {}, t('ap.choose_h')),
  mine ? h('p', { class: 'muted' }, t('ap.choice_yours', { names: names(mine, co) })) : null,
  theirs ? h('p', { class: 'muted ap-theirs' }, t('ap.choice_theirs', { names: names(theirs, co) })) : null,
  ...boxes,
  h('button', { type: 'submit', class: 'big' }, t('ap.choose')));
}
