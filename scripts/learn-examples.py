#!/usr/bin/env python3
"""Writes docs/examples: marks/, a small, made-up corpus for the `gesture learn` examples of
docs/templates.md. Three people draw a five-point star (one stroke), an x (two strokes) and a v, three
times each, and one of them draws a few other strokes (negatives, in `none/`). Each person's hand is
a little different: size, slant, speed and wobble, from a fixed seed, so the files are the same on
every run. Someone else's star, x and L are new-star.json, new-x.json and new-l.json.

    python3 scripts/learn-examples.py
"""
import json
import math
import os
import random
import shutil

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "examples", "marks")


def star():
    points = []
    for k in range(6):
        angle = -math.pi / 2 + k * 4 * math.pi / 5
        points.append((math.cos(angle), math.sin(angle)))
    return [points]


def x():
    return [[(-1, -1), (1, 1)], [(1, -1), (-1, 1)]]


def v():
    return [[(-1, -1), (0, 1), (1, -1)]]


def others():
    return [
        [[(-1, -1), (-1, 1), (1, 1)]],  # an L
        [[(-1, 0), (1, 0)]],  # a line
        [[(-1, -1), (1, -1), (-1, 1), (1, 1)]],  # a z
    ]


def draw(strokes, rng, size, slant, speed):
    """Samples along each stroke every 16 ms, with a wobble; strokes 0.3 s apart."""
    samples, t = [], 0.0
    for stroke in strokes:
        path = []
        for (ax, ay), (bx, by) in zip(stroke, stroke[1:]):
            length = math.hypot(bx - ax, by - ay) * size
            steps = max(2, int(length / (speed * 0.016)))
            for k in range(steps):
                u = k / steps
                path.append((ax + u * (bx - ax), ay + u * (by - ay)))
        path.append(stroke[-1])
        for k, (px, py) in enumerate(path):
            wx, wy = rng.gauss(0, 0.02), rng.gauss(0, 0.02)
            sx = 200 + size * (px + wx + slant * py)
            sy = 400 + size * (py + wy)
            phase = "began" if k == 0 else ("ended" if k == len(path) - 1 else "moved")
            samples.append({"t": round(t, 3), "id": 1, "phase": phase, "x": round(sx, 1), "y": round(sy, 1)})
            t += 0.016
        t += 0.3
    return samples


def write(path, samples):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write('{"view": {"width": 390, "height": 844}, "samples": [\n')
        f.write(",\n".join("  " + json.dumps(s, separators=(", ", ": ")) for s in samples))
        f.write("\n]}\n")


def main():
    shutil.rmtree(os.path.dirname(ROOT), ignore_errors=True)
    rng = random.Random(18)
    for person in range(1, 4):
        size = rng.uniform(50, 90)
        slant = rng.uniform(-0.15, 0.15)
        speed = rng.uniform(900, 1500)
        for name, shape in [("star", star), ("x", x), ("v", v)]:
            for take in range(1, 4):
                write(os.path.join(ROOT, f"p{person}", name, f"{take}.json"),
                      draw(shape(), rng, size * rng.uniform(0.9, 1.1), slant, speed))
        if person == 1:
            for k, strokes in enumerate(others(), 1):
                write(os.path.join(ROOT, f"p{person}", "none", f"{k}.json"), draw(strokes, rng, size, slant, speed))
    # Someone else, whose strokes the examples do not have: docs/examples/new-*.json.
    size, slant, speed = 75, 0.1, 1200
    for name, shape in [("star", star), ("x", x)]:
        write(os.path.join(ROOT, "..", f"new-{name}.json"), draw(shape(), rng, size, slant, speed))
    write(os.path.join(ROOT, "..", "new-l.json"), draw(others()[0], rng, size, slant, speed))


if __name__ == "__main__":
    main()
