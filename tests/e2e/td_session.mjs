// The head TD's session that every part of the e2e test opens first (e2e.mjs passes x):
// a desktop console logged in with the password, on the tournaments' list, and `call`,
// the API as that TD (a failed answer fails the test). `fetchAs` is the same with another
// browser context's cookies (a second official, a player's phone).
export async function tdSession(x, name) {
  const { browser, url, waitVisible, fail, watch, PASSWORD } = x;
  const tdCtx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
  const td = await tdCtx.newPage();
  watch(td, name);
  await td.goto(url('/td/'));
  await waitVisible(td, '#login');
  await td.fill('#password', PASSWORD);
  await td.press('#password', 'Enter');
  await waitVisible(td, '#t-create');
  const H = { 'X-Crawford': '1', 'Content-Type': 'application/json' };
  const fetchAs = async (ctx, method, path, data) => {
    const r = await ctx.request.fetch(url(`/api/v1${path}`), { method, headers: H, data });
    if (!r.ok()) fail(`${method} ${path}: ${r.status()} ${await r.text()}`);
    return r.json().catch(() => null);
  };
  const call = (method, path, data) => fetchAs(tdCtx, method, path, data);
  return { tdCtx, td, H, fetchAs, call };
}
