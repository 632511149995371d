// The TD console: tournaments, players (cards with QR codes), events (knockout, Swing,
// Davis Cup, Swiss: td/swiss.js), the live board of matches with verification and correction (the cascade
// confirmation), clocks, lateness and penalties, and the audit log. Every refusal shows the
// server's own sentence.
import { api, ApiError } from '../js/api.js';
import { $, $$, h, clear, announce, showError, clearError, params, hhmm } from '../js/dom.js';
import { t, getLang, applyI18n, mountLangSwitch, onLangChange } from '../js/i18n.js';
import { live, debounce, serial } from '../js/live.js';
import { renderBracket } from '../js/bracket.js';
import { matchLabel, scoreShown, endedNote, sideName } from '../js/label.js';
import { renderSwing, renderDavis, davisBracket } from '../js/boards.js';
import { loadOfficials, wireOfficials, showWho } from './officials.js';
import { renderCalls, renderTableSection } from './calls.js';
import { showCards as cards } from './cards.js';
import { editButton } from './players_edit.js';
import { renderLists } from './import.js';
import { confirmDraw, enterAll as enterChecked } from './draw.js';
import { renderEstimate } from './estimate_view.js';
import { startBackup, renderBackup } from './backup.js';
import { readPlacings, placingsSection } from './placings.js';
import { swissPart } from './swiss.js';
import { match4 } from './match4.js';
import { renderClockControls } from './clock_panel.js';
import { renderBoard, wireBoard } from './board.js';
import { paged, wirePaged } from './board_filter.js';
import { eventsShown, wireEvents, windowLists } from './events_window.js';
import { startNow, nowEntry } from './now.js';
import { applyEntry } from './live_apply.js';
import { startEntries, entriesHeard } from './entries.js';
import { showLedger, ledgerAgain } from './ledger.js';
import { loadCommittee } from './committee.js';
import { drawPages } from './pages_drawn.js';
import { session as sessionAsked, firstState, readState } from './first_read.js';
import { matchRatingLine } from '../js/rating_change.js';

const S = { tid: Number(params().get('t')) || 0, tour: null, players: [], events: [], boards: {}, matches: [], detail: 0, auditAfter: null, stream: null,
  pins: {} /* player id -> the PIN the TD asked to see (see renderPlayers) */ };
// settled once the console's first read is drawn (or failed): what can wait waits for it
S.drawn = new Promise((ok) => { S.drawnOk = ok; });
const T = () => `/api/v1/tournaments/${S.tid}`;
const pname = (id) => (S.players.find((p) => p.id === id) || {}).name || `#${id}`;
const list = (s) => String(s || '').split(',').map((x) => x.trim()).filter(Boolean);
const nums = (s) => list(s).map(Number).filter((n) => Number.isFinite(n));

// Runs an action; a refusal shows the server's sentence. Returns the answer or undefined.
async function act(f, okMsg) {
  clearError();
  try {
    const r = await f();
    if (okMsg) announce(okMsg);
    S.typed = {}; // done: the forms start afresh
    return r;
  } catch (e) {
    showError(e);
    // not a refusal but the page's own fault (a ReferenceError...): said to the console too,
    // where the e2e test hears it
    if (!(e instanceof ApiError)) console.error(e);
    return undefined;
  }
}

// A restored copy (the guide's "When the laptop dies"): the console asks the TD first to
// check the times and confirm before play goes on.
function showHeld() {
  $('#held').hidden = !S.server.held;
  if (S.server.held) $('#held-confirm').focus();
}

async function confirmHeld() {
  const r = await act(() => api('POST', '/api/v1/resume'), t('held.done'));
  if (r) { S.server = r; showHeld(); }
}

async function main() {
  applyI18n();
  mountLangSwitch();
  onLangChange(() => { renderAll(); renderBackup(); });
  wire();
  // asked as the page started loading (first_read.js), with the tournament's first state
  const s = await sessionAsked;
  if (s.role !== 'td') { $('#login').hidden = false; $('#password').focus(); return; }
  S.early = firstState;
  await loggedIn(s);
}

// session: who logged in (the official, or a token), as /session and the login answer it.
async function loggedIn(session) {
  $('#login').hidden = true;
  $('#logout').hidden = false;
  showWho(session);
  // the server's facts (the login's answer lacks them): a restored copy waits for the TD
  S.server = session.server || (await api('GET', '/api/v1/session')).server || {};
  showHeld();
  // the officials and the tokens are the head TD's (GOV-1)
  const head = (session.official || {}).role === 'head';
  S.head = head;
  $('#tab-officials').hidden = !head;
  if (!S.tid) {
    await showTournaments();
    if (head) { $('#officials').hidden = false; loadOfficials(); }
    return;
  }
  $('#tabs').hidden = false;
  startBackup(S.tid, act); startEntries(S.tid, act); /* the Entries page (GOV-4, GOV-8) */
  startNow(S.tid, act, (id) => { location.hash = '#board'; openDetail(id); }, session, S.drawn);
  // the first read goes beside the stream's opening, not after it (see synced)
  S.firstRead = reload();
  // every change re-reads the state (the board, an open match panel, the events); an open
  // audit log also takes the new entries (a cascade's knockout.correction, a match.postponed…)
  S.stream = live(S.tid, { onSync: synced, onEvent: (ty, d) => { if (ty === 'server.resumed') { S.server.held = false; showHeld(); } nowEntry(ty); heard(ty, d); laterAudit(); entriesHeard(); }, onState: (st) => { $('#conn').textContent = st === 'live' ? '' : t(`conn.${st}`); } });
  window.addEventListener('hashchange', showPane);
  showPane();
}

async function showTournaments() {
  $('#tournaments').hidden = false;
  const { tournaments } = await api('GET', '/api/v1/tournaments');
  const ul = clear($('#t-list'));
  for (const x of tournaments) ul.append(h('li', {}, h('a', { href: `/td/?t=${x.id}#players` }, x.name), x.venue ? ` — ${x.venue}` : ''));
  if (!tournaments.length) ul.append(h('li', { class: 'muted' }, t('td.no_tournaments')));
}

// The day's estimate (on the Events page) is worked out over every match: made when the
// page is looked at, not at each render of another (about 70 ms of the console's first
// render at 1,500 matches, issue 32).
function estimateShown() {
  S.etaStale = $('#events').hidden;
  if (!S.etaStale) renderEstimate(S);
}

function showPane() {
  const id = (location.hash || '#now').slice(1);
  for (const p of $$('.pane')) p.hidden = p.id !== id;
  if (id === 'events' && S.etaStale) estimateShown();
  for (const a of $$('#tabs a')) a.setAttribute('aria-current', a.getAttribute('href') === `#${id}` ? 'page' : 'false');
  if (id === 'audit') loadAudit(true);
  if (id === 'officials') loadOfficials();
  if (id === 'committee') loadCommittee(S.tid, act);
  if (id === 'players' && S.head) later(); /* the officials offered may have changed */
}

const later = debounce(() => reload(), 150);
const laterDetail = debounce(() => { if (S.detail) renderDetail(); }, 150);
const matchOf = (id) => S.matches.find((m) => m.id === id);
const laterCalls = debounce(() => renderCalls(S.tid, act, matchOf), 150);
const laterAudit = debounce(() => { if (!$('#audit').hidden) loadAudit(false, true); }, 150);

// The stream listens (at its opening, and again after every reconnection): what changed
// before it did was not heard, so the state is read again. But the first read went out
// beside the stream's opening: when the tournament's revision (every change moves it) is
// still the one read before that read's lists, nothing changed between those lists and the
// stream's first entry, and what is shown is already the state.
async function synced() {
  const first = S.firstRead;
  S.firstRead = null;
  if (first) {
    await first;
    const now = await api('GET', T()).catch(() => null);
    if (now && S.rev0 && now.revision === S.rev0) return;
  }
  reload();
}

// A stream entry applied where it shows (live_apply.js), or the whole state read again.
// While a read is under way, its answers may be older than the entry: the entry is kept and
// applied again onto what the read brings (in order, so the last one's record stays), else
// the read would draw a report away that the board had just shown.
function heard(ty, d) {
  if (S.reading) S.reading.push([ty, d]);
  applyHeard(ty, d);
}
function applyHeard(ty, d) {
  if (!applyEntry(S, ty, d, { open: openDetail, detail: laterDetail, calls: laterCalls, player: playerApplied })) later();
}

const reload = serial(readAll);
async function readAll() {
  S.reading = [];
  try {
    // the first time, the tournament before its lists: its revision is where synced()
    // starts from (see there); the first state was begun as the page loaded
    const first = !S.tour;
    const early = S.early;
    S.early = null;
    // the officials a player may be (GOV-6 reads the link): only the head TD lists them
    // (read again with every reload, so one added on the Officials page is offered too)
    const offered = S.head ? api('GET', '/api/v1/officials').then((r) => r.officials.filter((o) => o.status !== 'removed'), () => S.officials) : null;
    const st = await (early || readState(T(), first));
    if (first) S.rev0 = st.rev0;
    S.tour = st.tour; S.players = st.players; S.events = st.events; S.matches = st.matches; S.boards = st.boards;
    const [of] = await Promise.all([offered, readPlacings(T(), S.events, S.placings = {})]);
    S.officials = of || S.officials;
    renderAll();
    const since = S.reading;
    S.reading = null;
    for (const [ty, d] of since) applyHeard(ty, d);
    await renderCalls(S.tid, act, matchOf);
    if (!$('#committee').hidden) await loadCommittee(S.tid, act);
  } catch (e) { showError(e); } finally { S.reading = null; }
  S.drawnOk();
}

// The console's pages that a read draws, each by its own function (td/pages_drawn.js: the
// first render draws the page shown first, the others when the page is idle).
const PAGES = {
  settings: () => renderSettings(),
  players: () => renderPlayers(),
  events: () => { renderEvents(); estimateShown(); },
  board: () => { renderBoard(S, openDetail); if (S.detail) renderDetail(); },
};

function renderAll() {
  if (!S.tour) return;
  $('#t-current').textContent = S.tour.name;
  document.title = `${S.tour.name} — Crawford`;
  // how many whole re-renders the page has made: a test waits for the next one after a
  // change in the room, instead of waiting a fixed time and hoping it came
  const whole = () => { document.body.dataset.renders = String((Number(document.body.dataset.renders) || 0) + 1); };
  const first = drawPages(PAGES, (location.hash || '#now').slice(1), whole);
  ledgerAgain(); // an open chip ledger read again
  if (first) performance.mark('console-rendered'); // bench_ui reads it: the page shown drawn
}

// Every change in the room rebuilds the match panel and the event cards: what the TD has
// typed or chosen there (a penalty's reason, a team's name...) and the focus survive the
// rebuild, by element id. S.typed follows the fields as they change; a successful action
// empties it.
S.typed = {};
function followTyping(root) {
  const note = (ev) => {
    const el = ev.target;
    if (el.id && /^(INPUT|SELECT)$/.test(el.tagName) && el.type !== 'file') S.typed[el.id] = el.type === 'checkbox' ? el.checked : el.value;
  };
  root.addEventListener('input', note);
  root.addEventListener('change', note);
  root.addEventListener('focusin', (ev) => { if (ev.target.id) S.focusId = ev.target.id; });
  // a field taken away by a rebuild keeps the focus to give back; one left by the TD does not
  root.addEventListener('focusout', (ev) => setTimeout(() => { if (ev.target.isConnected && S.focusId === ev.target.id) S.focusId = null; }, 0));
}
function restoreTyping(root) {
  for (const [id, v] of Object.entries(S.typed)) {
    const el = document.getElementById(id);
    if (!el || !root.contains(el)) continue;
    if (el.type === 'checkbox') el.checked = v; else el.value = v;
    el.dispatchEvent(new Event('change')); // what depends on it follows (a penalty's points field)
  }
  const f = S.focusId && document.getElementById(S.focusId);
  if (f && root.contains(f) && (!document.activeElement || document.activeElement === document.body)) f.focus();
}

// ---- settings ----
function renderSettings() {
  const x = S.tour;
  if (document.activeElement && $('#set-form').contains(document.activeElement)) return; // do not overwrite typing
  $('#s-name').value = x.name; $('#s-venue').value = x.venue || '';
  $('#s-start').value = x.start_date || ''; $('#s-end').value = x.end_date || '';
  $('#s-tables').value = (x.tables || []).join(', ');
  $('#s-policy').value = x.illegal_move_policy;
  $('#s-grace').value = x.lateness.grace_minutes; $('#s-step').value = x.lateness.step_minutes;
  $('#s-breaks').value = x.break_table;
  $('#s-cmode').value = x.clock.mode; $('#s-bank').value = x.clock.bank_per_point_s;
  $('#s-delay').value = x.clock.delay_s; $('#s-split').value = x.clock.split_first_per_point_s; $('#s-mpp').value = x.minutes_per_point;
  $('#s-placing').value = (x.placing_order || []).join(',');
}

// ---- players ----
function renderPlayers() {
  const c = S.tour.players || {};
  $('#p-counts').textContent = t('td.counts', { registered: c.registered ?? 0, checked: c.checked_in ?? 0, withdrawn: c.withdrawn ?? 0 });
  const tb = clear($('#p-table tbody'));
  for (const p of paged('p', S.players, (x) => `${x.name} ${x.country} ${x.club}`)) tb.append(playerRow(p)); // a page; the search finds the rest
  renderLists(T()); // the CSV import and exports, the ratings (issue 34)
}

// One player changed (live_apply.js): their row alone, and the counts.
function playerApplied(p) {
  const n = (f) => S.players.filter(f).length;
  S.tour.players = { registered: n((x) => x.status !== 'withdrawn'), checked_in: n((x) => x.status === 'registered' && x.checked_in), withdrawn: n((x) => x.status === 'withdrawn') };
  const c = S.tour.players;
  $('#p-counts').textContent = t('td.counts', { registered: c.registered, checked: c.checked_in, withdrawn: c.withdrawn });
  const row = $(`#p-table tbody tr[data-player-id="${p.id}"]`);
  if (row) row.replaceWith(playerRow(p));
}

// A player's row: their name, status, masked PIN and the TD's buttons.
function playerRow(p) {
  const status = p.status === 'withdrawn' ? t('pstatus.withdrawn') : p.checked_in ? t('pstatus.checked_in', { time: hhmm(p.checked_in_at) }) : t('pstatus.registered');
  const base = `${T()}/players/${p.id}`;
  return h('tr', { dataset: { playerId: p.id } },
    h('th', { scope: 'row' }, p.name), h('td', {}, [p.country, p.club].filter(Boolean).join(' · ')), h('td', { class: 'status' }, status),
    // masked: a PIN is read one at a time (the server records who read which), so a
    // glance at the screen or a copy of the page gives none away. One the TD asked for stays
    // shown through the room's live re-renders (S.pins), until the page is left.
    h('td', { class: 'pin' }, S.pins[p.id] ? S.pins[p.id] : h('button', { type: 'button', class: 'show-pin', 'aria-label': t('td.show_pin', { name: p.name }),
      onclick: () => act(async () => { const r = await api('GET', `${base}/pin`); S.pins[p.id] = r.pin; renderPlayers(); }) }, '••••••')),
    h('td', { class: 'actions' },
      p.status !== 'withdrawn' ? (p.checked_in
        ? h('button', { type: 'button', onclick: () => act(() => api('DELETE', `${base}/check-in`)) }, t('td.undo_check_in'))
        : h('button', { type: 'button', class: 'primary', 'aria-label': t('td.check_in_name', { name: p.name }), onclick: () => act(() => api('POST', `${base}/check-in`), t('td.checked_in', { name: p.name })) }, t('td.check_in'))) : null,
      p.status === 'withdrawn'
        ? h('button', { type: 'button', onclick: () => act(() => api('POST', `${base}/reinstate`)) }, t('td.reinstate'))
        : h('button', { type: 'button', onclick: () => confirm(t('td.withdraw_q', { name: p.name })) && act(() => api('POST', `${base}/withdraw`)) }, t('td.withdraw')),
      h('button', { type: 'button', onclick: () => confirm(t('td.new_pin_q', { name: p.name })) && act(async () => { delete S.pins[p.id]; await api('POST', `${base}/pin`); }) }, t('td.new_pin')),
      h('button', { type: 'button', onclick: () => showCards([p]) }, t('td.card')),
      editButton(T(), p, S.players), officialSelect(p, base)));
}

// Which official the player is (GOV-6: an official who is a party cannot rule on the
// match), for the head TD, who alone sees the officials; saved as soon as it is chosen.
function officialSelect(p, base) {
  if (!S.officials) return null;
  return h('select', { class: 'official', 'aria-label': t('td.player_official', { name: p.name }),
    onchange: (ev) => act(() => api('PATCH', base, { official_id: ev.target.value ? Number(ev.target.value) : null }), t('td.saved')) },
  h('option', { value: '', selected: !p.official_id }, t('td.not_official')),
  S.officials.map((o) => h('option', { value: o.id, selected: p.official_id === o.id }, t('td.is_official', { name: o.name }))));
}

// The player cards of players, shown (then printed): true once every card is whole.
const showCards = (players) => cards(T(), S.tid, S.tour.name, players, (S.server || {}).public_url);

// ---- events ----
function renderEvents() {
  const feeds = $('#ec-feeds');
  const cur = feeds.value;
  clear(feeds).append(h('option', { value: '' }, t('td.none')));
  for (const e of S.events.filter((x) => x.kind === 'knockout')) feeds.append(h('option', { value: e.id }, e.name));
  feeds.value = cur;
  const box = clear($('#e-list'));
  for (const e of eventsShown(S.events, pname)) box.append(windowLists(eventCard(e), e.id)); // a page; the search finds the rest
  restoreTyping(box);
}

function playerSelect(id, filter) {
  return h('select', { id }, S.players.filter(filter).map((p) => h('option', { value: p.id }, p.name)));
}

function eventCard(e) {
  const E = `${T()}/competitions/${e.id}`;
  const b = S.boards[e.id];
  const card = h('article', { class: 'card event', dataset: { eventId: e.id }, 'aria-labelledby': `ev-${e.id}` },
    h('h3', { id: `ev-${e.id}` }, e.name, ' ', h('span', { class: 'badge' }, t(`kind.${e.kind}`)), ' ', h('span', { class: 'muted' }, t(`estate.${e.state}`) )),
    // a Davis Cup event enters teams, not players: it says its teams and their members
    e.kind === 'davis'
      ? h('p', { class: 'muted teams' }, t((b && b.teams || []).length === 1 ? 'td.teams_one' : 'td.teams', { n: (b && b.teams || []).length }),
        (b && b.teams || []).flatMap((x) => [' · ', t('play.team_side', { team: x.name, players: x.players.map((p) => p.name).join(' & ') })]))
      : h('p', { class: 'muted' }, t(e.entries.length === 1 ? 'td.entries_one' : 'td.entries', { n: e.entries.length })));
  const open = e.state === 'open';
  if (open && e.kind !== 'davis') {
    const sel = playerSelect(`en-${e.id}`, (p) => p.status !== 'withdrawn' && !e.entries.includes(p.id));
    card.append(h('div', { class: 'row' },
      h('label', { for: `en-${e.id}` }, t('td.player')), sel,
      h('button', { type: 'button', onclick: () => act(() => api('POST', `${E}/entries`, { player_id: Number(sel.value) })) }, t('td.enter')),
      h('button', { type: 'button', class: 'enter-all', onclick: () => enterAll(e) }, t('td.enter_checked_in'))));
  }
  if (e.kind === 'knockout') {
    const seed = h('input', { id: `seed-${e.id}`, size: 10 });
    if (open) {
      card.append(h('div', { class: 'row' }, h('label', { for: `seed-${e.id}` }, t('td.seed')), seed,
        h('button', { type: 'button', class: 'primary draw', onclick: () => confirmDraw(e, S.players) && act(() => api('POST', `${E}/knockout/draw`, seed.value ? { seed: seed.value } : {}), t('td.drawn')) }, t('td.draw'))));
    }
    if (b && b.late && b.late.open) {
      const sel = playerSelect(`late-${e.id}`, (p) => p.status !== 'withdrawn' && !e.entries.includes(p.id));
      card.append(h('div', { class: 'row' },
        h('span', {}, t('td.late_left', { n: b.late.places - b.late.filled, places: b.late.places })),
        h('label', { for: `late-${e.id}` }, t('td.late_player')), sel,
        h('button', { type: 'button', class: 'late', onclick: () => act(() => api('POST', `${E}/knockout/late`, { player_id: Number(sel.value) }), t('td.late_done')) }, t('td.late_add')),
        h('button', { type: 'button', onclick: () => confirm(t('td.close_late_q')) && act(() => api('POST', `${E}/knockout/late/close`)) }, t('td.close_late'))));
    }
    const lengths = h('input', { id: `len-${e.id}`, value: (e.knockout && e.knockout.lengths || []).join(', '), size: 14 });
    card.append(h('div', { class: 'row' }, h('label', { for: `len-${e.id}` }, t('td.lengths')), lengths,
      h('button', { type: 'button', onclick: () => act(() => api('PUT', `${E}/knockout/lengths`, { lengths: nums(lengths.value) }), t('td.saved')) }, t('td.save'))));
    if (b && b.drawn) card.append(h('details', { open: true }, h('summary', {}, t('td.bracket')), renderBracket(b, Object.fromEntries(S.matches.map((m) => [m.id, m])))));
    else if (b && b.text) card.append(h('p', {}, b.text));
  } else if (e.kind === 'swing') {
    const seed = h('input', { id: `sseed-${e.id}`, size: 10 });
    const force = h('input', { id: `force-${e.id}`, type: 'checkbox' });
    card.append(h('div', { class: 'row' }, h('label', { for: `sseed-${e.id}` }, t('td.seed')), seed,
      h('label', {}, force, ' ', t('td.force')),
      h('button', { type: 'button', class: 'primary', onclick: () => act(() => api('POST', `${E}/swing/rounds`, Object.assign({}, seed.value ? { seed: seed.value } : {}, force.checked ? { force: true } : {})), t('td.round_started')) }, t('td.next_round'))));
    if (b) card.append(renderSwing(b, { onPlayer: (p) => showLedger(T(), e, p.player_id, p.name) }));
  } else if (e.kind === 'davis') {
    const name = h('input', { id: `tn-${e.id}`, size: 14 });
    // a player belongs to one team (DAVIS-1): those in a team already are not offered
    const inTeam = new Set((b && b.teams || []).flatMap((x) => x.players.map((p) => p.player_id)));
    const p1 = playerSelect(`tp1-${e.id}`, (p) => p.status !== 'withdrawn' && !inTeam.has(p.id));
    const p2 = playerSelect(`tp2-${e.id}`, (p) => p.status !== 'withdrawn' && !inTeam.has(p.id));
    if (p2.options.length > 1) p2.selectedIndex = 1;
    // teams enter before the start, or later into a knockout's open late places (KO-4)
    const lateOpen = !!(b && b.bracket && b.bracket.late_open > 0 && !b.bracket.late_closed);
    if (open || lateOpen) card.append(h('div', { class: 'row' }, h('label', { for: `tn-${e.id}` }, t('td.team')), name,
      h('label', { for: `tp1-${e.id}` }, t('td.player1')), p1, h('label', { for: `tp2-${e.id}` }, t('td.player2')), p2,
      h('button', { type: 'button', onclick: () => act(() => api('POST', `${E}/davis/teams`, { name: name.value, player1: Number(p1.value), player2: Number(p2.value) })) }, t('td.add_team'))));
    if (open) card.append(h('button', { type: 'button', class: 'primary', onclick: () => act(() => api('POST', `${E}/davis/start`, {})) }, t('td.start')));
    if (lateOpen) card.append(h('button', { type: 'button', onclick: () => act(() => api('POST', `${E}/davis/late/close`)) }, t('td.close_late')));
    if (b) card.append(b.format === 'knockout' && b.bracket ? renderBracket(davisBracket(b), {}) : renderDavis(b));
  } else if (e.kind === 'swiss') {
    card.append(...swissPart(e, b, E, S.players, act));
  }
  const placed = placingsSection(S.placings && S.placings[e.id]);
  if (placed) card.append(placed);
  return card;
}

const enterAll = (e) => enterChecked(T(), e, S.players);

// ---- the board of matches ----
function openDetail(id) {
  if (S.detail !== id) {
    S.elig = null;
    for (const k of Object.keys(S.typed)) if (k.startsWith('dt-')) delete S.typed[k]; // another match's fields
  }
  S.detail = id;
  renderDetail();
  $('#detail').focus();
}

async function renderDetail() {
  const m = S.matches.find((x) => x.id === S.detail);
  if (!m) return;
  // renders overlap (an action's, a live update's): only the latest adds the clock section
  const gen = S.detailGen = (S.detailGen || 0) + 1;
  const M = `${T()}/matches/${m.id}`;
  $('#detail').hidden = false;
  $('#dt-h').textContent = t('td.match_title', { id: m.id, a: sideName(m.sides[0]), b: sideName(m.sides[1]) });
  const body = clear($('#dt-body'));
  body.append(h('p', {}, t(!m.length ? 'td.match_line_game' : m.length === 1 ? 'td.match_line_one' : 'td.match_line', { state: t(`state.${m.state}`), score: scoreShown(m.state) ? `${m.score.a}–${m.score.b}${endedNote(m)}` : t('match.reports_differ'), length: m.length, table: m.table || '—' })));
  // the match's name (event, round, rubber) under its facts: the first line stays the facts
  if (m.label && m.label.kind !== 'standalone') body.append(h('p', { class: 'muted', id: 'dt-label' }, matchLabel(m.label, m.id)));
  // RAT-1: each player's rating before, change and after (or why the match is not rated)
  if (m.rating) body.append(h('p', { id: 'dt-rating' }, `${t('rat.match')}: ${matchRatingLine(m, 0, (i) => sideName(m.sides[i]))}`));
  // call to a table
  const table = h('input', { id: 'dt-table', value: m.table || '', size: 6 });
  body.append(h('div', { class: 'row' }, h('label', { for: 'dt-table' }, t('td.table')), table,
    h('button', { type: 'button', onclick: () => act(() => api('POST', `${M}/call`, table.value ? { table: table.value } : {}), t('td.called')) }, t('td.call')),
    h('button', { type: 'button', onclick: () => act(() => api('PATCH', `${M}`, { table: table.value }), t('td.saved')) }, t('td.set_table'))));
  // the length: before any report, or MATCH-3 between games (the server says when it stands)
  if (m.length > 0) {
    const len = h('input', { id: 'dt-len', type: 'number', min: 1, max: 99, value: m.length });
    body.append(h('div', { class: 'row' }, h('label', { for: 'dt-len' }, t('td.length')), len,
      h('button', { type: 'button', id: 'dt-setlen', onclick: () => act(() => api('PATCH', `${M}`, { length: Number(len.value) }), t('td.saved')) }, t('td.set_length'))));
    if (m.length_corrected) {
      body.append(h('p', { class: 'note', id: 'dt-lencorr' }, t('td.length_corrected', { from: m.length_corrected.from, game: m.length_corrected.from_game, length: m.length })));
    }
  }
  // reports side by side, verification
  let reports = null;
  let dispute = null; // what MATCH-4 says, in the server's words
  try { const x = await api('GET', `${M}/reports`); reports = x.reports; dispute = x.dispute || null; } catch (e) { reports = null; }
  if (reports) {
    const rep = (side) => {
      const r = reports[side];
      if (!r) return h('div', { class: 'rep' }, h('h4', {}, t('td.report_of', { name: sideName(m.sides[side === 'a' ? 0 : 1]) })), h('p', { class: 'muted' }, t('td.no_report')));
      return h('div', { class: 'rep' }, h('h4', {}, t('td.report_of', { name: sideName(m.sides[side === 'a' ? 0 : 1]) })),
        h('p', {}, `${r.score.a}–${r.score.b}${r.complete ? '' : ` (${t('td.incomplete')})`}`),
        r.conceded ? h('p', { class: 'note', 'data-conceded': r.conceded }, t('td.conceded_by', { name: sideName(m.sides[r.conceded === 'a' ? 0 : 1]) })) : null,
        Array.isArray(r.games) ? h('ol', {}, r.games.map((g) => h('li', {}, t(g.points === 1 ? 'td.game_line_one' : 'td.game_line', { winner: sideName(m.sides[g.winner === 'a' ? 0 : 1]), result: t(`result.${g.result}`), cube: g.cube, points: g.points })))) : null,
        // a dispute is decided by a ruling (GOV-6a), the form of the table section below
        m.state === 'reported' ? h('button', { type: 'button', class: 'primary', onclick: () => act(() => api('POST', `${M}/verify`, { report_id: r.id }), t('td.verified')) }, t('td.verify_this')) : null);
    };
    body.append(h('div', { class: 'reps' }, rep('a'), rep('b')));
    if (dispute) body.append(h('p', { class: 'note', id: 'dt-match4', title: dispute.why }, match4(dispute, reports, m, sideName)));
  }
  // decide by score or correct; a Swing game (length 0) by the game itself, whose cube and
  // gammon the chips depend on (SWING-3): the server refuses a score for it
  const reason = h('input', { id: 'dt-reason', size: 24 });
  const decided = ['verified', 'forfeited', 'withdrawn'].includes(m.state);
  let fields; let result;
  if (m.length === 0) {
    // the form starts from the game reported (once decided, the one that decided it)
    const g = reports && ['td', 'a', 'b'].map((s) => reports[s])
      .filter((r) => r && Array.isArray(r.games) && r.games.length && (!decided || r.id === m.result_report_id))
      .map((r) => r.games[0])[0];
    const gw = h('select', { id: 'dt-gw' }, h('option', { value: 'a' }, sideName(m.sides[0])), h('option', { value: 'b' }, sideName(m.sides[1])));
    const gc = h('select', { id: 'dt-gc' }, [1, 2, 4, 8, 16, 32, 64].map((v) => h('option', { value: v }, String(v))));
    const gr = h('select', { id: 'dt-gr', title: t('play.drop_hint') }, ['single', 'gammon', 'backgammon', 'drop'].map((r) => h('option', { value: r }, t(`result.${r}`))));
    gw.value = (g && g.winner) || m.winner || 'a';
    gc.value = String((g && g.cube) || 1);
    if (g && ['single', 'gammon', 'backgammon', 'drop'].includes(g.result)) gr.value = g.result;
    fields = [h('label', { for: 'dt-gw' }, t('td.game_winner')), gw, h('label', { for: 'dt-gc' }, t('play.cube')), gc, h('label', { for: 'dt-gr' }, t('play.result')), gr];
    result = () => ({ game: { winner: gw.value, cube: Number(gc.value), result: gr.value } });
  } else {
    const sa = h('input', { id: 'dt-sa', type: 'number', min: 0, size: 3, value: m.score.a });
    const sb = h('input', { id: 'dt-sb', type: 'number', min: 0, size: 3, value: m.score.b });
    fields = [h('label', { for: 'dt-sa' }, sideName(m.sides[0])), sa, h('label', { for: 'dt-sb' }, sideName(m.sides[1])), sb];
    result = () => ({ score: { a: Number(sa.value), b: Number(sb.value) } });
  }
  if (m.state === 'disputed') body.append(h('p', { class: 'note', id: 'dt-by-ruling' }, t('td.dispute_by_ruling')));
  else {
    body.append(h('div', { class: 'row' }, fields,
      decided ? [h('label', { for: 'dt-reason' }, t('td.reason')), reason] : null,
      h('button', { type: 'button', class: 'primary', onclick: () => (decided ? correct(m, result(), reason.value) : act(() => api('POST', `${M}/verify`, result()), t('td.verified')).then((r) => keepElig(m, r))) },
        decided ? t('td.correct') : t(m.length === 0 ? 'td.verify_game' : 'td.verify_score'))));
  }
  if (!decided) {
    const fw = h('select', { id: 'dt-fw' }, h('option', { value: 'a' }, sideName(m.sides[0])), h('option', { value: 'b' }, sideName(m.sides[1])));
    const fr = h('input', { id: 'dt-fr', size: 20 });
    body.append(h('div', { class: 'row' }, h('label', { for: 'dt-fw' }, t('td.forfeit_winner')), fw, h('label', { for: 'dt-fr' }, t('td.reason')), fr,
      h('button', { type: 'button', class: 'danger', onclick: () => confirm(t('td.forfeit_q')) && act(() => api('POST', `${M}/forfeit`, { winner: fw.value, reason: fr.value || 'td' })) }, t('td.forfeit'))));
  }
  body.append(h('div', { id: 'cascade' }));
  if (S.elig && S.elig.id === m.id) body.append(eligNotice(S.elig.items));
  const sec = await renderTableSection(m, body, act, M, sideName);
  if (gen !== S.detailGen && sec) sec.remove(); // a newer render has its own
  await renderClockControls(S, m, body, gen, act, renderDetail);
  if (gen === S.detailGen) restoreTyping(body);
}

// SWING-2: a decision that changes who held chips at the start of a later round lists the
// players whose pairing no longer fits; the server does not re-pair, the TD decides. Kept
// (S.elig) across the live re-renders of the panel until another match is opened.
const ELIG = { left_out: 'td.elig_left_out', played_without_chips: 'td.elig_played', sat_out_without_chips: 'td.elig_sat_out' };
function keepElig(m, r) {
  const items = r && Array.isArray(r.swing_eligibility_changed) ? r.swing_eligibility_changed : [];
  S.elig = items.length ? { id: m.id, items } : null;
  if (S.elig) renderDetail();
  return r;
}
function eligNotice(items) {
  return h('div', { class: 'warn', role: 'alert', id: 'dt-elig' },
    h('p', {}, t('td.elig_h')),
    h('ul', {}, items.map((x) => h('li', {}, t(ELIG[x.change] || x.change, { round: x.round, name: pname(x.player_id), match: x.match_id })))));
}

// A correction (result: {score} or, for a Swing game, {game}); when later matches depend
// on it the server answers 409 with would_undo: its sentence and those matches are shown,
// and the TD may confirm the cascade.
async function correct(m, result, reason) {
  const M = `${T()}/matches/${m.id}`;
  clearError();
  const box = clear($('#cascade'));
  try {
    keepElig(m, await api('POST', `${M}/correct`, { ...result, reason: reason || 'correction' }));
    S.typed = {};
    announce(t('td.corrected'));
  } catch (e) {
    if (e instanceof ApiError && e.status === 409 && Array.isArray(e.problem.would_undo)) {
      const ids = e.problem.would_undo;
      box.append(h('div', { class: 'warn', role: 'alert' },
        h('p', {}, e.message),
        h('ul', {}, ids.map((id) => {
          const x = S.matches.find((y) => y.id === id);
          return h('li', {}, x ? t('td.undo_item', { id, a: sideName(x.sides[0]) || '?', b: sideName(x.sides[1]) || '?', sa: x.score.a, sb: x.score.b, state: t(`state.${x.state}`) }) : `#${id}`);
        })),
        h('button', { type: 'button', class: 'danger', onclick: () => act(() => api('POST', `${M}/correct`, { ...result, reason: reason || 'correction', confirm_cascade: true }), t('td.corrected')).then((r) => { clear(box); keepElig(m, r); }) }, t('td.confirm_cascade')),
        h('button', { type: 'button', onclick: () => clear(box) }, t('td.cancel'))));
      box.querySelector('button').focus();
    } else showError(e);
  }
}

// ---- audit ----
// fresh: from the start; quiet: a live refresh, which leaves the page's alert alone.
// One read at a time, so entries are never appended twice.
function loadAudit(fresh, quiet) {
  S.auditQ = (S.auditQ || Promise.resolve()).then(() => readAudit(fresh, quiet)).catch(() => null);
  return S.auditQ;
}

// Who made a change, as the TD knows them: "player:7" is that player's name, an official
// or a token by the name the server gives (actor_name).
function actorName(a, name) {
  if (name) return name;
  const m = /^player:(\d+)$/.exec(a || '');
  const p = m && S.players.find((x) => x.id === Number(m[1]));
  if (p) return p.name;
  return a === 'td' ? t('td.actor_td') : a === 'clock' ? t('td.actor_clock') : a;
}

async function readAudit(fresh, quiet) {
  if (fresh) { clear($('#a-table tbody')); S.auditAfter = null; }
  const get = () => api('GET', `${T()}/audit?limit=100${S.auditAfter ? `&after=${S.auditAfter}` : ''}`);
  const r = quiet ? await get().catch(() => null) : await act(get);
  if (!r) return;
  const tb = $('#a-table tbody');
  for (const e of r.entries) {
    tb.append(h('tr', {}, h('td', {}, new Date(e.at).toLocaleString(getLang())), h('td', { title: e.actor }, actorName(e.actor, e.actor_name)), h('th', { scope: 'row' }, e.action),
      h('td', {}, h('details', {}, h('summary', {}, `${e.entity} ${e.entity_id ?? ''}`), h('pre', {}, JSON.stringify({ before: e.before, after: e.after }, null, 1))))));
    S.auditAfter = e.id;
  }
  $('#a-more').hidden = r.entries.length < 100;
}

// ---- wiring ----
function wire() {
  followTyping($('#dt-body'));
  followTyping($('#e-list'));
  wireOfficials(act);
  wireBoard(S, openDetail); wirePaged('p', renderPlayers); wireEvents(renderEvents);
  $('#login').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = { password: $('#password').value };
    if ($('#login-name').value.trim()) body.name = $('#login-name').value.trim();
    const ok = await act(() => api('POST', '/api/v1/login', body));
    if (ok) { $('#password').value = ''; loggedIn(ok); }
  });
  $('#logout').onclick = async () => { await api('POST', '/api/v1/logout').catch(() => null); location.href = '/td/'; };
  $('#t-create').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = { name: $('#tc-name').value, venue: $('#tc-venue').value };
    const tables = list($('#tc-tables').value);
    if (tables.length) body.tables = tables;
    const r = await act(() => api('POST', '/api/v1/tournaments', body));
    if (r) location.href = `/td/?t=${r.id}#players`;
  });
  $('#set-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const body = {
      name: $('#s-name').value, venue: $('#s-venue').value,
      start_date: $('#s-start').value || null, end_date: $('#s-end').value || null,
      tables: list($('#s-tables').value), illegal_move_policy: $('#s-policy').value,
      lateness: { grace_minutes: Number($('#s-grace').value), step_minutes: Number($('#s-step').value) },
      break_table: $('#s-breaks').value,
      clock: { mode: $('#s-cmode').value, bank_per_point_s: Number($('#s-bank').value), delay_s: Number($('#s-delay').value), split_first_per_point_s: Number($('#s-split').value) },
      minutes_per_point: Number($('#s-mpp').value),
      placing_order: $('#s-placing').value ? $('#s-placing').value.split(',') : [],
    };
    act(() => api('PATCH', T(), body), t('td.saved'));
  });
  $('#p-create').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = { name: $('#pc-name').value.trim() };
    if ($('#pc-country').value) body.country = $('#pc-country').value.trim();
    if ($('#pc-rating').value) body.rating = Number($('#pc-rating').value);
    if ($('#pc-fed').value) body.federation_id = $('#pc-fed').value.trim();
    const r = await act(() => api('POST', `${T()}/players`, body));
    if (r) {
      announce(t('td.registered', { name: r.name, pin: r.pin }));
      $('#p-create').reset();
      $('#pc-name').focus();
    }
  });
  $('#held-confirm').onclick = confirmHeld;
  // the dialog opens once every card is whole: a card printed without its QR code is no use
  $('#print-cards').onclick = async () => { if (await showCards(S.players.filter((p) => p.status !== 'withdrawn'))) window.print(); };
  $('#ec-kind').addEventListener('change', kindFields);
  kindFields();
  $('#e-create').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const kind = $('#ec-kind').value;
    const body = { kind, name: $('#ec-name').value };
    if (kind === 'knockout') {
      const k = { late_places: Number($('#ec-late').value) || 0, seeded: $('#ec-seeded').checked };
      const L = nums($('#ec-lengths').value);
      if (L.length) k.lengths = L;
      if ($('#ec-deadline').value) k.late_deadline = new Date($('#ec-deadline').value).toISOString();
      if ($('#ec-feeds').value) k.feeds_from = Number($('#ec-feeds').value);
      if ($('#ec-third').checked) k.third_place = true;
      body.knockout = k;
    } else if (kind === 'swiss') {
      // rounds, or lives (out after that many losses), or both; a length for every round
      body.swiss = {};
      if ($('#ec-rounds').value) body.swiss.rounds = Number($('#ec-rounds').value);
      if ($('#ec-lives').value) body.swiss.lives = Number($('#ec-lives').value);
      const L = nums($('#ec-lengths').value);
      if (L.length) body.swiss.length = L;
    } else if (kind === 'swing') {
      body.swing = { start_chips: Number($('#ec-chips').value) };
      const c = nums($('#ec-cpp').value);
      if (c.length) body.swing.cpp = c;
    } else {
      body.davis = { format: $('#ec-format').value };
      const L = nums($('#ec-lengths').value);
      if (L.length) body.davis.lengths = L;
    }
    const r = await act(() => api('POST', `${T()}/competitions`, body), t('td.event_created'));
    if (r) $('#e-create').reset(), kindFields();
  });
  $('#assign').onclick = async () => {
    const r = await act(() => api('POST', `${T()}/tables/assign`));
    // said beside the button too: the calls show on the Matches tab, not here
    if (r) announce($('#assign-result').textContent = t('td.assigned', { n: r.assigned, waiting: r.waiting }));
  };
  $('#a-more').onclick = () => loadAudit(false);
  // Escape closes the match panel
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && $('#ledger') && $('#ledger').open) return; // the dialog closes itself
    if (ev.key === 'Escape' && !$('#detail').hidden) { $('#detail').hidden = true; S.detail = 0; S.typed = {}; }
  });
}

function kindFields() {
  const k = $('#ec-kind').value;
  const cls = { knockout: 'k-ko', swing: 'k-swing', davis: 'k-davis', swiss: 'k-swiss' }[k];
  for (const el of $$('#e-create .k-ko, #e-create .k-swing, #e-create .k-davis, #e-create .k-swiss')) el.hidden = !el.classList.contains(cls);
  // one lengths field: by round for a knockout, by phase for a Davis Cup tie (DAVIS-2)
  const lab = $('#ec-lengths-l');
  lab.dataset.i18n = k === 'davis' ? 'td.davis_lengths' : k === 'swiss' ? 'swiss.lengths' : 'td.lengths';
  lab.textContent = t(lab.dataset.i18n);
  $('#ec-lengths').placeholder = k === 'davis' ? '7, 5, 7' : '7, 7, 9';
}

main().catch((e) => showError(e));
