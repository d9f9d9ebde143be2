#!/usr/bin/env python3
"""Prints the README's fuzzing table from Fuzz/campaigns.tsv (one line per run:
time, harness, seconds, executions, findings or "interrupted", commit)."""
import collections, os
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
runs = collections.defaultdict(list)
for line in open(os.path.join(root, "Fuzz", "campaigns.tsv")):
    fields = line.rstrip("\n").split("\t")
    if len(fields) < 6 or not fields[3].isdigit():
        continue
    runs[fields[1]].append(fields)
print("| harness | runs | executions in all | runs with a finding | executions since the last finding |")
print("| --- | --- | --- | --- | --- |")
for harness in ["json", "csv", "xml", "replay", "config", "labels", "templates", "scores"]:
    rows = runs.get(harness, [])
    total = sum(int(r[3]) for r in rows)
    finding = [r for r in rows if r[4] not in ("0", "interrupted")]
    since = 0
    for r in reversed(rows):
        if r[4] not in ("0", "interrupted"):
            break
        since += int(r[3])
    print(f"| {harness} | {len(rows)} | {total:,} | {len(finding)} | {since:,} |")
