#!/usr/bin/env python3
"""Prints the accuracy table of issue 4 from one real `gesture batch` run over ../shared/datasets.

Usage: scripts/accuracy.py [--profile default|seed] [--gesture PATH] [--config FILE] [--json]
Recall: a gesture's traces recognized as exactly their label. False alarms: traces labelled anything
else (every folder) on which that gesture (any swipe direction, for swipes) was recognized.
"""
import argparse, collections, json, os, re, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
datasets = os.path.join(os.path.dirname(root), "shared", "datasets")
parser = argparse.ArgumentParser()
parser.add_argument("--profile", default="default")
parser.add_argument("--gesture", default=os.path.join(root, ".build", "release", "gesture"))
parser.add_argument("--config")
parser.add_argument("--json", action="store_true", help="print the figures as JSON")
args = parser.parse_args()
if not os.path.isdir(datasets):
    print(f"skipped: {datasets} not found (the datasets live beside the project, in ../shared)")
    sys.exit(0)

folders = ["dollar1", "unipen-z", "mmg-strokes"]
command = [args.gesture, "batch", "--format", "jsonl", "--quiet", "--profile", args.profile]
for f in folders:
    command += ["--labels", os.path.join(datasets, f, "labels.csv")]
if args.config:
    command += ["--config", args.config]
command += [os.path.join(datasets, f) for f in folders]
run = subprocess.run(command, capture_output=True, text=True)
if run.returncode not in (0, 1):
    sys.exit(f"gesture batch failed ({run.returncode}):\n{run.stderr}")
rows = [json.loads(line) for line in run.stdout.splitlines()]

def family(g):
    return "swipe" if g and g.startswith("swipe") else g

targets = {  # gesture: (data, recall target, false-alarm target)
    "checkmark": ("dollar1 check", 0.99, 0.005),
    "circle": ("dollar1 circle", 0.99, 0.005),
    "z": ("unipen-z", 0.97, 0.005),
    "swipe": ("mmg-strokes line", 0.99, 0.005),
}
figures = {}
for g, (data, recall_target, alarm_target) in targets.items():
    positives = [r for r in rows if family(r["label"]) == g]
    negatives = [r for r in rows if family(r["label"]) != g and r["error"] is None]
    hits = sum(1 for r in positives if r["gesture"] == r["label"])
    alarms = [r for r in negatives if any(family(p) == g for p in (r["gesture"] or "").split("+"))]
    misses = collections.Counter(
        (r["failure"] or {}).get("code", "wrong:" + str(r["gesture"])) for r in positives if r["gesture"] != r["label"])
    # The kind of gesture an alarm came from: the file name without its number and extension
    # ("s02/fast/v01.xml" → "v", "fast-01-five_point_star.xml" → "five_point_star").
    def kind(path):
        name = re.sub(r"\d*\.xml$", "", os.path.basename(path))
        return re.sub(r"^(slow|medium|fast)-\d+-", "", name).rstrip("-_") or name
    alarm_sources = collections.Counter(kind(r["path"]) for r in alarms)
    figures[g] = {
        "data": data, "recall": hits / len(positives), "hits": hits, "positives": len(positives),
        "falseAlarms": len(alarms) / len(negatives), "alarms": len(alarms), "negatives": len(negatives),
        "recallTarget": recall_target, "falseAlarmTarget": alarm_target,
        "missCodes": dict(misses.most_common()), "alarmSources": dict(alarm_sources.most_common()),
    }
if args.json:
    print(json.dumps(figures, indent=2))
    sys.exit(0)
errors = sum(1 for r in rows if r["error"])
print(f"profile {args.profile}: {len(rows)} traces, {errors} errors")
print(f"| gesture | data | recall | target | false alarms | target | misses by failure code | false alarms from |")
print(f"| --- | --- | --- | --- | --- | --- | --- | --- |")
for g, f in figures.items():
    ok_r = "✓" if f["recall"] >= f["recallTarget"] else "✗"
    ok_a = "✓" if f["falseAlarms"] <= f["falseAlarmTarget"] else "✗"
    codes = ", ".join(f"{k} {v}" for k, v in list(f["missCodes"].items())[:4])
    sources = ", ".join(f"{k} {v}" for k, v in list(f["alarmSources"].items())[:4])
    print(f"| {g} | {f['data']} | {100*f['recall']:.1f}% ({f['hits']}/{f['positives']}) | ≥ {100*f['recallTarget']:.0f}% {ok_r} "
          f"| {100*f['falseAlarms']:.2f}% ({f['alarms']}/{f['negatives']}) | ≤ {100*f['falseAlarmTarget']:.1f}% {ok_a} | {codes} | {sources} |")
