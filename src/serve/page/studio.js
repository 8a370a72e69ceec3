// meiro serve's page, and the static site's (make web): a form whose
// every change asks the back end (studio-backend.js: the server's routes,
// or the engine in a Web Worker) for the page as SVG (the generate
// command's long options as a query, and as the command's words) and
// shows it with its answer; the downloads ask the same. Nothing here
// decides a maze: the back end runs meiro generate.
// Its words, a table per language, are studio-words.js's (words[lang]).
'use strict';

// little pictures of the kinds (24 x 24)
const kindIcons = {
  rect: '<rect x="3" y="3" width="18" height="18"/><path d="M3 9h8M15 9v6M9 15h12M9 9v6"/>',
  shape: '<path d="M12 20 4.5 12.5a4.2 4.2 0 0 1 7.5-5.3 4.2 4.2 0 0 1 7.5 5.3Z"/>',
  name: '<path d="M4 19 9 5l5 14M6 14h6M15 19V9h3a2.5 2.5 0 0 1 0 5h-3"/>',
  round: '<circle cx="12" cy="12" r="9"/><circle cx="12" cy="12" r="5"/><path d="M12 3v4M17 12h4M12 17v2"/>',
  hex: '<path d="M12 2.5 20.5 7.25v9.5L12 21.5 3.5 16.75v-9.5Z"/><path d="M12 2.5v6M3.5 16.75 9 13.5"/>',
  triangle: '<path d="M12 3 21.5 20h-19Z"/><path d="M7.25 11.5h9.5M12 3v8.5"/>',
  // a corridor crossing over another on a bridge
  weave: '<rect x="3" y="3" width="18" height="18"/><path d="M3 10h18M3 14h18M10 3v5.5M14 3v5.5M10 15.5V21M14 15.5V21"/>',
  // a grid of numbers, a way through them
  rule: '<rect x="3" y="3" width="18" height="18"/><path d="M9 3v18M15 3v18M3 9h18M3 15h18"/>'
    + '<path class="way" d="M6 6h6v6h6v6"/>',
  // the way coloured in draws a heart
  picture: '<rect x="3" y="3" width="18" height="18"/>'
    + '<path class="way" d="M12 17.5 7.2 12.7a2.7 2.7 0 0 1 4.8-3.4 2.7 2.7 0 0 1 4.8 3.4Z"/>',
  // floors stacked, a stair up from one to the next (--levels)
  levels: '<path d="M2.5 8.5 12 4l9.5 4.5L12 13Z"/><path d="M2.5 12.5 12 17l9.5-4.5M2.5 16.5 12 21l9.5-4.5"/>'
    + '<path class="way" d="M8 11.5v-3h3v-2h3"/>',
};

// what there is to do on the way (--mission, --one-way), as pictures; a
// booklet's kinds (--kinds) the same
const missionIcons = {
  none: kindIcons.rect,
  keys: '<circle cx="7.5" cy="12" r="4"/><path d="M11.5 12H21M17.5 12v3.5M20.5 12v3"/>',
  collect: '<circle cx="5.5" cy="16.5" r="3.8"/><circle cx="12" cy="7" r="3.8"/><circle cx="18.5" cy="16.5" r="3.8"/>'
    + '<text x="5.5" y="16.8">1</text><text x="12" y="7.3">2</text><text x="18.5" y="16.8">3</text>',
  'one-way': '<path d="M2.5 8h15M14 4.5 17.5 8 14 11.5M21.5 16h-15M10 12.5 6.5 16l3.5 3.5"/>',
};

// the rules as pictures: a few tokens along their way (text in an SVG);
// null: the page's language's (its alphabet, abc following --lang; its
// example's first words)
const ruleIcons = {
  multiples: ['3', '6', '9'], skip: ['5', '10', '15'], sum: ['1', '+2', '=3'], abc: null,
  aiueo: ['あ', 'い', 'う'], words: null, chain: null, message: ['H', 'I', '!'],
};
function ruleIcon(r) {
  const t = ruleIcons[r] || (r === 'abc' ? ui().abcLetters : ui()[`${r}Example`].split('\n').slice(0, 3));
  const small = t.some((x) => x.length > 2);
  // the way from the top corner a reader starts at: the right one right to
  // left (the tokens themselves as written: +2, not 2+)
  const xs = document.documentElement.dir === 'rtl' ? [36, 24, 12] : [12, 24, 36];
  return `<svg viewBox="0 0 48 48" aria-hidden="true" class="rule-icon"><path class="way" d="M${xs[0]} 10H${xs[1]}v14H${xs[2]}v14"/>${
    t.map((x, i) => `<text x="${xs[i]}" y="${[10, 24, 38][i]}" font-size="${small ? 10 : 13}">${x}</text>`).join('')}</svg>`;
}

const $ = (id) => document.getElementById(id);

// the papers offered, as the command names them (words[lang].papers: as people do)
const paperSizes = ['a4', 'a3', 'a5', 'b5', 'b4', 'letter', 'legal'];

// The paper of the browser's region: Letter where it is the usual paper
// (CLDR's paperSize: the United States and its neighbours), else A4.
const letterRegions = ['US', 'CA', 'MX', 'BZ', 'CL', 'CO', 'CR', 'GT', 'NI', 'PA', 'PH', 'PR', 'SV', 'VE'];
function localPaper() {
  let region = '';
  try { region = new Intl.Locale(navigator.language || 'en').maximize().region || ''; } catch (e) { region = ''; }
  return letterRegions.includes(region) ? 'letter' : 'a4';
}
// The page's language: meiro's languages (LANGS, /studio-langs.js, made from
// po/), the browser's first that meiro speaks, else English: the form in its
// words (studio-words.js), the pages made in it.
function browserLang() {
  for (const tag of [navigator.language || 'en', ...(navigator.languages || [])]) {
    let code = tag.toLowerCase().split('-')[0];
    if (code === 'zh' && /-(tw|hk|mo|hant)/i.test(tag)) code = 'zh-Hant'; // zh is simplified
    if (LANGS.some(([c]) => c === code)) return code;
  }
  return 'en';
}
const state = {
  lang: browserLang(),
  kind: 'rect', shape: 'heart', rule: 'multiples', pictureOf: 'heart', mission: 'none', seed: firstSeed(), choices: { shapes: [], templates: [], art: [] },
};
let pending = null, timer = 0, notice = null;
// the preview's refusal, said again after a file made (one the engine
// cannot draw, a rule maze's page, still has its spreadsheet, JSON, text
// and CSV)
let previewRefused = null;

// the page's address may name the first maze's seed (/?seed=7), else a new one
function firstSeed() {
  const given = new URLSearchParams(location.search).get('seed');
  return given && /^[0-9]{1,19}$/.test(given) ? given : newSeed();
}

function newSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] % 1000000000;
}

function ui() { return words[state.lang] || words.en; }
function t(key) { return ui()[key]; }

// Whether a file is laid out on a page, as the server says (/api/choices:
// the library's format table); not JSON's data or a 3D print.
function paged(format) {
  const can = (state.choices.formats || {})[format];
  return !format || !can || can.includes('page');
}
// The options of the page, the same for a maze and a booklet; a file with
// no page (`format`) takes none of them, which the command would say change
// nothing.
function pageOptions(add, format) {
  if (paged(format)) {
    // a page for fingers or large print has its own look, S and G, and no name line
    const plain = !forWhom();
    if (plain && $('template').value !== 'default') add('template', $('template').value);
    forOptions(add);
    if ($('paper').value !== 'a4') add('paper', $('paper').value);
    if ($('orientation').value) add($('orientation').value, 1);
    if (plain && $('art').value) add('art', $('art').value);
    if (state.lang !== 'en') add('lang', state.lang);
    if ($('title').value.trim()) add('title', $('title').value.trim());
    if (plain && $('name').value.trim()) add('name', $('name').value.trim());
  }
  if ($('algorithm').value && state.kind !== 'picture') add('algorithm', $('algorithm').value);
}

// The workshop's machines and their files (generate's formats).
const machineFiles = { plotter: ['gcode', 'hpgl'], laser: ['dxf'], printer: ['stl', '3mf'] };
const machineOf = (format) => Object.keys(machineFiles).find((m) => machineFiles[m].includes(format));
// A machine's options, generate's own: the corridors' centre-lines for a
// plotter's or a laser's strokes, the beam's kerf for a laser's DXF, a
// ball and a lid for a 3D print (the command checks them, and refuses what
// cannot go together). A picture maze's options are its own: none of these.
function machineOptions(add, format) {
  const m = machineOf(format);
  if (!m || state.kind === 'picture') return;
  if (m !== 'printer' && $('paths').checked) add('draw', 'paths');
  if (m === 'laser' && $('kerf').value) add('kerf', `${$('kerf').value}mm`);
  if (m === 'printer' && $('ball').value) add('ball', `${$('ball').value}mm`);
  if (m === 'printer' && $('lid').checked) add('lid', 1);
}

// the user's own picture is the shape (POSTed as the body; see send)
function usesPicture() {
  return !!state.picture && ((state.kind === 'shape' && state.shape === '') || (state.kind === 'picture' && state.pictureOf === ''));
}
// the name the server gives it (and so the footer, and the command shown)
function pictureName() {
  const ext = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/gif': 'gif', 'image/bmp': 'bmp', 'image/svg+xml': 'svg' };
  return `picture.${(state.picture && ext[state.picture.type]) || 'png'}`;
}

// Who the page is for: everyone (''), a child who reads with their fingers
// (--print tactile), large print (--print large-print, its template; in
// OpenDyslexic: -t large-print-dyslexic). Offered for the rectangles and
// grids without a mission (the command refuses missions on both); pages
// alone: no booklet, spreadsheet or page to play.
function forKind() { return ['rect', 'round', 'hex', 'triangle'].includes(state.kind) && !hasMission(); }
function forWhom() { return forKind() ? $('for').value : ''; }
function forOptions(add) {
  const who = forWhom();
  if (who === 'large-print-dyslexic') add('template', who);
  if (who) add('print', who === 'tactile' ? 'tactile' : 'large-print');
}
// The pre-braille progression's step (--tactile-level, rectangles): the
// step is the maze, so its page's words and paper alone go with it.
function tactileLevel() { return forWhom() === 'tactile' && state.kind === 'rect' ? $('tactile-level').value : ''; }
function tactileLevelOptions() {
  const o = [];
  const add = (name, value) => o.push([name, String(value)]);
  add('print', 'tactile');
  add('tactile-level', tactileLevel());
  if ($('paper').value !== 'a4') add('paper', $('paper').value);
  if (state.lang !== 'en') add('lang', state.lang);
  if ($('title').value.trim()) add('title', $('title').value.trim());
  add('seed', state.seed);
  return o;
}

// The query: the generate command's long options, as the command line would take them.
function options(format) {
  if (state.kind === 'rule') return ruleOptions(format);
  if (state.kind === 'picture') return pictureOptions(format);
  if (tactileLevel()) return tactileLevelOptions();
  const o = [];
  const add = (name, value) => o.push([name, String(value)]);
  if (state.kind === 'shape' && state.shape) add('shape', state.shape);
  if (state.kind === 'name') add('text', $('text').value.trim() || 'A');
  if (state.kind === 'round') { add('grid', 'polar'); add('ends', 'center'); }
  if (state.kind === 'hex') add('grid', 'hex');
  if (state.kind === 'triangle') add('grid', 'triangle');
  const by = $('size-by').value;
  if (by === 'age') add('age', $('age').value);
  if (by === 'difficulty') add('difficulty', $('difficulty').value);
  if (by === 'cells') {
    if (state.kind !== 'round' && state.kind !== 'name') add('width', $('width').value);
    add('height', $('height').value);
  }
  // floors are perfect, a set number of choices one way: no loops (the command refuses them)
  if ($('loops').value !== '0' && state.kind !== 'levels' && !choicesAsked()) add('loops', $('loops').value);
  if (choicesAsked()) add('choices', $('choices').value);
  if (state.kind === 'weave') add('weave', $('weave').value);
  if (state.kind === 'levels') add('levels', $('floors').value);
  if (hasMission()) {
    if (state.mission === 'one-way') add('one-way', $('mission-n').value);
    else add('mission', `${state.mission}:${$('mission-n').value}`);
  }
  pageOptions(add, format);
  machineOptions(add, format);
  // (a sheet for the fingers has no answer)
  if ($('answers').checked && (format === 'pdf' || format === 'xlsx') && forWhom() !== 'tactile') add('answer-page', 1);
  // a weave maze's sheet shows its crossings, a mission's sheet its keys, items
  // and arrows, but the Goal! check can follow neither
  if ($('play').checked && format === 'xlsx' && playOffered()) add('play', 1);
  add('seed', state.seed);
  return o;
}

// The kinds that take a mission: rectangles, their shapes and names
// (the command refuses it on other grids and with bridges).
function missionKind() { return ['rect', 'shape', 'name'].includes(state.kind); }
function hasMission() { return missionKind() && state.mission !== 'none'; }
// A set number of choices (--choices): the four grids, without a mission.
function choicesKind() { return ['rect', 'round', 'hex', 'triangle'].includes(state.kind) && !hasMission(); }
function choicesAsked() { return choicesKind() && Number($('choices').value) > 0; }

// A picture maze: a built-in shape, letters or one's own picture (POSTed:
// picture= empty, kept as picture.EXT), sized by cells (picture.c's options).
function pictureOptions(format) {
  const o = [];
  const add = (name, value) => o.push([name, String(value)]);
  add('picture', state.pictureOf === 'letters' ? ($('text').value.trim() || 'A') : state.pictureOf);
  if ($('reverse').checked) add('reverse', 1);
  add(state.pictureOf === 'letters' ? 'height' : 'width', $('picture-size').value);
  pageOptions(add, format);
  if ($('answers').checked && (format === 'pdf' || format === 'xlsx')) add('answer-page', 1);
  if ($('play').checked && format === 'xlsx') add('play', 1);
  add('seed', state.seed);
  return o;
}

// A rule maze: its rule, level, language and title (rule.c's options); a
// word list is POSTed as the body (see send), which the server keeps as
// words.txt: "--rule words:words.txt" on the command line.
function ruleValue() {
  const r = state.rule;
  if (r === 'multiples' || r === 'sum') return `${r}:${$('rule-n').value}`;
  if (r === 'skip') return `skip:${$('rule-n').value},${$('rule-from').value}`;
  // (an alphabet without capitals, Korean's or Arabic's, takes no case)
  if (r === 'abc') return t('cased') ? `abc:${$('rule-case').value}` : 'abc';
  if (r === 'aiueo') return `aiueo:${$('rule-kana').value}`;
  return r; // words, chain: the list comes as the body
}
function ruleList() { return (state.rule === 'words' || state.rule === 'chain') ? $('rule-words').value.trim() : ''; }
function ruleOptions(format, booklet) {
  const o = [];
  const add = (name, value) => o.push([name, String(value)]);
  if (state.rule === 'message') add('message', $('rule-message').value.trim());
  else add('rule', ruleValue());
  const by = $('size-by').value;
  if (by === 'age') add('age', $('age').value);
  else add('difficulty', $('difficulty').value);
  if (state.lang !== 'en') add('lang', state.lang);
  if ($('title').value.trim()) add('title', $('title').value.trim());
  // the paper of the printed pages (a spreadsheet or a page to play has none)
  if ($('paper').value !== 'a4' && (format === 'pdf' || format === 'svg')) add('paper', $('paper').value);
  if (booklet) add('copies', $('count').value);
  if (!$('answers').checked && format === 'pdf') add('answers', 'none');
  add('seed', state.seed);
  return o;
}

// The pupils' names for a class set, one a line ('' for none): the body of
// the booklet's POST, which the server keeps as names.txt.
function pupils() {
  return $('pupils').value.split('\n').map((n) => n.trim()).filter((n) => n).join('\n');
}

// A booklet's query: booklet's long options (no age, no letters: its levels and kinds).
function bookletOptions(format) {
  if (state.kind === 'rule') return ruleOptions(format, true);
  const o = [];
  const add = (name, value) => o.push([name, String(value)]);
  add('count', $('count').value);
  // (a booklet for fingers or large print: sizes up to the largest its pages hold)
  if (!forWhom()) add('difficulty', $('levels').value);
  if (state.kind === 'shape' && state.shape) add('shape', state.shape);
  const grids = { round: 'polar', hex: 'hex', triangle: 'triangle' };
  if (grids[state.kind]) add('grid', grids[state.kind]);
  // a set number of choices: the plain mazes' (booklet --choices, or the kind choices=N among others)
  const kinds = bookletKinds().map((k) => (k === 'plain' && choicesAsked() ? `choices=${$('choices').value}` : k));
  if (kinds.length === 1 && choicesAsked() && kinds[0].startsWith('choices=')) add('choices', $('choices').value);
  else if (kinds.join() !== 'plain') add('kinds', kinds.join(','));
  pageOptions(add);
  // a class set: versions one after another, their answers at the end (one
  // file), never folded (one folded booklet a pupil is one booklet each)
  // (a list of pupils' names makes the versions itself: POSTed, see pupils;
  // or one version with each name on it, and one key)
  const set = classSet();
  // folded: the sheets are the paper chosen (the one printed on), two pages
  // on each (the command's default sheet is twice the page: A3 for A4)
  if ($('fold').checked && format === 'pdf' && !set) { add('fold', 1); add('sheet', $('paper').value); }
  if (set && !pupils()) add('copies', $('copies').value);
  if (pupils() && $('same-mazes').checked) add('same-mazes', 1);
  // the answers as the box says: none, or a class set's key after every
  // sheet, or a booklet's where its template puts them (the page is a PDF
  // or a workbook, never an HTML page, whose answers would be a second file)
  if (!$('answers').checked) add('answers', 'none');
  else if (set) add('answers', 'key');
  add('seed', state.seed);
  return o;
}

// A booklet's kinds (--kinds), taken in turn: those ticked; until the user
// ticks one, the maze's own (its bridges or its mission). Rectangles only.
const bookletKindNames = ['plain', 'weave', 'keys', 'collect', 'one-way', 'levels'];
function rectKind() { return ['rect', 'weave', 'levels'].includes(state.kind); }
function bookletKinds() {
  if (!rectKind()) return ['plain'];
  if (!state.bookletKinds) {
    return [state.kind === 'weave' ? 'weave' : state.kind === 'levels' ? 'levels' : hasMission() ? state.mission : 'plain'];
  }
  return bookletKindNames.filter((k) => state.bookletKinds.includes(k));
}

function query(list) {
  return list.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

// a POSIX shell word
function word(s) { return /^[A-Za-z0-9_.,:/+=@%\u0080-\uffff-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`; }

const switches = ['answer-page', 'play', 'portrait', 'landscape', 'fold', 'reverse', 'same-mazes', 'lid'];
// the options as the command's words (the engine's argv; shown quoted)
function commandWords(list) {
  return list.flatMap(([k, v]) => (v === '1' && switches.includes(k)) ? [`--${k}`]
    : k === 'picture' && v === '' ? ['--picture', pictureName()] // one's own picture, sent along
      : [`--${k}`, k === 'rule' && ruleList() ? `${v}:words.txt` : v]);
}
function generateWords(format) {
  const picture = usesPicture() && state.kind === 'shape' ? ['--shape', pictureName()] : [];
  return ['generate', ...picture, ...commandWords(options(format))];
}
function bookletWords(format) {
  return ['booklet', ...commandWords(bookletOptions(format)), ...(pupils() ? ['--names', 'names.txt'] : [])];
}
function command(format = 'pdf') {
  return `meiro ${generateWords(format).map(word).join(' ')} -o maze.${format}`;
}
// --format named: a booklet prints the command that remakes it, every option but -o
function bookletCommand() {
  return `meiro ${bookletWords('pdf').map(word).join(' ')} --format pdf -o booklet.pdf`;
}

// The server's messages in the page's language: each refusal and warning
// comes with a code and its values (X-Meiro-Message, a URL query's form;
// the command's own lines as code=command with the option they are about,
// their quoted text and numbers), worded here from the language's table
// (words[lang].messages); the English line the server sent is kept in the
// box's data-said, never shown.
const sameWords = { height: 'width', cell: 'width', picture: 'shape' }; // options worded alike
// A number the server sent ("40000", "7.5") as the page's language writes
// it (40 000, 7,5 in French), in the digits 0-9 every language's pages use
// (po/GLOSSARY.md); anything else as it came.
function localNumber(s) {
  const m = /^\d+(?:\.(\d+))?$/.exec(s || '');
  if (!m) return s;
  const digits = (m[1] || '').length;
  return new Intl.NumberFormat(state.lang, { numberingSystem: 'latn', minimumFractionDigits: digits,
    maximumFractionDigits: digits }).format(Number(s));
}
function worded(form) {
  const q = new URLSearchParams(form || 'code=offline');
  const max = q.get('max');
  const p = { code: q.get('code'), level: q.get('level') || 'error', option: q.get('option'), max: localNumber(max),
    third: max && localNumber(String(Math.floor(Number(max) / 3))), q: q.get('q'), n: q.getAll('n').map(localNumber) };
  const m = t('messages');
  if (p.code !== 'command' && m[p.code]) return m[p.code](p);
  for (const o of [p.option, sameWords[p.option]])
    if (o && m[`${p.level}.${o}`]) return m[`${p.level}.${o}`](p);
  p.label = fieldLabel(p.option);
  return m[p.level === 'warning' ? 'warning' : 'error'](p);
}
// the field shown of those that give an option (a picture maze's size gives
// --width or --height), and its label in the page's language
function fieldOf(option) {
  return option ? [...document.querySelectorAll(`[data-opt="${option}"]`)].find((e) => !e.closest('[hidden]')) : null;
}
function fieldLabel(option) {
  const f = fieldOf(option);
  if (!f) return '';
  const label = f.closest('label') && f.closest('label').querySelector('span');
  const legend = f.closest('fieldset') && f.closest('fieldset').querySelector('legend');
  return (label || legend || { textContent: '' }).textContent.trim();
}
// a refused request as an Error: the server's line, and its code
async function refusal(r) {
  const e = new Error(await r.text());
  e.form = r.headers.get('X-Meiro-Message') || `code=error&level=error`;
  return e;
}

// A refusal (an Error from refusal(), or null: none), worded beside the
// field its option names; `stale`: the maze shown is the last good one.
function showError(e, stale = true) {
  document.querySelectorAll('.bad').forEach((x) => x.classList.remove('bad'));
  document.querySelectorAll('.field-error').forEach((x) => x.remove());
  const box = $('error');
  const text = e ? worded(e.form) : '';
  box.hidden = !e;
  box.textContent = text;
  box.dataset.said = e ? e.message.trim() : '';
  document.querySelector('.pages').classList.toggle('stale', !!e && stale); // the last good maze, faded
  const field = e && fieldOf(new URLSearchParams(e.form || '').get('option'));
  if (!field) return;
  field.classList.add('bad');
  const note = document.createElement('p');
  note.className = 'field-error';
  note.textContent = text;
  (field.closest('fieldset') || field.closest('.booklet, .workshop') || field.parentElement).append(note);
}

// the command's warnings about what was made, worded
function showWarning(response) {
  const forms = (response && response.headers.get('X-Meiro-Message')) || '';
  const said = response && response.headers.get('X-Meiro-Warning');
  $('warning').hidden = !forms;
  $('warning').textContent = forms ? forms.split(',').map(worded).join(' ') : '';
  $('warning').dataset.said = said ? decodeURIComponent(said) : '';
}

// The file a maze's request sends along (POSTed to the server, a file of
// the engine's): a rule's word list, or the user's picture; null for none.
function upload() {
  if (state.kind === 'rule' && ruleList()) return { name: 'words.txt', body: `${ruleList()}\n` };
  return usesPicture() ? { name: pictureName(), body: state.picture } : null;
}
// A booklet's: a rule's word list, or the pupils' names.
function bookletUpload() {
  if (state.kind === 'rule') return upload();
  return pupils() ? { name: 'names.txt', body: `${pupils()}\n` } : null;
}

async function fetchSvg(q, argv, signal) {
  const r = await backend.ask({ route: 'preview', query: q, argv, file: upload(), signal });
  if (!r.ok) throw await refusal(r);
  return { url: URL.createObjectURL(await r.blob()), response: r };
}

function setImage(img, url) {
  if (img.src.startsWith('blob:')) URL.revokeObjectURL(img.src);
  img.src = url;
}

// The commands that make the same files; a booklet has no names (letters)
// and no picture of one's own.
function showCommands() {
  $('command').textContent = command();
  // a booklet takes neither
  const none = state.kind === 'name' || state.kind === 'picture' || usesPicture();
  $('booklet-command').textContent = none ? '' : bookletCommand();
  $('booklet-note').hidden = !none;
  $('booklet-note').textContent = t('bookletName');
  document.querySelectorAll('[data-booklet]').forEach((b) => { b.disabled = none; });
  $('fold').disabled = classSet();
  $('copies').disabled = pupils() !== '';
  $('same-mazes-box').hidden = pupils() === ''; // the same mazes for the names written
  drawCopies(); // (their answers, as the box says)
  // the files the command refuses are not offered (formatsOffered); a
  // booklet's spreadsheet neither with floors, nor for a class set (a class
  // set is a PDF: booklet --help)
  const can = formatsOffered();
  document.querySelectorAll('[data-format]').forEach((b) => { b.hidden = !can.includes(b.dataset.format); });
  showWorkshop(can);
  document.querySelector('[data-view="html"]').hidden = !can.includes('html');
  document.querySelector('[data-booklet="xlsx"]').hidden = !can.includes('xlsx') || state.kind === 'rule' ||
    (bookletKinds().includes('levels') && !kindMakes('floors', 'xlsx')) || classSet();
  $('play-box').hidden = !playOffered();
}

// The workshop: the machine chosen, its options and those of its files
// this maze makes (a note when none); the command of its first file. A
// rule maze has none (the command writes it on paper and screens alone).
function showWorkshop(can) {
  const m = $('machine').value;
  $('workshop').hidden = state.kind === 'rule';
  const files = machineFiles[m].filter((f) => can.includes(f));
  document.querySelectorAll('[data-machine]').forEach((b) => { b.hidden = b.hidden || b.dataset.machine !== m; });
  $('machine-note').hidden = files.length > 0;
  const own = state.kind !== 'picture' && files.length > 0; // (a picture maze takes none: machineOptions)
  $('paths-box').hidden = !own || m === 'printer';
  $('kerf-box').hidden = !own || m !== 'laser';
  $('ball-box').hidden = $('lid-box').hidden = !own || m !== 'printer';
  $('machine-command').textContent = files.length && state.kind !== 'rule' ? command(files[0]) : '';
}

// Whether a kind of maze is written as this file, as the server says
// (/api/choices: the library's kinds table).
function kindMakes(kind, format) {
  return ((state.choices.kinds || {})[kind] || []).includes(format);
}
// The page's kind as a row of that table, where it is one.
function tableKind() { return { levels: 'floors', weave: 'weave' }[state.kind]; }
// The files a maze of this kind makes: its grid's, as the server says
// (/api/choices: the library's check), those of its kind of maze (the
// library's kinds table: floors for levels, weave), and no PNG for a rule
// maze, which the command refuses.
function formatsOffered() {
  const grid = { round: 'polar', hex: 'hex', triangle: 'triangle' }[state.kind] || 'rect';
  const all = (state.choices.grids && state.choices.grids[grid]) || ['pdf', 'png', 'svg', 'xlsx', 'html', 'json'];
  const kind = tableKind();
  const drawn = ['pdf', 'svg', 'png']; // a page for fingers or large print (--print's formats)
  return all.filter((f) => !(kind && !kindMakes(kind, f)) && !(f === 'png' && state.kind === 'rule') &&
    !(forWhom() && !drawn.includes(f)));
}
// the spreadsheet's Goal! check: a spreadsheet made, whose way it can follow
// (as the server says, /api/choices: the library's kinds table; not under a
// bridge, up a stair, or past a mission's keys and arrows); not a rule maze's
function playOffered() {
  const plays = state.choices.plays || [];
  const kind = tableKind();
  return formatsOffered().includes('xlsx') && state.kind !== 'rule' && !(kind && !plays.includes(kind)) &&
    !(hasMission() && !plays.includes('mission'));
}
function classSet() { return $('copies').value !== '1' || pupils() !== ''; }
// a class set's versions, or the same mazes for all, and where their answers go
function drawCopies() {
  const answers = $('answers').checked;
  fill($('copies'), [['1', t('copiesOne')], ...[2, 3, 4, 5, 6, 8, 10, 20, 30].map((n) => [String(n), t('copiesN')(n, answers)])]);
  $('same-mazes-label').textContent = t('sameMazes')(answers);
}

// The preview: the puzzle and its answer, the older request given up.
async function refresh() {
  if (pending) pending.abort();
  const ctl = new AbortController();
  pending = ctl;
  showCommands();
  $('status').textContent = t('working');
  const q = query(options('svg'));
  const argv = generateWords('svg');
  $('cancel').hidden = !backend.engine;
  try {
    // both asked at once, the maze first (the engine's worker does one job
    // after the other); the maze shown as soon as it comes, its answer
    // after (a sheet for the fingers has none)
    const answered = forWhom() !== 'tactile';
    $('answer').closest('figure').hidden = !answered;
    const asked = fetchSvg(q, argv, ctl.signal);
    const answer = answered ? fetchSvg(`${q}&solution=1`, [...argv, '--solution'], ctl.signal) : null;
    if (answer) answer.catch(() => {}); // (a refusal is the maze's too: said below)
    const puzzle = await asked;
    setImage($('puzzle'), puzzle.url);
    $('puzzle').dataset.query = q; // what is shown, for whoever reads it back
    showError(notice, false); // (a refused picture's, said once over the maze without it)
    notice = null;
    previewRefused = null;
    showWarning(puzzle.response);
    if (answer) setImage($('answer'), (await answer).url);
  } catch (e) {
    if (e.name === 'AbortError') return;
    if (!pictureRefused(e)) showError(previewRefused = e);
  }
  if (pending === ctl) { pending = null; $('status').textContent = ''; $('cancel').hidden = true; }
}

// The preview, once the user's change is done: `wait` ms after typing
// (one request for a burst of keys), at once after a choice (0: after the
// events of this one change).
function schedule(wait = 0) {
  clearTimeout(timer);
  timer = setTimeout(refresh, wait);
}

async function download(format, booklet) {
  $('status').textContent = t('downloading');
  try {
    $('cancel').hidden = !backend.engine;
    const r = await backend.ask(booklet
      ? { route: 'booklet', format, query: query(bookletOptions(format)), argv: bookletWords(format), file: bookletUpload() }
      : { route: 'file', format, query: query(options(format)), argv: generateWords(format), file: upload() });
    if (!r.ok) throw await refusal(r);
    const m = (r.headers.get('Content-Disposition') || '').match(/filename="([^"]+)"/);
    const a = document.createElement('a');
    a.href = URL.createObjectURL(await r.blob());
    a.download = m ? m[1] : `maze.${format}`;
    document.body.append(a);
    a.click();
    a.remove();
    // given back once the browser surely has it (a loaded machine took over 10 s to start the save)
    setTimeout(() => URL.revokeObjectURL(a.href), 120000);
    showError(previewRefused);
    showWarning(r); // the command's warnings about this file (a booklet's among them)
  } catch (e) {
    if (e.name !== 'AbortError' && !pictureRefused(e)) showError(e);
  }
  $('status').textContent = '';
  $('cancel').hidden = true;
}

// Print, Play: the file in a new tab, for the browser to show (its PDF
// viewer prints); with a picture or a word list, a form POSTs it along
// (multipart, as one file).
function view(format) {
  if (backend.engine) { viewMade(format); return; }
  const url = `api/view?format=${format}&${query(options(format))}`;
  const list = state.kind === 'rule' ? ruleList() : '';
  const file = usesPicture() ? state.picture : list ? new File([`${list}\n`], 'words.txt', { type: 'text/plain' }) : null;
  if (!file) { window.open(url, '_blank'); return; }
  const form = $('viewer');
  const files = new DataTransfer();
  files.items.add(file);
  $('viewer-file').files = files.files;
  form.action = url;
  form.submit();
}

// ... the engine's: the file made here, then shown in the tab opened at
// the click (a tab opened later would be a pop-up the browser blocks)
async function viewMade(format) {
  const tab = window.open('', '_blank');
  $('status').textContent = t('downloading');
  try {
    const r = await backend.ask({ route: 'view', format, query: query(options(format)), argv: generateWords(format), file: upload() });
    if (!r.ok) throw await refusal(r);
    if (tab) tab.location = URL.createObjectURL(await r.blob());
    showError(previewRefused);
    showWarning(r);
  } catch (e) {
    if (tab) tab.close();
    if (e.name !== 'AbortError' && !pictureRefused(e)) showError(e);
  }
  $('status').textContent = '';
}

function button(cls, label, icon, selected, onclick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = cls;
  b.setAttribute('role', 'radio');
  b.setAttribute('aria-checked', selected);
  b.innerHTML = icon;
  const span = document.createElement('span');
  span.textContent = label;
  b.append(span);
  b.addEventListener('click', onclick);
  return b;
}

function drawKinds() {
  const box = $('kinds');
  box.replaceChildren();
  for (const k of Object.keys(kindIcons)) {
    box.append(button('kind', t('kinds')[k], `<svg viewBox="0 0 24 24" aria-hidden="true">${kindIcons[k]}</svg>`,
      state.kind === k, () => {
        // a weave maze's generator (one that weaves) is its own: not kept into or out of it
        if ((state.kind === 'weave') !== (k === 'weave')) $('algorithm').value = '';
        state.kind = k;
        drawAll();
        schedule();
      }));
  }
  const picture = state.kind === 'picture';
  $('shape-box').hidden = state.kind !== 'shape' && !picture;
  $('text-box').hidden = state.kind !== 'name' && !(picture && state.pictureOf === 'letters');
  $('picture-hint').hidden = $('reverse-box').hidden = !picture;
  $('shape-box').querySelector('legend').textContent = picture ? t('pictureOf') : t('shape');
  drawRule();
  drawMissions();
  drawBookletKinds();
}

// The choices on the way where a maze takes them, and loops where it has none set.
function drawChoices() {
  $('choices-box').hidden = !choicesKind();
  $('loops-box').hidden = state.kind === 'levels' || choicesAsked();
  drawFor();
}
// Who the page is for where a maze takes it, the tactile steps for a
// rectangle's sheet; the look, S and G's pictures and the name line are
// the plain page's, the answer page not a tactile sheet's.
function drawFor() {
  $('for-box').hidden = !forKind();
  $('tactile-level-box').hidden = forWhom() !== 'tactile' || state.kind !== 'rect';
  const other = state.kind === 'rule' || forWhom() !== ''; // (a rule maze takes none either: drawRule)
  $('template-box').hidden = $('art-box').hidden = $('name-box').hidden = other;
  $('answers').closest('label').hidden = forWhom() === 'tactile'; // (a sheet for the fingers has no answer)
}

// What to do on the way, as pictures (a key, numbered items, arrows), and
// how many; a maze with one has no spreadsheet (the command refuses it).
function drawMissions() {
  const box = $('missions');
  box.replaceChildren();
  for (const m of Object.keys(missionIcons))
    box.append(button('kind mission', t('missions')[m], `<svg viewBox="0 0 24 24" aria-hidden="true">${missionIcons[m]}</svg>`,
      state.mission === m, () => { state.mission = m; drawMissions(); drawBookletKinds(); schedule(); }));
  $('mission-box').hidden = !missionKind();
  drawChoices();
  const m = state.mission;
  $('mission-n-box').hidden = m === 'none';
  if (m !== 'none') {
    $('mission-n-label').textContent = t('missionN')[m];
    const sel = $('mission-n');
    sel.dataset.opt = m === 'one-way' ? 'one-way' : 'mission'; // a refusal's field
    const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => [String(a + i), String(a + i)]);
    fill(sel, m === 'keys' ? range(1, 6) : m === 'collect' ? range(1, 20)
      : [['10', t('weaveSome')], ['20', t('weaveMore')], ['35', t('weaveMany')]]);
    // the first choice of each: 2 keys, 5 items, some arrows
    if (sel.dataset.mission !== m) { sel.value = { keys: '2', collect: '5', 'one-way': '20' }[m]; sel.dataset.mission = m; }
  }
  $('play-box').hidden = !playOffered();
}

// A booklet's kinds as pictures to tick (rectangles only: booklet --kinds)
function drawBookletKinds() {
  const box = $('booklet-kinds');
  box.hidden = !rectKind();
  const on = bookletKinds();
  box.replaceChildren(...bookletKindNames.map((k) => {
    const label = document.createElement('label');
    label.className = 'booklet-kind';
    const input = document.createElement('input');
    input.type = 'checkbox';
    input.value = k;
    input.checked = on.includes(k);
    input.addEventListener('change', () => {
      const ticked = [...box.querySelectorAll('input:checked')].map((i) => i.value);
      state.bookletKinds = ticked.length ? ticked : ['plain']; // none ticked: plain mazes
      drawBookletKinds();
      showCommands();
    });
    const icon = k === 'plain' || k === 'weave' || k === 'levels' ? kindIcons[k === 'plain' ? 'rect' : k] : missionIcons[k];
    const span = document.createElement('span');
    span.textContent = (t('bookletKinds')[k] || t('missions')[k]);
    label.innerHTML = `<svg viewBox="0 0 24 24" aria-hidden="true">${icon}</svg>`;
    label.prepend(input);
    label.append(span);
    return label;
  }));
}

// A rule maze's controls: the rules as pictures, then what each takes.
function drawRule() {
  const rule = state.kind === 'rule', r = state.rule;
  $('rule-box').hidden = !rule;
  // what a rule maze does not take
  for (const e of [$('maze-box'), $('name-box'), $('template-box'), $('orientation'), $('art-box'),
    $('levels'), $('fold').closest('label'), $('copies'), $('pupils').closest('label')])
    e.hidden = rule;
  // a picture maze takes no generator, loops or mission: the picture decides the way
  if (state.kind === 'picture') $('maze-box').hidden = true;
  // (the files and the Goal! check offered: showCommands)
  $('mazes').textContent = rule ? t('sheets') : t('mazes');
  $('weave-box').hidden = state.kind !== 'weave';
  $('floors-box').hidden = state.kind !== 'levels';
  drawChoices();
  if (!rule) return;
  const box = $('rules');
  box.replaceChildren();
  for (const k of Object.keys(ruleIcons))
    box.append(button('shape rule', t('rules')[k], ruleIcon(k), r === k, () => { state.rule = k; drawRule(); schedule(); }));
  $('rule-n-box').hidden = !['multiples', 'skip', 'sum'].includes(r);
  $('rule-n-label').textContent = r === 'sum' ? t('ruleSum') : r === 'multiples' ? t('rules').multiples : t('ruleN');
  const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => String(a + i));
  fill($('rule-n'), (r === 'sum' ? range(5, 60) : range(2, r === 'multiples' ? 12 : 10)).map((v) => [v, v]));
  // the first choice of each: 3 times table, count by 2 from 0, add up to 20
  if ($('rule-n').dataset.rule !== r) { $('rule-n').value = { multiples: '3', skip: '2', sum: '20' }[r] || '2'; $('rule-n').dataset.rule = r; }
  $('rule-from-box').hidden = r !== 'skip';
  fill($('rule-from'), range(0, 20).map((v) => [v, v]));
  $('rule-case').hidden = r !== 'abc' || !t('cased');
  $('rule-kana').hidden = r !== 'aiueo';
  $('rule-words-box').hidden = r !== 'words' && r !== 'chain';
  $('rule-message-box').hidden = r !== 'message';
  // the boxes start with the language's example, changed with the language
  // until the user writes their own
  const example = (box, text) => {
    if (!box.value.trim() || box.dataset.example === box.value) box.value = box.dataset.example = text;
  };
  example($('rule-message'), t('messageExample'));
  $('rule-words-hint').textContent = r === 'chain' ? t('chainHint') : t('wordsHint');
  example($('rule-words'), r === 'chain' ? t('chainExample') : t('wordsExample'));
}

// the shapes as pictures: each a small maze of its own, drawn by the server
function drawShapes() {
  const box = $('shapes');
  box.replaceChildren();
  // a picture maze's picture (state.pictureOf) is chosen from the same pictures, or letters
  const picture = state.kind === 'picture', chosen = picture ? state.pictureOf : state.shape;
  const choose = (s) => { if (picture) state.pictureOf = s; else state.shape = s; drawAll(); schedule(); };
  if ($('shape-box').hidden) return; // drawn when shown: their pictures cost the server a maze each
  for (const s of state.choices.shapes)
    box.append(button('shape', t('shapes')[s] || s, thumb(`shape=${encodeURIComponent(s)}&width=14&height=14&crop=1&seed=7`),
      chosen === s, () => choose(s)));
  if (picture)
    box.append(button('shape letters', t('pictureLetters'),
      '<svg viewBox="0 0 48 48" aria-hidden="true" class="rule-icon"><text x="24" y="25" font-size="20">ABC</text></svg>',
      chosen === 'letters', () => choose('letters')));
  // one's own picture: chosen from the computer, sent with each request
  const icon = state.picture ? `<img alt="" src="${state.pictureUrl}">`
    : '<svg viewBox="0 0 24 24" aria-hidden="true"><rect x="3" y="5" width="18" height="14" rx="2"/><circle cx="9" cy="10" r="2"/><path d="m4 18 6-5 4 3 3-2 3 3"/></svg>';
  box.append(button('shape picture', t('picture'), icon, chosen === '' && !!state.picture,
    () => $('picture-file').click()));
  watchThumbs(box);
}

// S and G as pictures: each pair on a small maze of its own, drawn by the
// server; the select (data-opt="art") keeps the choice
function drawArts() {
  const box = $('arts');
  box.replaceChildren();
  const letters = '<svg viewBox="0 0 48 32" aria-hidden="true" class="rule-icon"><text x="12" y="16" font-size="15">S</text><text x="36" y="16" font-size="15">G</text></svg>';
  for (const [a, label] of [['', t('artLetters')], ...state.choices.art.map((n) => [n, t('arts')[n] || n])]) {
    const img = a ? thumb(`art=${encodeURIComponent(a)}&width=2&height=1&crop=1&seed=1`) : letters;
    box.append(button('shape art', label, img, $('art').value === a, () => {
      $('art').value = a;
      drawArts();
      schedule();
    }));
  }
  watchThumbs(box);
}

// The small pictures of the choices (shapes, art): each a maze the server
// draws, asked for once a page when it comes into view and kept, one at a
// time, so that redrawing the form (a kind, a language) asks for none again
// and they never hold up the preview's two requests.
const thumbs = new Map();
let thumbQueue = Promise.resolve();
function thumbUrl(q) {
  if (!thumbs.has(q)) {
    const url = thumbQueue.then(() => backend.ask({ route: 'preview', query: q })).then((r) => (r.ok ? r.blob() : null))
      .then((b) => (b ? URL.createObjectURL(b) : ''), () => '');
    thumbQueue = url;
    thumbs.set(q, url);
  }
  return thumbs.get(q);
}
const thumbsSeen = new IntersectionObserver((seen) => {
  for (const e of seen) {
    if (!e.isIntersecting) continue;
    thumbsSeen.unobserve(e.target);
    const q = e.target.dataset.thumb;
    thumbUrl(q).then((u) => {
      if (u) e.target.src = u;
      else thumbs.delete(q); // refused (a busy server): asked again at the next drawing
    });
  }
}, { rootMargin: '200px' });
function thumb(q) { return `<img alt="" data-thumb="${q}">`; }
function watchThumbs(box) { box.querySelectorAll('img[data-thumb]').forEach((img) => thumbsSeen.observe(img)); }

function choosePicture() {
  const file = $('picture-file').files[0];
  if (!file) return;
  if (file.size > 2 * 1024 * 1024) {
    forgetPicture();
    showError(Object.assign(new Error('larger than 2 MB'), { form: 'code=picture-big&max=2' }), false);
    return;
  }
  if (state.pictureUrl) URL.revokeObjectURL(state.pictureUrl);
  // the built-in one chosen before, to come back to if the picture is refused
  if (state.kind === 'picture' && state.pictureOf) state.pictureBefore = state.pictureOf;
  if (state.kind !== 'picture' && state.shape) state.shapeBefore = state.shape;
  state.picture = file;
  state.pictureUrl = URL.createObjectURL(file);
  if (state.kind === 'picture') state.pictureOf = ''; else state.shape = '';
  drawAll();
  schedule();
}

// One's own picture given up: its tile emptied, the built-in one chosen
// before chosen again (the command and the preview with it).
function forgetPicture() {
  if (state.pictureUrl) URL.revokeObjectURL(state.pictureUrl);
  state.picture = state.pictureUrl = null;
  $('picture-file').value = '';
  if (state.pictureOf === '') state.pictureOf = state.pictureBefore || 'heart';
  if (state.shape === '') state.shape = state.shapeBefore || 'heart';
  drawAll();
}

// A refusal of one's own picture (not a picture, unreadable, too big, or
// the command's message about it): the picture given up and the maze
// made without it, the refusal said over it. false for any other refusal.
function pictureRefused(e) {
  const q = new URLSearchParams(e.form || '');
  const about = ['picture-big', 'picture-type', 'picture-empty', 'picture-unreadable', 'upload'].includes(q.get('code')) ||
    (q.get('code') === 'command' && q.get('level') === 'error' && ['shape', 'picture'].includes(q.get('option')));
  if (!usesPicture() || !about) return false;
  forgetPicture();
  notice = e;
  schedule();
  return true;
}

function fill(select, values, label) {
  const keep = select.value;
  select.replaceChildren(...values.map(([v, text]) => {
    const o = document.createElement('option');
    o.value = v;
    o.textContent = label ? label(v, text) : text;
    return o;
  }));
  if (values.some(([v]) => v === keep)) select.value = keep;
}

function drawAll() {
  document.documentElement.lang = words[state.lang] ? state.lang : 'en';
  // right to left (Arabic) as po/ says (page.direction): the whole page mirrored
  const lang = LANGS.find(([c]) => c === state.lang);
  document.documentElement.dir = lang && lang[2] === 'rtl' ? 'rtl' : 'ltr';
  document.title = `meiro — ${t('heading')}`;
  document.querySelectorAll('[data-t]').forEach((e) => { e.textContent = t(e.dataset.t); });
  document.querySelectorAll('[data-ta]').forEach((e) => e.setAttribute('aria-label', t('aria')[e.dataset.ta]));
  for (const [code] of LANGS) $(`lang-${code}`).setAttribute('aria-pressed', state.lang === code);
  const ages = [];
  for (let a = 3; a <= 13; a++) ages.push([String(a), a === 13 ? '13+' : String(a)]);
  fill($('age'), ages, (v, text) => ui().years(text));
  // the plain page first, chosen until another is
  // (large print's are the page's "For")
  const templates = ['default', ...state.choices.templates.filter((n) => n !== 'default' && !n.startsWith('large-print'))];
  fill($('template'), templates.map((n) => [n, t('templates')[n] || n]));
  fill($('art'), [['', t('artNone')], ...state.choices.art.map((n) => [n, n])]);
  // a weave maze: the generators that weave (dig: long corridors to cross)
  const weaving = ['dig', 'cluster', 'growing-tree'];
  // each in plain words, its name (the command's) beside them
  const path = (n) => [n, t('paths')[n] ? `${t('paths')[n]} (${n})` : n];
  fill($('algorithm'), state.kind === 'weave'
    ? weaving.map(path)
    : [['', t('algorithmDefault')], ...(state.choices.algorithms || []).map((a) => path(a.name))]);
  fill($('loops'), [['0', t('loopsNone')], ['10', t('loopsSome')], ['25', t('loopsMore')], ['50', t('loopsMany')]]);
  fill($('choices'), [['0', t('choicesAny')], ...['1', '2', '3', '4', '5'].map((n) => [n, n])]);
  // the five steps, a straight line first (chosen until another is), then
  // the maze of the size above
  const unfilled = !$('tactile-level').options.length;
  fill($('tactile-level'), t('tactileLevels').map((w, i) => [i < 5 ? String(i + 1) : '', w]));
  if (unfilled) $('tactile-level').value = '1';
  drawCopies();
  fill($('paper'), paperSizes.map((p) => [p, t('papers')[p]]));
  fill($('machine'), Object.keys(machineFiles).map((m) => [m, t('machines')[m]]));
  // the kerf of a diode or CO2 laser's beam, a ball of a marble run's sizes (mm)
  fill($('kerf'), [['', t('kerfNone')], ...['0.1', '0.15', '0.2', '0.3'].map((v) => [v, t('mm')(localNumber(v))])]);
  fill($('ball'), [['', t('ballNone')], ...['6', '8', '10', '12', '16'].map((v) => [v, t('mm')(localNumber(v))])]);
  // a rule maze is sized by age or level alone
  $('size-by').querySelector('[value="cells"]').hidden = state.kind === 'rule';
  if (state.kind === 'rule' && $('size-by').value === 'cells') $('size-by').value = 'age';
  fill($('weave'), [['20', t('weaveSome')], ['40', t('weaveMore')], ['60', t('weaveMany')]]);
  fill($('floors'), [2, 3, 4, 5, 6, 7, 8].map((n) => [String(n), t('floorsN')(n)]));
  if (!$('weave').dataset.set) { $('weave').value = '40'; $('weave').dataset.set = 1; }
  const by = $('size-by').value;
  // a picture maze is sized by its cells alone: across (a picture) or down (letters)
  const picture = state.kind === 'picture';
  const sizes = state.pictureOf === 'letters' ? ['20', '24', '32'] : ['24', '32', '48'];
  const sizeWas = $('picture-size').selectedIndex;
  fill($('picture-size'), sizes.map((v, i) => [v, `${t('pictureSizes')[i]} (${v})`]));
  $('picture-size').selectedIndex = sizeWas >= 0 ? sizeWas : 1;
  $('picture-size').hidden = !picture;
  $('picture-size').dataset.opt = state.pictureOf === 'letters' ? 'height' : 'width'; // a refusal's field
  $('size-by').hidden = picture;
  $('age').hidden = by !== 'age' || picture;
  $('difficulty').hidden = by !== 'difficulty' || picture;
  $('cells').hidden = by !== 'cells' || picture;
  const oneSide = state.kind === 'round' || state.kind === 'name';
  $('width').hidden = $('times').hidden = oneSide;
  $('height').title = state.kind === 'round' ? t('rings') : state.kind === 'name' ? t('letters') : '';
  drawKinds();
  drawShapes();
  drawArts();
}

async function start() {
  $('age').innerHTML = '<option>6</option>';
  try {
    state.choices = await backend.choices();
  } catch (e) {
    showError(Object.assign(e, { form: 'code=offline' }));
  }
  // a button for each language (English and Japanese are in the page), each named in itself
  for (const [code, name] of LANGS) {
    let b = $(`lang-${code}`);
    if (!b) {
      b = document.createElement('button');
      Object.assign(b, { type: 'button', id: `lang-${code}`, lang: code, textContent: name });
      $('langs').appendChild(b);
    }
    b.addEventListener('click', () => { state.lang = code; drawAll(); schedule(); });
  }
  drawAll();
  $('age').value = '6';
  $('paper').value = localPaper(); // until the user chooses
  $('new').addEventListener('click', () => { state.seed = newSeed(); refresh(); });
  // the engine's work given up (the server's requests end on their own)
  $('cancel').addEventListener('click', () => {
    backend.cancel();
    pending = null;
    $('status').textContent = '';
    $('cancel').hidden = true;
  });
  $('size-by').addEventListener('change', drawAll);
  $('choices').addEventListener('change', drawChoices);
  $('for').addEventListener('change', drawChoices);
  // typing waits for more keys; a choice (a list, a box, a button) is drawn at once
  const typed = (e) => e.target.matches('input:not([type]), input[type="number"], textarea');
  $('form').addEventListener('input', (e) => schedule(typed(e) ? 30 : 0));
  $('form').addEventListener('change', (e) => { if (!typed(e)) schedule(0); }); // (a list's input came first)
  $('form').addEventListener('submit', (e) => e.preventDefault());
  document.querySelectorAll('[data-format]').forEach((b) => b.addEventListener('click', () => download(b.dataset.format)));
  document.querySelectorAll('[data-view]').forEach((b) => b.addEventListener('click', () => view(b.dataset.view)));
  document.querySelectorAll('[data-booklet]').forEach((b) => b.addEventListener('click', () => download(b.dataset.booklet, true)));
  $('booklet').addEventListener('change', showCommands);
  $('workshop').addEventListener('change', showCommands); // (the preview is the page's, not a machine's)
  $('booklet').addEventListener('input', showCommands);
  $('picture-file').addEventListener('change', choosePicture);
  refresh();
}

start();
