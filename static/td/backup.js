// The database's copies, the TD's (README "Backups"): the last good snapshot's time and
// folder, an alarm when the last one failed (a USB stick pulled out, a full folder), a
// warning when the folder is on the database's own disk, one snapshot now, and the
// download of a fresh copy. Read when the console opens and every 30 s after.
import { api } from '../js/api.js';
import { $, h, clear, hhmm } from '../js/dom.js';
import { t } from '../js/i18n.js';

let tid = 0;
let last = null;
let timer = 0;
let act = null;

function render() {
  const box = clear($('#backup-state'));
  const st = last;
  if (!st) return;
  box.className = st.failing ? 'alert' : st.on && st.same_disk ? 'warn' : '';
  box.setAttribute('role', st.failing ? 'alert' : 'status');
  const lines = [];
  if (!st.on) lines.push(t('backup.off'));
  else if (st.failing) lines.push(t('backup.failed', { time: hhmm(st.last_error_at), error: st.last_error }));
  if (st.on && st.last_ok_at) lines.push(t('backup.last', { time: hhmm(st.last_ok_at), folder: st.folder }));
  else if (st.on) lines.push(t('backup.none'));
  if (st.on && st.same_disk) lines.push(t('backup.same_disk'));
  for (const l of lines) box.append(h('span', { class: 'line' }, l), ' ');
  $('#backup-now').hidden = !st.on;
}

// Reads the snapshots' status again and shows it.
export async function showBackup() {
  try {
    last = await api('GET', '/api/v1/snapshots');
  } catch (e) {
    return; // the connection's own indicator says the server cannot be reached
  }
  render();
}

// Shows the card for tournament id; run is the console's act() (refusals shown).
export function startBackup(id, run) {
  tid = id;
  act = run;
  $('#backup').hidden = false;
  $('#backup-download').href = `/api/v1/tournaments/${tid}/backup`;
  $('#backup-now').onclick = async () => {
    const r = await act(() => api('POST', '/api/v1/snapshots'), t('backup.taken'));
    if (r) last = r;
    await showBackup();
  };
  showBackup();
  clearInterval(timer);
  timer = setInterval(showBackup, 30000);
}

// A new language: the same status in it.
export function renderBackup() {
  render();
}
