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

# A "v": down-right then up-right, but the up-stroke ends level with the start.
write_json("not-a-checkmark", samples(path([(120, 400), (180, 480), (240, 402)], 8)), "none")

# Two touch sequences in one trace: a checkmark, then a swipe right.
two = samples(path([(120, 400), (160, 450), (250, 300)], 8)) + samples(path([(80, 600), (320, 604)], 8), t0=1.0)
write_json("checkmark-then-swipe-right", two, None)
