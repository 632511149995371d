// The match panel's clock, lateness, breaks and penalties (CLK-*, PEN-1, PEN-4, PEN-5), for
// the TD; shown only when the server has the routes. S is the console's state (td.js):
// its tournament, the panel's generation (a newer render's panel takes the place of this
// one) and the timers of the lines that count; act runs an action and shows a refusal,
// again draws the panel anew after one.
import { h, hhmm } from '../js/dom.js';
import { t } from '../js/i18n.js';
import { sideName } from '../js/label.js';
import * as clk from '../js/clock.js';

// Clock, lateness and penalties: shown only when the server has the routes (issue 8).
export async function renderClockControls(S, m, body, gen, act, again) {
  const open = ['called', 'playing', 'reported'].includes(m.state);
  if (S.clockTimer) { clearInterval(S.clockTimer); S.clockTimer = null; }
  if (S.lateTimer) { clearInterval(S.lateTimer); S.lateTimer = null; }
  let c;
  try { c = await clk.probeClock(S.tid, m.id); } catch (e) { return; }
  if (c.status === 'absent') return;
  // a flag decided the match: the TD may still undo the time loss (CLK-7); a scheduled
  // match may be postponed (PEN-1)
  const scheduled = m.state === 'scheduled';
  if (!open && !scheduled && !(c.status === 'ok' && c.clock.state === 'flagged')) return;
  const box = h('section', { class: 'clockctl', 'aria-label': t('play.clock') }, h('h4', {}, t('play.clock')));
  const put = () => { if (gen === S.detailGen) body.append(box); };
  const run = (f) => act(f).then(() => again());
  const k = c.status === 'ok' ? c.clock : null;
  if (open && (!k || k.state === 'waiting' || (k.state === 'paused' && k.paused_reason === 'end_of_game'))) {
    // the next game starts after the opening roll (CLK-4)
    const lower = h('select', { id: 'dt-lower' }, h('option', { value: 'a' }, sideName(m.sides[0])), h('option', { value: 'b' }, sideName(m.sides[1])));
    box.append(h('div', { class: 'row' }, h('label', { for: 'dt-lower' }, t('clock.lower')), lower,
      h('button', { type: 'button', class: 'primary', onclick: () => run(() => clk.clockAction(S.tid, m.id, 'start', { lower_die: lower.value })) }, t('clock.start'))));
  }
  if (k) {
    const line = h('p', { id: 'dt-clockline' });
    const show = () => {
      const st = k.state === 'paused' ? t('clock.paused', { reason: t(`reason.${k.paused_reason}`) }) : t(`clock.st.${k.state}`);
      const side = (s, i) => {
        const r = clk.remaining(k, s);
        const d = k.state === 'running' && k.running === s && k.mode === 'delay' && r.delay > 0 ? ` (${t('clock.delay', { s: Math.ceil(r.delay / 1000) })})` : '';
        return `${sideName(m.sides[i])} ${clk.fmt(r.total)}${d}`;
      };
      line.textContent = `${side('a', 0)} · ${side('b', 1)} — ${st}`;
    };
    show();
    // a detached line stops its own timer: S.clockTimer may already be a newer render's
    if (k.state === 'running') { const timer = setInterval(() => (line.isConnected ? show() : clearInterval(timer)), 250); S.clockTimer = timer; }
    box.append(line);
    const ba = h('input', { id: 'dt-ba', type: 'number', value: Math.round(k.sides.a.bank_ms / 1000), size: 6 });
    const bb = h('input', { id: 'dt-bb', type: 'number', value: Math.round(k.sides.b.bank_ms / 1000), size: 6 });
    box.append(h('div', { class: 'row' },
      k.state === 'running' ? h('button', { type: 'button', onclick: () => run(() => clk.clockAction(S.tid, m.id, 'pause', { reason: 'td' })) }, t('clock.pause')) : null,
      k.state === 'running' && k.cube !== 'offered' ? h('button', { type: 'button', onclick: () => run(() => clk.clockAction(S.tid, m.id, 'pause', { reason: 'end_of_game' })) }, t('clock.end_game')) : null,
      k.state === 'paused' && k.paused_reason !== 'end_of_game' ? h('button', { type: 'button', onclick: () => run(() => clk.clockAction(S.tid, m.id, 'resume', {})) }, t('clock.resume')) : null,
      h('button', { type: 'button', onclick: () => run(() => clk.clockAction(S.tid, m.id, 'pickup', { side: 'a' })) }, t('clock.pickup', { name: sideName(m.sides[0]) })),
      h('button', { type: 'button', onclick: () => run(() => clk.clockAction(S.tid, m.id, 'pickup', { side: 'b' })) }, t('clock.pickup', { name: sideName(m.sides[1]) })),
      k.state === 'flagged' ? h('button', { type: 'button', onclick: () => run(() => clk.clockAction(S.tid, m.id, 'reverse-flag', {})) }, t('clock.reverse_flag')) : null),
    h('div', { class: 'row' }, h('label', { for: 'dt-ba' }, t('clock.bank_s', { name: sideName(m.sides[0]) })), ba, h('label', { for: 'dt-bb' }, t('clock.bank_s', { name: sideName(m.sides[1]) })), bb,
      h('button', { type: 'button', onclick: () => run(() => clk.clockSet(S.tid, m.id, { a_bank_ms: Number(ba.value) * 1000, b_bank_ms: Number(bb.value) * 1000 })) }, t('clock.set'))));
  }
  if (scheduled) {
    const late = await clk.lateness(S.tid, m.id).catch(() => null);
    const row = late ? postponeRow(S.tid, m, k, late, run) : null;
    if (row) { box.append(row); put(); }
    return;
  }
  if (!open) { put(); return; }
  // lateness
  const late = await clk.lateness(S.tid, m.id).catch(() => null);
  if (late) {
    // PEN-1, counted here from the server's figures so the points move while the TD looks
    const offset = late.server_time_ms - Date.now();
    const due = (x) => {
      if (x.present || x.clock_instead || !x.absent_from_ms) return x.points;
      const past = Date.now() + offset - x.absent_from_ms - late.grace_min * 60000;
      return past < 0 ? 0 : 1 + Math.floor(past / (late.step_min * 60000));
    };
    const spans = [];
    for (const side of ['a', 'b']) {
      const x = late.sides[side];
      const name = sideName(m.sides[side === 'a' ? 0 : 1]);
      const span = h('span', {});
      spans.push([span, x, name, side]);
      // a side on its break (PEN-4) is away, not late, until the break overruns
      const resting = x.on_break && !due(x);
      box.append(h('div', { class: 'row' }, span,
        resting ? null : !x.present ? h('button', { type: 'button', onclick: () => run(() => clk.latenessAction(S.tid, m.id, 'arrive', side)) }, t('late.arrive')) : null,
        // points to award: an absent side's grow; a side here has them only if not yet awarded
        !resting && !x.clock_instead && (!x.present || x.points > (late.confirmed || {})[side]) ? h('button', { type: 'button', onclick: () => run(() => clk.latenessAction(S.tid, m.id, 'lateness/confirm', side)) }, t('late.award')) : null,
        !resting && !x.present && !x.clock_instead ? h('button', { type: 'button', onclick: () => run(() => clk.latenessAction(S.tid, m.id, 'lateness/clock', side)) }, t('late.clock')) : null));
    }
    const showLate = () => {
      for (const [span, x, name, side] of spans) {
        const points = due(x);
        const awarded = (late.confirmed || {})[side] || 0;
        span.textContent = x.on_break && !points ? t('late.on_break', { name }) : (x.present ? t(points <= awarded ? 'late.present' : points === 1 ? 'late.present_due_one' : 'late.present_due', { name, points }) : x.clock_instead ? t('late.clock_runs', { name })
          : t(points === 1 ? 'late.absent_one' : 'late.absent', { name, points }))
          + (awarded ? ` ${t('late.awarded', { n: awarded })}` : '');
      }
    };
    showLate();
    S.lateTimer = setInterval(() => (box.isConnected ? showLate() : clearInterval(S.lateTimer)), 1000);
    const row = postponeRow(S.tid, m, k, late, run);
    if (row) box.append(row);
  }
  // breaks (PEN-4): only between games; the server says when not
  const br = await clk.breaks(S.tid, m.id).catch(() => null);
  if (br) {
    const row = h('div', { class: 'row' });
    if (br.current) {
      const who = sideName(m.sides[br.current.side === 'a' ? 0 : 1]);
      row.append(h('span', {}, t('brk.running', { name: who, time: hhmm(br.current.ends_ms) })),
        h('button', { type: 'button', onclick: () => run(() => clk.breakEnd(S.tid, m.id)) }, t('brk.end')));
    } else {
      for (const side of ['a', 'b']) {
        const name = sideName(m.sides[side === 'a' ? 0 : 1]);
        if (br.sides[side].left > 0) {
          row.append(h('button', { type: 'button', onclick: () => run(() => clk.breakStart(S.tid, m.id, side)) },
            t('brk.for', { name, left: br.sides[side].left })));
        }
        // two combined (PEN-4), for twice the minutes
        if (br.sides[side].left >= 2) {
          row.append(h('button', { type: 'button', class: 'brk2', onclick: () => run(() => clk.breakStart(S.tid, m.id, side, 2)) },
            t('brk.for_two', { name, minutes: 2 * br.allowance.minutes })));
        }
      }
    }
    if (row.childNodes.length) box.append(row);
  }
  // penalties
  const ps = h('select', { id: 'dt-ps' }, h('option', { value: 'a' }, sideName(m.sides[0])), h('option', { value: 'b' }, sideName(m.sides[1])));
  const pk = h('select', { id: 'dt-pk' }, h('option', { value: 'warning' }, t('pen.warning')), h('option', { value: 'points' }, t('pen.points')));
  const pp = h('input', { id: 'dt-pp', type: 'number', min: 1, value: 1, size: 3 });
  const pr = h('input', { id: 'dt-pr', size: 20 });
  // a warning has no points: their field shows for a penalty of points only
  const ppl = h('label', { for: 'dt-pp' }, t('pen.points'));
  const kind = () => { ppl.hidden = pp.hidden = pk.value !== 'points'; };
  pk.addEventListener('change', kind);
  kind();
  box.append(h('div', { class: 'row' }, h('label', { for: 'dt-ps' }, t('pen.side')), ps, h('label', { for: 'dt-pk' }, t('pen.kind')), pk,
    ppl, pp, h('label', { for: 'dt-pr' }, t('td.reason')), pr,
    h('button', { type: 'button', onclick: () => run(() => clk.addPenalty(S.tid, m.id, { side: ps.value, kind: pk.value, points: pk.value === 'points' ? Number(pp.value) : 0, reason: pr.value })) }, t('pen.add'))));
  // the penalties given in this match (PEN-5)
  const given = await clk.penalties(S.tid, m.id).catch(() => null);
  if (given && given.penalties.length) {
    box.append(h('ul', { id: 'dt-penalties' }, given.penalties.map((p) => h('li', {},
      t(p.kind === 'warning' ? 'pen.line_warning' : (p.points === 1 ? 'pen.line_point' : 'pen.line_points'), { name: sideName(m.sides[p.side === 'a' ? 0 : 1]), points: p.points, reason: p.reason, time: hhmm(p.created_at) })))));
  }
  put();
}

// PEN-1 (000): the TD postpones a match by one hour, once, before it starts and before any
// lateness points are confirmed; afterwards the panel says from when lateness counts.
function postponeRow(tid, m, k, late, run) {
  if (late.postponed_min > 0) {
    return h('p', { id: 'dt-postponed', class: 'note' }, late.late_from_ms
      ? t('late.postponed', { min: late.postponed_min, time: hhmm(late.late_from_ms) })
      : t('late.postponed_uncalled', { min: late.postponed_min }));
  }
  const confirmed = late.confirmed_total ? late.confirmed_total.a + late.confirmed_total.b : 0;
  const before = ['scheduled', 'called'].includes(m.state) && (!k || k.state === 'waiting');
  if (!before || confirmed) return null;
  return h('div', { class: 'row' },
    h('button', { type: 'button', id: 'dt-postpone', onclick: () => run(() => clk.postpone(tid, m.id)) }, t('late.postpone')));
}

