// meiro serve in a real browser: headless Chromium driven by puppeteer-core
// (make browser-deps) opens the studio served on a free port, chooses a
// heart for a 4-year-old named Hana, sees the preview's maze change (the
// SVG read back), downloads the PDF, the XLSX and a folded booklet through
// the page's buttons and checks they are byte for byte what the commands
// the page shows write; a class set of the same mazes for every pupil
// (one key after all the sheets) and a booklet with its answer box
// unticked (no key), read back with pdftotext;
// the same for a Japanese name on a page in Japanese (navigator.language
// ja); a bad value shows the command line's message beside its field; the
// page asks for nothing outside the server; every kind's files (floors and
// stairs among them) the shown command's, each format once; a maker's
// files (a laser cutter's DXF, a 3D printer's STL and 3MF, in English and
// French) downloaded, parsed and the shown command's; the preview's
// time after a change, printed for each common kind (never asserted). The
// server is killed at the end, whatever happens.
// Usage: node tests/serve-browser.mjs BUILD_DIR [SHOTS_DIR]
// meiro-suite: check
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { chromium, keepDownloads, needBrowser, startServe, suite } from './browser-lib.mjs';

const build = path.resolve(process.argv[2] || 'build');
const shots = process.argv[3] ? path.resolve(process.argv[3]) : null;
const meiro = path.join(build, 'meiro');
let server = null, browser = null;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'meiro-serve-browser-'));

function cleanup() {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  if (!process.env.KEEP) fs.rmSync(tmp, { recursive: true, force: true });
}
process.on('exit', cleanup);
// A filled star as a PNG (drawn by librsvg): one's own picture to upload.
function starPicture(file) {
  const svg = path.join(path.dirname(file), 'star.svg');
  fs.writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240">' +
    '<polygon points="120,10 148,88 230,88 164,136 190,220 120,170 50,220 76,136 10,88 92,88"/></svg>');
  execFileSync('rsvg-convert', ['-o', file, svg]);
}

const s = suite('serve-browser', async () => { if (browser) await browser.close().catch(() => {}); });
const { check, finish } = s;
// (nine pages now, the weave, rule, mission and picture mazes among them: 360 s, for a loaded `make check` that runs suites side by side)
const timeout = setTimeout(() => { check(false, 'the whole test took over 360 s'); finish(); }, 360000);

const puppeteer = await needBrowser(s, build);

// meiro serve on a free port (--port 0), its address read from its first line
let base;
({ server, base } = await startServe(meiro));
check(base !== null, 'meiro serve printed its address');
if (!base) await finish();

// The command the page shows, run: its words (single-quoted as a POSIX
// shell would take them) with -o replaced.
function runShown(command, output, extra = [], cwd = undefined) {
  const words = [];
  const re = /'((?:[^']|'\\'')*)'|(\S+)/g;
  let m;
  while ((m = re.exec(command))) words.push(m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]);
  check(words[0] === 'meiro' && ['generate', 'booklet'].includes(words[1]), `the command shown starts "meiro generate" or "meiro booklet": ${command}`);
  const args = words.slice(1);
  const o = args.indexOf('-o');
  if (o >= 0) args.splice(o, 2);
  execFileSync(meiro, [...args, ...extra, '-o', output], { stdio: ['ignore', 'ignore', 'pipe'], cwd });
}

browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  userDataDir: path.join(tmp, 'profile'),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

// A page of the studio. With `saves` Chromium saves what the download
// buttons download (as a user's browser does; it asks before a page's
// fourth); otherwise the page's own download code runs to the end and the
// file its link would save is kept in the page (window.saved), read back
// by saved(): no prompt, no waiting for Chromium's files.
async function open(lang, saves = false) {
  const page = await browser.newPage();
  const requests = [], errors = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.evaluateOnNewDocument((l) => {
    Object.defineProperty(navigator, 'language', { get: () => l });
  }, lang);
  if (!saves) await page.evaluateOnNewDocument(keepDownloads);
  await page.setViewport({ width: 1280, height: 900 });
  const downloads = fs.mkdtempSync(path.join(tmp, 'dl-'));
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
  await page.goto(`${base}?seed=2026`, { waitUntil: 'load' }); // the same pictures every run
  // started: the page asks its back end what it offers, then takes its
  // language and adds a button for each of meiro's
  await page.waitForFunction(() => document.querySelectorAll('#langs button').length > 2, { timeout: 20000 }).catch(() => {});
  return { page, requests, errors, downloads };
}

// the preview's SVG as the page has it, once no request is pending (the
// query it was asked with kept, for changed)
const queryOf = new Map();
async function preview(page) {
  await page.waitForFunction(() => document.getElementById('puzzle').src.startsWith('blob:') &&
    document.getElementById('status').textContent === '', { timeout: 20000 });
  const q = await page.$eval('#puzzle', (e) => e.dataset.query);
  const svg = await (await fetch(`${base}api/preview?${q}`)).text();
  queryOf.set(svg, q);
  return svg;
}
// the preview once the page has shown another query than `before`'s (the
// same SVG for another query is then a failure of the caller's check)
async function changed(page, before) {
  await page.waitForFunction((q) => document.getElementById('puzzle').dataset.query !== q &&
    document.getElementById('status').textContent === '', { timeout: 20000 }, queryOf.get(before)).catch(() => {});
  return preview(page);
}
async function download(page, dir, format, booklet = false) {
  const button = booklet ? `button[data-booklet="${format}"]` : `button[data-format="${format}"]`;
  if (await page.evaluate(() => !!window.saved)) return saved(page, dir, button);
  const before = new Set(fs.readdirSync(dir));
  await page.click(button);
  // up to 60 s: a class set's booklet under a loaded make check took longer than 20
  for (let i = 0; i < 600; i++) {
    // Chromium reserves the file's name before it writes it: done when no
    // .crdownload is left and the file has its bytes
    const all = fs.readdirSync(dir);
    const done = all.filter((f) => !before.has(f) && f.endsWith('.' + format));
    if (done.length && !all.some((f) => f.endsWith('.crdownload')) &&
      fs.statSync(path.join(dir, done[0])).size > 0) return path.join(dir, done[0]);
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}
// the file a download button's link gives (open's window.saved), in dir
async function saved(page, dir, button) {
  const n = await page.evaluate(() => window.saved.length);
  await page.click(button);
  const got = await page.waitForFunction((k) => window.saved.length > k && window.saved[k], { timeout: 30000 }, n)
    .then((h) => h.jsonValue()).catch(() => null);
  if (!got) return null;
  const file = path.join(dir, `${n}-${got.name}`);
  fs.writeFileSync(file, Buffer.from(got.data, 'base64'));
  return file;
}
// clicks a button that opens a new tab: its address (and, with html, the
// document it shows, read back)
async function opened(page, selector, html = false) {
  const seen = new Set((await browser.targets()).map((t) => t.url()));
  const target = browser.waitForTarget((t) => t.type() === 'page' && t.url().startsWith(`${base}api/view?`) &&
    !seen.has(t.url()), { timeout: 20000 });
  await page.click(selector);
  const t = await target.catch(() => null);
  if (!t) return null;
  const tab = await t.page();
  const url = t.url();
  if (html) await tab.waitForFunction(() => document.readyState === 'complete', { polling: 100, timeout: 20000 });
  await tab.close();
  await page.bringToFront(); // a page behind another gets no animation frames, which waitForFunction polls by
  return html ? { url, html: await (await fetch(url)).text() } : url;
}
// A download the page offers as format: its button shown exactly when the
// server makes the file, and then the file is the command's for the
// page's options (its query as words), byte for byte.
async function sameAsShown(page, what, format) {
  const shown = await page.$eval(`[data-format="${format}"]`, (b) => !b.hidden);
  const [q, words] = await page.evaluate((f) => [query(options(f)), commandWords(options(f)).map(word).join(' ')], format);
  const r = await fetch(`${base}api/file?format=${format}&${q}`);
  const body = Buffer.from(await r.arrayBuffer());
  check(shown === r.ok, `${what}: the ${format} button ${shown ? 'shown' : 'hidden'}, the server says ${r.status} ${r.ok ? '' : body}`);
  const out = path.join(tmp, `shown.${format}`);
  if (r.ok) {
    runShown(`meiro generate ${words} -f ${format}`, out);
    check(body.equals(fs.readFileSync(out)), `${what} as ${format}: the command's bytes`);
    return;
  }
  // refused: the command's own one-line message, in English as the server
  // says it (the studio words it in the page's language; the command would
  // follow --lang)
  let err = '';
  const english = words.replace(/(^| )--lang \S+/, '');
  try { runShown(`meiro generate ${english} -f ${format}`, out); } catch (e) { err = String(e.stderr); }
  check(body.toString().trim() === err.split('\n').find((l) => !l.startsWith('meiro: warning')),
    `${what} as ${format}: the command's refusal, word for word: ${body}`);
}
// a small PRNG (mulberry32) for the seeded choices
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}
// a DXF's groups: [code, value], a line each, its 999 comments left out
function dxfGroups(file) {
  const lines = fs.readFileSync(file, 'latin1').split(/\r?\n/);
  const groups = [];
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const code = Number(lines[i].trim());
    if (code !== 999) groups.push([code, lines[i + 1].trim()]);
  }
  return groups;
}
// whether a file is a whole zip holding `name` (Python's zipfile reads it)
function zipHolds(file, name) {
  try {
    execFileSync('python3', ['-c', 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None and sys.argv[2] in z.namelist()', file, name]);
    return true;
  } catch (e) { return false; }
}
// a PDF's text, page by page (pdftotext)
const pdfPages = (file) => execFileSync('pdftotext', [file, '-']).toString().split('\f').slice(0, -1).map((p) => p.trim());
const same = (a, b) => a && b && fs.existsSync(a) && fs.existsSync(b) && fs.readFileSync(a).equals(fs.readFileSync(b));
// a screenshot (make samples), once the pictures of the choices are drawn
// (the page asks for them as they come into view: scrolled through first)
async function shot(page, name, fullPage = false) {
  if (!shots) return;
  await page.evaluate(async () => {
    window.scrollTo(0, document.body.scrollHeight);
    await new Promise((r) => setTimeout(r, 100));
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => [...document.querySelectorAll('img[data-thumb]')]
    .every((i) => i.closest('[hidden]') || (i.src && i.complete)), { timeout: 20000 }).catch(() => {});
  await page.screenshot({ path: path.join(shots, `serve-${name}.png`), fullPage });
}

try {
  // English: a heart for a 4-year-old named Hana, saved by Chromium
  {
    const { page, requests, errors, downloads } = await open('en-GB', true);
    check(await page.$eval('h1', (e) => e.textContent.includes('Maze studio')), 'the page is in English');
    const first = await preview(page);
    check(first.startsWith('<?xml') && first.includes('<svg'), 'the preview is an SVG');
    await page.click('.kind:nth-child(2)'); // Shape
    await page.waitForSelector('.shape img[data-thumb*="shape=heart"]');
    const heart = await page.$('.shape img[data-thumb*="shape=heart"]');
    await heart.evaluate((img) => img.closest('button').click());
    await page.select('#size-by', 'age');
    await page.select('#age', '4');
    await page.type('#name', 'Hana');
    const after = await changed(page, first);
    check(after !== first, 'the preview changed with the heart');
    const command = await page.$eval('#command', (e) => e.textContent);
    check(/--shape heart/.test(command) && /--age 4/.test(command) && /--name Hana/.test(command) &&
      /--seed 2026/.test(command),
      `the command shown says heart, age 4, Hana: ${command}`);
    await shot(page, 'heart');
    const pdf = await download(page, downloads, 'pdf');
    check(pdf !== null, 'the PDF was downloaded');
    runShown(command, path.join(tmp, 'heart.pdf'));
    check(same(pdf, path.join(tmp, 'heart.pdf')), 'the downloaded PDF is the shown command\'s, byte for byte');
    const xlsx = await download(page, downloads, 'xlsx');
    check(xlsx !== null, 'the XLSX was downloaded');
    runShown(command, path.join(tmp, 'heart.xlsx'), ['--play']);
    check(same(xlsx, path.join(tmp, 'heart.xlsx')), 'the downloaded XLSX is the shown command\'s (with --play), byte for byte');
    // a booklet of hearts, folded: the shown booklet command's, byte for byte
    await page.select('#count', '6');
    await page.click('#fold');
    const bookletCommand = await page.$eval('#booklet-command', (e) => e.textContent);
    check(/^meiro booklet .*--count 6 .*--shape heart .*--fold .*--format pdf -o booklet\.pdf$/.test(bookletCommand),
      `the booklet command shown: ${bookletCommand}`);
    const book = await download(page, downloads, 'pdf', true);
    check(book !== null, 'the booklet PDF was downloaded');
    runShown(bookletCommand, path.join(tmp, 'booklet.pdf'));
    check(same(book, path.join(tmp, 'booklet.pdf')), 'the downloaded booklet is the shown command\'s, byte for byte');
    // a bad value: the command line's message, its field marked
    await page.select('#size-by', 'cells');
    await page.$eval('#width', (e) => { e.value = ''; });
    await page.type('#width', '0');
    await page.waitForFunction(() => !document.getElementById('error').hidden, { timeout: 10000 });
    const message = await page.$eval('#error', (e) => e.textContent);
    check(message === 'The size is a whole number of squares, from 2 to 200.', `the error says what the width takes, in words: ${message}`);
    check(/--width must be a whole number from 1 to 65535/.test(await page.$eval('#error', (e) => e.dataset.said)),
      'the server sent the command\'s line (kept, not shown)');
    check(await page.$eval('#width', (e) => e.classList.contains('bad')), 'the width field is marked');
    check(await page.$eval('#width', (e) => e.closest('fieldset').querySelector('.field-error')?.textContent || '')
      .then((t) => t === message), 'the message stands beside the width field');
    await shot(page, 'error');
    check(requests.every((u) => u.startsWith(base) || u.startsWith('blob:') || u.startsWith('data:')),
      `the page asked only its server: ${requests.filter((u) => !u.startsWith(base)).join(' ')}`);
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
  // A class set, the paths and loops, and a picture of one's own, on a page
  // of their own (Chromium asks before a page's fourth download)
  {
    const { page, errors, downloads } = await open('en-GB');
    await preview(page);
    await page.click('.kind:nth-child(2)'); // Shape
    await page.waitForSelector('.shape img[data-thumb*="shape=heart"]');
    await (await page.$('.shape img[data-thumb*="shape=heart"]')).evaluate((img) => img.closest('button').click());
    await page.select('#count', '6');
    await page.click('#fold'); // a class set is never folded: the page leaves it out
    // a class set: 3 versions, their answers at the end, the shown command's file
    await page.select('#copies', '3');
    const classCommand = await page.$eval('#booklet-command', (e) => e.textContent);
    check(/--copies 3 --answers key/.test(classCommand) && !/--fold/.test(classCommand),
      `the class set's command (not folded): ${classCommand}`);
    const classSet = await download(page, downloads, 'pdf', true);
    runShown(classCommand, path.join(tmp, 'class.pdf'));
    check(classSet !== null, `the class set was downloaded (the page says: ${await page.$eval('#error', (e) => e.textContent)})`);
    check(same(classSet, path.join(tmp, 'class.pdf')), 'the class set is the shown command\'s, byte for byte');
    await page.select('#copies', '1');
    // the maze's paths and loops: in the query and the command
    const unlooped = await preview(page);
    await page.select('#algorithm', 'prim');
    await page.select('#loops', '25');
    const looped = await changed(page, unlooped);
    check(looped !== unlooped, 'the preview changed with the paths and loops');
    const loopCommand = await page.$eval('#command', (e) => e.textContent);
    check(/--algorithm prim/.test(loopCommand) && /--loops 25/.test(loopCommand), `algorithm and loops in the command: ${loopCommand}`);
    check(looped.includes('<svg'), 'the preview with loops');
    await page.select('#algorithm', '');
    await page.select('#loops', '0');
    // one's own picture: chosen through the file input, POSTed with each
    // preview; the PDF is the command's for that file saved as picture.png
    const picDir = fs.mkdtempSync(path.join(tmp, 'pic-'));
    starPicture(path.join(picDir, 'picture.png'));
    const beforePicture = await preview(page);
    await (await page.$('#picture-file')).uploadFile(path.join(picDir, 'picture.png'));
    await page.waitForFunction(() => document.querySelector('.shape.picture[aria-checked="true"]'), { timeout: 10000 });
    await page.waitForFunction(() => document.getElementById('status').textContent === '' &&
      document.getElementById('puzzle').dataset.query && !/shape=/.test(document.getElementById('puzzle').dataset.query),
    { timeout: 20000 });
    const picCommand = await page.$eval('#command', (e) => e.textContent);
    check(/--shape picture\.png/.test(picCommand), `the command names picture.png: ${picCommand}`);
    check(await page.$eval('[data-booklet="pdf"]', (b) => b.disabled), 'no booklet of one\'s own picture');
    await shot(page, 'picture');
    const picPdf = await download(page, downloads, 'pdf');
    runShown(picCommand, path.join(tmp, 'picture.pdf'), [], picDir);
    check(same(picPdf, path.join(tmp, 'picture.pdf')), 'the PDF of one\'s own picture is the shown command\'s, byte for byte');
    check(beforePicture !== null, 'a preview before the picture');
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
  // A class set from the pupils' names, on a page of its own
  {
    const { page, errors, downloads } = await open('en-GB');
    await preview(page);
    // a class set from the pupils' names: POSTed, kept as names.txt
    await page.type('#pupils', 'Hana\nKen\n');
    const namesCommand = await page.$eval('#booklet-command', (e) => e.textContent);
    check(/--answers key --seed 2026 --names names\.txt --format pdf/.test(namesCommand) && !/--copies/.test(namesCommand),
      `the class set of names: ${namesCommand}`);
    const namesDir = fs.mkdtempSync(path.join(tmp, 'names-'));
    fs.writeFileSync(path.join(namesDir, 'names.txt'), 'Hana\nKen\n');
    const namesBook = await download(page, downloads, 'pdf', true);
    runShown(namesCommand, path.join(tmp, 'names.pdf'), [], namesDir);
    check(same(namesBook, path.join(tmp, 'names.pdf')), 'the class set of names is the shown command\'s, byte for byte');
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
  // The same mazes for every pupil: each name on its sheets, one key after
  // them all; the answer box unticked: a booklet without its key at the
  // back (each the shown command's, byte for byte)
  {
    const { page, errors, downloads } = await open('en-GB');
    await preview(page);
    await page.select('#count', '4');
    check(await page.$eval('#same-mazes-box', (b) => b.hidden), 'no "same mazes" before any name is written');
    await page.type('#pupils', 'Hana\nKen\nAmi\n');
    check(!await page.$eval('#same-mazes-box', (b) => b.hidden), 'the same mazes offered for the names written');
    await page.click('#same-mazes');
    const sameCommand = await page.$eval('#booklet-command', (e) => e.textContent);
    check(/ --same-mazes --answers key .*--names names\.txt --format pdf/.test(sameCommand), `the same mazes' command: ${sameCommand}`);
    await shot(page, 'same-mazes', true);
    const namesDir = fs.mkdtempSync(path.join(tmp, 'same-'));
    fs.writeFileSync(path.join(namesDir, 'names.txt'), 'Hana\nKen\nAmi\n');
    const sameBook = await download(page, downloads, 'pdf', true);
    runShown(sameCommand, path.join(tmp, 'same.pdf'), [], namesDir);
    check(same(sameBook, path.join(tmp, 'same.pdf')), 'the same mazes for every pupil are the shown command\'s, byte for byte');
    // 3 pupils x 4 sheets, each with its pupil's name and the same mazes
    // (their captions), then the one key
    const pages = sameBook ? pdfPages(sameBook) : [];
    const sheets = pages.filter((p) => !/^Answers/.test(p));
    const keys = pages.filter((p) => /^Answers/.test(p));
    check(pages.length === 13 && sheets.length === 12 && /^Answers/.test(pages[12]),
      `12 sheets, then one key: ${pages.length} pages, ${keys.length} of answers`);
    check(sheets.every((p, i) => p.includes(`Name ${['Hana', 'Ken', 'Ami'][Math.floor(i / 4)]}`)), 'each sheet has its pupil\'s name');
    const caption = (p) => (p.match(/\S+ · \d+ × \d+ · seed \d+/) || [''])[0];
    check(sheets.every((p, i) => caption(p) !== '' && caption(p) === caption(sheets[i % 4])), 'every pupil has the same mazes');
    check(keys.length === 1 && (keys[0].match(/Answer to No\. \d/g) || []).length === 4 && !/Hana|Ken|Ami/.test(keys[0]),
      'one key of the four mazes, for all');
    // the answer box unticked: none for a class set's versions either
    await page.$eval('#pupils', (e) => { e.value = ''; e.dispatchEvent(new Event('input', { bubbles: true })); });
    check(await page.$eval('#same-mazes-box', (b) => b.hidden), 'no "same mazes" without names');
    await page.select('#copies', '3');
    check(await page.$eval('#copies', (s) => s.selectedOptions[0].textContent) === '3 different versions (answers at the end)',
      'a class set with its answers at the end');
    await page.click('#answers');
    await page.waitForFunction(() => /--answers none/.test(document.getElementById('booklet-command').textContent), { timeout: 10000 }).catch(() => {});
    check(/--copies 3 --answers none/.test(await page.$eval('#booklet-command', (e) => e.textContent)) &&
      await page.$eval('#copies', (s) => s.selectedOptions[0].textContent) === '3 different versions',
    'unticked, a class set without answers (the versions\' words say none)');
    check(await page.$eval('#same-mazes-label', (e) => e.textContent) === 'the same mazes for every pupil', 'nor the same mazes\' key');
    await page.select('#copies', '1');
    // one booklet: no key at the back, as the command shown
    const bareCommand = await page.$eval('#booklet-command', (e) => e.textContent);
    check(/--answers none/.test(bareCommand) && !/--copies/.test(bareCommand), `the booklet without answers: ${bareCommand}`);
    const bare = await download(page, downloads, 'pdf', true);
    runShown(bareCommand, path.join(tmp, 'bare.pdf'));
    check(same(bare, path.join(tmp, 'bare.pdf')), 'the booklet without answers is the shown command\'s, byte for byte');
    const barePages = bare ? pdfPages(bare) : [];
    check(barePages.length === 4 && barePages.every((p) => !/Answer/.test(p)), `4 sheets, no answer page: ${barePages.length} pages`);
    // ticked again: the template's key at the back
    await page.click('#answers');
    await page.waitForFunction(() => !/--answers/.test(document.getElementById('booklet-command').textContent), { timeout: 10000 }).catch(() => {});
    const keyCommand = await page.$eval('#booklet-command', (e) => e.textContent);
    check(!/--answers/.test(keyCommand), `ticked, the booklet's answers are its template's: ${keyCommand}`);
    const keyed = await download(page, downloads, 'pdf', true);
    check(keyed && /^Answers/.test(pdfPages(keyed).at(-1)), 'ticked, the booklet has its key at the back');
    // a booklet is a PDF or a workbook, never an HTML page (whose answers
    // the command writes to a second file); an HTML maze asks no answers,
    // ticked or not, and is made (a template's answer pages left out)
    check((await page.$$eval('[data-booklet]', (bs) => bs.map((b) => b.dataset.booklet))).join() === 'pdf,xlsx',
      'the booklets offered: PDF and spreadsheet');
    await page.select('#template', 'kids-a4'); // answers after every page
    for (const tick of [true, false]) {
      const q = await page.evaluate(() => query(options('html')));
      const r = await fetch(`${base}api/view?format=html&${q}`);
      check(!/answer/.test(q) && r.ok, `an HTML maze, the answer box ${tick ? 'ticked' : 'unticked'}: ${r.status} ${q}`);
      await page.click('#answers');
    }
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
  // The newer kinds: a weave maze, and rule mazes (a times table; words
  // from the page's list, POSTed, kept as words.txt), each download the
  // shown command's, byte for byte
  {
    const { page, errors, downloads } = await open('en-GB');
    const first = await preview(page);
    await page.click('.kind:nth-child(7)'); // Over and under
    const woven = await changed(page, first);
    const weaveCommand = await page.$eval('#command', (e) => e.textContent);
    check(/--weave 40/.test(weaveCommand) && /--algorithm dig/.test(weaveCommand), `the weave command: ${weaveCommand}`);
    check(await page.$eval('#play-box', (b) => b.hidden), 'no playable sheet of a weave maze (its check cannot go under)');
    const weaveXlsx = await download(page, downloads, 'xlsx');
    runShown(weaveCommand, path.join(tmp, 'weave.xlsx'));
    check(weaveXlsx !== null && same(weaveXlsx, path.join(tmp, 'weave.xlsx')), 'the weave XLSX (crossings dashed) is the shown command\'s, byte for byte');
    const weavePdf = await download(page, downloads, 'pdf');
    runShown(weaveCommand, path.join(tmp, 'weave.pdf'));
    check(same(weavePdf, path.join(tmp, 'weave.pdf')), 'the weave PDF is the shown command\'s, byte for byte');
    // Print: the same PDF in a new tab (/api/view), for the browser's viewer to print
    const printed = await opened(page, '[data-view="pdf"]');
    check(printed && printed.startsWith(`${base}api/view?format=pdf&`), `Print opens the PDF in a new tab: ${printed}`);
    check(printed && Buffer.from(await (await fetch(printed)).arrayBuffer()).equals(fs.readFileSync(path.join(tmp, 'weave.pdf'))),
      'the PDF to print is the shown command\'s, byte for byte');
    await page.click('.kind:nth-child(8)'); // Numbers and letters
    const ruled = await changed(page, woven);
    check(await page.$eval('#rule-box', (e) => !e.hidden) && await page.$eval('#maze-box', (e) => e.hidden),
      'a rule maze shows its own controls, not the maze\'s');
    await page.select('#age', '7');
    await changed(page, ruled);
    const ruleCommand = await page.$eval('#command', (e) => e.textContent);
    check(/^meiro generate --rule multiples:3 --age 7 --seed 2026 -o maze\.pdf$/.test(ruleCommand), `the rule command: ${ruleCommand}`);
    await shot(page, 'rule');
    const rulePdf = await download(page, downloads, 'pdf');
    runShown(ruleCommand, path.join(tmp, 'rule.pdf'));
    check(same(rulePdf, path.join(tmp, 'rule.pdf')), 'the rule maze PDF is the shown command\'s, byte for byte');
    // Play in the browser: the sheet's page to play, in a new tab
    const played = await opened(page, '[data-view="html"]', true);
    check(played && played.url.startsWith(`${base}api/view?format=html&rule=multiples%3A3`), `Play opens the page to play: ${played && played.url}`);
    runShown(ruleCommand, path.join(tmp, 'rule.html'));
    check(played && played.html === fs.readFileSync(path.join(tmp, 'rule.html'), 'utf8'),
      'the page to play is the shown command\'s html, byte for byte');
    // a rule maze on any paper: Letter in the preview, the command and its PDF
    const onA4 = await preview(page);
    await page.select('#paper', 'letter');
    const onLetter = await changed(page, onA4);
    check(/width="215\.9mm"/.test(onLetter), 'the rule preview on Letter is not Letter');
    const letterCommand = await page.$eval('#command', (e) => e.textContent);
    check(/--paper letter/.test(letterCommand), `the rule command on Letter: ${letterCommand}`);
    const letterPdf = await download(page, downloads, 'pdf');
    runShown(letterCommand, path.join(tmp, 'rule-letter.pdf'));
    check(same(letterPdf, path.join(tmp, 'rule-letter.pdf')), 'the rule maze PDF on Letter is the shown command\'s, byte for byte');
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
  // words: the list on the page (a page of its own: Chromium's downloads of one name replace each other)
  {
    const { page, errors, downloads } = await open('en-GB');
    const times = await preview(page);
    await page.click('.kind:nth-child(8)'); // Numbers and letters
    await page.waitForSelector('.rule');
    await (await page.$$('.rule'))[5].click();
    await page.$eval('#rule-words', (e) => { e.value = ''; });
    await page.type('#rule-words', 'cat\ndog\ncow\npig\nhen\n--\ncap\ndot\nbow\nbig\npen');
    await changed(page, times);
    // the preview may have changed for the rule's click before the typing
    // reached the command: its words file said is the list's
    await page.waitForFunction(() => /words:words\.txt/.test(document.getElementById('command').textContent) &&
      document.getElementById('status').textContent === '', { timeout: 20000 }).catch(() => {});
    const wordsCommand = await page.$eval('#command', (e) => e.textContent);
    check(/--rule words:words\.txt/.test(wordsCommand), `the words command names words.txt: ${wordsCommand}`);
    const wordsDir = fs.mkdtempSync(path.join(tmp, 'words-'));
    fs.writeFileSync(path.join(wordsDir, 'words.txt'), 'cat\ndog\ncow\npig\nhen\n--\ncap\ndot\nbow\nbig\npen\n');
    const wordsPdf = await download(page, downloads, 'pdf');
    runShown(wordsCommand, path.join(tmp, 'words.pdf'), [], wordsDir);
    check(same(wordsPdf, path.join(tmp, 'words.pdf')), 'the words rule PDF is the shown command\'s, byte for byte');
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
  // Missions: keys and doors chosen by their picture; the downloads the
  // shown command's (PDF, HTML), the others fetched with the page's own
  // query and compared with the command for its words; a download button
  // is shown exactly when the server makes that file; a bad count's
  // message beside its field. Then the preview's time from a change,
  // printed (never a pass or a fail).
  {
    const { page, errors, downloads } = await open('en-GB');
    const first = await preview(page);
    await page.click('.mission:nth-child(2)'); // Keys and doors
    const keyed = await changed(page, first);
    check(keyed !== first && /<svg/.test(keyed), 'the preview changed with keys and doors');
    const keysCommand = await page.$eval('#command', (e) => e.textContent);
    check(/--mission keys:2/.test(keysCommand), `the keys command: ${keysCommand}`);
    await shot(page, 'keys');
    const keysPdf = await download(page, downloads, 'pdf');
    runShown(keysCommand, path.join(tmp, 'keys.pdf'));
    check(same(keysPdf, path.join(tmp, 'keys.pdf')), 'the keys PDF is the shown command\'s, byte for byte');
    const keysHtml = await download(page, downloads, 'html');
    runShown(keysCommand.replace(/ --answer-page/, ''), path.join(tmp, 'keys.html'));
    check(same(keysHtml, path.join(tmp, 'keys.html')), 'the keys HTML (to play) is the shown command\'s, byte for byte');
    // every format: its button shown exactly when the server makes the file,
    // and then the command's bytes (the page's query for it, as words)
    // (each format once, of a mission chosen by a seeded draw: the cross
    // product proves no more)
    const draw = seeded(23), plan = { keys: [], collect: [], 'one-way': [] };
    for (const format of ['pdf', 'png', 'svg', 'xlsx', 'html', 'json']) plan[Object.keys(plan)[draw() % 3]].push(format);
    for (const [mission, formats] of Object.entries(plan)) {
      await page.click(`.mission:nth-child(${['none', 'keys', 'collect', 'one-way'].indexOf(mission) + 1})`);
      await preview(page);
      for (const format of formats) await sameAsShown(page, mission, format);
    }
    // one-way arrows, a count past what the command takes: its message by the field
    await page.$eval('#mission-n', (e) => { e.add(new Option('250', '250')); });
    await page.select('#mission-n', '250');
    await page.waitForFunction(() => !document.getElementById('error').hidden, { timeout: 10000 });
    const message = await page.$eval('#error', (e) => e.textContent);
    const said = await page.$eval('#error', (e) => e.dataset.said);
    check(/--one-way is a percentage from 0 to 100, not '250'/.test(said), `the one-way refusal: ${said}`);
    check(message === '“Arrows” cannot be made with the other choices: choose another.', `the one-way refusal, in words: ${message}`);
    check(await page.$eval('#mission-n', (e) => e.classList.contains('bad') &&
      !!e.closest('fieldset').querySelector('.field-error')), 'the one-way message stands beside its field');
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
  // Hidden pictures: a heart whose way draws it, one's own picture, letters
  {
    const { page, errors, downloads } = await open('en-GB');
    const first = await preview(page);
    await page.click('.kind:nth-child(9)'); // Hidden picture
    const hidden = await changed(page, first);
    check(hidden !== first, 'the preview changed to a picture maze');
    check(await page.$eval('#maze-box', (e) => e.hidden) && await page.$eval('#age', (e) => e.hidden),
      'a picture maze asks for no generator, loops, mission or age');
    await page.click('#reverse');
    await changed(page, hidden);
    const picCommand = await page.$eval('#command', (e) => e.textContent);
    check(/^meiro generate --picture heart --reverse --width 32 --answer-page --seed 2026 -o maze\.pdf$/.test(picCommand),
      `the picture maze's command: ${picCommand}`);
    await shot(page, 'hidden-picture');
    const picPdf = await download(page, downloads, 'pdf');
    runShown(picCommand, path.join(tmp, 'hidden.pdf'));
    check(same(picPdf, path.join(tmp, 'hidden.pdf')), 'the picture maze\'s PDF is the shown command\'s, byte for byte');
    const picXlsx = await download(page, downloads, 'xlsx');
    runShown(picCommand, path.join(tmp, 'hidden.xlsx'), ['--play']);
    check(same(picXlsx, path.join(tmp, 'hidden.xlsx')), 'the picture maze\'s playable sheet is the shown command\'s, byte for byte');
    check(await page.$eval('[data-booklet="pdf"]', (b) => b.disabled), 'no booklet of picture mazes');
    // letters: the name's picture, sized by its height
    await page.click('.shape.letters');
    await page.$eval('#text', (e) => { e.value = ''; });
    await page.type('#text', 'KEN');
    await page.waitForFunction(() => /picture=KEN/.test(document.getElementById('puzzle').dataset.query || ''), { timeout: 20000 });
    const lettersCommand = await page.$eval('#command', (e) => e.textContent);
    check(/--picture KEN --reverse --height 24/.test(lettersCommand), `the letters' command: ${lettersCommand}`);
    const svg = await preview(page);
    runShown(`${lettersCommand.replace(/ --answer-page/, '')} -f svg`, path.join(tmp, 'ken.svg'));
    check(svg === fs.readFileSync(path.join(tmp, 'ken.svg'), 'utf8'), 'the letters\' preview is the command\'s SVG');
    // too few cells for letters: the command's message by the size
    await page.$eval('#picture-size', (e) => { e.add(new Option('10', '10')); });
    await page.select('#picture-size', '10');
    await page.waitForFunction(() => !document.getElementById('error').hidden, { timeout: 10000 });
    const message = await page.$eval('#error', (e) => e.textContent);
    check(!/--|cells/.test(message) && /letters needs a height of at least 18 cells/.test(await page.$eval('#error', (e) => e.dataset.said)),
      `the letters' refusal, in words: ${message}`);
    await page.select('#picture-size', '24');
    // one's own picture: POSTed, picture.png in the command (a new maze: a
    // new seed, so the PDF's name is another than the heart's, which
    // Chromium would replace)
    await page.click('#new');
    const picDir = fs.mkdtempSync(path.join(tmp, 'own-'));
    starPicture(path.join(picDir, 'picture.png'));
    await (await page.$('#picture-file')).uploadFile(path.join(picDir, 'picture.png'));
    await page.waitForFunction(() => document.querySelector('.shape.picture[aria-checked="true"]') &&
      /--picture picture\.png/.test(document.getElementById('command').textContent), { timeout: 10000 });
    await page.waitForFunction(() => document.getElementById('status').textContent === '' &&
      /picture=&/.test(document.getElementById('puzzle').dataset.query || ''), { timeout: 20000 });
    const ownCommand = await page.$eval('#command', (e) => e.textContent);
    const ownPdf = await download(page, downloads, 'pdf');
    runShown(ownCommand, path.join(tmp, 'own.pdf'), [], picDir);
    check(same(ownPdf, path.join(tmp, 'own.pdf')), `one's own picture as a picture maze is the shown command's PDF: ${ownCommand}`);
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
  // A hidden message, and booklets of the newer kinds ticked by their pictures
  {
    const { page, errors, downloads } = await open('en-GB');
    const first = await preview(page);
    await page.click('.kind:nth-child(8)'); // Numbers and letters
    await page.waitForSelector('.rule');
    await (await page.$$('.rule'))[7].click(); // Hidden message
    await page.$eval('#rule-message', (e) => { e.value = ''; });
    await page.type('#rule-message', 'GOOD JOB');
    await page.waitForFunction(() => /message=GOOD%20JOB/.test(document.getElementById('puzzle').dataset.query || ''), { timeout: 20000 });
    const messageCommand = await page.$eval('#command', (e) => e.textContent);
    check(/^meiro generate --message 'GOOD JOB' --age 6 --seed 2026 -o maze\.pdf$/.test(messageCommand), `the message's command: ${messageCommand}`);
    const messagePdf = await download(page, downloads, 'pdf');
    runShown(messageCommand, path.join(tmp, 'message.pdf'));
    check(same(messagePdf, path.join(tmp, 'message.pdf')), 'the hidden message\'s PDF is the shown command\'s, byte for byte');
    await page.$eval('#rule-message', (e) => { e.value = ''; });
    await page.type('#rule-message', 'A');
    await page.waitForFunction(() => !document.getElementById('error').hidden, { timeout: 10000 });
    check(await page.$eval('#rule-message', (e) => e.classList.contains('bad')), 'a one-letter message: its field marked');
    // a weave maze's booklet: its bridges, by default
    await page.click('.kind:nth-child(7)');
    await preview(page);
    check(/--kinds weave /.test(await page.$eval('#booklet-command', (e) => e.textContent)) &&
      !await page.$eval('[data-booklet="pdf"]', (b) => b.disabled), 'a weave maze\'s booklet is of weave mazes');
    await page.click('.kind:nth-child(1)'); // Rectangle
    await preview(page);
    // a set number of choices: in the query and the command, loops hidden
    // (the command refuses them with it), the preview a maze made so
    const unchosen = await preview(page);
    await page.select('#choices', '3');
    const chosen = await changed(page, unchosen);
    const choicesCommand = await page.$eval('#command', (e) => e.textContent);
    check(/--choices 3/.test(choicesCommand) && !/--loops/.test(choicesCommand),
      `choices in the command: ${choicesCommand}`);
    check(chosen.includes('<svg') && await page.$eval('#loops-box', (e) => e.hidden),
      'the preview with three choices, no loops offered');
    // and a booklet of such mazes (booklet --choices)
    check(/--choices 3/.test(await page.$eval('#booklet-command', (e) => e.textContent)),
      'the booklet\'s mazes with three choices too');
    await page.select('#choices', '0');
    check(!await page.$eval('#loops-box', (e) => e.hidden), 'loops offered again with any number of choices');
    // for a child who reads with their fingers: a tactile sheet (no answer
    // page, no look or S and G pictures; a booklet of sheets), its first
    // steps the maze itself, the PDF the shown command's
    const everyone = await preview(page);
    await page.select('#for', 'tactile');
    const tactile = await changed(page, everyone);
    const tactileCommand = await page.$eval('#command', (e) => e.textContent);
    check(tactile.includes('<svg') && /--print tactile --tactile-level 1 /.test(tactileCommand) &&
      !/--answer-page/.test(tactileCommand), `a tactile sheet's command, a straight line first: ${tactileCommand}`);
    check(await page.$eval('#answer', (e) => e.closest('figure').hidden) &&
      await page.$eval('#template-box', (e) => e.hidden) && !await page.$eval('[data-booklet="pdf"]', (b) => b.disabled) &&
      !await page.$eval('#tactile-level-box', (e) => e.hidden), 'no answer or look for a tactile sheet; its steps and a booklet offered');
    await page.select('#tactile-level', '3');
    await changed(page, tactile);
    const stepCommand = await page.$eval('#command', (e) => e.textContent);
    check(/^meiro generate --print tactile --tactile-level 3 --seed \d+ -o maze\.pdf$/.test(stepCommand),
      `a fork for the fingers: ${stepCommand}`);
    const stepPdf = await download(page, downloads, 'pdf');
    runShown(stepCommand, path.join(tmp, 'fork.pdf'));
    check(same(stepPdf, path.join(tmp, 'fork.pdf')), 'the tactile fork\'s PDF is the shown command\'s, byte for byte');
    // large print, and in OpenDyslexic: their profile (and template)
    const before = await preview(page);
    await page.select('#for', 'large-print');
    const large = await changed(page, before);
    const largeCommand = await page.$eval('#command', (e) => e.textContent);
    check(large.includes('<svg') && /--print large-print/.test(largeCommand) && !/--template/.test(largeCommand) &&
      await page.$eval('#tactile-level-box', (e) => e.hidden) && !await page.$eval('#answer', (e) => e.closest('figure').hidden),
      `large print's command, its answer shown: ${largeCommand}`);
    await page.select('#for', 'large-print-dyslexic');
    await changed(page, large);
    check(/--template large-print-dyslexic --print large-print/.test(await page.$eval('#command', (e) => e.textContent)),
      'large print in a font for dyslexia: its template');
    await page.select('#for', '');
    await changed(page, large);
    check(!await page.$eval('#template-box', (e) => e.hidden) && !await page.$eval('[data-booklet="pdf"]', (b) => b.disabled),
      'for everyone again: the look and the booklet offered');
    // ticked kinds: plain, keys, one-way
    for (const k of ['keys', 'one-way']) await page.click(`#booklet-kinds input[value="${k}"]`);
    const kindsCommand = await page.$eval('#booklet-command', (e) => e.textContent);
    check(/--kinds plain,keys,one-way/.test(kindsCommand), `the booklet's kinds: ${kindsCommand}`);
    check(!/--algorithm/.test(await page.$eval('#command', (e) => e.textContent)),
      'back from a weave maze, the rectangle takes its level\'s own generator again');
    // its spreadsheet shows the keys, doors and arrows (the page offers no playable one)
    check(!(await page.$eval('[data-booklet="xlsx"]', (b) => b.hidden)), 'the spreadsheet of a booklet of missions');
    const r = await fetch(`${base}api/booklet?format=xlsx&${await page.evaluate(() => query(bookletOptions('xlsx')))}`);
    check(r.status === 200, `the server makes it: ${r.status}`);
    await shot(page, 'booklet-kinds', true);
    const kindsPdf = await download(page, downloads, 'pdf', true);
    runShown(kindsCommand, path.join(tmp, 'kinds.pdf'));
    check(same(kindsPdf, path.join(tmp, 'kinds.pdf')), 'the booklet of kinds is the shown command\'s, byte for byte');
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
  // Floors and stairs (--levels), chosen by their picture, the floors
  // counted: the command's files (each format once), the spreadsheet not
  // offered and refused as the command refuses it; a booklet of two-floor
  // mazes; a bad count's message beside its field
  {
    const { page, errors, downloads } = await open('en-GB');
    const first = await preview(page);
    await page.click('.kind:nth-child(10)'); // Floors and stairs
    const two = await changed(page, first);
    check(two !== first, 'the preview changed to two floors');
    await page.select('#floors', '3');
    const three = await changed(page, two);
    check(three !== two, 'the preview changed with a third floor');
    const command = await page.$eval('#command', (e) => e.textContent);
    check(/^meiro generate --age 6 --levels 3 --answer-page --seed 2026 -o maze\.pdf$/.test(command), `the floors' command: ${command}`);
    check(await page.$eval('#loops-box', (e) => e.hidden) && await page.$eval('#mission-box', (e) => e.hidden),
      'floors ask for no loops or mission (the command refuses them)');
    await shot(page, 'levels');
    const pdf = await download(page, downloads, 'pdf');
    runShown(command, path.join(tmp, 'levels.pdf'));
    check(same(pdf, path.join(tmp, 'levels.pdf')), 'the floors\' PDF is the shown command\'s, byte for byte');
    for (const format of ['png', 'svg', 'xlsx', 'html', 'json']) await sameAsShown(page, 'floors', format);
    const bookletCommand = await page.$eval('#booklet-command', (e) => e.textContent);
    check(/--kinds levels /.test(bookletCommand) && await page.$eval('[data-booklet="xlsx"]', (b) => b.hidden),
      `a booklet of floors, as a PDF only: ${bookletCommand}`);
    const book = await download(page, downloads, 'pdf', true);
    runShown(bookletCommand, path.join(tmp, 'levels-book.pdf'));
    check(same(book, path.join(tmp, 'levels-book.pdf')), 'the booklet of floors is the shown command\'s, byte for byte');
    await page.$eval('#floors', (e) => { e.add(new Option('9', '9')); });
    await page.select('#floors', '9');
    await page.waitForFunction(() => !document.getElementById('error').hidden, { timeout: 10000 });
    const message = await page.$eval('#error', (e) => e.textContent);
    check(message === '“Floors” cannot be made with the other choices: choose another.' &&
      /--levels is a number of floors from 1 to 8, not '9'/.test(await page.$eval('#error', (e) => e.dataset.said)),
    `the floors' refusal, in words: ${message}`);
    check(await page.$eval('#floors', (e) => e.classList.contains('bad') && !!e.closest('fieldset').querySelector('.field-error')),
      'the floors\' message stands beside their field');
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
  // The workshop: a maker picks a laser cutter, the corridors' centre-lines
  // and a kerf, and downloads the DXF by its button: the command shown for
  // the machine's file, byte for byte, a DXF that parses (group codes and
  // values in pairs, the HEADER SECTION first, EOF last, the cuts on the
  // CUT layer); then a 3D printer, a ball and a lid: an STL whose bytes
  // are its triangles', a 3MF zip with its model; the buttons of the
  // machine chosen alone; a print larger than a printer's bed refused in
  // words beside the ball
  {
    const { page, errors, downloads } = await open('en-GB');
    await preview(page);
    const machineButtons = () => page.$$eval('[data-machine]', (bs) => bs.filter((b) => !b.hidden).map((b) => b.dataset.format).join());
    check(await machineButtons() === 'gcode,hpgl', `a pen plotter first, its files: ${await machineButtons()}`);
    await page.select('#machine', 'laser');
    check(await machineButtons() === 'dxf' && !await page.$eval('#kerf-box', (e) => e.hidden) &&
      await page.$eval('#ball-box', (e) => e.hidden), 'a laser cutter: its DXF and its kerf, no ball');
    await page.click('#paths');
    await page.select('#kerf', '0.15');
    const laser = await page.$eval('#machine-command', (e) => e.textContent);
    check(/^meiro generate --age 6 --draw paths --kerf 0\.15mm --seed 2026 -o maze\.dxf$/.test(laser), `the laser's command: ${laser}`);
    const dxf = await download(page, downloads, 'dxf');
    runShown(laser, path.join(tmp, 'laser.dxf'));
    check(same(dxf, path.join(tmp, 'laser.dxf')), 'the DXF is the shown command\'s, byte for byte');
    const groups = dxf ? dxfGroups(dxf) : [];
    const cut = groups.findIndex(([c, v], i) => c === 0 && ['LINE', 'POLYLINE'].includes(v) &&
      groups.slice(i + 1).find(([k]) => k === 8 || k === 0)?.join() === '8,CUT');
    check(groups.length > 100 && groups.every(([c]) => Number.isInteger(c)) && groups[0].join() === '0,SECTION' &&
      groups[1].join() === '2,HEADER' && groups[groups.length - 1].join() === '0,EOF' && cut > 0,
    `the DXF parses: ${groups.length} groups, ${groups.slice(0, 2).join(' ')} ... ${groups[groups.length - 1]}, a cut at ${cut}`);
    await page.select('#machine', 'printer');
    check(await machineButtons() === 'stl,3mf' && await page.$eval('#paths-box', (e) => e.hidden), 'a 3D printer: STL and 3MF, no centre-lines');
    await page.select('#ball', '6');
    await page.click('#lid');
    const printer = await page.$eval('#machine-command', (e) => e.textContent);
    check(/^meiro generate --age 6 --ball 6mm --lid --seed 2026 -o maze\.stl$/.test(printer), `the printer's command: ${printer}`);
    const stl = await download(page, downloads, 'stl');
    runShown(printer, path.join(tmp, 'print.stl'));
    check(same(stl, path.join(tmp, 'print.stl')), 'the STL is the shown command\'s, byte for byte');
    const mesh = stl ? fs.readFileSync(stl) : Buffer.alloc(0);
    check(mesh.length > 84 && mesh.length === 84 + 50 * mesh.readUInt32LE(80), `the STL's ${mesh.length} bytes are 84 + 50 x its triangles`);
    const threeMf = await download(page, downloads, '3mf');
    check(threeMf && zipHolds(threeMf, '3D/3dmodel.model'), 'the 3MF is a zip holding its model');
    // a 13-year-old's maze is larger than a printer's bed: refused, in words, beside the ball
    await page.select('#age', '13');
    await preview(page);
    await page.click('[data-format="stl"]');
    await page.waitForFunction(() => !document.getElementById('error').hidden, { timeout: 20000 }).catch(() => {});
    const refused = await page.$eval('#error', (e) => e.textContent);
    check(/^This maze prints \d+ × \d+ mm, larger than a 3D printer’s bed/.test(refused) &&
      /\(option: --ball\)$/.test(await page.$eval('#error', (e) => e.dataset.said)), `the bed's refusal, in words: ${refused}`);
    check(await page.$eval('#ball', (e) => e.classList.contains('bad') && !!e.closest('.workshop').querySelector('.field-error')),
      'the bed\'s refusal stands beside the ball');
    await shot(page, 'workshop', true);
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
  // The workshop in French: the machines and sizes in its words and numbers
  // (0,15 mm), a 3D printer's file with none of the page's options (no
  // --lang: it has no page), a laser's with them
  {
    const { page, errors, downloads } = await open('fr');
    await preview(page);
    await page.select('#machine', 'laser');
    const kerfs = await page.$$eval('#kerf option', (os) => os.map((o) => o.textContent).join('|'));
    check(kerfs === 'aucune|0,1 mm|0,15 mm|0,2 mm|0,3 mm', `the kerfs in French: ${kerfs}`);
    check(/--lang fr .*-o maze\.dxf$/.test(await page.$eval('#machine-command', (e) => e.textContent)), 'a laser\'s page in French');
    await page.select('#machine', 'printer');
    check(await page.$eval('#machine', (e) => e.selectedOptions[0].textContent) === 'une imprimante 3D', 'une imprimante 3D');
    const printer = await page.$eval('#machine-command', (e) => e.textContent);
    check(!/--lang/.test(printer), `a 3D print has no page, no --lang: ${printer}`);
    const threeMf = await download(page, downloads, '3mf');
    runShown(printer.replace(/maze\.stl$/, 'maze.3mf'), path.join(tmp, 'fr.3mf'));
    check(same(threeMf, path.join(tmp, 'fr.3mf')) && zipHolds(threeMf, '3D/3dmodel.model'), 'the French page\'s 3MF: the command\'s, a zip with its model');
    check(await page.$eval('#warning', (e) => e.hidden), `no warning for a 3D print: ${await page.$eval('#warning', (e) => e.textContent)}`);
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
  // The preview after a change, as the user sees it: from the change (an
  // age chosen) to the new page shown, an A4 page of each common kind;
  // printed only, never a pass or a fail
  {
    const { page, errors } = await open('en-GB');
    await preview(page);
    const report = [];
    for (const [kind, nth] of [['rect', 1], ['shape', 2], ['name', 3], ['round', 4], ['levels', 10]]) {
      const before = await preview(page);
      await page.click(`.kind:nth-child(${nth})`);
      if (kind !== 'rect') await changed(page, before); // (the page starts with a rectangle)
      const times = [];
      for (const age of ['5', '7', '6']) {
        times.push(await page.evaluate(async (a) => {
          const img = document.getElementById('puzzle'), was = img.src, t0 = performance.now();
          const sel = document.getElementById('age');
          sel.value = a;
          sel.dispatchEvent(new Event('change', { bubbles: true }));
          while (img.src === was || !img.complete) await new Promise((r) => setTimeout(r, 2));
          return performance.now() - t0;
        }, age));
        await preview(page);
      }
      times.sort((x, y) => x - y);
      report.push(`${kind} ${times[1].toFixed(0)}`);
    }
    console.log(`serve-browser: an A4 preview after a change, median of 3 in ms: ${report.join(', ')}`);
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
  // another of meiro's languages (po/): a button each, the browser's chosen
  // (Mexico's Spanish: es), the maze's page made in it, Arabic a click away
  {
    const { page, errors } = await open('es-MX');
    const langs = await page.$$eval('#langs button', (bs) => bs.map((b) => b.id));
    check(['en', 'ja', 'es', 'fr', 'de', 'pt', 'zh', 'ko', 'ar'].every((l) => langs.includes(`lang-${l}`)),
      `a button for each language: ${langs.join(' ')}`);
    check(await page.$eval('#lang-es', (e) => e.getAttribute('aria-pressed')) === 'true', 'es-MX: Español chosen');
    const first = await preview(page);
    check(queryOf.get(first).includes('lang=es'), `the preview asks for Spanish: ${queryOf.get(first)}`);
    await page.click('#lang-ar');
    const after = await changed(page, first);
    check(queryOf.get(after).includes('lang=ar'), `the preview asks for Arabic: ${queryOf.get(after)}`);
    const command = await page.$eval('#command', (e) => e.textContent);
    check(command.includes('--lang ar'), `the command has --lang ar: ${command}`);
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
  // Every other language of po/ (es fr de pt zh ko ar): the browser's
  // language chosen, the form's words that language's table's (read here
  // from studio-words.js), Arabic's page right to left, the maze's page made
  // in it (its HTML's lang and a word of its catalogue), a size past the
  // server's worded in it, not in English
  {
    const scope = {};
    vm.createContext(scope);
    vm.runInContext(`${fs.readFileSync('src/serve/page/studio-words.js', 'utf8')}; this.words = words;`, scope);
    const tables = scope.words;
    // a word of a catalogue (po/LL.po's msgstr of a msgctxt)
    const catalogued = (lang, ctxt) => {
      const m = fs.readFileSync(`po/${lang}.po`, 'utf8').match(new RegExp(`msgctxt "${ctxt}"\\nmsgid "[^"]*"\\nmsgstr "([^"]*)"`));
      return m ? m[1] : null;
    };
    const scripts = { zh: /\p{Script=Han}/u, ko: /\p{Script=Hangul}/u, ar: /\p{Script=Arabic}/u };
    for (const lang of ['es', 'fr', 'de', 'pt', 'zh', 'ko', 'ar']) {
      const { page, errors, downloads } = await open(lang, false);
      await preview(page);
      const table = tables[lang];
      check(await page.evaluate(() => document.documentElement.lang) === lang, `${lang}: html lang is ${lang}`);
      const dir = await page.evaluate(() => document.documentElement.dir);
      check(dir === (lang === 'ar' ? 'rtl' : 'ltr'), `${lang}: the page's direction is ${dir}`);
      // every word shown is the table's, and not English's where they differ
      const shown = await page.$$eval('[data-t]', (es) => es.filter((e) => !e.closest('[hidden]') && e.dataset.t !== 'mazes')
        .map((e) => [e.dataset.t, e.textContent]));
      const off = shown.filter(([k, text]) => text !== table[k]);
      check(shown.length > 30 && off.length === 0, `${lang}: the form's ${shown.length} words are the table's: ${off.join(' | ')}`);
      const english = shown.filter(([k, text]) => text === tables.en[k] && table[k] !== tables.en[k]);
      check(english.length === 0, `${lang}: no English word left: ${english.join(' | ')}`);
      check(await page.$eval('h1', (e) => e.textContent.trim()) === `迷 ${table.heading}`, `${lang}: the heading is ${table.heading}`);
      const unnamed = (await page.$$eval('[data-ta]', (es) => es.map((e) => [e.dataset.ta, e.getAttribute('aria-label')])))
        .filter(([k, name]) => name !== table.aria[k]);
      check(unnamed.length === 0, `${lang}: the fields' names for a screen reader in the language: ${unnamed.join(' | ')}`);
      if (scripts[lang]) {
        const latin = shown.filter(([, text]) => !scripts[lang].test(text) && !/^(PDF|ABC|abc|AbC|あいうえお|S|G)$/.test(text));
        check(latin.length === 0, `${lang}: every word in its script: ${latin.join(' | ')}`);
      }
      // the maze made in the language: its page to play
      const html = await download(page, downloads, 'html');
      const text = html ? fs.readFileSync(html, 'utf8') : '';
      check(new RegExp(`<html lang="${lang}"${lang === 'ar' ? ' dir="rtl"' : ''}`).test(text), `${lang}: the maze's HTML is in ${lang}`);
      const show = catalogued(lang, 'html.show');
      check(show && text.includes(show), `${lang}: the maze's HTML says ${show}`);
      if (lang === 'ar' || lang === 'zh') await shot(page, lang, true);
      // a rule maze of the language's alphabet (abc, with no case where it
      // has none): its page to play starts from the alphabet's first letter
      const plain = await preview(page);
      await page.click('.kind:nth-child(8)'); // Numbers and letters
      await page.click('#rules .rule:nth-child(4)'); // ABC
      await changed(page, plain);
      const ruled = await download(page, downloads, 'html');
      const rule = ruled ? fs.readFileSync(ruled, 'utf8') : '';
      const start = catalogued(lang, 'rule.start');
      check(rule.includes(`>${table.abcLetters[0]}</td>`) && rule.includes(start),
        `${lang}: the rule maze's page has ${table.abcLetters[0]} and ${start}`);
      check(await page.$eval('#rule-case', (e) => e.hidden) === !table.cased, `${lang}: a case offered where the alphabet has one`);
      // a name set smaller than the age wants: the server's decimals as the
      // language writes them (7,5 mm in French, 7.5 in Korean)
      await page.click('.kind:nth-child(3)'); // Name
      await page.$eval('#text', (e) => { e.value = ''; });
      await page.type('#text', 'ALEXANDRA');
      await page.select('#age', '4');
      await page.waitForFunction(() => !document.getElementById('warning').hidden, { timeout: 20000 }).catch(() => {});
      const said = await page.$eval('#warning', (e) => e.dataset.said);
      const mm = (said.match(/cells of ([0-9.]+) mm, .* the ([0-9.]+) mm/) || []).slice(1);
      const local = (v) => new Intl.NumberFormat(lang, { numberingSystem: 'latn', minimumFractionDigits: (v.split('.')[1] || '').length,
        maximumFractionDigits: (v.split('.')[1] || '').length }).format(Number(v));
      const warned = await page.$eval('#warning', (e) => e.textContent);
      check(mm.length === 2 && warned === table.messages['warning.text']({ q: 'ALEXANDRA', n: mm.map(local) }),
        `${lang}: the name's warning with the language's numbers: ${warned} (${said})`);
      await page.click('.kind:nth-child(1)'); // back to a rectangle
      // a size past the server's: the language's words, then English's
      await page.select('#size-by', 'cells');
      await page.$eval('#width', (e) => { e.value = ''; });
      await page.type('#width', '500');
      await page.waitForFunction(() => !document.getElementById('error').hidden, { timeout: 10000 });
      const refused = await page.$eval('#error', (e) => e.textContent);
      check(refused === table.messages.side({ max: '200' }), `${lang}: the width's limit in its words: ${refused}`);
      await page.click('#lang-en');
      await page.waitForFunction((was) => document.getElementById('error').textContent !== was, { timeout: 10000 }, refused).catch(() => {});
      const inEnglish = await page.$eval('#error', (e) => e.textContent);
      check(inEnglish === tables.en.messages.side({ max: '200' }), `${lang}: the same refusal in English once English is chosen: ${inEnglish}`);
      check(errors.length === 0, `${lang}: no script errors: ${errors.join('; ')}`);
      await page.close();
    }
  }
  // Japanese: the page follows navigator.language; a name in kana
  {
    const { page, errors, downloads } = await open('ja-JP');
    // (the page takes its language once it has asked its back end what it offers)
    await page.waitForFunction(() => document.documentElement.lang === 'ja', { timeout: 10000 }).catch(() => {});
    check(await page.$eval('h1', (e) => e.textContent.includes('めいろ')), 'the page is in Japanese');
    check(await page.evaluate(() => document.documentElement.lang) === 'ja', 'html lang is ja');
    const first = await preview(page);
    await page.click('.kind:nth-child(3)'); // Name
    await page.$eval('#text', (e) => { e.value = ''; });
    await page.type('#text', 'はな');
    const after = await changed(page, first);
    check(after !== first, 'the preview changed with the name');
    const command = await page.$eval('#command', (e) => e.textContent);
    check(command.includes('--text はな') && command.includes('--lang ja'), `the command has the name and ja: ${command}`);
    await shot(page, 'ja');
    const pdf = await download(page, downloads, 'pdf');
    check(pdf !== null, 'the Japanese PDF was downloaded');
    runShown(command, path.join(tmp, 'hana.pdf'));
    check(same(pdf, path.join(tmp, 'hana.pdf')), 'the Japanese PDF is the shown command\'s, byte for byte');
    // every word of the page in Japanese: none left in English
    const english = await page.$$eval('[data-t]', (es) => es.filter((e) => !e.closest('[hidden]') &&
      /^[\x20-\x7e“”’…]+$/.test(e.textContent) && !/^(PDF|PNG|SVG|JSON)$/.test(e.textContent)).map((e) => e.textContent));
    check(english.length === 0, `no English words on the Japanese page: ${english.join(' | ')}`);
    // switched to English by its button
    await page.click('#lang-en');
    check(await page.$eval('h1', (e) => e.textContent.includes('Maze studio')), 'switched to English');
    // a name longer than the box once took (8 letters, ALEXANDE): whole
    const short = await preview(page);
    await page.$eval('#text', (e) => { e.value = ''; });
    await page.type('#text', 'Alexander');
    check(await page.$eval('#text', (e) => e.value) === 'Alexander', 'the name box holds all of Alexander');
    await changed(page, short);
    const named = await page.$eval('#command', (e) => e.textContent);
    check(/--text Alexander( |$)/.test(named), `the whole name in the command: ${named}`);
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
  // The page's own words, never the command line's: a Japanese page words
  // the command's warning about a name set smaller in Japanese; a round
  // maze offers no file its grid cannot make (no Play, no spreadsheet, no
  // HTML); every kind of paths in plain words, the generator's name beside
  // them; a size past the server's limit worded for a person
  {
    const { page, errors } = await open('ja-JP');
    const first = await preview(page);
    check(await page.$eval('#paper', (e) => e.value) === 'a4', 'a Japanese browser\'s paper is A4');
    check(await page.$eval('#paper option[value="letter"]', (e) => e.textContent) === 'レター (US)', 'the papers in Japanese');
    await page.click('.kind:nth-child(3)'); // Name
    await page.$eval('#text', (e) => { e.value = ''; });
    await page.type('#text', 'はな');
    await page.select('#age', '4');
    await changed(page, first);
    await page.waitForFunction(() => !document.getElementById('warning').hidden, { timeout: 20000 }).catch(() => {});
    const warning = await page.$eval('#warning', (e) => e.textContent);
    const said = await page.$eval('#warning', (e) => e.dataset.said);
    check(/^「はな」が ページに はいるように、マスを 8\.0 mm に しました/.test(warning) && !/[a-z]{3}|--/.test(warning),
      `the name's warning in Japanese: ${warning}`);
    check(/'はな' is set in cells of 8\.0 mm.*\(--text\)/.test(said), `the server sent the command's warning: ${said}`);
    await shot(page, 'ja-warning');
    // every generator offered, in plain words with its name
    const paths = await page.$$eval('#algorithm option', (os) => os.filter((o) => o.value).map((o) => [o.value, o.textContent]));
    const choices = await (await fetch(`${base}api/choices`)).json();
    check(paths.length === choices.algorithms.length, `every generator offered: ${paths.length} of ${choices.algorithms.length}`);
    for (const [name, text] of paths)
      check(text.endsWith(`(${name})`) && /[ぁ-んァ-ン]/.test(text), `the paths of ${name} in Japanese words: ${text}`);
    // round: no file its grid cannot make, each offered file made (the
    // workshop's too, each machine's in turn)
    await page.click('.kind:nth-child(4)'); // Round
    await preview(page);
    const offered = [];
    for (const machine of ['plotter', 'laser', 'printer']) {
      await page.select('#machine', machine);
      offered.push(...await page.$$eval('[data-format]', (bs) => bs.filter((b) => !b.hidden).map((b) => b.dataset.format)));
    }
    const shown = [...new Set(offered)];
    check(shown.join() === choices.grids.polar.join(), `a round maze's downloads are its grid's: ${shown} (${choices.grids.polar})`);
    check(await page.$eval('[data-view="html"]', (b) => b.hidden), 'a round maze offers no Play in the browser');
    check(await page.$eval('#play-box', (b) => b.hidden) && await page.$eval('[data-booklet="xlsx"]', (b) => b.hidden),
      'nor a spreadsheet, its own or a booklet\'s');
    for (const format of ['html', 'xlsx', 'png']) await sameAsShown(page, 'round', format);
    // a size past the server's: worded for a person, in Japanese
    await page.click('.kind:nth-child(1)'); // Rectangle
    await page.select('#size-by', 'cells');
    await page.$eval('#width', (e) => { e.value = ''; });
    await page.type('#width', '500');
    await page.waitForFunction(() => !document.getElementById('error').hidden, { timeout: 10000 });
    const refused = await page.$eval('#error', (e) => e.textContent);
    check(refused === 'たても よこも 200マス まで です。', `the width's limit in Japanese words: ${refused}`);
    check(await page.$eval('#width', (e) => e.classList.contains('bad')), 'the width field is marked');
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
  // The paper follows the browser's region until the user chooses: Letter
  // in the United States, A4 in Britain (the other pages' commands)
  {
    const { page, errors } = await open('en-US');
    await preview(page);
    check(await page.$eval('#paper', (e) => e.value) === 'letter', 'an en-US browser\'s paper is Letter');
    const papers = await page.$$eval('#paper option', (os) => os.map((o) => `${o.value}=${o.textContent}`).join());
    check(papers === 'a4=A4,a3=A3,a5=A5,b5=B5 (JIS),b4=B4 (JIS),letter=US Letter,legal=US Legal', `the papers by their names: ${papers}`);
    const command = await page.$eval('#command', (e) => e.textContent);
    check(/--paper letter/.test(command), `the command says Letter: ${command}`);
    const paths = await page.$$eval('#algorithm option', (os) => os.filter((o) => o.value).map((o) => [o.value, o.textContent]));
    check(paths.every(([name, text]) => text.endsWith(` (${name})`) && text.length > name.length + 8),
      `every generator in plain English words: ${paths.map((p) => p[1]).join(' | ')}`);
    await shot(page, 'en-letter');
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
  // Uploads: a photo shows no silhouette, and says so; a file that is no
  // picture is refused, its tile emptied, the command and the preview back
  // to the shape chosen before
  {
    const { page, errors } = await open('en-GB');
    const first = await preview(page);
    await page.click('.kind:nth-child(2)'); // Shape
    await changed(page, first);
    const dir = fs.mkdtempSync(path.join(tmp, 'upload-'));
    fs.copyFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), 'data', 'photo.png'), path.join(dir, 'photo.png'));
    await (await page.$('#picture-file')).uploadFile(path.join(dir, 'photo.png'));
    await page.waitForFunction(() => !document.getElementById('warning').hidden, { timeout: 20000 }).catch(() => {});
    const warning = await page.$eval('#warning', (e) => e.textContent);
    check(/^No clear shape was found in this picture/.test(warning), `a photo's warning: ${warning}`);
    await shot(page, 'photo');
    const heartQuery = 'shape=heart';
    fs.writeFileSync(path.join(dir, 'notes.png'), 'these are notes, not a picture\n');
    await (await page.$('#picture-file')).uploadFile(path.join(dir, 'notes.png'));
    await page.waitForFunction((q) => !document.getElementById('error').hidden &&
      (document.getElementById('puzzle').dataset.query || '').includes(q) && document.getElementById('status').textContent === '',
    { timeout: 20000 }, heartQuery).catch(() => {});
    const refused = await page.$eval('#error', (e) => e.textContent);
    check(refused === 'This file is not a picture the studio can read: choose a PNG, JPEG, GIF, BMP or SVG.',
      `the refused file, in words: ${refused}`);
    check(await page.$eval('.shape.picture', (b) => b.getAttribute('aria-checked') === 'false' && !b.querySelector('img')),
      'the picture\'s tile is emptied');
    const command = await page.$eval('#command', (e) => e.textContent);
    check(/--shape heart/.test(command) && !/picture\./.test(command), `the command is back to the heart: ${command}`);
    check((await page.$eval('#puzzle', (e) => e.dataset.query)).includes(heartQuery), 'the preview shows the heart again');
    check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
    await page.close();
  }
} catch (e) {
  check(false, `the browser test stopped: ${e.stack || e}`);
}
clearTimeout(timeout);
await finish();
