// The engine in a Web Worker (the static site's back end, studio-backend.js):
// each job is the meiro command run once, with the command line's own
// arguments, in a fresh instance of the WebAssembly engine (web/web.mk's
// browser build) and a file system of its own in memory, where the job's
// input files are written first (a picture, a word list, the pupils'
// names) and its output file read back at the end.
//   in:  {id, argv: ['generate', ..., '-o', 'maze.json'], files: {name: bytes}, output: 'maze.json'}
//   out: {id, status, output: bytes or null, err: the standard error's text}
// The module is compiled once; an instance is cheap. A job the page gives
// up (Cancel) ends with the worker, which the page starts again.
//
// The fonts a name's letters need (the masks of names: src/glyph/font.c's
// table, read from MEIRO_FONT_DIR) are the site's fonts/, 31 MB, most of
// it CJK: each is fetched when the engine first opens it (a synchronous
// request, which a worker may make: the engine's C waits for its file)
// and kept for the worker's next jobs. Emscripten's FS.createLazyFile
// would fetch it as late, but FreeType maps its font (mmap), which copies
// a lazy file's bytes wrongly; here the file is a plain one in memory
// once fetched.
'use strict';
importScripts('meiro-engine.js');

const compiled = WebAssembly.compileStreaming(fetch('meiro-engine.wasm'));
const FONT_DIR = '/fonts';
const fonts = new Map(); // a font's name: its bytes, or null when the site has none

function fetchFont(name) {
  if (!fonts.has(name)) {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', `fonts/${encodeURIComponent(name)}`, false);
    xhr.responseType = 'arraybuffer';
    xhr.send();
    fonts.set(name, xhr.status === 200 ? new Uint8Array(xhr.response) : null);
  }
  return fonts.get(name);
}

// FS.open, which first writes a font of the site into the engine's fonts
// folder when the file is not there yet (a font the site has not stays
// missing: the engine then says which letters it cannot draw). The
// engine never writes a font: its file owns the kept bytes.
function lazyFonts(FS) {
  const open = FS.open;
  let writing = false; // (FS.writeFile opens the file it writes)
  FS.open = (path, ...rest) => {
    const m = !writing && typeof path === 'string' && path.startsWith(`${FONT_DIR}/`) &&
      /^[A-Za-z0-9._-]+$/.exec(path.slice(FONT_DIR.length + 1));
    if (m && !FS.analyzePath(path).exists) {
      const bytes = fetchFont(m[0]);
      writing = true;
      try {
        if (bytes) FS.writeFile(path, bytes, { canOwn: true });
      } finally {
        writing = false;
      }
    }
    return open(path, ...rest);
  };
}

function run(module, job) {
  return new Promise((resolve) => {
    const err = [];
    let engine = null, done = false;
    const finish = (status) => {
      if (done) return;
      done = true;
      let output = null;
      try {
        if (status === 0) output = engine.FS.readFile(`/job/${job.output}`);
      } catch (e) {
        err.push(`meiro: ${job.output}: not written (${e.message || e})`);
        status = 1;
      }
      resolve({ status, output, err: err.join('\n') });
    };
    meiroEngine({
      arguments: job.argv,
      thisProgram: 'meiro',
      // the command's standard output is its file (-o); what it prints
      // there otherwise is kept with its messages
      print: (line) => err.push(line),
      printErr: (line) => err.push(line),
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(module, imports).then((instance) => receive(instance));
        return {};
      },
      preRun: [(m) => {
        engine = m;
        // the command's defaults whatever the browser's language (the
        // studio names every option but A4 paper; it words the messages)
        m.ENV.LANG = 'C.UTF-8';
        m.ENV.MEIRO_FONT_DIR = FONT_DIR;
        m.FS.mkdir(FONT_DIR);
        lazyFonts(m.FS);
        m.FS.mkdir('/job');
        m.FS.chdir('/job');
        for (const [name, bytes] of Object.entries(job.files || {})) m.FS.writeFile(`/job/${name}`, bytes);
      }],
      // (exit() then ends the program by throwing, which the runtime catches)
      onExit: finish,
    }).then(() => finish(0), (e) => {
      err.push(`meiro: ${e && e.message ? e.message : e}`);
      finish(1);
    });
  });
}

onmessage = async ({ data }) => {
  const result = await run(await compiled, data);
  postMessage({ id: data.id, ...result }, result.output ? [result.output.buffer] : []);
};
