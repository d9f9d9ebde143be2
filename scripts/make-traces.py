#!/usr/bin/env python3
"""Writes the sample traces in Traces/ (deterministic: fixed seed). Run from the package root."""
import json, math, random

rng = random.Random(7)
HZ = 60.0

def path(points, per_segment):
    out = []
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        for k in range(per_segment):
            f = k / per_segment
            out.append((x0 + (x1 - x0) * f, y0 + (y1 - y0) * f))
    out.append(points[-1])
    return out

def samples(pts, touch=1, t0=0.0, jitter=0.6):
    rows = []
    for i, (x, y) in enumerate(pts):
        if 0 < i < len(pts) - 1:
            x += rng.uniform(-jitter, jitter); y += rng.uniform(-jitter, jitter)
        phase = "began" if i == 0 else ("ended" if i == len(pts) - 1 else "moved")
        rows.append({"t": round(t0 + i / HZ, 4), "id": touch, "phase": phase, "x": round(x, 1), "y": round(y, 1)})
    return rows

def write_json(name, rows, label):
    doc = {"name": name, "label": label, "view": {"width": 390, "height": 844}, "samples": rows}
    with open(f"Traces/{name}.json", "w") as f:
        f.write("{\n")
        f.write(f'  "name": {json.dumps(name)},\n  "label": {json.dumps(label)},\n')
        f.write('  "view": {"width": 390, "height": 844},\n  "samples": [\n')
        f.write(",\n".join("    " + json.dumps(r) for r in rows))
        f.write("\n  ]\n}\n")

def write_csv(name, rows, label):
    with open(f"Traces/{name}.csv", "w") as f:
        f.write(f"# name: {name}\n# label: {label}\n# view: 390x844\nt,id,phase,x,y\n")
        for r in rows:
            f.write(f'{r["t"]},{r["id"]},{r["phase"]},{r["x"]},{r["y"]}\n')

check = samples(path([(120, 400), (160, 450), (250, 300)], 8))
write_json("checkmark", check, "checkmark")

z = samples(path([(100, 300), (260, 305), (110, 460), (270, 462)], 9))
write_csv("z", z, "z")

circle_pts = [(195 + 80 * math.cos(-math.pi / 2 + a * 2 * math.pi / 36), 420 + 80 * math.sin(-math.pi / 2 + a * 2 * math.pi / 36)) for a in range(37)]
write_json("circle", samples(circle_pts), "circle")

write_json("swipe-left", samples(path([(320, 500), (80, 506)], 10)), "swipe-left")
write_csv("swipe-up", samples(path([(200, 700), (196, 300)], 9)), "swipe-up")

# A "v": down-right then up-right, but the up-stroke ends level with the start. No shape takes it, so
# it is a pan (every drag no shape claims is).
write_json("not-a-checkmark", samples(path([(120, 400), (180, 480), (240, 402)], 8)), "pan")

# Two touch sequences in one trace: a checkmark, then a swipe right.
two = samples(path([(120, 400), (160, 450), (250, 300)], 8)) + samples(path([(80, 600), (320, 604)], 8), t0=1.0)
write_json("checkmark-then-swipe-right", two, "checkmark+swipe-right")

# --- Issue 5: taps, presses, pans, two-finger gestures -------------------------------------------
def touch_rows(events):
    """events: list of (t, id, phase, x, y)."""
    return [{"t": round(t, 4), "id": i, "phase": p, "x": round(x, 1), "y": round(y, 1)} for t, i, p, x, y in events]

# A single tap; it is recognized only once the double-tap interval (0.3 s) has passed after the lift.
write_json("tap", touch_rows([(0, 1, "began", 200, 400), (0.05, 1, "moved", 201, 400), (0.09, 1, "ended", 201, 401)]), "tap")

# Two taps 0.15 s apart.
write_json("double-tap", touch_rows([(0, 1, "began", 200, 400), (0.08, 1, "ended", 201, 400),
                                     (0.23, 1, "began", 203, 402), (0.31, 1, "ended", 203, 402)]), "double-tap")

# Held 0.9 s with no samples between touch down and lift: still a long press (it begins at t = 0.5).
write_json("long-press", touch_rows([(0, 1, "began", 200, 400), (0.9, 1, "ended", 201, 401)]), "long-press")

# Press and hold 0.6 s, then drag: long-press and pan both recognized; pan ends after long-press began.
hold = [(0, 1, "began", 150, 500)] + [(0.1 * k, 1, "stationary", 150, 500) for k in range(1, 7)]
drag = [(0.6 + k / 60, 1, "moved", 150 + 6 * k, 500 - 2 * k) for k in range(1, 31)]
write_json("long-press-then-pan", touch_rows(hold + drag + [(1.1, 1, "ended", 330, 440)]), "long-press+pan")

# Two fingers moving apart: a pinch-out (scale 1 → 2.2).
def two(f, n=20, dt=1 / 60):
    rows = []
    for k in range(n + 1):
        (x1, y1), (x2, y2) = f(k / n)
        phase = "began" if k == 0 else ("ended" if k == n else "moved")
        rows += [(k * dt, 1, phase, x1, y1), (k * dt, 2, phase, x2, y2)]
    return rows
write_json("pinch-out", touch_rows(two(lambda f: ((195 - (50 + 60 * f), 420), (195 + 50 + 60 * f, 420)))), "pinch")

# Two fingers turning a quarter turn about their midpoint.
write_json("rotation", touch_rows(two(lambda f: ((195 - 70 * math.cos(f * math.pi / 2), 420 - 70 * math.sin(f * math.pi / 2)),
                                               (195 + 70 * math.cos(f * math.pi / 2), 420 + 70 * math.sin(f * math.pi / 2))))), "rotation")

# Two fingers dragged down together: no shape takes two fingers, so the pan begins at once.
write_json("two-finger-pan", touch_rows(two(lambda f: ((170, 300 + 200 * f), (220, 300 + 200 * f)))), "pan")

# Held 0.3 s without moving: too long for a tap, too short for a long press, not a drag. Nothing.
write_json("not-a-tap", touch_rows([(0, 1, "began", 200, 400), (0.15, 1, "stationary", 200, 400), (0.3, 1, "ended", 200, 400)]), "none")
