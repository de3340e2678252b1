// Games on boards and graphs on the play tab (Cram, Chomp, Node Kayles,
// octal games on graphs): the board drawn whole, a move made by clicking
// (a domino by its two cells, a Chomp square, a vertex; in an octal game
// on a graph the vertices to take, then "take"), hints as colours.
// app.js calls drawBoardGame from renderPlay; this file uses its play,
// el, makeMove and ratingOf.
"use strict";

// What is picked: a cell or vertices, on the board (a start of the sum)
// where they were picked.
const boardPick = { cell: null, vertices: [], board: null };

// Column c (from 0) as letters a … z, aa, …; rows count from 1 at the top.
function colName(c) {
  let s = "";
  let n = c + 1;
  while (n > 0) {
    n -= 1;
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26);
  }
  return s;
}
function cellName(r, c) { return colName(c) + (r + 1); }

// The index of the listed move with this label made in one of the
// components `comps` (the regions of one board), or -1.
function moveByLabel(label, comps) {
  return play.state.moves.findIndex((m) => m.label === label && comps.includes(m.component));
}

// Forgets what was picked (a move made, another position shown).
function clearPick() {
  boardPick.cell = null;
  boardPick.vertices = [];
  boardPick.board = null;
}

function pickMove(i) {
  clearPick();
  makeMove(play.state.moves[i].number);
}

function canMove() {
  const s = play.state;
  return !s.summary && s.to_move === "you" && !play.busy;
}

// The components of the sum grouped by the start they came from
// (s.boards): each group is drawn as one board. Every start has a group,
// in the order of the starts, also one whose regions are all gone.
function boardGroups(s) {
  const starts = s.start_shapes ? s.start_shapes.length : 1;
  const groups = Array.from({ length: starts }, (_, b) => [b, []]);
  s.shapes.forEach((_, c) => {
    const b = s.boards ? s.boards[c] : 0;
    if (groups[b]) groups[b][1].push(c);
  });
  return groups;
}

// Draws the position when every start is a board or a graph, one board
// per start of the sum; returns whether it did.
function drawBoardGame(board, s) {
  const starts = s.start_shapes || s.shapes;
  if (!starts.length) return false;
  const cells = starts.every((sh) => sh.shape === "cells");
  if (!cells && !starts.every((sh) => sh.shape === "network")) return false;
  const groups = boardGroups(s);
  for (const [b, comps] of groups) {
    const drawn = cells ? drawCells(s, b, comps) : drawNetwork(s, b, comps);
    drawn.dataset.board = String(b + 1);
    if (groups.length > 1) drawn.prepend(el("span", { class: "tag" }, "board " + (b + 1)));
    board.append(drawn);
  }
  return true;
}

// The board `b`, its regions the components `comps`.
function drawCells(s, b, comps) {
  const first = (s.start_shapes || s.shapes)[s.start_shapes ? b : comps[0]];
  const game = first.game;
  const rows = first.rows.length;
  const cols = first.rows[0].length;
  const free = (r, c) => comps.some((k) => s.shapes[k].rows[r][c] === ".");
  const grid = el("div", {
    class: "grid-board cells-board " + game,
    style: `grid-template-columns: 22px repeat(${cols}, 30px)`,
  });
  grid.append(el("span", { class: "axis" }, ""));
  for (let c = 0; c < cols; c++) grid.append(el("span", { class: "axis" }, colName(c)));
  const best = play.hints ? play.hints.best : null;
  for (let r = 0; r < rows; r++) {
    grid.append(el("span", { class: "axis" }, String(r + 1)));
    for (let c = 0; c < cols; c++) {
      const name = cellName(r, c);
      if (!free(r, c)) {
        grid.append(el("span", { class: "cell taken", "data-cell": name }));
        continue;
      }
      grid.append(game === "chomp" ? chompCell(name, best, comps) : cramCell(name, best, b, comps));
    }
  }
  return el("div", { class: "component" }, grid);
}

// A Cram cell of board `b`: the first click picks it, a click on a free
// neighbour puts the domino there (coloured by its hint while a cell is
// picked).
function cramCell(name, best, b, comps) {
  const picked = boardPick.board === b ? boardPick.cell : null;
  const cls = ["cell", "free"];
  let move = -1;
  if (picked && picked !== name) {
    move = moveByLabel("domino " + picked + "-" + name, comps);
    if (move < 0) move = moveByLabel("domino " + name + "-" + picked, comps);
    if (move >= 0) {
      cls.push("reach");
      const rt = ratingOf(move);
      if (rt) cls.push(rt.verdict);
    }
  }
  if (picked === name) cls.push("picked");
  if (best !== null) {
    const m = play.state.moves.find((x) => x.number === best);
    if (m && comps.includes(m.component) && m.label.startsWith("domino ") && m.label.slice(7).split("-").includes(name)) cls.push("best");
  }
  return el("button", {
    type: "button", class: cls.join(" "), "data-cell": name,
    title: move >= 0 ? play.state.moves[move].label + (ratingOf(move) ? " — " + ratingText(ratingOf(move)) : "") : name,
    disabled: canMove() ? null : "",
    onclick: () => {
      if (move >= 0) return pickMove(move);
      boardPick.cell = picked === name ? null : name;
      boardPick.board = b;
      renderPlay();
    },
  });
}

// A Chomp square: a click eats it and every square below and right of it.
function chompCell(name, best, comps) {
  if (name === "a1") return el("span", { class: "cell poison", "data-cell": name, title: "the poisoned square" }, "☠");
  const move = moveByLabel("chomp " + name, comps);
  const rt = move >= 0 ? ratingOf(move) : null;
  const cls = ["cell", "free", "reach"];
  if (rt) cls.push(rt.verdict);
  if (best !== null && move >= 0 && play.state.moves[move].number === best) cls.push("best");
  return el("button", {
    type: "button", class: cls.join(" "), "data-cell": name,
    title: "chomp " + name + (rt ? " — " + ratingText(rt) : ""),
    disabled: canMove() && move >= 0 ? null : "",
    onclick: () => pickMove(move),
  });
}

// The graph of start `b`, its parts the components `comps`.
function drawNetwork(s, b, comps) {
  const sh = (s.start_shapes || s.shapes)[s.start_shapes ? b : comps[0]];
  const present = new Set(comps.flatMap((k) => s.shapes[k].present));
  const picked = boardPick.board === b ? boardPick.vertices : [];
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 1000 1000");
  svg.setAttribute("class", "network " + sh.game);
  const node = (tag, attrs) => {
    const n = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
    return n;
  };
  for (const [u, w] of sh.edges) {
    const on = present.has(u) && present.has(w);
    svg.append(node("line", {
      x1: sh.xy[u][0], y1: sh.xy[u][1], x2: sh.xy[w][0], y2: sh.xy[w][1], class: on ? "edge" : "edge gone",
    }));
  }
  const r = Math.max(14, Math.min(40, 260 / Math.sqrt(sh.names.length)));
  sh.names.forEach((name, v) => {
    const [x, y] = sh.xy[v];
    const g = node("g", { class: "vertex", "data-vertex": name });
    const cls = ["dot"];
    if (!present.has(v)) cls.push("gone");
    let move = -1;
    if (present.has(v) && sh.game === "node-kayles") {
      move = moveByLabel("vertex " + name, comps);
      const rt = move >= 0 ? ratingOf(move) : null;
      if (rt) cls.push(rt.verdict);
      if (play.hints && move >= 0 && play.state.moves[move].number === play.hints.best) cls.push("best");
    }
    if (picked.includes(v)) cls.push("picked");
    g.append(node("circle", { cx: x, cy: y, r, class: cls.join(" ") }));
    const t = node("text", { x, y: y + r * 0.35, "text-anchor": "middle", "font-size": r });
    t.textContent = name;
    g.append(t);
    if (present.has(v) && canMove()) {
      g.style.cursor = "pointer";
      g.addEventListener("click", () => {
        if (sh.game === "node-kayles") {
          if (move >= 0) pickMove(move);
          return;
        }
        if (boardPick.board !== b) boardPick.vertices = [];
        boardPick.board = b;
        const k = boardPick.vertices.indexOf(v);
        if (k >= 0) boardPick.vertices.splice(k, 1);
        else boardPick.vertices.push(v);
        renderPlay();
      });
    }
    svg.append(g);
  });
  const box = el("div", { class: "component network-box" }, svg);
  if (sh.game !== "node-kayles") {
    const names = picked.slice().sort((x, y) => x - y).map((v) => sh.names[v]);
    const move = names.length ? moveByLabel("take " + names.join(","), comps) : -1;
    const rt = move >= 0 ? ratingOf(move) : null;
    box.append(el("div", { class: "actions" },
      el("button", {
        type: "button", id: b === 0 ? "take-picked" : "take-picked-" + (b + 1), class: rt ? rt.verdict : "",
        disabled: canMove() && move >= 0 ? null : "",
        onclick: () => pickMove(move),
      }, names.length ? "take " + names.join(",") + (rt ? " (" + ratingText(rt) + ")" : move < 0 ? " (not a move)" : "") : "click the vertices to take"),
      el("button", { type: "button", onclick: () => { boardPick.vertices = []; renderPlay(); } }, "clear")));
  }
  return box;
}
