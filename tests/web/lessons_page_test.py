#!/usr/bin/env python3
"""Tests of scripts/lessons_page.py, the generator of the browser build's lessons.html.

  lessons_page_test.py SOURCE_DIR [HITBOX]

With a stand-in for hitbox (writes a tiny PNG, logs its arguments): every bundled lesson is
listed in file order with its title, link, image and task count; titles are escaped; a failed
or missing screenshot and a lesson file without a title fail the run, naming the lesson; the
page reads the localStorage key app/teach/progress.cpp writes. With HITBOX: one real lesson
screenshot through SDL's offscreen driver.
"""

import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

SOURCE = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2]
HITBOX = sys.argv[2] if len(sys.argv) > 2 else ""
GENERATOR = SOURCE / "scripts" / "lessons_page.py"
LESSONS = SOURCE / "assets" / "scenes" / "lessons"

# A stand-in for hitbox: logs its arguments, writes a PNG signature to --screenshot's file;
# HITBOX_STUB_FAIL=NAME makes that lesson exit 3, HITBOX_STUB_EMPTY=NAME writes nothing.
STUB = """#!{python}
import os, sys
args = sys.argv[1:]
with open(os.environ["HITBOX_STUB_LOG"], "a") as log:
    log.write(" ".join(args) + "\\n")
name = args[args.index("--lesson") + 1]
if os.environ.get("HITBOX_STUB_FAIL") == name:
    print("hitbox: cannot draw " + name, file=sys.stderr)
    sys.exit(3)
if os.environ.get("HITBOX_STUB_EMPTY") != name:
    with open(args[args.index("--screenshot") + 1], "wb") as f:
        f.write(b"\\x89PNG\\r\\n\\x1a\\n" + b"\\0" * 16)
"""


class LessonsPage(unittest.TestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="lessons_page_"))
        self.stub = self.tmp / "hitbox"
        self.stub.write_text(STUB.format(python=sys.executable))
        self.stub.chmod(self.stub.stat().st_mode | stat.S_IXUSR)
        self.log = self.tmp / "stub.log"
        self.out = self.tmp / "web"

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def run_generator(self, lessons, hitbox=None, **env):
        e = dict(os.environ, HITBOX_STUB_LOG=str(self.log), **env)
        return subprocess.run([sys.executable, str(GENERATOR), "--lessons", str(lessons),
                               "--hitbox", str(hitbox or self.stub), "--out", str(self.out),
                               "--size", "320x200"], env=e, capture_output=True, text=True,
                              check=False)

    def lesson_dir(self, titles):
        d = self.tmp / "lessons"
        d.mkdir()
        for name, title in titles.items():
            lesson = {"title": title, "text": ["x"], "tasks": [{"task": "t", "when": "sat.hit"}]}
            (d / f"{name}.json").write_text(json.dumps({"version": 1, "lesson": lesson,
                                                        "shapes": []}))
        return d

    def test_lists_every_bundled_lesson(self):
        done = self.run_generator(LESSONS)
        self.assertEqual(done.returncode, 0, done.stderr)
        page = (self.out / "lessons.html").read_text()
        files = sorted(LESSONS.glob("*.json"))
        self.assertGreaterEqual(len(files), 15)
        items = re.findall(r'<li data-lesson="([^"]+)" data-tasks="(\d+)">'
                           r'<a href="index.html\?lesson=([^"]+)"><img src="lessons/([^"]+)\.png" '
                           r'alt="[^"]*"><span class="title">([^<]+)</span>', page)
        self.assertEqual([i[0] for i in items], [f.stem for f in files])
        for (name, tasks, link, image, title), f in zip(items, files):
            lesson = json.loads(f.read_text())["lesson"]
            self.assertEqual((link, image), (name, name))
            self.assertEqual(title, lesson["title"])
            self.assertEqual(int(tasks), len(lesson["tasks"]))
            self.assertTrue((self.out / "lessons" / f"{name}.png").is_file(), name)
        calls = self.log.read_text().splitlines()
        self.assertEqual(calls, [f"--lesson {f.stem} --screenshot "
                                 f"{self.out / 'lessons' / (f.stem + '.png')} --size 320x200 "
                                 f"--no-timing" for f in files])

    def test_titles_are_escaped(self):
        d = self.lesson_dir({"01_a": 'Boxes <b> & "quotes"'})
        done = self.run_generator(d)
        self.assertEqual(done.returncode, 0, done.stderr)
        page = (self.out / "lessons.html").read_text()
        self.assertIn('<span class="title">Boxes &lt;b&gt; &amp; &quot;quotes&quot;</span>', page)
        self.assertNotIn("<b>", page)

    def test_failed_screenshot_names_the_lesson(self):
        d = self.lesson_dir({"01_a": "A", "02_b": "B"})
        done = self.run_generator(d, HITBOX_STUB_FAIL="02_b")
        self.assertEqual(done.returncode, 1)
        self.assertIn("lesson 02_b: the screenshot failed (exit 3): hitbox: cannot draw 02_b",
                      done.stderr)
        self.assertFalse((self.out / "lessons.html").exists())

    def test_missing_screenshot_names_the_lesson(self):
        d = self.lesson_dir({"01_a": "A"})
        done = self.run_generator(d, HITBOX_STUB_EMPTY="01_a")
        self.assertEqual(done.returncode, 1)
        self.assertIn("lesson 01_a:", done.stderr)
        self.assertIn("is not a PNG", done.stderr)

    def test_lesson_without_title_is_an_error(self):
        d = self.lesson_dir({"01_a": "A"})
        (d / "02_b.json").write_text(json.dumps({"version": 1, "shapes": []}))
        done = self.run_generator(d)
        self.assertEqual(done.returncode, 1)
        self.assertIn('02_b.json: no "lesson" with a "title"', done.stderr)

    def test_stale_screenshots_are_removed(self):
        (self.out / "lessons").mkdir(parents=True)
        (self.out / "lessons" / "99_gone.png").write_bytes(b"old")
        done = self.run_generator(self.lesson_dir({"01_a": "A"}))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(sorted(p.name for p in (self.out / "lessons").iterdir()), ["01_a.png"])

    def test_reads_the_key_progress_cpp_writes(self):
        source = (SOURCE / "app" / "teach" / "progress.cpp").read_text()
        key = re.search(r'#ifdef __EMSCRIPTEN__\s*return "([^"]+)";', source)
        self.assertIsNotNone(key, "progress.cpp's browser key not found")
        done = self.run_generator(self.lesson_dir({"01_a": "A"}))
        self.assertEqual(done.returncode, 0, done.stderr)
        page = (self.out / "lessons.html").read_text()
        self.assertIn(f'localStorage.getItem("{key.group(1)}")', page)

    @unittest.skipUnless(HITBOX, "no hitbox binary given")
    def test_real_screenshot(self):
        d = self.tmp / "lessons"
        d.mkdir()
        shutil.copy(LESSONS / "06_early_outs.json", d)
        done = self.run_generator(d, hitbox=HITBOX)
        self.assertEqual(done.returncode, 0, done.stderr)
        png = (self.out / "lessons" / "06_early_outs.png").read_bytes()
        self.assertEqual(png[:8], b"\x89PNG\r\n\x1a\n")
        # IHDR: width and height, big-endian, at bytes 16..24.
        self.assertEqual((int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")),
                         (320, 200))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
