#!/usr/bin/env python3
"""Writes the play-mode benchmark's two other scenes (bench/world_bench.cpp), seeded, so each
file is the same on every run:

- assets/scenes/stress_pyramid_20.json: a pyramid of 20 rows (210 boxes, 28 px, rows touching,
  2 px between neighbours) on a static ground, gravity 980 px/s^2;
- assets/scenes/stress_pile_2000.json: 2,000 dynamic shapes of mixed kinds (rects, circles,
  triangles, pentagons, hexagons; 8-18 px across) in 40 rows of 50 above an open box.

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


def pyramid(rows=20, box=28.0, gap=2.0):
    shapes = ['{"id": "ground", "kind": "rect", "pos": [640, 780], "size": [1240, 40]}']
    top_of_ground = 760.0
    for row in range(rows):
        n = rows - row
        y = top_of_ground - box / 2 - row * box
        for k in range(n):
            x = 640 + (k - (n - 1) / 2) * (box + gap)
            shapes.append('{"id": "b%d_%d", "kind": "rect", "pos": [%s, %s], "size": [%s, %s], %s}'
                          % (row, k, num(x), num(y), num(box), num(box), BODY))
    return scene(shapes)


def pile(rows=40, cols=50):
    rng = random.Random(2000)
    shapes = [
        '{"id": "floor", "kind": "rect", "pos": [640, 780], "size": [1240, 40]}',
        '{"id": "left", "kind": "rect", "pos": [20, 300], "size": [40, 1000]}',
        '{"id": "right", "kind": "rect", "pos": [1260, 300], "size": [40, 1000]}',
    ]
    for row in range(rows):
        for col in range(cols):
            i = row * cols + col
            x = 85 + col * 22 + rng.uniform(-2, 2)
            y = 740 - 18 - row * 22 - 400
            kind = i % 5
            pos = '"pos": [%s, %s]' % (num(x), num(y))
            if kind == 0:
                w, h = rng.uniform(8, 16), rng.uniform(8, 16)
                shape = '"kind": "rect", %s, "size": [%s, %s]' % (pos, num(w), num(h))
            elif kind == 1:
                shape = '"kind": "circle", %s, "radius": %s' % (pos, num(rng.uniform(4, 8)))
            else:
                sides = [3, 5, 6][kind - 2]
                r = rng.uniform(5, 8)
                turn = rng.uniform(0, 2 * math.pi)
                pts = ", ".join(
                    "[%s, %s]" % (num(r * math.cos(turn + 2 * math.pi * k / sides)),
                                  num(r * math.sin(turn + 2 * math.pi * k / sides)))
                    for k in range(sides))
                shape = '"kind": "polygon", %s, "points": [%s]' % (pos, pts)
            shapes.append('{"id": "s%d", %s, %s}' % (i, shape, BODY))
    return scene(shapes)


out = sys.argv[1] if len(sys.argv) > 1 else "assets/scenes"
with open(os.path.join(out, "stress_pyramid_20.json"), "w") as f:
    f.write(pyramid())
with open(os.path.join(out, "stress_pile_2000.json"), "w") as f:
    f.write(pile())
