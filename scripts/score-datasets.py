#!/usr/bin/env python3
"""Scores the default or seed profile on ../shared/datasets with `gesture classify --format jsonl`.

Usage: scripts/score-datasets.py [default|seed] [path/to/gesture] [config.json]
Prints, per gesture: recall on its own traces and false alarms on every trace labelled otherwise,
with the expected recognizer's most common failure codes for the misses. (A stopgap until
`gesture batch` scores folders itself.)
"""
import collections, csv, json, os, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
profile = sys.argv[1] if len(sys.argv) > 1 else "default"
binary = sys.argv[2] if len(sys.argv) > 2 else os.path.join(root, ".build/release/gesture")
extra = ["--config", sys.argv[3]] if len(sys.argv) > 3 else []
base = os.path.join(os.path.dirname(root), "shared", "datasets")
if not os.path.isdir(base):
    sys.exit(f"skipped: {base} not found (the datasets live beside the project, in ../shared)")

rows = []
for folder in ["dollar1", "unipen-z", "mmg-strokes"]:
    with open(os.path.join(base, folder, "labels.csv")) as f:
        rows += [(os.path.join(base, folder, r["path"]), r["label"]) for r in csv.DictReader(f)]
results = {}
for i in range(0, len(rows), 500):
    chunk = [path for path, _ in rows[i:i + 500]]
    out = subprocess.run([binary, "classify", "--format", "jsonl", "--profile", profile, *extra, *chunk],
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        o = json.loads(line)
        results[o["file"]] = o

def family(g):
    return "swipe" if g and g.startswith("swipe") else g

errors = sum(1 for path, _ in rows if results[path]["error"])
print(f"profile {profile}: {len(rows)} traces, {errors} read errors")
print(f"{'gesture':10} {'recall':>18} {'false alarms':>20}   misses by failure code")
for g in ["checkmark", "circle", "z", "swipe"]:
    pos = hit = neg = alarms = 0
    reasons = collections.Counter()
    for path, label in rows:
        o = results[path]
        if o["error"]:
            continue
        got = o["gesture"]
        if family(label) == g:
            pos += 1
            if got == label:
                hit += 1
            else:
                for seq in o["sequences"]:
                    for rec in seq["recognizers"]:
                        if rec["id"] == g and rec["failure"]:
                            reasons[rec["failure"]["code"]] += 1
        else:
            neg += 1
            alarms += any(family(part) == g for part in got.split("+"))
    print(f"{g:10} {hit:>5}/{pos:<5} {100 * hit / max(pos, 1):5.1f}%  {alarms:>5}/{neg:<5} {100 * alarms / max(neg, 1):5.2f}%   "
          + ", ".join(f"{k} {v}" for k, v in reasons.most_common(4)))
