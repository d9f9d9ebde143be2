#!/usr/bin/env python3
"""The Python references of the benchmark suite, run by Benchmarks/run.py in their own process.

  references.py parse --lib orjson|json|csv|etree --ext json|csv|xml [--repeat N] DIR
      Parse-only throughput over every *.EXT file under DIR, the files read into memory first.
  references.py dollarpy --templates LIST --strokes LIST
      The $P recognizer from PyPI classifying each stroke of LIST against the templates of LIST.

Each prints one JSON object on stdout.
"""
import argparse
import io
import json
import os
import statistics
import sys
import time


def files_under(directory, ext):
    """Every *.ext file under directory, sorted by path bytes (the order gesture batch uses)."""
    found = []
    for parent, folders, names in os.walk(directory):
        folders.sort()
        found.extend(os.path.join(parent, name) for name in names if name.endswith("." + ext))
    return sorted(found, key=os.fsencode)


def parse_corpus(lib, ext, directory, repeats):
    if lib == "orjson":
        import orjson

        parse = orjson.loads
    elif lib == "json":
        parse = json.loads
    elif lib == "csv":
        import csv

        # The stdlib tokenizer only: it splits fields, it does not convert numbers.
        def parse(data):
            return list(csv.reader(io.StringIO(data.decode("utf-8"))))
    elif lib == "etree":
        from xml.etree import ElementTree

        parse = ElementTree.fromstring
    else:
        raise SystemExit(f"unknown lib {lib}")
    paths = files_under(directory, ext)
    contents = []
    for path in paths:
        with open(path, "rb") as f:
            contents.append(f.read())
    size = sum(len(c) for c in contents)
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        for data in contents:
            parse(data)
        runs.append(time.perf_counter() - start)
    seconds = min(runs)  # the best run, as for ours: slower runs mostly measure other work on a shared machine
    version = getattr(sys.modules.get(lib), "__version__", None) or sys.version.split()[0]
    return {
        "lib": lib, "version": version, "files": len(paths), "bytes": size,
        "seconds": {"runs": len(runs), "median": seconds, "min": min(runs), "max": max(runs)},
        "mbPerSecond": size / 1e6 / seconds, "tracesPerSecond": len(paths) / seconds,
    }


def strokes_of(path):
    """The trace's points, one $P stroke per touch (the sample traces are one finger at a time)."""
    with open(path, "rb") as f:
        samples = json.load(f)["samples"]
    points, stroke = [], 0
    for s in samples:
        if s["phase"] == "began":
            stroke += 1
        points.append((s["x"], s["y"], stroke))
    return points


def label_of(path):
    return os.path.basename(os.path.dirname(path))


def dollarpy_once(templates, points):
    """dollarpy's recognize() of `points` against `templates` ((name, points) pairs): (name, seconds),
    or None when dollarpy fails on them. dollarpy's resampling inserts points into the lists it is
    given, templates included, so a recognizer reused across calls grows its templates and slows
    down: each call gets fresh copies, made outside the timed call."""
    from dollarpy import Point, Recognizer, Template

    recognizer = Recognizer([Template(n, [Point(x, y, s) for x, y, s in pts]) for n, pts in templates])
    candidate = [Point(x, y, s) for x, y, s in points]
    start = time.perf_counter()
    try:
        name, _ = recognizer.recognize(candidate)
    except (ZeroDivisionError, IndexError, ValueError):
        return None
    return name, time.perf_counter() - start


def run_dollarpy(template_list, stroke_list, repeats):
    import dollarpy

    def read_list(name):
        with open(name) as f:
            return [line.strip() for line in f if line.strip()]

    templates = [(label_of(p), strokes_of(p)) for p in read_list(template_list)]
    strokes = [(label_of(p), strokes_of(p)) for p in read_list(stroke_list)]
    times, correct, errors = [], 0, 0
    for label, points in strokes:
        best = None
        for _ in range(repeats):
            result = dollarpy_once(templates, points)
            if result is None:
                break
            name, elapsed = result
            best = elapsed if best is None else min(best, elapsed)
        if best is None:
            errors += 1
            continue
        times.append(best)
        correct += name == label
    mean = statistics.fmean(times) if times else float("nan")
    return {
        "lib": "dollarpy", "version": getattr(dollarpy, "__version__", "0.1.1"), "templates": len(templates),
        "strokes": len(strokes), "timed": len(times), "errors": errors, "correct": correct,
        "repeats": repeats, "msPerStroke": mean * 1e3, "medianMsPerStroke": statistics.median(times) * 1e3 if times else None,
        "strokesPerSecond": 1 / mean if times else None,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("parse")
    p.add_argument("--lib", required=True)
    p.add_argument("--ext", required=True)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("directory")
    d = sub.add_parser("dollarpy")
    d.add_argument("--templates", required=True)
    d.add_argument("--strokes", required=True)
    d.add_argument("--repeat", type=int, default=2, help="time each stroke this many times, keep the best")
    args = parser.parse_args()
    if args.command == "parse":
        result = parse_corpus(args.lib, args.ext, args.directory, args.repeat)
    else:
        result = run_dollarpy(args.templates, args.strokes, args.repeat)
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
