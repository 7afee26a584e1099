// examples/web/selftest.mjs — the web page played in headless Chromium (Debian's, driven by
// playwright-core: no browser download) by clicks, as a person plays it: each question is
// answered by clicking a highlighted card or player, or a button (attack with every creature,
// cast what can be cast, no blocks). Checks that Simple's hand is drawn face down (no name
// on the page), that the game reaches its end, and that the same clicks played natively
// (examples/web/replay.lua on lua5.4 and build/arbiter/core.so) end in the same state hash.
// Saves a screenshot. With --bench N it also times N whole games (bench/hosts.lua) in the page.
// usage: node examples/web/selftest.mjs [--seed N] [--shot FILE] [--bench N]
// Ends with "N passed, N failed".
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : def; };
const seed = Number(opt('--seed', '1'));
const shot = opt('--shot', 'build/web/selftest.png');
const benchGames = Number(opt('--bench', '0'));
const root = process.cwd();
let passed = 0, failed = 0;
const check = (ok, what) => { console.log(`web selftest: ${ok ? 'ok' : 'FAILED'}: ${what}`); if (ok) passed++; else failed++; };

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };
const server = http.createServer((req, res) => {
  const file = path.join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname));
  if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}/examples/web/index.html?seed=${seed}`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox',
  '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => globalThis.arbiterPage, null, { timeout: 60000 });
  const state = () => page.evaluate(() => globalThis.arbiterPage.state());

  // the page's Lua offers what Debian's lua5.4 does (a card script's sandbox: the same functions)
  const listing = 'local out = {} for k, v in pairs(_G) do if type(v) == "table" and k ~= "_G" and k ~= "package" then '
    + 'for f, x in pairs(v) do if type(x) == "function" then out[#out + 1] = k .. "." .. f end end end end '
    + 'table.sort(out) return table.concat(out, " ")';
  const inPage = await page.evaluate(async (code) => {   // a second, fresh Arbiter in the page
    const fresh = new Arbiter();
    await fresh.ready;
    return fresh.run(code);
  }, listing);
  const onLinux = execFileSync('lua5.4', ['-e', `io.write((function() ${listing} end)())`]).toString();
  check(inPage === onLinux, `the page's Lua has the standard library functions of Debian's lua5.4 (${inPage.split(' ').length})`);

  // Simple's hand: as many face-down cards as it holds, and none of their names on the page
  let s = await state();
  const theirs = s.view.players[2 - s.view.you];
  const drawn = await page.$$eval('#their-hand .card', (cs) => cs.map((c) => ({ hidden: c.classList.contains('hidden'), text: c.textContent })));
  check(theirs.hand.length === 7 && theirs.hand.every((c) => c.hidden && !c.name) && drawn.length === 7
    && drawn.every((c) => c.hidden && c.text === ''), "the opponent's hand: 7 cards from g:view, drawn face down");

  let clicks = 0, lastKind = '', sameQuestion = 0;
  const t0 = Date.now();
  while (!s.over && clicks < 4000) {
    const buttons = s.buttons;
    let target;
    if (buttons.includes('Declare the nearest legal one')) target = 'button:Declare the nearest legal one';
    else if (s.kind === 'may') target = 'button:Yes';
    else if (s.kind === 'block') target = 'button:No blocks';
    else if (s.kind === 'attack') {
      const mine = s.view.battlefield.filter((c) => c.controller === s.view.you && c.types.includes('Creature')
        && !c.tapped && !s.selected.includes(c.id));
      target = mine.length ? `card:${mine[0].id}` : (s.selected.length ? 'button:Declare attack' : 'button:No attack');
    } else if (s.kind === 'priority') target = (s.message || !s.cards.length) ? 'button:Pass' : `card:${s.cards[0]}`;
    else if (s.kind === 'choose') {
      if (s.cards.length) target = `card:${s.cards[0]}`;
      else if (s.players.length) target = `player:${s.players[s.players.length - 1]}`;
      else target = `button:${buttons[0]}`;
    }
    if (!target) throw new Error(`no click for ${s.kind} ${s.what}`);
    const key = `${s.kind}:${s.what}:${s.message}:${s.clicks}`;
    sameQuestion = key === lastKind ? sameQuestion + 1 : 0;
    lastKind = key;
    const [kind, arg] = [target.slice(0, target.indexOf(':')), target.slice(target.indexOf(':') + 1)];
    const selector = kind === 'card' ? `[data-card="${arg}"].clickable` : kind === 'player' ? `#player-${arg}.clickable`
      : `#buttons button:text-is("${arg}")`;
    await page.click(selector, { timeout: 5000 });
    clicks++;
    s = await state();
    if (clicks === 60) await page.screenshot({ path: shot.replace(/\.png$/, '-midgame.png') });
  }
  const ms = Date.now() - t0;
  check(s.over && errors.length === 0, `the game played to its end by ${clicks} clicks in ${(ms / 1000).toFixed(1)} s: `
    + `${s.banner} (turn ${s.view.turn})${errors.length ? ' page errors: ' + errors.join('; ') : ''}`);
  fs.mkdirSync(path.dirname(shot), { recursive: true });
  await page.screenshot({ path: shot });
  console.log(`web selftest: screenshot ${shot}`);

  // the same clicks natively: the same end state
  const list = await page.evaluate(() => globalThis.arbiterPage.arbiter.run('return table.concat(S.clicks, "\\n")'));
  fs.mkdirSync('build/web', { recursive: true });
  fs.writeFileSync('build/web/clicks.txt', list + '\n');
  const native = execFileSync('lua5.4', ['examples/web/replay.lua', 'build/web/clicks.txt', String(seed)]).toString().trim();
  const web = `${s.hash} turn ${s.view.turn} ${s.banner}`;
  check(native === web, `the end state hash in Chromium equals the same clicks played natively (${web} / native ${native})`);

  if (benchGames > 0) {
    const line = await page.evaluate((n) => globalThis.arbiterPage.arbiter.run(
      `return dofile("/bench/hosts.lua")(require("arbiter"), ${n}, "/")`), benchGames);
    console.log(`web bench (Chromium): ${line}`);
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
