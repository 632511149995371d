// The match panel's sentence for a dispute (moved out of td.js, which keeps to its size).
import { t } from '../js/i18n.js';

// What MATCH-4 makes of a dispute, with the players' names (the server's sentence says
// "side a") and in the page's language; the server's own sentence stays as the title.
export function match4(d, reports, m, sideName) {
  const sheet = (r) => !!r && (r.kind === 'games' || r.kind === 'transcript');
  const sa = sheet(reports.a); const sb = sheet(reports.b);
  if (d.prevails === 'a' || d.prevails === 'b') {
    const name = sideName(m.sides[d.prevails === 'a' ? 0 : 1]);
    return t(sa !== sb ? 'td.match4_sheet' : 'td.match4_trailing', { name });
  }
  return t(!sa && !sb ? 'td.match4_none' : 'td.match4_unclear');
}
