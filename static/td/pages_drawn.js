// The console's pages that a read draws (issue 32): every render draws all of them, but
// the first, which draws the page shown first, then the others one by one when the browser
// is idle (at 1,000 players the hidden players' and events' pages cost more than the board
// the TD opened). A render that comes meanwhile draws them all, and the first's rest is
// dropped.
const idle = window.requestIdleCallback || ((f) => setTimeout(f, 1));
let renders = 0;

// pages: {name: draw()}, in order; shown: the name of the page shown (none of them: the
// desk, the audit log...); whole() once every page is drawn (not called for a first render
// a later one overtook). True for the first render.
export function drawPages(pages, shown, whole) {
  const n = ++renders;
  const rest = n === 1 ? Object.keys(pages).filter((k) => k !== shown) : [];
  for (const k of Object.keys(pages)) if (!rest.includes(k)) pages[k]();
  const next = () => {
    if (renders !== n) return; // a later render drew them all
    pages[rest.shift()]();
    if (rest.length) idle(next, { timeout: 500 }); else whole();
  };
  if (rest.length) idle(next, { timeout: 500 }); else whole();
  return n === 1;
}
