// Browser test of the `sprague serve` page: headless Chromium driven by
// playwright-core. Starts the server on a free port, checks the first
// screen (a game ready, Game and Spec agreeing), plays a Kayles game
// to the end by clicking tokens (the computer must win from a P-position
// where you move first), asks for hints, draws a heat map, runs an
// analysis and a solve, and saves screenshots.
//
//   SPRAGUE_BIN=target/debug/sprague SHOTS=/tmp/shots node browser-test.mjs
import { chromium } from "playwright-core";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import assert from "node:assert/strict";

const bin = process.env.SPRAGUE_BIN || "target/debug/sprague";
const shots = process.env.SHOTS || join(tmpdir(), "sprague-shots");
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
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

const step = (name) => console.log("-- " + name);

// Clicks New game and waits for the new game's board: the old board is
// gone at the click, so nothing of the old game can be clicked after it.
async function newGame(page) {
  const old = await page.getAttribute("#board", "data-game");
  await page.click("#play-new");
  await page.waitForFunction((old) => {
    const id = document.querySelector("#board").dataset.game;
    return id && id !== old;
  }, old);
}

const { child, url } = await startServer();
// A fresh profile each run (Playwright passes it as --user-data-dir).
const profile = mkdtempSync(join(tmpdir(), "sprague-chromium-"));
let browser = null;
let failed = false;
try {
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1280, height: 860 },
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
  const page = await browser.newPage();
  page.on("pageerror", (e) => { console.error("page error:", e.message); failed = true; });
  // New game answers late, as on a loaded machine: the old board must not
  // take clicks meanwhile (a click on it once hung this test).
  await page.route("**/api/play", async (route) => {
    if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await page.goto(url);
  await page.waitForFunction(() => document.querySelectorAll("#play-game option").length > 5);

  step("the first screen: a game of the default spec ready to play, Game and Spec agreeing, nothing spoiled");
  await page.waitForSelector("#board .token:not([disabled])");
  const chosen = () => page.$eval("#play-game", (s) => s.selectedOptions[0].textContent);
  assert.equal(await page.inputValue("#play-spec"), "kayles");
  assert.match(await chosen(), /^kayles — /, "the Game selector shows the Spec's game");
  assert.match(await page.textContent("#play-about"), /knock down/, "what the game is");
  assert.match(await page.textContent("#status"), /Your move/);
  assert.doesNotMatch(await page.textContent("#status"), /win|lose/i, "no standing without hints");
  assert.equal(await page.locator("#moves button.win, #moves button.loss").count(), 0, "no colours without hints");
  await page.screenshot({ path: join(shots, "first-screen.png") });
  // A losing move (1 + 3 + 4 from 5 + 4) with hints off: the history and
  // the value history keep quiet; hints on show both.
  const before = await page.locator("#history li").count();
  await page.click('#moves button[data-move="2"]');
  await page.waitForFunction((n) => document.querySelectorAll("#history li").length >= n + 2, before);
  assert.equal(await page.locator("#history li.blunder").count(), 0, "the history spoils the game");
  assert.equal(await page.locator("#history-chart .scatterlayer .point").count(), 0, "the value history spoils the game");
  await page.check("#play-hints");
  await page.waitForSelector("#history li.blunder");
  await page.waitForSelector("#history-chart .scatterlayer .point");
  await page.uncheck("#play-hints");
  await page.waitForFunction(() => !document.querySelector("#history li.blunder"));
  // The selector follows the Spec as it is typed: a game, a family, none.
  for (const [spec, shown] of [["nim", /^nim — /], ["subtract:1,2", /^subtract:S — /], ["no-such-game", /^\(other spec\)$/], ["kayles", /^kayles — /]]) {
    await page.fill("#play-spec", spec);
    assert.match(await chosen(), shown, spec);
  }
  // And the Spec follows the selector.
  await page.selectOption("#play-game", { label: await page.$eval("#play-game", (s) => [...s.options].find((o) => o.textContent.startsWith("wythoff")).textContent) });
  assert.equal(await page.inputValue("#play-spec"), "wythoff");
  assert.match(await page.textContent("#play-about"), /two heaps/);

  step("play Kayles 4 4 by clicking: you move first from a P-position, the computer wins");
  await page.fill("#play-spec", "kayles");
  await page.fill("#play-position", "4 4");
  await page.selectOption("#play-opponent", "perfect");
  await page.selectOption("#play-first", "me");
  await newGame(page);
  await page.waitForSelector("#board .token:not([disabled])");
  for (let turn = 0; turn < 20; turn++) {
    const winner = await page.getAttribute("#status", "data-winner");
    if (winner) break;
    const made = await page.locator("#history li").count();
    await page.locator("#board .token:not([disabled])").first().click();
    await page.waitForFunction(
      (n) => document.querySelector("#status").dataset.winner || (document.querySelectorAll("#history li").length >= n + 2 && document.querySelector("#board .token:not([disabled])")),
      made,
    );
    if (turn === 0) {
      // Hints off: the value history and the history's advice stay empty.
      assert.equal(await page.locator("#history-chart .scatterlayer .point").count(), 0, "the value history spoils the game");
      assert.equal(await page.locator("#history li.blunder").count(), 0, "the history spoils the game");
      await page.screenshot({ path: join(shots, "play-midgame.png") });
    }
  }
  assert.equal(await page.getAttribute("#status", "data-winner"), "computer", "the computer wins from a winning start");
  await page.screenshot({ path: join(shots, "play-end.png") });

  step("hints: Kayles 5 4 (you can win): moves coloured, the best one marked");
  await page.fill("#play-position", "5 4");
  await page.check("#play-hints");
  await newGame(page);
  await page.waitForSelector("#moves button.win.best");
  const wins = await page.locator("#moves button.win").count();
  const losses = await page.locator("#moves button.loss").count();
  assert.ok(wins >= 1 && losses >= 1, `hints colour moves (win ${wins}, loss ${losses})`);
  assert.match(await page.textContent("#status"), /You can win/);
  // Play the best move by clicking it, then undo it.
  await page.click("#moves button.best");
  await page.waitForFunction(() => document.querySelectorAll("#history li").length >= 2);
  // The value history counts moves: its y ticks are whole numbers. (This
  // screenshot is the README's picture, docs/web-play.png.)
  const ticks = await page.$$eval("#history-chart .ytick text", (ts) => ts.map((t) => t.textContent));
  assert.ok(ticks.length >= 2, "the value history has y ticks: " + ticks);
  for (const t of ticks) assert.match(t, /^[−-]?\d+$/, "a y tick of the value history is not a whole number: " + ticks);
  await page.screenshot({ path: join(shots, "play-hints.png") });
  await page.click("#play-undo");
  await page.waitForFunction(() => document.querySelectorAll("#history li").length === 0);

  step("the gcd game: cards drawn as cards; a click takes one");
  await page.fill("#play-spec", "gcd");
  await page.fill("#play-position", "6,10,15");
  await page.uncheck("#play-hints");
  await newGame(page);
  await page.waitForSelector("#board .card:not([disabled])");
  assert.equal(await page.locator("#board .card").count(), 3, "three cards");
  await page.locator("#board .card:not([disabled])").first().click();
  await page.waitForFunction(() => document.querySelectorAll("#history li").length >= 1);
  assert.match(await page.textContent("#history"), /take card 6/);
  await page.screenshot({ path: join(shots, "play-cards.png") });

  step("explore: a heat map of Wythoff's game, hover shows a value");
  await page.click("nav button[data-tab=explore]");
  await page.fill("#explore-spec", "wythoff");
  await page.fill("#explore-upto", "30,30");
  await page.click("#explore-draw");
  await page.waitForSelector("#explore-chart .hm, #explore-chart g.heatmaplayer image, #explore-chart .heatmaplayer");
  const box = await page.locator("#explore-chart .nsewdrag").first().boundingBox();
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.6);
  await page.waitForFunction(() => /winning moves|no winning move/.test(document.querySelector("#explore-info").textContent));
  // Heap a across, heap b up: the point hovered, left of the middle and
  // below it, is (a, b) with a < b.
  assert.equal(await page.textContent("#explore-chart .xtitle"), "heap a");
  assert.equal(await page.textContent("#explore-chart .ytitle"), "heap b");
  const [a, b] = (await page.textContent("#explore-info .value")).match(/\((\d+), (\d+)\)/).slice(1).map(Number);
  assert.ok(a < b, `the heat map's first number runs across: hovered (${a}, ${b})`);
  await page.screenshot({ path: join(shots, "explore-heatmap.png") });

  step("explore: the Kayles line");
  await page.fill("#explore-spec", "kayles");
  await page.fill("#explore-upto", "120");
  await page.click("#explore-draw");
  await page.waitForFunction(() => /kayles|0\.77/.test(document.querySelector("#explore-chart").textContent));
  await page.screenshot({ path: join(shots, "explore-line.png") });

  step("explore: misère values of Kayles, and a loopy game's generalised values");
  await page.selectOption("#explore-kind", "misere");
  await page.fill("#explore-upto", "20");
  await page.click("#explore-draw");
  await page.waitForFunction(() => /misère Grundy values of octal:0\.77/.test(document.querySelector("#explore-chart").textContent));
  await page.screenshot({ path: join(shots, "explore-misere.png") });
  await page.selectOption("#explore-kind", "");
  await page.fill("#explore-spec", "updown:1,2/3/20");
  await page.fill("#explore-upto", "20");
  await page.click("#explore-draw");
  await page.waitForFunction(() => /generalised values \(loopy\) of updown/.test(document.querySelector("#explore-chart").textContent));

  step("analyze: Kayles' period, proven, with code");
  await page.click("nav button[data-tab=analyze]");
  await page.fill("#analyze-spec", "kayles");
  await page.click("#analyze-run");
  await page.waitForSelector(".finding.proven");
  assert.match(await page.textContent("#code"), /fn grundy/);
  await page.screenshot({ path: join(shots, "analyze.png") });

  step("analyze: along a family, Node Kayles on paths proven as heaps of 0.137; three-row Chomp");
  await page.fill("#analyze-spec", "node-kayles:path:N");
  await page.fill("#analyze-upto", "");
  await page.click("#analyze-run");
  await page.waitForFunction(() => /as heaps of octal:0\.137/.test(document.querySelector("#findings").textContent));
  assert.match(await page.textContent("#findings .finding.proven"), /g\(n \+ 34\) = g\(n\) for n ≥ 52/);
  assert.equal(await page.isHidden("#code-box"), true);
  await page.fill("#analyze-spec", "chomp:3xN");
  await page.fill("#analyze-upto", "6");
  await page.click("#analyze-run");
  await page.waitForFunction(() => /c = 1: \[3,1,1\] \[2,2,1\]/.test(document.querySelector("#findings").textContent));
  await page.fill("#analyze-upto", "");

  step("solve: fdivgame, the same output as the CLI");
  await page.click("nav button[data-tab=solve]");
  await page.selectOption("#solve-problem", "fdivgame");
  const input = "2\n2\n3 4\n3\n1 3 5\n";
  await page.fill("#solve-input", input);
  await page.click("#solve-run");
  await page.waitForFunction(() => document.querySelector("#solve-output").textContent.length > 0);
  const expected = execFileSync(bin, ["solve", "fdivgame"], { input }).toString();
  assert.equal(await page.textContent("#solve-output"), expected);
  await page.screenshot({ path: join(shots, "solve.png") });
  console.log("browser test passed; screenshots in " + shots);
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  if (browser) await browser.close();
  child.kill("SIGINT");
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
