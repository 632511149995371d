// Every string key the pages use exists in English and in Italian, and the two languages
// have the same keys. Keys are found as t('key') in the scripts and data-i18n*="key" in
// the pages; keys built at run time (t(`state.${s}`)) are listed below by family.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'static');
const { STRINGS } = await import(pathToFileURL(join(root, 'js', 'strings.js')).href);

const DYNAMIC = {
  state: ['scheduled', 'called', 'playing', 'reported', 'disputed', 'verified', 'forfeited', 'withdrawn', 'void'],
  result: ['single', 'gammon', 'backgammon', 'drop', 'resign', 'level1', 'level2', 'level3'],
  reason: ['end_of_game', 'break', 'dispute', 'td', 'early_pickup', 'opponent_pressed', 'illegal_move', 'game_over_claim'],
  'clock.st': ['waiting', 'running', 'paused', 'flagged'],
  conn: ['connecting', 'offline', 'live'],
  kind: ['knockout', 'swing', 'davis', 'swiss'],
  'swiss.tb': ['buchholz', 'median_buchholz', 'sonneborn_berger', 'points_diff', 'head_to_head'],
  estate: ['open', 'running', 'finished'],
  'swing.st': ['waiting', 'playing', 'sitting_out', 'out', 'not_paired'],
  ko: ['waiting_opponent', 'champion', 'waiting_entrant'],
  role: ['head', 'td', 'assistant'],
  ostatus: ['active', 'suspended', 'removed'],
  'call.reason': ['dispute', 'clock', 'baffle_box', 'observer', 'spectators', 'equipment', 'leave_room', 'other'],
  'ruling.effect': ['none', 'score', 'penalty', 'forfeit', 'clock'],
  sheets: ['draw', 'call', 'scores', 'standings'],
  ratx: ['bye', 'forfeit', 'walkover', 'one_point', 'unfinished', 'swing', 'davis_doubles', 'conceded', 'time'],
  ended: ['conceded', 'lateness', 'time', 'disqualified', 'withdrawn', 'bye', 'walkover', 'ruling'],
  'placings.key': ['rounds_won', 'points_diff', 'rating'],
  'co.state': ['pending', 'withdrawn', 'decided'],
  'co.outcome': ['upheld', 'replaced'],
  'co.motion': ['uphold', 'replace'],
  'co.mstate': ['open', 'carried', 'failed'],
  'co.effect': ['none', 'score', 'forfeit', 'penalty'],
  'co.form': ['standing', 'per_appeal'],
  'co.vote': ['yes', 'no'],
  'rat.kind': ['bye', 'forfeit', 'walkover', 'one_point', 'unfinished', 'swing', 'davis_doubles'],
  why: ['bye_only', 'bye_lowest', 'bye_all_had', 'bye_worse', 'bye_rematches', 'bye_rematches_no_bye', 'bye_floats',
    'rematch_avoided', 'rematch', 'float_met_all', 'float_uneven', 'seeded', 'swap'],
};

function files(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

const used = new Set();
const families = new Set();
// not the generated bundle of the console's modules (the Makefile's), which repeats them
for (const f of files(root).filter((x) => /\.(js|html)$/.test(x) && !x.endsWith('.bundle.js'))) {
  const src = readFileSync(f, 'utf8');
  for (const m of src.matchAll(/\bt\(\s*'([a-z0-9_.]+)'/g)) used.add(m[1]);
  for (const m of src.matchAll(/data-i18n(?:-aria|-ph|-title)?="([a-z0-9_.]+)"/g)) used.add(m[1]);
  for (const m of src.matchAll(/\bt\(\s*`([a-z_.]+)\.\$\{/g)) families.add(m[1]);
  for (const m of src.matchAll(/\bt\(\s*`([a-z_.]+?)(level)\$\{/g)) families.add(`${m[1]}${m[2]}`);
}
for (const fam of families) {
  const base = fam.replace(/\.?level$/, '');
  if (!DYNAMIC[fam] && !DYNAMIC[base]) {
    console.error(`check_strings: the pages build keys "${fam}.*" that DYNAMIC does not list`);
    process.exitCode = 1;
    continue;
  }
  for (const k of DYNAMIC[fam] || []) used.add(`${fam}.${k}`);
}
let bad = 0;
for (const key of [...used].sort()) {
  for (const lang of ['en', 'it']) {
    if (!(key in STRINGS[lang])) { console.error(`check_strings: "${key}" is missing in ${lang}`); bad++; }
  }
}
for (const key of Object.keys(STRINGS.en)) if (!(key in STRINGS.it)) { console.error(`check_strings: "${key}" has no Italian`); bad++; }
for (const key of Object.keys(STRINGS.it)) if (!(key in STRINGS.en)) { console.error(`check_strings: "${key}" has no English`); bad++; }
if (bad) process.exitCode = 1;
else console.log(`check_strings: ${used.size} keys used by the pages, all in English and Italian`);
