#!/usr/bin/env node
// The meiro command compiled to WebAssembly (web/web.mk), run under Node:
//   node build/web/meiro.mjs generate -W 20 -H 15 -s 3 -f json
// the same arguments, output, messages and exit status as the native meiro.
//
// What this file does that emscripten's loader does not:
// - the .wasm is read from beside this file and handed over (wasmBinary):
//   the loader would fetch() it by its file path, which Node 18+'s global
//   fetch refuses ("Failed to parse URL") unless Node runs with
//   --no-experimental-fetch;
// - standard output is gathered into large writes: the program's stdio
//   hands it over 1 KB at a time (musl's buffer), each a call into
//   JavaScript that would be a write(2); here they are kept until 1 MB, a
//   message on standard error (whose order with the output is kept) or the
//   stream's close at the end;
// - the program's environment is the process's, and only it (emscripten
//   gives a program its own: LANG=C.UTF-8, HOME...): the locale decides
//   the messages' language and the paper (A4 or US Letter),
//   SOURCE_DATE_EPOCH a document's date, as for the native command;
// - the fonts a text needs are read from the folder beside this file
//   (fonts/, made by make web; MEIRO_FONT_DIR: src/glyph/font.c), the
//   native command's fontconfig being out of the engine's reach;
// - the standard streams are terminals only when they are (the file
//   system the program sees, NODERAWFS, takes all three for terminals, so
//   stdio wrote a line at a time and the program took a pipe for a
//   screen): isatty() is what the native program's would be.
import { createRequire } from 'node:module';
import { readFileSync, writeSync } from 'node:fs';
import { isatty } from 'node:tty';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const meiroEngine = require('./meiro-engine.js');
const wasmBinary = readFileSync(new URL('./meiro-engine.wasm', import.meta.url));

const FLUSH_AT = 1 << 20;
const kept = Buffer.allocUnsafe(FLUSH_AT);
let used = 0;

// A reader gone (| head) ends the native program by SIGPIPE, silently;
// Node ignores the signal and the write fails with EPIPE instead: end as
// the shell reports a program that SIGPIPE ended (128 + 13)
const SIGPIPE_STATUS = 141;

function writeAll(bytes) {
  try {
    for (let off = 0; off < bytes.length;) off += writeSync(1, bytes, off, bytes.length - off);
  } catch (e) {
    if (e.code !== 'EPIPE') throw e;
    process.exit(SIGPIPE_STATUS);
  }
}

function flushStdout() {
  if (used) writeAll(kept.subarray(0, used));
  used = 0;
}

function gatherStdout(FS) {
  const write = FS.write;
  FS.write = (stream, buffer, offset, length, position, canOwn) => {
    if (stream.nfd === 2) flushStdout();
    if (stream.nfd !== 1) return write(stream, buffer, offset, length, position, canOwn);
    // the program's memory as bytes (buffer is its HEAP8)
    const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset + offset, length);
    if (length > FLUSH_AT - used) flushStdout();
    if (length >= FLUSH_AT) writeAll(bytes);
    else kept.set(bytes, used), used += length;
    return length;
  };
  // the runtime closes the process's own standard streams as it ends
  // (FS.quit): what is kept goes out first
  const close = FS.close;
  FS.close = (stream) => {
    if (stream.nfd === 1) flushStdout();
    return close(stream);
  };
}

meiroEngine({
  wasmBinary,
  arguments: process.argv.slice(2),
  thisProgram: 'meiro',
  preRun: [(engine) => {
    // emscripten's own variables, unset (undefined) unless the process has them
    for (const name of ['USER', 'LOGNAME', 'PATH', 'PWD', 'HOME', 'LANG', '_']) engine.ENV[name] = undefined;
    Object.assign(engine.ENV, process.env);
    engine.ENV.MEIRO_FONT_DIR = fileURLToPath(new URL('./fonts', import.meta.url));
  }],
  onRuntimeInitialized() {
    const FS = this.FS;
    for (const fd of [0, 1, 2]) if (FS.streams[fd]) FS.streams[fd].tty = isatty(fd);
    gatherStdout(FS);
  },
});
