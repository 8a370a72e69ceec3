// The HTML page played in a real browser: headless Chromium driven by
// puppeteer-core (installed by `make browser-deps` into build/node). Every
// maze is walked with the arrow keys along the solution read from meiro's
// text output (not from the page), must say Goal; a wall must stop the
// walker; the answer button draws the path; printing gives one page of the
// paper with the maze on it and no buttons; the page asks for nothing but
// itself (its pictures data: addresses in it); a weave, a keys-and-doors and a two-level maze are walked to G.
// Usage: node tests/browser.mjs BUILD_DIR [SHOTS_DIR]
// Ends with "browser: N passed, N failed" (tests/run.sh counts it).
// meiro-suite: check
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, needBrowser, suite } from './browser-lib.mjs';

const build = path.resolve(process.argv[2] || 'build');
const shots = process.argv[3] ? path.resolve(process.argv[3]) : null;
const meiro = path.join(build, 'meiro');
const s = suite('browser');
const { check, finish } = s;
const puppeteer = await needBrowser(s, build);

// the printed pages are read by poppler: without it those checks are skipped
const missing = ['pdfinfo', 'pdftotext', 'pdftoppm'].filter((t) => {
  try { execFileSync('sh', ['-c', `command -v ${t}`], { stdio: 'ignore' }); return false; } catch { return true; }
});
const readPrint = missing.length === 0;
if (!readPrint) {
  s.skip(`the printed pages (${missing.join(', ')} not installed)`);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'meiro-browser-'));
const run = (args) => execFileSync(meiro, args, { encoding: 'utf8' });
const tool = (cmd, args) => execFileSync(cmd, args, { encoding: 'utf8' });

// The solution as cells from meiro's block grid: S, '.', G at odd rows and
// columns, walked from S through path marks (a '.' or G between cells).
function solutionFromText(text) {
  const rows = text.split('\n').filter((l) => l.length);
  const at = (r, c) => (rows[r] || '')[c] || '#';
  const w = (rows[0].length - 1) / 2, h = (rows.length - 1) / 2;
  // a mark in a door of the outer wall stands for the cell inside it
  const cellOf = (ch) => {
    for (let r = 0; r < rows.length; r++) {
      const c = rows[r].indexOf(ch);
      if (c >= 0) return [Math.min(Math.max(Math.floor((c - 1) / 2), 0), w - 1), Math.min(Math.max(Math.floor((r - 1) / 2), 0), h - 1)];
    }
    return null;
  };
  const s = cellOf('S'), g = cellOf('G');
  const cells = [s];
  let prev = null, cur = s;
  const marked = (ch) => ch === '.' || ch === 'G' || ch === 'S';
  while (cur[0] !== g[0] || cur[1] !== g[1]) {
    let next = null;
    for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
      const n = [cur[0] + dx, cur[1] + dy];
      if (n[0] < 0 || n[1] < 0 || n[0] >= w || n[1] >= h || (prev && n[0] === prev[0] && n[1] === prev[1])) continue;
      if (marked(at(2 * cur[1] + 1 + dy, 2 * cur[0] + 1 + dx)) && marked(at(2 * n[1] + 1, 2 * n[0] + 1))) next = n;
    }
    if (!next) throw new Error('no marked way from S to G in meiro\'s text');
    prev = cur; cur = next; cells.push(cur);
  }
  return cells;
}
const KEY = { '0,-1': 'ArrowUp', '1,0': 'ArrowRight', '0,1': 'ArrowDown', '-1,0': 'ArrowLeft' };
const DOOR_KEY = ['ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft'];
const DX = [0, 1, 0, -1], DY = [-1, 0, 1, 0];

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  userDataDir: path.join(tmp, 'profile'),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

async function open(file, viewport = { width: 1024, height: 768 }) {
  const page = await browser.newPage();
  const requests = [], errors = [];
  // (a picture in the page is in it, a data: address: nothing leaves the file)
  page.on('request', (r) => { if (!r.url().startsWith('data:')) requests.push(r.url()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewport(viewport);
  await page.goto('file://' + file, { waitUntil: 'load' });
  return { page, requests, errors };
}
const state = (page) => page.evaluate(() => ({ ...document.getElementById('game').dataset }));
const data = (page) => page.evaluate(() => JSON.parse(document.getElementById('meiro-data').textContent));

// One maze: generated as HTML and as text with the solution, played.
async function play(name, args, lang) {
  const file = path.join(tmp, name + '.html');
  run(['generate', ...args, '-o', file]);
  const text = run(['generate', ...args.filter((a) => a !== '--lang' && a !== 'ja'), '--solution', '-f', 'text']);
  const way = solutionFromText(text);
  const { page, requests, errors } = await open(file);
  const d = (await data(page)).mazes[0];
  const shot = async (what) => shots && page.screenshot({ path: path.join(shots, `${name}-${what}.png`) });
  await shot('start');
  const info = await page.$eval('#info', (e) => e.textContent);
  // a shape is named between the seed and the size: seed 4 · heart · 16 × 14
  const shape = args.includes('--shape') ? args[args.indexOf('--shape') + 1] + ' · '
    : args.includes('--text') ? args[args.indexOf('--text') + 1] + ' · ' : '';
  check(info.includes(`seed ${args[args.indexOf('-s') + 1]} · ${shape}${d.w} × ${d.h}`), `${name}: seed and size not shown: ${info}`);
  let st = await state(page);
  check(st.x == d.start[0] && st.y == d.start[1] && st.steps === '0', `${name}: starts at S (${JSON.stringify(st)})`);
  // walls stop the walker: the outer wall at S, and inner walls along the way
  const inner = (c, k) => d.walls[c[1]][c[0]] & (1 << k) && c[0] + DX[k] >= 0 && c[1] + DY[k] >= 0 && c[0] + DX[k] < d.w && c[1] + DY[k] < d.h;
  const outer = [0, 1, 2, 3].find((k) => d.walls[d.start[1]][d.start[0]] & (1 << k) && !inner(d.start, k) && k !== d.goalDoor);
  const bump = async (k, c) => {
    const before = await state(page);
    await page.keyboard.press(DOOR_KEY[k]);
    const after = await state(page);
    check(after.x == c[0] && after.y == c[1] && after.steps === before.steps, `${name}: walked through a wall at ${c} (${k}): ${JSON.stringify(after)}`);
  };
  if (outer !== undefined) await bump(outer, d.start);
  // one step and back: the pencil erases it
  if (way.length > 1) {
    const [a, b] = way;
    await page.keyboard.press(KEY[`${b[0] - a[0]},${b[1] - a[1]}`]);
    check((await state(page)).steps === '1', `${name}: one step`);
    await page.keyboard.press(KEY[`${a[0] - b[0]},${a[1] - b[1]}`]);
    check((await state(page)).steps === '0', `${name}: stepping back erases the step`);
  }
  let bumped = 0;
  for (let k = 1; k < way.length; k++) {
    const wall = [0, 1, 2, 3].find((q) => inner(way[k - 1], q));
    if (wall !== undefined && bumped++ < 20) await bump(wall, way[k - 1]);
    const dx = way[k][0] - way[k - 1][0], dy = way[k][1] - way[k - 1][1];
    await page.keyboard.press(KEY[`${dx},${dy}`]);
    if (k === Math.floor(way.length / 2)) await shot('midway');
  }
  if (way.length === 1 && d.goalDoor >= 0) await page.keyboard.press(DOOR_KEY[d.goalDoor]); // 1 x 1: out of G's door
  st = await state(page);
  const goalText = await page.evaluate(() => {
    const g = document.getElementById('goal');
    return g.hidden ? '' : g.innerText;
  });
  const want = lang === 'ja' ? 'ゴール' : 'Goal';
  check(st.done === 'yes' && goalText.includes(want), `${name}: no "${want}" after the solution: ${JSON.stringify(st)} "${goalText}"`);
  check(Number(st.steps) === way.length - 1, `${name}: ${st.steps} steps, the solution has ${way.length - 1}`);
  if (args.includes('--picture')) { // the walked way fills whole cells: the picture appears
    const walk = await page.evaluate(() => {
      const w = document.querySelector('.sheet.current .walk');
      return { cls: w.getAttribute('class'), width: Number(w.getAttribute('stroke-width')), cap: getComputedStyle(w).strokeLinecap };
    });
    const reverse = args.includes('--reverse');
    check(d.picture === (reverse ? 2 : 1) && (reverse || (walk.cls.includes('picture') && Math.abs(walk.width - d.cell) < 1e-6 && walk.cap === 'square')),
      `${name}: the walked way does not fill its cells: ${JSON.stringify(walk)} picture ${d.picture}`);
  }
  await new Promise((r) => setTimeout(r, 300));
  await shot('goal');
  // the answer button draws the path: the answer's line is shown with the solution's corners
  await page.keyboard.press('Escape');
  await page.click('#answer');
  const answer = await page.evaluate(() => {
    const a = document.querySelector('.sheet.current .answer');
    return { shown: getComputedStyle(a).display !== 'none', d: a.getAttribute('d') || '',
      pressed: document.getElementById('answer').getAttribute('aria-pressed') };
  });
  check(answer.shown && answer.pressed === 'true' && (answer.d.match(/L/g) || []).length >= way.length,
    `${name}: the answer button shows no path: ${JSON.stringify(answer).slice(0, 200)}`);
  // printing: one page of the paper, the maze in it, no buttons
  const pdf = path.join(tmp, name + '.pdf');
  await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
  if (readPrint) {
    const pdfInfo = tool('pdfinfo', [pdf]);
    const paper = args.includes('--paper') ? args[args.indexOf('--paper') + 1] : 'a4';
    const sizes = { a4: [595.28, 841.89], letter: [612, 792] };
    const m = pdfInfo.match(/Page size:\s*([\d.]+) x ([\d.]+)/);
    const [pw, ph] = m ? [Number(m[1]), Number(m[2])] : [0, 0];
    const [w, h] = sizes[paper];
    check(/Pages:\s*1\n/.test(pdfInfo) && ((Math.abs(pw - w) < 1.5 && Math.abs(ph - h) < 1.5) || (Math.abs(pw - h) < 1.5 && Math.abs(ph - w) < 1.5)),
      `${name}: printed ${pdfInfo.match(/Pages:.*/)} ${pw} x ${ph}, not one ${paper} page`);
    const words = tool('pdftotext', [pdf, '-']);
    check(!/Show the answer|Hide the answer|Start again|こたえを|さいしょから/.test(words), `${name}: buttons printed: ${words}`);
    // the maze is on the printed page: dark wall pixels along the maze's outline
    tool('pdftoppm', ['-r', '30', '-gray', pdf, path.join(tmp, name)]);
    const pgm = fs.readFileSync(fs.readdirSync(tmp).filter((f) => f.startsWith(name + '-') && f.endsWith('.pgm')).map((f) => path.join(tmp, f))[0]);
    const [, W, H] = pgm.toString('latin1', 0, 40).match(/P5\s+(\d+)\s+(\d+)\s+255\s/).map(Number);
    const pixels = pgm.subarray(pgm.length - W * H);
    let dark = 0, total = 0;
    for (let y = Math.floor(H * 0.3); y < H * 0.7; y++)
      for (let x = Math.floor(W * 0.3); x < W * 0.7; x++, total++) if (pixels[y * W + x] < 128) dark++;
    if (shots) tool('pdftoppm', ['-r', '60', '-png', pdf, path.join(shots, name + '-print')]);
    check(dark > 0 && dark < total * 0.6, `${name}: printed middle has ${dark} dark pixels of ${total}`);
  }
  check(requests.length === 1 && requests[0] === 'file://' + file, `${name}: requests ${requests.join(' ')}`);
  check(errors.length === 0, `${name}: script errors ${errors.join('; ')}`);
  await page.close();
}

const cases = [
  ['one', ['-W', '1', '-H', '1', '-s', '1']],
  ['two-three', ['-W', '2', '-H', '3', '-s', '7', '-a', 'dig']],
  ['fifteen', ['-W', '15', '-H', '10', '-s', '42', '--title', 'Maze for Hana']],
  ['forty', ['-W', '40', '-H', '30', '-s', '2026', '-a', 'wall', '--paper', 'letter']],
  ['doors-ja', ['-W', '8', '-H', '10', '-s', '5', '-t', 'kids-ja', '--lang', 'ja'], 'ja'],
  ['loops', ['-W', '12', '-H', '9', '-s', '3', '-a', 'true-prim', '--ends', 'border', '--art', 'bunny']],
  ['heart', ['--shape', 'heart', '-W', '16', '-H', '14', '-s', '4']],
  ['name-ja', ['--text', 'はな', '-s', '2', '--lang', 'ja'], 'ja'],
  ['picture', ['--picture', 'heart', '-W', '24', '-H', '24', '-s', '4']],
  ['picture-reverse', ['--picture', 'star', '--reverse', '-W', '24', '-H', '24', '-s', '5']],
];
for (const [name, args, lang] of cases) {
  try {
    await play(name, args, lang);
  } catch (e) {
    check(false, `${name}: ${e.stack}`);
  }
}

// a drag on the screen walks too (pointer events, as a finger would)
try {
  const file = path.join(tmp, 'fifteen.html');
  const { page } = await open(file);
  const d = (await data(page)).mazes[0];
  const box = await page.evaluate(() => {
    const r = document.querySelector('.sheet.current').getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, vw: document.querySelector('.sheet.current').viewBox.baseVal.width };
  });
  const px = d.cell * box.w / box.vw;
  const way = solutionFromText(run(['generate', '-W', '15', '-H', '10', '-s', '42', '--solution', '-f', 'text']));
  const cx = (c) => box.x + (d.x + (c[0] + 0.5) * d.cell) * box.w / box.vw;
  const cy = (c) => box.y + (d.y + (c[1] + 0.5) * d.cell) * box.w / box.vw;
  await page.mouse.move(cx(way[0]), cy(way[0]));
  await page.mouse.down();
  for (let k = 1; k <= 4; k++) await page.mouse.move(cx(way[k]), cy(way[k]), { steps: 4 });
  await page.mouse.up();
  const st = await state(page);
  check(st.x == way[4][0] && st.y == way[4][1], `drag: at ${st.x},${st.y}, not ${way[4]} (cell ${px.toFixed(1)} px)`);
  await page.close();
} catch (e) {
  check(false, `drag: ${e.stack}`);
}

// a booklet: next and previous switch mazes, each is played by itself
try {
  const file = path.join(tmp, 'book.html');
  run(['booklet', '-n', '3', '-s', '9', '-o', file]);
  const { page, requests, errors } = await open(file);
  const all = (await data(page)).mazes;
  check(all.length === 3, `booklet: ${all.length} mazes`);
  const visible = () => page.evaluate(() => [...document.querySelectorAll('.sheet')].filter((s) => getComputedStyle(s).display !== 'none').map((s) => s.id));
  check((await state(page)).maze === '0' && (await visible()).length === 1, 'booklet: opens on maze 1 alone');
  await page.click('#next');
  let st = await state(page);
  check(st.maze === '1' && st.x == all[1].start[0] && st.y == all[1].start[1], `booklet: next: ${JSON.stringify(st)}`);
  check((await visible())[0] === `sheet-${all[1].sheet}`, 'booklet: next shows the second maze');
  await page.click('#next');
  check((await state(page)).maze === '2', 'booklet: next again');
  check(await page.$eval('#next', (b) => b.disabled), 'booklet: no next after the last');
  await page.click('#prev');
  check((await state(page)).maze === '1', 'booklet: previous');
  const count = await page.$eval('#count', (c) => c.textContent);
  check(count === '2 / 3', `booklet: the counter says ${count}`);
  if (shots) await page.screenshot({ path: path.join(shots, 'booklet.png') });
  const pdf = path.join(tmp, 'book.pdf');
  await page.pdf({ path: pdf, preferCSSPageSize: true });
  if (readPrint) {
    const pages = Number(tool('pdfinfo', [pdf]).match(/Pages:\s*(\d+)/)[1]);
    const sheets = new Set(all.map((m) => m.sheet)).size;
    check(pages === sheets, `booklet: printed ${pages} pages for ${sheets} puzzle pages`);
  }
  check(requests.length === 1 && errors.length === 0, `booklet: requests ${requests} errors ${errors}`);
  await page.close();
} catch (e) {
  check(false, `booklet: ${e.stack}`);
}

// an Arabic booklet counts its mazes in Arabic-Indic digits, as its pages
// number them (po/GLOSSARY.md)
try {
  const file = path.join(tmp, 'book-ar.html');
  run(['booklet', '-n', '3', '-s', '9', '--lang', 'ar', '-o', file]);
  const { page, errors } = await open(file);
  await page.click('#next');
  const count = await page.$eval('#count', (c) => c.textContent);
  check(count === '٢ / ٣', `booklet-ar: the counter says ${count}`);
  if (shots) await page.screenshot({ path: path.join(shots, 'booklet-ar.png') });
  check(errors.length === 0, `booklet-ar: errors ${errors}`);
  await page.close();
} catch (e) {
  check(false, `booklet-ar: ${e.stack}`);
}

// a big maze: its cells small in the window, a zoom that grows the sheet
// and scrolls; a small one has no zoom. The footer's words once on screen
// (under the sheet), in the printed page's footer only when printed.
try {
  const file = path.join(tmp, 'big.html');
  run(['generate', '-W', '80', '-H', '100', '-s', '3', '-o', file]);
  const { page, errors } = await open(file);
  const width = () => page.$eval('.sheet.current', (s) => s.getBoundingClientRect().width);
  check(!(await page.$eval('#bigger', (b) => b.hidden)), 'zoom: no zoom for an 80 x 100 maze');
  const before = await width();
  await page.click('#bigger');
  await page.click('#bigger');
  check(Math.abs(await width() - 2 * before) < 2, `zoom: twice bigger is ${await width()} px, not ${2 * before}`);
  await page.click('#smaller');
  check(Math.abs(await width() - 1.5 * before) < 2, 'zoom: smaller again');
  const footer = await page.$eval('.sheet.current .footer', (g) => getComputedStyle(g).display);
  const info = await page.$eval('#info', (e) => e.textContent);
  check(footer === 'none' && info.includes('seed 3'), `footer once: the sheet's footer ${footer}, #info '${info}'`);
  await page.emulateMediaType('print');
  check(await page.$eval('.sheet.current .footer', (g) => getComputedStyle(g).display) !== 'none', 'footer: not printed');
  check(errors.length === 0, `zoom: errors ${errors}`);
  await page.close();
  const small = path.join(tmp, 'small.html');
  run(['generate', '-W', '8', '-H', '6', '-s', '3', '-o', small]);
  const kid = await open(small);
  check(await kid.page.$eval('#bigger', (b) => b.hidden), 'zoom: shown for an 8 x 6 maze');
  await kid.page.close();
} catch (e) {
  check(false, `zoom: ${e.stack}`);
}

// a weave maze: walked over and under its crossings along the solution read
// from meiro's JSON (a step under a crossing goes two cells on, one key press)
try {
  const args = ['-W', '16', '-H', '12', '-s', '9', '-a', 'dig', '--weave', '80'];
  const file = path.join(tmp, 'weave.html');
  run(['generate', ...args, '-o', file]);
  const json = JSON.parse(run(['generate', ...args, '--solution', '-f', 'json']));
  const way = json.solution.map((id) => [id % json.width, Math.floor(id / json.width)]);
  const { page, errors } = await open(file);
  let under = 0;
  for (let k = 1; k < way.length; k++) {
    const dx = way[k][0] - way[k - 1][0], dy = way[k][1] - way[k - 1][1];
    if (Math.abs(dx) + Math.abs(dy) === 2) under++;
    await page.keyboard.press(KEY[`${Math.sign(dx)},${Math.sign(dy)}`]);
  }
  const st = await state(page);
  check(under > 0, `weave: the solution goes under none of its ${json.under.length} crossings`);
  check(st.done === 'yes' && Number(st.steps) === way.length - 1,
    `weave: not at G after the solution (${under} times under): ${JSON.stringify(st)}`);
  check(errors.length === 0, `weave: errors ${errors}`);
  await page.close();
} catch (e) {
  check(false, `weave: ${e.stack}`);
}

// a keys-and-doors maze with one-way passages: walked to G along the
// mission's solution read from meiro's JSON (keys taken, doors opened,
// arrows obeyed); the plain way to G, without the keys, stops at a door
try {
  const args = ['-W', '12', '-H', '9', '-s', '4', '--mission', 'keys:3', '--one-way', '20'];
  const file = path.join(tmp, 'keys.html');
  run(['generate', ...args, '-o', file]);
  const json = JSON.parse(run(['generate', ...args, '--solution', '-f', 'json']));
  const way = json.solution.map((id) => [id % json.width, Math.floor(id / json.width)]);
  const { page, errors } = await open(file);
  // the page's words say the rules of keys and arrows, as the printed page does
  const said = await page.evaluate(() => document.getElementById('status').textContent);
  check(/pass its door/.test(said) && /one way only/.test(said), `keys: the status line does not say the rules: ${said}`);
  for (let k = 1; k < way.length; k++) {
    const dx = way[k][0] - way[k - 1][0], dy = way[k][1] - way[k - 1][1];
    await page.keyboard.press(KEY[`${Math.sign(dx)},${Math.sign(dy)}`]);
  }
  const st = await state(page);
  const taken = await page.evaluate(() => document.getElementById('game').dataset.taken);
  check(st.done === 'yes' && Number(st.steps) === way.length - 1 && taken === '3',
    `keys: not at G with 3 keys after the solution: ${JSON.stringify(st)} taken ${taken}`);
  check(errors.length === 0, `keys: errors ${errors}`);
  await page.close();
} catch (e) {
  check(false, `keys: ${e.stack}`);
}

// a two-level maze: walked to G along the solution read from meiro's JSON,
// each stair taken with PageUp/PageDown or Enter (the walker goes on from
// the same cell of the other floor, drawn beside the first); a stair key
// where there is no stair does not move it
try {
  const args = ['-W', '9', '-H', '7', '-s', '6', '--levels', '2'];
  const file = path.join(tmp, 'levels.html');
  run(['generate', ...args, '-o', file]);
  const json = JSON.parse(run(['generate', ...args, '--solution', '-f', 'json']));
  const fh = json.height / json.levels;
  const way = json.solution.map((id) => [id % json.width, Math.floor(id / json.width)]);
  const { page, errors } = await open(file);
  await page.keyboard.press('PageUp');
  let st = await state(page);
  check(st.steps === '0' && st.floor === '0', `levels: a stair taken at S, which has none: ${JSON.stringify(st)}`);
  let stairs = 0;
  for (let k = 1; k < way.length; k++) {
    const dx = way[k][0] - way[k - 1][0], dy = way[k][1] - way[k - 1][1];
    if (dx === 0 && Math.abs(dy) === fh) {
      stairs++;
      await page.keyboard.press(stairs % 2 ? (dy > 0 ? 'PageUp' : 'PageDown') : 'Enter');
      st = await state(page);
      check(st.x == way[k][0] && st.y == way[k][1] && st.floor === String(way[k][1] / fh | 0),
        `levels: stair ${stairs} not taken to ${way[k]}: ${JSON.stringify(st)}`);
    } else {
      await page.keyboard.press(KEY[`${Math.sign(dx)},${Math.sign(dy)}`]);
    }
  }
  st = await state(page);
  const d = (await data(page)).mazes[0];
  const cx = await page.$eval('.sheet.current .me', (e) => Number(e.getAttribute('cx')));
  check(stairs > 0, 'levels: the solution takes no stair');
  check(st.done === 'yes' && Number(st.steps) === way.length - 1 && st.floor === String(json.levels - 1),
    `levels: not at G on the last floor after the solution (${stairs} stairs): ${JSON.stringify(st)}`);
  check(d.levels === json.levels && cx > d.x + (d.w + 1) * d.cell * (json.levels - 1),
    `levels: the walker at G is not drawn on the last floor (cx ${cx}, maze at ${d.x}, cell ${d.cell})`);
  check(errors.length === 0, `levels: errors ${errors}`);
  await page.close();
} catch (e) {
  check(false, `levels: ${e.stack}`);
}

await browser.close();
fs.rmSync(tmp, { recursive: true, force: true });
await finish();
