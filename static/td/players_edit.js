// A player's record edited at the desk: name, country, club, federation id and rating, in
// a dialog opened from the player's row (the API's PATCH …/players/{pid}); the server's
// refusal (a name taken, a federation id already registered) shows in the dialog itself.
import { api } from '../js/api.js';
import { $, h, clear, announce, showError, clearError } from '../js/dom.js';
import { t } from '../js/i18n.js';

const FIELDS = [
  // [member, label key, input attributes]
  ['name', 'td.name', { required: true, maxlength: 100 }],
  ['country', 'td.country', { maxlength: 56 }],
  ['club', 'td.club', { maxlength: 80 }],
  ['federation_id', 'td.fed_id', { maxlength: 40 }],
  ['rating', 'td.rating', { type: 'number', step: 'any' }],
];

function dialog() {
  let dlg = $('#p-edit');
  if (!dlg) {
    dlg = h('dialog', { id: 'p-edit', class: 'edit', 'aria-labelledby': 'pe-h' });
    document.body.append(dlg);
  }
  return dlg;
}

// Another registration of the same player merged into p (POST …/players/{pid}/merge): its
// entries and matches become p's, its empty fields fill p's; the server refuses (409) two
// that cannot be one player (a match between them, both in one event, two federation ids).
function mergeRow(T, p, others, dlg, err) {
  const pick = h('select', { id: 'pe-merge' }, h('option', { value: '' }, '—'),
    others.filter((o) => o.id !== p.id).map((o) => h('option', { value: o.id }, `${o.name}${o.federation_id ? ` (${o.federation_id})` : ''}`)));
  const go = async () => {
    const o = others.find((x) => x.id === Number(pick.value));
    if (!o || !confirm(t('td.merge_q', { other: o.name, name: p.name }))) return;
    clearError(err);
    try {
      await api('POST', `${T}/players/${p.id}/merge`, { player_id: o.id });
      dlg.close();
      announce(t('td.merged', { other: o.name, name: p.name }));
    } catch (e) { showError(e, err); }
  };
  return h('div', { class: 'row span2' }, h('label', { for: 'pe-merge' }, t('td.merge_into')), pick,
    h('button', { type: 'button', id: 'pe-merge-go', onclick: go }, t('td.merge')));
}

// Opens the dialog for player p (T: the tournament's API path; others: the tournament's
// players, for a merge); resolves once closed.
export function editPlayer(T, p, others = []) {
  const dlg = dialog();
  const err = h('p', { class: 'alert', id: 'pe-alert', role: 'alert', hidden: true });
  const inputs = Object.fromEntries(FIELDS.map(([k, , attrs]) => [k, h('input', { id: `pe-${k}`, ...attrs, value: p[k] ?? '' })]));
  const form = h('form', { class: 'grid2', method: 'dialog' },
    FIELDS.flatMap(([k, label]) => [h('label', { for: `pe-${k}` }, t(label)), inputs[k]]),
    err,
    h('div', { class: 'row span2' },
      h('button', { type: 'submit', class: 'primary', id: 'pe-save' }, t('td.save')),
      h('button', { type: 'button', id: 'pe-cancel', onclick: () => dlg.close() }, t('td.cancel'))),
    others.length > 1 ? mergeRow(T, p, others, dlg, err) : null);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    clearError(err);
    const body = {};
    for (const [k] of FIELDS) body[k] = inputs[k].value.trim();
    body.rating = body.rating === '' ? null : Number(body.rating);
    try {
      await api('PATCH', `${T}/players/${p.id}`, body);
      dlg.close();
      announce(t('td.player_saved', { name: body.name }));
    } catch (e) { showError(e, err); }
  });
  clear(dlg).append(h('h3', { id: 'pe-h' }, t('td.edit_player', { name: p.name })), form);
  if (!dlg.open) dlg.showModal();
  inputs.name.focus();
}

// The row's button that opens it.
export function editButton(T, p, others) {
  return h('button', { type: 'button', class: 'edit-player', 'aria-label': t('td.edit_of', { name: p.name }), onclick: () => editPlayer(T, p, others) }, t('td.edit'));
}
