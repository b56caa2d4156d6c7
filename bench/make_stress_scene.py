#!/usr/bin/env python3
"""Writes assets/scenes/stress_1000.json: 1,000 dynamic shapes of mixed kinds (rects, circles,
triangles, pentagons, hexagons; 8-18 px across) in 25 rows of 40, above an open box (a floor and
two walls, static), with gravity 980 px/s^2. Seeded, so the file is the same on every run.

    python3 bench/make_stress_scene.py > assets/scenes/stress_1000.json
"""
import math
import random

rng = random.Random(1000)
shapes = [
    '{"id": "floor", "kind": "rect", "pos": [640, 780], "size": [1240, 40]}',
    '{"id": "left", "kind": "rect", "pos": [20, 420], "size": [40, 720]}',
    '{"id": "right", "kind": "rect", "pos": [1260, 420], "size": [40, 720]}',
]
body = ('"body": {"type": "dynamic", "density": 1, "restitution": 0.2, "friction": 0.4, '
        '"static_friction": 0.5}')


def num(v):
    return ("%.2f" % v).rstrip("0").rstrip(".")


for row in range(25):
    for col in range(40):
        i = row * 40 + col
        x = 100 + col * 27 + rng.uniform(-3, 3)
        y = 60 + row * 24
        kind = i % 5
        pos = '"pos": [%s, %s]' % (num(x), num(y))
        if kind == 0:
            w, h = rng.uniform(8, 18), rng.uniform(8, 18)
            shape = '"kind": "rect", %s, "size": [%s, %s]' % (pos, num(w), num(h))
        elif kind == 1:
            shape = '"kind": "circle", %s, "radius": %s' % (pos, num(rng.uniform(4, 9)))
        else:
            sides = [3, 5, 6][kind - 2]
            r = rng.uniform(5, 9)
            turn = rng.uniform(0, 2 * math.pi)
            pts = ", ".join(
                "[%s, %s]" % (num(r * math.cos(turn + 2 * math.pi * k / sides)),
                              num(r * math.sin(turn + 2 * math.pi * k / sides)))
                for k in range(sides))
            shape = '"kind": "polygon", %s, "points": [%s]' % (pos, pts)
        shapes.append('{"id": "s%d", %s, %s}' % (i, shape, body))

print('{\n  "version": 1,\n  "world": {"gravity": [0, 980]},\n  "shapes": [\n    ' +
      ",\n    ".join(shapes) + "\n  ]\n}")
