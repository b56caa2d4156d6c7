#!/usr/bin/env python3
"""Writes the play-mode scenes of the frame and world benchmarks, seeded, so each file is the
same on every run:

- stress_1000.json: 1,000 dynamic shapes of mixed kinds (rects, circles, triangles, pentagons,
  hexagons; 8-18 px across) in 25 rows of 40 above an open box (a floor and two walls);
- stress_pyramid_20.json: a pyramid of 20 rows (210 boxes, 28 px, rows touching, 2 px between
  neighbours) on a static ground;
- stress_pile_2000.json: 2,000 mixed shapes (6-12 px across) in 25 rows of 80 above an open box.

All with gravity 980 px/s^2 and the same body coefficients.

    python3 bench/make_world_scenes.py assets/scenes
"""
import math
import os
import random
import sys

BODY = ('"body": {"type": "dynamic", "density": 1, "restitution": 0.2, "friction": 0.4, '
        '"static_friction": 0.5}')


def num(v):
    return ("%.2f" % v).rstrip("0").rstrip(".")


def scene(shapes):
    return ('{\n  "version": 1,\n  "world": {"gravity": [0, 980]},\n  "shapes": [\n    ' +
            ",\n    ".join(shapes) + "\n  ]\n}\n")


def mixed(seed, rows, cols, x0, dx, jitter, y_of_row, rect, circle, polygon, walls):
    """Rows of mixed shapes, each kind in turn; `rect` the side range, `circle` and `polygon`
    the radius ranges."""
    rng = random.Random(seed)
    shapes = list(walls)
    for row in range(rows):
        for col in range(cols):
            i = row * cols + col
            x = x0 + col * dx + rng.uniform(-jitter, jitter)
            y = y_of_row(row)
            kind = i % 5
            pos = '"pos": [%s, %s]' % (num(x), num(y))
            if kind == 0:
                w, h = rng.uniform(*rect), rng.uniform(*rect)
                shape = '"kind": "rect", %s, "size": [%s, %s]' % (pos, num(w), num(h))
            elif kind == 1:
                shape = '"kind": "circle", %s, "radius": %s' % (pos, num(rng.uniform(*circle)))
            else:
                sides = [3, 5, 6][kind - 2]
                r = rng.uniform(*polygon)
                turn = rng.uniform(0, 2 * math.pi)
                pts = ", ".join(
                    "[%s, %s]" % (num(r * math.cos(turn + 2 * math.pi * k / sides)),
                                  num(r * math.sin(turn + 2 * math.pi * k / sides)))
                    for k in range(sides))
                shape = '"kind": "polygon", %s, "points": [%s]' % (pos, pts)
            shapes.append('{"id": "s%d", %s, %s}' % (i, shape, BODY))
    return scene(shapes)


def walls(side_y, side_h):
    return ['{"id": "floor", "kind": "rect", "pos": [640, 780], "size": [1240, 40]}',
            '{"id": "left", "kind": "rect", "pos": [20, %d], "size": [40, %d]}' % (side_y, side_h),
            '{"id": "right", "kind": "rect", "pos": [1260, %d], "size": [40, %d]}' % (side_y, side_h)]


def pyramid(rows=20, box=28.0, gap=2.0):
    shapes = ['{"id": "ground", "kind": "rect", "pos": [640, 780], "size": [1240, 40]}']
    for row in range(rows):
        n = rows - row
        y = 760.0 - box / 2 - row * box
        for k in range(n):
            x = 640 + (k - (n - 1) / 2) * (box + gap)
            shapes.append('{"id": "b%d_%d", "kind": "rect", "pos": [%s, %s], "size": [%s, %s], %s}'
                          % (row, k, num(x), num(y), num(box), num(box), BODY))
    return scene(shapes)


out = sys.argv[1] if len(sys.argv) > 1 else "assets/scenes"
files = {
    "stress_1000.json": mixed(1000, 25, 40, 100, 27, 3, lambda r: 60 + r * 24, (8, 18), (4, 9),
                              (5, 9), walls(420, 720)),
    "stress_pyramid_20.json": pyramid(),
    "stress_pile_2000.json": mixed(2000, 25, 80, 85, 14.5, 1, lambda r: 40 + r * 16, (6, 11),
                                   (3, 5.5), (4, 6), walls(420, 720)),
}
for name, text in files.items():
    with open(os.path.join(out, name), "w") as f:
        f.write(text)
