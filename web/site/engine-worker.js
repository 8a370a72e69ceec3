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
'use strict';
importScripts('meiro-engine.js');

const compiled = WebAssembly.compileStreaming(fetch('meiro-engine.wasm'));

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
