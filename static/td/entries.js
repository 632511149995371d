// The console's Entries page (GOV-4, GOV-8): whether entries need the TD's approval, the
// entries pending with Approve and Refuse (a reason, never shown to the player), a player
// moved up from a knockout of a lower flight to a higher one (a reason), every decision
// so far with its reason (the TD's and the federation's alone), and the report to the
// federation downloaded as a zip (JSON or CSV). Every refusal shows the server's sentence
// through the console's act().
import { api } from '../js/api.js';
import { $, h, clear } from '../js/dom.js';
import { t } from '../js/i18n.js';
import { debounce, serial } from '../js/live.js';

let tid = 0;
let act = null;
const T = () => `/api/v1/tournaments/${tid}`;

function reasonField(id, label) {
  return [h('label', { for: id, class: 'sr-only' }, label), h('input', { id, maxlength: 500, placeholder: t('entries.reason'), 'aria-label': label })];
}

function pendingRow(p) {
  const rid = `en-reason-${p.id}`;
  const decide = (what, body, msg) => async () => {
    if (await act(() => api('POST', `${T()}/players/${p.id}/${what}`, body), msg)) loadEntries();
  };
  return h('tr', {}, h('th', { scope: 'row' }, p.name), h('td', {}, p.country || ''), h('td', {}, p.federation_id || '—'),
    h('td', { class: 'actions' },
      h('button', { type: 'button', 'aria-label': t('entries.approve_of', { name: p.name }), onclick: decide('approve', null, t('entries.approved')) }, t('entries.approve')),
      reasonField(rid, t('entries.reason_of', { name: p.name })),
      h('button', {
        type: 'button',
        'aria-label': t('entries.refuse_of', { name: p.name }),
        onclick: () => decide('refuse', { reason: $(`#${rid}`).value.trim() }, t('entries.refused'))(),
      }, t('entries.refuse'))));
}

function option(value, text) {
  return h('option', { value: String(value) }, text);
}

function renderMoveUp(players, events) {
  const ko = events.filter((e) => e.kind === 'knockout' && e.state === 'open');
  const flight = (e) => (e.knockout && e.knockout.flight) ? `${e.name} (${e.knockout.flight})` : e.name;
  for (const [sel, list] of [['#en-player', players.filter((p) => p.entry === 'accepted').map((p) => option(p.id, p.name))],
    ['#en-from', ko.map((e) => option(e.id, flight(e)))], ['#en-to', ko.map((e) => option(e.id, flight(e)))]]) {
    const keep = $(sel).value;
    clear($(sel)).append(...list);
    if (keep) $(sel).value = keep;
  }
}

function renderDecisions(decisions, players, events) {
  const name = (id, list) => (list.find((x) => x.id === id) || {}).name || `#${id}`;
  const tb = clear($('#en-decisions tbody'));
  for (const d of decisions.slice().reverse()) {
    const what = d.decision === 'moved_up'
      ? t('entries.moved_up_from', { from: name(d.from_event, events), to: name(d.to_event, events) })
      : t(`entries.d_${d.decision}`);
    tb.append(h('tr', {}, h('td', {}, d.at ? d.at.slice(0, 16).replace('T', ' ') : ''), h('th', { scope: 'row' }, name(d.player_id, players)),
      h('td', {}, what), h('td', {}, d.reason)));
  }
  $('#en-decisions-none').hidden = decisions.length > 0;
}

// Reads the entries, the players and the events again, and shows them: one read at a time
// (serial), so that a read begun before a decision (the page opened as the stream told of
// another) cannot end after the decision's own and show the entry pending again.
export const loadEntries = serial(readEntries);
async function readEntries() {
  const [r, pl, ev] = await Promise.all([
    act(() => api('GET', `${T()}/entries`)),
    act(() => api('GET', `${T()}/players`)),
    act(() => api('GET', `${T()}/competitions`)),
  ]);
  if (!r || !pl || !ev) return;
  const players = pl.players || [];
  const events = ev.events || [];
  $('#en-approval').checked = !!r.entries_need_approval;
  // a reason being typed (and the field the TD is in) survives a re-read the stream asked
  // for (another entry decided, registered)
  const typed = [...document.querySelectorAll('#en-pending input')].map((x) => [x.id, x.value]);
  const focus = document.activeElement && document.activeElement.closest('#en-pending') ? document.activeElement.id : '';
  const tb = clear($('#en-pending tbody'));
  for (const p of r.pending) tb.append(pendingRow(p));
  for (const [id, v] of typed) { const x = document.getElementById(id); if (x) x.value = v; }
  if (focus && document.getElementById(focus)) document.getElementById(focus).focus();
  $('#en-pending-none').hidden = r.pending.length > 0;
  renderMoveUp(players, events);
  renderDecisions(r.decisions, players, events);
}

// A stream entry heard: the page, when shown, reads again (an entry registered, a decision).
const later = debounce(() => { if (!$('#entries').hidden) loadEntries(); }, 150);
export function entriesHeard() { later(); }

// Wires the page for tournament id (read again whenever it is shown); run is the console's act() (refusals shown).
export function startEntries(id, run) {
  tid = id;
  act = run;
  $('#en-approval').onchange = async (ev) => {
    const on = ev.target.checked;
    if (!await act(() => api('PATCH', T(), { entries_need_approval: on }), t(on ? 'entries.approval_on' : 'entries.approval_off'))) ev.target.checked = !on;
  };
  $('#en-move').onsubmit = async (ev) => {
    ev.preventDefault();
    const body = { from_event: Number($('#en-from').value), to_event: Number($('#en-to').value), reason: $('#en-move-reason').value.trim() };
    if (await act(() => api('POST', `${T()}/players/${$('#en-player').value}/move-up`, body), t('entries.moved'))) {
      $('#en-move-reason').value = '';
      loadEntries();
    }
  };
  window.addEventListener('hashchange', () => { if (location.hash === '#entries') loadEntries(); });
  if (location.hash === '#entries') loadEntries();
  $('#en-report-json').href = `${T()}/report?format=json`;
  $('#en-report-csv').href = `${T()}/report?format=csv`;
}
