#!/usr/bin/env python3
"""Writes lessons.html beside the browser build's index.html: every bundled lesson with its
title, a screenshot taken now by the native binary, a link that opens it in the page
(index.html?lesson=NAME) and the progress the page keeps in localStorage ("2 of 3").

  lessons_page.py --lessons assets/scenes/lessons --hitbox build/release/hitbox --out build/web

Screenshots: SDL_VIDEODRIVER=offscreen HITBOX --lesson NAME --screenshot OUT/lessons/NAME.png
--size WxH --no-timing. Any lesson that cannot be read or shot fails the run, naming it.
Run by scripts/dev.sh's web build; tested by tests/web/lessons_page_test.py.
"""

import argparse
import html
import json
import os
import subprocess
import sys
from pathlib import Path

# The localStorage key app/teach/progress.cpp writes (Progress::default_path in the browser):
# {"version": 1, "lessons": {NAME: {"done": N, "of": M}}}.
PROGRESS_KEY = "hitbox.progress"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class PageError(Exception):
    pass


def read_lessons(folder):
    """(name, title, task count) of every lesson file in `folder`, by file name."""
    lessons = []
    for path in sorted(Path(folder).glob("*.json")):
        try:
            scene = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise PageError(f"{path}: cannot be read as JSON ({e})") from e
        lesson = scene.get("lesson") if isinstance(scene, dict) else None
        title = lesson.get("title") if isinstance(lesson, dict) else None
        if not isinstance(title, str) or not title:
            raise PageError(f'{path}: no "lesson" with a "title"')
        tasks = lesson.get("tasks", [])
        lessons.append((path.stem, title, len(tasks) if isinstance(tasks, list) else 0))
    if not lessons:
        raise PageError(f"{folder}: no lesson files (*.json)")
    return lessons


def screenshot(hitbox, name, png, size):
    """The lesson as the window opens it, to `png`, by the native binary without a display."""
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen")
    cmd = [hitbox, "--lesson", name, "--screenshot", str(png), "--size", size, "--no-timing"]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise PageError(f"lesson {name}: the screenshot failed (exit {done.returncode}): "
                        f"{done.stderr.strip() or done.stdout.strip()}")
    try:
        with open(png, "rb") as f:
            head = f.read(len(PNG_SIGNATURE))
    except OSError:
        head = b""
    if head != PNG_SIGNATURE:
        raise PageError(f"lesson {name}: {png} is not a PNG")


PAGE_HEAD = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hitbox lessons</title>
<link rel="icon" href="data:,">
<style>
  body { margin: 0; padding: 24px; background: #1c1e26; color: #c8ccd8; font: 15px sans-serif; }
  h1 { font-size: 22px; margin: 0 0 4px; }
  p.intro { margin: 0 0 20px; max-width: 80ch; }
  a { color: #9ecbff; }
  ol { list-style: none; margin: 0; padding: 0; display: grid; gap: 18px;
       grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); }
  li { background: #262935; border: 1px solid #3a3e4e; border-radius: 6px; padding: 10px; }
  li a { text-decoration: none; display: block; }
  li img { display: block; width: 100%; height: auto; border-radius: 3px; }
  .title { display: block; margin-top: 8px; font-weight: bold; }
  .progress { display: block; margin-top: 4px; color: #a0a4b4; }
  .progress.all { color: #8ee09a; }
</style>
</head>
<body>
<h1>Hitbox lessons</h1>
<p class="intro">Each lesson opens in <a href="index.html">Hitbox</a> with its tasks; the window
ticks a task when you do it, and this browser remembers how many you have done.</p>
<ol id="lessons">
"""

# Progress from localStorage; a store that cannot be read or parsed shows none.
PAGE_TAIL = """</ol>
<script>
  (function () {
    let kept = {};
    try {
      const got = JSON.parse(window.localStorage.getItem("%KEY%") || "{}");
      if (got && got.version === 1 && got.lessons && typeof got.lessons === "object") kept = got.lessons;
    } catch (e) {}
    for (const li of document.querySelectorAll("#lessons li")) {
      const p = kept[li.dataset.lesson];
      const ok = p && Number.isInteger(p.done) && Number.isInteger(p.of) && p.of > 0 &&
                 p.done >= 0 && p.done <= p.of;
      const done = ok ? p.done : 0;
      const of = ok ? p.of : Number(li.dataset.tasks);
      const box = li.querySelector(".progress");
      box.textContent = of > 0 ? done + " of " + of + " tasks done" : "";
      box.classList.toggle("all", of > 0 && done === of);
    }
  })();
</script>
</body>
</html>
"""


def page(lessons):
    """lessons.html for (name, title, task count) rows; images in lessons/NAME.png."""
    items = []
    for name, title, tasks in lessons:
        n = html.escape(name, quote=True)
        t = html.escape(title, quote=True)
        items.append(
            f'<li data-lesson="{n}" data-tasks="{tasks}">'
            f'<a href="index.html?lesson={n}"><img src="lessons/{n}.png" alt="{t}">'
            f'<span class="title">{t}</span></a>'
            f'<span class="progress">{tasks} tasks</span></li>\n')
    return PAGE_HEAD + "".join(items) + PAGE_TAIL.replace("%KEY%", PROGRESS_KEY)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lessons", required=True, help="the lesson files' folder")
    parser.add_argument("--hitbox", required=True, help="the native hitbox binary")
    parser.add_argument("--out", required=True, help="the browser build's folder")
    parser.add_argument("--size", default="960x600", help="screenshot size WxH")
    args = parser.parse_args(argv)
    try:
        lessons = read_lessons(args.lessons)
        shots = Path(args.out) / "lessons"
        shots.mkdir(parents=True, exist_ok=True)
        for old in shots.glob("*.png"):  # a lesson since renamed or removed
            old.unlink()
        for name, _, _ in lessons:
            screenshot(args.hitbox, name, shots / f"{name}.png", args.size)
        (Path(args.out) / "lessons.html").write_text(page(lessons), encoding="utf-8")
    except (PageError, OSError) as e:
        print(f"lessons_page: {e}", file=sys.stderr)
        return 1
    print(f"lessons_page: {Path(args.out) / 'lessons.html'}: {len(lessons)} lessons")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
