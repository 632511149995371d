// Match clocks (issue 8's contract): reading a clock, counting down between server
// answers, and the actions. The feature may be absent from the server: a generic 404
// (title other than "No clock") means there are no clock routes at all.
import { api, ApiError } from './api.js';

const base = (tid, mid) => `/api/v1/tournaments/${tid}/matches/${mid}`;
let absent = false; // once the server says it has no clock routes, stop asking

export function clocksAbsent() { return absent; }

// {status: 'absent'} | {status: 'none'} (no clock yet) | {status: 'ok', clock}
export async function probeClock(tid, mid) {
  if (absent) return { status: 'absent' };
  try {
    const clock = await api('GET', `${base(tid, mid)}/clock`);
    return { status: 'ok', clock: receive(clock) };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) {
      if (e.title === 'No clock') return { status: 'none' };
      absent = true;
      return { status: 'absent' };
    }
    throw e;
  }
}

// Notes the offset between this browser's clock and the server's.
export function receive(clock) {
  if (clock && clock.server_time_ms) clock._offset = clock.server_time_ms - Date.now();
  return clock;
}

// The time left of side ('a'|'b') now: {bank, delay, second, total} in ms.
export function remaining(clock, side) {
  const s = clock.sides[side];
  let bank = s.bank_ms;
  let delay = s.delay_ms;
  let second = s.second_bank_ms || 0;
  if (clock.state === 'running' && clock.running === side) {
    const now = Date.now() + (clock._offset || 0);
    let elapsed = Math.max(0, now - clock.server_time_ms);
    if (clock.mode === 'delay') {
      const d = Math.min(delay, elapsed);
      delay -= d;
      elapsed -= d;
    }
    bank -= elapsed;
    if (bank < 0 && second > 0) {
      second += bank;
      bank = Math.max(0, second);
      second = 0;
    }
    bank = Math.max(0, bank);
  }
  return { bank, delay, second, total: bank + second };
}

export function fmt(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export const clockAction = (tid, mid, action, body = {}) =>
  api('POST', `${base(tid, mid)}/clock/${action}`, body).then(receive);
export const clockSet = (tid, mid, body) => api('PUT', `${base(tid, mid)}/clock`, body).then(receive);

// CLK-5; the end of a game has its own button; a break is taken between games (PEN-4)
// through the breaks route, never as a pause: the server refuses reason "break"
export const PAUSE_REASONS = ['dispute', 'td', 'early_pickup', 'opponent_pressed',
  'illegal_move', 'game_over_claim', 'end_of_game'];

// Lateness, breaks and penalties share the clock's fate: absent together.
export async function lateness(tid, mid) {
  if (absent) return null;
  try { return await api('GET', `${base(tid, mid)}/lateness`); } catch (e) {
    if (e.status === 404) return null;
    throw e;
  }
}
export const latenessAction = (tid, mid, path, side) => api('POST', `${base(tid, mid)}/${path}`, { side });
// PEN-1 (000): once, before the match starts; GET lateness then has postponed_min, late_from_ms
export const postpone = (tid, mid) => api('POST', `${base(tid, mid)}/postpone`, {});
export const penalties = (tid, mid) => api('GET', `${base(tid, mid)}/penalties`);
// Breaks (PEN-4): {allowance: {count, minutes}, sides: {a: {used, left}, ...}, current}.
// count > 1 takes that many of the side's breaks together (409 when fewer are left).
export const breaks = (tid, mid) => api('GET', `${base(tid, mid)}/breaks`);
export const breakStart = (tid, mid, side, count = 1) =>
  api('POST', `${base(tid, mid)}/breaks`, count > 1 ? { side, count } : { side });
export const breakEnd = (tid, mid) => api('POST', `${base(tid, mid)}/breaks/end`, {});
export const addPenalty = (tid, mid, body) => api('POST', `${base(tid, mid)}/penalties`, body);
