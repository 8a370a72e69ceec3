// Rule mazes played in a real browser: headless Chromium driven by
// puppeteer-core (make browser-deps). Each page is walked with the arrow
// keys along the rule path read from meiro's text output (not from the
// page) and must say Goal; at every step the other directions are tried
// and, when the page takes a fake step, undone by stepping back; random
// walks may say Goal only along the rule path. Every rule, in English or
// Japanese in turn, then other languages' alphabets, word chains and
// messages. Usage: node
// tests/rule-browser.mjs BUILD_DIR. Ends with "rule-browser: N passed, N failed".
// meiro-suite: check
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, needBrowser, suite } from './browser-lib.mjs';

const build = path.resolve(process.argv[2] || 'build');
const meiro = path.join(build, 'meiro');
const data = path.resolve('tests/data');
const s = suite('rule-browser');
const { check, finish } = s;
const puppeteer = await needBrowser(s, build);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'meiro-rule-browser-'));
const browser = await puppeteer.launch({ executablePath: chromium, headless: true,
  args: ['--no-sandbox', '--disable-gpu'] });
const keyOf = (a, b, w) => (b === a + 1 ? 'ArrowRight' : b === a - 1 ? 'ArrowLeft' : b === a + w ? 'ArrowDown' : 'ArrowUp');
const back = { ArrowRight: 'ArrowLeft', ArrowLeft: 'ArrowRight', ArrowUp: 'ArrowDown', ArrowDown: 'ArrowUp' };
try {
  const rules = ['multiples:3', 'skip:5', 'sum:20', 'abc:mixed', 'aiueo', `words:${data}/rule-words.txt`,
    `chain:${data}/shiritori.txt`, 'message:GOOD JOB', 'message:ありがとう'];
  // each rule in one language, the languages in turn (the player's steps
  // are the same in both; its words are checked in each); then the
  // alphabets, word chains and messages of other languages
  const plays = [...rules.map((rule, n) => [rule, n % 2 ? 'ja' : 'en']), ['abc', 'es'], ['abc:mixed', 'de'],
    ['abc', 'ko'], ['abc', 'ar'], ['abc', 'zh'], ['chain', 'ar'], ['chain', 'fr'], ['message:ÑANDÚ', 'es']];
  // Goal! in the page's language (po/LL.po's rule.goal)
  const goal = (lang) => (lang === 'en' ? 'Goal!'
    : fs.readFileSync(`po/${lang}.po`, 'utf8').match(/msgctxt "rule.goal"\nmsgid "[^"]*"\nmsgstr "([^"]*)"/)[1]);
  for (const [rule, lang] of plays) {
    {
      const base = path.join(tmp, `${rule.split(':')[0]}-${lang}`);
      const args = ['generate', '--rule', rule, '--lang', lang, '-s', '6', '--difficulty', 'hard'];
      execFileSync(meiro, [...args, '-o', `${base}.html`]);
      const text = execFileSync(meiro, [...args, '-f', 'text'], { encoding: 'utf8' });
      const w = Number(text.match(/^size (\d+) /m)[1]);
      const way = text.match(/^path (.*)$/m)[1].split(' ').map((c) => { const [x, y] = c.split(',').map(Number); return y * w + x; });
      const page = await browser.newPage();
      const requests = [];
      page.on('request', (r) => requests.push(r.url()));
      const state = async () => page.evaluate(() => [document.body.dataset.way, document.body.dataset.status]);
      // random walks: Goal only along the rule path
      await page.goto('file://' + base + '.html');
      let seed = 12345, goalOk = true;
      const dirs = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];
      for (let i = 0; i < 300; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        await page.keyboard.press(dirs[seed % 4]);
        const [walked, status] = await state();
        if (status === 'goal') { goalOk = walked === way.join(','); break; }
      }
      check(goalOk, `${rule} ${lang}: a random walk said Goal off the rule path`);
      // the rule path, trying every other direction on the way
      await page.goto('file://' + base + '.html');
      let ok = true, wrongSaid = false;
      for (let i = 0; i + 1 < way.length && ok; i++) {
        for (const k of dirs) {
          if (k === keyOf(way[i], way[i + 1], w) || (i > 0 && k === keyOf(way[i], way[i - 1], w))) continue;
          const before = (await state())[0];
          await page.keyboard.press(k);
          const [after, status] = await state();
          if (status === 'goal') ok = false;
          if (status === 'wrong') wrongSaid = true;
          if (after !== before) { // a fake step (the rule allows it): back
            await page.keyboard.press(back[k]);
            ok = ok && (await state())[0] === before;
          }
        }
        await page.keyboard.press(keyOf(way[i], way[i + 1], w));
        ok = ok && (await state())[0] === way.slice(0, i + 2).join(',');
      }
      const [walked, status] = await state();
      check(ok && walked === way.join(',') && status === 'goal', `${rule} ${lang}: the rule path did not reach Goal (${status})`);
      // (sum takes every step that stays under its total: a wrong one is rare)
      check(wrongSaid || rule.startsWith('sum'), `${rule} ${lang}: no wrong step was explained`);
      const said = await page.evaluate(() => document.getElementById('status').textContent);
      check(said === goal(lang), `${rule} ${lang}: says '${said}'`);
      check(requests.every((u) => u.startsWith('file://' + base)), `${rule} ${lang}: asked for ${requests}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
await finish();
