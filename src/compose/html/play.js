/* meiro's HTML page: walking the maze. The mazes come from the JSON in
 * #meiro-data (walls per cell: bit 1 << d closed, d = 0 north, 1 east,
 * 2 south, 3 west; 16 or 32 on a weave's crossing with a tunnel under it
 * west to east or north to south; 64 << d: a one-way passage's wrong way;
 * "mission": keys and doors or items in order; 1024 or 2048: a stair up or down
 * of a multi-level maze, whose "levels" floors of "floorH" rows are stacked in
 * its rows and drawn side by side; positions in the page's millimetres); the pictures
 * are the page's SVG. No library, no request. */
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('meiro-data').textContent);
  var words = data.words;
  var DX = [0, 1, 0, -1], DY = [-1, 0, 1, 0];
  var KEYS = { ArrowUp: 0, KeyW: 0, ArrowRight: 1, KeyD: 1, ArrowDown: 2, KeyS: 2, ArrowLeft: 3, KeyA: 3,
    PageUp: 4, KeyE: 4, PageDown: 5, KeyQ: 5 };
  var LETTERS = { w: 0, d: 1, s: 2, a: 3, e: 4, q: 5 };
  var game = document.getElementById('game');
  var stage = document.getElementById('stage');
  var sheets = stage.querySelectorAll('.sheet');
  var svgns = sheets[0].namespaceURI; /* the SVG namespace, without writing out its URL */
  var $ = function (id) { return document.getElementById(id); };
  var current = 0;
  var DIGITS = Array.from(words.digits); /* 0 to 9 as the page writes them (Arabic's ٠ to ٩) */

  function num(n) {
    return String(n).replace(/[0-9]/g, function (c) { return DIGITS[c]; });
  }

  function el(name, cls, parent) {
    var e = document.createElementNS(svgns, name);
    if (cls) e.setAttribute('class', cls);
    parent.appendChild(e);
    return e;
  }

  /* each maze: its walked way (cells from S), answer shown, goal reached */
  var mazes = data.mazes.map(function (m) {
    var sheet = sheets[m.sheet];
    var g = el('g', 'maze', sheet.querySelector('.play'));
    /* a picture maze's way fills its cells (a line a cell wide, square
     * ends), so the picture appears as it is walked; reversed, the answer
     * is every cell but the way's: the colour, the way white over it, the
     * group multiplied over the walls */
    var answer;
    if (m.picture) {
      var shown = el('g', 'picture-answer', g);
      if (m.picture === 2) {
        var ground = el('rect', 'picture-ground', shown);
        ground.setAttribute('x', m.x); ground.setAttribute('y', m.y);
        ground.setAttribute('width', m.w * m.cell); ground.setAttribute('height', m.h * m.cell);
      }
      answer = el('path', m.picture === 2 ? 'answer picture picture-clear' : 'answer picture', shown);
      answer.setAttribute('stroke-width', m.cell);
    } else {
      answer = el('path', 'answer', g);
      answer.setAttribute('stroke-width', m.pathWidth);
    }
    var walk = el('path', 'walk' + (m.picture === 1 ? ' picture' : ''), g);
    walk.setAttribute('stroke-width', m.picture === 1 ? m.cell : Math.max(m.pathWidth * 1.4, m.cell * 0.3));
    /* on a multi-level maze over the stairs' marks, which are drawn over the play */
    var me = el('circle', 'me', m.levels ? el('g', 'maze', sheet) : g);
    me.setAttribute('r', m.cell * 0.3);
    me.setAttribute('stroke-width', m.cell * 0.05);
    answer.setAttribute('d', line(m, m.solution, m.startDoor, m.goalDoor));
    g.classList.toggle('show-answer', data.shown);
    return { m: m, sheet: sheet, g: g, walk: walk, me: me, cells: [m.start], shown: data.shown, done: false, out: false,
      held: 0, next: 0 };
  });

  /* floor f drawn in a grid of up to 3 floors a row (else two rows), each
   * w + 1 cells across and floorH + 2 down, under a row for its name
   * (core/levels.h's level_origin) */
  function floorOf(m, c) { return m.levels ? Math.floor(c[1] / m.floorH) : 0; }
  function centre(m, c, door) {
    var x = m.x + (c[0] + 0.5) * m.cell, y = m.y + (c[1] + 0.5) * m.cell;
    if (m.levels) {
      var f = floorOf(m, c), cols = m.levels <= 3 ? m.levels : Math.ceil(m.levels / 2);
      x += (f % cols) * (m.w + 1) * m.cell;
      y += (Math.floor(f / cols) * (m.floorH + 2) + 1 - f * m.floorH) * m.cell;
    }
    if (door >= 0) { x += DX[door] * m.cell / 2; y += DY[door] * m.cell / 2; }
    return x.toFixed(3) + ' ' + y.toFixed(3);
  }

  /* a way through cell centres, from S's door and to G's if it has one */
  function line(m, cells, fromDoor, toDoor) {
    if (!cells.length) return '';
    var d = 'M' + centre(m, cells[0], fromDoor);
    for (var k = 0; k < cells.length; k++) /* a stair: on again on the other floor */
      d += (k && floorOf(m, cells[k]) !== floorOf(m, cells[k - 1]) ? 'M' : 'L') + centre(m, cells[k], -1);
    if (toDoor >= 0) d += 'L' + centre(m, cells[cells.length - 1], toDoor);
    return d;
  }

  function help(m) {
    var h = m.rules ? m.rules + ' ' + words.help : words.help;
    return m.levels ? h + ' ' + words.stairs : h;
  }

  function same(a, b) { return a[0] === b[0] && a[1] === b[1]; }

  function draw(st) {
    var m = st.m, here = st.cells[st.cells.length - 1];
    st.walk.setAttribute('d', line(m, st.cells, m.startDoor, st.out ? m.goalDoor : -1));
    st.me.setAttribute('cx', centre(m, here, st.out ? m.goalDoor : -1).split(' ')[0]);
    st.me.setAttribute('cy', centre(m, here, st.out ? m.goalDoor : -1).split(' ')[1]);
    /* read by tests and assistive tools; the state itself lives here */
    game.dataset.maze = current;
    game.dataset.x = here[0];
    game.dataset.y = here[1];
    game.dataset.steps = st.cells.length - 1;
    game.dataset.floor = floorOf(m, here);
    game.dataset.done = st.done ? 'yes' : 'no';
  }

  function setAnswer(st, on) {
    st.shown = on;
    st.g.classList.toggle('show-answer', on);
    if (st === mazes[current]) {
      var b = $('answer');
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
      b.textContent = on ? words.hide : words.show;
    }
  }

  /* One step in direction d: walls stop it; stepping back onto the cell
   * before erases the last step, like a pencil (with --loops, onto any
   * earlier cell: the loop is erased). True if it moved. */
  function step(d) {
    var st = mazes[current], m = st.m;
    if (st.done) return false;
    var here = st.cells[st.cells.length - 1];
    if (same(here, m.goal) && d === m.goalDoor && (!m.mission || st.next === m.mission.marks.length)) { /* out through G's door (1 x 1: the only way) */
      st.out = true;
      win(st);
      return true;
    }
    var nx = here[0] + DX[d], ny = here[1] + DY[d];
    /* a stair (up 4, down 5), only where the cell has one that way */
    var stair = d >= 4 && m.levels && (m.walls[here[1]][here[0]] & (d === 4 ? 1024 : 2048));
    if (d >= 4) { nx = here[0]; ny = here[1] + (d === 4 ? m.floorH : -m.floorH); }
    if ((d >= 4 && !stair) || (d < 4 && m.walls[here[1]][here[0]] & (1 << d)) || nx < 0 || ny < 0 || nx >= m.w || ny >= m.h) {
      st.me.classList.remove('bump');
      void st.me.getBoundingClientRect(); /* restarts the animation */
      st.me.classList.add('bump');
      return false;
    }
    if (d < 4 && !passable(m, st, here, d)) {
      st.me.classList.remove('bump');
      void st.me.getBoundingClientRect();
      st.me.classList.add('bump');
      return false;
    }
    /* a weave's crossing entered across its corridor: under it, to the cell beyond */
    if (d < 4 && m.walls[ny][nx] & (d % 2 ? 16 : 32)) { nx += DX[d]; ny += DY[d]; }
    var next = [nx, ny], back = -1;
    /* a mission's walk goes to a key and back: nothing is erased */
    for (var k = st.cells.length - 2; k >= 0 && back < 0 && !m.mission; k--) if (same(st.cells[k], next)) back = k;
    if (back >= 0) st.cells.length = back + 1;
    else st.cells.push(next);
    if (m.mission) pickUp(st, next);
    if (same(next, m.goal) && (!m.mission || st.next === m.mission.marks.length)) win(st);
    else draw(st);
    if (zoom > 1 && st.me.scrollIntoView) st.me.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    return true;
  }

  /* A one-way passage the wrong way, or a locked door without its key. */
  function passable(m, st, here, d) {
    if (m.walls[here[1]][here[0]] & (64 << d)) return false;
    if (!m.mission) return true;
    var doors = m.mission.doors, nx = here[0] + DX[d], ny = here[1] + DY[d];
    for (var k = 0; k < doors.length; k++) {
      var a = [doors[k][0], doors[k][1]], b = [a[0] + DX[doors[k][2]], a[1] + DY[doors[k][2]]];
      var through = (same(here, a) && same([nx, ny], b)) || (same(here, b) && same([nx, ny], a));
      if (through && !(st.held & (1 << k))) return false;
    }
    return true;
  }

  /* Stepping onto a key takes it; onto the next item collects it. */
  function pickUp(st, c) {
    var marks = st.m.mission.marks;
    for (var k = 0; k < marks.length; k++) {
      if (!same(marks[k], c)) continue;
      if (st.m.mission.kind === 1 && !(st.held & (1 << k))) { st.held |= 1 << k; st.next++; }
      else if (st.m.mission.kind === 2 && k === st.next) st.next++;
    }
    game.dataset.taken = st.next;
  }

  function win(st) {
    st.done = true;
    draw(st);
    $('status').textContent = words.goal + ' ' + words.wellDone;
    var goal = $('goal');
    goal.hidden = false;
    var colours = ['#e53935', '#fb8c00', '#fdd835', '#43a047', '#1e88e5', '#8e24aa', '#ec407a'];
    for (var k = 0; k < 48; k++) {
      var c = document.createElement('span');
      c.className = 'confetti';
      c.style.left = (Math.random() * 100).toFixed(1) + 'vw';
      c.style.background = colours[k % colours.length];
      c.style.animationDuration = (1.6 + Math.random() * 1.6).toFixed(2) + 's';
      c.style.animationDelay = (Math.random() * 0.6).toFixed(2) + 's';
      goal.appendChild(c);
    }
    $(mazes.length > 1 && current + 1 < mazes.length ? 'next-maze' : 'again').focus({ preventScroll: true });
  }

  function closeGoal() {
    var goal = $('goal');
    goal.hidden = true;
    var bits = goal.querySelectorAll('.confetti');
    for (var k = 0; k < bits.length; k++) goal.removeChild(bits[k]);
    stage.focus({ preventScroll: true });
  }

  function reset() {
    var st = mazes[current];
    st.cells = [st.m.start];
    st.done = st.out = false;
    st.held = st.next = 0;
    game.dataset.taken = 0;
    closeGoal();
    $('status').textContent = help(st.m);
    draw(st);
  }

  function show(k) {
    if (k < 0 || k >= mazes.length) return;
    closeGoal();
    current = k;
    var st = mazes[k];
    for (var i = 0; i < sheets.length; i++) sheets[i].classList.toggle('current', sheets[i] === st.sheet);
    for (i = 0; i < mazes.length; i++) mazes[i].me.style.display = i === k ? '' : 'none';
    setAnswer(st, st.shown);
    $('info').textContent = st.m.info;
    $('status').textContent = st.done ? words.goal + ' ' + words.wellDone : help(st.m);
    $('prev').disabled = k === 0;
    $('next').disabled = k + 1 === mazes.length;
    if ($('count')) $('count').textContent = num(k + 1) + ' / ' + num(mazes.length);
    setZoom(zoom);
    $('next-maze').hidden = k + 1 === mazes.length;
    draw(st);
  }

  document.addEventListener('keydown', function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return; /* Ctrl+P prints */
    if (e.key === 'Escape') { closeGoal(); return; }
    if (e.key === '+' || e.key === '=') { zoomBy(1); return; }
    if (e.key === '-') { zoomBy(-1); return; }
    if (e.key === 'Enter' || e.key === ' ') { /* the stair here, whichever way it goes */
      var st = mazes[current], c = st.cells[st.cells.length - 1];
      if (!st.m.levels || !$('goal').hidden) return;
      e.preventDefault();
      step(st.m.walls[c[1]][c[0]] & 1024 ? 4 : 5);
      return;
    }
    var d = e.code in KEYS ? KEYS[e.code] : e.key in KEYS ? KEYS[e.key] : LETTERS[String(e.key).toLowerCase()];
    if (d === undefined) return;
    e.preventDefault(); /* no scrolling */
    if ($('goal').hidden) step(d);
  });

  /* Touch, pen or mouse: dragging anywhere on the maze walks it, a step
   * each time the finger has gone one cell's width on the screen (at
   * least a few pixels), along the longer direction of the movement,
   * else the shorter one when a wall is in the way. */
  var drag = null;
  stage.addEventListener('pointerdown', function (e) {
    if (e.button > 0) return;
    var st = mazes[current], box = st.sheet.getBoundingClientRect();
    var viewWidth = st.sheet.viewBox.baseVal.width;
    drag = { id: e.pointerId, x: e.clientX, y: e.clientY, cell: Math.max(12, st.m.cell * box.width / viewWidth) };
    if (stage.setPointerCapture) stage.setPointerCapture(e.pointerId);
    stage.focus({ preventScroll: true });
    e.preventDefault();
  });
  stage.addEventListener('pointermove', function (e) {
    if (!drag || e.pointerId !== drag.id) return;
    var dx = e.clientX - drag.x, dy = e.clientY - drag.y, t = drag.cell;
    while (Math.max(Math.abs(dx), Math.abs(dy)) >= t) {
      var across = Math.abs(dx) >= Math.abs(dy);
      var first = across ? (dx > 0 ? 1 : 3) : (dy > 0 ? 2 : 0);
      var second = across ? (dy > 0 ? 2 : 0) : (dx > 0 ? 1 : 3);
      var other = across ? Math.abs(dy) : Math.abs(dx);
      if (step(first)) {
        if (across) dx -= dx > 0 ? t : -t; else dy -= dy > 0 ? t : -t;
      } else if (other >= t / 2 && step(second)) {
        if (across) dy -= dy > 0 ? t : -t; else dx -= dx > 0 ? t : -t;
      } else {
        dx = dy = 0; /* against a wall: start afresh from here */
      }
      if (mazes[current].done) break;
    }
    drag.x = e.clientX - dx;
    drag.y = e.clientY - dy;
  });
  function endDrag(e) {
    if (!drag || e.pointerId !== drag.id) return;
    /* a tap on a multi-level maze: the stair here, if any */
    var st = mazes[current], c = st.cells[st.cells.length - 1];
    if (e.type === 'pointerup' && st.m.levels && Math.abs(e.clientX - drag.x) < 4 && Math.abs(e.clientY - drag.y) < 4 &&
        (st.m.walls[c[1]][c[0]] & 3072)) step(st.m.walls[c[1]][c[0]] & 1024 ? 4 : 5);
    drag = null;
  }
  stage.addEventListener('pointerup', endDrag);
  stage.addEventListener('pointercancel', endDrag);

  /* Zoom, for a big maze whose cells are small in the window: the sheet
   * grows and the stage scrolls, following the walker. */
  var ZOOMS = [1, 1.5, 2, 3, 4], zoom = 1;
  function setZoom(z) {
    zoom = z;
    stage.style.setProperty('--zoom', z);
    var st = mazes[current], box = st.sheet.getBoundingClientRect();
    var cellPx = st.m.cell * box.width / st.sheet.viewBox.baseVal.width / z;
    $('bigger').hidden = $('smaller').hidden = cellPx >= 24 && z === 1;
    $('bigger').disabled = z === ZOOMS[ZOOMS.length - 1];
    $('smaller').disabled = z === 1;
  }
  function zoomBy(d) {
    var i = ZOOMS.indexOf(zoom) + d;
    if (i >= 0 && i < ZOOMS.length) setZoom(ZOOMS[i]);
    mazes[current].me.scrollIntoView({ block: 'center', inline: 'center' });
  }
  $('bigger').addEventListener('click', function () { zoomBy(1); });
  $('smaller').addEventListener('click', function () { zoomBy(-1); });

  $('answer').addEventListener('click', function () { setAnswer(mazes[current], !mazes[current].shown); });
  $('reset').addEventListener('click', reset);
  $('again').addEventListener('click', reset);
  $('prev').addEventListener('click', function () { show(current - 1); });
  $('next').addEventListener('click', function () { show(current + 1); });
  $('next-maze').addEventListener('click', function () { show(current + 1); });
  $('goal').addEventListener('click', function (e) { if (e.target === this) closeGoal(); });

  show(0);
  window.focus();
  stage.focus({ preventScroll: true });
})();
