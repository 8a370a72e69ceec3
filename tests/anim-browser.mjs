// The animated SVG (--animate) played in a real browser: headless Chromium
// driven by puppeteer-core (make browser-deps). The animation is paused at
// moments of its loop (SVG's setCurrentTime) and each moment's screenshot
// is read back pixel by pixel (decoded by the browser's own canvas): while
// the maze is dug its walls fall and no cell is the path's violet; at the end
// the path is violet, cell for cell as the file's finished state says.
// Usage: node tests/anim-browser.mjs BUILD_DIR [SHOTS_DIR]
// Ends with "anim-browser: N passed, N failed" (tests/run.sh counts it).
// meiro-suite: check
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, needBrowser, suite } from './browser-lib.mjs';

const build = path.resolve(process.argv[2] || 'build');
const shots = process.argv[3] ? path.resolve(process.argv[3]) : null;
const meiro = path.join(build, 'meiro');
const s = suite('anim-browser');
const { check, finish } = s;
const puppeteer = await needBrowser(s, build);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'meiro-anim-browser-'));
const browser = await puppeteer.launch({ executablePath: chromium, headless: true,
  args: ['--no-sandbox', '--disable-gpu'] });

// The path's violet (export_anim.c's PATH_COLOUR, the answer's), and what a pixel is.
const PATH = [0xa0, 0x48, 0xe0];
function kind(r, g, b) {
  if (Math.abs(r - PATH[0]) < 14 && Math.abs(g - PATH[1]) < 14 && Math.abs(b - PATH[2]) < 14) return 'path';
  if (r < 70 && g < 70 && b < 70) return 'wall';
  if (r > 235 && g > 235 && b > 235) return 'white';
  return Math.max(r, g, b) - Math.min(r, g, b) > 30 ? 'coloured' : 'other';
}

try {
  // dig: generation, then the solver's search, then the path held
  for (const [algo, seed] of [['dig', 7], ['cluster', 3]]) {
    const svg = path.join(tmp, `${algo}.svg`);
    execFileSync(meiro, ['generate', '-W', '16', '-H', '10', '-a', algo, '-s', String(seed), '--solution',
      '--animate', svg, '-o', '/dev/null']);
    const text = fs.readFileSync(svg, 'utf8');
    const width = Number(text.match(/<svg [^>]*width="(\d+)"/)[1]);
    const height = Number(text.match(/<svg [^>]*height="(\d+)"/)[1]);
    const dur = Number(text.match(/dur="([\d.]+)s"/)[1]);
    const cellPx = width / (16 + 2);
    // the finished state: the path's cells (their base paint), as a viewer
    // that does not animate shows them
    const pathCells = (text.match(/<rect [^>]*fill="#a048e0"/g) || []).length;
    check(pathCells >= 16 + 10 - 1, `${algo}: the file's finished state has ${pathCells} path cells`);
    const page = await browser.newPage();
    await page.setViewport({ width, height });
    await page.goto('file://' + svg, { waitUntil: 'load' });
    const reader = await browser.newPage();
    // generation takes about the first half of the loop (8 of 15.5 s), the
    // search the next third, the path is held to the end
    const moments = [0.02, 0.2, 0.45, 0.97];
    const counts = [];
    for (const at of moments) {
      const t = at * dur;
      await page.evaluate((t) => {
        const root = document.documentElement;
        root.pauseAnimations();
        root.setCurrentTime(t);
      }, t);
      await page.bringToFront(); // (a page behind another draws no frames)
      const shot = await page.screenshot({ encoding: 'base64' });
      if (shots) fs.writeFileSync(path.join(shots, `anim-${algo}-${t.toFixed(1)}s.png`), shot, 'base64');
      const pixels = await reader.evaluate(async (b64) => {
        const img = new Image();
        img.src = 'data:image/png;base64,' + b64;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.width, c.height = img.height;
        const ctx = c.getContext('2d');
        ctx.drawImage(img, 0, 0);
        return Array.from(ctx.getImageData(0, 0, c.width, c.height).data);
      }, shot);
      const n = { path: 0, wall: 0, white: 0, coloured: 0, other: 0 };
      for (let i = 0; i < pixels.length; i += 4) n[kind(pixels[i], pixels[i + 1], pixels[i + 2])]++;
      counts.push(n);
    }
    const [start, early, mid, end] = counts;
    const cellArea = cellPx * cellPx;
    // the maze is dug: walls fall while the carved cells grow
    check(start.wall > early.wall && early.wall > mid.wall,
      `${algo}: walls ${start.wall} → ${early.wall} → ${mid.wall} pixels while digging`);
    check(mid.coloured > early.coloured && early.coloured > start.coloured,
      `${algo}: carved ${start.coloured} → ${early.coloured} → ${mid.coloured} pixels while digging`);
    check(early.path < cellArea && mid.path < cellArea,
      `${algo}: the path's violet while digging (${early.path}, ${mid.path} pixels)`);
    // at the end the path, as the file's finished state says (each violet cell
    // less its walls' share)
    check(end.path > pathCells * cellArea * 0.6 && end.path <= pathCells * cellArea * 1.05,
      `${algo}: ${end.path} violet pixels at the end for ${pathCells} path cells of ${cellArea} pixels`);
    await page.close();
    await reader.close();
  }
} catch (e) {
  check(false, e.stack || e);
} finally {
  await browser.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
await finish();
