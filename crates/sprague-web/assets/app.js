// The sprague page: a thin client of the JSON API under /api/.
// Four tabs; every answer is computed by the server. Charts are Plotly's.
"use strict";

const $ = (id) => document.getElementById(id);

// ---------- the API ----------

// This tab's id: the server shares its long computations out by it.
const CLIENT = Math.random().toString(36).slice(2, 12);

async function api(method, path, body) {
  const opts = { method, headers: { "x-sprague-client": CLIENT } };
  if (body !== undefined) {
    opts.headers["content-type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const r = await fetch("/api/" + path, opts);
  const text = await r.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (_) { data = { error: text }; }
  if (!r.ok) {
    const e = new Error((data && data.error) || ("HTTP " + r.status));
    e.data = data;
    throw e;
  }
  return data;
}

function showError(e) {
  const box = $("error");
  if (!e) { box.hidden = true; return; }
  box.textContent = e.message || String(e);
  box.hidden = false;
}

async function guarded(work) {
  showError(null);
  try { return await work(); } catch (e) { showError(e); return null; }
}

function el(tag, attrs, ...children) {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") n.className = v;
    else if (k.startsWith("on")) n.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) n.setAttribute(k, v);
  }
  for (const c of children.flat()) n.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return n;
}

// ---------- tabs ----------

for (const b of document.querySelectorAll("nav button")) {
  b.addEventListener("click", () => {
    for (const o of document.querySelectorAll("nav button")) o.setAttribute("aria-selected", String(o === b));
    for (const s of document.querySelectorAll(".tab")) s.hidden = s.id !== "tab-" + b.dataset.tab;
    window.dispatchEvent(new Event("resize"));
  });
}

// ---------- the catalog, shared by three tabs ----------

let catalog = [];

function specOf(entry) { return entry.example.split(" ")[0]; }
function positionOf(entry) { return entry.example.split(" ").slice(1).join(" "); }

async function loadCatalog() {
  catalog = await api("GET", "games");
  for (const sel of document.querySelectorAll(".game-select")) {
    sel.append(el("option", { value: "" }, "(other spec)"));
    for (const e of catalog) {
      if (e.syntax.startsWith("graph:") || e.syntax.startsWith("script:")) continue;
      sel.append(el("option", { value: e.example, title: e.description }, e.syntax + " — " + e.description.slice(0, 48)));
    }
  }
  $("play-game").addEventListener("change", (ev) => {
    if (!ev.target.value) return;
    const e = catalog.find((c) => c.example === ev.target.value);
    $("play-spec").value = specOf(e);
    // A game on a board or graph starts from the board its spec names.
    $("play-position").value = positionOf(e) || "start";
  });
  $("explore-game").addEventListener("change", (ev) => {
    if (!ev.target.value) return;
    const e = catalog.find((c) => c.example === ev.target.value);
    $("explore-spec").value = specOf(e);
    const pair = positionOf(e).includes(",");
    $("explore-upto").value = pair ? "30,30" : (specOf(e).startsWith("div") ? "20000" : "200");
    $("explore-log").checked = specOf(e).startsWith("div");
  });
  $("analyze-game").addEventListener("change", (ev) => {
    if (!ev.target.value) return;
    $("analyze-spec").value = specOf(catalog.find((c) => c.example === ev.target.value));
  });
}

// A spec and, when a script is pasted, its text.
function gameOf(specId, scriptId) {
  let spec = $(specId).value.trim();
  const script = scriptId ? $(scriptId).value : "";
  if (script.trim()) {
    if (!spec.startsWith("script:")) spec = "script:pasted.rhai";
    return { spec, script };
  }
  return { spec };
}

// ---------- Play ----------

const play = { state: null, hints: null, busy: false };

function positionsOf(text) {
  return text.trim().split(/\s+/).filter((t) => t.length > 0);
}

// Only the latest New game is shown (an earlier one may answer later).
let playRequest = 0;

$("play-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const mine = ++playRequest;
  guarded(async () => {
    const body = {
      ...gameOf("play-spec", "play-script"),
      positions: positionsOf($("play-position").value),
      misere: $("play-misere").checked,
      opponent: $("play-opponent").value,
      first: $("play-first").value,
    };
    // The old game goes at once: its board could only answer 404 now.
    if (play.state) api("DELETE", "play/" + play.state.id).catch(() => {});
    play.state = null;
    play.hints = null;
    play.busy = false;
    renderPlay();
    const started = await api("POST", "play", body);
    if (mine !== playRequest) {
      api("DELETE", "play/" + started.id).catch(() => {});
      return;
    }
    await setState(started);
  });
});

// Shows game state `s`, then plays the computer's move when it is its
// turn. An answer that arrives after New game replaced the game is dropped.
async function setState(s) {
  // A cell or vertices picked belong to the position they were picked on.
  const old = play.state;
  if (typeof clearPick === "function" && (!old || old.id !== s.id || old.moves_made !== s.moves_made)) clearPick();
  play.state = s;
  play.hints = null;
  const current = () => play.state === s;
  if ($("play-hints").checked && !s.summary) {
    const hints = await api("GET", "play/" + s.id + "/hints");
    if (!current()) return;
    play.hints = hints;
  }
  renderPlay();
  if (!s.summary && s.to_move === "computer") {
    play.busy = true;
    renderPlay();
    await new Promise((r) => setTimeout(r, 450));
    if (!current()) return;
    const next = await api("POST", "play/" + s.id + "/computer");
    if (!current()) return;
    play.busy = false;
    await setState(next);
  }
}

function act(path, body) {
  if (!play.state || play.busy) return;
  guarded(async () => setState(await api("POST", "play/" + play.state.id + "/" + path, body)));
}

function makeMove(number) { act("move", { move: number }); }

$("play-undo").addEventListener("click", () => act("undo"));
$("play-redo").addEventListener("click", () => act("redo"));
$("play-restart").addEventListener("click", () => act("restart"));
$("play-hints").addEventListener("change", () => {
  // While the computer thinks, its answer brings the hints.
  if (play.state && !play.busy) guarded(() => setState(play.state));
});

function ratingOf(i) {
  return play.hints && play.hints.ratings[i] ? play.hints.ratings[i] : null;
}

function ratingText(r) {
  if (!r) return "";
  const rem = r.remoteness == null ? "" : " in " + r.remoteness;
  return r.verdict === "win" ? "wins" + rem : r.verdict === "loss" ? "loses" + rem : "draw";
}

// The parts a move leaves in its component: the component's texts after it.
function partsOf(move, before) {
  const n = move.after.length - before.length + 1;
  return move.after.slice(move.component, move.component + n);
}

// The blocks of tokens [start, end) that a heap move may remove: taking
// from the right end, or from the middle (a split, either way round);
// `fromLeft` gives the other end of a move that leaves one heap.
function blocksOf(move, size, before, fromLeft) {
  const parts = partsOf(move, before).map(Number);
  if (parts.some((p) => !Number.isInteger(p))) return [];
  const left = parts.reduce((a, b) => a + b, 0);
  if (left >= size) return [];
  if (parts.length === 0) return fromLeft ? [] : [[0, size]];
  if (parts.length === 1) return fromLeft ? [[0, size - parts[0]]] : [[parts[0], size]];
  if (parts.length === 2 && !fromLeft) {
    const [a, b] = parts;
    return [[a, size - b], [b, size - a]];
  }
  return [];
}

// The move a click on token k of heap `c` makes, and the block it removes:
// a block that starts at the token before one that only holds it, then the
// smallest (the largest with Shift).
function tokenMove(c, k, size, largest) {
  const s = play.state;
  for (const fromLeft of [false, true]) {
    let best = null;
    s.moves.forEach((m, i) => {
      if (m.component !== c) return;
      for (const [a, b] of blocksOf(m, size, s.position, fromLeft)) {
        if (a > k || k >= b) continue;
        const score = (a === k ? 0 : 1e9) + (largest ? -(b - a) : b - a);
        if (!best || score < best.score) best = { score, move: m, index: i, block: [a, b] };
      }
    });
    if (best) return best;
  }
  return null;
}

function pairTarget(m, before) {
  const parts = partsOf(m, before);
  if (parts.length !== 1) return null;
  const xy = parts[0].split(",").map((t) => Number(t.trim()));
  return xy.length === 2 && xy.every(Number.isInteger) ? xy : null;
}

function drawHeap(c, size, tokens) {
  const over = !!play.state.summary || play.state.to_move !== "you" || play.busy;
  const buttons = [];
  const clear = () => buttons.forEach((b) => b.classList.remove("preview", "win"));
  for (let k = 0; k < size; k++) {
    const b = el("button", {
      class: "token", type: "button", "data-component": c, "data-token": k,
      title: "token " + (k + 1), disabled: over ? "" : null,
    });
    b.addEventListener("mouseenter", (ev) => {
      clear();
      const t = tokenMove(c, k, size, ev.shiftKey);
      if (!t) return;
      const win = ratingOf(t.index) && ratingOf(t.index).verdict === "win";
      for (let j = t.block[0]; j < t.block[1]; j++) {
        buttons[j].classList.add("preview");
        if (win) buttons[j].classList.add("win");
      }
      b.title = t.move.label + (ratingOf(t.index) ? " — " + ratingText(ratingOf(t.index)) : "");
    });
    b.addEventListener("mouseleave", clear);
    b.addEventListener("click", (ev) => {
      const t = tokenMove(c, k, size, ev.shiftKey);
      if (t) makeMove(t.move.number);
    });
    buttons.push(b);
  }
  tokens.append(...buttons);
}

function drawBoard(c, rows, cols) {
  const s = play.state;
  const grid = el("div", { class: "grid-board", style: `grid-template-columns: repeat(${cols}, 30px)` });
  const targets = new Map();
  s.moves.forEach((m, i) => {
    if (m.component !== c) return;
    const t = pairTarget(m, s.position);
    if (t) targets.set(t[0] + "," + t[1], [m, i]);
  });
  // Row 0 is the top; the coin sits bottom-left; a position r,c is the
  // board still ahead of the coin.
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      const left = [y + 1, cols - x];
      const hit = targets.get(left[0] + "," + left[1]);
      const cls = ["cell"];
      if (y === rows - 1 && x === 0) cls.push("coin");
      if (y === 0 && x === cols - 1) cls.push("goal");
      if (hit) {
        cls.push("reach");
        const r = ratingOf(hit[1]);
        if (r) cls.push(r.verdict);
      }
      grid.append(el("button", {
        class: cls.join(" "), type: "button", "data-component": c, "data-cell": left.join(","),
        title: hit ? hit[0].label + (ratingOf(hit[1]) ? " — " + ratingText(ratingOf(hit[1])) : "") : "",
        onclick: hit ? () => makeMove(hit[0].number) : null,
      }));
    }
  }
  return grid;
}

function drawPair(c, a, b, row) {
  // Two numbers drawn as two rows of tokens; a click leaves the number of
  // tokens before it in that row (moves on both rows are in the list).
  const s = play.state;
  for (const [which, size] of [[0, a], [1, b]]) {
    const tokens = el("div", { class: "tokens" });
    for (let k = 0; k < size; k++) {
      const hit = s.moves.findIndex((m) => {
        if (m.component !== c) return false;
        const t = pairTarget(m, s.position);
        return t && t[which] === k && t[1 - which] === (which === 0 ? b : a);
      });
      const r = hit >= 0 ? ratingOf(hit) : null;
      tokens.append(el("button", {
        class: "token", type: "button", "data-component": c, "data-token": k,
        title: hit >= 0 ? s.moves[hit].label + (r ? " — " + ratingText(r) : "") : "no move",
        disabled: hit < 0 ? "" : null,
        onclick: hit >= 0 ? () => makeMove(s.moves[hit].number) : null,
      }));
    }
    row.append(el("div", { class: "component" }, el("span", { class: "tag" }, which === 0 ? "a = " + a : "b = " + b), tokens));
  }
}

// The cards of the gcd game, each a button that takes it (its move's label
// is `take card C (g becomes G)`), coloured by its hint; the gcd of the
// cards taken so far beside them.
function drawCards(c, sh) {
  const s = play.state;
  const over = !!s.summary || s.to_move !== "you" || play.busy;
  const row = el("div", { class: "cards" }, el("span", { class: "textpos" }, sh.g === 0 ? "no card taken yet" : "gcd so far " + sh.g));
  sh.cards.forEach((card, k) => {
    const hit = s.moves.findIndex((m) => m.component === c && m.label.startsWith("take card " + card + " "));
    const r = hit >= 0 ? ratingOf(hit) : null;
    row.append(el("button", {
      class: ["card", r ? r.verdict : ""].join(" "), type: "button", "data-component": c, "data-card": k,
      title: hit >= 0 ? s.moves[hit].label + (r ? " — " + ratingText(r) : "") : "no move",
      disabled: over || hit < 0 ? "" : null,
      onclick: hit >= 0 ? () => makeMove(s.moves[hit].number) : null,
    }, String(card)));
  });
  return row;
}

// What a click on the drawn position does, for the status line.
function howToMove(s) {
  const sh = s.shapes[0];
  if (!sh) return "pick";
  if (sh.shape === "heap") return "click a token (Shift: take more)";
  if (sh.shape === "cells") return sh.game === "chomp" ? "click a square to eat it" : "click two neighbouring cells";
  if (sh.shape === "network") return sh.game === "node-kayles" ? "click a vertex" : "click the vertices to take";
  if (sh.shape === "cards") return "click a card";
  return "click the position";
}

function renderPlay() {
  const s = play.state;
  const board = $("board");
  board.replaceChildren();
  if (!s) {
    // Between New game and its answer: nothing to click.
    delete board.dataset.game;
    $("status").className = "status";
    delete $("status").dataset.winner;
    $("status").textContent = "Starting a new game…";
    $("moves").replaceChildren();
    $("history").replaceChildren();
    return;
  }
  board.dataset.game = s.id;
  // Boards and graphs are drawn whole by boards.js.
  const drawn = typeof drawBoardGame === "function" && drawBoardGame(board, s);
  if (!drawn) s.shapes.forEach((sh, c) => {
    const tag = el("span", { class: "tag" }, s.shapes.length > 1 ? "#" + (c + 1) : "");
    if (sh.shape === "heap") {
      const tokens = el("div", { class: "tokens" });
      board.append(el("div", { class: "component heap" }, el("span", { class: "tag" }, String(sh.size)), tokens));
      if (sh.size <= 200) drawHeap(c, sh.size, tokens);
      else tokens.append(el("span", { class: "textpos" }, "a heap of " + sh.size + " (use the move list)"));
    } else if (sh.shape === "board") {
      board.append(el("div", { class: "component" }, tag, sh.rows * sh.cols <= 900 ? drawBoard(c, sh.rows, sh.cols)
        : el("span", { class: "textpos" }, sh.rows + " × " + sh.cols + " board (use the move list)")));
    } else if (sh.shape === "pair" && sh.a <= 60 && sh.b <= 60) {
      const box = el("div", {});
      drawPair(c, sh.a, sh.b, box);
      board.append(box);
    } else if (sh.shape === "cards" && sh.cards.length <= 100) {
      board.append(el("div", { class: "component" }, tag, drawCards(c, sh)));
    } else if (sh.shape === "cards") {
      board.append(el("div", { class: "component" }, tag, el("span", { class: "textpos" }, "gcd so far " + sh.g + "; cards: " + sh.cards.join(" ") + " (use the move list)")));
    } else {
      board.append(el("div", { class: "component" }, tag, el("span", { class: "textpos" }, s.position[c])));
    }
  });
  if (!drawn && s.shapes.length === 0) board.append(el("p", { class: "textpos" }, "nothing left"));

  const status = $("status");
  status.className = "status";
  if (s.summary) {
    const w = s.summary.winner;
    status.textContent = (w === "you" ? "You win! " : w === "computer" ? "The computer wins. " : "Draw. ") + "(" + s.summary.reason + ")";
    status.classList.add(w === "you" ? "win" : "loss");
    status.dataset.winner = w || "draw";
  } else {
    delete status.dataset.winner;
    let t = play.busy ? "The computer is thinking…" : s.to_move === "you" ? "Your move: " + howToMove(s) + " or a move." : "The computer's move.";
    if (play.hints && play.hints.standing) {
      const st = play.hints.standing;
      const rem = st.remoteness == null ? "" : ", remoteness " + st.remoteness;
      t += st.outcome === "N" ? " You can win" + rem + "." : st.outcome === "P" ? " You lose against perfect play" + rem + "." : " You can hold a draw.";
    }
    status.textContent = t;
  }

  const list = $("moves");
  list.replaceChildren();
  const best = play.hints ? play.hints.best : null;
  // On boards and graphs a move names its board (as the CLI: nothing on
  // one board, whose regions never share a label); elsewhere its part.
  const starts = s.start_shapes || [];
  const boardGame = starts.length > 0 && starts.every((sh) => sh.shape === "cells" || sh.shape === "network");
  const partOf = (m) => boardGame
    ? (starts.length > 1 ? "board " + (s.boards[m.component] + 1) + ": " : "")
    : (s.shapes.length > 1 ? "#" + (m.component + 1) + ": " : "");
  s.moves.forEach((m, i) => {
    const r = ratingOf(i);
    const cls = [r ? r.verdict : "", best === m.number ? "best" : ""].join(" ");
    list.append(el("li", {}, el("button", {
      type: "button", class: cls, "data-move": m.number,
      disabled: s.to_move !== "you" || play.busy ? "" : null,
      onclick: () => makeMove(m.number),
    }, el("span", {}, partOf(m) + m.label), el("span", { class: "rating " + (r ? r.verdict : "") }, ratingText(r)))));
  });
  if (!s.all_moves_listed) list.append(el("li", { class: "hint-text" }, "a window of the moves"));
  if (s.summary) list.append(el("li", { class: "hint-text" }, "game over after " + s.summary.moves + " moves: New game or Restart"));

  const hist = $("history");
  hist.replaceChildren();
  // Who is winning (a blunder's better move, the value history) shows only
  // with hints on or once the game is over.
  const reveal = !!play.hints || !!s.summary;
  // On a board a lone free cell may be left with no move on it.
  const onBoard = (s.start_shapes || []).some((sh) => sh.shape === "cells" || sh.shape === "network");
  s.history.forEach((p) => {
    const better = reveal && p.better;
    // The part a move is made in, when the sum had several (as the move list).
    const part = (c) => (p.before.length > 1 && c != null && !(boardGame && starts.length === 1) ? "#" + (c + 1) + ": " : "");
    const blunder = better ? " (better: " + part(p.better_component) + p.better + ")" : "";
    const after = p.after.join(" + ") || (onBoard ? "no move left" : "nothing left");
    hist.append(el("li", { class: p.side + (better ? " blunder" : "") }, p.side + ": " + part(p.component) + p.label + " → " + after + blunder));
  });
  drawHistoryChart(s);
}

// The value history: each position's standing for you, + when you can win
// (higher the sooner), − when the computer can.
function drawHistoryChart(s) {
  const xs = [], ys = [], texts = [];
  const add = (n, side, st) => {
    if (!st) return;
    const sign = st.outcome === "D" ? 0 : ((st.outcome === "N") === (side === "you") ? 1 : -1);
    const rem = st.remoteness == null ? 1 : st.remoteness;
    xs.push(n);
    ys.push(sign * rem);
    texts.push((sign > 0 ? "you can win" : sign < 0 ? "the computer can win" : "draw") + (st.remoteness == null ? "" : " (remoteness " + st.remoteness + ")"));
  };
  const reveal = !!play.hints || !!s.summary;
  if (reveal) s.history.forEach((p, i) => add(i, p.side, p.standing));
  if (play.hints && !s.summary) add(s.history.length, s.to_move, play.hints.standing);
  if (s.summary) {
    // The end: remoteness 0, on the winner's side.
    xs.push(s.history.length);
    ys.push(0);
    texts.push(s.summary.winner ? s.summary.winner + " won" : "draw");
  }
  const trace = {
    x: xs, y: ys, text: texts, mode: "lines+markers", type: "scatter", line: { shape: "hv", color: "#2f5d8a" },
    marker: { size: 8, color: ys.map((y) => (y > 0 ? "#1a7f37" : y < 0 ? "#c0392b" : "#8a8f98")) },
    hovertemplate: "move %{x}: %{text}<extra></extra>",
  };
  // Whole-number ticks, at most about eight of them (a fractional step
  // rounded by "d" showed labels twice: 7, 7, 6, 6).
  const span = ys.length ? Math.max(...ys) - Math.min(...ys) : 0;
  const dtick = Math.max(1, Math.ceil(span / 8));
  Plotly.react("history-chart", [trace], {
    margin: { l: 50, r: 10, t: 28, b: 36 }, title: { text: reveal ? "value history (+ you win, − computer wins; |y| = remoteness)" : "value history: shown with hints on", font: { size: 12 } },
    xaxis: { title: { text: "move" }, dtick: Math.max(1, Math.ceil(xs.length / 20)), rangemode: "tozero" }, yaxis: { zeroline: true, tickformat: "d", tickmode: "linear", tick0: 0, dtick },
    paper_bgcolor: "rgba(0,0,0,0)", plot_bgcolor: "#fff",
  }, { displayModeBar: false, responsive: true });
}

// ---------- Explore ----------

const explore = { spec: null, grid: null, timer: null, misere: false, name: "g" };

// What the Values choice asks of /api/table, and how the page names it.
const KINDS = {
  "": { body: {}, name: "g", title: "Grundy values" },
  misere: { body: { kind: "misere" }, name: "g⁻", title: "misère Grundy values", misere: true },
  remoteness: { body: { kind: "remoteness" }, name: "remoteness", title: "remoteness (normal play)" },
  "remoteness-misere": { body: { kind: "remoteness", misere: true }, name: "remoteness", title: "remoteness (misère play)", misere: true },
  genus: { body: { kind: "genus" }, name: "genus", title: "genus (plotted: g)" },
};

// A cell as a number to plot: numbers as they are, a genus symbol by its
// Grundy value (the number before ^); D (a draw) and infinite values not.
function plotted(v) {
  if (typeof v === "number") return v;
  if (typeof v === "string" && /^\d+/.test(v)) return Number(v.match(/^\d+/)[0]);
  return null;
}

$("explore-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  guarded(async () => {
    const game = gameOf("explore-spec");
    const parts = $("explore-upto").value.split(",").map((t) => Number(t.trim()));
    if (parts.some((n) => !Number.isInteger(n) || n < 0)) throw new Error("give Up to as N or N,M");
    const upto = parts.length === 2 ? parts : parts[0];
    const kind = KINDS[$("explore-kind").value] || KINDS[""];
    const t = await api("POST", "table", { ...game, upto, ...kind.body });
    explore.spec = game.spec;
    explore.misere = !!kind.misere;
    explore.name = t.kind === "generalized" ? "value" : kind.name;
    explore.title = t.kind === "generalized" ? "generalised values (loopy)" : kind.title;
    clearTimeout(explore.timer);
    const hint = "Hover over a point for its value and winning moves; drag to zoom, double-click to reset.";
    // A line a bound ended: the heaps before it are drawn, and the page
    // says where and why it stopped.
    if (t.stopped) $("explore-info").replaceChildren(el("p", { class: "hint-text stopped" }, t.stopped), el("p", {}, hint));
    else $("explore-info").textContent = hint;
    if (t.values) drawLine(t); else drawHeat(t);
  });
});

function drawLine(t) {
  explore.grid = null;
  const log = $("explore-log").checked;
  const xs = t.values.map((_, n) => n);
  const ys = t.values.map(plotted);
  const texts = t.values.map(String);
  const from = log ? 1 : 0;
  const name = explore.name;
  const trace = {
    x: xs.slice(from), y: ys.slice(from), customdata: texts.slice(from), type: "scatter",
    mode: t.values.length > 400 ? "markers" : "lines+markers", marker: { size: t.values.length > 2000 ? 3 : 6, color: "#2f5d8a" },
    line: { width: 1, color: "#9fb6cd" }, hovertemplate: name + "(%{x}) = %{customdata}<extra></extra>",
  };
  Plotly.newPlot("explore-chart", [trace], {
    title: { text: explore.title + " of " + t.spec }, margin: { l: 50, r: 20, t: 40, b: 45 },
    xaxis: { title: { text: "n" }, type: log ? "log" : "linear" }, yaxis: { title: { text: name + "(n)" }, rangemode: "tozero" },
    dragmode: "zoom", hovermode: "closest",
  }, { responsive: true, scrollZoom: true });
  $("explore-chart").on("plotly_hover", (d) => hoverValue([String(d.points[0].x)], name + "(" + d.points[0].x + ")", d.points[0].customdata));
}

// A pair game's table as a heat map: the first number across, the second
// up, each axis named as the game names it (t.axes).
function drawHeat(t) {
  explore.grid = t;
  const [across, up] = t.axes || ["x", "y"];
  const xs = t.rows.map((_, i) => t.row_start + i);
  const ys = (t.rows[0] || []).map((_, j) => t.col_start + j);
  const name = explore.name;
  const cell = (f) => ys.map((_, j) => t.rows.map((r) => f(r[j])));
  const trace = {
    z: cell(plotted), text: cell((v) => (v == null ? "" : String(v))),
    x: xs, y: ys, type: "heatmap", colorscale: "Viridis",
    hovertemplate: name + "(%{x}, %{y}) = %{text}<extra></extra>", colorbar: { title: { text: name } },
  };
  Plotly.newPlot("explore-chart", [trace], {
    title: { text: explore.title + " of " + t.spec }, margin: { l: 50, r: 20, t: 40, b: 45 },
    xaxis: { title: { text: across } }, yaxis: { title: { text: up } }, dragmode: "zoom",
  }, { responsive: true, scrollZoom: true });
  $("explore-chart").on("plotly_hover", (d) => {
    const p = d.points[0];
    if (p.text === "" || p.text == null) return;
    hoverValue([p.x + "," + p.y], name + "(" + p.x + ", " + p.y + ")", p.text);
  });
}

// The value and the winning moves of the point under the pointer.
function hoverValue(positions, name, g) {
  clearTimeout(explore.timer);
  const info = $("explore-info");
  info.replaceChildren(el("div", { class: "value" }, name + " = " + g));
  explore.timer = setTimeout(async () => {
    try {
      const v = await api("POST", "value", { spec: explore.spec, positions, max_moves: 12, misere: explore.misere });
      const moves = v.winning_moves.map((m) => el("li", {}, m.label));
      info.replaceChildren(
        el("div", { class: "value" }, name + " = " + g),
        el("p", {}, v.outcome + ": " + v.outcome_text),
        el("p", {}, v.winning_moves_total ? "winning moves (" + v.winning_moves_total + "):" : "no winning move"),
        el("ul", {}, moves),
      );
    } catch (e) { info.append(el("p", { class: "hint-text" }, e.message)); }
  }, 120);
}

// ---------- Analyze ----------

$("analyze-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  guarded(async () => {
    const body = { ...gameOf("analyze-spec") };
    const u = $("analyze-upto").value.trim();
    if (u) {
      const parts = u.split(",").map((t) => Number(t.trim()));
      body.upto = parts.length === 2 ? parts : parts[0];
    }
    let r;
    try {
      r = await api("POST", "analyze", { ...body, emit: $("analyze-emit").value });
    } catch (e) {
      // No proven pattern: show the findings without code.
      r = await api("POST", "analyze", body);
    }
    const box = $("findings");
    if (!r.findings) { showFamily(box, r); return; }
    box.replaceChildren(el("p", { class: "hint-text" }, r.spec + ": values checked up to " + r.checked_upto + (r.proven ? "; proven: " + r.proven : "")));
    if (r.findings.length === 0) box.append(el("p", {}, "no pattern found"));
    for (const f of r.findings) {
      const proven = f.status === "proven";
      box.append(el("div", { class: "finding" + (proven ? " proven" : "") },
        el("span", { class: "badge" }, f.status), " ", el("strong", {}, f.kind),
        el("div", { class: "formula" }, f.formula),
        f.argument ? el("p", {}, el("em", {}, "Proof: "), f.argument) : el("p", { class: "hint-text" }, "observed for every value computed, not proven")));
    }
    $("code-box").hidden = !r.code;
    $("code").textContent = r.code || "";
    $("code-title").textContent = "g(n) of " + r.spec + " in " + $("analyze-emit").selectedOptions[0].text;
  });
});

// A family of boards (`node-kayles:path:N`): its values and their period,
// proven where the family is a heap game's heaps.
function showFamily(box, r) {
  $("code-box").hidden = true;
  if (r.third_rows) {
    // Three-row Chomp: its P-positions by third row, runs as runs.
    box.replaceChildren(el("p", { class: "hint-text" }, "three-row Chomp: the P-positions [a, b, c] with b ≤ " + r.checked_upto + ", by third row c; every other [a, b, c] is N"));
    for (const row of r.third_rows) {
      const items = row.positions.map((p) => "[" + p.join(",") + "]");
      if (row.run) items.push("[b+" + row.run.offset + ",b," + row.c + "] for " + row.run.from + " ≤ b ≤ " + row.run.to);
      box.append(el("div", { class: "formula" }, "c = " + row.c + ": " + (items.length ? items.join(" ") : "none")));
    }
    return;
  }
  const last = r.values.length - 1;
  box.replaceChildren(
    el("p", { class: "hint-text" }, r.spec + ": g(n) for n ≤ " + last + (r.heap_game ? ", as heaps of " + r.heap_game : "") + ", checked up to " + r.checked_upto),
    el("div", { class: "formula" }, r.values.join(" ")));
  if (r.stopped) box.append(el("p", { class: "hint-text" }, r.stopped));
  const p = r.period;
  if (!p) box.append(el("p", {}, "no period observed up to n = " + r.checked_upto));
  else {
    const formula = "g(n + " + p.period + ") = g(n)" + (p.saltus ? " + " + p.saltus : "") + " for n ≥ " + p.preperiod;
    box.append(el("div", { class: "finding" + (p.status === "proven" ? " proven" : "") },
      el("span", { class: "badge" }, p.status), " ", el("strong", {}, p.saltus ? "arithmetic-periodic" : "periodic"),
      el("div", { class: "formula" }, formula),
      r.argument ? el("p", {}, el("em", {}, "Proof: "), r.argument) : el("p", { class: "hint-text" }, "observed for every value computed, not proven")));
  }
}

$("code-copy").addEventListener("click", async () => {
  const text = $("code").textContent;
  try { await navigator.clipboard.writeText(text); } catch (_) {
    const range = document.createRange();
    range.selectNodeContents($("code"));
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    document.execCommand("copy");
  }
  $("code-copy").textContent = "Copied";
  setTimeout(() => { $("code-copy").textContent = "Copy"; }, 1200);
});

// ---------- Solve ----------

let problems = [];

async function loadProblems() {
  problems = await api("GET", "problems");
  for (const p of problems) $("solve-problem").append(el("option", { value: p.name }, p.name));
  const show = () => {
    const p = problems.find((q) => q.name === $("solve-problem").value);
    $("solve-summary").textContent = p ? p.summary + " — " + p.source + "; game: " + p.game : "";
  };
  $("solve-problem").addEventListener("change", show);
  show();
}

$("solve-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const out = $("solve-output");
  guarded(async () => {
    try {
      const r = await api("POST", "solve", { problem: $("solve-problem").value, input: $("solve-input").value, explain: $("solve-explain").checked });
      out.textContent = r.output;
    } catch (e) {
      out.textContent = (e.data && e.data.output) || "";
      throw e;
    }
  });
});

// ---------- the first screen ----------
// Each Game selector shows the catalog entry of the Spec beside it (its
// family for a spec with parameters, "(other spec)" else), kept so as the
// Spec is typed; Play shows what the game is, and a game of the default
// spec is started at once, so that the page opens on a board to play.

function entryOfSpec(spec) {
  const s = spec.trim();
  const family = (t) => t.split(":")[0];
  return catalog.find((e) => specOf(e) === s)
    || catalog.find((e) => e.syntax.includes(":") && s.includes(":") && family(e.syntax) === family(s))
    || null;
}

function syncGame(selectId, specId) {
  const e = entryOfSpec($(specId).value);
  const sel = $(selectId);
  sel.value = e && [...sel.options].some((o) => o.value === e.example) ? e.example : "";
  if (selectId === "play-game") {
    $("play-about").textContent = e ? e.syntax + ": " + e.description : "your own spec: New game starts it";
  }
}

function firstScreen() {
  for (const tab of ["play", "explore", "analyze"]) {
    const [sel, spec] = [tab + "-game", tab + "-spec"];
    syncGame(sel, spec);
    $(spec).addEventListener("input", () => syncGame(sel, spec));
    $(sel).addEventListener("change", () => syncGame(sel, spec));
  }
  $("play-form").requestSubmit();
}

guarded(async () => { await loadCatalog(); firstScreen(); await loadProblems(); });
