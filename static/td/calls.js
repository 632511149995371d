// The console's side of what happens at the tables (GOV-3, GOV-5, GOV-6): the calls not
// closed, live (table, match, reason, the player's line, age), flashing and beeping for a
// new one, taken ("on my way") and closed with an outcome (minutes away for permission to
// leave the room); the rulings waiting for the Committee; and in a match's panel the
// warning of a slow match, its observers and the ruling form.
import { api, newKey } from '../js/api.js';
import { $, h, clear, announce, hhmm } from '../js/dom.js';
import { t } from '../js/i18n.js';
import { matchLabel, sidesLine } from '../js/label.js';

const C = { seen: null, audio: null };
const EFFECTS = ['none', 'score', 'penalty', 'forfeit', 'clock'];

// A short beep when the browser allows sound (after the TD's first click on the page).
function beep() {
  try {
    C.audio = C.audio || new AudioContext();
    if (C.audio.state !== 'running') return;
    const o = C.audio.createOscillator();
    const g = C.audio.createGain();
    g.gain.value = 0.1;
    o.connect(g).connect(C.audio.destination);
    o.frequency.value = 880;
    o.start();
    o.stop(C.audio.currentTime + 0.15);
  } catch (e) { /* no sound here */ }
}
document.addEventListener('click', () => { if (C.audio && C.audio.state === 'suspended') C.audio.resume(); else if (!C.audio) { try { C.audio = new AudioContext(); } catch (e) { /* none */ } } }, { once: true });

function reasonText(r) { return t(`call.reason.${r}`); }
function who(actor) { return !actor || actor === 'td' ? t('call.the_td') : actor; }

// The calls section: rebuilt after every change in the room. act runs an action and shows
// a refusal; tid is the tournament; matchOf(id) the console's match (its players, event
// and round named on the call's line), or nothing.
export async function renderCalls(tid, act, matchOf = () => null) {
  const box = $('#calls');
  if (!box) return;
  let calls = [];
  let waiting = [];
  try {
    [{ calls }, { rulings: waiting }] = await Promise.all([
      api('GET', `/api/v1/tournaments/${tid}/calls`),
      api('GET', `/api/v1/tournaments/${tid}/rulings?state=awaiting_committee`)]);
  } catch (e) { return; }
  box.hidden = false;
  const fresh = C.seen ? calls.filter((c) => !C.seen.has(c.id)) : [];
  C.seen = new Set(calls.map((c) => c.id));
  if (fresh.length) {
    box.classList.remove('flash');
    void box.offsetWidth; // restart the animation
    box.classList.add('flash');
    beep();
    announce(t('calls.new', { table: fresh[0].table || '—' }));
  }
  const list = clear($('#calls-list'));
  $('#calls-none').hidden = calls.length > 0;
  for (const c of calls) {
    const M = `/api/v1/tournaments/${tid}/matches/${c.match_id}`;
    const outcome = h('input', { id: `call-out-${c.id}`, size: 24, maxlength: 500, 'aria-label': t('calls.outcome') });
    const minutes = c.reason === 'leave_room' ? h('input', { id: `call-min-${c.id}`, type: 'number', min: 1, max: 60, size: 3, 'aria-label': t('calls.minutes') }) : null;
    const m = matchOf(c.match_id);
    list.append(h('li', { class: `call ${c.state}`, dataset: { call: c.id, state: c.state } },
      h('strong', {}, m ? t('calls.row_table', { table: c.table || '—', reason: reasonText(c.reason) }) : t('calls.row', { table: c.table || '—', match: c.match_id, reason: reasonText(c.reason) })),
      m ? [h('span', { class: 'pl' }, ` ${sidesLine(m)}`), m.label ? h('span', { class: 'muted lb' }, ` · ${matchLabel(m.label, m.id)}`) : null] : null,
      c.text ? h('q', {}, c.text) : null,
      h('span', { class: 'muted' }, ` ${t('calls.age', { n: Math.floor(c.age_s / 60) })}`),
      c.state === 'taken' ? h('span', { class: 'muted' }, ` ${t('calls.taken_by', { who: who(c.taken_by) })}`) : null,
      c.state === 'open' ? h('button', { type: 'button', class: 'primary', dataset: { take: c.id }, onclick: () => act(() => api('POST', `${M}/calls/${c.id}/take`, null, { idempotencyKey: newKey() })) }, t('calls.take')) : null,
      h('label', { for: `call-out-${c.id}`, class: 'sr-only' }, t('calls.outcome')), outcome,
      minutes ? [h('label', { for: `call-min-${c.id}` }, t('calls.minutes')), minutes] : null,
      h('button', { type: 'button', dataset: { close: c.id }, onclick: () => {
        const body = { outcome: outcome.value.trim() || t('calls.done') };
        if (minutes && minutes.value) body.leave_minutes = Number(minutes.value);
        return act(() => api('POST', `${M}/calls/${c.id}/close`, body));
      } }, t('calls.close'))));
  }
  const w = clear($('#rulings-waiting'));
  $('#rulings-waiting-box').hidden = !waiting.length;
  for (const r of waiting) w.append(h('li', {}, t('calls.waiting_line', { match: r.match_id, question: r.question })));
}

// The match panel's part: warn a slow match, its observers, its calls and rulings, and the
// ruling form. sideName names a side of m.
export async function renderTableSection(m, body, act, M, sideName) {
  let calls = { calls: [], warnings: [] };
  let rulings = [];
  let observers = [];
  try {
    [calls, { rulings }, { observers }] = await Promise.all([api('GET', `${M}/calls`), api('GET', `${M}/rulings`), api('GET', M)]);
  } catch (e) { return null; }
  const sec = h('section', { id: 'dt-table-sec', 'aria-labelledby': 'dt-tbl-h' }, h('h4', { id: 'dt-tbl-h' }, t('tbl.h')));
  const open = !['verified', 'forfeited', 'withdrawn', 'void'].includes(m.state);
  if (open) {
    const wt = h('input', { id: 'dt-warn', size: 30, maxlength: 500, value: t('tbl.warn_default') });
    sec.append(h('div', { class: 'row' }, h('label', { for: 'dt-warn' }, t('tbl.warn_text')), wt,
      h('button', { type: 'button', onclick: () => act(() => api('POST', `${M}/warnings`, { text: wt.value }), t('tbl.warned')) }, t('tbl.warn'))));
  }
  if (calls.warnings.length) sec.append(h('ul', {}, calls.warnings.map((x) => h('li', {}, t('call.warning_line', { time: hhmm(x.created_at), text: x.text })))));
  // observers (GOV-3)
  sec.append(h('ul', { id: 'dt-observers' }, observers.map((o) => h('li', {}, o.name,
    o.fee_cents !== null ? ` (${t('tbl.fee_line', { fee: (o.fee_cents / 100).toFixed(2), payer: o.fee_payer ? sideName(m.sides[o.fee_payer === 'b' ? 1 : 0]) : '—' })})` : '',
    ' ', h('button', { type: 'button', class: 'link', onclick: () => act(() => api('DELETE', `${M}/observers/${o.id}`)) }, t('tbl.remove'))))));
  if (open) {
    const on = h('input', { id: 'dt-obs-name', size: 20, maxlength: 100 });
    const fee = h('input', { id: 'dt-obs-fee', type: 'number', min: 0, size: 6 });
    const payer = h('select', { id: 'dt-obs-payer' }, h('option', { value: '' }, '—'), h('option', { value: 'a' }, sideName(m.sides[0])), h('option', { value: 'b' }, sideName(m.sides[1])), h('option', { value: 'both' }, t('tbl.both')));
    const asked = calls.calls.find((c) => c.reason === 'observer');
    sec.append(h('div', { class: 'row' }, h('label', { for: 'dt-obs-name' }, t('tbl.observer')), on,
      h('label', { for: 'dt-obs-fee' }, t('tbl.fee')), fee, h('label', { for: 'dt-obs-payer' }, t('tbl.payer')), payer,
      h('button', { type: 'button', onclick: () => {
        const b = { name: on.value.trim() };
        if (fee.value !== '') b.fee_cents = Number(fee.value);
        if (payer.value) b.fee_payer = payer.value;
        if (asked) b.call_id = asked.id;
        return act(() => api('POST', `${M}/observers`, b), t('tbl.appointed'));
      } }, t('tbl.appoint'))));
  }
  // rulings (GOV-6)
  if (rulings.length) {
    sec.append(h('ol', { id: 'dt-rulings' }, rulings.map((r) => h('li', { dataset: { ruling: r.id } },
      h('strong', {}, r.question), ` — ${r.decision} (${r.reasons}) `, h('span', { class: 'muted' }, `${who(r.official)}, ${hhmm(r.created_at)}, ${t(`ruling.effect.${r.effect}`)}`)))));
  }
  const field = (id, key) => [h('label', { for: id }, t(key)), h('textarea', { id, rows: 2, cols: 40, maxlength: 4000 })];
  const kind = h('select', { id: 'dt-r-kind' }, EFFECTS.map((e) => h('option', { value: e }, t(`ruling.effect.${e}`))));
  const ra = h('input', { id: 'dt-r-a', type: 'number', min: 0, size: 3, 'aria-label': sideName(m.sides[0]) });
  const rb = h('input', { id: 'dt-r-b', type: 'number', min: 0, size: 3, 'aria-label': sideName(m.sides[1]) });
  const side = h('select', { id: 'dt-r-side', 'aria-label': t('ruling.side') }, h('option', { value: 'a' }, sideName(m.sides[0])), h('option', { value: 'b' }, sideName(m.sides[1])));
  const pts = h('input', { id: 'dt-r-points', type: 'number', min: 1, size: 3, 'aria-label': t('ruling.points') });
  // a dispute (GOV-6a): one of the players' reports may stand instead of a score (a
  // scoresheet that prevails, MATCH-4; a Swing game, decided by its game)
  let reps = null;
  if (m.state === 'disputed') { try { reps = (await api('GET', `${M}/reports`)).reports; } catch (e) { reps = null; } }
  const stands = h('select', { id: 'dt-r-report', 'aria-label': t('ruling.stands') }, h('option', { value: '' }, t('ruling.by_score')),
    ['a', 'b'].filter((x) => reps && reps[x] && reps[x].complete).map((x) => h('option', { value: reps[x].id },
      t('ruling.report_stands', { name: sideName(m.sides[x === 'a' ? 0 : 1]), a: reps[x].score.a, b: reps[x].score.b }))));
  stands.hidden = !reps;
  const form = h('div', { class: 'grid2', id: 'dt-ruling' }, h('h5', { class: 'span2' }, t('ruling.h')),
    field('dt-r-q', 'ruling.question'), field('dt-r-f', 'ruling.facts'), field('dt-r-d', 'ruling.decision'), field('dt-r-r', 'ruling.reasons'),
    h('label', { for: 'dt-r-kind' }, t('ruling.effect')), h('div', { class: 'row' }, kind, stands, ra, rb, side, pts),
    h('div'), h('button', { type: 'button', class: 'primary', id: 'dt-r-give', onclick: () => {
      const v = (id) => $(`#${id}`).value.trim();
      const b = { question: v('dt-r-q'), facts: v('dt-r-f'), decision: v('dt-r-d'), reasons: v('dt-r-r') };
      const k = kind.value;
      if (k === 'score') b.effect = stands.value ? { kind: k, report_id: Number(stands.value) } : { kind: k, score: { a: Number(ra.value), b: Number(rb.value) } };
      else if (k === 'penalty') b.effect = { kind: k, side: side.value, points: Number(pts.value) };
      else if (k === 'forfeit') b.effect = { kind: k, winner: side.value };
      else if (k !== 'none') b.effect = { kind: k };
      return act(() => api('POST', `${M}/rulings`, b, { idempotencyKey: newKey() }), t('ruling.recorded'));
    } }, t('ruling.give')));
  sec.append(form);
  body.append(sec);
  return sec;
}
