// The Committee's part of the e2e test (issue 31: GOV-2, GOV-7), on a tournament of its
// own: the loser of a ruling appeals it from the phone within its window, the console puts
// a motion to replace it, one member votes from the phone with their card's PIN, one
// against, the TD records the third cast in person: 2-1, the match's winner changes and the
// bracket moves (KO-8); then a ruling by a party TD with no other TD waits for the
// Committee and is decided by it, a player member voting from their own phone; under a
// Committee formed per case the players of such a dispute choose it jointly. e2e.mjs
// runs it at the end (E2E_ONLY=committee runs only this).
import { tdSession } from './td_session.mjs';
export async function committee(x) {
  const { browser, url, waitText, waitVisible, fail, log, watch, setStep, PASSWORD } = x;
  setStep('committee: the TD builds a knockout of four and the Committee');
  const { tdCtx, td, H, call, fetchAs } = await tdSession(x, 'committee td');
  const tour = await call('POST', '/tournaments', { name: 'Appeal Open' });
  const T = `/tournaments/${tour.id}`;
  const P = {};
  for (const n of ['Aldo', 'Bice', 'Cosimo', 'Delia']) P[n] = await call('POST', `${T}/players`, { name: n });
  const ev = await call('POST', `${T}/competitions`, { kind: 'knockout', name: 'Main', knockout: { lengths: [3, 5] } });
  for (const p of Object.values(P)) await call('POST', `${T}/competitions/${ev.id}/entries`, { player_id: p.id });
  const board = await call('POST', `${T}/competitions/${ev.id}/knockout/draw`, { seed: '7' });
  const r1 = board.rounds[0].matches.map((m) => m.match_id);
  const fin = board.rounds[1].matches[0].match_id;
  const match = (id) => call('GET', `${T}/matches/${id}`);
  const m0 = await match(r1[0]);
  const byId = (id) => Object.values(P).find((p) => p.id === id);
  const winner = byId(m0.sides[0].player_id);
  const loser = byId(m0.sides[1].player_id);
  await call('PUT', `${T}/committee`, { form: 'standing', appeal_window_minutes: 30 });
  const ezio = await call('POST', `${T}/committee/members`, { name: 'Ezio' });
  const flora = await call('POST', `${T}/committee/members`, { name: 'Flora' });
  await call('POST', `${T}/committee/members`, { name: 'Gina', reserve: true });
  // the winner of the match appealed sits on the Committee: replaced by Gina for it
  const pm = await call('POST', `${T}/committee/members`, { player_id: winner.id });
  await call('POST', `${T}/matches/${r1[1]}/verify`, { score: { a: 3, b: 0 } });
  await call('POST', `${T}/matches/${r1[0]}/rulings`, { question: 'Who won?', facts: 'Two sheets', decision: '3-1 to side a', reasons: 'The witnesses', effect: { kind: 'score', score: { a: 3, b: 1 } } });

  setStep('committee: its names are posted on the venue\'s display');
  const dctx = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const disp = await dctx.newPage();
  watch(disp, 'committee display');
  await disp.goto(url(`/display/?t=${tour.id}&view=live&rotate=0`));
  await waitText(disp, '#committee-names', /Committee: Ezio, Flora, .*; reserves: Gina/);
  await dctx.close();

  setStep('committee: the loser appeals the ruling from the phone, within its window');
  const phone = async (p, name) => {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
    const pg = await ctx.newPage();
    watch(pg, name);
    await pg.goto(url(`/play/?t=${tour.id}&p=${p.id}`));
    await waitVisible(pg, '#pin');
    await pg.fill('#pin', p.pin);
    await pg.click('#pin-form button[type=submit]');
    return { ctx, pg };
  };
  const lp = await phone(loser, 'committee loser phone');
  await waitText(lp.pg, '#appeal-card', /you may appeal until \d\d:\d\d/);
  await waitText(lp.pg, '#committee-names', /Committee: Ezio, Flora/);
  await lp.pg.fill('#appeal-card textarea', 'I won the last game');
  await lp.pg.click('#appeal-card form.appealable button[type=submit]');
  await waitText(lp.pg, '#appeal-card .ap-state', 'pending');
  const cases = await call('GET', `${T}/appeals`);
  const aid = cases.appeals[0].id;
  if (cases.appeals[0].panel.map((m) => m.name).join(',') !== 'Ezio,Flora,Gina') fail(`the panel: ${JSON.stringify(cases.appeals[0].panel)}`);
  const held = await tdCtx.request.fetch(url(`/api/v1${T}/matches/${fin}/call`), { method: 'POST', headers: H, data: { table: '1' } });
  if (held.status() !== 409) fail(`the final is not held: ${held.status()}`);
  log(`appeal ${aid} lodged from the phone; the final is held`);

  setStep('committee: the desk lists the pending appeal, its button leads to the Committee');
  await td.goto(url(`/td/?t=${tour.id}#now`));
  const nowCard = `#now-list li[data-key="appeal:${aid}"]`;
  await waitText(td, nowCard, `Appeal ${aid} waits for the Committee`);
  await td.click(`${nowCard} button.committee`);

  setStep('committee: the console puts a motion to replace the ruling');
  await waitVisible(td, '#committee');
  const li = `#co-cases li[data-appeal="${aid}"]`;
  await waitVisible(td, `${li} #co-${aid}-mk`);
  await td.selectOption(`#co-${aid}-mk`, 'replace');
  await td.fill(`#co-${aid}-mt`, 'The score was 1-3: side b won');
  await td.selectOption(`#co-${aid}-kind`, 'score');
  await td.fill(`#co-${aid}-a`, '1');
  await td.fill(`#co-${aid}-b`, '3');
  await td.click(`${li} button.primary`);
  await waitText(td, li, /voting/);

  setStep('committee: Ezio votes yes from the phone with his card\'s PIN, Flora no');
  const card = await call('GET', `${T}/committee/members/${ezio.id}/card`);
  const ectx = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
  const ep = await ectx.newPage();
  watch(ep, 'committee member phone');
  await ep.goto(url(`/play/?t=${tour.id}&member=${ezio.id}`));
  await waitVisible(ep, '#ap-pin');
  await ep.fill('#ap-pin', card.pin);
  await ep.click('#appeal-card button[type=submit]');
  await waitText(ep, '#appeal-card', /The score was 1-3/);
  await ep.click('#appeal-card .vote button.primary');
  await waitText(ep, '#appeal-card', /You have voted/);
  const anon = await browser.newContext();
  await fetchAs(anon, 'POST', `${T}/appeals/${aid}/votes`, { vote: 'no', member_id: flora.id, pin: flora.pin });
  await anon.close();

  setStep('committee: the TD records Gina\'s vote cast in person: 2-1, the ruling replaced');
  await waitVisible(td, `${li} #co-${aid}-vm`);
  await td.selectOption(`#co-${aid}-vm`, { label: 'Gina' });
  await td.selectOption(`#co-${aid}-vv`, 'yes');
  await td.click(`${li} button.primary`);
  await waitText(td, li, /decided — Replaced/);
  await waitText(lp.pg, '#appeal-card .ap-outcome', /Replaced: The score was 1-3/);
  const m0after = await match(r1[0]);
  if (m0after.winner !== 'b') fail(`the match's winner after the appeal: ${m0after.winner}`);
  const final = await match(fin);
  const inFinal = final.sides.map((s) => s.player_id);
  if (!inFinal.includes(loser.id) || inFinal.includes(winner.id)) fail(`the final after the appeal: ${JSON.stringify(final.sides)}`);
  log('the Committee voted 2-1: the ruling replaced, the bracket moved');

  setStep('committee: a ruling by a party TD with no other TD waits for the Committee');
  await call('POST', '/officials', { name: 'Lina', role: 'td', password: 'lina password 1' });
  const lctx = await browser.newContext();
  await fetchAs(lctx, 'POST', '/login', { name: 'Lina', password: 'lina password 1' });
  const fa = final.sides[0].player_id;
  await fetchAs(lctx, 'PATCH', `${T}/players/${fa}`, { official_id: 1 });
  await lctx.close();
  // no other TD: Lina and any TD an earlier part of the run made (now.mjs's) are suspended
  for (const o of (await call('GET', '/officials')).officials)
    if (o.id !== 1 && o.role === 'td' && o.status === 'active') await call('PATCH', `/officials/${o.id}`, { status: 'suspended' });
  const rul = await call('POST', `${T}/matches/${fin}/rulings`, { question: 'Who won the final?', facts: 'Sheets', decision: '5-0 to side a', reasons: 'Agreed', effect: { kind: 'score', score: { a: 5, b: 0 } } });
  if (rul.state !== 'awaiting_committee') fail(`the party's ruling: ${rul.state}`);
  const ref = (await call('GET', `${T}/appeals`)).appeals.find((c) => c.ruling_id === rul.id);
  const li2 = `#co-cases li[data-appeal="${ref.id}"]`;
  await waitVisible(td, `${li2} #co-${ref.id}-mk`);
  await td.fill(`#co-${ref.id}-mt`, 'The ruling stands');
  await td.click(`${li2} button.primary`);
  await waitText(td, li2, /voting/);

  setStep('committee: the player member votes from the phone; the TD records the others');
  const wp = await phone(winner, 'committee player member phone');
  await waitText(wp.pg, '#appeal-card', /The ruling stands/);
  await wp.pg.click('#appeal-card .vote button.primary');
  await waitText(wp.pg, '#appeal-card', /You have voted/);
  await call('POST', `${T}/appeals/${ref.id}/votes`, { vote: 'yes', member_id: ezio.id });
  await call('POST', `${T}/appeals/${ref.id}/votes`, { vote: 'no', member_id: flora.id });
  await waitText(td, li2, /decided — Upheld/);
  const finAfter = await match(fin);
  if (finAfter.state !== 'verified' || finAfter.winner !== 'a') fail(`the final after the Committee: ${finAfter.state} ${finAfter.winner}`);
  if (pm.player_id !== winner.id) fail('the player member');
  log('the ruling waiting for the Committee was decided by it');

  setStep('committee: under a Committee formed per case, the players of a dispute choose it jointly (WBGF 5.1)');
  await call('PUT', `${T}/committee`, { form: 'per_appeal', appeal_window_minutes: 30 });
  const rul2 = await call('POST', `${T}/matches/${fin}/rulings`, { question: 'Was the cube turned?', facts: 'Seen by both', decision: 'It was', reasons: 'Both agree', effect: { kind: 'none' } });
  if (rul2.state !== 'awaiting_committee') fail(`the second party ruling: ${rul2.state}`);
  const ref2 = (await call('GET', `${T}/appeals`)).appeals.find((c) => c.ruling_id === rul2.id);
  const jform = `#appeal-card [data-appeal="${ref2.id}"] form.joint-choice`;
  for (const [i, s] of finAfter.sides.entries()) {
    const ph = await phone(byId(s.player_id), `joint choice phone ${i}`);
    await waitVisible(ph.pg, jform);
    for (const name of ['Ezio', 'Flora', 'Gina']) await ph.pg.check(`${jform} label.choice:has-text("${name}") input`);
    await ph.pg.click(`${jform} button[type=submit]`);
    if (i === 0) await waitText(ph.pg, jform, 'Your choice: Ezio, Flora, Gina');
    else await ph.pg.waitForSelector(jform, { state: 'detached' });
    await ph.ctx.close();
  }
  const sat = (await call('GET', `${T}/appeals`)).appeals.find((c) => c.id === ref2.id);
  if (sat.panel.map((m) => m.name).sort().join(',') !== 'Ezio,Flora,Gina') fail(`the players' Committee: ${JSON.stringify(sat.panel)}`);
  log('the players chose the Committee of a dispute jointly from their phones');
  await Promise.all([lp.ctx.close(), wp.ctx.close(), ectx.close(), tdCtx.close()]);
}
