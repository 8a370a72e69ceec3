// The studio's words complete in every language: each table of
// src/serve/page/studio-words.js has every key of English's, nested tables
// and lists too (a key missing in one language, or one English lacks, fails),
// of the same kind (a word, a list of the same length, a function of the same
// arguments); every language of po/ (studio-langs.js) has its table; every
// word the page asks for (data-t in index.html, t('...') in studio.js, a
// field's name for a screen reader: data-ta) is English's; and each
// message, worded with sample values, says those values and no
// "undefined". Runs in Node alone, no browser.
// Usage: node tests/studio-words.mjs BUILD_DIR
// meiro-suite: test check
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { suite } from './browser-lib.mjs';

const build = path.resolve(process.argv[2] || 'build');
const page = path.resolve('src/serve/page');
const s = suite('studio-words');
const { check, finish } = s;

// the two scripts as the page loads them, in one global scope
const scope = {};
vm.createContext(scope);
vm.runInContext(`${fs.readFileSync(path.join(build, 'gen/studio-langs.js'), 'utf8')}
${fs.readFileSync(path.join(page, 'studio-words.js'), 'utf8')}
this.LANGS = LANGS; this.words = words;`, scope);
const { words, LANGS } = scope;

const kind = (v) => (Array.isArray(v) ? `list of ${v.length}` : typeof v === 'function' ? `function of ${v.length}` : typeof v);
// the keys of `a` and `b` side by side, nested: what one lacks or holds of another kind
function compare(a, b, where, out) {
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const at = `${where}.${k}`;
    if (!(k in b)) out.push(`${at} missing`);
    else if (!(k in a)) out.push(`${at} is not English's`);
    else if (kind(a[k]) !== kind(b[k])) out.push(`${at} is a ${kind(b[k])}, English's a ${kind(a[k])}`);
    else if (typeof a[k] === 'object' && a[k] !== null && !Array.isArray(a[k])) compare(a[k], b[k], at, out);
  }
  return out;
}

check(LANGS.length >= 9, `po/'s languages: ${LANGS.map(([c]) => c).join(' ')}`);
for (const [code] of LANGS) {
  check(words[code] !== undefined, `${code}: a table of the studio's words`);
  if (!words[code]) continue;
  const wrong = compare(words.en, words[code], code, []);
  check(wrong.length === 0, `${code}: every key of English's and none else: ${wrong.join(', ')}`);
}
for (const code of Object.keys(words))
  check(LANGS.some(([c]) => c === code), `${code}: a language of po/ (studio-langs.js)`);

// every word the page asks for is a key
const html = fs.readFileSync(path.join(page, 'index.html'), 'utf8');
const js = fs.readFileSync(path.join(page, 'studio.js'), 'utf8');
const asked = new Set([...html.matchAll(/data-t="([^"]+)"/g), ...js.matchAll(/\bt\('([^']+)'\)/g)].map((m) => m[1]));
check(asked.size > 60, `the page asks for its words: ${asked.size}`);
for (const k of asked) check(k in words.en, `the page's word ${k} is in the tables`);
// and every field's name for a screen reader (data-ta: aria-label)
const named = [...html.matchAll(/data-ta="([^"]+)"/g)].map((m) => m[1]);
check(named.length >= 10, `the page's fields named for a screen reader: ${named.length}`);
for (const k of named) check(k in words.en.aria, `the field name ${k} is in the tables`);

// every message worded: its values in it, nothing undefined
const sample = { max: '123', third: '41', q: 'Zoë', n: ['4.5', '6.7'], label: 'Étiquette' };
for (const [code, table] of Object.entries(words)) {
  for (const [k, f] of Object.entries(table.messages)) {
    const text = f(sample);
    const src = f.toString();
    const wants = [['${p.max}', '123'], ['${p.third}', '41'], ['${p.q}', 'Zoë'], ['${p.n[0]}', '4.5'], ['${p.label}', 'Étiquette']]
      .filter(([said]) => src.includes(said)).map(([, value]) => value);
    check(typeof text === 'string' && text.length > 5 && !/undefined|NaN/.test(text) && wants.every((w) => text.includes(w)),
      `${code}: message ${k} worded with its values: ${text}`);
  }
  for (const n of [1, 2, 13]) check(!/undefined/.test(table.years(String(n)) + table.floorsN(n) + table.copiesN(n, true)),
    `${code}: counted words for ${n}`);
}
await finish();
