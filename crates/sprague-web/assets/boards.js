// Games on boards and graphs on the play tab (Cram, Chomp, Node Kayles,
// octal games on graphs): the board drawn whole, a move made by clicking
// (a domino by its two cells, a Chomp square, a vertex; in an octal game
// on a graph the vertices to take, then "take"), hints as colours.
// app.js calls drawBoardGame from renderPlay; this file uses its play,
// el, makeMove and ratingOf.
"use strict";

const boardPick = { cell: null, vertices: [] };

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

// The index of the listed move with this label, or -1.
function moveByLabel(label) { return play.state.moves.findIndex((m) => m.label === label); }

function pickMove(i) {
  boardPick.cell = null;
  boardPick.vertices = [];
  makeMove(play.state.moves[i].number);
}

function canMove() {
  const s = play.state;
  return !s.summary && s.to_move === "you" && !play.busy;
}

// Draws the position when every component is a region of one board or a
// part of one graph; returns whether it did.
function drawBoardGame(board, s) {
  if (!s.shapes.length) return false;
  if (s.shapes.every((sh) => sh.shape === "cells")) {
    board.append(drawCells(s));
    return true;
  }
  if (s.shapes.every((sh) => sh.shape === "network")) {
    board.append(drawNetwork(s));
    return true;
  }
  return false;
}

function drawCells(s) {
  const game = s.shapes[0].game;
  const rows = s.shapes[0].rows.length;
  const cols = s.shapes[0].rows[0].length;
  const free = (r, c) => s.shapes.some((sh) => sh.rows[r][c] === ".");
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
      grid.append(game === "chomp" ? chompCell(r, c, name, best) : cramCell(r, c, name, best, free));
    }
  }
  return el("div", { class: "component" }, grid);
}

// A Cram cell: the first click picks it, a click on a free neighbour puts
// the domino there (coloured by its hint while a cell is picked).
function cramCell(r, c, name, best, free) {
  const picked = boardPick.cell;
  const cls = ["cell", "free"];
  let move = -1;
  if (picked && picked !== name) {
    move = moveByLabel("domino " + picked + "-" + name);
    if (move < 0) move = moveByLabel("domino " + name + "-" + picked);
    if (move >= 0) {
      cls.push("reach");
      const rt = ratingOf(move);
      if (rt) cls.push(rt.verdict);
    }
  }
  if (picked === name) cls.push("picked");
  if (best !== null) {
    const m = play.state.moves.find((x) => x.number === best);
    if (m && m.label.startsWith("domino ") && m.label.slice(7).split("-").includes(name)) cls.push("best");
  }
  return el("button", {
    type: "button", class: cls.join(" "), "data-cell": name,
    title: move >= 0 ? play.state.moves[move].label + (ratingOf(move) ? " — " + ratingText(ratingOf(move)) : "") : name,
    disabled: canMove() ? null : "",
    onclick: () => {
      if (move >= 0) return pickMove(move);
      boardPick.cell = picked === name ? null : name;
      renderPlay();
    },
  });
}

// A Chomp square: a click eats it and every square below and right of it.
function chompCell(r, c, name, best) {
  if (r === 0 && c === 0) return el("span", { class: "cell poison", "data-cell": name, title: "the poisoned square" }, "☠");
  const move = moveByLabel("chomp " + name);
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

function drawNetwork(s) {
  const sh = s.shapes[0];
  const present = new Set(s.shapes.flatMap((x) => x.present));
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 1000 1000");
  svg.setAttribute("class", "network " + sh.game);
  const node = (tag, attrs) => {
    const n = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
    return n;
  };
  for (const [a, b] of sh.edges) {
    const on = present.has(a) && present.has(b);
    svg.append(node("line", {
      x1: sh.xy[a][0], y1: sh.xy[a][1], x2: sh.xy[b][0], y2: sh.xy[b][1], class: on ? "edge" : "edge gone",
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
      move = moveByLabel("vertex " + name);
      const rt = move >= 0 ? ratingOf(move) : null;
      if (rt) cls.push(rt.verdict);
      if (play.hints && move >= 0 && play.state.moves[move].number === play.hints.best) cls.push("best");
    }
    if (boardPick.vertices.includes(v)) cls.push("picked");
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
    const names = boardPick.vertices.slice().sort((a, b) => a - b).map((v) => sh.names[v]);
    const move = names.length ? moveByLabel("take " + names.join(",")) : -1;
    const rt = move >= 0 ? ratingOf(move) : null;
    box.append(el("div", { class: "actions" },
      el("button", {
        type: "button", id: "take-picked", class: rt ? rt.verdict : "",
        disabled: canMove() && move >= 0 ? null : "",
        onclick: () => pickMove(move),
      }, names.length ? "take " + names.join(",") + (rt ? " (" + ratingText(rt) + ")" : move < 0 ? " (not a move)" : "") : "click the vertices to take"),
      el("button", { type: "button", onclick: () => { boardPick.vertices = []; renderPlay(); } }, "clear")));
  }
  return box;
}
