// The studio's back end (studio.js asks it): meiro serve's routes, or, on
// the static site (make web: build/web/site/), the engine in a Web Worker
// (engine-worker.js). The site's api/choices, written when it is built,
// says so ("engine"); the server's never does.
//
// backend.ask({route, format, query, argv, file, signal}) answers as the
// server's route does, with a Response: the file, or a refusal whose
// X-Meiro-Message says it for the page (message.c's form).
//   route   preview, file, view or booklet (the server's /api/ROUTE)
//   format  the file's (none for a preview: an SVG)
//   query   the command's long options as a URL query (the server's)
//   argv    the same as the command line's words (the engine's), without
//           'meiro' and -o; none: the query's (a thumbnail's)
//   file    {name, body}: a picture, a word list or pupils' names, which
//           the server takes POSTed and the command as the file `name`
'use strict';

const backend = (() => {
  let engine = false;
  async function choices() {
    const r = await fetch('api/choices');
    const c = await r.json();
    engine = !!c.engine;
    if (engine) site();
    return c;
  }
  // The static site's: installable (its manifest), and kept for offline
  // use by its service worker (sw.js)
  function site() {
    const link = document.createElement('link');
    Object.assign(link, { rel: 'manifest', href: 'manifest.webmanifest' });
    document.head.append(link);
    if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').catch(() => {});
  }

  function server({ route, format, query, file, signal }) {
    const url = `api/${route}?${format ? `format=${format}&` : ''}${query}`;
    return fetch(url, file ? { method: 'POST', body: file.body, signal } : { signal });
  }

  // The worker, started when first needed and again after a Cancel.
  let worker = null, nextId = 1;
  const jobs = new Map();
  function engineRun(argv, files, output, signal) {
    if (!worker) {
      worker = new Worker('engine-worker.js');
      worker.onmessage = ({ data }) => {
        const job = jobs.get(data.id);
        jobs.delete(data.id);
        if (job) job.resolve(data);
      };
    }
    const id = nextId++;
    return new Promise((resolve, reject) => {
      jobs.set(id, { resolve, reject });
      if (signal) signal.addEventListener('abort', () => { if (jobs.delete(id)) reject(new DOMException('given up', 'AbortError')); });
      worker.postMessage({ id, argv, files, output });
    });
  }
  // Cancel: the worker ended, whatever it was doing; its jobs given up.
  function cancel() {
    if (worker) worker.terminate();
    worker = null;
    for (const job of jobs.values()) job.reject(new DOMException('cancelled', 'AbortError'));
    jobs.clear();
  }

  // A thumbnail's query as the command's words: name=1 a switch.
  const switches = ['crop', 'solution'];
  const wordsOf = (query) => [...new URLSearchParams(query)].flatMap(([k, v]) => (switches.includes(k) && v === '1' ? [`--${k}`] : [`--${k}=${v}`]));

  // The command's refusal as the server says it for the page (message.c's
  // serve_command_message): the option the line is about, its quoted text
  // and its numbers.
  function form(line, level = 'error') {
    const q = new URLSearchParams({ code: 'command', level });
    const paren = line.lastIndexOf('(');
    let p = paren >= 0 ? line.slice(paren + 1).replace(/^option /, '') : '';
    if (!p.startsWith('--')) p = line.includes('--') ? line.slice(line.indexOf('--')) : '';
    const option = /^--([a-z-]+)/.exec(p);
    if (option) q.append('option', option[1]);
    const quoted = /'([^']*)'/.exec(line);
    if (quoted) q.append('q', quoted[1]);
    const rest = quoted ? line.replace(quoted[0], ' ') : line;
    for (const m of rest.matchAll(/(^|[^A-Za-z0-9.-])(\d+(?:\.\d+)?)/g)) q.append('n', m[2]);
    return q.toString();
  }
  const types = {
    pdf: 'application/pdf', png: 'image/png', svg: 'image/svg+xml', json: 'application/json',
    text: 'text/plain; charset=utf-8', csv: 'text/csv; charset=utf-8', html: 'text/html; charset=utf-8',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
  const extension = { text: 'txt' };
  function refused(err, status) {
    const lines = err.split('\n').filter((l) => l);
    const line = lines.find((l) => !l.startsWith('meiro: warning: ')) || lines[0] || 'meiro: failed';
    const said = line.replace(/^meiro( [a-z]+)?: /, '');
    // a file the engine cannot make: drawn on cairo (web/module.c's reason:
    // a cover's PDF), or a tactile sheet's braille (liblouis, not loaded)
    const code = /WebAssembly build of meiro (draws no page|loads no shared library)/.test(line) ? 'code=no-drawing' : form(said);
    return new Response(line, { status: status === 2 ? 400 : 500, headers: { 'X-Meiro-Message': code } });
  }
  function made(bytes, format, err, seed, booklet) {
    const warnings = err.split('\n').filter((l) => l.startsWith('meiro: warning: ')).map((l) => l.slice(16));
    const headers = { 'Content-Type': types[format] || 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${booklet ? 'booklet' : 'maze'}-${seed}.${extension[format] || format}"` };
    if (warnings.length) {
      headers['X-Meiro-Warning'] = encodeURIComponent(warnings.join(' '));
      headers['X-Meiro-Message'] = warnings.map((w) => form(w, 'warning')).join(',');
    }
    return new Response(bytes, { status: 200, headers });
  }

  // The pages drawn here (meiro-page.js): the engine writes their
  // description (-f page); the rest it writes itself.
  const drawn = ['pdf', 'svg', 'png'];
  let renderer = null;
  function loadRenderer() {
    renderer = renderer || new Promise((resolve, reject) => {
      const s = document.createElement('script');
      s.src = 'meiro-page.js';
      s.onload = () => resolve(meiroPage);
      s.onerror = () => reject(new Error('cannot load meiro-page.js'));
      document.head.append(s);
    });
    return renderer;
  }
  async function engineAsk({ route, format = 'svg', query, argv, file, signal }) {
    const words = argv || ['generate', ...wordsOf(query)];
    const page = drawn.includes(format);
    const output = `${route === 'booklet' ? 'booklet' : 'maze'}.${page ? 'page' : extension[format] || format}`;
    const files = file ? { [file.name]: new Uint8Array(await new Response(file.body).arrayBuffer()) } : {};
    const seed = (words.find((w, i) => words[i - 1] === '--seed') || (words.find((w) => w.startsWith('--seed=')) || '').slice(7)) || '0';
    // (a rule maze's --solution with -f page: its key's page, as with -f svg)
    const r = await engineRun([...words, ...(page ? ['-f', 'page'] : []), '-o', output], files, output, signal);
    if (r.status !== 0) return refused(r.err, r.status);
    if (!page) return made(r.output, format, r.err, seed, route === 'booklet');
    const draw = await loadRenderer();
    const doc = JSON.parse(new TextDecoder().decode(r.output));
    const bytes = format === 'pdf' ? await draw.pdf(doc)
      : format === 'png' ? await draw.png(doc, 0, 300) // (the command's default resolution)
        : await draw.svg(doc, 0);
    return made(bytes, format, r.err, seed, route === 'booklet');
  }

  return {
    choices,
    cancel,
    ask: (request) => (engine ? engineAsk(request) : server(request)),
    get engine() { return engine; },
  };
})();
