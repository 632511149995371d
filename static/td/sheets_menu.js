// The console's links to the printable sheets (td/sheets.html), for this tournament, on
// the paper of the browser's country (Letter in the United States and Canada, else A4).
const tid = new URLSearchParams(location.search).get('t');
const lang = navigator.language || '';
const paper = /-(US|CA)$/i.test(lang) ? 'letter' : 'a4';
for (const a of document.querySelectorAll('#sheets-menu a[data-sheet]')) {
  if (tid) a.href = `/td/sheets.html?t=${encodeURIComponent(tid)}&sheet=${a.dataset.sheet}&paper=${paper}`;
}
