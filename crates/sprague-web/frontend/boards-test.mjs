// Browser test of the boards on the play page: headless Chromium (via
// playwright-core) plays Cram by clicking two cells per domino and Node
// Kayles by clicking vertices, with hints on, until the game ends; and
// saves screenshots.
//
//   SPRAGUE_BIN=target/debug/sprague SHOTS=/tmp/shots node boards-test.mjs
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import assert from "node:assert/strict";

const bin = process.env.SPRAGUE_BIN || "target/debug/sprague";
const shots = process.env.SHOTS || join(tmpdir(), "sprague-shots");
mkdirSync(shots, { recursive: true });

function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
    let seen = "";
    child.stdout.on("data", (d) => {
      seen += d;
      const m = seen.match(/http:\/\/[0-9.:]+\//);
      if (m) resolve({ child, url: m[0] });
    });
    child.on("exit", (code) => reject(new Error("server exited with " + code)));
    setTimeout(() => reject(new Error("server did not start: " + seen)), 20000);
  });
}

async function newGame(page, spec) {
  await page.fill("#play-spec", spec);
  await page.fill("#play-position", "start");
  await page.click("#play-new");
  await page.waitForSelector("#board .component");
}

// Waits until it is our move (after `made` moves at least) or the game
// is over, with the hints in; true when over.
async function ourTurn(page, made) {
  await page.waitForFunction((made) => {
    const s = play.state;
    if (!s || s.moves_made < made || play.busy) return false;
    return !!s.summary || (s.to_move === "you" && play.hints !== null);
  }, made, { timeout: 20000 });
  return page.evaluate(() => !!play.state.summary);
}
const made = (page) => page.evaluate(() => play.state.moves_made);

const { child, url } = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium" });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(url);
  await page.check("#play-hints");

  // Cram 3x4 is N: pick the hinted domino's cells each turn.
  await newGame(page, "cram:3x4");
  assert.equal(await page.locator("#board button.cell").count(), 12);
  await page.screenshot({ path: join(shots, "cram-start.png") });
  let turns = 0;
  while (!(await ourTurn(page, (await made(page))))) {
    const best = await page.locator("#board .cell.best").evaluateAll((ns) => ns.map((n) => n.dataset.cell));
    const cells = best.length === 2 ? best : await page.evaluate(() => {
      const m = play.state.moves[0].label.slice(7).split("-");
      return m;
    });
    const before = await made(page);
    await page.click(`#board [data-cell="${cells[0]}"]`);
    await page.click(`#board [data-cell="${cells[1]}"]`);
    await ourTurn(page, before + 1);
    if (++turns === 1) await page.screenshot({ path: join(shots, "cram-after-move.png") });
    assert.ok(turns < 10);
  }
  assert.equal(await page.evaluate(() => document.getElementById("status").dataset.winner), "you");

  // Node Kayles on a path of 9: click the hinted vertex each turn.
  await newGame(page, "node-kayles:path:9");
  assert.equal(await page.locator("#board svg .vertex").count(), 9);
  turns = 0;
  while (!(await ourTurn(page, (await made(page))))) {
    const v = await page.evaluate(() => {
      const m = play.state.moves.find((x) => play.hints && x.number === play.hints.best) || play.state.moves[0];
      return m.label.slice(7);
    });
    const before = await made(page);
    await page.click(`#board [data-vertex="${v}"]`);
    await ourTurn(page, before + 1);
    assert.ok(++turns < 10);
  }
  await page.screenshot({ path: join(shots, "node-kayles-end.png") });
  assert.equal(await page.evaluate(() => document.getElementById("status").dataset.winner), "you");

  // Chomp 3x4: the hinted square each turn.
  await newGame(page, "chomp:3x4");
  await page.screenshot({ path: join(shots, "chomp-start.png") });
  turns = 0;
  while (!(await ourTurn(page, (await made(page))))) {
    const sq = await page.evaluate(() => {
      const m = play.state.moves.find((x) => play.hints && x.number === play.hints.best) || play.state.moves[0];
      return m.label.slice(6);
    });
    const before = await made(page);
    await page.click(`#board [data-cell="${sq}"]`);
    await ourTurn(page, before + 1);
    assert.ok(++turns < 15);
  }
  assert.equal(await page.evaluate(() => document.getElementById("status").dataset.winner), "you");

  // A sum of two Cram boards: each drawn apart, a domino clicked on the
  // board its move is made on.
  await page.fill("#play-spec", "cram:2x3");
  await page.fill("#play-position", ".../... ..#/...");
  await page.click("#play-new");
  await page.waitForSelector('#board [data-board="2"]');
  assert.equal(await page.locator('#board [data-board="1"] button.cell').count(), 6);
  assert.equal(await page.locator('#board [data-board="2"] button.cell').count(), 5);
  await page.screenshot({ path: join(shots, "cram-sum-start.png") });
  turns = 0;
  while (!(await ourTurn(page, (await made(page))))) {
    const [b, cells] = await page.evaluate(() => {
      const s = play.state;
      const m = s.moves.find((x) => play.hints && x.number === play.hints.best) || s.moves[0];
      return [s.boards[m.component] + 1, m.label.slice(7).split("-")];
    });
    const before = await made(page);
    await page.click(`#board [data-board="${b}"] [data-cell="${cells[0]}"]`);
    await page.click(`#board [data-board="${b}"] [data-cell="${cells[1]}"]`);
    await ourTurn(page, before + 1);
    assert.ok(++turns < 10);
  }
  await page.screenshot({ path: join(shots, "cram-sum-end.png") });
  assert.equal(await page.evaluate(() => document.getElementById("status").dataset.winner), "you");
  // Both boards are still drawn at the end, their cells all taken or dead.
  assert.equal(await page.evaluate(() => play.state.shapes.length), 0);
  assert.equal(await page.locator('#board [data-board="1"]').count(), 1);
  assert.equal(await page.locator('#board [data-board="2"]').count(), 1);
  assert.equal(await page.locator("#board button.cell").count(), 0);
  console.log("boards browser test: 4 passed, 0 failed");
} finally {
  await browser.close();
  child.kill();
}
