// The phone's side of the Committee (GOV-7, GOV-2): a player sees the decisions about
// their match they may appeal and until when ("you may appeal until 14:32"), appeals one,
// follows the case (its state, statements, the Committee's outcome), adds a statement or
// withdraws it; a member of the Committee votes on the motion before their panel, with
// their player's login or, for a member who is not a player, the PIN of their card
// (/play/?t=T&member=M). Read with the player's own login: the public stream carries no
// text a player wrote.
import { api } from '/js/api.js';
import { $, h, clear, announce, showError, clearError, hhmm } from '/js/dom.js';
import { t } from '/js/i18n.js';
import { live, debounce, serial } from '/js/live.js';
import { committeeText } from '/js/committee.js';
import { jointChoice } from '/play/joint_choice.js';

// The card under the table card (or, for a member who is not a player, on the page's
// main), made once.
function card(onMain) {
  let el = document.getElementById('appeal-card');
  if (!el) {
    el = h('section', { id: 'appeal-card', class: 'card', 'aria-labelledby': 'appeal-h', hidden: true });
    const after = document.getElementById('table-card');
    if (after && !onMain) after.after(el);
    else document.getElementById('main').append(el);
  }
  return el;
}

// Whether the player is typing in the card: a live update then leaves it as it is.
function typing(el) {
  const a = document.activeElement;
  return !!a && el.contains(a) && /^(INPUT|TEXTAREA|SELECT)$/.test(a.tagName) && !!a.value;
}

async function run(f, okMsg, refresh) {
  clearError();
  try {
    await f();
    if (okMsg) announce(okMsg);
    if (refresh) refresh();
  } catch (e) {
    showError(e);
  }
}

// The votes a member may cast now: each pending case with an open motion whose panel
// seats them (member: {id}; extra: what the vote carries besides, a PIN).
function votesOf(T, cases, member, extra, refresh) {
  const out = [];
  for (const c of cases) {
    const mo = c.motion;
    if (c.state !== 'pending' || !mo || mo.state !== 'open' || !(c.panel || []).some((p) => p.id === member.id)) continue;
    const voted = (mo.votes || []).some((v) => v.member_id === member.id);
    const label = (c.label && c.label.text) || `#${c.match_id}`;
    const vote = (v) => () => run(() => api('POST', `${T}/appeals/${c.id}/votes`, { vote: v, ...extra }), t('ap.voted'), refresh);
    out.push(h('div', { class: 'vote', 'data-appeal': c.id },
      h('p', {}, t('ap.motion_on', { match: label }), ' ', h('strong', {}, mo.text)),
      voted ? h('p', { class: 'muted' }, t('ap.you_voted'))
        : h('p', {}, h('button', { type: 'button', class: 'big primary', onclick: vote('yes') }, t('co.vote.yes')), ' ',
          h('button', { type: 'button', class: 'big', onclick: vote('no') }, t('co.vote.no')))));
  }
  return out;
}

// The appeal card of the player's current or last match S.match (S: the page's state).
export async function renderAppeal(S, refresh) {
  const el = card(false);
  if (typing(el)) return;
  const T = `/api/v1/tournaments/${S.tid}`;
  const parts = [];
  // the decisions of the current (or last) match open to appeal
  let pub = { appeals: [] };
  try { pub = await api('GET', `${T}/appeals`); } catch (e) { /* none */ }
  if (S.match) {
    let mine;
    try { mine = await api('GET', `${T}/matches/${S.match.id}/appeals`); } catch (e) { mine = { appeals: [], appealable: [] }; }
    for (const d of mine.appealable) {
      const id = `ap-g-${d.ruling_id || d.audit_id}`;
      const what = d.ruling_id ? t('ap.ruling', { decision: d.decision || '' }) : t('ap.decision', { what: d.what });
      parts.push(h('form', { class: 'appealable', onsubmit: (ev) => {
        ev.preventDefault();
        const body = d.ruling_id ? { ruling_id: d.ruling_id } : { audit_id: d.audit_id };
        const g = $(`#${id}`).value.trim();
        if (g) body.grounds = g;
        run(() => api('POST', `${T}/matches/${S.match.id}/appeals`, body), t('ap.lodged'), refresh);
      } },
      h('p', {}, what, ' — ', h('strong', {}, t('ap.until', { time: hhmm(d.until) }))),
      h('label', { for: id }, t('ap.grounds')), h('textarea', { id, maxlength: 4000, rows: 2 }),
      h('button', { type: 'submit', class: 'big' }, t('ap.appeal'))));
    }
  }
  // every case about a match of mine (read in full with my login; others' are refused)
  let co = null;
  try { co = await api('GET', `${T}/committee`); } catch (e) { /* the Committee is optional */ }
  const matchIds = [...new Set(pub.appeals.map((c) => c.match_id))];
  for (const mid of matchIds) {
    let mine;
    try { mine = await api('GET', `${T}/matches/${mid}/appeals`); } catch (e) { continue; }
    // my side of it, for a Committee the players choose jointly (WBGF 5.1)
    let side = null;
    if (co && mine.appeals.some((c) => c.panel_choices)) {
      const m = S.match && S.match.id === mid ? S.match : await api('GET', `${T}/matches/${mid}`).catch(() => null);
      const s = m && m.sides.find((x) => x.player_id === S.pid);
      side = s ? s.side : null;
    }
    for (const c of mine.appeals) {
      const rows = [h('p', {}, t(c.kind === 'referral' ? 'co.referral' : 'co.appeal', { id: c.id, match: (c.label && c.label.text) || '' }), ' — ',
        h('strong', { class: 'ap-state' }, t(`co.state.${c.state}`)))];
      if (c.outcome) rows.push(h('p', { class: 'ap-outcome' }, t(`co.outcome.${c.outcome}`), ': ', c.outcome_text || ''));
      for (const s of c.statements || []) rows.push(h('p', { class: 'muted' }, `${hhmm(s.at)} ${s.side || ''}: ${s.text}`));
      if (c.state === 'pending') {
        const sid = `ap-s-${c.id}`;
        rows.push(h('form', { onsubmit: (ev) => {
          ev.preventDefault();
          run(() => api('POST', `${T}/appeals/${c.id}/statements`, { text: $(`#${sid}`).value.trim() }), t('ap.stated'), refresh);
        } }, h('label', { for: sid }, t('ap.statement')), h('textarea', { id: sid, required: true, maxlength: 4000, rows: 2 }),
        h('button', { type: 'submit' }, t('ap.state'))));
        const choose = co && jointChoice(T, c, co, side, (f, msg) => run(f, msg, refresh));
        if (choose) rows.push(choose);
        if (c.kind === 'appeal' && c.player_id === S.pid) {
          rows.push(h('button', { type: 'button', onclick: () => run(() => api('POST', `${T}/appeals/${c.id}/withdraw`), t('ap.withdrawn'), refresh) }, t('ap.withdraw')));
        }
      }
      parts.push(h('div', { class: 'appeal', 'data-appeal': c.id }, rows));
    }
  }
  // the Committee's names, posted (GOV-2); a player who sits on it votes from here
  if (co) {
    if (co.members.length) parts.unshift(h('p', { class: 'muted', id: 'committee-names' }, committeeText(co)));
    const me = co.members.concat(co.reserves).find((m) => m.player_id === S.pid);
    if (me) parts.push(...votesOf(T, pub.appeals, me, {}, refresh));
  }
  clear(el);
  el.hidden = !parts.length;
  el.append(h('h2', { id: 'appeal-h' }, t('ap.h')), ...parts);
}

// A member who is not a player: their card's PIN, kept for the session, then their votes.
export async function memberPage(tid, memberId) {
  const T = `/api/v1/tournaments/${tid}`;
  const el = card(true);
  el.hidden = false;
  const key = `crawford.member.${tid}.${memberId}`;
  const draw = async () => {
    const pin = sessionStorage.getItem(key);
    clear(el);
    const co = await api('GET', `${T}/committee`);
    const me = co.members.concat(co.reserves).find((m) => m.id === memberId);
    el.append(h('h2', { id: 'appeal-h' }, t('ap.member_h', { name: me ? me.name : `#${memberId}` })));
    if (!pin) {
      el.append(h('form', { onsubmit: (ev) => { ev.preventDefault(); sessionStorage.setItem(key, $('#ap-pin').value.trim()); draw(); } },
        h('label', { for: 'ap-pin' }, t('ap.member_pin')),
        h('input', { id: 'ap-pin', inputmode: 'numeric', pattern: '[0-9]{6}', maxlength: 6, required: true }),
        h('button', { type: 'submit', class: 'big primary' }, t('play.login'))));
      return;
    }
    const votes = me ? votesOf(T, (await api('GET', `${T}/appeals`)).appeals, me, { member_id: memberId, pin }, draw) : [];
    el.append(...(votes.length ? votes : [h('p', { class: 'muted' }, t('ap.nothing_to_vote'))]));
  };
  const redraw = serial(() => (typing(el) ? null : draw().catch(showError)));
  live(tid, { onSync: redraw, onEvent: debounce(redraw, 150) });
  redraw();
}
