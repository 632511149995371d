// The console's first requests, sent as the page starts loading (issue 32). A classic
// script, not a module: it runs as soon as it is fetched, while the browser still fetches
// and compiles the console's forty modules, so the answers are waiting when td.js starts.
// The requests are asked as js/api.js's api() asks a GET; td/first_read.js reads their
// answers (answer() in api.js) and td.js takes them once the session says the visitor is
// the TD.
(function boot() {
  const get = (path) => {
    const sent = fetch(path, { method: 'GET', headers: { Accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store' });
    sent.catch(() => {}); // a failure is reported where the answer is read
    return sent;
  };
  const first = { session: get('/api/v1/session') };
  const tid = Number(new URLSearchParams(location.search).get('t')) || 0;
  if (tid) {
    const T = `/api/v1/tournaments/${tid}`;
    first.tournament = get(T);
    // the lists once the tournament has answered: its revision, read before them, is where
    // td.js's synced() starts from
    first.lists = first.tournament.then(() => ['players', 'competitions', 'matches'].map((l) => get(`${T}/${l}`)));
    first.lists.catch(() => {});
  }
  window.crawfordFirst = first;
}());
