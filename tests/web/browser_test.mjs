// Hitbox in a real browser: headless Debian chromium (WebGL 2 on SwiftShader) driven by
// puppeteer-core loads build/web from a local python3 http.server, waits for frames, takes
// screenshots and checks their pixels with the desktop tests' probe (tests/window/png_probe.cpp,
// the palette of tests/window/pixels.h), drags a shape with the mouse, follows lessons.html's
// link to a lesson and drags until a task ticks, opens and shares a link, checks play mode's
// final state against the desktop's, and measures page load to first frame, the download size
// and the 500-shape frame time.
//
//   node tests/web/browser_test.mjs      (bash scripts/dev.sh test-web builds what it needs)
//
// Environment: HITBOX_WEB_DIR (default build/web), HITBOX_PNG_PROBE (default
// build/release/tests/hitbox_png_probe), HITBOX_BIN (the native binary, for a lesson's layout;
// default build/release/hitbox), CHROMIUM (default /usr/bin/chromium), HITBOX_WEB_OUT
// (screenshots, default build/web-test), HITBOX_BENCH_FRAMES (default 300),
// HITBOX_WEB_STRICT_PERF=1 (the 3 s first frame and the 33 ms p99 frame budget fail the run
// when missed).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import puppeteer from "puppeteer-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const webDir = process.env.HITBOX_WEB_DIR || path.join(root, "build/web");
const probe = process.env.HITBOX_PNG_PROBE || path.join(root, "build/release/tests/hitbox_png_probe");
const hitboxBin = process.env.HITBOX_BIN || path.join(root, "build/release/hitbox");
const chromium = process.env.CHROMIUM || "/usr/bin/chromium";
const outDir = process.env.HITBOX_WEB_OUT || path.join(root, "build/web-test");
const benchFrames = Number(process.env.HITBOX_BENCH_FRAMES || 300);

// The budgets (docs/speed.md, "In the browser").
const kFirstFrameMs = 3000;
const strictPerf = process.env.HITBOX_WEB_STRICT_PERF === "1";
const kDownloadBytes = 8 * 1024 * 1024;
const kP99FrameMs = 33;

const width = 1280;
const height = 800;

let passed = 0;
let failed = 0;
const figures = [];

function check(name, ok, detail = "") {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? "ok  " : "FAIL"} ${name}${detail ? ": " + detail : ""}`);
  return ok;
}

// The pixel checks of the desktop tests, on a browser screenshot: "X,Y=NAME" / "X,Y!=NAME".
function probePixels(name, png, checks) {
  try {
    const out = execFileSync(probe, [png, ...checks], { encoding: "utf8" });
    return check(name, true, out.trim().split("\n").join("; "));
  } catch (e) {
    return check(name, false, `${(e.stdout || "").trim().split("\n").join("; ")} ${e.stderr || e.message}`);
  }
}

// python3 -m http.server on a free port, serving build/web.
async function startServer() {
  const server = spawn("python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", webDir], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const port = await new Promise((resolve, reject) => {
    let text = "";
    const timer = setTimeout(() => reject(new Error("http.server did not start: " + text)), 10000);
    server.stdout.on("data", (d) => {
      text += d;
      const m = /port (\d+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    server.on("exit", (code) => reject(new Error(`http.server exited with ${code}: ${text}`)));
  });
  return { server, base: `http://127.0.0.1:${port}/` };
}

// A fresh page at `url`; resolves once `frames` frames are drawn. Keeps the console lines.
async function openPage(browser, url, frames = 5, timeout = 30000) {
  const page = await browser.newPage();
  await page.setViewport({ width, height });
  const lines = [];
  const errors = [];
  page.on("console", (msg) => lines.push(msg.text()));
  page.on("pageerror", (err) => errors.push(String(err)));
  const start = Date.now();
  await page.goto(url, { waitUntil: "load" });
  await page.waitForFunction(() => window.hitboxFrames >= 1, { timeout, polling: 20 });
  const firstFrameWallMs = Date.now() - start;
  await page.waitForFunction((n) => window.hitboxFrames >= n, { timeout, polling: 20 }, frames);
  return { page, lines, errors, firstFrameWallMs };
}

// The pointer away from the checked pixels (hover labels), then a few frames, then a PNG.
async function screenshot(page, name) {
  await page.mouse.move(width - 80, height - 40);
  const n = await page.evaluate(() => window.hitboxFrames);
  await page.waitForFunction((m) => window.hitboxFrames >= m + 4, { polling: 20 }, n);
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

async function testDefaultScene(browser, base) {
  const { page, lines, errors, firstFrameWallMs } = await openPage(browser, base);
  const firstLine = lines.find((l) => l.startsWith("hitbox: first frame at "));
  const pageMs = firstLine ? Number(/at (\d+) ms/.exec(firstLine)[1]) : NaN;
  figures.push(`page load to first frame: ${pageMs} ms (page clock from navigation start), ${firstFrameWallMs} ms from goto to seeing it`);
  // A figure of the machine and its load (docs/speed.md's 0.78 s, on a quiet one): a check only
  // with HITBOX_WEB_STRICT_PERF=1, as the frame budget below; a page that never draws fails
  // openPage's wait.
  if (strictPerf) {
    check("page load to first frame within 3 s", pageMs <= kFirstFrameMs, `${pageMs} ms`);
  } else {
    console.log(`info page load to first frame: ${pageMs} ms (3 s budget: ${pageMs <= kFirstFrameMs ? "met" : "missed"}; HITBOX_WEB_STRICT_PERF=1 makes it a check)`);
  }
  const gl = await page.evaluate(() => {
    const c = document.createElement("canvas").getContext("webgl2");
    return c ? c.getParameter(c.VERSION) : "no WebGL 2";
  });
  check("the browser has WebGL 2", gl.includes("WebGL 2.0"), gl);
  check("title names the default scene", (await page.title()) === "Hitbox - default scene", await page.title());
  await screenshot(page, "default");
  check("no page errors on the default scene", errors.length === 0, errors.join(" | "));
  await page.close();

  // The same scene with the camera fixed (?view=0,0,1: world pixels are page pixels):
  // assets/scenes/default.json's rect and circle overlap and are the focus pair (sat, mtd);
  // the panels sit on the right, the menu bar at the top.
  const fixed = await openPage(browser, `${base}?view=0,0,1`);
  const png = await screenshot(fixed.page, "default_view");
  probePixels("default scene: the hit pair shows the hit colour", png, [
    "456,367=hit", "300,250!=background", "612,112=background", "1213,113!=background",
  ]);
  await fixed.page.close();
}

async function testLesson(browser, base) {
  const name = "03_polygon_sat_mtd";
  const lesson = JSON.parse(fs.readFileSync(path.join(root, `assets/scenes/lessons/${name}.json`), "utf8")).lesson;
  const { page, lines, errors } = await openPage(browser, `${base}?lesson=${name}`);
  check("?lesson= opens the lesson file", (await page.title()) === `Hitbox - ${name}.json`, await page.title());
  const shown = lines.find((l) => l.startsWith("hitbox: lesson: "));
  check("the lesson panel shows that lesson's title and text",
    shown === `hitbox: lesson: ${lesson.title} | ${lesson.text[0]}`, shown || "no 'hitbox: lesson:' line");
  const panel = await screenshot(page, "lesson");
  probePixels("lesson: the panel is drawn over the left of the window", panel, ["150,400!=background", "150,400!=single"]);
  await page.close();
  const fixed = await openPage(browser, `${base}?lesson=${name}&view=0,0,1`);
  const png = await screenshot(fixed.page, "lesson_view");
  await fixed.page.close();
  const scene = JSON.parse(fs.readFileSync(path.join(root, `assets/scenes/lessons/${name}.json`), "utf8"));
  // The lesson panel (opaque, left) over the scene; the lesson's focus pair overlaps.
  // Its focus pair A (pentagon at 590,400) and B (hexagon at 720,430) overlap: points inside
  // each, clear of the centre dots and arrows, show the hit colour.
  check("lesson 03 still has A and B where the pixel checks expect them",
    JSON.stringify(scene.shapes.map((s) => [s.id, s.pos])) === JSON.stringify([["A", [590, 400]], ["B", [720, 430]]]));
  probePixels("lesson: its focus pair shows the hit colour", png, ["560,440=hit", "700,470=hit"]);
  check("no page errors on the lesson", errors.length === 0, errors.join(" | "));

  // A lesson that does not exist: the page says why, naming the known ones.
  const bad = await browser.newPage();
  const badLines = [];
  bad.on("console", (msg) => badLines.push(msg.text()));
  await bad.goto(`${base}?lesson=no_such_lesson`, { waitUntil: "load" });
  await bad.waitForFunction(() => document.getElementById("status").classList.contains("error"), { timeout: 30000 });
  const text = await bad.evaluate(() => document.getElementById("status").textContent);
  check("an unknown ?lesson= is reported on the page", text.includes("no lesson 'no_such_lesson'") && text.includes(name), text.split("\n")[0]);
  await bad.close();
}

// The default scene with mirrored:poly in focus (SAT), no panels. The polygon (800,560) is
// dragged by its centre to (900,330), over the mirrored rectangle (900,220): both turn the
// hit colour. World pixels are page pixels (?view=0,0,1; the canvas fills the page).
async function testDrag(browser, base) {
  const { page, errors } = await openPage(browser, `${base}?focus=mirrored:poly&algo=sat&no-ui&view=0,0,1`);
  const before = await screenshot(page, "drag_before");
  probePixels("before the drag: the two shapes are apart", before, ["850,200=idle", "770,600=idle", "900,360=background"]);
  await page.mouse.move(800, 560);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(800 + (100 * i) / 12, 560 - (230 * i) / 12);
    await page.waitForFunction((m) => window.hitboxFrames >= m + 1, { polling: 10 }, await page.evaluate(() => window.hitboxFrames));
  }
  await page.mouse.up();
  const after = await screenshot(page, "drag_after");
  probePixels("after the drag: the polygon moved onto the rectangle and both show the hit colour", after, [
    "850,200=hit", "870,370=hit", "770,600=background",
  ]);
  check("no page errors during the drag", errors.length === 0, errors.join(" | "));
  await page.close();
}

// The lesson index (scripts/lessons_page.py): lessons.html lists every bundled lesson with its
// title and a screenshot that loads. Its link to lesson 6 opens the lesson; dragging stick B
// towards A (as tests/window/task_tick_test.sh does) ticks the first task ("Drag B onto A until
// SAT says hit"): the page prints "task done: 06_early_outs 1 of 3", localStorage then holds 1
// of 3 and lessons.html shows it. A fresh browser context: no progress from other tests.
async function testLessonsPage(browser, base) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width, height });
  const errors = [];
  page.on("pageerror", (err) => errors.push(String(err)));
  const dir = path.join(root, "assets/scenes/lessons");
  const bundled = fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort().map((f) => {
    const lesson = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")).lesson;
    return { name: f.slice(0, -5), title: lesson.title, tasks: lesson.tasks.length };
  });
  // Every <li>: its lesson, title, link, image (loaded: a size) and progress text.
  const listed = async () => {
    await page.goto(`${base}lessons.html`, { waitUntil: "load" });
    return page.evaluate(() => [...document.querySelectorAll("#lessons li")].map((li) => {
      const img = li.querySelector("img");
      return {
        name: li.dataset.lesson, title: li.querySelector(".title").textContent,
        href: li.querySelector("a").getAttribute("href"),
        image: img.complete ? `${img.naturalWidth}x${img.naturalHeight}` : "not loaded",
        progress: li.querySelector(".progress").textContent,
      };
    }));
  };
  const items = await listed();
  check("lessons.html lists every bundled lesson with its title, in order",
    JSON.stringify(items.map((i) => [i.name, i.title])) === JSON.stringify(bundled.map((b) => [b.name, b.title])),
    `${items.length} listed, ${bundled.length} bundled`);
  const badLinks = items.filter((i) => i.href !== `index.html?lesson=${i.name}`);
  check("each lesson links to index.html?lesson=NAME", items.length > 0 && badLinks.length === 0,
    badLinks.map((i) => i.href).join(", "));
  const badImages = items.filter((i) => !/^[1-9]\d*x[1-9]\d*$/.test(i.image));
  check("each lesson's screenshot loads", items.length > 0 && badImages.length === 0,
    badImages.map((i) => `${i.name}: ${i.image}`).join(", ") || (items[0] && items[0].image));
  const lesson6 = () => items.find((i) => i.name === "06_early_outs") || {};
  check("with nothing kept, lesson 6 shows 0 of 3", lesson6().progress === "0 of 3 tasks done", lesson6().progress);
  await page.screenshot({ path: path.join(outDir, "lessons_page.png"), fullPage: true });

  // Lesson 6 through its link.
  const lines = [];
  page.on("console", (msg) => lines.push(msg.text()));
  await Promise.all([page.waitForNavigation({ waitUntil: "load" }), page.click('li[data-lesson="06_early_outs"] a')]);
  check("the link opens index.html?lesson=06_early_outs", page.url() === `${base}index.html?lesson=06_early_outs`, page.url());
  await page.waitForFunction(() => window.hitboxFrames >= 5, { timeout: 30000, polling: 20 });
  check("the link opens the lesson", (await page.title()) === "Hitbox - 06_early_outs.json", await page.title());
  // Where B is on screen: the native binary's layout of the same lesson at the same size (the
  // page frames the scene the same way).
  const layout = JSON.parse(execFileSync(hitboxBin, ["--lesson", "06_early_outs", "--screenshot",
    path.join(outDir, "lesson6_native.png"), "--size", `${width}x${height}`, "--no-timing", "--print-layout"],
  { encoding: "utf8", env: { ...process.env, SDL_VIDEODRIVER: "offscreen" } }));
  const cam = layout.camera;
  const toScreen = (x, y) => [(x - cam.origin[0]) * cam.zoom, (y - cam.origin[1]) * cam.zoom];
  const tick = "task done: 06_early_outs 1 of 3";
  const ticked = () => lines.includes(tick);
  await screenshot(page, "lesson6_before");
  check("no task is done before the drag", !lines.some((l) => l.startsWith("task done:")), lines.filter((l) => l.startsWith("task done:")).join(" | "));
  // B's centre (642,358) moved 1 world px down and left a step, up to 40: SAT says hit from
  // 25 on (task_tick_test.sh).
  let [x, y] = toScreen(642, 358);
  await page.mouse.move(x, y);
  await page.mouse.down();
  let moved = 0;
  while (moved < 40 && !ticked()) {
    moved += 1;
    [x, y] = toScreen(642 - moved, 358 + moved);
    await page.mouse.move(x, y);
    const n = await page.evaluate(() => window.hitboxFrames);
    await page.waitForFunction((m) => window.hitboxFrames >= m + 2, { polling: 10 }, n);
  }
  await page.mouse.up();
  await screenshot(page, "lesson6_after");
  check("dragging B onto A ticks lesson 6's first task (the page's console line)", ticked(),
    ticked() ? `after ${moved} world px` : `no '${tick}' after ${moved} px; ${lines.filter((l) => l.startsWith("hitbox")).join(" | ")}`);
  check("the task ticked only once SAT could hit (B moved 24 px or more)", moved >= 24, `${moved} px`);
  const stored = await page.evaluate(() => window.localStorage.getItem("hitbox.progress"));
  let kept = null;
  try {
    kept = JSON.parse(stored).lessons["06_early_outs"];
  } catch (e) {}
  check("localStorage holds lesson 6's progress, 1 of 3", kept !== null && kept !== undefined && kept.done === 1 && kept.of === 3, stored);
  check("no page errors on the lesson", errors.length === 0, errors.join(" | "));

  const after = await listed();
  const row = after.find((i) => i.name === "06_early_outs") || {};
  check("lessons.html then shows lesson 6's progress", row.progress === "1 of 3 tasks done", row.progress);
  const others = after.filter((i) => i.name !== "06_early_outs" && !i.progress.startsWith("0 of "));
  check("and no progress for the other lessons", others.length === 0, others.map((i) => `${i.name}: ${i.progress}`).join(", "));
  await page.screenshot({ path: path.join(outDir, "lessons_page_after.png"), fullPage: true });

  // A store that is not JSON: the page still lists the lessons, without progress.
  await page.evaluate(() => window.localStorage.setItem("hitbox.progress", "{not json"));
  const corrupt = await listed();
  check("a corrupt store: lessons.html still lists every lesson, at 0 done",
    corrupt.length === bundled.length && corrupt.every((i, k) => i.progress === `0 of ${bundled[k].tasks} tasks done`),
    (corrupt.find((i) => i.name === "06_early_outs") || {}).progress);
  check("no page errors on lessons.html", errors.length === 0, errors.join(" | "));
  await context.close();
}

// Files in the browser: File > Save on a bundled scene writes it and the browser downloads
// the file, which reads back as the same shapes; File > Open is an upload: the browser's file
// picker, and the chosen scene (the window tests' drag.json) opens.
// Capsules and spin in the browser. assets/scenes/capsules.json at ?view=0,0,1: the capsule
// "bar" rests 3 px into "floor" (SAT hit: both show the hit colour); "post" and "ball" are
// apart (idle). Lesson 15: the bar (640,360), turning 170 degrees in the step, sweeps through
// the ball below it (640,420), so swept hits and the ball shows the hit colour. Winding the
// bar's spin handle (on a ring 63 px about its centre, at 80 degrees from +x for spin 170)
// back 150 degrees leaves spin 20: the bar no longer reaches the ball, which turns idle.
async function testSpinAndCapsules(browser, base) {
  const caps = await openPage(browser, `${base}?scene=capsules&view=0,0,1`);
  const png = await screenshot(caps.page, "capsules_view");
  probePixels("capsules: the bar resting in the floor is a hit, the others are apart", png, [
    "300,380=hit", "560,425=hit", "600,200=idle", "215,215=idle",
  ]);
  check("no page errors on the capsule scene", caps.errors.length === 0, caps.errors.join(" | "));
  await caps.page.close();

  const { page, errors } = await openPage(browser, `${base}?lesson=15_spinning_shapes_tunnel_too&view=0,0,1`);
  const before = await screenshot(page, "spin_before");
  probePixels("lesson 15: the turning bar hits the ball (swept with spin)", before, ["636,424=hit"]);
  const frame = async () => page.waitForFunction((m) => window.hitboxFrames >= m + 1, { polling: 10 },
    await page.evaluate(() => window.hitboxFrames));
  await page.mouse.click(600, 360);  // select the bar
  await frame();
  const onRing = (deg) => [640 + 63 * Math.cos((deg * Math.PI) / 180), 360 + 63 * Math.sin((deg * Math.PI) / 180)];
  await page.mouse.move(...onRing(80));
  await frame();
  await page.mouse.down();
  for (let deg = 70; deg >= -70; deg -= 10) {
    await page.mouse.move(...onRing(deg));
    await frame();
  }
  await page.mouse.up();
  const after = await screenshot(page, "spin_after");
  probePixels("lesson 15: with the spin wound back to 20 degrees the ball is missed", after, ["636,424=idle"]);
  check("no page errors while winding the spin", errors.length === 0, errors.join(" | "));
  await page.close();
}

// Play mode in the browser, with bodies that turn: lesson 17 opened playing (?play). Its first
// task holds once 1.5 simulated seconds have passed with the bar struck at its middle still
// level and the bar struck 110 px out turned past -20 degrees; the page prints the tick.
async function testPlayTurns(browser, base) {
  const { page, lines, errors } = await openPage(browser, `${base}?lesson=17_spin_off_centre&play&view=0,0,1`);
  const tick = "task done: 17_spin_off_centre 1 of 3";
  const start = Date.now();
  while (!lines.includes(tick) && Date.now() - start < 30000) {
    const n = await page.evaluate(() => window.hitboxFrames);
    await page.waitForFunction((m) => window.hitboxFrames >= m + 5, { polling: 20 }, n);
  }
  await screenshot(page, "play_lesson17");
  check("lesson 17 in play mode: the bar struck off its centre turns (first task ticks)", lines.includes(tick),
    lines.filter((l) => l.startsWith("hitbox") || l.startsWith("task")).join(" | ") || "no tick in 30 s");
  check("no page errors while playing", errors.length === 0, errors.join(" | "));
  await page.close();
}

// Sleeping in the browser: lesson 18 opened playing. Its first task holds once all 17 bodies
// are asleep (about 0.6 simulated seconds); the page prints the tick.
async function testPlaySleeps(browser, base) {
  const { page, lines, errors } = await openPage(browser, `${base}?lesson=18_islands_and_sleep&play`);
  const tick = "task done: 18_islands_and_sleep 1 of 3";
  const start = Date.now();
  while (!lines.includes(tick) && Date.now() - start < 30000) {
    const n = await page.evaluate(() => window.hitboxFrames);
    await page.waitForFunction((m) => window.hitboxFrames >= m + 5, { polling: 20 }, n);
  }
  await screenshot(page, "play_lesson18");
  check("lesson 18 in play mode: every island falls asleep (first task ticks)", lines.includes(tick),
    lines.filter((l) => l.startsWith("hitbox") || l.startsWith("task")).join(" | ") || "no tick in 30 s");
  check("no page errors while the islands sleep", errors.length === 0, errors.join(" | "));
  await page.close();
}

// Determinism: three bundled scenes run 5 simulated seconds in the page (--play-seconds 5
// --print-hash, as URL parameters) and print a hash of every shape's position and angle; the
// desktop binary's `hitbox simulate --seconds 5 --hash` prints the same line.
async function testSameAsDesktop(browser, base) {
  for (const scene of ["stress_1000", "stress_pyramid_20", "capsules"]) {
    const want = execFileSync(hitboxBin, ["simulate", "--seconds", "5", "--hash",
      path.join(root, "assets/scenes", `${scene}.json`)]).toString().trim();
    const { page, lines, errors } = await openPage(browser, `${base}?scene=${scene}&play-seconds=5&print-hash`, 1, 120000);
    const got = lines.find((l) => l.includes("play mode after")) || "(no hash line)";
    check(`${scene}: the browser's play mode after 5 s is the desktop's`, got === want, `${got} / desktop ${want}`);
    check(`no page errors running ${scene}`, errors.length === 0, errors.join(" | "));
    await page.close();
  }
}

// The Mover tool in the browser: lesson 19 opens with it walking the capsule; holding D walks
// it through the corridor to the thin wall, and the first task ticks.
async function testMover(browser, base) {
  const { page, lines, errors } = await openPage(browser, `${base}?lesson=19_collide_and_slide`);
  const tick = "task done: 19_collide_and_slide 1 of 5";
  await page.mouse.click(Math.round(width * 0.45), 60);  // the canvas has the keyboard
  await page.keyboard.down("d");
  const start = Date.now();
  while (!lines.includes(tick) && Date.now() - start < 30000) {
    const n = await page.evaluate(() => window.hitboxFrames);
    await page.waitForFunction((m) => window.hitboxFrames >= m + 5, { polling: 20 }, n);
  }
  await screenshot(page, "mover_lesson19");
  await page.keyboard.up("d");
  check("lesson 19: holding D walks the mover to the thin wall (first task ticks)", lines.includes(tick),
    lines.filter((l) => l.startsWith("hitbox") || l.startsWith("task")).join(" | ") || "no tick in 30 s");
  check("no page errors while the mover walks", errors.length === 0, errors.join(" | "));
  await page.close();
}

async function testFiles(browser, base) {
  const { page, lines, errors } = await openPage(browser, `${base}?scene=touching`);
  const downloads = path.join(outDir, "downloads");
  fs.rmSync(downloads, { recursive: true, force: true });
  fs.mkdirSync(downloads, { recursive: true });
  const cdp = await page.createCDPSession();
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads });
  // File (the menu bar's first entry), then its second item, Save.
  const frames = () => page.evaluate(() => window.hitboxFrames);
  await page.mouse.click(25, 9);
  await page.waitForFunction((m) => window.hitboxFrames >= m + 3, { polling: 10 }, await frames());
  await page.mouse.click(45, 51);
  const file = path.join(downloads, "touching.json");
  const deadline = Date.now() + 15000;
  while (!fs.existsSync(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const saved = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
  const original = JSON.parse(fs.readFileSync(path.join(root, "assets/scenes/touching.json"), "utf8"));
  const ids = (scene) => JSON.stringify(scene.shapes.map((s) => [s.id, s.kind, s.pos]));
  check("File > Save downloads the scene, and it reads back as the same shapes",
    saved !== null && ids(saved) === ids(original),
    `${lines.find((l) => l.startsWith("hitbox: download")) || "no download line"}${saved ? "" : "; no file in 15 s"}`);

  // File (the menu bar's first entry), then its first item, Open... On a loaded machine the
  // menu can miss a click, so up to three tries, each waiting longer for the menu to open.
  let picker = null;
  for (let attempt = 1; attempt <= 3 && !picker; ++attempt) {
    const chooser = page.waitForFileChooser({ timeout: 10000 }).catch(() => null);
    await page.mouse.click(25, 9);
    await page.waitForFunction((m) => window.hitboxFrames >= m, { polling: 10 }, (await frames()) + 3 * attempt);
    await new Promise((r) => setTimeout(r, 200 * attempt));
    await page.mouse.click(45, 32);
    picker = await chooser;
    if (!picker) {
      console.log(`     File > Open: no file chooser on try ${attempt}`);
      await page.keyboard.press("Escape");
      await page.waitForFunction((m) => window.hitboxFrames >= m + 3, { polling: 10 }, await frames());
    }
  }
  check("File > Open shows the file chooser", picker !== null, picker ? "" : "no chooser in three tries");
  if (picker) await picker.accept([path.join(root, "tests/window/scenes/drag.json")]);
  await page.waitForFunction(() => document.title.startsWith("Hitbox - drag.json"), { timeout: 15000 }).catch(() => {});
  check("File > Open uploads a scene and opens it", (await page.title()).startsWith("Hitbox - drag.json"),
    `${await page.title()}; ${lines.find((l) => l.startsWith("hitbox: uploaded")) || "no upload line"}`);
  check("no page errors with files", errors.length === 0, errors.join(" | "));
  await page.close();
}

// Share by link: a link made by the native binary opens its scene (default.json with the camera
// fixed at 0,0,1: the default test's pixels); the Share button prints the page's own link,
// which the native binary decodes to the same scene text (browser -> desktop); a damaged link
// says why and opens the default scene.
async function testLink(browser, base) {
  const scene = JSON.parse(fs.readFileSync(path.join(root, "assets/scenes/default.json"), "utf8"));
  Object.assign(scene, { view: { origin: [0, 0], zoom: 1 }, accuracy: 1 });
  const source = path.join(outDir, "link_source.json");
  fs.writeFileSync(source, JSON.stringify(scene));
  const native = (...args) => execFileSync(hitboxBin, args, { encoding: "utf8" });
  const link = native("link", "--base", base, source).trim();
  check("hitbox link points at the page", link.startsWith(`${base}#v1=`), link.slice(0, 60));
  const { page, lines, errors } = await openPage(browser, link);
  check("a link opens as a shared scene", (await page.title()) === "Hitbox - shared link", await page.title());
  const png = await screenshot(page, "link_open");
  probePixels("the link's scene through its camera: the hit pair shows the hit colour", png, [
    "456,367=hit", "300,250!=background", "612,112=background",
  ]);
  const context = browser.defaultBrowserContext();
  await context.overridePermissions(base, ["clipboard-read", "clipboard-write", "clipboard-sanitized-write"]);
  // The menu bar's Share button, right of File, View and Lessons.
  await page.mouse.click(182, 9);
  await page.waitForFunction(() => window.hitboxFrames > 0, { polling: 20 });
  const deadline = Date.now() + 10000;
  const shared = () => lines.find((l) => l.startsWith("hitbox: link "));
  while (!shared() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const made = shared() ? shared().slice("hitbox: link ".length) : "";
  check("Share prints the page's link", made.startsWith(`${base}#v1=`), shared() || "no 'hitbox: link' line in 10 s");
  const clip = await page.evaluate(() => navigator.clipboard.readText()).catch((e) => `(${e})`);
  check("Share puts the link on the clipboard", clip === made, `${clip.slice(0, 60)}; ${lines.find((l) => l.startsWith("hitbox: clipboard")) || ""}`);
  let same = false;
  let detail = "";
  try {
    same = made !== "" && native("link", "--decode", made) === native("link", "--decode", link);
  } catch (e) {
    detail = String(e.stderr || e.message);
  }
  check("the browser's link decodes on the desktop to the same scene text", same, detail);
  check("no page errors with links", errors.length === 0, errors.join(" | "));
  await page.close();

  const bad = await openPage(browser, `${base}#v1=${link.split("#v1=")[1].slice(0, 40)}`);
  check("a damaged link says why and opens the default scene",
    (await bad.page.title()) === "Hitbox - default scene" &&
      bad.lines.some((l) => l.startsWith("hitbox: --open: the link is damaged")),
    `${await bad.page.title()}; ${bad.lines.find((l) => l.startsWith("hitbox: --open")) || "no message"}`);
  // The page shows the message over the running window until it is clicked.
  const box = () => bad.page.evaluate(() => {
    const el = document.getElementById("status");
    return getComputedStyle(el).display === "none" ? "" : el.textContent;
  });
  const said = await box();
  await bad.page.click("#status").catch(() => {});
  check("the page shows why until clicked", said.includes("the link is damaged") && (await box()) === "", said.split("\n")[0]);
  await bad.page.close();
}

// The desktop's modes in the browser: each URL draws frames (its screenshot is kept) without a
// page error or a line on stderr.
async function testModes(browser, base) {
  const modes = ["presenter", "split=4", "compare", "step=sat:2", "lesson=07_pixel_masks", "scene=sprites&algo=pixel"];
  for (const mode of modes) {
    const { page, lines, errors } = await openPage(browser, `${base}?${mode}`, 10);
    const stderr = [];
    page.on("console", (msg) => { if (msg.type() === "error") stderr.push(msg.text()); });
    await screenshot(page, `mode_${mode.replace(/[^a-z0-9]+/gi, "_")}`);
    const title = await page.title();
    check(`?${mode} draws frames without errors`, errors.length === 0 && stderr.length === 0 &&
      !lines.some((l) => /cannot|error/i.test(l)), [...errors, ...stderr].join(" | ") || title);
    await page.close();
  }
}

function testSize() {
  const bytes = (f) => fs.statSync(path.join(webDir, f)).size;
  const wasm = bytes("hitbox.wasm");
  const data = bytes("hitbox.data");
  const js = bytes("hitbox.js");
  const mb = (n) => (n / 1048576).toFixed(2);
  figures.push(`download: hitbox.wasm ${mb(wasm)} MB + hitbox.data ${mb(data)} MB = ${mb(wasm + data)} MB (hitbox.js ${mb(js)} MB)`);
  check(".wasm + data within 8 MB", wasm + data <= kDownloadBytes, `${mb(wasm + data)} MB`);
}

// 500 shapes (make_bench_scene) with SAT and MTD traces on the focus pair, as the desktop's
// --bench-frames: the page prints the frame times to its console.
async function testBench(browser, base) {
  const { page, lines, errors } = await openPage(browser, `${base}?bench-frames=${benchFrames}`, 1, 60000);
  await page.waitForFunction(() => window.hitboxDone === true, { timeout: 300000, polling: 100 });
  const bench = lines.find((l) => l.startsWith("hitbox bench:"));
  const frame = lines.find((l) => l.startsWith("frame time:"));
  const work = lines.find((l) => l.startsWith("hitbox web:"));
  console.log(`     ${bench}\n     ${frame}\n     ${work}`);
  const p99 = frame ? Number(/p99 ([\d.]+) ms/.exec(frame)[1]) : NaN;
  const workP99 = work ? Number(/p99 ([\d.]+) ms/.exec(work)[1]) : NaN;
  figures.push(`500 shapes, SAT + MTD traces: ${frame} | computing: ${work ? work.replace(/^hitbox web: /, "") : "?"}`);
  // The budget is enforced with HITBOX_WEB_STRICT_PERF=1 only: on this shared 2-core machine
  // SwiftShader's rasterising (on the CPU, waited for at the frame's first GL query) puts even
  // the 4-shape default scene near 30 ms when other builds run (docs/speed.md, "In the browser").
  const within = p99 <= kP99FrameMs;
  if (strictPerf) {
    check("500 shapes with SAT and MTD traces: p99 frame time within 33 ms", within, `${p99} ms`);
  } else {
    console.log(`info 500 shapes with SAT and MTD traces: p99 frame time ${p99} ms (budget 33 ms: ${within ? "met" : "missed"}; HITBOX_WEB_STRICT_PERF=1 makes it a check)`);
  }
  check("the benchmark computed its frames", workP99 > 0, `${workP99} ms p99 per frame`);
  check("no page errors in the benchmark", errors.length === 0, errors.join(" | "));
  await page.close();
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  for (const f of ["index.html", "hitbox.js", "hitbox.wasm", "hitbox.data", "lessons.html"]) {
    if (!fs.existsSync(path.join(webDir, f))) {
      console.log(`FAIL ${webDir}/${f} is missing: bash scripts/dev.sh web builds it`);
      console.log("0 passed, 1 failed");
      process.exit(1);
    }
  }
  if (!fs.existsSync(probe) || !fs.existsSync(hitboxBin)) {
    console.log(`FAIL ${probe} or ${hitboxBin} is missing: cmake --build --preset release --target hitbox hitbox_png_probe`);
    console.log("0 passed, 1 failed");
    process.exit(1);
  }
  const { server, base } = await startServer();
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", `--window-size=${width},${height}`],
  });
  try {
    const only = process.env.HITBOX_WEB_ONLY;  // e.g. testFiles: run that test alone
    for (const t of [testDefaultScene, testLesson, testDrag, testSpinAndCapsules, testPlayTurns, testPlaySleeps, testSameAsDesktop, testMover, testLessonsPage, testFiles, testLink, testModes, testBench]) {
      if (only && t.name !== only) continue;
      try {
        await t(browser, base);
      } catch (e) {
        check(t.name, false, String(e && e.stack ? e.stack.split("\n").slice(0, 3).join(" ") : e));
      }
    }
    testSize();
  } finally {
    await browser.close();
    server.kill();
  }
  console.log("figures:");
  for (const f of figures) console.log(`  ${f}`);
  console.log(`screenshots in ${outDir}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main();
