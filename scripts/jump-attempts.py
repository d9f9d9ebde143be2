#!/usr/bin/env python3
"""The `$`-family logs whose stroke jumps (the reader's warning: 0.25 s or more and 10 pt or more
between two points of one stroke), cut at their jumps into one log per attempt and classified again.

Usage: scripts/jump-attempts.py [--gesture PATH]

For each device of dollar1-devices and for mouse-dollar, and for checkmark and circle: how many logs
jump, how many are recognized as they are (one touch), and, cut into attempts, how many have their
last attempt, and every attempt, recognized as labelled. The README's accuracy section quotes it.
Python 3 standard library; skips with a message without ../shared/datasets.
"""
import argparse, collections, glob, json, math, os, re, subprocess, sys, tempfile
import xml.etree.ElementTree as ElementTree

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
datasets = os.path.join(os.path.dirname(root), "shared", "datasets")
parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("--gesture", default=os.path.join(root, ".build", "release", "gesture"))
args = parser.parse_args()
if not os.path.isdir(datasets):
    print(f"skipped: {datasets} not found (the datasets live beside the project, in ../shared)")
    sys.exit(0)

JUMP_SECONDS, JUMP_POINTS = 0.25, 10  # as the reader's warning (Trace+XML.swift, dollarJump)
LABELS = {"check": "checkmark", "circle": "circle"}


def attempts(path):
    """The log's points (T in milliseconds, X, Y, in any order) cut where the stroke jumps:
    [[(t, x, y)…]…]."""
    points = [(float(p.get("T")), float(p.get("X")), float(p.get("Y")))
              for p in ElementTree.parse(path).getroot().iter("Point")]
    if not points:
        raise SystemExit(f"{path}: no <Point> with T, X and Y")
    cuts = [0] + [i for i in range(1, len(points))
                  if points[i][0] / 1000 - points[i - 1][0] / 1000 >= JUMP_SECONDS
                  and math.hypot(points[i][1] - points[i - 1][1], points[i][2] - points[i - 1][2]) >= JUMP_POINTS]
    return [points[a:b] for a, b in zip(cuts, cuts[1:] + [len(points)])]


def gestures(files):
    result = subprocess.run([args.gesture, "batch", "--format", "jsonl", "--quiet", *files],
                            capture_output=True, text=True)
    if result.returncode not in (0, 1):
        raise SystemExit(f"gesture batch failed ({result.returncode}): {result.stderr[-2000:]}")
    return {row["path"]: row.get("gesture") for row in map(json.loads, result.stdout.splitlines())}


temporary = tempfile.TemporaryDirectory(prefix="gesture-jumps-")
work = temporary.name
logs = []  # (device, label, path, [attempt files])
for device, pattern in [("finger", "dollar1-devices/finger"), ("stylus", "dollar1-devices/stylus"),
                        ("touchpad", "dollar1-devices/touchpad"), ("mouse", "mouse-dollar")]:
    for path in sorted(glob.glob(os.path.join(datasets, pattern, "*", "*.xml"))):
        label = LABELS.get(re.sub(r"\d+\.xml$", "", os.path.basename(path)))
        parts = attempts(path) if label else []
        if len(parts) < 2:
            continue
        files = []
        for k, part in enumerate(parts):
            name = os.path.join(work, f"{device}-{os.path.basename(os.path.dirname(path))}-"
                                      f"{os.path.basename(path)[:-4]}-{k}.xml")
            with open(name, "w") as f:
                f.write(f'<?xml version="1.0"?>\n<Gesture Name="attempt{k}" NumPts="{len(part)}">\n')
                f.writelines(f'  <Point T="{t:.0f}" X="{x}" Y="{y}"/>\n' for t, x, y in part)
                f.write("</Gesture>\n")
            files.append(name)
        logs.append((device, label, path, files))

whole = gestures([log[2] for log in logs])
parts = gestures([f for log in logs for f in log[3]])
counts = collections.defaultdict(collections.Counter)
for device, label, path, files in logs:
    got = [parts[f] for f in files]
    c = counts[(device, label)]
    c["logs"] += 1
    c["whole"] += whole[path] == label
    c["last"] += got[-1] == label
    c["every"] += all(g == label for g in got)
    if whole[path] != label:
        print(f"{os.path.relpath(path, datasets)}: {whole[path]} as one touch; attempts: {', '.join(map(str, got))}")
print()
print("device    gesture    jumping logs  recognized as one touch  last attempt  every attempt")
for (device, label), c in sorted(counts.items()):
    print(f"{device:9} {label:10} {c['logs']:12} {c['whole']:24} {c['last']:13} {c['every']:14}")
total = collections.Counter()
for c in counts.values():
    total.update(c)
print(f"{'all':9} {'':10} {total['logs']:12} {total['whole']:24} {total['last']:13} {total['every']:14}")
