// The head TD's Officials page (GOV-1): the officials (added, renamed, suspended or
// reinstated, removed) and the machine tokens (made, the secret shown once, revoked). Every
// refusal shows the server's sentence through the console's act().
import { api } from '../js/api.js';
import { $, h, clear } from '../js/dom.js';
import { t } from '../js/i18n.js';

let act = null;

// Reads and shows the officials and the tokens.
export async function loadOfficials() {
  const r = await act(() => api('GET', '/api/v1/officials'));
  if (!r) return;
  const tb = clear($('#of-table tbody'));
  for (const o of r.officials.filter((x) => x.status !== 'removed')) {
    const nameId = `of-name-${o.id}`;
    const change = (body, msg) => async () => { if (await act(() => api('PATCH', `/api/v1/officials/${o.id}`, body), msg)) loadOfficials(); };
    const actions = [
      h('input', { id: nameId, value: o.name, maxlength: 100, 'aria-label': t('td.new_name_of', { name: o.name }) }),
      h('button', { type: 'button', onclick: () => change({ name: $(`#${nameId}`).value.trim() }, t('td.renamed'))() }, t('td.rename')),
    ];
    if (o.role !== 'head') {
      actions.push(o.status === 'suspended'
        ? h('button', { type: 'button', onclick: change({ status: 'active' }, t('td.reinstated')), 'aria-label': t('td.reinstate_of', { name: o.name }) }, t('td.reinstate_official'))
        : h('button', { type: 'button', onclick: change({ status: 'suspended' }, t('td.suspended')), 'aria-label': t('td.suspend_of', { name: o.name }) }, t('td.suspend')));
      actions.push(h('button', {
        type: 'button',
        'aria-label': t('td.remove_of', { name: o.name }),
        onclick: async () => {
          if (!window.confirm(t('td.remove_q', { name: o.name }))) return;
          if (await act(() => api('DELETE', `/api/v1/officials/${o.id}`), t('td.removed'))) loadOfficials();
        },
      }, t('td.remove')));
    }
    tb.append(h('tr', {}, h('th', { scope: 'row' }, o.name), h('td', {}, t(`role.${o.role}`)),
      h('td', { class: 'status' }, t(`ostatus.${o.status}`)), h('td', { class: 'actions' }, actions)));
  }
  const kb = clear($('#tok-table tbody'));
  for (const k of r.tokens) {
    kb.append(h('tr', {}, h('th', { scope: 'row' }, k.label), h('td', {}, t(`role.${k.role}`)),
      h('td', {}, k.revoked_at ? t('td.revoked') : t('ostatus.active')),
      h('td', { class: 'actions' }, k.revoked_at ? '' : h('button', {
        type: 'button',
        'aria-label': t('td.revoke_of', { name: k.label }),
        onclick: async () => { if (await act(() => api('DELETE', `/api/v1/tokens/${k.id}`), t('td.revoked'))) loadOfficials(); },
      }, t('td.revoke')))));
  }
}

// Wires the page's two forms; run is the console's act() (refusals shown, success announced).
export function wireOfficials(run) {
  act = run;
  $('#of-add').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = { name: $('#ofa-name').value.trim(), role: $('#ofa-role').value, password: $('#ofa-pw').value };
    if (await act(() => api('POST', '/api/v1/officials', body), t('td.official_added'))) {
      $('#ofa-name').value = '';
      $('#ofa-pw').value = '';
      loadOfficials();
    }
  });
  $('#tok-add').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const r = await act(() => api('POST', '/api/v1/tokens', { label: $('#toka-label').value.trim(), role: $('#toka-role').value }));
    if (!r) return;
    $('#toka-label').value = '';
    $('#tok-value').textContent = r.token;
    $('#tok-secret').hidden = false;
    loadOfficials();
  });
}

// The header's "who": the acting official's name and role (or the token's label).
export function showWho(session) {
  const o = session.official || session.token;
  $('#who').textContent = o ? t('td.acting', { name: o.name || o.label, role: t(`role.${o.role}`) }) : '';
}
