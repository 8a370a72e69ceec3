// The spoiler audit's server half (tests/spoilers.sh runs it; not a suite
// of its own): meiro serve on a free port is asked for every class set and
// booklet its routes make (/api/booklet with copies, with pupils' names
// POSTed, with the same mazes for all; /api/file and /api/view of one
// maze), in every answers mode, and the studio is driven in headless
// Chromium (puppeteer-core) to make its own class sets, booklets and
// sheets, the files caught as the server answers the page. Each answer is
// written to OUT_DIR/NAME.pdf with a line "NAME WANT STATUS" in
// OUT_DIR/list: WANT is where the answers must be (none, after-page, key,
// back, class: every sheet first, then the answers; refused: HTTP 400 and
// no file), which spoilers.sh checks as it checks the command line's
// files. A missing browser writes "studio skipped REASON".
// Usage: node tests/spoilers-studio.mjs BUILD_DIR OUT_DIR
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, puppeteerIn, startServe } from './browser-lib.mjs';

const build = path.resolve(process.argv[2] || 'build');
const out = path.resolve(process.argv[3]);
const list = [];
let server = null, browser = null;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'meiro-spoilers-studio-'));
process.on('exit', () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});
async function finish(code = 0) {
  if (browser) await browser.close().catch(() => {});
  fs.writeFileSync(path.join(out, 'list'), list.join('\n') + '\n');
  process.exit(code);
}
setTimeout(() => { console.log('spoilers-studio: over 300 s'); finish(1); }, 300000);

// an answer of the server: its body kept as NAME.pdf when it is one
function keep(name, want, status, body) {
  if (status === 200) fs.writeFileSync(path.join(out, `${name}.pdf`), body);
  list.push(`${name} ${want} ${status}`);
}

let base;
({ server, base } = await startServe(path.join(build, 'meiro')));
if (!base) { console.log('spoilers-studio: meiro serve did not start'); await finish(1); }

// The routes: every answers mode (default: none given) of each kind of request.
const names = "Hana\nKen\nO'Brien\n";
const sets = [
  ['copies', 'booklet', 'count=3&difficulty=easy&seed=7&copies=2', null],
  ['names', 'booklet', 'count=3&difficulty=easy&seed=7', names],
  ['same', 'booklet', 'count=3&difficulty=easy&seed=7&same-mazes=1', names],
  ['book', 'booklet', 'count=3&difficulty=easy&seed=7', null],
  ['file', 'file', 'seed=7&width=8&height=8', null],
  ['view', 'view', 'seed=7&width=8&height=8', null],
];
for (const [what, route, q, body] of sets) {
  for (const mode of ['none', 'after-page', 'key', 'back', 'default']) {
    const r = await fetch(`${base}api/${route}?format=pdf&${q}${mode === 'default' ? '' : `&answers=${mode}`}`,
      body ? { method: 'POST', body } : {});
    const got = Buffer.from(await r.arrayBuffer());
    const set = what === 'copies' || what === 'names' || what === 'same';
    // a class set: its answers after every sheet (not asked where: its key,
    // the one file a route has), never on a sheet's back
    const want = !set ? (mode === 'default' ? (route === 'booklet' ? 'key' : 'none') : mode)
      : mode === 'none' ? 'none' : mode === 'back' ? 'refused' : 'class';
    keep(`route-${what}-${mode}`, want, r.status, got);
  }
}

// The studio, as a teacher uses it.
const { puppeteer, why } = await puppeteerIn(build);
if (!puppeteer) {
  list.push(`studio skipped ${why}`);
  await finish();
}
if (!fs.existsSync(chromium)) {
  list.push(`studio skipped no Chromium at ${chromium}`);
  await finish();
}
browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  userDataDir: path.join(tmp, 'profile'),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
// the page's links saved nowhere: the file is the server's answer to the page
await page.evaluateOnNewDocument(() => { HTMLAnchorElement.prototype.click = () => {}; });
await page.goto(`${base}?seed=2026`, { waitUntil: 'load' });
await page.waitForFunction(() => document.getElementById('puzzle').src.startsWith('blob:'), { timeout: 20000 });

// clicks a download button and keeps the server's answer to the page's
// request, with where its answers must be: as the request asks (the
// page's choices are the studio's to make), a class set's after every sheet
async function caught(name, button, route) {
  const answer = page.waitForResponse((r) => r.url().startsWith(`${base}api/${route}?`), { timeout: 60000 });
  await page.click(button);
  const r = await answer.catch(() => null);
  if (!r) { list.push(`studio-${name} answered 0`); return; }
  const q = new URL(r.url()).searchParams;
  const set = route === 'booklet' && (q.has('copies') || r.request().method() === 'POST');
  const asked = q.get('answers') || (q.get('answer-page') === '1' ? 'after-page' : route === 'booklet' ? 'key' : 'none');
  const want = asked === 'none' ? 'none' : set ? (asked === 'back' ? 'refused' : 'class') : asked;
  console.log(`studio-${name}: ${r.request().method()} ${r.url().slice(base.length)}: ${want}`);
  // the page's request again, as it was (seeded: the same file; Chromium
  // keeps no body of a response the page has read as a blob)
  const again = await fetch(r.url(), r.request().method() === 'POST'
    ? { method: 'POST', body: r.request().postData() } : {});
  keep(`studio-${name}`, want, again.status, Buffer.from(await again.arrayBuffer()));
}
async function answers(on) {
  if (await page.$eval('#answers', (e) => e.checked) !== on) await page.click('#answers');
}
const booklet = 'button[data-booklet="pdf"]', sheet = 'button[data-format="pdf"]';
await page.select('#count', '4');
for (const on of [true, false]) {
  await answers(on);
  // one maze, one booklet
  await caught(`sheet-answers-${on}`, sheet, 'file');
  await caught(`book-answers-${on}`, booklet, 'booklet');
  // a class set: 3 versions; then one for each pupil
  await page.select('#copies', '3');
  await caught(`copies-answers-${on}`, booklet, 'booklet');
  await page.select('#copies', '1');
  await page.type('#pupils', names);
  await caught(`pupils-answers-${on}`, booklet, 'booklet');
  // the same mazes for every pupil: their one key after all the sheets
  await page.click('#same-mazes');
  await caught(`same-answers-${on}`, booklet, 'booklet');
  await page.click('#same-mazes');
  await page.$eval('#pupils', (e) => { e.value = ''; e.dispatchEvent(new Event('input', { bubbles: true })); });
}
await finish();
