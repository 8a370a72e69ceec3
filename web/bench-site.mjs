// make bench's browser part (issue 39): the static site (build/web/site/)
// served on the loopback address by a plain static server and opened in
// headless Chromium with a cold cache (a new profile), then timed:
//   - the first preview: from the navigation to the maze drawn in the page
//     (the engine's -f page in its worker, drawn by meiro-page.js);
//   - a preview after a change: "New maze" clicked to the new maze drawn,
//     a one-page A4 maze, the median of 10 (each a fresh instance of the
//     engine, its page composed and drawn);
//   - a 40-maze booklet's PDF: the button to the file saved.
// Figures only: nothing here passes or fails.
// Usage: node web/bench-site.mjs BUILD_DIR
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, puppeteerIn } from '../tests/browser-lib.mjs';

const build = path.resolve(process.argv[2] || 'build');
const site = path.join(build, 'web', 'site');
const { puppeteer, why } = await puppeteerIn(build);
if (!puppeteer || !fs.existsSync(chromium) || !fs.existsSync(path.join(site, 'index.html'))) {
  console.log(`the site in Chromium: not measured (${why || `no Chromium at ${chromium}, or no ${site} (make web)`})`);
  process.exit(0);
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'meiro-bench-site-'));
const server = spawn('python3', ['-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', site], { stdio: ['ignore', 'pipe', 'ignore'] });
const base = await new Promise((resolve, reject) => {
  let said = '';
  setTimeout(() => reject(new Error('the static server did not start')), 10000);
  server.stdout.on('data', (d) => {
    said += d;
    const m = said.match(/port (\d+)/);
    if (m) resolve(`http://127.0.0.1:${m[1]}/`);
  });
});
const browser = await puppeteer.launch({
  executablePath: chromium, headless: true, userDataDir: path.join(tmp, 'profile'),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 1000 });
  // the preview's address once it changes from `was` (a new blob: drawn)
  const drawn = (was) => page.waitForFunction((w) => {
    const img = document.getElementById('puzzle');
    return img.src.startsWith('blob:') && img.src !== w && img.complete && img.naturalWidth > 0;
  }, { timeout: 60000, polling: 'raf' }, was);
  const t0 = Date.now();
  await page.goto(`${base}?seed=1`);
  await drawn('');
  const first = Date.now() - t0;
  const times = [];
  for (let i = 0; i < 10; i++) {
    // (timed in the page: the click to the new maze's image loaded)
    times.push(Math.round(await page.evaluate(() => new Promise((resolve) => {
      const img = document.getElementById('puzzle'), t = performance.now();
      img.addEventListener('load', () => resolve(performance.now() - t), { once: true });
      document.getElementById('new').click();
    }))));
    await new Promise((r) => setTimeout(r, 200)); // (its answer drawn too)
  }
  times.sort((a, b) => a - b);
  await page.select('#count', '40');
  const book = await page.evaluate(async () => {
    const words = bookletWords('pdf');
    const t = performance.now();
    const r = await backend.ask({ route: 'booklet', format: 'pdf', argv: words });
    const size = (await r.arrayBuffer()).byteLength;
    return { ms: performance.now() - t, size, status: r.status };
  });
  console.log('The site in Chromium (headless, loopback, cold cache):');
  console.log(`  first preview after opening the page   ${first} ms`);
  console.log(`  preview after a change (New maze, A4)  median ${times[5]} ms (of 10: ${times[0]}-${times[9]} ms)`);
  console.log(`  a 40-maze booklet's PDF                 ${book.status === 200 ? `${Math.round(book.ms)} ms, ${Math.round(book.size / 1024)} KB` : `failed (${book.status})`}`);
} finally {
  await browser.close();
  server.kill();
  fs.rmSync(tmp, { recursive: true, force: true });
}
