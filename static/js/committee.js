// The Tournament Committee's names as the pages post them (GOV-2, 000: posted in the
// playing rooms): the console, the venue's display and the phones read GET …/committee.
import { api } from './api.js';
import { t } from './i18n.js';

// "Committee: Ezio, Flora, Gina; reserves: Ugo", or '' with no member.
export function committeeText(co) {
  if (!co || !co.members.length) return '';
  const names = (l) => l.map((m) => m.name).join(', ');
  return co.reserves.length ? t('co.names_reserves', { names: names(co.members), reserves: names(co.reserves) })
    : t('co.names', { names: names(co.members) });
}

// The Committee of tournament tid, or null when it cannot be read.
export function readCommittee(tid) {
  return api('GET', `/api/v1/tournaments/${tid}/committee`).catch(() => null);
}
