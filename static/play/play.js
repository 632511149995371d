// The player's page (phones): PIN once, every open match (one chosen to report), a line
// naming its event for each event the player is in, reporting game by game or the final
// score, confirming or disputing the opponent's report, a .mat upload, and the clock.
import { api, newKey } from '/js/api.js';
import { $, h, clear, announce, showError, clearError, params, hhmm, num } from '/js/dom.js';
import { t, getLang, applyI18n, mountLangSwitch, onLangChange } from '/js/i18n.js';
import { live, debounce, serial } from '/js/live.js';
import { matchLabel, endedText } from '/js/label.js';
import { pickTournament, pickPlayer } from '/play/pick.js';
import { renderTable, buildCallForm, wireCallForm } from '/play/table.js';
import { readPlaces, placeLine } from '/play/place.js';
import { renderAppeal, memberPage } from '/play/appeal.js';
import { probeClock, remaining, fmt, clockAction, receive, PAUSE_REASONS, breaks, breakStart, breakEnd } from '/js/clock.js';
import { swissLines } from '/play/swiss_line.js';
import { ratingLine } from '/play/rating.js';
import { matchRatingLine } from '/js/rating_change.js';

const q = params();
const S = {
  tid: Number(q.get('t')) || 0,
  pid: Number(q.get('p')) || 0,
  me: null, // my player record
  match: null, // my current match: the one chosen among the open ones (S.sel), or the first
  sel: 0,
  open: [], // every open match of mine
  side: null, // 'a' | 'b'
  reports: null,
  game: { winner: null, cube: 1, result: 'single', level: 1 },
  clock: null,
  clockStatus: 'absent',
  showClock: false,
};
const T = () => `/api/v1/tournaments/${S.tid}`;
const other = (s) => (s === 'a' ? 'b' : 'a');
// My side of a match: mine by name, or my team's in a Davis Cup consultation doubles,
// which names each team's first player (either member reports it, DAVIS-2).
const isMine = (s) => s.player_id === S.pid || !!(s.team && s.team.players.some((p) => p.player_id === S.pid));
const sideOf = (m) => (isMine(m.sides[0]) ? 'a' : 'b');
// A side as the player knows it: the opponent, or in a doubles the team and its members.
const sideName = (s) => (s.team ? t('play.team_side', { team: s.team.name, players: s.team.players.map((p) => p.name).join(' & ') }) : s.name || '—');

function show(id, on) { const el = document.getElementById(id); if (el) el.hidden = !on; }

async function start() {
  applyI18n();
  mountLangSwitch();
  onLangChange(() => { buildChoices(); buildCallForm(); render(); });
  buildChoices();
  buildCallForm();
  wireCallForm(() => S, () => later());
  wire();
  // a Committee member who is not a player votes with their card's PIN (GOV-2, GOV-7)
  if (S.tid && q.get('member')) return memberPage(S.tid, Number(q.get('member')));
  if (!S.tid) return pickTournament();
  if (!S.pid) return pickPlayer(T(), S.tid);
  await checkSession();
}

async function checkSession() {
  const sess = await api('GET', '/api/v1/session');
  S.me = await api('GET', `${T()}/players/${S.pid}`);
  if (sess.role === 'player' && sess.player_id === S.pid && sess.tournament_id === S.tid) return enter();
  $('#pin-name').textContent = S.me.name;
  show('pin-form', true);
  $('#pin').focus();
}

async function enter() {
  show('pin-form', false);
  show('me', true);
  $('#me-name').textContent = S.me.name;
  live(S.tid, {
    onSync: refresh,
    onEvent: (type, data) => {
      const c = data && data.clock ? data.clock : data; // the event carries {clock: {...}}
      if (type === 'clock' && c && S.match && c.match_id === S.match.id) {
        S.clock = receive(c);
        S.clockEvents = (S.clockEvents || 0) + 1;
        S.clockStatus = 'ok';
        renderClock();
        return;
      }
      if (type === 'lateness' && !$('#clock').hidden) loadBreaks();
      later();
    },
    onState: (st) => { $('#conn').textContent = st === 'live' ? '' : t(`conn.${st}`); },
  });
}

const later = debounce(() => refresh(), 150);

const refresh = serial(readMine);
async function readMine() {
  try {
    const { matches } = await api('GET', `${T()}/matches?player=${S.pid}`);
    // every open match at once (a Main and a Consolation may run together), the most
    // pressing first; the one the player chose stays chosen across live updates
    const order = ['playing', 'called', 'reported', 'disputed', 'scheduled'];
    S.open = matches.filter((m) => order.includes(m.state) && m.sides.every((s) => s.player_id))
      .sort((x, y) => order.indexOf(x.state) - order.indexOf(y.state) || x.id - y.id);
    let pick = S.open.find((m) => m.id === S.sel) || S.open[0] || null;
    const done = matches.filter((m) => DONE.includes(m.state));
    // none open: the last decided match, to show its result
    if (!pick && done.length) pick = done.reduce((x, y) => (y.updated_at > x.updated_at ? y : x));
    S.last = lastByEvent(done);
    S.match = pick;
    S.side = pick ? sideOf(pick) : null;
    S.reports = null;
    if (pick && ['playing', 'reported', 'disputed', 'called'].includes(pick.state)) {
      try { S.reports = (await api('GET', `${T()}/matches/${pick.id}/reports`)).reports; } catch (e) { S.reports = null; }
    }
    S.flagged = null; // a match lost on time (CLK-7) says so
    if (pick && pick.state === 'forfeited') {
      const c = await probeClock(S.tid, pick.id).catch(() => ({}));
      if (c.status === 'ok' && c.clock.state === 'flagged') S.flagged = c.clock.flagged;
    }
    if (pick && ['called', 'playing'].includes(pick.state)) {
      // a clock event that comes while the clock is read is newer than what was read (a
      // press right after the start): keep the event's clock
      const eventsBefore = S.clockEvents || 0;
      const c = await probeClock(S.tid, pick.id);
      const newer = (S.clockEvents || 0) !== eventsBefore && S.clock;
      S.clockStatus = newer ? 'ok' : c.status;
      S.clock = newer ? S.clock : (c.clock || null);
    } else {
      S.clockStatus = 'absent';
      S.clock = null;
      S.showClock = false;
    }
    // the events, read once for the lines of both kinds
    const events = await api('GET', `${T()}/competitions`).then((r) => r.events, () => []);
    await standing(events);
    await swingLine(events);
    S.places = await readPlaces(T(), S.pid, events).catch(() => []);
    await swissLine(events);
    await ratingLine(T(), S.pid);
    render();
    await renderTable(S);
    await renderAppeal(S, () => later());
    // how many whole re-renders the page has made (a test waits for the next one)
    document.body.dataset.renders = String((Number(document.body.dataset.renders) || 0) + 1);
  } catch (e) {
    showError(e);
  }
}

const DONE = ['verified', 'forfeited', 'withdrawn'];

// The last decided match of each event (a standalone match is an event of its own), the
// newest first: the result a player looks for in each, named by its event.
function lastByEvent(done) {
  const by = new Map();
  for (const m of done) {
    const k = m.event_id || `m${m.id}`;
    if (!by.has(k) || m.updated_at > by.get(k).updated_at) by.set(k, m);
  }
  return [...by.values()].sort((x, y) => (x.updated_at < y.updated_at ? 1 : -1));
}

// Where the player stands in each knockout they are in (Main, Consolation...), one line
// an event, each naming its event; said from the server's fields in the page's language.
async function standing(events) {
  S.standing = [];
  try {
    // a fed event (Consolation, Last Chance) lists no entries of its own: ask it as well
    const mine = (e) => e.entries.includes(S.pid) || (e.knockout && e.knockout.feeds_from);
    for (const ev of events.filter((e) => e.kind === 'knockout' && mine(e))) {
      try {
        S.standing.push(await api('GET', `${T()}/competitions/${ev.id}/knockout/players/${S.pid}`));
      } catch (e) { /* not (or no longer) in this one */ }
    }
  } catch (e) { /* no knockout */ }
}

function standingText(r) {
  const v = {
    round: r.round, next: r.round + 1, opp: (r.opponent && r.opponent.name) || t('ko.your_opponent'),
    table: r.table, late: r.late, from_round: r.from_round, from_match: r.from_match, n: r.missing,
  };
  switch (r.state) {
    case 'ready':
      if (r.table) return t(r.match_state === 'called' ? 'ko.called' : 'ko.playing', v);
      return t('ko.ready', v);
    case 'playoff': // PLACE-1: a semi-final's loser plays for 3rd
      if (r.table) return t(r.match_state === 'called' ? 'ko.playoff_called' : 'ko.playoff_playing', v);
      return t('ko.playoff', v);
    case 'waiting_late':
      if (!r.deadline) return t('ko.waiting_late_td', v);
      v.time = new Date(r.deadline).toLocaleString(getLang(), { weekday: 'short', hour: '2-digit', minute: '2-digit' });
      return t('ko.waiting_late', v);
    case 'out':
      return t(r.decision === 'withdrew' ? 'ko.withdrew' : r.decision === 'disqualified' ? 'ko.disqualified' : 'ko.lost', v);
    case 'waiting_draw':
      return t(r.missing > 1 ? 'ko.waiting_draw' : r.missing === 1 ? 'ko.waiting_draw_one' : 'ko.waiting_draw_ready', v);
    case 'waiting_opponent': case 'champion': case 'waiting_entrant':
      return t(`ko.${r.state}`, v);
    default:
      return r.text; // a state this page does not know yet: the server's own sentence
  }
}

function renderStanding() {
  const el = $('#standing');
  const rows = S.standing || [];
  el.textContent = rows.map((r) => t('ko.line', { event: r.event_name, text: standingText(r) })).join('\n');
  const place = $('#place-line');
  place.textContent = (S.places || []).map(placeLine).join('\n');
  place.hidden = !place.textContent;
}

// A Swing player's stack (SWING-3): a money game's score is in points, the chips are what
// the player plays for; from the leaderboard, with the rank and this round's stake.
async function swingLine(events) {
  const el = $('#swing-line');
  el.hidden = true;
  try {
    for (const ev of events.filter((e) => e.kind === 'swing' && e.entries.includes(S.pid))) {
      const b = await api('GET', `${T()}/competitions/${ev.id}/swing`);
      const me = (b.players || []).find((p) => p.player_id === S.pid);
      if (!me) continue;
      const v = { chips: num(me.chips), rank: me.rank, n: b.players.length, cpp: num(b.cpp || 0) };
      el.textContent = t('ko.line', { event: ev.name, text: t(b.round ? 'play.swing_line' : 'play.swing_chips', v)
        + (me.status === 'sitting_out' ? ` ${t('play.swing_sits_out')}` : me.status === 'out' ? ` ${t('play.swing_out')}` : '') });
      el.hidden = false;
      return;
    }
  } catch (e) { /* not in a Swing */ }
}

// A Swiss player's round, opponent, table and standing (play/swiss_line.js).
async function swissLine(events) {
  const el = $('#swiss-line');
  const lines = await swissLines(T(), events, S.pid);
  el.textContent = lines.join('\n');
  el.hidden = !lines.length;
}

function myScore() {
  const m = S.match;
  const mine = S.reports && S.reports[S.side];
  const sc = mine && mine.current !== false ? mine.score : m.score;
  return { me: sc[S.side], opp: sc[other(S.side)] };
}

// The last result of each event, each line naming its event and round ("Consolation ·
// Round 1: You lost…" while the Main goes on); not the decided match the card shows.
function renderLast() {
  const rows = (S.last || []).filter((l) => !(S.match && l.id === S.match.id));
  const el = $('#last-result');
  el.hidden = !rows.length;
  el.textContent = rows.map((l) => {
    const side = sideOf(l);
    const opp = l.sides.find((s) => s.side !== side);
    const v = { name: sideName(opp), me: l.score[side], opp: l.score[other(side)] };
    const line = t('ko.line', { event: matchLabel(l.label, l.id), text: t(l.winner === side ? 'play.last_won' : 'play.last_lost', v) });
    const rat = matchRatingLine(l, S.pid); // RAT-1: the rating before, change and after
    return rat ? `${line} ${rat}` : line;
  }).join('\n');
}

// Every open match, when there are more than one: each named, with its opponent, table
// and state; choosing one shows it below to report.
function renderOpen() {
  const box = $('#open-box');
  box.hidden = S.open.length < 2;
  const ul = clear($('#open-list'));
  if (box.hidden) return;
  for (const m of S.open) {
    const opp = m.sides.find((s) => s.side !== sideOf(m));
    const cur = S.match && S.match.id === m.id;
    ul.append(h('li', {}, h('button', { type: 'button', class: 'open-match', dataset: { matchId: m.id }, 'aria-pressed': String(cur),
      onclick: () => { S.sel = m.id; S.disputing = null; refresh(); } },
    t('play.open_line', { label: matchLabel(m.label, m.id), name: sideName(opp), table: m.table || t('play.no_table'), state: t(`state.${m.state}`) }))));
  }
}

// How a decided match ended, for its sentence, from the match's `ended`: on time (CLK-7),
// forfeited for lateness (PEN-2), awarded by the TD (a ruling), or played out; any other
// ending (conceded, a bye, a walkover, a withdrawal, a disqualification) named after the score.
function decidedText(m, v) {
  const won = m.winner === S.side;
  const how = m.ended || (S.flagged ? 'time' : 'played');
  if (how === 'time') return t(won ? 'play.won_on_time' : 'play.lost_on_time', v);
  if (how === 'lateness') return t(won ? 'play.forfeit_won_pen2' : 'play.forfeit_lost_pen2', v);
  if (how === 'ruling' && m.state === 'forfeited') return t(won ? 'play.forfeit_won' : 'play.forfeit_lost', v);
  if (how === 'played' || !m.winner) return t('play.decided', v);
  return t('play.decided_how', { ...v, how: endedText(m) });
}

function render() {
  renderOpen();
  renderLast();
  renderStanding();
  const m = S.match;
  show('no-match', !m);
  show('match-box', !!m);
  for (const id of ['game-form', 'waiting', 'confirm-box', 'score-form', 'mat-form', 'concede-row']) show(id, false);
  show('open-clock', false);
  const decidedM = !!m && ['verified', 'forfeited', 'withdrawn'].includes(m.state);
  // a decided match shown for its result is the last match, not the next one
  const nextH = $('#next-h');
  nextH.dataset.i18n = decidedM ? 'play.last_match' : 'play.next';
  nextH.textContent = t(nextH.dataset.i18n);
  show('penalty-note', false);
  if (!m) { show('clock', false); return; }
  const opp = m.sides.find((s) => s.side !== S.side);
  $('#opp-name').textContent = sideName(opp);
  $('#m-label').textContent = matchLabel(m.label, m.id);
  $('#m-table').textContent = m.table || t('play.no_table');
  $('#m-length').textContent = m.length ? t(m.length === 1 ? 'play.point_one' : 'play.points', { n: m.length }) : t('play.money_game');
  $('#m-state').textContent = t(`state.${m.state}`);
  const sc = myScore();
  $('#score-me').textContent = sc.me;
  $('#score-opp').textContent = sc.opp;
  // MATCH-5: penalty points are in the score; say so, or a score before any game puzzles
  const pp = m.penalty_points;
  if (pp && (pp[S.side] || pp[other(S.side)])) {
    $('#penalty-note').textContent = t('play.penalty_note', { me: pp[S.side], opp: pp[other(S.side)] });
    show('penalty-note', true);
  }
  const L = m.length;
  const crawfordNext = L > 0 && ((sc.me === L - 1) !== (sc.opp === L - 1)) && !postCrawford();
  show('crawford-note', crawfordNext && ['called', 'playing'].includes(m.state));
  const mine = S.reports && S.reports[S.side];
  const theirs = S.reports && S.reports[other(S.side)];
  const open = ['called', 'playing'].includes(m.state);
  if (open || (m.state === 'reported' && !(mine && mine.complete) && !(theirs && theirs.complete))) {
    show('game-form', true);
    show('mat-form', true);
    // the final score beside the games (a match kept on paper), not for a Swing game,
    // whose cube and gammon the chips depend on (SWING-3)
    show('score-form', L > 0);
    show('score-hint', true);
    $('#undo-game').hidden = !(mine && mine.games && mine.games.length);
  }
  if (m.state === 'reported' && mine && mine.complete && !(theirs && theirs.complete)) {
    show('waiting', true);
    $('#waiting-text').textContent = t(mine.conceded ? 'play.waiting_conceded' : 'play.waiting_confirm', { me: mine.score[S.side], opp: mine.score[other(S.side)] });
  } else if (m.state === 'reported' && theirs && theirs.complete) {
    show('confirm-box', true);
    const v = { me: theirs.score[S.side], opp: theirs.score[other(S.side)] };
    $('#confirm-text').textContent = theirs.conceded ? t('play.their_concession', v) : t('play.their_score', v);
    // disputing: the other score stays open across live updates; a Swing game is disputed
    // with the game itself (a score does not say the cube or the gammon, SWING-3)
    if (S.disputing === m.id) {
      show(L > 0 ? 'score-form' : 'game-form', true);
      show('score-hint', false);
      $('#undo-game').hidden = true;
    }
  } else if (m.state === 'disputed') {
    show('waiting', true);
    $('#withdraw-report').hidden = !mine;
    $('#waiting-text').textContent = t('play.disputed');
  } else if (['verified', 'forfeited', 'withdrawn'].includes(m.state)) {
    show('waiting', true);
    $('#withdraw-report').hidden = true;
    const v = { me: m.score[S.side], opp: m.score[other(S.side)] };
    $('#waiting-text').textContent = decidedText(m, v);
  }
  // RAT-1: a decided match shown for its result says what it did to the player's rating
  const rat = $('#match-rating');
  rat.textContent = matchRatingLine(m, S.pid);
  rat.hidden = !rat.textContent;
  if (m.state === 'reported') $('#withdraw-report').hidden = !(mine && mine.complete);
  if (!(m.state === 'reported' && theirs && theirs.complete)) S.disputing = null;
  // MATCH-7: conceding is reporting, while the match is being played (not a Swing game)
  show('concede-row', L > 0 && open);
  show('open-clock', open && S.clockStatus !== 'absent');
  show('clock', S.showClock && open && S.clockStatus !== 'absent');
  renderClock();
}

// Whether the Crawford game has already been played (then doubling is free again).
function postCrawford() {
  const mine = S.reports && S.reports[S.side];
  return !!(mine && mine.games && mine.games.some((g) => g.crawford));
}

function buildChoices() {
  const cube = $('#f-cube');
  for (const b of cube.querySelectorAll('button')) b.remove();
  for (const v of [1, 2, 4, 8, 16, 32, 64]) {
    cube.append(h('button', { type: 'button', class: 'big choice', dataset: { cube: v }, 'aria-pressed': String(S.game.cube === v) }, String(v)));
  }
  const res = $('#f-result');
  for (const b of res.querySelectorAll('button')) b.remove();
  for (const r of ['single', 'gammon', 'backgammon', 'drop', 'resign']) {
    res.append(h('button', { type: 'button', class: 'big choice', dataset: { result: r }, 'aria-pressed': String(S.game.result === r) }, t(`result.${r}`)));
  }
  const lev = $('#f-level');
  for (const b of lev.querySelectorAll('button')) b.remove();
  for (const l of [1, 2, 3]) {
    lev.append(h('button', { type: 'button', class: 'big choice', dataset: { level: l }, 'aria-pressed': String(S.game.level === l) }, t(`result.level${l}`)));
  }
  const sel = clear($('#c-reason'));
  for (const r of PAUSE_REASONS.filter((x) => x !== 'end_of_game')) sel.append(h('option', { value: r }, t(`reason.${r}`)));
}

function press(group, attr, value) {
  for (const b of group.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b.dataset[attr] === String(value)));
}

function wire() {
  $('#pin-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    clearError();
    try {
      await api('POST', `${T()}/players/${S.pid}/login`, { pin: $('#pin').value.trim() });
      $('#pin').value = '';
      enter();
    } catch (e) { showError(e); }
  });
  $('#logout').onclick = async () => {
    await api('POST', '/api/v1/logout').catch(() => null);
    const u = new URL(location.href);
    u.searchParams.delete('p');
    location.href = u.toString();
  };
  $('#f-winner').addEventListener('click', (ev) => {
    const b = ev.target.closest('button'); if (!b) return;
    S.game.winner = b.dataset.winner; press($('#f-winner'), 'winner', S.game.winner);
  });
  $('#f-cube').addEventListener('click', (ev) => {
    const b = ev.target.closest('button'); if (!b) return;
    S.game.cube = Number(b.dataset.cube); press($('#f-cube'), 'cube', S.game.cube);
  });
  $('#f-result').addEventListener('click', (ev) => {
    const b = ev.target.closest('button'); if (!b) return;
    S.game.result = b.dataset.result; press($('#f-result'), 'result', S.game.result);
    show('f-level', S.game.result === 'resign');
    show('drop-hint', S.game.result === 'drop');
  });
  $('#f-level').addEventListener('click', (ev) => {
    const b = ev.target.closest('button'); if (!b) return;
    S.game.level = Number(b.dataset.level); press($('#f-level'), 'level', S.game.level);
  });
  $('#game-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    clearError();
    if (!S.game.winner) { showError(new Error(t('play.choose_winner'))); return; }
    const winner = S.game.winner === 'me' ? S.side : other(S.side);
    const body = { winner, cube: S.game.cube, result: S.game.result };
    if (S.game.result === 'resign') body.level = S.game.level;
    try {
      const r = await api('POST', `${T()}/matches/${S.match.id}/games`, body, { idempotencyKey: newKey() });
      announce(t('play.game_recorded', { me: r.report.score[S.side], opp: r.report.score[other(S.side)] }));
      S.game = { winner: null, cube: 1, result: 'single', level: 1 };
      press($('#f-winner'), 'winner', ''); press($('#f-cube'), 'cube', 1); press($('#f-result'), 'result', 'single');
      show('f-level', false);
      show('drop-hint', false);
      await refresh();
    } catch (e) { showError(e); }
  });
  $('#undo-game').onclick = () => act('DELETE', 'games/last');
  $('#withdraw-report').onclick = () => act('DELETE', 'report');
  // the report shown is the one confirmed: if it changed meanwhile the server says so
  $('#confirm').onclick = () => act('POST', 'confirm', S.reports && S.reports[other(S.side)] ? { report_id: S.reports[other(S.side)].id } : undefined);
  $('#dispute').onclick = () => {
    S.disputing = S.match.id;
    render();
    (S.match.length > 0 ? $('#s-me') : $('#f-winner button')).focus();
  };
  // MATCH-7: the opponent wins; it takes effect once confirmed or verified
  $('#concede').onclick = () => {
    const opp = S.match.sides.find((x) => x.side !== S.side);
    if (confirm(t('play.concede_q', { name: sideName(opp), len: S.match.length, me: myScore().me }))) act('POST', 'report', { concede: true });
  };
  $('#score-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const me = Number($('#s-me').value); const opp = Number($('#s-opp').value);
    const score = { [S.side]: me, [other(S.side)]: opp };
    if (await act('POST', 'report', { score })) { $('#s-me').value = ''; $('#s-opp').value = ''; }
  });
  $('#mat-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const f = $('#mat-file').files[0];
    if (!f) { showError(new Error(t('play.mat_choose'))); return; }
    await act('POST', 'report', { mat: await f.text() });
  });
  // clock
  $('#open-clock').onclick = () => { S.showClock = true; render(); loadBreaks(); $('#half-me').focus(); };
  $('#c-close').onclick = () => { S.showClock = false; render(); $('#open-clock').focus(); };
  $('#half-me').onclick = () => clockDo('press', { side: S.side });
  $('#half-opp').onclick = () => clockDo('press', { side: other(S.side) });
  $('#c-startbtn').onclick = () => clockDo('start', { lower_die: $('#c-lower').value === 'me' ? S.side : other(S.side) });
  $('#c-double').onclick = () => clockDo('double', { side: S.clock && S.clock.running });
  $('#c-take').onclick = () => clockDo('take', { side: S.clock && S.clock.running });
  $('#c-drop').onclick = () => clockDo('drop', { side: S.clock && S.clock.running });
  $('#c-pause').onclick = () => clockDo('pause', { reason: $('#c-reason').value });
  $('#c-resume').onclick = () => clockDo('resume', {});
  $('#c-eog').onclick = () => clockDo('pause', { reason: 'end_of_game' });
  $('#c-break').onclick = () => breakDo(() => breakStart(S.tid, S.match.id, S.side));
  $('#c-break2').onclick = () => breakDo(() => breakStart(S.tid, S.match.id, S.side, 2));
  $('#c-break-end').onclick = () => breakDo(() => breakEnd(S.tid, S.match.id));
  setInterval(tick, 200);
}

async function act(method, path, body) {
  clearError();
  try {
    await api(method, `${T()}/matches/${S.match.id}/${path}`, body, method === 'POST' ? { idempotencyKey: newKey() } : {});
    announce(t('play.done'));
    await refresh();
    return true;
  } catch (e) { showError(e); return false; }
}

async function clockDo(action, body) {
  clearError();
  try {
    S.clock = await clockAction(S.tid, S.match.id, action, body);
    S.clockStatus = 'ok';
    renderClock();
  } catch (e) { showError(e); }
}

// Breaks (PEN-4): taken between games from the clock page; the server refuses otherwise.
async function loadBreaks() {
  if (!S.match) return;
  try { S.breaks = await breaks(S.tid, S.match.id); } catch (e) { S.breaks = null; }
  renderBreaks();
}

async function breakDo(f) {
  clearError();
  try { S.breaks = await f(); } catch (e) { showError(e); }
  await loadBreaks();
}

function renderBreaks() {
  const b = S.breaks;
  const c = S.clock;
  const between = !c || S.clockStatus === 'none' || c.state === 'waiting' || (c.state === 'paused' && c.paused_reason === 'end_of_game');
  const mine = b && b.sides[S.side];
  $('#c-break').hidden = !(b && !b.current && between && mine.left > 0);
  // two breaks may be combined (PEN-4) when two are left
  $('#c-break2').hidden = !(b && !b.current && between && mine.left >= 2);
  if (mine) {
    $('#c-break').textContent = t('brk.take', { left: mine.left, minutes: b.allowance.minutes });
    $('#c-break2').textContent = t('brk.take_two', { minutes: 2 * b.allowance.minutes });
  }
  $('#c-break-info').hidden = !(b && b.current);
  $('#c-break-end').hidden = !(b && b.current && b.current.side === S.side);
  if (b && b.current) {
    const opp = S.match.sides.find((s) => s.side !== S.side);
    const name = b.current.side === S.side ? S.me.name : (opp.name || '');
    $('#c-break-info').textContent = t('brk.running', { name, time: hhmm(b.current.ends_ms) });
  }
}

function renderClock() {
  if (!S.match || $('#clock').hidden) return;
  const c = S.clock;
  const none = S.clockStatus === 'none' || !c;
  show('c-start', none || c.state === 'waiting' || (c.state === 'paused' && c.paused_reason === 'end_of_game'));
  const opp = S.match.sides.find((s) => s.side !== S.side);
  const me = S.match.sides.find((s) => s.side === S.side);
  $('#half-me .who').textContent = me.team ? me.team.name : S.me.name;
  $('#half-opp .who').textContent = opp.team ? opp.team.name : opp.name || '';
  for (const id of ['c-double', 'c-take', 'c-drop', 'c-pause', 'c-resume', 'c-reason', 'c-eog']) $(`#${id}`).hidden = none;
  if (none) {
    $('#c-state').textContent = t('clock.none');
    return;
  }
  $('#c-take').hidden = c.cube !== 'offered';
  $('#c-drop').hidden = c.cube !== 'offered';
  $('#c-double').hidden = c.cube === 'offered' || c.state !== 'running';
  $('#c-pause').hidden = c.state !== 'running';
  $('#c-eog').hidden = c.state !== 'running' || c.cube === 'offered';
  $('#c-reason').hidden = c.state !== 'running';
  $('#c-resume').hidden = !(c.state === 'paused' && c.paused_reason !== 'end_of_game');
  $('#c-state').textContent = c.state === 'paused' ? t('clock.paused', { reason: t(`reason.${c.paused_reason}`) })
    : c.state === 'flagged' ? t('clock.flagged', { name: c.flagged === S.side ? S.me.name : opp.name })
      // a double waits: the taker's time runs, and the taker takes or drops
      : c.state === 'running' && c.cube === 'offered' ? t('clock.offered', { name: c.running === S.side ? S.me.name : opp.name })
        : t(`clock.st.${c.state}`);
  renderBreaks();
  tick();
}

function tick() {
  const c = S.clock;
  if (!c || !S.match || $('#clock').hidden) return;
  for (const [el, side] of [[$('#half-me'), S.side], [$('#half-opp'), other(S.side)]]) {
    const r = remaining(c, side);
    el.querySelector('.time').textContent = fmt(r.total);
    el.querySelector('.sub').textContent = c.running === side && c.mode === 'delay' ? t('clock.delay', { s: Math.ceil(r.delay / 1000) }) : '';
    el.classList.toggle('running', c.state === 'running' && c.running === side);
    el.setAttribute('aria-pressed', String(c.state === 'running' && c.running === side));
  }
}

start().catch((e) => showError(e));
