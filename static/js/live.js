// Live updates of a tournament: the server's event stream (SSE) with reconnection by
// itself, a re-read of the whole state after every (re)connection (so nothing missed
// while away can linger), and a health ping every 20 s that notices a silent drop (a
// stream that died without an error event) and starts over.
const TYPES = [
  'tournament.create', 'tournament.update',
  'player.register', 'player.edit', 'player.check_in', 'player.undo_check_in', 'player.withdraw',
  'player.reinstate', 'player.pin_reset', 'players.import', 'player.merge', 'ratings.settings',
  'player.entry_approved', 'player.entry_refused', 'player.entry_moved_up',
  'event.create', 'event.update', 'event.start', 'event.entry_add', 'event.entry_remove',
  'knockout.drawn', 'knockout.late_arrival', 'knockout.late_closed', 'knockout.late_deadline',
  'knockout.lengths', 'knockout.length', 'knockout.finished', 'knockout.cascade_undo',
  'knockout.feeds_from', 'knockout.correction', 'bracket.advanced',
  'match.create', 'match.update', 'match.call', 'match.playing', 'match.game', 'match.game_undone',
  'match.reported', 'match.conceded', 'match.report_withdrawn', 'match.disputed', 'match.verified',
  'match.corrected', 'match.forfeit', 'match.withdraw', 'match.postponed',
  'swing.round_start', 'swing.round_started', 'swing.round_forced', 'swing.chips_moved',
  'swing.cpp', 'swing.finished', 'swing.reopened',
  'swiss.round_paired', 'swiss.round_repaired', 'swiss.swap', 'swiss.repaired', 'swiss.swapped',
  'swiss.late_entry', 'swiss.withdraw', 'swiss.finished', 'swiss.reopened',
  'davis.team_add', 'davis.start', 'davis.tie', 'davis.finished', 'davis.late_team',
  'davis.late_closed', 'davis.late_deadline', 'davis.lengths', 'davis.reopened',
  'davis.rubber_teams', 'davis.rubber_void', 'davis.rubber_revived', 'davis.cascade_undo',
  'match.flagged', 'match.flag_reversed', 'match.penalty', 'match.disqualify',
  'knockout.entrant_replaced', 'knockout.place_vacated', 'knockout.place_filled',
  'knockout.place_closed', 'knockout.reopened',
  'clock', 'lateness', 'penalty', 'break', 'server.resumed',
  'call.opened', 'call.taken', 'call.closed', 'match.warned', 'observer.appointed', 'observer.removed',
  'ruling.recorded', 'now.claimed', 'now.released',
];

// live(tid, {onEvent(type, data), onSync(), onState('live'|'connecting'|'offline')})
// onSync is called at once and after every reconnection: re-read the state there.
// onEvent is called for each event. Returns {close()}.
export function live(tid, { onEvent, onSync, onState }) {
  let es = null;
  let lastId = 0;
  let closed = false;
  let retry = null;
  let backoff = 1000;
  let pingTimer = null;
  let everOpen = false; // the first connection is not a reconnection: say nothing unless slow
  let quiet = null;
  const url = () => `/api/v1/tournaments/${tid}/events${lastId ? `?last_event_id=${lastId}` : ''}`;
  const state = (s) => { if (onState) onState(s); };

  function handle(ev) {
    if (ev.lastEventId) lastId = Number(ev.lastEventId) || lastId;
    let data = null;
    try { data = ev.data ? JSON.parse(ev.data) : null; } catch (e) { data = null; }
    if (onEvent) onEvent(ev.type, data);
  }

  function open() {
    if (closed) return;
    clearTimeout(retry);
    if (es) es.close();
    if (everOpen) state('connecting');
    else if (!quiet) quiet = setTimeout(() => { if (!everOpen) state('connecting'); }, 1500);
    es = new EventSource(url());
    es.onopen = () => {
      everOpen = true;
      clearTimeout(quiet);
      backoff = 1000;
      state('live');
      if (onSync) onSync();
    };
    es.onmessage = handle;
    for (const ty of TYPES) es.addEventListener(ty, handle);
    es.onerror = () => {
      if (everOpen) state('connecting');
      // The browser retries by itself unless the stream is closed for good (a server
      // that answered with an error while restarting): then we start over ourselves.
      if (es.readyState === EventSource.CLOSED) later();
    };
  }

  function later() {
    clearTimeout(retry);
    retry = setTimeout(open, backoff);
    backoff = Math.min(backoff * 2, 10000);
  }

  async function ping() {
    if (closed) return;
    try {
      const ctl = new AbortController();
      const timer = setTimeout(() => ctl.abort(), 5000);
      const r = await fetch('/api/v1/health', { cache: 'no-store', signal: ctl.signal });
      clearTimeout(timer);
      if (!r.ok) throw new Error('health');
      if (!es || es.readyState !== EventSource.OPEN) open();
    } catch (e) {
      state('offline');
      if (es) { es.close(); es = null; }
      later();
    }
  }

  open();
  pingTimer = setInterval(ping, 20000);
  window.addEventListener('online', () => open());
  return {
    close() {
      closed = true;
      clearInterval(pingTimer);
      clearTimeout(retry);
      if (es) es.close();
    },
    reconnect: open,
  };
}

// Calls f at most once per `ms`, after the last of a burst of calls.
// An async re-read run one at a time: asked again while it runs, it runs once more after
// (never two at once), so a read that started first cannot finish last and overwrite a
// newer one (the re-read of a reconnection racing the first event after it).
export function serial(f) {
  let running = null;
  let again = false;
  return () => {
    if (running) { again = true; return running; }
    running = (async () => {
      try { do { again = false; await f(); } while (again); } finally { running = null; }
    })();
    return running;
  };
}

export function debounce(f, ms = 120) {
  let timer = null;
  return (...a) => {
    clearTimeout(timer);
    timer = setTimeout(() => f(...a), ms);
  };
}
