// The venue display: no interaction. Rotates between the brackets, the Swing
// leaderboards, the Davis Cup grids and the matches in play (with their clocks), and
// follows the tournament's event stream: a change shows within a second, without a reload,
// and the stream reconnects by itself after a network drop or a server restart.
// ?t=ID (default: the latest tournament), ?view=live|event-ID (stay on one view),
// ?rotate=SECONDS (default 20; 0 = no rotation), ?lang=it.
import { api } from '/js/api.js';
import { $, h, clear, showError, clearError, params } from '/js/dom.js';
import { t, applyI18n, setLang } from '/js/i18n.js';
import { live, debounce } from '/js/live.js';
import { renderBracket } from '/js/bracket.js';
import { renderSwing, renderDavis, davisBracket } from '/js/boards.js';
import { probeClock, remaining, fmt, receive, clocksAbsent } from '/js/clock.js';

const q = params();
if (q.get('lang')) setLang(q.get('lang'));
const S = {
  tid: Number(q.get('t')) || 0,
  fixed: q.get('view') || '',
  rotate: q.has('rotate') ? Number(q.get('rotate')) : 20,
  views: [],
  idx: 0,
  data: {},
  clocks: {},
};
const T = () => `/api/v1/tournaments/${S.tid}`;
const PLAYING = ['called', 'playing', 'reported', 'disputed'];

async function load() {
  clearError();
  const tour = await api('GET', T());
  $('#t-name').textContent = tour.name;
  const [{ events }, { matches }] = await Promise.all([api('GET', `${T()}/competitions`), api('GET', `${T()}/matches`)]);
  const data = { events, matches, byId: Object.fromEntries(matches.map((m) => [m.id, m])), boards: {} };
  await Promise.all(events.map(async (e) => {
    const path = e.kind === 'knockout' ? 'knockout' : e.kind;
    try { data.boards[e.id] = await api('GET', `${T()}/competitions/${e.id}/${path}`); } catch (err) { data.boards[e.id] = null; }
  }));
  // clocks of the matches in play
  const clocks = {};
  if (!clocksAbsent()) {
    await Promise.all(matches.filter((m) => ['called', 'playing'].includes(m.state)).map(async (m) => {
      try {
        const c = await probeClock(S.tid, m.id);
        if (c.status === 'ok') clocks[m.id] = c.clock;
      } catch (err) { /* shown without a clock */ }
    }));
  }
  S.clocks = clocks;
  S.data = data;
  S.views = ['live', ...events.filter((e) => data.boards[e.id]).map((e) => `event-${e.id}`)];
  render();
}

function render() {
  const view = S.fixed || S.views[S.idx % S.views.length] || 'live';
  const main = clear($('#view'));
  main.dataset.view = view;
  if (view === 'live') {
    $('#view-title').textContent = t('display.in_play');
    main.append(renderLive());
    return;
  }
  const id = Number(view.split('-')[1]);
  const ev = S.data.events.find((e) => e.id === id);
  const board = S.data.boards[id];
  if (!ev) { main.append(h('p', {}, '—')); return; }
  $('#view-title').textContent = ev.name;
  if (ev.kind === 'knockout') main.append(renderBracket(board, S.data.byId));
  else if (ev.kind === 'swing') main.append(renderSwing(board));
  else if (ev.kind === 'davis') main.append(board && board.format === 'knockout' && board.bracket ? renderBracket(davisBracket(board), S.data.byId) : renderDavis(board));
}

function renderLive() {
  const ms = S.data.matches.filter((m) => PLAYING.includes(m.state) && m.sides.every((s) => s.player_id));
  if (!ms.length) return h('p', { class: 'empty' }, t('display.nothing'));
  ms.sort((a, b) => String(a.table).localeCompare(String(b.table), undefined, { numeric: true }));
  return h('ul', { class: 'inplay' }, ms.map((m) => {
    const c = S.clocks[m.id];
    return h('li', { class: `card state-${m.state}`, dataset: { matchId: m.id } },
      h('div', { class: 'tbl' }, m.table ? t('match.table', { table: m.table }) : ''),
      m.sides.map((s) => h('div', { class: `side${c && c.state === 'running' && c.running === s.side ? ' running' : ''}` },
        h('span', { class: 'name' }, s.team ? s.team.name : s.name), // a Davis Cup doubles: the team
        h('span', { class: 'score', dataset: { match: m.id, side: s.side } }, String(m.score[s.side])),
        c ? h('span', { class: 'clk', dataset: { clock: m.id, side: s.side } }, fmt(remaining(c, s.side).total)) : null)),
      h('div', { class: 'meta' }, m.length ? t(m.length === 1 ? 'play.point_one' : 'play.points', { n: m.length }) : t('play.money_game'), ' · ',
        h('span', { class: `badge st-${m.state}` }, t(`state.${m.state}`)),
        // a clock that is not running says why
        c && c.state === 'paused' ? [' · ', h('span', { class: 'clkstate' }, t('clock.paused', { reason: t(`reason.${c.paused_reason}`) }))] : null,
        c && c.state === 'flagged' ? [' · ', h('span', { class: 'clkstate' }, t('clock.st.flagged'))] : null));
  }));
}

function tick() {
  $('#now').textContent = new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  for (const el of document.querySelectorAll('[data-clock]')) {
    const c = S.clocks[el.dataset.clock];
    if (c) el.textContent = fmt(remaining(c, el.dataset.side).total);
  }
}

const reload = debounce(() => load().catch((e) => showError(e)), 100);

function startLive() {
  live(S.tid, {
    onSync: reload,
    onEvent: (type, data) => {
      const c = data && data.clock ? data.clock : data; // the event carries {clock: {...}}
      if (type === 'clock' && c && c.match_id) {
        S.clocks[c.match_id] = receive(c);
        render();
        return;
      }
      reload();
    },
    onState: (st) => {
      $('#conn').textContent = st === 'live' ? '' : t(`conn.${st}`);
      document.body.dataset.conn = st;
    },
  });
}

async function main() {
  applyI18n();
  if (!S.tid) {
    const { tournaments } = await api('GET', '/api/v1/tournaments');
    if (!tournaments.length) { $('#view').append(h('p', { class: 'empty' }, t('display.no_tournament'))); return; }
    S.tid = tournaments[tournaments.length - 1].id;
  }
  await load();
  startLive();
  tick();
  setInterval(tick, 250);
  if (!S.fixed && S.rotate > 0) setInterval(() => { S.idx++; render(); }, S.rotate * 1000);
}

main().catch((e) => showError(e));
