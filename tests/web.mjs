// The static site (make web-site: build/web/site/) in a real browser:
// served by a plain static server (python3 -m http.server) on the loopback
// address, opened in headless Chromium driven by puppeteer-core, every
// request checked to stay inside the site's origin. The studio's jobs, end
// to end through the page's buttons, the engine in its worker: the
// preview, the engine's page (-f page) drawn by the browser; a maze's
// JSON, text and CSV downloads, the page to play (HTML) and a plotter's and
// a laser's files equal to what the native meiro writes for the words the
// page runs, and the page's command the same words; names
// (in Latin letters and in Japanese) and a heart, their JSON, text, CSV
// and XLSX the native meiro's bytes, each font fetched only when a page's
// or a name's letters need it (the static server's log: an English page
// fetches no CJK font; a Japanese page's PDF embeds one); a rule maze's
// preview; the engine's own refusal of a too-big maze; a job cancelled
// and the next one made. The renderer (meiro-page.js) on pages the native meiro
// describes (-f page: a heart for a 4-year-old, a hex maze, a booklet
// with its answer key, pictures for S and G, a template's frame and
// Japanese in bold, keys and doors under a title in two lines, a book's
// cover with its spine's words turned, its PDF against the native cover's), drawn by
// Chromium and compared with the same pages the native meiro draws (meiro
// draw, pdftoppm), texts aside; its PDF read back (pdfinfo's page sizes,
// pdffonts' embedded fonts, pdftotext's words). The studio's PDF, PNG and
// SVG downloads made in the browser (a one-page maze, a name maze for a
// 4-year-old, a class set with a Japanese name, a 40-maze booklet, a rule
// maze's しりとり with its key): each PDF's pages drawn by pdftoppm as the
// native meiro's PDF for the same words, its fonts embedded, its words
// read back. Offline: after the
// first visit, the page opened again with the network cut makes a maze,
// and a name maze with its font.
// Usage: node tests/web.mjs BUILD_DIR [SHOTS_DIR]
// meiro-suite: check
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, keepDownloads, needBrowser, suite } from './browser-lib.mjs';

const build = path.resolve(process.argv[2] || 'build');
const shots = process.argv[3] ? path.resolve(process.argv[3]) : null;
const meiro = path.join(build, 'meiro');
const site = path.join(build, 'web', 'site');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'meiro-web-'));
let server = null, browser = null;

process.on('exit', () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  if (!process.env.KEEP) fs.rmSync(tmp, { recursive: true, force: true });
});
const s = suite('web', async () => { if (browser) await browser.close().catch(() => {}); });
const { check, finish } = s;
const timeout = setTimeout(() => { check(false, 'the whole test took over 240 s'); finish(); }, 240000);

if (!fs.existsSync(path.join(site, 'index.html'))) {
  check(false, `${site}/index.html: the site is not built (make web)`);
  await finish();
}
const puppeteer = await needBrowser(s, build);

// a plain static server of the folder on a free port of the loopback address
// (its log, on its standard error, lists the files it served: `served`)
server = spawn('python3', ['-u', '-m', 'http.server', '--bind', '127.0.0.1', '--directory', site, '0'],
  { stdio: ['ignore', 'pipe', 'pipe'] });
const served = [];
let serverLog = '';
server.stderr.on('data', (d) => {
  serverLog += d;
  const lines = serverLog.split('\n');
  serverLog = lines.pop();
  for (const l of lines) { const m = /"GET (\S+) HTTP/.exec(l); if (m) served.push(m[1]); }
});
const base = await new Promise((resolve) => {
  let said = '';
  const giveUp = setTimeout(() => resolve(null), 10000);
  server.stdout.on('data', (d) => {
    said += d;
    const m = said.match(/port (\d+)/);
    if (m) { clearTimeout(giveUp); resolve(`http://127.0.0.1:${m[1]}/`); }
  });
});
check(base !== null, 'python3 -m http.server served the site');
if (!base) await finish();
const origin = new URL(base).origin;

browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  userDataDir: path.join(tmp, 'profile'),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
});

// A page of the site. Every request it makes (its workers' too) is seen,
// and those outside the site's origin counted (`outside`); none can leave
// the machine (the browser resolves no name but the loopback's: below).
// (Puppeteer's request interception is not used: it held a dedicated
// worker's fetch of the .wasm now and then, asked while the worker's own
// script was still coming.) The files the page's download links save are
// kept in the page (window.saved) as serve-browser.mjs does.
async function open() {
  const page = await browser.newPage();
  const seen = [], outside = [], errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (process.env.DEBUG) page.on('console', (m) => console.log('console:', m.text()));
  page.on('request', (r) => {
    const u = r.url();
    seen.push(u);
    if (!u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== origin) outside.push(u);
  });
  await page.evaluateOnNewDocument(() => {
    Object.defineProperty(navigator, 'language', { get: () => 'en-GB' });
  });
  await page.evaluateOnNewDocument(keepDownloads);
  await page.setViewport({ width: 1280, height: 1000 });
  return { page, seen, outside, errors };
}

// the page once its first preview has been asked and answered (a maze,
// decoded: the image's blob set is not yet its picture; or a refusal)
async function settled(page) {
  await page.waitForFunction(() => {
    const img = document.getElementById('puzzle');
    return document.getElementById('status').textContent === '' &&
      document.getElementById('kinds').children.length > 0 &&
      ((img.src.startsWith('blob:') && img.complete && img.naturalWidth > 0) || !document.getElementById('error').hidden);
  }, { timeout: 30000 })
    .catch(async (e) => {
      console.log('the page did not settle:', await page.evaluate(() => [document.getElementById('status').textContent,
        document.getElementById('kinds').children.length, document.getElementById('error').textContent]));
      throw e;
    });
}
// a download button clicked: the file the page's link saves
async function download(page, format, booklet = false) {
  const before = await page.evaluate(() => window.saved.length);
  await page.click(booklet ? `button[data-booklet="${format}"]` : `button[data-format="${format}"]`);
  await page.waitForFunction((n) => window.saved.length > n, { timeout: 30000 }, before).catch(() => {});
  const got = await page.evaluate((n) => window.saved[n] || null, before);
  return got && { name: got.name, data: Buffer.from(got.data, 'base64') };
}
function native(argv, ext) {
  const out = path.join(tmp, `native.${ext}`);
  // (in tmp, where a job's input file is: names.txt, as the page's worker has it)
  execFileSync(meiro, [...argv, '-o', out], { cwd: tmp, stdio: ['ignore', 'ignore', 'pipe'] });
  return fs.readFileSync(out);
}
async function shot(page, name) {
  if (shots) { fs.mkdirSync(shots, { recursive: true }); await page.screenshot({ path: path.join(shots, name), fullPage: true }); }
}

// ---- the studio, the engine in its worker ----
const { page, seen, outside, errors } = await open();
await page.goto(`${base}?seed=2026`, { waitUntil: 'load' });
await settled(page);
await shot(page, 'web-first.png');
check(await page.evaluate(() => backend.engine), 'the site\'s page runs the engine (api/choices names it)');
// the preview: the page the engine describes (-f page), drawn by the
// browser (meiro-page.js) as an SVG in the page, its texts in Latin fonts
// alone (no CJK font fetched for an English page)
const preview = (p) => p.evaluate(() => ({ src: document.getElementById('puzzle').src, w: document.getElementById('puzzle').naturalWidth,
  answer: document.getElementById('answer').naturalWidth, error: document.getElementById('error').hidden ? '' : document.getElementById('error').textContent }));
const drawn = (v) => v.src.startsWith('blob:') && v.w > 0 && !v.error;
const first = await preview(page);
check(drawn(first), `the first preview is the engine's page drawn by the browser: ${JSON.stringify(first)}`);

// a rectangle of 12 x 9 cells, dug: its files as the native meiro's
await page.select('#size-by', 'cells');
await page.$eval('#width', (e) => { e.value = '12'; e.dispatchEvent(new Event('input', { bubbles: true })); });
await page.$eval('#height', (e) => { e.value = '9'; e.dispatchEvent(new Event('input', { bubbles: true })); });
await page.select('#algorithm', 'dig');
await settled(page);
// (with the page to play and a plotter's files: the composer's, in the engine;
// then a laser's, its machine chosen)
const plainFiles = [['json', 'json'], ['text', 'txt'], ['csv', 'csv'], ['html', 'html'], ['gcode', 'gcode'], ['hpgl', 'hpgl'], ['dxf', 'dxf']];
for (const [format, ext] of plainFiles) {
  if (format === 'dxf') await page.select('#machine', 'laser');
  const argv = await page.evaluate((f) => generateWords(f), format);
  const got = await download(page, format);
  check(got !== null, `the ${format} download saved a file`);
  if (!got) continue;
  check(got.name === `maze-2026.${ext}`, `the ${format} file is named maze-2026.${ext}: ${got.name}`);
  check(argv.includes('--seed') && argv.includes('12') && argv.includes('dig'), `the ${format} job's words: ${argv.join(' ')}`);
  check(Buffer.compare(got.data, native(argv, ext)) === 0, `the ${format} download is the native meiro's bytes for ${argv.join(' ')}`);
}
await page.select('#machine', 'plotter');
check(drawn(await preview(page)), 'after the downloads the preview still shows the maze');
// the command shown: the same words
const shown = await page.$eval('#command', (e) => e.textContent);
const words = await page.evaluate(() => generateWords('pdf'));
check(shown === `meiro ${words.join(' ')} -o maze.pdf`, `the page shows the command it runs: ${shown}`);
check(/^meiro generate .*--width 12 --height 9 .*--algorithm dig .*--seed 2026/.test(shown), `the command names the maze's options: ${shown}`);
await shot(page, 'web-cells.png');

// the engine's refusal of a maze past the library's limit, and a job cancelled
const big = await page.evaluate(async () => {
  const r = await backend.ask({ route: 'file', format: 'json', argv: ['generate', '-W', '60000', '-H', '60000', '-s', '1'] });
  return { status: r.status, text: await r.text(), form: r.headers.get('X-Meiro-Message') };
});
check(big.status === 400 && /too large: a maze may have at most/.test(big.text), `a 60000 x 60000 maze refused as the CLI refuses: ${big.status} ${big.text}`);
check(/code=command/.test(big.form || ''), `... with its form for the page: ${big.form}`);
// a tactile sheet (its braille is liblouis's, not in the browser): the
// page's own words for it, not the engine's line
const braille = await page.evaluate(async () => {
  const r = await backend.ask({ route: 'file', format: 'page', argv: ['generate', '-s', '1', '--print', 'tactile'] });
  return { status: r.status, form: r.headers.get('X-Meiro-Message') };
});
check(braille.status !== 200 && braille.form === 'code=no-drawing', `a tactile sheet refused with the page's no-drawing words: ${JSON.stringify(braille)}`);
const cancelled = await page.evaluate(async () => {
  const job = backend.ask({ route: 'file', format: 'json', argv: ['generate', '-W', '3000', '-H', '3000', '-s', '1'] });
  setTimeout(() => backend.cancel(), 50);
  let how;
  try { await job; how = 'finished'; } catch (e) { how = e.name; }
  const next = await backend.ask({ route: 'file', format: 'json', argv: ['generate', '-W', '4', '-H', '3', '-s', '5'] });
  return { how, next: next.status, text: await next.text() };
});
check(cancelled.how === 'AbortError', `a job cancelled ends with AbortError: ${cancelled.how}`);
check(cancelled.next === 200 && cancelled.text === native(['generate', '-W', '4', '-H', '3', '-s', '5', '-f', 'json'], 'json').toString(),
  'the next job after a cancel runs in a new worker, the native meiro\'s bytes');

// ---- names, shapes and workbooks: the engine's masks, its fonts fetched when a letter needs one ----
// The font files the site served since its nth file (the worker's
// synchronous requests, which the page's request events do not show)
const fontsSince = (n) => served.slice(n).filter((u) => u.startsWith('/fonts/')).map((u) => u.slice(7));
const cjkFont = (f) => /^(ipaexg|NotoSansCJK)/.test(f);
async function sameFile(format, ext, what) {
  const argv = await page.evaluate((f) => generateWords(f), format);
  const got = await download(page, format);
  check(got !== null && got.name === `maze-2026.${ext}`, `${what}: the ${format} download saved maze-2026.${ext}: ${got && got.name}`);
  if (got) check(Buffer.compare(got.data, native(argv, ext)) === 0, `${what}: the ${format} download is the native meiro's bytes for ${argv.join(' ')}`);
  return got;
}
// a name in Latin letters: the masks' fonts are DejaVu's, never a CJK one
// (fetched for the first preview's texts already)
let before = 0;
await page.click('.kind:nth-child(3)'); // Name
await page.$eval('#text', (e) => { e.value = ''; });
await page.type('#text', 'HANA');
await settled(page);
await sameFile('json', 'json', 'the name HANA');
const latin = fontsSince(before);
console.log(`fonts fetched for the name HANA: ${latin.join(' ')}`);
check(latin.length > 0 && latin.every((f) => f.startsWith('DejaVu')), `an English page and the name HANA fetched DejaVu's fonts only: ${latin.join(' ')}`);
await sameFile('text', 'txt', 'the name HANA');
const xlsx = await sameFile('xlsx', 'xlsx', 'the name HANA');
check(xlsx !== null && xlsx.data.subarray(0, 2).toString() === 'PK', 'the spreadsheet is a zip (XLSX)');
check(drawn(await preview(page)), 'a name maze\'s preview is drawn');
await shot(page, 'web-name.png');
// its PDF with the page in Japanese: the CJK font fetched now, embedded,
// its words read back
before = served.length;
await page.click('#lang-ja');
await settled(page);
const ja = await download(page, 'pdf');
check(ja !== null && ja.name === 'maze-2026.pdf', `the PDF of a Japanese page saved: ${ja && ja.name}`);
if (ja) {
  const file = path.join(tmp, 'ja.pdf');
  fs.writeFileSync(file, ja.data);
  const fonts = execFileSync('pdffonts', [file]).toString();
  check(/(IPAex|NotoSansCJK)\S* +CID TrueType.* yes +(yes|no) +yes/.test(fonts), `the Japanese PDF embeds its CJK font: ${fonts}`);
  const text = execFileSync('pdftotext', [file, '-']).toString();
  check(/[\u3040-\u30ff]/.test(text), `the Japanese PDF's words read back: ${text.replace(/\s+/g, ' ').slice(0, 120)}`);
}
const japanese = fontsSince(before);
console.log(`fonts fetched for a Japanese page: ${japanese.join(' ')}`);
check(japanese.some(cjkFont), `a Japanese page fetched a CJK font: ${japanese.join(' ')}`);
await page.click('#lang-en');
await settled(page);
// a name in Japanese
await page.$eval('#text', (e) => { e.value = ''; });
await page.type('#text', 'はなこ');
await settled(page);
await sameFile('json', 'json', 'the name はなこ');
before = served.length;
await sameFile('csv', 'csv', 'the name はなこ');
check(fontsSince(before).length === 0, `the worker's next job fetched no font again: ${fontsSince(before).join(' ')}`);
await shot(page, 'web-name-ja.png');
// a built-in shape, a heart
await page.click('.kind:nth-child(2)'); // Shape
await settled(page);
check((await page.evaluate(() => generateWords('json'))).includes('heart'), 'the shape chosen is the heart');
await sameFile('json', 'json', 'the heart');
await sameFile('xlsx', 'xlsx', 'the heart');
// a rule maze: its sheet and key (the engine's description) drawn by
// the browser in the preview; its JSON is the engine's
await page.click('.kind:nth-child(8)'); // Numbers and letters
await settled(page);
const ruled = await preview(page);
check(drawn(ruled) && ruled.answer > 0, `a rule maze's preview and its key are drawn: ${JSON.stringify(ruled)}`);
await shot(page, 'web-rule.png');
await sameFile('json', 'json', 'a rule maze');
await page.click('.kind:nth-child(1)'); // Rectangle
await settled(page);

// ---- the renderer on the native meiro's pages ----
// Page n of a description drawn by the renderer at 50 dpi (its PNG)
// against the native PNG of it: the pixels that differ, the texts' boxes apart.
async function compare(page, doc, n, nativePng) {
  const want = `data:image/png;base64,${fs.readFileSync(nativePng).toString('base64')}`;
  return page.evaluate(async (d, k, png) => {
    const ours = await meiroPage.png(d, k, 50);
    const load = async (src) => { const i = new Image(); i.src = src; await i.decode(); return i; };
    const a = await load(URL.createObjectURL(ours)), b = await load(png);
    const w = b.naturalWidth, h = b.naturalHeight;
    const grey = (img) => {
      const c = document.createElement('canvas');
      c.width = w; c.height = h;
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0, w, h);
      const px = g.getImageData(0, 0, w, h).data, out = new Uint8Array(w * h);
      for (let i = 0; i < w * h; i++) out[i] = (px[4 * i] + px[4 * i + 1] + px[4 * i + 2]) / 3;
      return out;
    };
    const ga = grey(a), gb = grey(b);
    // the texts' boxes (and 1 mm round them) set aside
    const text = new Uint8Array(w * h), k2 = w / d.pages[k].width;
    for (const it of d.pages[k].items) {
      if (it.text === undefined) continue;
      const [l, t, bw, bh] = it.box;
      for (let y = Math.max(0, Math.floor((t - 1) * k2)); y < Math.min(h, Math.ceil((t + bh + 1) * k2)); y++)
        for (let x = Math.max(0, Math.floor((l - 1) * k2)); x < Math.min(w, Math.ceil((l + bw + 1) * k2)); x++) text[y * w + x] = 1;
    }
    // an inked pixel of either (darker than mid-grey) is matched by ink
    // of the other within a pixel (antialiasing, rounding): those that
    // are not, counted (the texts' apart)
    const near = (g, i) => {
      const x = i % w, y = (i - x) / w;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx, yy = y + dy;
        if (xx >= 0 && yy >= 0 && xx < w && yy < h && g[yy * w + xx] < 224) return true;
      }
      return false;
    };
    let ink = 0, off = 0, textOff = 0, textPx = 0;
    for (let i = 0; i < w * h; i++) {
      const bad = (gb[i] < 128 && !near(ga, i)) || (ga[i] < 128 && !near(gb, i));
      if (text[i]) { if (gb[i] < 128) textPx++; if (bad) textOff++; continue; }
      if (gb[i] < 128) ink++;
      if (bad) off++;
    }
    return { w, h, ink, off, textOff, textPx, ourSize: [a.naturalWidth, a.naturalHeight] };
  }, doc, n, want);
}

const fixtures = [
  ['kids', ['generate', '-s', '7', '--age', '4', '--shape', 'heart', '--name', 'Hana', '--answers', 'after-page']],
  ['hex', ['generate', '-s', '7', '--grid', 'hex', '--answers', 'after-page']],
  ['booklet', ['booklet', '--count', '4', '-s', '3']],
  ['art', ['generate', '-s', '5', '-W', '8', '-H', '6', '--art', 'bunny', '--title', 'はなの めいろ']],
  ['kids-ja', ['generate', '-s', '4', '--template', 'kids-ja', '--name', 'はな']],
  ['keys', ['generate', '-s', '3', '--mission', 'keys:2', '--title',
    'A title long enough to be broken into two lines, each of them centred on the page']],
  // a book's cover (the studio offers none yet): its spine's words turned a quarter turn
  ['cover', ['cover', '--print', 'kdp', '--pages', '120', '--paper', '6x9in', '--title', 'Big Maze Book',
    '--author', 'Ken Adams', '--volume', '2', '--blurb', 'Thirty mazes, easy to expert: a well-known maker.\nAnswers at the back.']],
];
// (the studio's previews loaded it)
check(await page.evaluate(() => typeof meiroPage === 'object'), 'the renderer was loaded for the previews');
for (const [name, argv] of fixtures) {
  const scene = path.join(tmp, `${name}.page`);
  execFileSync(meiro, [...argv, '-f', 'page', '-o', scene]);
  const doc = JSON.parse(fs.readFileSync(scene, 'utf8'));
  // the native pages: meiro draws the description (its cairo backend), pdftoppm at 50 dpi
  execFileSync(meiro, ['draw', scene, '-o', path.join(tmp, `${name}.pdf`)]);
  execFileSync('pdftoppm', ['-r', '50', '-png', path.join(tmp, `${name}.pdf`), path.join(tmp, `${name}-native`)]);
  const nativePngs = fs.readdirSync(tmp).filter((f) => f.startsWith(`${name}-native`)).sort();
  check(nativePngs.length === doc.pages.length, `${name}: native pages ${nativePngs.length} = described ${doc.pages.length}`);
  for (let n = 0; n < doc.pages.length; n++) {
    const r = await compare(page, doc, n, path.join(tmp, nativePngs[n]));
    const share = r.off / Math.max(1, r.ink);
    console.log(`${name} page ${n + 1}: ${r.off} of ${r.ink} inked pixels differ (${(share * 100).toFixed(2)}%), texts ${r.textOff} of ${r.textPx}`);
    check(r.ink > 500, `${name} page ${n + 1}: the native page has ink (${r.ink} pixels)`);
    check(r.ourSize[0] === r.w && r.ourSize[1] === r.h, `${name} page ${n + 1}: the PNG is the page's size at 50 dpi: ${r.ourSize} vs ${r.w}x${r.h}`);
    check(share < 0.01, `${name} page ${n + 1}: the browser's drawing is the native page (texts aside): ${(share * 100).toFixed(2)}% of its ink differs`);
    check(r.textOff / Math.max(1, r.textPx) < 0.1, `${name} page ${n + 1}: its texts where the native page has them: ${r.textOff} of ${r.textPx} pixels differ`);
  }
  // (the comparison sees a page that is not the same: the puzzle against its answer)
  // an italic text (none of meiro's own; a description may ask): its face
  // slanted, the site having no italic file
  if (name === 'keys') {
    const italic = JSON.parse(JSON.stringify(doc));
    const title = italic.pages[0].items.find((it) => it.text && it.font);
    title.italic = true;
    const [upright, slanted] = await page.evaluate(async (a, b) => [await meiroPage.svg(a, 0), await meiroPage.svg(b, 0)], doc, italic);
    check(!/matrix\(1 0 -0\.2 1 0 0\)/.test(upright) && (slanted.match(/matrix\(1 0 -0\.2 1 0 0\)/g) || []).length >= 1,
      'an italic text is drawn slanted, an upright one not');
  }
  if (name === 'kids') {
    const r = await compare(page, doc, 0, path.join(tmp, nativePngs[1]));
    check(r.off / r.ink > 0.05, `kids: the puzzle compared with its answer page differs (${r.off} of ${r.ink} pixels)`);
  }
  if (shots) {
    const svg = await page.evaluate((d) => meiroPage.svg(d, d.pages.length - 1), doc);
    fs.writeFileSync(path.join(shots, `web-${name}.svg`), svg);
    execFileSync('rsvg-convert', ['-d', '60', '-p', '60', '-o', path.join(shots, `web-${name}.png`), path.join(shots, `web-${name}.svg`)]);
  }
  // the PDF: pdf-lib's, one page a described page, each its paper's size, fonts embedded
  const pdf = path.join(tmp, `${name}-browser.pdf`);
  fs.writeFileSync(pdf, Buffer.from(await page.evaluate(async (d) => {
    const b = await meiroPage.pdf(d);
    let bin = '';
    for (let i = 0; i < b.length; i += 8192) bin += String.fromCharCode(...b.subarray(i, i + 8192));
    return btoa(bin);
  }, doc), 'base64'));
  const info = execFileSync('pdfinfo', ['-l', '99', pdf]).toString();
  check(new RegExp(`^Pages: +${doc.pages.length}$`, 'm').test(info), `${name}: the browser's PDF has the ${doc.pages.length} pages`);
  const sizes = [...info.matchAll(/^Page +\d+ size: +([\d.]+) x ([\d.]+) pts/mg)].map((m) => [Number(m[1]), Number(m[2])]);
  check(sizes.length === doc.pages.length && sizes.every(([w, h], i) => Math.abs(w - doc.pages[i].width * 72 / 25.4) < 0.01 &&
    Math.abs(h - doc.pages[i].height * 72 / 25.4) < 0.01), `${name}: each PDF page its paper's size: ${JSON.stringify(sizes)}`);
  const fonts = execFileSync('pdffonts', [pdf]).toString().split('\n').slice(2).filter((l) => l.trim());
  check(fonts.length > 0 && fonts.every((l) => /(CID )?TrueType.* yes +(yes|no) +yes /.test(l)), `${name}: its fonts embedded: ${fonts.join(' | ')}`);
  const words = execFileSync('pdftotext', [pdf, '-']).toString();
  const texts = doc.pages.flatMap((p) => p.items.filter((it) => it.text && it.font && !it.outlined).map((it) => it.text));
  const missing = texts.filter((t) => !words.replace(/\s+/g, ' ').includes(t.replace(/\s+/g, ' ')));
  check(missing.length === 0, `${name}: the PDF's texts read back (pdftotext): ${missing.join(' | ') || 'all'}`);
  execFileSync('pdftoppm', ['-r', '40', '-png', '-f', String(doc.pages.length), pdf, path.join(shots || tmp, `web-${name}-pdf`)]);
  if (name === 'cover') { // the browser's PDF against the native meiro's cover (its spine's words too)
    const theirs = path.join(tmp, 'cover-native.pdf');
    execFileSync(meiro, [...argv, '-o', theirs]);
    const d = inkDiff(pdf, theirs, 1);
    check(/^Title: +Big Maze Book$/m.test(info), `cover: the browser's PDF has the book's title: ${info.split('\n')[0]}`);
    console.log(`cover PDF: ${d.off} of ${d.ink} inked pixels differ from the native PDF's (${(d.share * 100).toFixed(2)}%)`);
    check(d.ink > 500 && d.share < 0.03, `cover: the browser's PDF draws the native meiro's cover (${(d.share * 100).toFixed(2)}% of its ink differs) ${d.size || ''}`);
  }
}

check(seen.some((u) => u.endsWith('/meiro-engine.wasm')), 'the requests seen include the worker\'s (the engine\'s .wasm)');
check(outside.length === 0, `no request outside the site: ${outside.join(' ')}`);
check(errors.length === 0, `no error in the page: ${errors.join(' | ')}`);
await page.close();

// ---- the studio's drawn files: the engine's pages drawn by the browser ----
// A PDF drawn at 50 dpi in grey (pdftoppm), page n: its pixels
function greyPage(pdf, n) {
  const out = path.join(tmp, `grey-${path.basename(pdf, '.pdf')}-${n}`);
  execFileSync('pdftoppm', ['-r', '50', '-gray', '-singlefile', '-f', String(n), '-l', String(n), pdf, out]);
  const b = fs.readFileSync(`${out}.pgm`);
  const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(b.subarray(0, 32).toString('latin1'));
  return { w: Number(m[1]), h: Number(m[2]), px: b.subarray(m[0].length) };
}
// The share of inked pixels (darker than mid-grey) of page n of either PDF
// that the other does not ink within a pixel, texts included
function inkDiff(ours, theirs, n) {
  const a = greyPage(ours, n), b = greyPage(theirs, n);
  if (a.w !== b.w || a.h !== b.h) return { share: 1, ink: 0, size: `${a.w}x${a.h} vs ${b.w}x${b.h}` };
  const { w, h } = a;
  const near = (g, i) => {
    const x = i % w, y = (i - x) / w;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const xx = x + dx, yy = y + dy;
      if (xx >= 0 && yy >= 0 && xx < w && yy < h && g[yy * w + xx] < 224) return true;
    }
    return false;
  };
  let ink = 0, off = 0;
  for (let i = 0; i < w * h; i++) {
    if (b.px[i] < 128) ink++;
    if ((b.px[i] < 128 && !near(a.px, i)) || (a.px[i] < 128 && !near(b.px, i))) off++;
  }
  return { share: off / Math.max(1, ink), ink, off };
}
// A PDF the page saved, written to tmp/NAME.pdf, against the native
// meiro's for the same words: as many pages, each drawn alike
function sameAsNative(got, argv, name, pages = null) {
  const file = path.join(tmp, `${name}.pdf`), theirs = path.join(tmp, `${name}-native.pdf`);
  fs.writeFileSync(file, got.data);
  fs.writeFileSync(theirs, native(argv, 'pdf'));
  const count = (f) => Number(/^Pages: +(\d+)$/m.exec(execFileSync('pdfinfo', [f]).toString())[1]);
  const n = count(theirs);
  check(count(file) === n && (pages === null || n === pages), `${name}: the browser's PDF has the native meiro's ${n} pages (${argv.join(' ')})`);
  for (const k of [...new Set([1, n])]) {
    const d = inkDiff(file, theirs, k);
    console.log(`${name} page ${k}: ${d.off} of ${d.ink} inked pixels differ from the native PDF's (${(d.share * 100).toFixed(2)}%)`);
    check(d.ink > 500 && d.share < 0.03, `${name} page ${k}: the browser's PDF draws the native meiro's page (${(d.share * 100).toFixed(2)}% of its ink differs) ${d.size || ''}`);
    if (shots && d.share >= 0.03) for (const f of [file, theirs]) fs.copyFileSync(f, path.join(shots, path.basename(f)));
  }
  const fonts = execFileSync('pdffonts', [file]).toString().split('\n').slice(2).filter((l) => l.trim());
  check(fonts.length > 0 && fonts.every((l) => / yes +(yes|no) +yes /.test(l)), `${name}: its fonts embedded: ${fonts.join(' | ')}`);
  return { file, text: execFileSync('pdftotext', [file, '-']).toString(), nativeText: execFileSync('pdftotext', [theirs, '-']).toString() };
}
{
  const { page: p, errors: errs, outside: away } = await open();
  await p.goto(`${base}?seed=2026`, { waitUntil: 'load' });
  await settled(p);
  // a one-page maze, its answer after it
  const argv1 = await p.evaluate(() => generateWords('pdf'));
  const one = await download(p, 'pdf');
  check(one !== null && one.name === 'maze-2026.pdf', `the PDF download saved maze-2026.pdf: ${one && one.name}`);
  if (one) {
    const r = sameAsNative(one, argv1, 'studio-one');
    check(/seed 2026/.test(r.text), `the PDF's words read back: ${r.text.replace(/\s+/g, ' ').slice(0, 200)}`);
    execFileSync('pdftoppm', ['-r', '40', '-png', '-f', '1', '-l', '1', r.file, path.join(shots || tmp, 'web-studio-one-pdf')]);
  }
  // the same page in Korean and in Arabic: its words in the native fonts
  // (page.font: Noto Sans CJK KR, a face of a .ttc; Noto Sans Arabic),
  // fetched now, embedded, drawn as the native meiro draws them
  for (const [lang, face, file, letters] of [['ko', /NotoSansCJKkr-(Regular|Bold)/, 'NotoSansCJK-', /[\uac00-\ud7a3]/],
    ['ar', /NotoSansArabic-(Regular|Bold)/, 'NotoSansArabic-', /[\u0600-\u06ff\ufe70-\ufeff]/]]) {
    const since = served.length;
    await p.click(`#lang-${lang}`);
    await settled(p);
    const argvLang = await p.evaluate(() => generateWords('pdf'));
    const got = await download(p, 'pdf');
    check(got !== null && argvLang.includes(lang), `the PDF of a page in ${lang} saved: ${argvLang.join(' ')}`);
    if (got) {
      const r = sameAsNative(got, argvLang, `studio-${lang}`);
      const fonts = execFileSync('pdffonts', [r.file]).toString();
      check(face.test(fonts) && !/IPAex/.test(fonts), `the PDF in ${lang} embeds its native font: ${fonts}`);
      check(letters.test(r.text), `the PDF in ${lang}: its words read back: ${r.text.replace(/\s+/g, ' ').slice(0, 120)}`);
      // (its answer, titled in the language)
      execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '2', '-l', '2', r.file, path.join(shots || tmp, `web-studio-${lang}-pdf`)]);
    }
    const fetched = fontsSince(since);
    check(fetched.some((f) => f.startsWith(file)), `a page in ${lang} fetched its font: ${fetched.join(' ')}`);
  }
  await p.click('#lang-en');
  await settled(p);
  // a name maze for a 4-year-old
  await p.click('.kind:nth-child(3)'); // Name
  await p.$eval('#text', (e) => { e.value = ''; });
  await p.type('#text', 'HANA');
  await p.select('#size-by', 'age');
  await p.select('#age', '4');
  await settled(p);
  await new Promise((r) => setTimeout(r, 500));
  await settled(p);
  const shown = await preview(p);
  check(drawn(shown) && shown.answer > 0, `the preview shows the name maze and its answer drawn by the browser: ${JSON.stringify(shown)}`);
  await shot(p, 'web-drawn.png');
  const argv = await p.evaluate(() => generateWords('pdf'));
  check(argv.includes('HANA') && argv.includes('4') && argv.includes('--answer-page'), `the name maze's words: ${argv.join(' ')}`);
  const pdf = await download(p, 'pdf');
  check(pdf !== null && pdf.name === 'maze-2026.pdf', `the name maze's PDF saved maze-2026.pdf: ${pdf && pdf.name}`);
  if (pdf) {
    const r = sameAsNative(pdf, argv, 'studio-name', 2);
    const info = execFileSync('pdfinfo', [r.file]).toString();
    const paper = await p.$eval('#paper', (e) => e.value);
    check(paper !== 'a4' || /595\.2\d* x 841\.8\d* pts/.test(info), `the PDF: A4: ${info.replace(/\n/g, ' ')}`);
    check(/seed 2026/.test(r.text), `the name maze's PDF's words read back: ${r.text.replace(/\s+/g, ' ').slice(0, 200)}`);
    execFileSync('pdftoppm', ['-r', '40', '-png', '-f', '1', '-l', '1', r.file, path.join(shots || tmp, 'web-studio-pdf')]);
  }
  const png = await download(p, 'png');
  check(png !== null && png.data.readUInt32BE(16) === 2481 && png.data.readUInt32BE(20) === 3508,
    `the PNG download: A4 at 300 dpi: ${png && [png.data.readUInt32BE(16), png.data.readUInt32BE(20)]}`);
  if (png && shots) fs.writeFileSync(path.join(shots, 'web-studio.png'), png.data);
  const svg = await download(p, 'svg');
  check(svg !== null && /^<svg [^>]*width="210mm" height="297mm"/.test(svg.data.toString()), 'the SVG download: the page, A4');
  // a class set: a booklet of 4 mazes for each pupil, a Japanese name among them
  await p.click('.kind:nth-child(1)'); // Rectangle
  await settled(p);
  await p.select('#count', '4');
  await p.type('#pupils', 'Ann\nBo\nさくら');
  const classArgv = await p.evaluate(() => bookletWords('pdf'));
  fs.writeFileSync(path.join(tmp, 'names.txt'), 'Ann\nBo\nさくら\n');
  const set = await download(p, 'pdf', true);
  check(set !== null && set.name === 'booklet-2026.pdf', `the class set's PDF saved booklet-2026.pdf: ${set && set.name}`);
  if (set) {
    const r = sameAsNative(set, classArgv, 'class-set');
    check(['Ann', 'Bo', 'さくら'].every((n) => r.text.includes(n)), `the class set's PDF names each pupil: ${classArgv.join(' ')}`);
    const fonts = execFileSync('pdffonts', [r.file]).toString();
    check(/(IPAex|NotoSansCJK)/.test(fonts), `the class set's PDF embeds a CJK font for さくら: ${fonts}`);
  }
  await p.$eval('#pupils', (e) => { e.value = ''; e.dispatchEvent(new Event('input', { bubbles: true })); });
  // a booklet of 40 mazes with its key: one PDF
  await p.select('#count', '40');
  const bookletArgv = await p.evaluate(() => bookletWords('pdf'));
  const book = await download(p, 'pdf', true);
  check(book !== null && book.name === 'booklet-2026.pdf', `the booklet's PDF saved booklet-2026.pdf: ${book && book.name}`);
  if (book) {
    const r = sameAsNative(book, bookletArgv, 'booklet-40');
    check(/Answers/.test(r.text), 'the booklet\'s PDF ends with its answer key');
    const nativeWords = r.nativeText.split(/\s+/).filter((w) => w);
    const missing = nativeWords.filter((w) => !r.text.includes(w));
    check(missing.length === 0, `the booklet's words are the native PDF's: ${missing.slice(0, 10).join(' ') || 'all'}`);
    execFileSync('pdftoppm', ['-r', '40', '-png', '-f', '1', '-l', '2', r.file, path.join(shots || tmp, 'web-booklet-pdf')]);
  }
  // a rule maze, しりとり in Japanese: its preview and key drawn here from
  // the engine's description, its PDF (the sheet, then its key) and SVG
  // the native meiro's
  await p.click('#lang-ja');
  await settled(p);
  await p.click('.kind:nth-child(8)'); // Numbers and letters
  await p.waitForSelector('.rule');
  await (await p.$$('.rule'))[6].click(); // a word chain
  await settled(p);
  const ruled = await preview(p);
  check(drawn(ruled) && ruled.answer > 0, `the rule maze's preview and its key drawn by the browser: ${JSON.stringify(ruled)}`);
  await shot(p, 'web-rule-ja.png');
  const ruleArgv = await p.evaluate(() => generateWords('pdf'));
  fs.writeFileSync(path.join(tmp, 'words.txt'), `${await p.evaluate(() => ruleList())}\n`);
  const rulePdf = await download(p, 'pdf');
  check(rulePdf !== null && rulePdf.name === 'maze-2026.pdf', `the rule maze's PDF saved maze-2026.pdf: ${rulePdf && rulePdf.name}`);
  if (rulePdf) {
    const r = sameAsNative(rulePdf, ruleArgv, 'studio-rule', 2);
    const nativeWords = r.nativeText.split(/\s+/).filter((w) => w);
    const missing = nativeWords.filter((w) => !r.text.includes(w));
    check(ruleArgv.includes('chain:words.txt') && /ルールめいろ/.test(r.text) && missing.length === 0,
      `the rule maze's words are the native PDF's: ${missing.slice(0, 10).join(' ') || 'all'} (${ruleArgv.join(' ')})`);
    execFileSync('pdftoppm', ['-r', '40', '-png', r.file, path.join(shots || tmp, 'web-rule-pdf')]);
  }
  const ruleSvg = await download(p, 'svg');
  check(ruleSvg !== null && /^<svg [^>]*width="210mm" height="297mm"/.test(ruleSvg.data.toString()) &&
    (ruleSvg.data.toString().match(/<path transform=/g) || []).length > 100, 'the rule maze\'s SVG download: the sheet, A4, its words drawn');
  await p.click('#lang-en');
  await settled(p);
  check(away.length === 0, `no request outside the site: ${away.join(' ')}`);
  check(errs.length === 0, `no error in the page: ${errs.join(' | ')}`);
  await p.close();
}

// ---- offline: the site kept by its service worker ----
{
  const { page: p, errors: errs } = await open();
  await p.goto(`${base}?seed=77`, { waitUntil: 'load' });
  await settled(p);
  const ready = await p.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 100 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100));
    return !!navigator.serviceWorker.controller;
  });
  check(ready, 'the service worker controls the page after the first visit');
  await p.setOfflineMode(true);
  await p.reload({ waitUntil: 'load' });
  await settled(p);
  check(await p.evaluate(() => backend.engine && document.getElementById('kinds').children.length > 0),
    'offline, the studio opens again (its page, words and choices kept)');
  await p.select('#size-by', 'cells');
  await settled(p);
  const argv = await p.evaluate(() => generateWords('json'));
  const got = await download(p, 'json');
  check(got !== null && Buffer.compare(got.data, native(argv, 'json')) === 0, `offline, the engine makes the maze: ${argv.join(' ')}`);
  // its page drawn, and its PDF made, with what the service worker kept
  // (the renderer, pdf-lib, fontkit, the fonts the first visit fetched)
  check(drawn(await preview(p)), 'offline, the preview is drawn');
  const offlinePdf = await download(p, 'pdf');
  check(offlinePdf !== null && offlinePdf.data.subarray(0, 5).toString() === '%PDF-', `offline, the PDF is made: ${offlinePdf && offlinePdf.name}`);
  // a name: its font kept by the service worker when the site first served it
  const name = ['generate', '--text', 'HANA', '-s', '77', '-f', 'json'];
  const offlineName = await p.evaluate(async (w) => {
    const r = await backend.ask({ route: 'file', format: 'json', argv: w });
    return { status: r.status, text: await r.text() };
  }, name);
  check(offlineName.status === 200 && offlineName.text === native(name, 'json').toString(),
    `offline, a name maze with its font: ${offlineName.status} ${offlineName.text.slice(0, 80)}`);
  await shot(p, 'web-offline.png');
  check(errs.length === 0, `no error in the page offline: ${errs.join(' | ')}`);
}

clearTimeout(timeout);
await finish();
