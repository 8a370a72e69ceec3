// The page as data (doc/page-format.md, `meiro generate -f page`) drawn by
// the browser: SVG (the preview, the SVG file), a canvas (PNG) and PDF
// (pdf-lib with fontkit, the fonts embedded, each page its paper's size).
// The three draw the same outlines: meiro's paths (its arcs as Bézier
// curves), and its texts laid out with fontkit in the fonts of the site's
// fonts/ folder (Debian's, the ones meiro measured them with), each font
// fetched only when a page has a text in it. An SVG shown in an <img> loads
// nothing, so its texts are the glyphs' outlines and its pictures are in it.
'use strict';

const meiroPage = (() => {
  const MM_PT = 72 / 25.4;

  // The fonts (fonts/: the engine's, src/glyph/font.c's table, copied by
  // web/site.mjs): a family list's first family that the site has, its
  // face by bold; a character its face lacks from the list's next family
  // the site has that has it, else from the Japanese font, as meiro falls
  // back glyph by glyph. A face of a collection (.ttc) is named by its
  // PostScript name after a '#' (its index in glyph/font.c's table). The
  // site has no italic face (meiro's own pages set none): an italic text
  // is its face slanted (`SLANT`).
  const cjk = (tag) => [`NotoSansCJK-Regular.ttc#NotoSansCJK${tag}-Regular`, `NotoSansCJK-Bold.ttc#NotoSansCJK${tag}-Bold`];
  const faces = {
    'DejaVu Sans': ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'],
    'DejaVu Sans Condensed': ['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf'],
    IPAexGothic: ['ipaexg.ttf', 'ipaexg.ttf'],
    'Noto Sans Arabic': ['NotoSansArabic-Regular.ttf', 'NotoSansArabic-Bold.ttf'],
    'Noto Sans CJK KR': cjk('kr'),
    'Noto Sans CJK SC': cjk('sc'),
    'Noto Sans CJK TC': cjk('tc'),
  };
  const SLANT = 0.2; // (cairo's and FreeType's synthetic oblique: x += 0.2 y)
  const fallbackFamily = 'IPAexGothic';
  const scripts = new Map(), fontFiles = new Map(), fontObjects = new Map(), fileOf = new Map(), pictures = new Map();
  // a vendored library (vendor/), loaded once when first needed
  function script(src) {
    if (!scripts.has(src)) {
      scripts.set(src, new Promise((resolve, reject) => {
        const s = document.createElement('script');
        s.src = src;
        s.onload = resolve;
        s.onerror = () => reject(new Error(`cannot load ${src}`));
        document.head.append(s);
      }));
    }
    return scripts.get(src);
  }
  function fetchBytes(url) {
    if (!fontFiles.has(url)) {
      fontFiles.set(url, fetch(url).then((r) => {
        if (!r.ok) throw new Error(`${url}: ${r.status}`);
        return r.arrayBuffer();
      }).then((b) => new Uint8Array(b)));
    }
    return fontFiles.get(url);
  }
  function faceFile(item, family) {
    const list = faces[family];
    return `fonts/${list[item.bold ? 1 : 0]}`;
  }
  // the item's families the site has, in its list's order
  function familiesOf(item) {
    const list = item.font.split(',').map((f) => f.trim()).filter((f) => faces[f]);
    return list.length ? list : ['DejaVu Sans'];
  }
  const familyOf = (item) => familiesOf(item)[0];
  async function fontkitFont(face) {
    if (!fontObjects.has(face)) {
      fontObjects.set(face, (async () => {
        await script('vendor/fontkit.umd.min.js');
        const [file, name] = face.split('#');
        const font = fontkit.create(await fetchBytes(file), name);
        fileOf.set(font, face);
        return font;
      })());
    }
    return fontObjects.get(face);
  }

  // The text's runs, each in the face that has its characters: the
  // family's, else the fallback's; a blank (a space, a control or format
  // character) in the face of the letters either side of it, the family's
  // first, as meiro measures it and pango sets it (glyph/font.c's
  // blank_face): the space between two Japanese words is the Japanese
  // font's, not DejaVu's.
  const blank = /^[\p{Zs}\p{Zl}\p{Zp}\p{Cf}\p{Cc}]$/u;
  async function runs(item, text) {
    const main = await fontkitFont(faceFile(item, familyOf(item)));
    const has = (font, ch) => font && font.hasGlyphForCodePoint(ch.codePointAt(0));
    const faceOf = async (ch) => {
      if (has(main, ch)) return main;
      const rest = familiesOf(item).slice(1);
      if (!rest.includes(fallbackFamily)) rest.push(fallbackFamily);
      for (const family of rest) {
        const other = await fontkitFont(faceFile(item, family));
        if (has(other, ch)) return other;
      }
      return main;
    };
    const chars = [...text];
    const out = [];
    let after = null, afterAt = 0;
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i], before = out.length ? out[out.length - 1].font : null;
      let font = null;
      if (blank.test(ch)) {
        if (afterAt <= i) { // once a run of blanks: the letter after it
          afterAt = i;
          while (afterAt < chars.length && blank.test(chars[afterAt])) afterAt++;
          after = afterAt < chars.length ? await faceOf(chars[afterAt]) : null;
        }
        if (has(after, ch) && (!before || (after === main && before !== main))) font = after;
        else if (has(before, ch)) font = before;
        else if (has(after, ch)) font = after;
      }
      font = font || await faceOf(ch);
      if (font === before) out[out.length - 1].text += ch; else out.push({ font, text: ch });
    }
    return out;
  }
  const advance = (run, size) => run.font.layout(run.text).advanceWidth / run.font.unitsPerEm * size;
  // A bold text in a face without bold (IPAexGothic's): its glyphs
  // emboldened as fontconfig and cairo do (FreeType's embolden: an em/24
  // wider outline), drawn here as a stroke of that width round the fill.
  const synthetic = (item, font) => item.bold && !/bold/i.test(font.postscriptName || '');
  const EMBOLDEN = 1 / 24;

  // The lines of a text and where each starts (mm): one line at x, or a
  // `wrap` box's lines broken at spaces (with `in_words`, between the
  // characters of a word wider than the box too; meiro's kinsoku rules are
  // not kept here), each centred in it. A line's baseline is its top plus
  // the greatest ascent of the faces its letters are in, the next line's
  // top that plus their greatest descent, as meiro measures a line
  // (glyph/font.c's glyph_run_line) and pango places it.
  async function layout(item) {
    let pieces = item.wrap ? item.text.split(/(?<=\s)/) : [item.text];
    if (item.wrap && item.in_words) {
      const split = [];
      for (const w of pieces) split.push(...(await width(item, w.trimEnd()) > item.wrap ? [...w] : [w]));
      pieces = split;
    }
    const lines = [];
    let line = '';
    for (const w of pieces) {
      const tried = line + w;
      const fits = !item.wrap || !line || await width(item, tried.trimEnd()) <= item.wrap;
      if (fits) { line = tried; continue; }
      lines.push(line.trimEnd());
      line = w;
    }
    lines.push(line.trimEnd());
    const out = [];
    let top = item.y;
    for (let i = 0; i < lines.length; i++) {
      const r = await runs(item, lines[i]);
      const w = r.reduce((s, run) => s + advance(run, item.size), 0);
      const x = item.wrap ? item.x + (item.wrap - w) / 2 : item.x;
      const ascent = Math.max(0, ...r.map((run) => run.font.ascent / run.font.unitsPerEm)) * item.size;
      const descent = Math.max(0, ...r.map((run) => -run.font.descent / run.font.unitsPerEm)) * item.size;
      out.push({ runs: r, x, baseline: top + ascent });
      top += ascent + descent;
    }
    return out;
  }
  async function width(item, text) {
    return (await runs(item, text)).reduce((s, run) => s + advance(run, item.size), 0);
  }

  // meiro's path steps (M L C A N Z, arcs as cairo's) as absolute M, L, C
  // and Z steps, each arc in Bézier pieces of at most a quarter turn.
  function steps(d) {
    const t = d.trim().split(/\s+/);
    const out = [];
    let i = 0, at = null, start = null;
    const num = () => Number(t[i++]);
    while (i < t.length) {
      const op = t[i++];
      if (op === 'M' || op === 'L') {
        const x = num(), y = num();
        out.push([op, x, y]);
        at = [x, y];
        if (op === 'M') start = at;
      } else if (op === 'C') {
        const c = [num(), num(), num(), num(), num(), num()];
        out.push(['C', ...c]);
        at = [c[4], c[5]];
      } else if (op === 'A' || op === 'N') {
        const cx = num(), cy = num(), r = num();
        let a0 = num(), a1 = num();
        if (op === 'A') while (a1 < a0) a1 += 2 * Math.PI;
        else while (a1 > a0) a1 -= 2 * Math.PI;
        const p0 = [cx + r * Math.cos(a0), cy + r * Math.sin(a0)];
        out.push([at ? 'L' : 'M', ...p0]);
        if (!at) start = p0;
        const n = Math.max(1, Math.ceil(Math.abs(a1 - a0) / (Math.PI / 2) - 1e-9));
        const da = (a1 - a0) / n, k = 4 / 3 * Math.tan(da / 4);
        for (let j = 0; j < n; j++) {
          const b0 = a0 + j * da, b1 = b0 + da;
          const c0 = Math.cos(b0), s0 = Math.sin(b0), c1 = Math.cos(b1), s1 = Math.sin(b1);
          out.push(['C', cx + r * (c0 - k * s0), cy + r * (s0 + k * c0), cx + r * (c1 + k * s1), cy + r * (s1 - k * c1),
            cx + r * c1, cy + r * s1]);
        }
        at = [cx + r * Math.cos(a1), cy + r * Math.sin(a1)];
      } else if (op === 'Z') {
        out.push(['Z']);
        at = start;
      } else {
        throw new Error(`a path step '${op}' that is not meiro's`);
      }
    }
    return out;
  }
  const svgD = (d) => steps(d).map((s) => s.join(' ')).join(' ');

  const hex = (c) => `#${c.map((v) => Math.round(v * 255).toString(16).padStart(2, '0')).join('')}`;
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

  // a built-in picture (art/NAME.svg, the site's art/ folder) as a data:
  // address, so that an SVG shown as an image has it; a template's own
  // file, which the page does not carry, leaves its box empty (as meiro
  // draw does)
  function picture(name) {
    if (!/^art\/[a-z0-9-]+\.svg$/.test(name)) return Promise.resolve(null);
    if (!pictures.has(name)) {
      pictures.set(name, fetch(name).then((r) => (r.ok ? r.arrayBuffer() : null)).then((b) => {
        if (!b) return null;
        const bytes = new Uint8Array(b);
        let bin = '';
        for (let i = 0; i < bytes.length; i += 8192) bin += String.fromCharCode(...bytes.subarray(i, i + 8192));
        return `data:image/svg+xml;base64,${btoa(bin)}`;
      }, () => null));
    }
    return pictures.get(name);
  }

  // One page as an SVG document (mm, the trim from its top-left corner).
  async function svg(doc, n) {
    const page = doc.pages[n];
    const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${page.width}mm" height="${page.height}mm" viewBox="0 0 ${page.width} ${page.height}">`,
      `<rect width="${page.width}" height="${page.height}" fill="#fff"/>`];
    let clips = 0;
    for (const it of page.items) {
      if (it.unclip) { out.push('</g>'); continue; }
      if (it.clip) {
        out.push(`<clipPath id="c${clips}"><path clip-rule="${it.clip === 'even-odd' ? 'evenodd' : 'nonzero'}" d="${svgD(it.d)}"/></clipPath><g clip-path="url(#c${clips})">`);
        clips++;
      } else if (it.d && it.stroke) {
        const s = it.stroke;
        const dash = s.dash ? ` stroke-dasharray="${(s.dash.length === 1 ? [s.dash[0], s.dash[0]] : s.dash).join(' ')}"` : '';
        out.push(`<path fill="none" stroke="${hex(s.colour)}" stroke-width="${s.width}" stroke-linecap="${s.cap}" stroke-linejoin="${s.join}" stroke-miterlimit="10"${dash} d="${svgD(it.d)}"/>`);
      } else if (it.d && it.fill) {
        out.push(`<path fill="${hex(it.fill.colour)}" fill-rule="${it.fill.rule === 'even-odd' ? 'evenodd' : 'nonzero'}" d="${svgD(it.d)}"/>`);
      } else if (it.text !== undefined) {
        if (!it.font) continue; // braille: its dots are the path after it
        // (turned about the layout's corner: a spine's words)
        if (it.angle) out.push(`<g transform="rotate(${it.angle * 180 / Math.PI} ${it.x} ${it.y})">`);
        for (const line of await layout(it)) {
          let x = line.x;
          for (const run of line.runs) {
            const k = it.size / run.font.unitsPerEm;
            const glyphs = run.font.layout(run.text);
            let pen = 0;
            const paths = glyphs.glyphs.map((g, j) => {
              const p = glyphs.positions[j];
              const d = g.path.toSVG();
              const at = pen + p.xOffset;
              pen += p.xAdvance;
              return d ? `<path transform="translate(${at} ${p.yOffset})" d="${d}"/>` : '';
            }).join('');
            const bold = synthetic(it, run.font)
              ? ` stroke="${hex(it.colour)}" stroke-width="${run.font.unitsPerEm * EMBOLDEN}" stroke-linejoin="round"` : '';
            const slant = it.italic ? ` matrix(1 0 ${-SLANT} 1 0 0)` : '';
            out.push(`<g fill="${hex(it.colour)}"${bold} transform="translate(${x} ${line.baseline})${slant} scale(${k} ${-k})">${paths}</g>`);
            x += pen * k;
          }
        }
        if (it.angle) out.push('</g>');
      } else if (it.image) {
        const href = await picture(it.image);
        const [l, tp, w, h] = it.box;
        if (href) out.push(`<image x="${l}" y="${tp}" width="${w}" height="${h}" preserveAspectRatio="${it.fit === 'frame' ? 'none' : 'xMidYMid meet'}" href="${href}"/>`);
      }
    }
    out.push('</svg>');
    return out.join('\n');
  }

  // One page as a PNG, `dpi` dots an inch (its SVG drawn on a canvas).
  async function png(doc, n, dpi = 300) {
    const page = doc.pages[n];
    const text = await svg(doc, n);
    const img = new Image();
    img.src = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
    try {
      await img.decode();
      const canvas = document.createElement('canvas');
      // (whole pixels, rounded up as meiro's PNG)
      canvas.width = Math.ceil(page.width / 25.4 * dpi);
      canvas.height = Math.ceil(page.height / 25.4 * dpi);
      canvas.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height);
      return await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    } finally {
      URL.revokeObjectURL(img.src);
    }
  }

  // The document as a PDF: each page its size in points, its paths as PDF
  // paths, its texts as text in the fonts embedded (subsets), its pictures
  // (a built-in one's SVG) drawn to a 300 dpi image.
  async function pdf(doc) {
    await Promise.all([script('vendor/pdf-lib.min.js'), script('vendor/fontkit.umd.min.js')]);
    const L = PDFLib;
    const out = await L.PDFDocument.create();
    // a face pdf-lib embeds is the one fontkit made for these bytes (a
    // collection's face too, which fontkit.create(bytes) would not pick)
    const faceOfBytes = new Map();
    out.registerFontkit({ create: (bytes) => faceOfBytes.get(bytes) || fontkit.create(bytes) });
    out.setProducer('meiro (the studio in the browser)');
    if (doc.seed) out.setKeywords([`seed ${doc.seed}`]);
    if (doc.title) out.setTitle(doc.title); // (a cover's: the book's)
    const embedded = new Map();
    const embed = async (font) => {
      if (!embedded.has(font)) {
        const bytes = new Uint8Array((await fetchBytes(fileOf.get(font).split('#')[0])).buffer);
        faceOfBytes.set(bytes, font);
        embedded.set(font, out.embedFont(bytes, { subset: true }));
      }
      return embedded.get(font);
    };
    const op = (name, ...args) => L.PDFOperator.of(name, args.map((a) => L.PDFNumber.of(a)));
    for (const page of doc.pages) {
      const H = page.height;
      const p = out.addPage([page.width * MM_PT, page.height * MM_PT]);
      // mm from the top-left corner, y down
      p.pushOperators(L.pushGraphicsState(), L.concatTransformationMatrix(MM_PT, 0, 0, -MM_PT, 0, H * MM_PT));
      const path = (d) => steps(d).map((s) => (s[0] === 'M' ? L.moveTo(s[1], s[2]) : s[0] === 'L' ? L.lineTo(s[1], s[2])
        : s[0] === 'C' ? L.appendBezierCurve(...s.slice(1)) : L.closePath()));
      for (const it of page.items) {
        if (it.unclip) { p.pushOperators(L.popGraphicsState()); continue; }
        if (it.clip) {
          p.pushOperators(L.pushGraphicsState(), ...path(it.d), it.clip === 'even-odd' ? L.clipEvenOdd() : L.clip(), L.endPath());
        } else if (it.d && it.stroke) {
          const s = it.stroke;
          const dash = s.dash ? (s.dash.length === 1 ? [s.dash[0], s.dash[0]] : s.dash) : [];
          p.pushOperators(L.pushGraphicsState(), L.setStrokingRgbColor(...s.colour), L.setLineWidth(s.width),
            L.setLineCap({ butt: 0, round: 1, square: 2 }[s.cap]), L.setLineJoin({ miter: 0, round: 1, bevel: 2 }[s.join]),
            op('M', 10), L.setDashPattern(dash, 0), ...path(it.d), L.stroke(), L.popGraphicsState());
        } else if (it.d && it.fill) {
          p.pushOperators(L.pushGraphicsState(), L.setFillingRgbColor(...it.fill.colour), ...path(it.d),
            it.fill.rule === 'even-odd' ? op('f*') : L.fill(), L.popGraphicsState());
        } else if (it.text !== undefined && it.font) {
          if (it.angle) { // turned about the layout's corner
            const c = Math.cos(it.angle), s = Math.sin(it.angle);
            p.pushOperators(L.pushGraphicsState(), L.concatTransformationMatrix(c, s, -s, c,
              it.x - c * it.x + s * it.y, it.y - s * it.x - c * it.y));
          }
          for (const line of await layout(it)) {
            let x = line.x;
            for (const run of line.runs) {
              const font = await embed(run.font);
              // (the page's y runs down: the text's matrix turns it back up)
              p.pushOperators(L.pushGraphicsState(), L.concatTransformationMatrix(1, 0, it.italic ? SLANT : 0, -1, x, line.baseline));
              if (synthetic(it, run.font)) {
                p.pushOperators(L.setTextRenderingMode(L.TextRenderingMode.FillAndOutline), L.setLineWidth(it.size * EMBOLDEN),
                  L.setStrokingRgbColor(...it.colour), L.setLineJoin(1));
              }
              p.drawText(run.text, { x: 0, y: 0, size: it.size, font, color: L.rgb(...it.colour) });
              p.pushOperators(L.popGraphicsState());
              x += advance(run, it.size);
            }
          }
          if (it.angle) p.pushOperators(L.popGraphicsState());
        } else if (it.image) {
          const href = await picture(it.image);
          if (!href) continue;
          const [l, tp, w, h] = it.box;
          const img = await out.embedPng(await raster(href, w, h, it.fit === 'frame'));
          p.pushOperators(L.pushGraphicsState(), L.concatTransformationMatrix(w, 0, 0, -h, l, tp + h));
          p.drawImage(img, { x: 0, y: 0, width: 1, height: 1 });
          p.pushOperators(L.popGraphicsState());
        }
      }
      p.pushOperators(L.popGraphicsState());
    }
    return out.save();
  }
  // a picture drawn to a PNG of w x h mm at 300 dpi
  async function raster(href, w, h, stretch) {
    const img = new Image();
    img.src = href;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(w / 25.4 * 300));
    canvas.height = Math.max(1, Math.round(h / 25.4 * 300));
    const k = stretch ? null : Math.min(canvas.width / img.naturalWidth, canvas.height / img.naturalHeight);
    const ctx = canvas.getContext('2d');
    if (!k) ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    else ctx.drawImage(img, (canvas.width - img.naturalWidth * k) / 2, (canvas.height - img.naturalHeight * k) / 2,
      img.naturalWidth * k, img.naturalHeight * k);
    return new Uint8Array(await (await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'))).arrayBuffer());
  }

  return { svg, png, pdf, steps };
})();
