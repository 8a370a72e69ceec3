// meiro serve's page: a form whose every change asks the server for the
// page as SVG (/api/preview, the generate command's long options as the
// query) and shows it with its answer; the downloads ask /api/file the
// same. Nothing here decides a maze: the server runs meiro generate.
'use strict';

const words = {
  en: {
    heading: 'Maze studio', kind: 'What kind of maze?', shape: 'Shape', text: 'Letters of the maze',
    textHint: 'A name or a short word, whole.', size: 'How hard?', byAge: 'for a child of',
    byLevel: 'level', byCells: 'cells', easy: 'easy', normal: 'normal', hard: 'hard', expert: 'expert',
    words: 'Words on the page', title: 'Title', name: 'Name', page: 'Page', template: 'Look',
    paper: 'Paper', auto: 'either way', portrait: 'portrait', landscape: 'landscape', art: 'S and G',
    papers: { a4: 'A4', a3: 'A3', a5: 'A5', b5: 'B5 (JIS)', b4: 'B4 (JIS)', letter: 'US Letter', legal: 'US Legal' },
    answers: 'Answer page (PDF and spreadsheet)',
    play: 'The spreadsheet says “Goal!” when the way is marked', newMaze: 'New maze', puzzle: 'The maze',
    answer: 'The answer', download: 'Download:', xlsx: 'Spreadsheet', html: 'Play in the browser', print: 'Print',
    command: 'The same files from the command line', working: 'drawing…', years: (n) => `${n} years`,
    rings: 'rings', letters: 'letter height', artNone: 'the letters S and G', artLetters: 'letters',
    kinds: { rect: 'Rectangle', shape: 'Shape', name: 'Name', round: 'Round', hex: 'Hexagons', triangle: 'Triangles',
      weave: 'Over and under', rule: 'Numbers and letters', picture: 'Hidden picture', levels: 'Floors and stairs' },
    floors: 'Floors', floorsN: (n) => `${n} floors`,
    templates: { default: 'plain', 'kids-a4': 'for children', 'kids-ja': 'for children (Japanese)',
      'answer-key': 'answer key', 'booklet-a4': 'booklet page (A4)', 'booklet-a5': 'booklet page (A5)',
      'worksheet-a4-2up': 'worksheet, two on a page' },
    shapes: {}, arts: {},
    downloading: 'making the file…', booklet: 'A booklet:', mazes: 'mazes,', easyNormal: 'easy to normal',
    easyHard: 'easy to hard', normalHard: 'normal to hard', hardExpert: 'hard to expert',
    fold: 'folded (two pages a sheet)', bookletPdf: 'PDF', bookletXlsx: 'Spreadsheet',
    bookletName: 'A booklet takes rectangles, built-in shapes and grids, not names, hidden pictures or your own picture.',
    pictureHint: 'Colour in the way from S to G and the picture appears.', pictureOf: 'The hidden picture',
    reverse: 'Turned around: the dead ends draw the picture, the way goes around it', pictureLetters: 'Letters',
    pictureSizes: ['big cells', 'medium cells', 'small cells'],
    mission: 'On the way', missions: { none: 'nothing more', keys: 'Keys and doors', collect: 'Items in order',
      'one-way': 'One-way arrows' },
    missionN: { keys: 'Keys', collect: 'Items', 'one-way': 'Arrows' }, messageText: 'The message',
    bookletKinds: { plain: 'Plain', weave: 'Over and under', levels: 'Two floors' },
    picture: 'Your picture',
    maze: 'The maze', algorithm: 'Kind of paths', algorithmDefault: 'the level’s own', loops: 'Loops',
    loopsNone: 'none: one way through', loopsSome: 'a few', loopsMore: 'some', loopsMany: 'many',
    choices: 'Choices on the way', choicesAny: 'any number',
    copies: 'Class set', copiesOne: 'one booklet',
    copiesN: (n, answers) => `${n} different versions${answers ? ' (answers at the end)' : ''}`,
    pupils: 'or one version for each pupil: their names, one a line',
    sameMazes: (answers) => `the same mazes for every pupil${answers ? ' (one answer key)' : ''}`,
    weave: 'Bridges', weaveSome: 'a few', weaveMore: 'some', weaveMany: 'many',
    rule: 'The rule', ruleN: 'Count by', ruleFrom: 'starting at', ruleSum: 'Add up to',
    upper: 'ABC', lower: 'abc', mixed: 'AbC', hiragana: 'ひらがな', katakana: 'カタカナ',
    wordsHint: 'The words to find, one a line; then a line -- and look-alike words to mislead',
    chainHint: 'Words for a chain, one a line: each starts with the last letter of the one before',
    sheets: 'sheets, each different', rules: {
      multiples: 'Times table', skip: 'Count by', sum: 'Add up', abc: 'ABC', aiueo: 'あいうえお',
      words: 'Words', chain: 'Word chain', message: 'Hidden message' },
    // the kinds of paths in plain words (each generator's name beside them)
    paths: {
      cluster: 'many short dead ends, spread evenly', dig: 'one long winding path, few dead ends',
      bar: 'long straight runs, quick to solve', wall: 'many branches, an even look',
      prim: 'short dead ends fanning out from S', 'true-prim': 'the most dead ends: short spurs everywhere',
      wilson: 'a fair mix of everything', 'aldous-broder': 'a fair mix of everything (slow to make)',
      eller: 'even, leaning sideways', 'growing-tree': 'long paths with a few branches',
      'hunt-and-kill': 'long winding branches, few dead ends', 'binary-tree': 'sloping diagonally, open along the top and left',
      sidewinder: 'running up and down, the top row open', division: 'boxy rooms and long straight walls' },
    // what the server says (X-Meiro-Message: a code and its values, p)
    messages: {
      side: (p) => `Up to ${p.max} squares across and down.`,
      cells: (p) => `Up to ${p.max} squares in all (200 × 200).`,
      'floor-cells': (p) => `All floors together take up to ${p.max} squares: fewer floors or a smaller maze.`,
      'sheet-cells': (p) => `A spreadsheet opens in good time up to ${p.max} squares (130 × 130): make the maze smaller.`,
      tall: (p) => `Names and round mazes are up to ${p.max} squares high.`,
      letters: (p) => `Up to ${p.max} letters (${Math.floor(p.max / 3)} in Japanese).`,
      count: (p) => `A booklet has up to ${p.max} mazes.`,
      copies: (p) => `A class set has up to ${p.max} versions (pupils).`,
      'booklet-mazes': (p) => `Up to ${p.max} mazes in all the versions together: fewer mazes or fewer versions.`,
      'picture-big': (p) => `The picture is larger than ${p.max} MB: choose a smaller one.`,
      'picture-type': () => 'This file is not a picture the studio can read: choose a PNG, JPEG, GIF, BMP or SVG.',
      'picture-empty': () => 'This picture is empty: choose another.',
      'picture-unreadable': () => 'This picture cannot be read (damaged, or too large to draw): choose another.',
      upload: () => 'The picture could not be kept on the server: try again.',
      'names-big': (p) => `The names are too long: up to ${p.max} KB in all.`,
      'names-none': () => 'Write the pupils’ names, one a line.',
      'words-big': (p) => `The word list is too long: up to ${p.max} KB.`,
      'words-text': () => 'Write the words as text, one a line.',
      busy: () => 'The studio is busy making other mazes: try again in a few seconds.',
      'address-busy': () => 'Two of your mazes are still in the making: try again when they are done.',
      'uploads-busy': () => 'The studio is busy receiving other pictures: try again in a few seconds.',
      'address-uploads': () => 'Your other pictures are still on their way: try again when they have arrived.',
      slow: (p) => `This maze takes too long to make (over ${p.max} s): make it smaller.`,
      'output-big': (p) => `This file is too large to send (over ${p.max} MB): make the maze smaller.`,
      offline: () => 'The studio’s server does not answer: is meiro serve still running?',
      // the command's own, by level and option
      'error.text': (p) => `“${p.q}” does not fit the page in letters a child of this age can read: a shorter name, another age, or larger paper.`,
      'error.width': () => 'The size is a whole number of squares, from 2 to 200.',
      'error.height': () => 'The size is a whole number of squares, from 2 to 200.',
      'warning.text': (p) => `“${p.q}” is set in squares of ${p.n[0]} mm, a little smaller than the ${p.n[1]} mm a child of this age needs, to fit the page; larger paper keeps ${p.n[1]} mm.`,
      'warning.shape': () => 'No clear shape was found in this picture (a photo?): the maze takes an odd blot of its dark parts. A drawing, or a figure on a plain background, makes a shape.',
      'warning.width': (p) => `The squares come out ${p.n[0]} mm, small for a child of this age: fewer squares or larger paper make them bigger.`,
      error: (p) => (p.label ? `“${p.label}” cannot be made with the other choices: choose another.`
        : 'These choices cannot be made together: choose others.'),
      warning: (p) => (p.label ? `Made, but “${p.label}” is not quite as asked.` : 'Made, but not quite as asked.'),
    },
  },
  ja: {
    heading: 'めいろ スタジオ', kind: 'どんな めいろ?', shape: 'かたち', text: 'めいろに する もじ',
    textHint: 'なまえや みじかい ことば', size: 'むずかしさ', byAge: 'ねんれい', byLevel: 'レベル',
    byCells: 'マスの かず', easy: 'やさしい', normal: 'ふつう', hard: 'むずかしい', expert: 'とても むずかしい',
    words: 'ページの ことば', title: 'タイトル', name: 'なまえ', page: 'ページ', template: 'デザイン',
    paper: 'ようし', auto: 'おまかせ', portrait: 'たて', landscape: 'よこ', art: 'スタートと ゴール',
    papers: { a4: 'A4', a3: 'A3', a5: 'A5', b5: 'B5', b4: 'B4', letter: 'レター (US)', legal: 'リーガル (US)' },
    answers: 'こたえの ページ (PDF と表計算)', play: '表計算で みちを ぬると「ゴール!」と でる',
    newMaze: 'あたらしい めいろ', puzzle: 'めいろ', answer: 'こたえ', download: 'ダウンロード:',
    xlsx: '表計算 (Excel)', html: 'ブラウザで あそぶ', print: 'いんさつ', command: 'コマンドで おなじ ものを つくる',
    working: 'かいています…', years: (n) => `${n}さい`, rings: 'わの かず', letters: 'もじの たかさ',
    artNone: 'S と G の もじ', artLetters: 'もじ',
    kinds: { rect: 'しかく', shape: 'かたち', name: 'なまえ', round: 'まる', hex: 'ろっかく', triangle: 'さんかく',
      weave: 'はし めいろ', rule: 'かず・もじ', picture: 'え が でる', levels: 'かいだん めいろ' },
    floors: 'かいの かず', floorsN: (n) => `${n}かいだて`,
    templates: { default: 'シンプル', 'kids-a4': 'こども むけ', 'kids-ja': 'こども むけ (にほんご)',
      'answer-key': 'こたえ あわせ', 'booklet-a4': 'ドリルの ページ (A4)', 'booklet-a5': 'ドリルの ページ (A5)',
      'worksheet-a4-2up': 'プリント (2つ)' },
    arts: { bunny: 'うさぎ', mouse: 'ねずみ', bee: 'はち', car: 'くるま', dog: 'いぬ', rocket: 'ロケット' },
    shapes: { heart: 'ハート', star: 'ほし', circle: 'まる', apple: 'りんご', fish: 'さかな', cat: 'ねこ',
      house: 'いえ', cloud: 'くも', flower: 'はな', tree: 'き', car: 'くるま', bear: 'くま' },
    downloading: 'ファイルを つくっています…', booklet: 'めいろの ドリル:', mazes: 'もん,',
    easyNormal: 'やさしい → ふつう', easyHard: 'やさしい → むずかしい', normalHard: 'ふつう → むずかしい',
    hardExpert: 'むずかしい → とても むずかしい', fold: 'おりたたみ (1まいに 2ページ)', bookletPdf: 'PDF',
    bookletXlsx: '表計算 (Excel)', bookletName: 'ドリルは しかく・かたち・まる などで つくれます (なまえ・え が でる めいろ・じぶんの え は できません)',
    pictureHint: 'スタートから ゴールまで みちを ぬると え が でて きます。', pictureOf: 'でてくる え',
    reverse: 'ぎゃく: いきどまりが え を かき、みちは その まわりを とおる', pictureLetters: 'もじ',
    pictureSizes: ['おおきい マス', 'ふつうの マス', 'ちいさい マス'],
    mission: 'とちゅうで', missions: { none: 'なし', keys: 'かぎと ドア', collect: 'あつめる', 'one-way': 'やじるし' },
    missionN: { keys: 'かぎの かず', collect: 'あつめる かず', 'one-way': 'やじるし' }, messageText: 'かくす ことば',
    bookletKinds: { plain: 'ふつう', weave: 'はし めいろ', levels: '2かいだて' },
    picture: 'じぶんの え',
    maze: 'めいろの つくり', algorithm: 'みちの つくりかた', algorithmDefault: 'レベルに あわせる', loops: 'わっか',
    loopsNone: 'なし (みちは ひとつ)', loopsSome: 'すこし', loopsMore: 'ときどき', loopsMany: 'たくさん',
    choices: 'わかれみち', choicesAny: 'いくつでも',
    copies: 'クラスで くばる', copiesOne: 'ドリル 1さつ',
    copiesN: (n, answers) => `ちがう ドリル ${n}しゅるい${answers ? ' (こたえは さいごに)' : ''}`,
    pupils: 'または ひとり ひとりの ドリル: なまえを 1ぎょうに ひとり',
    sameMazes: (answers) => `みんな おなじ めいろ${answers ? ' (こたえは 1つ)' : ''}`,
    weave: 'はし', weaveSome: 'すこし', weaveMore: 'ときどき', weaveMany: 'たくさん',
    rule: 'ルール', ruleN: 'かず', ruleFrom: 'はじめの かず', ruleSum: 'たして',
    upper: 'ABC', lower: 'abc', mixed: 'AbC', hiragana: 'ひらがな', katakana: 'カタカナ',
    wordsHint: 'さがす ことば を 1ぎょうに ひとつ。つぎに -- の ぎょう、そのあとに にている ことば',
    chainHint: 'しりとりの ことば を 1ぎょうに ひとつ',
    sheets: 'まい (ぜんぶ ちがう)', rules: {
      multiples: 'かけざん', skip: 'とびとび', sum: 'たしざん', abc: 'ABC', aiueo: 'あいうえお',
      words: 'ことば', chain: 'しりとり', message: 'かくれた ことば' },
    paths: {
      cluster: 'みじかい いきどまりが あちこちに', dig: 'ながく くねくねした 1ぽんみち (いきどまりは すくない)',
      bar: 'まっすぐな みちが ながい (やさしめ)', wall: 'えだわかれが たくさん',
      prim: 'スタートから みじかい いきどまりが ひろがる', 'true-prim': 'いきどまりが いちばん おおい',
      wilson: 'いろいろが ほどよく まざる', 'aldous-broder': 'いろいろが ほどよく まざる (つくるのに じかんが かかる)',
      eller: 'そろった みち、すこし よこながれ', 'growing-tree': 'ながい みちに ときどき えだわかれ',
      'hunt-and-kill': 'ながく くねくねした えだ (いきどまりは すくない)', 'binary-tree': 'ななめに ながれる (うえと ひだりは まっすぐ)',
      sidewinder: 'たてに のびる (いちばん うえは 1ぽんみち)', division: 'しかくい へやと まっすぐな かべ' },
    messages: {
      side: (p) => `たても よこも ${p.max}マス まで です。`,
      cells: (p) => `マスは ぜんぶで ${p.max} (200×200) まで です。`,
      'floor-cells': (p) => `ぜんぶの かいを あわせて ${p.max}マス まで です。かいを へらすか、めいろを ちいさく して ください。`,
      'sheet-cells': (p) => `表計算は ${p.max}マス (130×130) まで です。めいろを ちいさく して ください。`,
      tall: (p) => `なまえと まるい めいろは たかさ ${p.max}マス まで です。`,
      letters: (p) => `もじは ${Math.floor(p.max / 3)}もじ (アルファベットは ${p.max}もじ) まで です。`,
      count: (p) => `ドリルは ${p.max}もん まで です。`,
      copies: (p) => `クラスの ドリルは ${p.max}しゅるい (${p.max}にん) まで です。`,
      'booklet-mazes': (p) => `ぜんぶの ドリルを あわせて ${p.max}もん まで です。もんだいか しゅるいを へらして ください。`,
      'picture-big': (p) => `え が ${p.max}MB より おおきいです。ちいさい え を えらんで ください。`,
      'picture-type': () => 'この ファイルは よめません。PNG・JPEG・GIF・BMP・SVG の え を えらんで ください。',
      'picture-empty': () => 'この え は からっぽ です。ほかの え を えらんで ください。',
      'picture-unreadable': () => 'この え は よめません (こわれているか、おおきすぎます)。ほかの え を えらんで ください。',
      upload: () => 'え を うけとれませんでした。もういちど ためして ください。',
      'names-big': (p) => `なまえが ながすぎます (ぜんぶで ${p.max}KB まで)。`,
      'names-none': () => 'なまえを 1ぎょうに ひとりずつ かいて ください。',
      'words-big': (p) => `ことばが おおすぎます (${p.max}KB まで)。`,
      'words-text': () => 'ことばを 1ぎょうに ひとつずつ かいて ください。',
      busy: () => 'いま ほかの めいろを つくっています。すこし まってから もういちど どうぞ。',
      'address-busy': () => 'めいろを 2つ つくっている ところ です。できあがってから もういちど どうぞ。',
      'uploads-busy': () => 'いま ほかの え を うけとっています。すこし まってから もういちど どうぞ。',
      'address-uploads': () => 'まえに おくった え を まだ うけとっています。とどいてから もういちど どうぞ。',
      slow: (p) => `この めいろは つくるのに じかんが かかりすぎます (${p.max}びょう いじょう)。ちいさく して ください。`,
      'output-big': (p) => `ファイルが おおきすぎます (${p.max}MB いじょう)。めいろを ちいさく して ください。`,
      offline: () => 'スタジオの サーバーが こたえません。meiro serve は うごいて いますか?',
      'error.text': (p) => `「${p.q}」は この ねんれいの こが よめる おおきさでは ページに はいりません。みじかい なまえ、べつの ねんれい、または おおきい ようしに して ください。`,
      'error.width': () => 'おおきさは 2 から 200 までの マスの かず です。',
      'error.height': () => 'おおきさは 2 から 200 までの マスの かず です。',
      'warning.text': (p) => `「${p.q}」が ページに はいるように、マスを ${p.n[0]} mm に しました (この ねんれいには ${p.n[1]} mm が めやす)。おおきい ようしなら ${p.n[1]} mm の まま です。`,
      'warning.shape': () => 'この え には はっきりした かたちが みつかりません (しゃしん?)。めいろは くらい ところの へんな かたまりに なります。むじの はいけいに かいた え が むいています。',
      'warning.width': (p) => `マスが ${p.n[0]} mm に なり、この ねんれいには ちいさめ です。マスを へらすか、おおきい ようしに して ください。`,
      error: (p) => (p.label ? `「${p.label}」は ほかの せんたくと いっしょには つくれません。べつの ものを えらんで ください。`
        : 'この くみあわせでは つくれません。べつの ものを えらんで ください。'),
      warning: (p) => (p.label ? `できましたが、「${p.label}」が すこし ちがいます。` : 'できましたが、すこし ちがいます。'),
    },
  },
};

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

// the rules as pictures: a few tokens along their way (text in an SVG)
const ruleIcons = {
  multiples: ['3', '6', '9'], skip: ['5', '10', '15'], sum: ['1', '+2', '=3'], abc: ['A', 'B', 'C'],
  aiueo: ['あ', 'い', 'う'], words: ['cat', 'dog', 'sun'], chain: ['りす', 'すし', 'しか'], message: ['H', 'I', '!'],
};
function ruleIcon(r) {
  const t = ruleIcons[r];
  const small = t.some((x) => x.length > 2);
  return `<svg viewBox="0 0 48 48" aria-hidden="true" class="rule-icon"><path class="way" d="M12 10h12v14h12v14"/>${
    t.map((x, i) => `<text x="${[12, 24, 36][i]}" y="${[10, 24, 38][i]}" font-size="${small ? 10 : 13}">${x}</text>`).join('')}</svg>`;
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
// po/), the browser's first that meiro speaks, else English. The studio's own
// words are English and Japanese (words above); in another language the
// page it makes is in that language, the form in English.
function browserLang() {
  for (const tag of [navigator.language || 'en', ...(navigator.languages || [])]) {
    const code = tag.toLowerCase().split('-')[0];
    if (code === 'zh' && /-(tw|hk|mo|hant)/i.test(tag)) continue; // zh is simplified
    if (LANGS.some(([c]) => c === code)) return code;
  }
  return 'en';
}
const state = {
  lang: browserLang(),
  kind: 'rect', shape: 'heart', rule: 'multiples', pictureOf: 'heart', mission: 'none', seed: firstSeed(), choices: { shapes: [], templates: [], art: [] },
};
let pending = null, timer = 0, notice = null;

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

// The options of the page, the same for a maze and a booklet.
function pageOptions(add) {
  if ($('template').value !== 'default') add('template', $('template').value);
  if ($('paper').value !== 'a4') add('paper', $('paper').value);
  if ($('orientation').value) add($('orientation').value, 1);
  if ($('art').value) add('art', $('art').value);
  if (state.lang !== 'en') add('lang', state.lang);
  if ($('title').value.trim()) add('title', $('title').value.trim());
  if ($('name').value.trim()) add('name', $('name').value.trim());
  if ($('algorithm').value && state.kind !== 'picture') add('algorithm', $('algorithm').value);
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

// The query: the generate command's long options, as the command line would take them.
function options(format) {
  if (state.kind === 'rule') return ruleOptions(format);
  if (state.kind === 'picture') return pictureOptions(format);
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
  pageOptions(add);
  if ($('answers').checked && (format === 'pdf' || format === 'xlsx')) add('answer-page', 1);
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
  pageOptions(add);
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
  if (r === 'abc') return `abc:${$('rule-case').value}`;
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
  add('difficulty', $('levels').value);
  if (state.kind === 'shape' && state.shape) add('shape', state.shape);
  const grids = { round: 'polar', hex: 'hex', triangle: 'triangle' };
  if (grids[state.kind]) add('grid', grids[state.kind]);
  const kinds = bookletKinds();
  if (kinds.join() !== 'plain') add('kinds', kinds.join(','));
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

const switches = ['answer-page', 'play', 'portrait', 'landscape', 'fold', 'reverse', 'same-mazes'];
function words_of(list) {
  return list.map(([k, v]) => (v === '1' && switches.includes(k)) ? `--${k}`
    : k === 'picture' && v === '' ? `--picture ${pictureName()}` // one's own picture, POSTed
      : `--${k} ${word(k === 'rule' && ruleList() ? `${v}:words.txt` : v)}`).join(' ');
}
function command() {
  if (state.kind === 'rule') return `meiro generate ${words_of(options('pdf'))} -o maze.pdf`;
  const picture = usesPicture() && state.kind === 'shape' ? ` --shape ${pictureName()}` : '';
  return `meiro generate${picture} ${words_of(options('pdf'))} -o maze.pdf`;
}
// --format named: a booklet prints the command that remakes it, every option but -o
function bookletCommand() {
  const names = pupils() ? ' --names names.txt' : '';
  return `meiro booklet ${words_of(bookletOptions('pdf'))}${names} --format pdf -o booklet.pdf`;
}

// The server's messages in the page's language: each refusal and warning
// comes with a code and its values (X-Meiro-Message, a URL query's form;
// the command's own lines as code=command with the option they are about,
// their quoted text and numbers), worded here from the language's table
// (words[lang].messages); the English line the server sent is kept in the
// box's data-said, never shown.
const sameWords = { height: 'width', cell: 'width', picture: 'shape' }; // options worded alike
function worded(form) {
  const q = new URLSearchParams(form || 'code=offline');
  const p = { code: q.get('code'), level: q.get('level') || 'error', option: q.get('option'), max: q.get('max'),
    q: q.get('q'), n: q.getAll('n') };
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
  (field.closest('fieldset') || field.closest('.booklet') || field.parentElement).append(note);
}

// the command's warnings about what was made, worded
function showWarning(response) {
  const forms = (response && response.headers.get('X-Meiro-Message')) || '';
  const said = response && response.headers.get('X-Meiro-Warning');
  $('warning').hidden = !forms;
  $('warning').textContent = forms ? forms.split(',').map(worded).join(' ') : '';
  $('warning').dataset.said = said ? decodeURIComponent(said) : '';
}

// A maze route: GET, or POST with the user's picture (or a rule's word list) as the body.
function send(url, signal) {
  if (state.kind === 'rule' && ruleList()) return fetch(url, { method: 'POST', body: `${ruleList()}\n`, signal });
  return usesPicture() ? fetch(url, { method: 'POST', body: state.picture, signal }) : fetch(url, { signal });
}

async function fetchSvg(q, signal) {
  const r = await send(`/api/preview?${q}`, signal);
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
  const none = state.kind === 'name' || state.kind === 'picture' || usesPicture(); // a booklet takes neither
  $('booklet-command').textContent = none ? '' : bookletCommand();
  $('booklet-note').hidden = !none;
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
  document.querySelector('[data-view="html"]').hidden = !can.includes('html');
  document.querySelector('[data-booklet="xlsx"]').hidden = !can.includes('xlsx') || state.kind === 'rule' ||
    (bookletKinds().includes('levels') && !kindMakes('floors', 'xlsx')) || classSet();
  $('play-box').hidden = !playOffered();
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
  return all.filter((f) => !(kind && !kindMakes(kind, f)) && !(f === 'png' && state.kind === 'rule'));
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
  try {
    // both asked at once; the maze shown as soon as it comes, its answer after
    const answer = fetchSvg(`${q}&solution=1`, ctl.signal);
    answer.catch(() => {}); // (a refusal is the maze's too: said below)
    const puzzle = await fetchSvg(q, ctl.signal);
    setImage($('puzzle'), puzzle.url);
    $('puzzle').dataset.query = q; // what is shown, for whoever reads it back
    showError(notice, false); // (a refused picture's, said once over the maze without it)
    notice = null;
    showWarning(puzzle.response);
    setImage($('answer'), (await answer).url);
  } catch (e) {
    if (e.name === 'AbortError') return;
    if (!pictureRefused(e)) showError(e);
  }
  if (pending === ctl) { pending = null; $('status').textContent = ''; }
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
    const names = pupils();
    const rule = state.kind === 'rule';
    const r = booklet ? await (rule ? send : (u) => fetch(u, names ? { method: 'POST', body: `${names}\n` } : {}))(
      `/api/booklet?format=${format}&${query(bookletOptions(format))}`)
      : await send(`/api/file?format=${format}&${query(options(format))}`);
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
    showError(null);
    showWarning(r); // the command's warnings about this file (a booklet's among them)
  } catch (e) {
    if (!pictureRefused(e)) showError(e);
  }
  $('status').textContent = '';
}

// Print, Play: the file in a new tab, for the browser to show (its PDF
// viewer prints); with a picture or a word list, a form POSTs it along
// (multipart, as one file).
function view(format) {
  const url = `/api/view?format=${format}&${query(options(format))}`;
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
  $('rule-case').hidden = r !== 'abc';
  $('rule-kana').hidden = r !== 'aiueo';
  $('rule-words-box').hidden = r !== 'words' && r !== 'chain';
  $('rule-message-box').hidden = r !== 'message';
  if (!$('rule-message').value.trim()) $('rule-message').value = state.lang === 'ja' ? 'よくできました' : 'WELL DONE';
  $('rule-words-hint').textContent = r === 'chain' ? t('chainHint') : t('wordsHint');
  if (!$('rule-words').value.trim() || $('rule-words').dataset.example === $('rule-words').value)
    $('rule-words').value = $('rule-words').dataset.example = r === 'chain'
      ? (state.lang === 'ja' ? 'りす\nすいか\nかめ\nめだか\nかさ\nさる\nるすばん' : 'cat\ntiger\nrabbit\ntoad\ndog\ngoat\ntrain')
      : (state.lang === 'ja' ? 'いぬ\nねこ\nうし\nうま\nさる\n--\nいす\nねぎ\nうそ\nくま' : 'cat\ndog\ncow\npig\nhen\nowl\n--\ncap\ndot\nbow\nbig\npen\nbowl');
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
    const url = thumbQueue.then(() => fetch(`/api/preview?${q}`)).then((r) => (r.ok ? r.blob() : null))
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
  document.title = `meiro — ${t('heading')}`;
  document.querySelectorAll('[data-t]').forEach((e) => { e.textContent = t(e.dataset.t); });
  for (const [code] of LANGS) $(`lang-${code}`).setAttribute('aria-pressed', state.lang === code);
  const ages = [];
  for (let a = 3; a <= 13; a++) ages.push([String(a), a === 13 ? '13+' : String(a)]);
  fill($('age'), ages, (v, text) => ui().years(text));
  // the plain page first, chosen until another is
  const templates = ['default', ...state.choices.templates.filter((n) => n !== 'default')];
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
  drawCopies();
  fill($('paper'), paperSizes.map((p) => [p, t('papers')[p]]));
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
    const r = await fetch('/api/choices');
    state.choices = await r.json();
  } catch (e) {
    showError(Object.assign(e, { form: 'code=offline' }));
  }
  // a button for each language (English and Japanese are in the page)
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
  $('size-by').addEventListener('change', drawAll);
  $('choices').addEventListener('change', drawChoices);
  // typing waits for more keys; a choice (a list, a box, a button) is drawn at once
  const typed = (e) => e.target.matches('input:not([type]), input[type="number"], textarea');
  $('form').addEventListener('input', (e) => schedule(typed(e) ? 30 : 0));
  $('form').addEventListener('change', (e) => { if (!typed(e)) schedule(0); }); // (a list's input came first)
  $('form').addEventListener('submit', (e) => e.preventDefault());
  document.querySelectorAll('[data-format]').forEach((b) => b.addEventListener('click', () => download(b.dataset.format)));
  document.querySelectorAll('[data-view]').forEach((b) => b.addEventListener('click', () => view(b.dataset.view)));
  document.querySelectorAll('[data-booklet]').forEach((b) => b.addEventListener('click', () => download(b.dataset.booklet, true)));
  $('booklet').addEventListener('change', showCommands);
  $('booklet').addEventListener('input', showCommands);
  $('picture-file').addEventListener('change', choosePicture);
  refresh();
}

start();
