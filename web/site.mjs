// Assembles the static site (make web-site, web/web.mk): the studio's page
// from src/serve/page/ (meiro serve's own), the engine built for a Web
// Worker, the site's own scripts (web/site/), pdf-lib and fontkit from
// node_modules, the engine's fonts, the built-in pictures, the native server's
// api/choices, icons drawn by the native meiro, the manifest, and the
// service worker with the list of the files it keeps (and their digest:
// a new build is a new service worker).
// Usage: node web/site.mjs BUILD ENGINE_DIR NODE_DIR SITE
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const [build, engineDir, nodeDir, site] = process.argv.slice(2);
if (!site) {
  console.error('usage: node web/site.mjs BUILD ENGINE_DIR NODE_DIR SITE');
  process.exit(2);
}
const meiro = path.join(build, 'meiro');
const tmp = `${site}.tmp`;
fs.rmSync(tmp, { recursive: true, force: true });
for (const d of ['vendor', 'fonts', 'art', 'api', 'icons']) fs.mkdirSync(path.join(tmp, d), { recursive: true });
const copy = (from, to) => fs.copyFileSync(from, path.join(tmp, to));

for (const f of ['index.html', 'studio.css', 'studio.js', 'studio-words.js', 'studio-backend.js'])
  copy(`src/serve/page/${f}`, f);
copy(path.join(build, 'gen/studio-langs.js'), 'studio-langs.js');
for (const f of ['engine-worker.js', 'meiro-page.js']) copy(`web/site/${f}`, f);
for (const f of ['meiro-engine.js', 'meiro-engine.wasm']) copy(path.join(engineDir, f), f);

// the libraries and their licences (npm's packages, at the versions web.mk names)
const modules = path.join(nodeDir, 'node_modules');
copy(path.join(modules, 'pdf-lib/dist/pdf-lib.min.js'), 'vendor/pdf-lib.min.js');
copy(path.join(modules, 'pdf-lib/LICENSE.md'), 'vendor/pdf-lib.LICENSE.md');
copy(path.join(modules, '@pdf-lib/fontkit/dist/fontkit.umd.min.js'), 'vendor/fontkit.umd.min.js');
copy(path.join(modules, '@pdf-lib/fontkit/package.json'), 'vendor/fontkit.package.json'); // (its licence: MIT, named there)

// the fonts: the engine's (make web's BUILD/web/fonts, glyph/font.c's
// table of Debian's files), which the worker reads when a letter needs
// one and the renderer (meiro-page.js) sets the pages' texts in, with
// their packages' copyright files
const fontDir = path.join(build, 'web', 'fonts');
for (const f of fs.readdirSync(fontDir)) copy(path.join(fontDir, f), `fonts/${f}`);
for (const pkg of ['fonts-dejavu-core', 'fonts-ipaexfont-gothic', 'fonts-noto-cjk', 'fonts-noto-core'])
  copy(`/usr/share/doc/${pkg}/copyright`, `fonts/${pkg}.copyright`);

// the built-in pictures a page names (art/NAME.svg)
for (const f of fs.readdirSync('templates/art')) if (f.endsWith('.svg')) copy(`templates/art/${f}`, `art/${f}`);

// api/choices: the native server's answer, with the engine named (the
// page's back end is then the worker: studio-backend.js)
async function choices() {
  const server = spawn(meiro, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const base = await new Promise((resolve, reject) => {
      let said = '';
      const giveUp = setTimeout(() => reject(new Error('meiro serve did not start')), 20000);
      server.stdout.on('data', (d) => {
        said += d;
        const m = said.match(/(http:\/\/127\.0\.0\.1:\d+\/)/);
        if (m) { clearTimeout(giveUp); resolve(m[1]); }
      });
      server.on('exit', () => reject(new Error('meiro serve ended')));
    });
    const r = await fetch(`${base}api/choices`);
    if (!r.ok) throw new Error(`api/choices: ${r.status}`);
    return { ...(await r.json()), engine: 'worker' };
  } finally {
    server.kill();
  }
}
fs.writeFileSync(path.join(tmp, 'api/choices'), `${JSON.stringify(await choices())}\n`);

// the icons: a small maze, cropped, drawn by meiro itself with cells of
// 7 and 20 mm at 96 dpi (186 and 530 pixels); the manifest names each by
// its true size (its PNG's header)
const icons = [];
for (const cell of [7, 20]) {
  const file = `icons/maze-${cell}.png`;
  execFileSync(meiro, ['generate', '-W', '6', '-H', '6', '-s', '39', '--crop', '--cell', String(cell), '--dpi', '96',
    '-o', path.join(tmp, file)]);
  const png = fs.readFileSync(path.join(tmp, file));
  icons.push({ src: file, sizes: `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, type: 'image/png', purpose: 'any' });
}
// (a browser asks for /favicon.ico before any page says otherwise)
fs.copyFileSync(path.join(tmp, icons[0].src), path.join(tmp, 'favicon.ico'));
fs.writeFileSync(path.join(tmp, 'manifest.webmanifest'), `${JSON.stringify({
  name: 'meiro — maze studio', short_name: 'meiro', description: 'Mazes to print and play, made on this device',
  start_url: './', scope: './', display: 'standalone', background_color: '#ffffff', theme_color: '#ffffff', icons,
}, null, 2)}\n`);

// the service worker: the files kept at its install (all but the fonts,
// kept when a page first needs them), and their digest
const files = [];
(function walk(dir) {
  for (const e of fs.readdirSync(path.join(tmp, dir), { withFileTypes: true })) {
    const f = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) walk(f); else files.push(f);
  }
})('');
files.sort();
const digest = createHash('sha256');
for (const f of files) digest.update(f).update(fs.readFileSync(path.join(tmp, f)));
const kept = ['./', ...files.filter((f) => !f.startsWith('fonts/') && f !== 'index.html')];
fs.writeFileSync(path.join(tmp, 'sw.js'), `// (made by web/site.mjs)\nconst SITE = ${JSON.stringify({ version: digest.digest('hex').slice(0, 16), files: kept })};\n${
  fs.readFileSync('web/site/sw.js', 'utf8')}`);

fs.rmSync(site, { recursive: true, force: true });
fs.renameSync(tmp, site);
const rest = files.filter((f) => !f.startsWith('fonts/')).map((f) => fs.readFileSync(path.join(site, f)));
const size = rest.reduce((n, b) => n + b.length, 0), gz = rest.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
console.log(`make web-site: ${site}/ (${files.length + 1} files; without the fonts ${Math.round(size / 1024)} KB, ` +
  `${Math.round(gz / 1024)} KB gzip-compressed)`);
