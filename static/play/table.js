// The phone's side of what happens at the table (GOV-3, GOV-5, GOV-6): call a TD for a
// reason with an optional line, see who is on the way and how the call was closed (a
// permission to leave the room with its time), the officials' warnings, the observers,
// and the rulings on this player's own matches. Read with the player's own login: the
// public stream carries none of this text.
import { api, newKey } from '/js/api.js';
import { $, h, clear, announce, showError, clearError, hhmm } from '/js/dom.js';
import { t } from '/js/i18n.js';

export const CALL_REASONS = ['dispute', 'clock', 'baffle_box', 'observer', 'spectators', 'equipment', 'leave_room', 'other'];

// Who took a call or ruled, as the player knows them.
export function officialName(actor) {
  return !actor || actor === 'td' ? t('call.the_td') : actor;
}

let pendingKey = null; // a retried tap sends the same Idempotency-Key

// Builds the form's reasons (again after a change of language).
export function buildCallForm() {
  const sel = $('#call-reason');
  if (!sel) return;
  const keep = sel.value;
  clear(sel);
  for (const r of CALL_REASONS) sel.append(h('option', { value: r }, t(`call.reason.${r}`)));
  if (keep) sel.value = keep;
}

export function wireCallForm(getState, refresh) {
  $('#call-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const S = getState();
    if (!S.match) return;
    clearError();
    const body = { reason: $('#call-reason').value };
    const text = $('#call-text').value.trim();
    if (text) body.text = text;
    pendingKey = pendingKey || newKey();
    try {
      await api('POST', `/api/v1/tournaments/${S.tid}/matches/${S.match.id}/calls`, body, { idempotencyKey: pendingKey });
      pendingKey = null;
      $('#call-text').value = '';
      announce(t('call.sent'));
      refresh();
    } catch (e) {
      if (e.status && e.status < 500) pendingKey = null;
      showError(e);
    }
  });
}

// Renders the table card of match m (the player's current or last match).
export async function renderTable(S) {
  const card = $('#table-card');
  const m = S.match;
  if (!m) { card.hidden = true; return; }
  const M = `/api/v1/tournaments/${S.tid}/matches/${m.id}`;
  let calls = { calls: [], warnings: [] };
  let rulings = [];
  let observers = [];
  try {
    [calls, { rulings }, { observers }] = await Promise.all([api('GET', `${M}/calls`), api('GET', `${M}/rulings`), api('GET', M)]);
  } catch (e) { /* not this player's match any more */ }
  if (!S.match || S.match.id !== m.id) return; // a newer render took over
  card.hidden = false;
  const open = ['scheduled', 'called', 'playing', 'reported', 'disputed'].includes(m.state);
  const current = calls.calls.find((c) => c.state !== 'closed');
  const last = calls.calls[0];
  $('#call-form').hidden = !open || !!current;
  const st = $('#call-state');
  st.dataset.state = current ? current.state : last ? 'closed' : '';
  if (current && current.state === 'open') st.textContent = t('call.open', { reason: t(`call.reason.${current.reason}`) });
  else if (current) st.textContent = t('call.taken', { who: officialName(current.taken_by), reason: t(`call.reason.${current.reason}`) });
  else if (last) st.textContent = t('call.closed', { outcome: last.outcome || '' });
  else st.textContent = '';
  // permission to leave the room, on both phones while it lasts
  const leave = calls.calls.find((c) => c.leave_until_ms && c.leave_until_ms > Date.now());
  const lv = $('#call-leave');
  lv.hidden = !leave;
  if (leave) lv.textContent = t(leave.side === S.side ? 'call.leave_me' : 'call.leave_opp', { time: hhmm(new Date(leave.leave_until_ms)) });
  const w = clear($('#call-warnings'));
  for (const x of calls.warnings) w.append(h('li', {}, t('call.warning_line', { time: hhmm(x.created_at), text: x.text })));
  $('#call-warnings-box').hidden = !calls.warnings.length;
  const ob = $('#call-observers');
  ob.hidden = !observers.length;
  ob.textContent = observers.length ? t('call.observers', { names: observers.map((o) => o.name).join(', ') }) : '';
  const r = clear($('#rulings'));
  for (const x of rulings) {
    r.append(h('li', { dataset: { ruling: x.id } },
      h('strong', {}, x.question), ' ', h('span', {}, t('call.ruling_line', { decision: x.decision, reasons: x.reasons })),
      h('span', { class: 'muted' }, ` — ${officialName(x.official)}, ${hhmm(x.created_at)}`)));
  }
  $('#rulings-box').hidden = !rulings.length;
  // no empty card: a decided match without a call, a warning, an observer or a ruling
  // has nothing to say here
  card.hidden = $('#call-form').hidden && !st.textContent && lv.hidden && !calls.warnings.length && !observers.length && !rulings.length;
}
