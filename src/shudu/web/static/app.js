// shudu — the page of `shudu serve`: play, pencil marks, colours, hints from the
// player's own position, why a move is wrong, explanations, generate and rate. Plain
// JavaScript, no network beyond this server's own /api/v1/.
"use strict";

const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const STORE = "shudu.game.v1";
// The puzzle a first visit starts with (nothing saved, no link): an easy one.
const WELCOME = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
// Cell colours of the colour mode, by the digit key that sets them (1 to 9).
const COLOURS = ["#ffd6d6", "#ffe7c2", "#fff6b0", "#d7f5cf", "#cdeefa", "#d4dcff",
  "#ead6ff", "#e2e2e2", "#9ea7b8"];
// The buttons that need a puzzle (disabled, with a prompt, while there is none).
const NEEDS_PUZZLE = ["hint1", "hint2", "hint3", "explain", "rate", "check", "fill", "erase",
  "share", "pause", "why", "rewind"];

// The page's words in English and Chinese (shudu.words.web), fetched from the server at
// start (loadWords): until then, and for a key it lacks, t() answers the key itself.
let WORDS = { en: {}, zh: {} };

const $ = (id) => document.getElementById(id);

const game = {
  puzzle: null,       // the parse answer: puzzle, size, boxes, peers, extra, solution, rules …
  values: [],         // digits per cell, givens included (0 empty)
  centre: [],         // arrays of digits (candidates)
  corner: [],         // arrays of digits
  colour: [],         // colour per cell (0 none, 1 to 9: COLOURS)
  history: [],        // snapshots before each change (undo)
  future: [],         // snapshots undone (redo)
  selected: -1,       // the cursor: the cell moved by the arrows
  selection: [],      // the cells selected (drag, Ctrl/Shift-click): what a key changes
  mode: "normal",     // normal, corner, centre or colour
  paused: false,
  lang: "en",
  elapsed: 0,         // seconds played
  marks: {},          // cell -> class for the hint highlight (focus / wrong)
  step: null,         // the last level-3 hint: {step, state}
  explain: null,      // {start, steps, k}
  hintRequest: null,  // the level of the last hint (asked again on a language switch)
};

// ---------------------------------------------------------------------- words
function t(key, fields = {}) {
  let text = (WORDS[game.lang] && WORDS[game.lang][key]) || WORDS.en[key] || key;
  for (const [k, v] of Object.entries(fields)) text = text.replace(`{${k}}`, v);
  return text;
}

async function loadWords() {
  try {
    const response = await fetch("/api/v1/words");
    if (response.ok) WORDS = await response.json();
  } catch (e) {
    // offline: the page keeps the English of index.html
  }
}

function applyLanguage() {
  document.documentElement.lang = game.lang === "zh" ? "zh-CN" : "en";
  for (const el of document.querySelectorAll("[data-i18n]")) {
    const text = t(el.dataset.i18n);
    if (text !== el.dataset.i18n) el.textContent = text;   // else: index.html's own words
  }
  for (const opt of $("gen-technique").options) {
    if (opt.dataset.en) opt.textContent = game.lang === "zh" ? opt.dataset.zh : opt.dataset.en;
  }
}

function say(text, isError = false) {
  const el = $("message");
  delete el.dataset.key;
  el.textContent = text;
  el.classList.toggle("error", isError);
}

// ---------------------------------------------------------------------- the API
async function api(name, body) {
  return answer(await fetch(`/api/v1/${name}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }));
}

// The JSON of an answer, or an Error with the server's message.
async function answer(response) {
  let data;
  try {
    data = await response.json();
  } catch (e) {
    throw new Error(`the server answered ${response.status}`);
  }
  if (!response.ok) throw new Error(data.error ? data.error.message : `error ${response.status}`);
  return data;
}

async function busy(work) {
  document.body.dataset.busy = "1";
  try {
    return await work();
  } catch (e) {
    say(e.message, true);
    return null;
  } finally {
    delete document.body.dataset.busy;
  }
}

function puzzleBody() {
  return { puzzle: game.puzzle.puzzle, rules: game.puzzle.rules };
}

// ---------------------------------------------------------------------- state
function n() { return game.puzzle ? game.puzzle.size : 9; }

function snapshot() {
  return JSON.stringify([game.values, game.centre, game.corner, game.colour]);
}

function restore(snap) {
  const size = game.values.length;
  [game.values, game.centre, game.corner, game.colour] = JSON.parse(snap);
  if (!game.colour) game.colour = Array(size).fill(0);   // a snapshot from before colours
}

function change(apply) {
  const before = snapshot();
  apply();
  if (snapshot() === before) return;
  game.history.push(before);
  game.future = [];
  game.marks = {};
  game.step = null;
  $("apply").disabled = true;
  save();
  draw();
}

function undo() {
  if (!game.history.length) return;
  game.future.push(snapshot());
  restore(game.history.pop());
  game.marks = {};
  save();
  draw();
}

function redo() {
  if (!game.future.length) return;
  game.history.push(snapshot());
  restore(game.future.pop());
  game.marks = {};
  save();
  draw();
}

function save() {
  if (!game.puzzle) return;
  const data = {
    puzzle: game.puzzle, values: game.values, centre: game.centre, corner: game.corner,
    colour: game.colour, history: game.history.slice(-500), elapsed: game.elapsed, lang: game.lang,
  };
  try {
    localStorage.setItem(STORE, JSON.stringify(data));
  } catch (e) { /* storage full or refused: play on */ }
}

function load() {
  try {
    return JSON.parse(localStorage.getItem(STORE) || "null");
  } catch (e) {
    return null;
  }
}

function start(puzzle, position = null) {
  game.puzzle = puzzle;
  const size = puzzle.size * puzzle.size;
  game.values = Array.from(puzzle.puzzle, (ch) => (ch === "." ? 0 : SYMBOLS.indexOf(ch) + 1));
  game.centre = Array.from({ length: size }, () => []);
  game.corner = Array.from({ length: size }, () => []);
  game.colour = Array(size).fill(0);
  if (puzzle.values) {   // read from pencilmarks: the text's candidates become centre marks
    for (let c = 0; c < size; c++) {
      if (!game.values[c] && puzzle.values[c]) game.values[c] = puzzle.values[c];
      if (!game.values[c]) game.centre[c] = puzzle.candidates[c].slice();
    }
  }
  if (position) {
    for (let c = 0; c < size; c++) if (position[c]) game.values[c] = position[c];
  }
  game.history = [];
  game.future = [];
  game.marks = {};
  game.step = null;
  game.explain = null;
  game.selected = -1;
  game.selection = [];
  game.elapsed = 0;
  setPaused(false);
  $("apply").disabled = true;
  $("hint-text").textContent = "";
  $("hint-picture").textContent = "";
  $("rate-result").textContent = "";
  $("explain-bar").hidden = true;
  build();
  save();
  draw();
  enableButtons();
  if (puzzle.status === "multiple") {
    const cell = puzzle.cell ? `r${puzzle.cell[0]}c${puzzle.cell[1]}` : "";
    say(cell ? t("several", { cell }) : t("several0"), true);
  } else if (puzzle.status === "none") {
    // the library's words begin with what this sentence says: keep only the reason
    const why = (puzzle.message || "").replace(/^the puzzle has no solution:?\s*/, "");
    say(why ? t("none", { msg: why }) : t("none0"), true);
  }
  else if (puzzle.status === "unknown") say(t("unknown"));
  else sayWords("loaded", { clues: puzzle.clues });
}

// ---------------------------------------------------------------------- drawing
function build() {
  const grid = $("grid");
  const size = n();
  grid.textContent = "";
  grid.style.setProperty("--n", size);
  const cols = Math.ceil(Math.sqrt(size));
  grid.style.setProperty("--mc", cols);
  grid.style.setProperty("--mr", Math.ceil(size / cols));
  const boxes = game.puzzle.boxes;
  const extra = new Set();
  for (const house of game.puzzle.extra) for (const c of house.cells) extra.add(c);
  for (let c = 0; c < size * size; c++) {
    const cell = document.createElement("div");
    cell.className = "cell";
    cell.dataset.cell = c;
    cell.setAttribute("role", "gridcell");
    const r = Math.floor(c / size), col = c % size;
    if (col < size - 1 && boxes[c] !== boxes[c + 1]) cell.classList.add("br");
    if (r < size - 1 && boxes[c] !== boxes[c + size]) cell.classList.add("bb");
    if (col === size - 1) cell.classList.add("lastc");
    if (r === size - 1) cell.classList.add("lastr");
    if (extra.has(c)) cell.classList.add("extra");
    grid.appendChild(cell);
  }
  drawCages(size);
  drawMarks();
  fitOutsideClues();
  drawRuleNotes();
  const pad = $("pad");
  pad.textContent = "";
  for (let d = 1; d <= size; d++) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = SYMBOLS[d - 1];
    b.dataset.digit = d;
    b.className = "digit";
    if (d <= COLOURS.length) b.style.setProperty("--swatch", COLOURS[d - 1]);
    pad.appendChild(b);
  }
}

// Killer cages: a dashed outline inside each cage (CSS on the cells' sides that face
// another cage) and the total in a small box at the corner of the cage's first cell,
// whose marks keep below it (CSS).
function drawCages(size) {
  const cells = $("grid").querySelectorAll(".cell");
  for (const cage of game.puzzle.cages || []) {
    const inside = new Set(cage.cells);
    for (const c of cage.cells) {
      const r = Math.floor(c / size), col = c % size;
      const el = cells[c];
      el.classList.add("cage");
      if (r === 0 || !inside.has(c - size)) el.classList.add("ct");
      if (r === size - 1 || !inside.has(c + size)) el.classList.add("cb");
      if (col === 0 || !inside.has(c - 1)) el.classList.add("cl");
      if (col === size - 1 || !inside.has(c + 1)) el.classList.add("cr");
    }
    if (cage.sum) {
      const first = cells[Math.min(...cage.cells)];
      first.dataset.sum = cage.sum;
      const total = document.createElement("span");   // (re)attached by draw()
      total.className = "sum";
      total.textContent = cage.sum;
      first.total = total;
    }
  }
}

// Thermometers, arrows, dots, lines and outside clues: the server's SVG drawing laid
// over the grid (it lets clicks through to the cells).
function drawMarks() {
  const grid = $("grid");
  const m = game.puzzle.marks;
  if (!m) return;
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  const lo = -m.margin, span = m.units + 2 * m.margin;
  svg.setAttribute("viewBox", `${lo} ${lo} ${span} ${span}`);
  svg.setAttribute("class", "marks");
  svg.setAttribute("aria-hidden", "true");
  svg.style.setProperty("--grow", `${(m.margin / m.units) * 100}%`);
  svg.innerHTML = m.svg;
  grid.appendChild(svg);
}

function conflicts(values) {
  const bad = new Set();
  const peers = game.puzzle.peers;
  values.forEach((v, c) => {
    if (!v) return;
    for (const p of peers[c]) if (values[p] === v) { bad.add(c); bad.add(p); }
  });
  return bad;
}

// A cell's candidates in keypad places (every digit has its spot): the explanations'.
function marksNode(digits, size, highlight = {}) {
  const box = document.createElement("div");
  box.className = "marks";
  for (let d = 1; d <= size; d++) {
    const s = document.createElement("span");
    if (digits.includes(d)) {
      s.textContent = SYMBOLS[d - 1];
      if (highlight[d]) s.className = highlight[d];
    }
    box.appendChild(s);
  }
  return box;
}

// The player's centre marks: a centred line of the digits, smaller the more there are.
function centreNode(digits, highlight = {}) {
  const box = document.createElement("div");
  box.className = "centre";
  box.dataset.count = digits.length > 6 ? "many" : digits.length > 4 ? "some" : "few";
  for (const d of digits) {
    const s = document.createElement("span");
    s.textContent = SYMBOLS[d - 1];
    if (highlight[d]) s.className = highlight[d];
    box.appendChild(s);
  }
  return box;
}

function cornerNode(digits) {
  const box = document.createElement("div");
  box.className = "corner";
  const spots = [[0, 0], [0, 1], [1, 0], [1, 1], [0, 0.5], [1, 0.5], [0.5, 0], [0.5, 1], [0.5, 0.5]];
  digits.slice(0, 9).forEach((d, i) => {
    const s = document.createElement("span");
    s.textContent = SYMBOLS[d - 1];
    const [y, x] = spots[i];
    s.style.top = `${y * 78}%`;
    s.style.left = `${x * 82}%`;
    box.appendChild(s);
  });
  return box;
}

function draw() {
  if (!game.puzzle) return;
  if (game.explain) { drawExplain(); return; }
  const size = n();
  const values = game.values;
  const bad = conflicts(values);
  const sel = game.selected;
  const chosen = new Set(game.selection);
  const selDigit = sel >= 0 ? values[sel] : 0;
  const peers = sel >= 0 && chosen.size === 1 ? new Set(game.puzzle.peers[sel]) : new Set();
  const cells = $("grid").querySelectorAll(".cell");
  for (let c = 0; c < cells.length; c++) {
    const el = cells[c];
    el.textContent = "";
    const given = game.puzzle.puzzle[c] !== ".";
    el.classList.toggle("given", given);
    el.classList.toggle("selected", chosen.has(c));
    el.classList.toggle("cursor", c === sel && chosen.size > 1);
    el.style.backgroundColor = game.colour[c] && !chosen.has(c) ? COLOURS[game.colour[c] - 1] : "";
    if (el.total) el.appendChild(el.total);
    el.classList.toggle("peer", peers.has(c));
    el.classList.toggle("same", selDigit > 0 && values[c] === selDigit && c !== sel);
    el.classList.toggle("conflict", bad.has(c));
    el.classList.toggle("wrong", game.marks[c] === "wrong");
    el.classList.toggle("focus", game.marks[c] === "focus");
    el.classList.toggle("doubt", game.marks[c] === "doubt");
    el.classList.remove("placed");
    if (values[c]) {
      const v = document.createElement("span");
      v.className = "v";
      v.textContent = SYMBOLS[values[c] - 1];
      el.appendChild(v);
      el.setAttribute("aria-label", `r${Math.floor(c / size) + 1}c${c % size + 1} ${values[c]}`);
    } else {
      const hl = {};
      if (game.step) {
        for (const [r, col, d] of game.step.step.eliminations) if ((r - 1) * size + col - 1 === c) hl[d] = "elim";
        for (const [r, col, d] of game.step.step.placements) if ((r - 1) * size + col - 1 === c) hl[d] = "place";
      }
      if (game.centre[c].length) el.appendChild(centreNode(game.centre[c], hl));
      if (game.corner[c].length) el.appendChild(cornerNode(game.corner[c]));
      el.setAttribute("aria-label", `r${Math.floor(c / size) + 1}c${c % size + 1}`);
    }
  }
  $("undo").disabled = !game.history.length;
  $("redo").disabled = !game.future.length;
  for (const b of document.querySelectorAll(".mode")) b.classList.toggle("active", b.dataset.mode === game.mode);
  $("pad").dataset.mode = game.mode;
  const wrongHere = sel >= 0 && values[sel] && game.puzzle.puzzle[sel] === "." && game.puzzle.solution
    && SYMBOLS[values[sel] - 1] !== game.puzzle.solution[sel];
  $("why").hidden = !(wrongHere && game.marks[sel] === "wrong");
  if (game.puzzle.solution && values.every((v, c) => SYMBOLS[v - 1] === game.puzzle.solution[c])) {
    say(t("solved"));
  }
}

function drawExplain() {
  const size = n();
  const ex = game.explain;
  const k = ex.k;
  const state = k === 0 ? ex.start : ex.steps[k - 1].after;
  const next = ex.steps[k] || null;    // the step taken from this state
  const hl = {};
  const causes = new Set();
  if (next) {
    for (const [r, c, d] of next.eliminations) (hl[(r - 1) * size + c - 1] ||= {})[d] = "elim";
    for (const [r, c, d] of next.placements) (hl[(r - 1) * size + c - 1] ||= {})[d] = "place";
    for (const cs of Object.values(next.candidates)) {
      for (const [r, c, d] of cs) {
        const cell = (r - 1) * size + c - 1;
        (hl[cell] ||= {});
        if (!hl[cell][d]) hl[cell][d] = "cause";
      }
    }
    for (const cs of Object.values(next.cells)) for (const [r, c] of cs) causes.add((r - 1) * size + c - 1);
  }
  const cells = $("grid").querySelectorAll(".cell");
  for (let c = 0; c < cells.length; c++) {
    const el = cells[c];
    el.textContent = "";
    el.style.backgroundColor = "";
    if (el.total) el.appendChild(el.total);
    el.className = el.className.replace(/\b(selected|peer|same|conflict|wrong|focus|placed)\b/g, "").trim();
    el.classList.toggle("given", game.puzzle.puzzle[c] !== ".");
    if (causes.has(c)) el.classList.add("focus");
    if (state.values[c]) {
      const v = document.createElement("span");
      v.className = "v";
      v.textContent = SYMBOLS[state.values[c] - 1];
      el.appendChild(v);
      if (k > 0 && ex.steps[k - 1].placements.some(([r, cc]) => (r - 1) * size + cc - 1 === c)) {
        el.classList.add("placed");
      }
    } else {
      el.appendChild(marksNode(state.candidates[c], size, hl[c] || {}));
    }
  }
  $("explain-counter").textContent = k === 0 && !ex.steps.length ? "0 / 0"
    : t("step", { k: Math.min(k + 1, ex.steps.length), n: ex.steps.length });
  let end = t("solved");
  if (!ex.solved) end = ex.stopped === "timeout" ? t("pathtimeout") : t("pathstuck");
  $("explain-text").textContent = next ? `${next.notation}\n${next.text[game.lang]["3"]}` : end;
  $("explain-prev").disabled = k === 0;
  $("explain-next").disabled = k >= ex.steps.length;
}

// ---------------------------------------------------------------------- playing
// The cells a key changes: the selection's cells that are not givens.
function targets() {
  if (!game.puzzle || game.explain || game.paused) return [];
  return game.selection.filter((c) => game.puzzle.puzzle[c] === ".");
}

function enter(digit) {
  if (game.mode === "colour") { paint(digit); return; }
  const cells = targets();
  if (!cells.length) return;
  change(() => {
    if (game.mode === "normal") {
      const clear = cells.every((c) => game.values[c] === digit);
      for (const c of cells) {
        game.values[c] = clear ? 0 : digit;
        if (!clear) {   // a placed digit leaves the marks of the cell's peers
          for (const p of game.puzzle.peers[c]) game.centre[p] = game.centre[p].filter((d) => d !== digit);
        }
      }
      return;
    }
    const list = game.mode === "corner" ? game.corner : game.centre;
    const open = cells.filter((c) => !game.values[c]);
    const remove = open.every((c) => list[c].includes(digit));   // all have it: take it off
    for (const c of open) {
      list[c] = remove ? list[c].filter((d) => d !== digit)
        : [...new Set([...list[c], digit])].sort((a, b) => a - b);
    }
  });
}

// Colour mode: digit k gives the selected cells colour k (givens too); again, none.
function paint(k) {
  if (!game.puzzle || game.explain || game.paused || k > COLOURS.length || !game.selection.length) return;
  change(() => {
    const clear = game.selection.every((c) => game.colour[c] === k);
    for (const c of game.selection) game.colour[c] = clear ? 0 : k;
  });
}

function erase() {
  if (game.mode === "colour") {
    if (!game.puzzle || game.paused) return;
    change(() => { for (const c of game.selection) game.colour[c] = 0; });
    return;
  }
  const cells = targets();
  if (!cells.length) return;
  change(() => {
    const digits = cells.some((c) => game.values[c]);
    for (const c of cells) {
      if (digits) game.values[c] = 0;
      else { game.centre[c] = []; game.corner[c] = []; }
    }
  });
}

function fillCandidates() {
  if (!game.puzzle || game.explain) return;
  change(() => {
    const size = n();
    game.values.forEach((v, c) => {
      if (v) return;
      const seen = new Set(game.puzzle.peers[c].map((p) => game.values[p]));
      game.centre[c] = [];
      for (let d = 1; d <= size; d++) if (!seen.has(d)) game.centre[c].push(d);
    });
  });
}

function check() {
  if (!game.puzzle) { say(t("nopuzzle"), true); return; }
  const sol = game.puzzle.solution;
  if (!sol) { say(t("nosolution"), true); return; }
  game.marks = {};
  let wrong = 0;
  game.values.forEach((v, c) => {
    if (v && SYMBOLS[v - 1] !== sol[c]) { game.marks[c] = "wrong"; wrong++; }
  });
  draw();
  if (wrong) say(t("mistakes", { n: wrong }), true);
  else if (game.values.every((v) => v)) say(t("solved"));
  else say(t("nomistake"));
}

// Select a cell: alone, or added to the selection (``add``: Ctrl/Shift-click, a drag).
function select(c, add = false) {
  game.selected = c;
  if (!add) game.selection = [c];
  else if (!game.selection.includes(c)) game.selection.push(c);
  draw();
}

function move(dr, dc) {
  const size = n();
  let c = game.selected < 0 ? 0 : game.selected;
  const r = (Math.floor(c / size) + dr + size) % size;
  const col = (c % size + dc + size) % size;
  select(r * size + col, game.shiftHeld);
}

// The mode a key switches to on a grid of this size: z (or n) digit, x (or c) corner,
// v centre, q colour; n and c only where they are not digits of the grid (c is 12 on
// 12x12 and 16x16, n is 23 on 25x25), so every digit can always be typed.
function modeKey(key, size) {
  const k = key.toLowerCase();
  if (key.length !== 1) return null;
  const digit = SYMBOLS.indexOf(key.toUpperCase()) + 1;
  if (digit > 9 && digit <= size) return null;
  return { z: "normal", n: "normal", x: "corner", c: "corner", v: "centre", q: "colour" }[k] || null;
}

function setMode(mode) {
  game.mode = mode;
  draw();
}

function onKey(e) {
  if (!game.puzzle) return;
  const target = e.target;
  if (target && (target.tagName === "TEXTAREA" || target.tagName === "INPUT" || target.tagName === "SELECT")) return;
  const key = e.key;
  if ((e.ctrlKey || e.metaKey) && (key === "z" || key === "Z")) {
    e.preventDefault();
    if (e.shiftKey) redo(); else undo();
    return;
  }
  if ((e.ctrlKey || e.metaKey) && (key === "y" || key === "Y")) { e.preventDefault(); redo(); return; }
  if (game.explain) {
    if (key === "ArrowRight") { stepExplain(1); e.preventDefault(); }
    else if (key === "ArrowLeft") { stepExplain(-1); e.preventDefault(); }
    else if (key === "Escape") closeExplain();
    return;
  }
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (arrows[key]) {
    e.preventDefault();
    game.shiftHeld = e.shiftKey || e.ctrlKey;   // Shift/Ctrl + arrow: extend the selection
    move(...arrows[key]);
    game.shiftHeld = false;
    return;
  }
  if (game.paused) return;
  if (key === "Backspace" || key === "Delete" || key === "0") { e.preventDefault(); erase(); return; }
  if (key === " ") {
    e.preventDefault();
    const modes = ["normal", "corner", "centre", "colour"];
    setMode(modes[(modes.indexOf(game.mode) + 1) % modes.length]);
    return;
  }
  const mode = modeKey(key, n());
  if (mode && !e.ctrlKey && !e.metaKey && !e.altKey) { setMode(mode); return; }
  let digit = 0;
  const m = /^(Digit|Numpad)([1-9])$/.exec(e.code || "");
  if (m) digit = Number(m[2]);
  else if (key.length === 1 && SYMBOLS.indexOf(key.toUpperCase()) >= 9) digit = SYMBOLS.indexOf(key.toUpperCase()) + 1;
  if (!digit || digit > n()) return;
  e.preventDefault();
  // Shift + digit: a corner mark, Ctrl/Alt + digit: a centre mark, for one key press
  const was = game.mode;
  if (was !== "colour" && e.shiftKey) game.mode = "corner";
  else if (was !== "colour" && (e.ctrlKey || e.altKey)) game.mode = "centre";
  enter(digit);
  game.mode = was;
  draw();
}

// ---------------------------------------------------------------------- learning
function position() {
  return {
    ...puzzleBody(),
    values: game.values,
    candidates: game.centre.map((m, c) => (game.values[c] || !m.length ? null : m)),
  };
}

async function hint(level) {
  if (!game.puzzle) { say(t("nopuzzle"), true); return; }
  game.hintRequest = level;
  const data = await busy(() => api("hint", { ...position(), level, lang: game.lang, picture: level === 3 }));
  if (!data) return;
  game.marks = {};
  game.step = null;
  $("apply").disabled = true;
  $("hint-picture").textContent = "";
  const size = n();
  if (data.status === "mistake") {
    for (const m of data.mistakes) game.marks[(m.cell[0] - 1) * size + m.cell[1] - 1] = "wrong";
  } else if (data.status === "step") {
    for (const [r, c] of data.focus || []) game.marks[(r - 1) * size + c - 1] = "focus";
    if (level === 3) {
      game.step = { step: data.step, state: data.state };
      $("apply").disabled = false;
      if (data.svg) $("hint-picture").innerHTML = data.svg;
    }
  }
  $("hint-text").textContent = data.status === "step" && level === 3
    ? `${data.step.notation}\n${data.text}` : data.text;
  $("hint-text").dataset.status = data.status;
  delete $("hint-text").dataset.key;
  say("");
  draw();
}

function applyStep() {
  if (!game.step) return;
  const { step, state } = game.step;
  const size = n();
  game.step = null;
  change(() => {
    for (const [r, c, d] of step.eliminations) {
      const cell = (r - 1) * size + c - 1;
      if (game.values[cell]) continue;
      if (!game.centre[cell].length) game.centre[cell] = state.candidates[cell].slice();
      game.centre[cell] = game.centre[cell].filter((x) => x !== d);
    }
    for (const [r, c, d] of step.placements) {
      const cell = (r - 1) * size + c - 1;
      game.values[cell] = d;
      game.centre[cell] = [];
      for (const p of game.puzzle.peers[cell]) game.centre[p] = game.centre[p].filter((x) => x !== d);
    }
  });
  game.hintRequest = null;
  $("hint-text").textContent = t("applied");
  $("hint-text").dataset.key = "applied";
  $("hint-picture").textContent = "";
}

async function explainAll() {
  if (!game.puzzle) { say(t("nopuzzle"), true); return; }
  const k = game.explain ? game.explain.k : 0;
  const data = await busy(() => api("explain", { ...puzzleBody(), lang: game.lang }));
  if (!data) return;
  game.explain = { ...data, k: Math.min(k, data.steps.length) };
  $("explain-bar").hidden = false;
  say("");
  draw();
}

function stepExplain(delta) {
  const ex = game.explain;
  if (!ex) return;
  ex.k = Math.max(0, Math.min(ex.steps.length, ex.k + delta));
  draw();
}

function closeExplain() {
  game.explain = null;
  $("explain-bar").hidden = true;
  build();
  draw();
}

// Rate: a long call (up to the server's long limit), with the seconds so far and a Cancel
// button (closing the request stops the work on the server); a rating cut short by the
// time names the hardest step found so far as a lower bound.
async function rate() {
  if (!game.puzzle) { say(t("nopuzzle"), true); return; }
  const data = await longCall("rate", puzzleBody(), $("rate-result"), "rating-run");
  if (!data) return;
  const name = (game.lang === "zh" ? data.hardest_name_zh : data.hardest_name) || "—";
  const fields = { score: data.score.toFixed(1), grade: data.grade, name, s: data.seconds };
  const said = data.complete !== false ? "rating" : data.steps ? "ratingpart" : "ratingnone";
  $("rate-result").textContent = t(said, fields);
}

async function longCall(name, body, out, key) {
  if (game.running) game.running.abort();
  const control = new AbortController();
  game.running = control;
  const started = Date.now();
  const show = () => { out.textContent = t(key, { s: Math.floor((Date.now() - started) / 1000) }); };
  show();
  const timer = setInterval(show, 500);
  $("rate-cancel").hidden = false;
  const data = await busy(async () => answer(await fetch(`/api/v1/${name}`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body), signal: control.signal,
  })));
  clearInterval(timer);
  $("rate-cancel").hidden = true;
  if (game.running === control) game.running = null;
  if (control.signal.aborted) { out.textContent = t("cancelled"); say(""); }
  else if (!data) out.textContent = "";   // the error is in the message line
  return data;
}

// "Why is this wrong?": the refutation of the wrong digit in the selected cell, from the
// player's own position, its steps drawn in the hint picture.
async function whyWrong() {
  const c = game.selected;
  if (!game.puzzle || c < 0) return;
  const size = n();
  const data = await busy(() => api("refute", {
    ...position(), cell: [Math.floor(c / size) + 1, c % size + 1], lang: game.lang,
    picture: true,
  }));
  if (!data) return;
  const found = data.refutations[0];
  $("hint-text").textContent = found ? found.text : data.text;
  $("hint-picture").textContent = "";
  if (found && found.svg) $("hint-picture").innerHTML = found.svg;
  $("learn").open = true;
}

// ---------------------------------------------------------------------- bringing a puzzle
async function loadText(text, rules) {
  const body = { puzzle: text };
  if (rules) body.rules = rules;
  const data = await busy(() => api("parse", body));
  if (data) start(data);
  return data;
}

async function generate() {
  const body = { rules: $("gen-rules").value, symmetry: $("gen-symmetry").value };
  if ($("gen-grade").value) body.grade = $("gen-grade").value;
  if ($("gen-technique").value) body.technique = $("gen-technique").value;
  if ($("gen-seed").value !== "") body.seed = Number($("gen-seed").value);
  say(t("working"));
  const made = await busy(() => api("generate", body));
  if (!made) return;
  const puzzle = {
    ...made.layout, puzzle: made.puzzle, solution: made.solution, status: "unique",
    message: null, clues: made.clues, values: null, candidates: null, format: "line",
  };
  start(puzzle);
  $("puzzle-text").value = made.puzzle;
  if (made.layout.rules.regions) $("rules-text").value = made.layout.spec;   // a jigsaw's map
  const r = made.rating;
  say(t("generated", { seed: made.seed, grade: r ? r.grade : "", score: r ? r.score.toFixed(1) : "" }));
}

function shareLink() {
  if (!game.puzzle) { say(t("nopuzzle"), true); return; }
  const params = new URLSearchParams();
  params.set("p", game.puzzle.puzzle);
  if (game.puzzle.spec && game.puzzle.spec !== "classic") params.set("r", game.puzzle.spec);
  if ($("share-position").checked) params.set("v", game.values.map((v) => (v ? SYMBOLS[v - 1] : ".")).join(""));
  const url = `${location.origin}${location.pathname}#${params.toString()}`;
  const box = $("share-link");
  box.hidden = false;
  box.value = url;
  box.select();
  if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
  say(t("copied"));
}

async function fromLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  const p = params.get("p");
  if (!p) return false;
  const data = await loadText(p, params.get("r") || undefined);
  if (!data) return false;
  const v = params.get("v");
  if (v && v.length === data.size * data.size) {
    start(data, Array.from(v, (ch) => (ch === "." ? 0 : SYMBOLS.indexOf(ch) + 1)));
  }
  history.replaceState(null, "", location.pathname);
  return true;
}

async function techniquesList() {
  try {
    const data = await api("techniques");
    const select = $("gen-technique");
    for (const tech of data.techniques) {
      if (!tech.target) continue;
      const opt = document.createElement("option");
      opt.value = tech.key;
      opt.dataset.en = tech.name;
      opt.dataset.zh = tech.name_zh;
      opt.textContent = game.lang === "zh" ? tech.name_zh : tech.name;
      select.appendChild(opt);
    }
  } catch (e) { /* the list is a convenience */ }
}

// ---------------------------------------------------------------------- rules, rewind, keys
// A message in the page's words, said again in the other language on a switch.
function sayWords(key, fields = {}, isError = false) {
  say(t(key, fields), isError);
  $("message").dataset.key = key;
  $("message").dataset.fields = JSON.stringify(fields);
}

// Clues outside the grid (little killers, sandwich sums) need room around it: the grid
// shrinks inside its square, so that they stay on the page and clear of the buttons.
function fitOutsideClues() {
  const grid = $("grid");
  const m = game.puzzle.marks;
  if (!m || !m.margin) {
    grid.style.width = "";
    grid.style.margin = "";
    grid.style.removeProperty("--cell");
    return;
  }
  const k = m.units / (m.units + 2 * m.margin);
  grid.style.width = `calc(var(--board) * ${k})`;
  grid.style.margin = `calc(var(--board) * ${(1 - k) / 2})`;
  grid.style.setProperty("--cell", `calc(var(--board) * ${k} / var(--n, 9))`);
}

// The rules over the whole grid that no mark shows (anti-knight, non-consecutive, the
// negative constraints …), in words under the grid (the layout's notes, per language).
function drawRuleNotes() {
  const box = $("rule-notes");
  const notes = (game.puzzle && game.puzzle.notes && game.puzzle.notes[game.lang]) || [];
  box.textContent = "";
  for (const text of notes) {
    const li = document.createElement("li");
    li.textContent = text;
    box.appendChild(li);
  }
  box.hidden = !notes.length;
}

// Whether a position (a snapshot) has a mistake, as shudu.first_mistake sees one: a digit
// that is not the solution's or, with none, a cell whose centre marks leave out the
// solution's digit. Then it has no solution left.
function hasMistake(snap) {
  const [values, centre] = JSON.parse(snap);
  const sol = game.puzzle.solution;
  const right = (c) => SYMBOLS.indexOf(sol[c]) + 1;
  if (values.some((v, c) => v && v !== right(c))) return true;
  return values.some((v, c) => !v && centre[c].length > 0 && !centre[c].includes(right(c)));
}

// Rewind to the first mistake: the undo history holds the position before each move;
// the first position (in the order played) with a mistake was made by the move before
// it, which is undone with every move after it (Redo brings them back). The cell that
// move changed is selected.
function rewindToMistake() {
  if (!game.puzzle || game.explain) return;
  if (!game.puzzle.solution) { say(t("nosolution"), true); return; }
  const positions = [...game.history, snapshot()];
  const first = positions.findIndex(hasMistake);
  if (first < 0) { sayWords("norewind"); return; }
  if (first === 0) { check(); return; }   // wrong before the moves kept: mark the digits
  const [before, after] = [positions[first - 1], positions[first]].map((x) => JSON.parse(x));
  const size = n();
  let cell = before[0].findIndex((v, c) => v !== after[0][c]
    || JSON.stringify(before[1][c]) !== JSON.stringify(after[1][c]));
  const moves = positions.length - first;
  for (let k = 0; k < moves; k++) undo();
  if (cell < 0) cell = 0;
  select(cell);
  game.marks = { [cell]: "focus" };
  draw();
  const name = `r${Math.floor(cell / size) + 1}c${cell % size + 1}`;
  sayWords("rewound", { k: moves, cell: name });
}

// A puzzle in the page's address: ?puzzle=<text or link> (a SudokuPad or f-puzzles link,
// raw or URL-encoded, last in the address), or those sites' own parameters, so that this
// page's address can take the place of theirs: ?puzzleid=<SudokuPad data>,
// ?load=<f-puzzles data>. The address is then cleared (a reload keeps the game).
async function fromQuery() {
  const m = /(?:^|&)(puzzle|puzzleid|load)=(.+)$/s.exec(location.search.slice(1));
  if (!m) return false;
  let text = m[2];
  if (m[1] === "puzzleid") text = `https://sudokupad.app/?puzzleid=${text}`;
  else if (m[1] === "load") text = `https://f-puzzles.com/?load=${text}`;
  else if (!/^https?:/i.test(text)) {
    try { text = decodeURIComponent(text); } catch (e) { /* read as it is */ }
  }
  $("puzzle-text").value = text;
  const data = await loadText(text, "");
  history.replaceState(null, "", location.pathname);
  return Boolean(data);
}

function wirePlayerExtras() {
  $("rewind").addEventListener("click", rewindToMistake);
  $("lang").addEventListener("click", () => {
    drawRuleNotes();
    const el = $("message");
    if (el.dataset.key) {
      sayWords(el.dataset.key, JSON.parse(el.dataset.fields || "{}"),
        el.classList.contains("error"));
    }
  });
  document.addEventListener("keydown", (e) => {
    const target = e.target;
    if (e.key !== "?" || (target && /^(TEXTAREA|INPUT|SELECT)$/.test(target.tagName))) return;
    const keys = $("keys");
    keys.open = !keys.open;
    if (keys.open) keys.scrollIntoView({ block: "nearest" });
  });
}

// ---------------------------------------------------------------------- wiring
function setPaused(paused) {
  game.paused = paused;
  document.body.classList.toggle("paused", paused);
  $("pause").textContent = t(paused ? "resume" : "pause");
  $("pause").dataset.i18n = paused ? "resume" : "pause";
}

// Buttons that need a puzzle are off while there is none (the message says what to do).
function enableButtons() {
  for (const id of NEEDS_PUZZLE) $(id).disabled = !game.puzzle;
}

function tick() {
  if (!game.puzzle || document.hidden || game.paused) return;
  const solved = game.puzzle.solution && game.values.every((v, c) => SYMBOLS[v - 1] === game.puzzle.solution[c]);
  if (!solved) game.elapsed += 1;
  const m = Math.floor(game.elapsed / 60), s = game.elapsed % 60;
  $("timer").textContent = `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
  if (game.elapsed % 5 === 0) save();
}

function wire() {
  // a press selects a cell (Ctrl/Shift: adds it); dragging on adds the cells passed over
  let dragging = false;
  const cellAt = (e) => {
    const hit = document.elementFromPoint(e.clientX, e.clientY);
    const cell = hit && hit.closest("#grid .cell");
    return cell ? Number(cell.dataset.cell) : -1;
  };
  $("grid").addEventListener("pointerdown", (e) => {
    const c = cellAt(e);
    if (c < 0 || game.explain || game.paused) return;
    const add = e.ctrlKey || e.shiftKey || e.metaKey;
    if (add && e.ctrlKey && game.selection.includes(c) && game.selection.length > 1) {
      game.selection = game.selection.filter((x) => x !== c);   // Ctrl-click: toggle
      draw();
    } else {
      select(c, add);
    }
    dragging = true;
    $("grid").focus();
    e.preventDefault();
  });
  document.addEventListener("pointermove", (e) => {
    if (!dragging || !e.buttons) { dragging = false; return; }
    const c = cellAt(e);
    if (c >= 0 && !game.selection.includes(c)) select(c, true);
  });
  document.addEventListener("pointerup", () => { dragging = false; });
  $("pad").addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (b) enter(Number(b.dataset.digit));
  });
  document.addEventListener("keydown", onKey);
  for (const b of document.querySelectorAll(".mode")) {
    b.addEventListener("click", () => { game.mode = b.dataset.mode; draw(); });
  }
  $("erase").addEventListener("click", erase);
  $("pause").addEventListener("click", () => setPaused(!game.paused));
  $("why").addEventListener("click", whyWrong);
  $("rate-cancel").addEventListener("click", () => { if (game.running) game.running.abort(); });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("fill").addEventListener("click", fillCandidates);
  $("check").addEventListener("click", check);
  $("hint1").addEventListener("click", () => hint(1));
  $("hint2").addEventListener("click", () => hint(2));
  $("hint3").addEventListener("click", () => hint(3));
  $("apply").addEventListener("click", applyStep);
  $("explain").addEventListener("click", explainAll);
  $("explain-prev").addEventListener("click", () => stepExplain(-1));
  $("explain-next").addEventListener("click", () => stepExplain(1));
  $("explain-close").addEventListener("click", closeExplain);
  $("rate").addEventListener("click", rate);
  $("load").addEventListener("click", () => loadText($("puzzle-text").value, $("rules-text").value.trim()));
  $("file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    if (file.size > 60000) { say("file too large (60 KB at most)", true); return; }
    const text = await file.text();
    $("puzzle-text").value = text;
    loadText(text, $("rules-text").value.trim());
    e.target.value = "";
  });
  $("photo").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) await openPhoto(file);
    e.target.value = "";
  });
  $("generate").addEventListener("click", generate);
  $("share").addEventListener("click", shareLink);
  $("lang").addEventListener("click", async () => {
    game.lang = game.lang === "en" ? "zh" : "en";
    applyLanguage();
    save();
    if ($("hint-text").dataset.key) $("hint-text").textContent = t($("hint-text").dataset.key);
    if (game.explain) await explainAll();
    else if (game.hintRequest && $("hint-text").textContent) await hint(game.hintRequest);
    if ($("rate-result").textContent) await rate();
  });
  setInterval(tick, 1000);
  wirePlayerExtras();
}

async function main() {
  enableButtons();
  await loadWords();
  wire();
  const saved = load();
  if (saved && saved.lang) game.lang = saved.lang;
  applyLanguage();
  techniquesList();
  if (!(await fromQuery()) && !(await fromLink()) && saved && saved.puzzle) {
    start(saved.puzzle);
    game.values = saved.values;
    game.centre = saved.centre;
    game.corner = saved.corner;
    game.colour = saved.colour || Array(saved.values.length).fill(0);
    game.history = saved.history || [];
    game.elapsed = saved.elapsed || 0;
    save();
    draw();
  } else if (!game.puzzle) {   // a first visit: an easy puzzle to start with
    $("puzzle-text").value = WELCOME;
    if (await loadText(WELCOME, "")) sayWords("welcome");
    else say(t("nopuzzle"));
  }
  enableButtons();
  document.body.dataset.ready = "1";
}

main();

// ---------------------------------------------------------------------- Set mode
// The setter's bench (POST /api/v1/set): the digits typed in Set mode are the givens of a
// puzzle being set, under the page's rules. After each change the page asks for the
// solution count ("≥ N" past the cap), the true candidates (drawn in the empty cells), the
// clues that would make it unique (buttons: a click places one) and, once it is unique,
// the givens each removable alone (framed). "Play" starts the puzzle set.
const setter = {
  on: false,
  rules: null,        // the page's rules (the parse answer's rules object)
  sent: "",           // the givens of the last request
  answer: null,       // the last answer of /api/v1/set
  answerFor: "",      // the givens it answers
  request: null,      // the AbortController of the request under way
  timer: 0,           // the pending refresh (a short pause after typing)
};

// Set mode survives a reload: this key is set while it is on.
const SET_STORE = "shudu.set.v1";

function setGivens() {
  return game.values.map((v) => (v ? SYMBOLS[v - 1] : ".")).join("");
}

async function setStart(keep = true) {
  if (!game.puzzle || (keep && setter.on)) return;
  const size = game.puzzle.size;
  const rules = game.puzzle.rules;
  // the puzzle's givens; a grid without givens (a setting restored after a reload) keeps
  // the digits typed in it
  let givens = null;
  if (keep) {
    givens = game.puzzle.clues ? Array.from(game.puzzle.puzzle, (ch) => (ch === "." ? 0 : SYMBOLS.indexOf(ch) + 1))
      : game.values.slice();
  }
  const empty = await busy(() => api("parse", { puzzle: ".".repeat(size * size), rules }));
  if (!empty) return;
  setter.on = true;
  setter.rules = empty.rules;
  try { localStorage.setItem(SET_STORE, "1"); } catch (e) { /* storage refused */ }
  setter.sent = "";
  setter.answer = null;
  document.body.classList.add("setting");
  for (const id of ["set-empty", "set-grade", "set-play"]) $(id).hidden = false;
  start(empty, givens);
  game.mode = "normal";
  say(t("set-on"));
  draw();
}

function setStop() {
  setter.on = false;
  try { localStorage.removeItem(SET_STORE); } catch (e) { /* storage refused */ }
  if (setter.request) setter.request.abort();
  clearTimeout(setter.timer);
  setter.answer = null;
  document.body.classList.remove("setting");
  for (const id of ["set-empty", "set-grade", "set-play"]) $(id).hidden = true;
  $("set-count").textContent = "";
  $("set-clues-title").textContent = "";
  $("set-clues").textContent = "";
  $("set-redundant").textContent = "";
}

// Ask again after a short pause once the givens changed (a newer request replaces an
// older one, whose worker the server stops).
function setSchedule() {
  if (!setter.on || setGivens() === setter.sent) return;
  setter.sent = setGivens();
  clearTimeout(setter.timer);
  setter.timer = setTimeout(setRefresh, 150);
}

async function setRefresh() {
  if (!setter.on) return;
  if (setter.request) setter.request.abort();
  const control = new AbortController();
  setter.request = control;
  const givens = setter.sent;
  const body = { puzzle: givens, rules: setter.rules, n: 8, lang: game.lang };
  if ($("set-grade").value) body.grade = $("set-grade").value;
  $("set-count").textContent = t("set-working");
  $("set-play").disabled = true;
  try {
    const data = await answer(await fetch("/api/v1/set", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body), signal: control.signal,
    }));
    if (setter.request !== control) return;
    setter.answer = data;
    setter.answerFor = givens;
    setShow();
  } catch (e) {
    if (e.name === "AbortError" || setter.request !== control) return;
    setter.answer = null;
    $("set-count").textContent = e.message;
    $("set-clues-title").textContent = "";
    $("set-clues").textContent = "";
    $("set-redundant").textContent = "";
    draw();
  } finally {
    if (setter.request === control) setter.request = null;
  }
}

function setCellName(c) {
  const size = n();
  return `r${Math.floor(c / size) + 1}c${c % size + 1}`;
}

// The panel: the count, the suggested clues as buttons, the redundant givens.
function setShow() {
  const data = setter.answer;
  if (!data) return;
  $("set-count").textContent = data.status === "unique" ? t("set-unique")
    : data.status === "none" ? t("set-none") : data.text;
  $("set-play").disabled = data.status !== "unique";
  const clues = $("set-clues");
  clues.textContent = "";
  $("set-clues-title").textContent = data.clues.length
    ? t(data.clues[0].unique ? "set-clues" : "set-cut") : "";
  for (const clue of data.clues) {
    const name = `${clue.cell}=${SYMBOLS[clue.digit - 1]}`;
    const label = clue.exact ? String(clue.count) : `≥ ${clue.count}`;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "set-clue" + (clue.unique ? " unique" : "");
    b.dataset.cell = String((clue.row - 1) * n() + clue.column - 1);
    b.dataset.digit = String(clue.digit);
    b.textContent = !clue.unique ? t("set-clue-left", { clue: name, label })
      : clue.grade ? t("set-clue-graded", { clue: name, grade: clue.grade_name, score: clue.score.toFixed(1) })
        : t("set-clue-unique", { clue: name });
    clues.appendChild(b);
  }
  const red = data.redundant;
  let text = "";
  if (red) {
    text = red.clues.length ? t("set-redundant", { cells: red.clues.map((c) => c.cell).join(" ") })
      : t("set-minimal");
    const names = [...red.flags, ...red.constraints.map((c) => `${c.kind} ${c.index + 1}`)];
    if (names.length) text += " " + t("set-rules", { names: names.join(", ") });
  }
  $("set-redundant").textContent = text;
  draw();
}

// Over the play grid: the true candidates of the empty cells (a suggested clue's digit
// in green) and a frame on each redundant given.
function setOverlay() {
  const data = setter.answer;
  const cells = $("grid").querySelectorAll(".cell");
  if (!data || setter.answerFor !== setGivens() || data.candidates.length !== cells.length) {
    for (const el of cells) el.classList.remove("redundant");
    return;
  }
  const suggested = {};
  for (const clue of data.clues) {
    const c = (clue.row - 1) * n() + clue.column - 1;
    (suggested[c] = suggested[c] || {})[clue.digit] = "suggest";
  }
  const redundant = new Set((data.redundant ? data.redundant.clues : [])
    .map((c) => (c.row - 1) * n() + c.column - 1));
  for (let c = 0; c < cells.length; c++) {
    const el = cells[c];
    el.classList.toggle("redundant", redundant.has(c));
    if (game.values[c] || !data.candidates[c].length) continue;
    const marks = marksNode(data.candidates[c], n(), suggested[c] || {});
    marks.classList.add("truth");
    el.appendChild(marks);
  }
}

function setPlace(c, digit) {
  if (!setter.on || game.values[c]) return;
  change(() => { game.values[c] = digit; });
  select(c);
}

async function setPlay() {
  const data = setter.answer;
  if (!data || data.status !== "unique") return;
  const text = setGivens();
  const rules = setter.rules;
  setStop();
  const loaded = await busy(() => api("parse", { puzzle: text, rules }));
  if (loaded) {
    start(loaded);
    say(t("set-playing"));
  }
}

function wireSet() {
  // Play's drawing stays as it is; in Set mode the bench is drawn over it.
  const playDraw = draw;
  draw = function drawWithSet() {   // eslint-disable-line no-func-assign
    playDraw();
    if (!setter.on || game.explain) return;
    setOverlay();
    setSchedule();
  };
  for (const opt of $("gen-grade").options) {   // the grades, as Generate offers them
    if (opt.value) $("set-grade").appendChild(opt.cloneNode(true));
  }
  $("set-start").addEventListener("click", () => setStart(true));
  $("set-empty").addEventListener("click", () => setStart(false));
  $("set-play").addEventListener("click", setPlay);
  $("set-grade").addEventListener("change", () => { if (setter.on) setRefresh(); });
  $("set-clues").addEventListener("click", (e) => {
    const b = e.target.closest("button.set-clue");
    if (b) setPlace(Number(b.dataset.cell), Number(b.dataset.digit));
  });
  // loading or generating another puzzle leaves Set mode
  for (const id of ["load", "generate"]) $(id).addEventListener("click", () => { if (setter.on) setStop(); });
  // after the page's own handler has switched the language
  $("lang").addEventListener("click", () => {
    if (!setter.on) return;
    setTimeout(() => {
      const said = $("message").textContent;
      if (said === WORDS.en["set-on"] || said === WORDS.zh["set-on"]) say(t("set-on"));
      setRefresh();
    }, 0);
  });
  // once the page has restored the saved game, Set mode comes back if it was on
  const back = new MutationObserver(() => {
    if (!document.body.dataset.ready) return;
    back.disconnect();
    let was = null;
    try { was = localStorage.getItem(SET_STORE); } catch (e) { /* storage refused */ }
    if (was && game.puzzle && !game.puzzle.clues) setStart(true);
  });
  back.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}

wireSet();

// ---------------------------------------------------------------------- Photo review
// "Open photo": the server reads the picture (POST /api/v1/scan), then the player reviews
// the reading before it is played. The photo is shown beside the grid (above it on a
// narrow screen); the grid holds the reading, marked as under review, with the doubtful
// cells framed on it and on the photo. The player selects a cell and types or clears its
// digit, or picks another reading the reader considered; the reading's state (one
// solution, none, several, a repeated digit) follows each change (POST /api/v1/solve).
// "Start" plays the reviewed reading; "Cancel" gives the previous game back as it was.
// Nothing is saved while reviewing, so a reload also finds the previous game.
const review = {
  on: false,
  data: null,         // the scan answer (puzzle, size, confidence, doubtful, alternatives …)
  saved: null,        // the game before the review, given back by Cancel
  said: null,         // the message line before the review: [text, is an error]
  wasSetting: false,  // Set mode was on: Cancel turns it on again
  fields: null,       // the puzzle text and rules boxes before the review
  doubt: new Set(),   // the cells to check (framed)
  state: null,        // the reading's state: {key, fields, good}
  sent: "",           // the reading last sent to be checked
  request: null,      // the AbortController of the check under way
  timer: 0,           // the pending check (a short pause after typing)
};

function cellIndex(name, size) {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  return m ? (Number(m[1]) - 1) * size + Number(m[2]) - 1 : -1;
}

function reviewText() {
  return game.values.map((v) => (v ? SYMBOLS[v - 1] : ".")).join("");
}

// The photo as a data: URL (the page's content policy allows data: pictures only).
function photoURL(file) {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => resolve("");
    reader.readAsDataURL(file);
  });
}

async function openPhoto(file) {
  if (file.size > 20 * 1024 * 1024) { say(t("photobig"), true); return; }
  const said = [$("message").textContent, $("message").classList.contains("error")];
  say(t("reading"));
  const url = photoURL(file);
  const data = await busy(async () => answer(await fetch("/api/v1/scan", {
    method: "POST",
    headers: { "Content-Type": file.type || "application/octet-stream" },
    body: file,
  })));
  if (!data) return;   // no reading: the message says why, the game is as it was
  const empty = await busy(() => api("parse", { puzzle: ".".repeat(data.size * data.size), rules: String(data.size) }));
  if (!empty) return;
  reviewBegin(data, empty, await url, said);
}

function reviewBegin(data, empty, url, said) {
  if (!review.on) {   // a second photo while reviewing keeps the game from before the first
    review.saved = {
      puzzle: game.puzzle, values: game.values, centre: game.centre, corner: game.corner,
      colour: game.colour, history: game.history, future: game.future, elapsed: game.elapsed,
      mode: game.mode, paused: game.paused, selected: game.selected, selection: game.selection,
    };
    review.said = said;
    review.fields = [$("puzzle-text").value, $("rules-text").value];
    review.wasSetting = setter.on;
    if (setter.on) setStop();
  }
  review.on = true;
  review.data = data;
  const size = data.size;
  review.doubt = new Set([...(data.status === "ok" ? [] : data.doubtful), ...data.changed]
    .map((name) => cellIndex(name, size)).filter((c) => c >= 0));
  // the previous game's hint, explanation and rating are not the reading's
  game.explain = null;
  game.hintRequest = null;
  $("explain-bar").hidden = true;
  for (const id of ["hint-text", "hint-picture", "rate-result"]) $(id).textContent = "";
  delete $("hint-text").dataset.key;
  $("apply").disabled = true;
  game.puzzle = empty;
  game.values = Array.from(data.puzzle, (ch) => (ch === "." ? 0 : SYMBOLS.indexOf(ch) + 1));
  game.centre = Array.from({ length: size * size }, () => []);
  game.corner = Array.from({ length: size * size }, () => []);
  game.colour = Array(size * size).fill(0);
  game.history = [];
  game.future = [];
  game.marks = {};
  game.step = null;
  game.selected = -1;
  game.selection = [];
  game.mode = "normal";
  setPaused(false);
  review.state = null;
  review.sent = "";
  document.body.classList.add("reviewing");
  $("review").hidden = false;
  $("review-banner").hidden = false;
  $("review-photo").src = url;
  $("review-photo").alt = t("review-photo");
  $("puzzle-text").value = data.puzzle;
  $("rules-text").value = size === 9 ? "" : String(size);
  build();
  draw();
  for (const id of NEEDS_PUZZLE) $(id).disabled = id !== "erase";
  // what was read; what is wrong with it, the state line says (and follows the changes)
  const cells = [...review.doubt].sort((a, b) => a - b).map((c) => setCellName(c));
  if (!cells.length) say(t("review-read", { clues: data.clues }));
  else say(t("review-doubt", { clues: data.clues, cells: cells.join(", ") }), true);
  $("review").scrollIntoView({ block: "nearest" });
}

// Leave the review (the caller then starts a puzzle or gives the previous one back).
function reviewEnd() {
  review.on = false;
  if (review.request) review.request.abort();
  clearTimeout(review.timer);
  document.body.classList.remove("reviewing");
  $("review").hidden = true;
  $("review-banner").hidden = true;
  $("review-photo").removeAttribute("src");
  $("review-state").textContent = "";
  $("review-cell").textContent = "";
  for (const el of $("grid").querySelectorAll(".cell")) el.classList.remove("fixed");
}

async function reviewStart() {
  if (!review.on || !review.state || review.state.key !== "review-unique") return;
  const text = reviewText();
  const rules = game.puzzle.rules;
  const loaded = await busy(() => api("parse", { puzzle: text, rules }));
  if (!loaded || !review.on) return;
  // the player's own digits and pencil marks read from the photo continue the game
  const size = review.data.size;
  const entries = review.data.entries || "";
  const position = Array.from({ length: size * size }, (_, c) =>
    (text[c] === "." && entries[c] && entries[c] !== "." ? SYMBOLS.indexOf(entries[c]) + 1 : 0));
  const marks = review.data.marks || {};
  start(loaded, position.some((v) => v) ? position : null);   // ends the review (see wireReview)
  let marked = 0;
  for (const [name, digits] of Object.entries(marks)) {
    const c = cellIndex(name, size);
    if (c < 0 || game.values[c]) continue;
    game.centre[c] = Array.from(digits, (ch) => SYMBOLS.indexOf(ch) + 1).filter((d) => d > 0);
    marked += 1;
  }
  if (marked) { save(); draw(); }
  $("puzzle-text").value = text;
  const digits = position.filter((v) => v).length;
  if (digits || marked) say(t("review-started-position", { clues: loaded.clues, digits, cells: marked }));
  else say(t("review-started", { clues: loaded.clues }));
}

function reviewCancel() {
  if (!review.on) return;
  reviewEnd();
  const saved = review.saved;
  review.saved = null;
  Object.assign(game, saved, { marks: {}, step: null, explain: null });
  if (game.puzzle) {
    build();
    draw();
  } else {
    $("grid").textContent = "";
  }
  setPaused(saved.paused);
  [$("puzzle-text").value, $("rules-text").value] = review.fields;
  enableButtons();
  if (review.wasSetting) setStart(true);
  else say(review.said[0] || t("review-cancelled"), review.said[1]);
}

// Check the reading after a short pause once it changed (a newer check replaces an older
// one, whose worker the server stops).
function reviewSchedule() {
  const text = reviewText();
  if (text === review.sent) return;
  if (review.sent) say("");   // the player changed the reading: the first words are past
  review.sent = text;
  review.state = null;
  clearTimeout(review.timer);
  review.timer = setTimeout(reviewCheck, 150);
  reviewShow();
}

async function reviewCheck() {
  if (!review.on) return;
  if (review.request) review.request.abort();
  const text = review.sent;
  const repeats = [...conflicts(game.values)].sort((a, b) => a - b);
  if (repeats.length) {   // a digit twice in a house: said without asking the server
    const digits = [...new Set(repeats.map((c) => SYMBOLS[game.values[c] - 1]))].join(", ");
    review.state = { key: "review-repeat", fields: { digit: digits, cells: repeats.map(setCellName).join(" ") } };
    reviewShow();
    return;
  }
  const control = new AbortController();
  review.request = control;
  let state;
  try {
    const data = await answer(await fetch("/api/v1/solve", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ puzzle: text, rules: game.puzzle.rules }), signal: control.signal,
    }));
    state = data.status === "unique" ? { key: "review-unique", good: true }
      : data.status === "multiple" ? { key: "review-several" } : { key: "review-none" };
  } catch (e) {
    if (e.name === "AbortError" || review.request !== control) return;
    state = /no solution/.test(e.message) ? { key: "review-none" }
      : { key: "review-unknown", fields: { msg: e.message } };
  } finally {
    if (review.request === control) review.request = null;
  }
  if (!review.on || text !== reviewText()) return;
  review.state = state;
  reviewShow();
}

// The state line, Start, and the selected cell's reading with the others considered.
function reviewShow() {
  const st = review.state;
  const line = $("review-state");
  line.textContent = st ? t(st.key, st.fields || {}) : t("review-checking");
  line.classList.toggle("good", Boolean(st && st.good));
  line.classList.toggle("bad", Boolean(st && !st.good));
  $("review-start").disabled = !(st && st.good);
  const box = $("review-cell");
  box.textContent = "";
  const c = game.selection.length === 1 ? game.selection[0] : -1;
  const alts = c >= 0 && review.data.alternatives ? review.data.alternatives[c] || [] : [];
  if (c < 0) return;
  const first = (review.data.read || review.data.puzzle)[c];   // as seen, before a correction
  const zoom = reviewZoom(c);
  if (zoom) box.appendChild(zoom);
  const text = document.createElement("span");
  text.textContent = alts.length
    ? t("review-cell", { cell: setCellName(c), read: first === "." ? t("review-empty") : first,
      pct: Math.round(100 * review.data.confidence[c]) })
    : t("review-cell-empty", { cell: setCellName(c) });
  box.appendChild(text);
  const others = alts.filter((a) => a !== reviewText()[c]);
  if (!others.length) return;
  const row = document.createElement("div");
  row.className = "row";
  row.append(t("review-other"));
  for (const a of others) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.cell = String(c);
    b.dataset.symbol = a;
    b.textContent = a === "." ? t("review-empty") : a;
    row.appendChild(b);
  }
  box.appendChild(row);
}

// The picture of the corners' quadrilateral at grid point (u, v), 0..1 each (a projective
// map of the unit square onto the grid's four corners in the photo).
function photoPoint(corners, u, v) {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = corners;
  const dx1 = x1 - x2, dx2 = x3 - x2, dx3 = x0 - x1 + x2 - x3;
  const dy1 = y1 - y2, dy2 = y3 - y2, dy3 = y0 - y1 + y2 - y3;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = den ? (dx3 * dy2 - dx2 * dy3) / den : 0;
  const h = den ? (dx1 * dy3 - dx3 * dy1) / den : 0;
  const w = g * u + h * v + 1;
  return [((x1 - x0 + g * x1) * u + (x3 - x0 + h * x3) * v + x0) / w,
    ((y1 - y0 + g * y1) * u + (y3 - y0 + h * y3) * v + y0) / w];
}

// The photo around cell c, enlarged (the cell's box in the photo and a margin of half a
// cell), to compare with the grid; null until the photo is loaded.
function reviewZoom(c) {
  const img = $("review-photo");
  const data = review.data;
  if (!img.naturalWidth || !data.corners || data.corners.length !== 4) return null;
  const size = data.size;
  const r = Math.floor(c / size), col = c % size;
  const pts = [[col - 0.5, r - 0.5], [col + 1.5, r - 0.5], [col + 1.5, r + 1.5], [col - 0.5, r + 1.5]]
    .map(([u, v]) => photoPoint(data.corners, u / size, v / size));
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const x = Math.min(...xs), y = Math.min(...ys);
  const w = Math.max(...xs) - x, h = Math.max(...ys) - y;
  const canvas = document.createElement("canvas");
  canvas.id = "review-zoom";
  canvas.width = 96;
  canvas.height = 96;
  canvas.getContext("2d").drawImage(img, x, y, w, h, 0, 0, 96, 96);
  return canvas;
}

// On the photo: the grid's outline, the doubtful cells and the selected cell.
function reviewPicture() {
  const img = $("review-photo");
  const svg = $("review-over");
  const data = review.data;
  if (!img.naturalWidth || !data || !data.corners || data.corners.length !== 4) {
    svg.textContent = "";
    return;
  }
  const size = data.size;
  svg.setAttribute("viewBox", `0 0 ${img.naturalWidth} ${img.naturalHeight}`);
  svg.setAttribute("preserveAspectRatio", "none");
  const stroke = Math.max(1.5, img.naturalWidth / 300);
  const quad = (u0, v0, u1, v1, cls) => {
    const pts = [[u0, v0], [u1, v0], [u1, v1], [u0, v1]]
      .map(([u, v]) => photoPoint(data.corners, u, v).map((x) => x.toFixed(1)).join(","));
    return `<polygon class="${cls}" stroke-width="${stroke}" points="${pts.join(" ")}"/>`;
  };
  const cellQuad = (c, cls) => {
    const r = Math.floor(c / size), col = c % size;
    return quad(col / size, r / size, (col + 1) / size, (r + 1) / size, cls);
  };
  let out = quad(0, 0, 1, 1, "outline");
  for (const c of review.doubt) out += cellQuad(c, "doubt");
  if (game.selection.length === 1) out += cellQuad(game.selection[0], "chosen");
  svg.innerHTML = out;
}

function wireReview() {
  // the review's marks are drawn over the play grid: the reading's digits as givens, the
  // player's changes as entries, the doubtful cells framed; nothing is saved meanwhile
  const drawBefore = draw;
  draw = function drawWithReview() {   // eslint-disable-line no-func-assign
    if (review.on) game.mode = "normal";
    drawBefore();
    if (!review.on || !game.puzzle) return;
    const read = review.data.puzzle;
    const cells = $("grid").querySelectorAll(".cell");
    for (let c = 0; c < cells.length; c++) {
      const v = game.values[c];
      const fixed = (v ? SYMBOLS[v - 1] : ".") !== read[c];
      cells[c].classList.toggle("given", Boolean(v) && !fixed);
      cells[c].classList.toggle("fixed", fixed);
      cells[c].classList.toggle("doubt", review.doubt.has(c));
    }
    reviewSchedule();
    reviewShow();
    reviewPicture();
  };
  const saveBefore = save;
  save = function saveUnlessReviewing() {   // eslint-disable-line no-func-assign
    if (!review.on) saveBefore();
  };
  // another puzzle started (Start, Load, a file, Generate, Set) ends the review
  const startBefore = start;
  start = function startAfterReview(...args) {   // eslint-disable-line no-func-assign
    if (review.on) {
      reviewEnd();
      review.saved = null;
      enableButtons();
    }
    return startBefore(...args);
  };
  const banner = document.createElement("p");
  banner.id = "review-banner";
  banner.dataset.i18n = "review-banner";
  banner.textContent = "The photo's reading, under review: Start plays it.";
  banner.hidden = true;
  $("grid").before(banner);
  $("review-start").addEventListener("click", reviewStart);
  $("review-cancel").addEventListener("click", reviewCancel);
  $("review-photo").addEventListener("load", reviewPicture);
  $("review-cell").addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b || !review.on) return;
    const c = Number(b.dataset.cell);
    const v = b.dataset.symbol === "." ? 0 : SYMBOLS.indexOf(b.dataset.symbol) + 1;
    change(() => { game.values[c] = v; });
  });
  // after the page's own handler has switched the language
  $("lang").addEventListener("click", () => {
    if (review.on) setTimeout(() => { $("review-photo").alt = t("review-photo"); reviewShow(); }, 0);
  });
}

wireReview();
