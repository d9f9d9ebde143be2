#!/usr/bin/env python3
"""`make invariance`: do the recognizers judge a stroke the same when it is drawn larger or smaller,
sampled more sparsely, or drawn faster or slower? The same real strokes as `make accuracy`, altered
one way at a time, scored the same way.

Usage: scripts/invariance.py [--gesture PATH] [--only NAME,…] [--in-sample] [--json]

Each alteration is written to a temporary copy of ../shared/datasets (the `$`-family XML logs and the
BioIdent CSV traces, with their labels files), and `scripts/accuracy.py --datasets COPY` scores it:
recall in-sample and leave-one-person-out, and false alarms, for each folder and device, the whole
registry competing. Alterations (each from what another device or person does):
  size ×0.5, ×2, ×4   every point moved away from (or towards) the stroke's first point: a phone
                      checkmark is 40 pt, a mouse one 300 px (points scale; times do not)
  sampling ÷2, ÷3     every second (third) sample of each stroke dropped, the first and last kept:
                      a 60 Hz device instead of 120 Hz
  speed ×2, ×0.5      the times halved (doubled): drawn twice as fast (slow)
  turned ±10°         every point turned about the stroke's first point, clockwise on the screen
                      (+) or anticlockwise: a hand or a device held a little askew
  wider×1.5           every point moved away from the stroke's first point horizontally only
  taller×1.5          (vertically only): one person draws a letter broad, another narrow
The table shows each figure as recorded and the change under each alteration. Rules judged in units
of the stroke's own size and on its path, not on samples, move by a trace or two; a rule in points
or in time moves more. Time rules are meant to (a long press is a time), size and sampling ones not.
Python 3 standard library; skips with a message without ../shared/datasets.
"""
import argparse, json, math, os, re, shutil, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
datasets = os.path.join(os.path.dirname(root), "shared", "datasets")
parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("--gesture", default=os.path.join(root, ".build", "release", "gesture"))
parser.add_argument("--only", help="alterations to run, by name (size×0.5,sampling÷2,…)")
parser.add_argument("--in-sample", action="store_true",
                    help="in-sample figures only: no leave-one-person-out (a quarter of the time)")
parser.add_argument("--json", action="store_true", help="print the figures as JSON")
args = parser.parse_args()
if not os.path.isdir(datasets):
    print(f"skipped: {datasets} not found (the datasets live beside the project, in ../shared)")
    sys.exit(0)

FOLDERS = ["dollar1", "dollar1-devices", "mouse-dollar", "unipen-z", "mmg-strokes", "bioident-swipes"]
ALTERATIONS = [("size×0.5", "size", 0.5), ("size×2", "size", 2), ("size×4", "size", 4),
               ("sampling÷2", "sampling", 2), ("sampling÷3", "sampling", 3),
               ("speed×2", "time", 0.5), ("speed×0.5", "time", 2),
               ("turned+10°", "turn", 10), ("turned-10°", "turn", -10),
               ("wider×1.5", "wide", 1.5), ("taller×1.5", "tall", 1.5)]
if args.only:
    wanted = args.only.split(",")
    unknown = [w for w in wanted if w not in {a[0] for a in ALTERATIONS}]
    if unknown:
        parser.error(f"--only: unknown alteration {unknown[0]!r}: expected one of "
                     + ", ".join(a[0] for a in ALTERATIONS))
    ALTERATIONS = [a for a in ALTERATIONS if a[0] in wanted]

POINT = re.compile(r"<Point\b[^>]*>")
ATTRIBUTE = re.compile(r'\b([XYT])="([^"]*)"')
STROKE = re.compile(r"(<Stroke\b[^>]*>)(.*?)(</Stroke>)", re.S)


def number(value):
    """A coordinate or time as written back: whole numbers without a decimal point."""
    return f"{value:.0f}" if value == round(value) else f"{value:.3f}".rstrip("0")


def alter_points(elements, kind, factor, origin, clock):
    """The `<Point …/>` elements of one stroke, altered; `origin` is (x, y, t) of the log's first point.
    `clock` holds the latest time so far: the logs' 1 ms steps back (which the reader allows) are
    evened out before the times are scaled, since they would scale past what it allows."""
    if kind == "sampling":
        keep = [i for i in range(len(elements)) if i % factor == 0 or i == len(elements) - 1]
        return [elements[i] for i in keep]
    out = []
    for element in elements:
        if kind == "turn":
            values = dict(ATTRIBUTE.findall(element))
            turned = dict(zip("XY", rotate(float(values["X"]), float(values["Y"]), origin, factor)))

        def replace(m):
            name, value = m.group(1), float(m.group(2))
            if (kind == "size" and name in "XY") or (kind, name) in (("wide", "X"), ("tall", "Y")):
                o = origin[0] if name == "X" else origin[1]
                return f'{name}="{number(o + (value - o) * factor)}"'
            if kind == "turn" and name in "XY":
                return f'{name}="{number(turned[name])}"'
            if kind == "time" and name == "T":
                clock[0] = value = max(value, clock[0])
                return f'{name}="{number(origin[2] + (value - origin[2]) * factor)}"'
            return m.group(0)
        out.append(ATTRIBUTE.sub(replace, element))
    return out


def rotate(x, y, origin, degrees):
    """(x, y) turned about `origin` by `degrees`, clockwise on a screen whose y grows downward."""
    a = math.radians(degrees)
    dx, dy = x - origin[0], y - origin[1]
    return origin[0] + dx * math.cos(a) - dy * math.sin(a), origin[1] + dx * math.sin(a) + dy * math.cos(a)


def alter_xml(text, kind, factor):
    first = POINT.search(text)
    if not first:
        return text
    values = dict(ATTRIBUTE.findall(first.group(0)))
    origin = tuple(float(values.get(k, 0)) for k in "XYT")
    clock = [origin[2]]

    def block(body):
        elements = POINT.findall(body)
        if not elements:
            return body
        altered = alter_points(elements, kind, factor, origin, clock)
        # The elements are rewritten in place, one per line, with the first one's indentation.
        start = body.index(elements[0])
        end = body.rindex(elements[-1]) + len(elements[-1])
        indent = body[body.rfind("\n", 0, start) + 1:start]
        return body[:start] + ("\n" + indent).join(altered) + body[end:]

    if STROKE.search(text):
        return STROKE.sub(lambda m: m.group(1) + block(m.group(2)) + m.group(3), text)
    return block(text)


def alter_csv(text, kind, factor):
    lines = text.splitlines()
    header = lines[0].split(",")
    t, x, y, phase = (header.index(c) for c in ("t", "x", "y", "phase"))
    rows = [line.split(",") for line in lines[1:] if line]
    if not rows:
        return text
    origin = (float(rows[0][x]), float(rows[0][y]), float(rows[0][t]))
    if kind == "sampling":
        moved = [i for i, r in enumerate(rows) if r[phase] == "moved"]
        dropped = {i for n, i in enumerate(moved) if n % factor != 0 and n != len(moved) - 1}
        rows = [r for i, r in enumerate(rows) if i not in dropped]
    for r in rows:
        if kind == "turn":
            r[x], r[y] = (number(v) for v in rotate(float(r[x]), float(r[y]), origin, factor))
        if kind in ("size", "wide"):
            r[x] = number(origin[0] + (float(r[x]) - origin[0]) * factor)
        if kind in ("size", "tall"):
            r[y] = number(origin[1] + (float(r[y]) - origin[1]) * factor)
        if kind == "time":
            r[t] = f"{origin[2] + (float(r[t]) - origin[2]) * factor:.6f}"
    return "\n".join([lines[0]] + [",".join(r) for r in rows]) + "\n"


def write_copy(target, kind, factor):
    for folder in FOLDERS:
        source = os.path.join(datasets, folder)
        for directory, _, files in os.walk(source):
            out = os.path.join(target, os.path.relpath(directory, datasets))
            os.makedirs(out, exist_ok=True)
            for name in files:
                path = os.path.join(directory, name)
                if name.endswith(".xml") or (name.endswith(".csv") and "label" not in name):
                    with open(path, encoding="utf-8-sig") as f:
                        text = f.read()
                    text = alter_xml(text, kind, factor) if name.endswith(".xml") else alter_csv(text, kind, factor)
                    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
                        f.write(text)
                else:
                    shutil.copyfile(path, os.path.join(out, name))


def score(folder):
    result = subprocess.run([sys.executable, os.path.join(root, "scripts", "accuracy.py"), "--json",
                             "--gesture", args.gesture, "--datasets", folder]
                            + (["--in-sample"] if args.in_sample else []), capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"scripts/accuracy.py failed ({result.returncode}) on {folder}:\n{result.stderr}")
    return json.loads(result.stdout)["sets"]


def progress(text):
    if sys.stderr.isatty():
        print(text, file=sys.stderr, flush=True)


figures = {"as recorded": score(datasets)}
work = tempfile.mkdtemp(prefix="gesture-invariance-")
try:
    for name, kind, factor in ALTERATIONS:
        progress(f"{name}…")
        copy = os.path.join(work, re.sub(r"[^a-z0-9.]+", "-", name))
        write_copy(copy, kind, factor)
        figures[name] = score(copy)
        shutil.rmtree(copy)
finally:
    shutil.rmtree(work, ignore_errors=True)

if args.json:
    print(json.dumps(figures, indent=2))
    sys.exit(0)

base = figures["as recorded"]
names = [a[0] for a in ALTERATIONS]


def change(now, then, total):
    """The change in traces, as a signed count ("–" without the figures: --in-sample)."""
    if now is None or then is None:
        return "–"
    d = round((now - then) * total)
    return "0" if d == 0 else f"{d:+d}"


print("Recall (traces recognized as labelled): as recorded, in-sample and leave-one-person-out, and the "
      "change in traces under each alteration (in-sample / leave-one-person-out).")
print()
print("| data | gesture | traces | as recorded | " + " | ".join(names) + " |")
print("| --- | --- | --- | --- | " + " | ".join("---" for _ in names) + " |")
for s, entry in base.items():
    for g, f in entry["recall"].items():
        n = f["labelled"]
        cells = []
        for a in names:
            o = figures[a][s]["recall"][g]
            cells.append(f"{change(o['inSample'], f['inSample'], n)} / {change(o['crossValidated'], f['crossValidated'], n)}")
        cross = "–" if f["crossValidated"] is None else f"{100 * f['crossValidated']:.1f}%"
        print(f"| {s} | {g} | {n} | {100 * f['inSample']:.1f}% / {cross} | "
              + " | ".join(cells) + " |")
print()
print("False alarms (traces of every folder labelled otherwise on which the recognizer fired), in-sample: "
      "as recorded, and the change under each alteration.")
print()
print("| recognizer | as recorded | " + " | ".join(names) + " |")
print("| --- | --- | " + " | ".join("---" for _ in names) + " |")
for g in next(iter(base.values()))["falseAlarms"]:
    total = sum(e["falseAlarms"][g]["alarmsInSample"] for e in base.values())
    cells = []
    for a in names:
        d = sum(e["falseAlarms"][g]["alarmsInSample"] for e in figures[a].values()) - total
        cells.append("0" if d == 0 else f"{d:+d}")
    print(f"| {g} | {total} | " + " | ".join(cells) + " |")
