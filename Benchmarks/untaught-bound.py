#!/usr/bin/env python3
"""How far can thresholds go? The least share of strokes of gestures never taught that any per-gesture
thresholds let through while the held-out people's strokes are recognized at a given rate, with the
thresholds chosen knowing the answers (an oracle): a bound for every way `gesture learn` chooses them.

    python3 Benchmarks/untaught-bound.py [--gesture PATH] [--datasets DIR] [--algorithm p+|p+o|q|p|1]
                                         [--templates-per-gesture N] [--at 0.95] [--out FILE]
                                         [--flags "FLAGS"] [--agree-with ALGORITHM [--agree-flags "FLAGS"]]
    python3 Benchmarks/untaught-bound.py --self-test

The same protocol as Benchmarks/learned.py (sections 1 and 4), on ../shared/datasets/dollar1:
  recognized  each subject's strokes against the templates learned from the other five;
  untaught    each gesture's 180 strokes against the templates learned from the other fifteen
              (all six subjects).
Every stroke is classified with the thresholds out of the way (`--set learned.thresholdScale=1e9`,
`ambiguityMargin=off`), which gives its nearest gesture and the distance. A stroke is recognized when
its nearest gesture is its label and within that gesture's threshold; an untaught stroke passes when it
is within its nearest gesture's threshold. One threshold a gesture, the same in every model: for each
gesture, each threshold worth trying lets in so many of its own strokes and so many untaught ones, and
a knapsack over the sixteen finds the fewest untaught strokes for each number recognized.

--flags passes more flags to every `gesture learn` ("--mirror-negatives both --coverage 0.98"): the
thresholds it chooses are the line "the thresholds learn chose"; the bound does not depend on them.

--agree-with ALGORITHM asks whether a second measure helps: the same splits are learned again with
that algorithm (and --agree-flags, e.g. "--coverage 0.98"), and a stroke counts only where both models'
nearest gestures are the same. It prints how many strokes agree, what the learner's thresholds of both
models let through together, and the bound again with the filter (thresholds on the first measure's
distances, the answers known).

The thresholds `learn` chooses (--max-false-alarms, --coverage, --taught-only, --mirror-negatives)
change none of these distances, so none of them can do better than this bound; only another measure
(other templates, points or algorithm) can. The ambiguity margin, which can also refuse a stroke
between two gestures, is left out.

Prints a table on stdout (progress on stderr) and writes everything to FILE (default
Benchmarks/results/untaught-bound.json). Python 3 standard library only; skips with a message without
the datasets.
"""
import argparse
import bisect
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import learned  # noqa: E402  (Benchmarks/learned.py: the same data, tool driver and protocol)

RECOGNIZED = [0.90, 0.925, 0.95, 0.96, 0.97]
UNTAUGHT = [0.005, 0.01, 0.02, 0.05, 0.10]


def measure(tool, datasets):
    """(recognized rows, untaught rows, each model's thresholds): rows are (file, label, subject,
    nearest gesture, distance); a stroke too short to match has no nearest (None, None)."""
    rows = learned.dollar1_rows(datasets, learned.DOLLAR1_SUBJECTS)
    held, untaught, thresholds = [], [], {}
    splits = [("recognized", s, [r for r in rows if r[2] != s], [r for r in rows if r[2] == s])
              for s in learned.DOLLAR1_SUBJECTS]
    splits += [("untaught", g, [r for r in rows if r[1] != g], [r for r in rows if r[1] == g])
               for g in sorted({r[1] for r in rows})]
    for kind, key, train, test in splits:
        learned.log(f"{kind}: learning without {key}")
        path, templates = tool.learn(train)
        thresholds[f"{kind} without {key}"] = {g["name"]: g["threshold"] for g in templates["gestures"]}
        # The thresholds out of the way: every stroke's nearest gesture, and its distance.
        found = tool.nearest(path, [r[0] for r in test],
                             settings=["learned.thresholdScale=1e9", "learned.ambiguityMargin=off"])
        for file, label, subject in test:
            row = (file, label, subject, found[file]["nearest"], found[file]["distance"])
            (held if kind == "recognized" else untaught).append(row)
    return held, untaught, thresholds


def options(held, untaught, gesture):
    """The thresholds worth trying for `gesture`: (untaught let in, own recognized), the Pareto front."""
    own = sorted(d for _, label, _, g, d in held if label == gesture and g == gesture)
    others = sorted(d for _, _, _, g, d in untaught if g == gesture)
    best = {0: 0}
    for k, limit in enumerate(own):
        let_in = bisect.bisect_right(others, limit)
        best[let_in] = max(best.get(let_in, 0), k + 1)
    front, most = [], -1
    for let_in in sorted(best):
        if best[let_in] > most:
            front.append((let_in, best[let_in]))
            most = best[let_in]
    return front


def frontier(held, untaught):
    """For each number of untaught strokes let in that recognizes more than any smaller number, the most
    recognized and each gesture's share of it: {untaught: (recognized, {gesture: (untaught, recognized)})}."""
    states = {0: (0, {})}
    for gesture in sorted({r[1] for r in held}):
        grown, choices = {}, options(held, untaught, gesture)
        for let_in, (recognized, chosen) in states.items():
            for u, r in choices:
                key = let_in + u
                if key not in grown or grown[key][0] < recognized + r:
                    grown[key] = (recognized + r, {**chosen, gesture: (u, r)})
        states, most = {}, -1
        for key in sorted(grown):  # keep only what recognizes more than every cheaper choice
            if grown[key][0] > most:
                states[key] = grown[key]
                most = grown[key][0]
    return states


def self_test(cases=300):
    """The knapsack against every choice of thresholds, on small random cases; exits 1 on a difference."""
    import itertools
    import random

    rng = random.Random(1)
    for case in range(cases):
        gestures = [f"g{k}" for k in range(rng.randint(1, 3))]

        def stroke(label):
            return ("f", label, "s", rng.choice(gestures + [None]), rng.choice([1.0, 2.0, 3.0, 4.0, 5.0]))

        held = [stroke(rng.choice(gestures)) for _ in range(rng.randint(1, 7))]
        held = [r if r[3] is not None else r[:3] + (None, None) for r in held]
        untaught = [stroke("u") for _ in range(rng.randint(0, 7))]
        untaught = [r if r[3] is not None else r[:3] + (None, None) for r in untaught]
        states = frontier(held, untaught)
        # Every threshold a gesture: none (nothing passes), or at each distance found.
        limits = [-1.0, 1.0, 2.0, 3.0, 4.0, 5.0]
        best = {}
        for chosen in itertools.product(limits, repeat=len(gestures)):
            limit = dict(zip(gestures, chosen))
            r = sum(1 for _, label, _, g, d in held if g == label and d <= limit[g])
            u = sum(1 for _, _, _, g, d in untaught if g is not None and d <= limit[g])
            best[u] = max(best.get(u, 0), r)
        for u in range(len(untaught) + 1):
            brute = max((r for k, r in best.items() if k <= u), default=0)
            found = max((states[k][0] for k in states if k <= u), default=0)
            if brute != found:
                print(f"self-test case {case}: at most {u} untaught, knapsack {found}, every choice {brute}")
                sys.exit(1)
    print(f"self-test: the knapsack agrees with every choice of thresholds in {cases} cases")


def agreement(args, held, untaught, thresholds, second, lines):
    """--agree-with: the figures with a stroke counted only where the second model's nearest gesture is
    the first's. Appends to `lines`; returns them for the JSON."""
    held2, untaught2, thresholds2 = second
    near2 = {(kind, r[0]): r for kind, rows in (("held", held2), ("untaught", untaught2)) for r in rows}

    def agrees(kind, r):
        return r[3] is not None and near2[(kind, r[0])][3] == r[3]

    def within(kind, r, limits, other):
        key = f"recognized without {r[2]}" if kind == "held" else f"untaught without {r[1]}"
        o = near2[(kind, r[0])]
        return r[4] <= limits[key][r[3]] and o[4] <= other[key][o[3]]

    n, m = len(held), len(untaught)
    right = sum(1 for r in held if r[3] == r[1] and agrees("held", r))
    agreeing = sum(1 for r in untaught if agrees("untaught", r))
    own = sum(1 for r in held if r[3] == r[1] and agrees("held", r) and within("held", r, thresholds, thresholds2))
    passed = sum(1 for r in untaught if agrees("untaught", r)
                 and within("untaught", r, thresholds, thresholds2))
    unbounded = {key: {g: float("inf") for g in limits} for key, limits in thresholds2.items()}
    own1 = sum(1 for r in held if r[3] == r[1] and agrees("held", r) and within("held", r, thresholds, unbounded))
    passed1 = sum(1 for r in untaught if agrees("untaught", r)
                  and within("untaught", r, thresholds, unbounded))
    # The bound again, each stroke whose two nearest gestures differ refused.
    states = frontier([r if agrees("held", r) else r[:3] + (None, None) for r in held],
                      [r if agrees("untaught", r) else r[:3] + (None, None) for r in untaught])
    flags = f" {args.agree_flags}" if args.agree_flags else ""
    lines += [f"  with --algorithm {args.agree_with}{flags} agreeing on the nearest gesture:",
              f"    nearest right and agreeing: {pct(right / n)}; untaught strokes agreeing: {pct(agreeing / m)}",
              f"    the first model's thresholds: recognized {pct(own1 / n)}, untaught let in {pct(passed1 / m)}",
              f"    both models' thresholds: recognized {pct(own / n)}, untaught let in {pct(passed / m)}",
              f"    {'recognized at least':>20}  {'untaught let in, at least':>26}"]
    result = {"algorithm": args.agree_with, "flags": args.agree_flags, "nearestRightAgreeing": right / n,
              "untaughtAgreeing": agreeing / m, "chosen": {"recognized": own / n, "untaught": passed / m},
              "chosenFirst": {"recognized": own1 / n, "untaught": passed1 / m},
              "leastUntaught": {}}
    for share in RECOGNIZED:
        k = next((k for k in sorted(states) if states[k][0] >= share * n), None)
        result["leastUntaught"][str(share)] = None if k is None else k / m
        lines.append(f"    {pct(share):>20}  {'unreachable' if k is None else f'{pct(k / m)} ({k})':>26}")
    return result


def pct(x):
    return f"{100 * x:.1f}%"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gesture", default=str(learned.ROOT / ".build" / "release" / "gesture"))
    parser.add_argument("--datasets", default=str(learned.ROOT.parent / "shared" / "datasets"))
    parser.add_argument("--algorithm", default=None, help="passed to gesture learn (default: the tool's)")
    parser.add_argument("--templates-per-gesture", type=int, default=None, help="passed to gesture learn")
    parser.add_argument("--at", type=float, default=0.95,
                        help="the share recognized whose thresholds are shown gesture by gesture (default 0.95)")
    parser.add_argument("--out", default=str(learned.RESULTS / "untaught-bound.json"))
    parser.add_argument("--flags", default="", help="more flags for every gesture learn")
    parser.add_argument("--agree-with", default=None, metavar="ALGORITHM",
                        help="count a stroke only where this algorithm's model finds the same nearest gesture")
    parser.add_argument("--agree-flags", default="", help="more flags for the --agree-with model's gesture learn")
    parser.add_argument("--self-test", action="store_true",
                        help="check the knapsack against every choice of thresholds on small random cases")
    args = parser.parse_args()
    if args.self_test:
        self_test()
        return
    if not os.path.isdir(os.path.join(args.datasets, "dollar1")):
        print(f"skipped: no datasets at {args.datasets} (--datasets DIR)")
        return
    if not os.access(args.gesture, os.X_OK):
        raise SystemExit(f"no gesture binary at {args.gesture}: run `make build` first (or --gesture PATH)")
    flags = (["--algorithm", args.algorithm] if args.algorithm else []) + args.flags.split()
    with tempfile.TemporaryDirectory(prefix="untaught-bound-") as tmp:
        tool = learned.Tool(os.path.abspath(args.gesture), tmp, args.templates_per_gesture, flags)
        held, untaught, thresholds = measure(tool, args.datasets)
        if args.agree_with:
            other = learned.Tool(os.path.abspath(args.gesture), tmp, args.templates_per_gesture,
                                 ["--algorithm", args.agree_with, *args.agree_flags.split()])
            second = measure(other, args.datasets)
    n, m = len(held), len(untaught)
    own = sum(1 for _, label, s, g, d in held if g == label and d <= thresholds[f"recognized without {s}"][g])
    passed = sum(1 for _, label, _, g, d in untaught
                 if g is not None and d <= thresholds[f"untaught without {label}"][g])
    states = frontier(held, untaught)
    keys = sorted(states)

    def least_untaught(share):
        return next((k for k in keys if states[k][0] >= share * n), None)

    def most_recognized(share):
        return max(states[k][0] for k in keys if k <= share * m)

    right = sum(g == label for _, label, _, g, _ in held) / n
    lines = [f"dollar1, {n} strokes of held-out subjects, {m} of gestures left out"
             + (f" (algorithm {args.algorithm})" if args.algorithm else "")
             + (f" ({args.flags})" if args.flags else ""),
             f"  nearest gesture right: {pct(right)}",
             f"  the thresholds learn chose (no ambiguity margin): recognized {pct(own / n)}, "
             f"untaught let in {pct(passed / m)}",
             "  best thresholds, chosen knowing the answers:",
             f"    {'recognized at least':>20}  {'untaught let in, at least':>26}"]
    result = {"command": " ".join(["python3", "Benchmarks/untaught-bound.py", *sys.argv[1:]]),
              "algorithm": args.algorithm, "flags": args.flags, "strokes": n, "untaughtStrokes": m,
              "nearestRight": right,
              "chosen": {"recognized": own / n, "untaught": passed / m},
              "leastUntaught": {}, "mostRecognized": {}}
    for share in RECOGNIZED:
        k = least_untaught(share)
        result["leastUntaught"][str(share)] = None if k is None else k / m
        lines.append(f"    {pct(share):>20}  {'unreachable' if k is None else f'{pct(k / m)} ({k})':>26}")
    lines.append(f"    {'untaught at most':>20}  {'recognized, at most':>26}")
    for share in UNTAUGHT:
        r = most_recognized(share)
        result["mostRecognized"][str(share)] = r / n
        lines.append(f"    {pct(share):>20}  {f'{pct(r / n)} ({r})':>26}")
    k = least_untaught(args.at)
    if k is not None:
        recognized, chosen = states[k]
        lines.append(f"  at {pct(args.at)} recognized, gesture by gesture: own strokes recognized, "
                     "untaught strokes let in (which)")
        result["at"] = {"share": args.at, "untaught": k / m, "gestures": {}}
        for gesture, (u, r) in sorted(chosen.items()):
            # The u nearest untaught strokes are the ones its threshold lets in.
            which = Counter(label for _, label in sorted((d, label) for _, label, _, g, d in untaught
                                                          if g == gesture)[:u])
            total = sum(1 for row in held if row[1] == gesture)
            lines.append(f"    {gesture:18} {r:>4} of {total}  {u:>4}  "
                         + ", ".join(f"{label} {c}" for label, c in which.most_common()))
            result["at"]["gestures"][gesture] = {"recognized": r, "of": total, "untaught": u,
                                                 "from": dict(which.most_common())}
    if args.agree_with:
        result["agreeWith"] = agreement(args, held, untaught, thresholds, second, lines)
    print("\n".join(lines))
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write("\n")
    learned.log(f"wrote {args.out}")


if __name__ == "__main__":
    main()
