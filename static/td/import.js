// The players' list in and out, and the ratings (issue 34, RAT-1), in the players pane:
// a CSV file dropped (or chosen) is previewed (what it adds, updates, and which rows look
// like a player already registered, with the encoding found), the TD says of each possible
// duplicate whether it is the same player (merged) or someone else, then confirms: the
// file is imported all or nothing; a refused file lists each bad line, column and reason.
// The exports (players, results, standings, ratings; `,` or `;`) are links. The ratings
// table shows each player's rating before, change and after.
import { api, ApiError } from '../js/api.js';
import { $, h, clear, announce } from '../js/dom.js';
import { t } from '../js/i18n.js';
import { cutList } from './board_filter.js';

let T = '';
let file = null; // the bytes dropped, kept for the confirmation
const ACTION = { add: 'imp.add', update: 'imp.update', unchanged: 'imp.unchanged', possible: 'imp.possible' };
const LISTS = [['players', 'imp.export_players'], ['results', 'imp.export_results'], ['standings', 'imp.export_standings'], ['ratings', 'imp.export_ratings']];

// The file posted as it is (the server finds its encoding and delimiter).
async function postFile(path) {
  let res;
  try {
    res = await fetch(path, { method: 'POST', body: file, credentials: 'same-origin', cache: 'no-store',
      headers: { 'X-Crawford': '1', 'Content-Type': 'text/csv', Accept: 'application/json' } });
  } catch (e) {
    throw new ApiError(0, { title: 'Network error', detail: '' });
  }
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, json);
  return json;
}

function errorsList(problem) {
  const errs = (problem && problem.errors) || [];
  return h('ul', { id: 'imp-errors', class: 'alert' }, errs.map((e) =>
    h('li', {}, t('imp.error_line', { line: e.line, column: e.field || e.column || '', reason: e.reason || e.detail || '' }))));
}

function showPreview(pv) {
  const box = clear($('#imp-preview'));
  box.append(h('p', { id: 'imp-summary', role: 'status' }, t('imp.summary', {
    encoding: pv.encoding, delimiter: pv.delimiter, add: pv.add, update: pv.update, unchanged: pv.unchanged, possible: pv.possible })));
  const choices = {};
  const rows = pv.players.filter((r) => r.action !== 'unchanged');
  if (rows.length) {
    box.append(h('table', { class: 'list', id: 'imp-rows' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('imp.line')), h('th', { scope: 'col' }, t('td.name')),
        h('th', { scope: 'col' }, t('imp.action')))),
      h('tbody', {}, rows.map((r) => {
        let cell = t(ACTION[r.action]) + (r.changes ? ` (${r.changes.join(', ')})` : '');
        if (r.action === 'possible') {
          const sel = h('select', { class: 'imp-choice', 'aria-label': t('imp.choice_of', { name: r.name }), dataset: { line: r.line },
            onchange: (ev) => { choices[r.line] = ev.target.value; } },
          h('option', { value: '' }, t('imp.choose', { name: r.player_name })),
          h('option', { value: 'same' }, t('imp.same', { name: r.player_name })),
          h('option', { value: 'other' }, t('imp.other')));
          cell = sel;
        }
        return h('tr', {}, h('td', {}, String(r.line)), h('th', { scope: 'row' }, r.name), h('td', {}, cell));
      }))));
  }
  box.append(h('p', {},
    h('button', { type: 'button', class: 'primary', id: 'imp-confirm', onclick: () => commit(choices) }, t('imp.confirm')),
    ' ', h('button', { type: 'button', onclick: () => { clear(box); file = null; } }, t('td.cancel'))));
}

async function preview() {
  const box = clear($('#imp-preview'));
  try {
    showPreview(await postFile(`${T}/players/import?preview=1`));
  } catch (e) {
    box.append(h('p', { class: 'alert', role: 'alert' }, e.message), errorsList(e.problem));
  }
}

async function commit(choices) {
  const same = Object.keys(choices).filter((l) => choices[l] === 'same');
  const other = Object.keys(choices).filter((l) => choices[l] === 'other');
  const q = [same.length ? `same=${same.join(',')}` : '', other.length ? `other=${other.join(',')}` : ''].filter(Boolean).join('&');
  const box = $('#imp-preview');
  try {
    const r = await postFile(`${T}/players/import${q ? `?${q}` : ''}`);
    clear(box).append(h('p', { id: 'imp-done', role: 'status' }, t('imp.done', { added: r.added, updated: r.updated, merged: r.merged })));
    announce(t('imp.done', { added: r.added, updated: r.updated, merged: r.merged }));
    file = null;
    renderRatings();
  } catch (e) {
    box.append(h('p', { class: 'alert', role: 'alert' }, e.message), errorsList(e.problem));
  }
}

async function take(f) {
  if (!f) return;
  file = await f.arrayBuffer();
  await preview();
}

function exportLinks() {
  const sep = h('select', { id: 'exp-sep', 'aria-label': t('imp.sep') },
    h('option', { value: ',' }, t('imp.sep_comma')), h('option', { value: ';' }, t('imp.sep_semicolon')));
  const links = LISTS.map(([k, key]) => h('a', { id: `exp-${k}`, download: '', href: '#' }, t(key)));
  const set = () => links.forEach((a, i) => {
    a.href = `${T}/export/${LISTS[i][0]}.csv?sep=${encodeURIComponent(sep.value)}`;
  });
  sep.onchange = set;
  set();
  return h('p', { class: 'row' }, t('imp.export'), ' ', sep, ' ', links.flatMap((a) => [a, ' ']));
}

function build() {
  const input = h('input', { type: 'file', id: 'imp-file', accept: '.csv,.txt,text/csv', onchange: (ev) => take(ev.target.files[0]) });
  const drop = h('div', { id: 'imp-drop', class: 'drop card', tabindex: '0' },
    h('label', { for: 'imp-file' }, t('imp.drop')), ' ', input);
  drop.addEventListener('dragover', (ev) => { ev.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (ev) => { ev.preventDefault(); drop.classList.remove('over'); take(ev.dataTransfer.files[0]); });
  return h('section', { id: 'lists', class: 'card', 'aria-labelledby': 'lists-h' },
    h('h3', { id: 'lists-h' }, t('imp.h')), drop, h('div', { id: 'imp-preview' }), exportLinks(),
    h('table', { id: 'rat-table', class: 'list' },
      h('caption', {}, t('rat.h')),
      h('thead', {}, h('tr', {}, ['td.name', 'rat.before', 'rat.change', 'rat.after', 'rat.experience'].map((k) => h('th', { scope: 'col' }, t(k))))),
      h('tbody')));
}

const sign = (x) => (x > 0 ? `+${x.toFixed(2)}` : x.toFixed(2));

async function renderRatings() {
  let r;
  try { r = await api('GET', `${T}/ratings`); } catch (e) { return; }
  const tb = clear($('#rat-table tbody'));
  for (const p of r.players) {
    tb.append(h('tr', { dataset: { playerId: p.player_id } }, h('th', { scope: 'row' }, p.name),
      h('td', {}, p.entry.toFixed(2)), h('td', { class: 'rat-change' }, sign(p.change)),
      h('td', { class: 'rat-after' }, p.rating.toFixed(2) + (p.provisional ? ' *' : '')), h('td', {}, String(p.experience))));
  }
  // 1,000 players: the first 50 in the page, "All N" the rest (issue 32)
  const more = $('#rat-table + button.all');
  if (more) more.remove();
  cutList(tb, 'ratings');
}

// The section for tournament path tpath (after the players' table). Called on each render
// of the players (the live stream's refresh after an import or a result): the section is
// built once per tournament, the ratings read again.
export function renderLists(tpath) {
  if (T !== tpath || !$('#lists')) {
    T = tpath;
    const old = $('#lists');
    if (old) old.remove();
    $('#p-table').after(build());
  }
  renderRatings();
}
