// The chip ledger of a Swing player (SWING-3), a dialog over the console (moved out of
// td.js): kept open, and read again at every live redraw, until the TD closes it.
import { api } from '../js/api.js';
import { $, h, clear, showError, num } from '../js/dom.js';
import { t } from '../js/i18n.js';

const L = { open: null }; // the ledger shown: {T, e, pid, name}

// The chip ledger of one Swing player (SWING-3): every movement with the balance after it
// and the server's sentence saying why. Kept open (and re-read) across live updates.
export async function showLedger(T, e, pid, name) {
  L.open = { T, e, pid, name };
  let dlg = $('#ledger');
  if (!dlg) {
    dlg = h('dialog', { id: 'ledger', 'aria-labelledby': 'ledger-h' });
    dlg.addEventListener('close', () => { L.open = null; });
    document.body.append(dlg);
  }
  let r;
  try { r = await api('GET', `${T}/competitions/${e.id}/swing/ledger/${pid}`); } catch (err) {
    showError(err);
    return;
  }
  if (!L.open || L.open.pid !== pid || L.open.e.id !== e.id) return; // another opened meanwhile
  const signed = (n) => (n > 0 ? `+${num(n)}` : num(n));
  clear(dlg).append(
    h('h3', { id: 'ledger-h' }, t('ledger.title', { name, event: e.name })),
    h('p', { class: 'muted' }, t('ledger.chips', { chips: num(r.chips ?? 0) })),
    r.rows.length ? h('table', { class: 'list ledger' },
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, t('ledger.round')), h('th', { scope: 'col', class: 'num' }, t('ledger.change')),
        h('th', { scope: 'col', class: 'num' }, t('ledger.balance')), h('th', { scope: 'col' }, t('ledger.why')))),
      h('tbody', {}, r.rows.map((x) => h('tr', {},
        h('td', {}, String(x.round ?? '')),
        h('td', { class: `num ${x.change > 0 ? 'up' : x.change < 0 ? 'down' : ''}` }, signed(x.change)),
        h('td', { class: 'num' }, num(x.balance)),
        h('td', { class: 'why' }, x.why)))))
      : h('p', {}, t('ledger.empty')),
    h('form', { method: 'dialog' }, h('button', { type: 'submit', id: 'ledger-close' }, t('ledger.close'))));
  if (!dlg.open) dlg.showModal();
}

// The open ledger read again (a result moved chips); nothing when none is open.
export function ledgerAgain() {
  const o = L.open;
  if (o && $('#ledger') && $('#ledger').open) showLedger(o.T, o.e, o.pid, o.name);
}
