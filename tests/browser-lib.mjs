// What the browser suites share: their count and closing line, puppeteer-core
// (installed by `make browser-deps` into BUILD/node) and Chromium found or
// the suite failed or skipped, and `meiro serve` started on a free port.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

export const chromium = '/usr/bin/chromium';

// What the page downloads through its blob links, kept in window.saved as
// { name, data (base64) } for the test to read (the page's CSP lets a test
// fetch none of its blobs): run in the page, page.evaluateOnNewDocument(keepDownloads).
export function keepDownloads() {
  window.saved = [];
  const blobs = new Map(), make = URL.createObjectURL, click = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = (b) => { const u = make(b); blobs.set(u, b); return u; };
  HTMLAnchorElement.prototype.click = function () {
    if (!this.download || !blobs.has(this.href)) { click.call(this); return; }
    const name = this.download;
    blobs.get(this.href).arrayBuffer().then((b) => {
      let bin = '';
      const bytes = new Uint8Array(b);
      for (let i = 0; i < bytes.length; i += 8192) bin += String.fromCharCode(...bytes.subarray(i, i + 8192));
      window.saved.push({ name, data: btoa(bin) });
    });
  };
}

// A suite's count. finish() closes what `before` closes (a browser), prints
// "NAME: N passed, N failed[, N skipped]" and exits: non-zero when a check
// failed or one was skipped (a missing tool fails make check, never passes).
export function suite(name, before = async () => {}) {
  const s = {
    passed: 0, failed: 0, skipped: 0,
    check(ok, what) {
      if (ok) s.passed++;
      else { s.failed++; console.log(`FAIL ${what}`); }
    },
    skip(why) { console.log(`skipped: ${why}`); s.skipped++; },
    async finish() {
      await before();
      console.log(`${name}: ${s.passed} passed, ${s.failed} failed` + (s.skipped ? `, ${s.skipped} skipped` : ''));
      process.exit(s.failed || s.skipped ? 1 : 0);
    },
  };
  return s;
}

// puppeteer-core from BUILD/node, or a sentence saying why not (null when found).
export async function puppeteerIn(build) {
  try {
    const require = createRequire(path.join(build, 'node', 'package.json'));
    return { puppeteer: (await import(require.resolve('puppeteer-core'))).default, why: null };
  } catch (e) {
    return { puppeteer: null, why: `puppeteer-core is not installed in ${build}/node (make browser-deps): ${e.message}` };
  }
}

// The browser a suite needs: puppeteer-core and Chromium, or the suite ends
// (a missing puppeteer-core a failure, a missing Chromium a skip).
export async function needBrowser(s, build) {
  const { puppeteer, why } = await puppeteerIn(build);
  if (!puppeteer) {
    console.log(why);
    s.failed++;
    await s.finish();
  }
  if (!fs.existsSync(chromium)) {
    s.skip(`no Chromium at ${chromium} (apt-get install chromium)`);
    await s.finish();
  }
  return puppeteer;
}

// `meiro serve --port 0`, its address read from its first line: {server,
// base}, base null when it did not start within 10 s.
export function startServe(meiro) {
  return new Promise((resolve) => {
    const server = spawn(meiro, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let said = '';
    const giveUp = setTimeout(() => resolve({ server, base: null }), 10000);
    server.stdout.on('data', (d) => {
      said += d;
      const m = said.match(/(http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) { clearTimeout(giveUp); resolve({ server, base: m[1] }); }
    });
    server.on('exit', () => resolve({ server, base: null }));
  });
}
