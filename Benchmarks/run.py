#!/usr/bin/env python3
"""The benchmark suite of issue 6: `make bench` (full) or `make bench BENCH_SCALE=small` (quick).

Builds release binaries, generates the corpora from a seed (cached under $BENCH_DIR, default
/tmp/gesture-bench), measures `gesture` as whole processes and GestureKit in process, runs the
references (orjson, Python's json/csv/ElementTree, dollarpy) on the same files, prints one table
with ratios and the issue's targets, and writes it as JSON to Benchmarks/results/latest.json and
latest-SCALE.json (the run before is kept as previous.json; the change is shown against the last
run of the same scale, or against --compare FILE).

    python3 Benchmarks/run.py [--scale full|small] [--seed N] [--compare FILE] [--no-dollarpy]
    python3 Benchmarks/run.py --profile     # callgrind over `gesture batch` on the first tenth of the corpus

See Benchmarks/README.md for what each figure means.
"""
import argparse
import datetime
import hashlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from references import files_under  # the same walk, in the same order, as the references


BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
RESULTS = BENCH / "results"
VENV = BENCH / ".venv"
DOLLARPY = "dollarpy==0.1.1"

SCALES = {
    # traces: corpus size; long: single long sessions; seconds: least time per in-process measure;
    # runs: whole-process runs of `gesture classify` for the latency median; strokes: dollarpy sample.
    "full": dict(traces=100_000, long=[10**3, 10**4, 10**5, 10**6], repeats=3, seconds=1.0, runs=50, strokes=200),
    "small": dict(traces=5_000, long=[10**3, 10**4, 10**5], repeats=3, seconds=0.3, runs=20, strokes=30),
}

# The targets of issue 6, on this 2-core machine.
BATCH_TARGET = 50_000  # traces/s, JSON corpus, 2 jobs
CSV_XML_TARGET = 200.0  # MB/s parse-only
LINEAR_TARGET = 1.5  # max ÷ min cost per sample, 10^3 → 10^6 samples
RSS_BATCH_TARGET = 100.0  # MB
TUNE_TARGET = 150_000  # trace-replays/s, 2 jobs, development datasets
DATASETS = ROOT.parent / "shared" / "datasets"
TUNE_FOLDERS = ["dollar1", "unipen-z", "mmg-strokes", "dollar1-devices", "mouse-dollar", "bioident-swipes"]
TUNE_SWEEP = "circle.maximumDirectionChanges=1:20:1"  # 20 values
RSS_GROWTH_TARGET = 1.25  # "independent of corpus size": 10× the traces, at most this much more memory
RSS_TRACE_TARGET = 3.0  # × file size
CLASSIFY_TARGET = 15.0  # ms, whole process
RENDER_TARGET = 2_000.0  # SVGs/s, bundled traces, one process (issue 15)
RENDER_COPIES = 50  # copies of the bundled traces rendered by one `gesture render`
BATCH_RUNS = 3  # whole-process batch runs per corpus and output; the fastest is reported
DOLLARPY_TARGET = 1000.0  # × dollarpy's strokes/s
LEARNED_STROKE_TARGET = 100.0  # × dollarpy per stroke, the same templates (issue 18)
LEARNED_BATCH_TARGET = 20_000  # traces/s, JSON corpus, 2 jobs, a 16-gesture templates file (issue 18)

STROKE_LABELS = ["checkmark", "z", "circle", "swipe-left", "swipe-right", "swipe-up", "swipe-down", "pan"]

started = time.monotonic()


def log(message):
    print(f"[bench {time.monotonic() - started:6.1f}s] {message}", file=sys.stderr, flush=True)


def run(cmd, **kwargs):
    """Runs a helper command that must succeed; returns its stdout."""
    result = subprocess.run(cmd, check=False, text=True, capture_output=True, **kwargs)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit(f"bench: failed ({result.returncode}): {' '.join(map(str, cmd))}")
    return result.stdout


def run_json(cmd, **kwargs):
    return json.loads(run(cmd, **kwargs).strip().splitlines()[-1])


def spawn(cmd, stdout=subprocess.DEVNULL):
    """A whole process: wall seconds, peak RSS (KB, from wait4's rusage — what `/usr/bin/time -v`
    reports as "Maximum resident set size") and exit status."""
    with tempfile.TemporaryFile() as errors:
        begin = time.perf_counter()
        process = subprocess.Popen(cmd, stdout=stdout, stderr=errors)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - begin
        process.returncode = os.waitstatus_to_exitcode(status)
        errors.seek(0)
        stderr = errors.read(2000).decode("utf-8", "replace")
    return {"seconds": seconds, "maxRssKB": usage.ru_maxrss, "status": process.returncode, "stderr": stderr,
            "userSeconds": usage.ru_utime, "systemSeconds": usage.ru_stime}


# MARK: Build, corpus, references


def build():
    log("building release binaries (gesture, gesture-bench)")
    # As `make build` makes it: on Linux the Swift runtime linked in statically, so calls into it
    # are direct and a process starts in half the time.
    static = ["--static-swift-stdlib"] if platform.system() == "Linux" else []
    run(["swift", "build", "-c", "release", *static, "--product", "gesture"], cwd=ROOT)
    bench_build = ["swift", "build", "-c", "release", *static, "--package-path", str(BENCH)]
    if subprocess.run(bench_build, cwd=ROOT, capture_output=True).returncode != 0:
        # SwiftPM can keep a stale list of the root package's sources in the benchmark package's
        # build description (a file added to GestureKit is then "not in scope"): drop it and retry.
        for stale in ["release.yaml", "build.db"]:
            (BENCH / ".build" / stale).unlink(missing_ok=True)
        run(bench_build, cwd=ROOT)
    gesture = Path(run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT).strip()) / "gesture"
    bench = Path(run(["swift", "build", "-c", "release", "--package-path", str(BENCH), "--show-bin-path"],
                     cwd=ROOT).strip()) / "gesture-bench"
    return str(gesture), str(bench)


def generator_stamp(seed, traces, long):
    """Changes whenever the corpus a seed gives could change: the generator's sources and sizes."""
    digest = hashlib.sha256()
    for name in ["SplitMix64.swift", "Synth.swift", "TraceWriter.swift", "Corpus.swift"]:
        digest.update((BENCH / "Sources" / "gesture-bench" / name).read_bytes())
    digest.update(json.dumps([seed, traces, long]).encode())
    return digest.hexdigest()[:16]


def corpus(bench, seed, scale):
    """The corpus for this seed and scale, generated unless an identical one is cached."""
    base = Path(os.environ.get("BENCH_DIR", "/tmp/gesture-bench"))
    directory = base / f"seed{seed}-{scale['traces']}"
    stamp = generator_stamp(seed, scale["traces"], scale["long"])
    stamp_file = directory / "stamp"
    if stamp_file.exists() and stamp_file.read_text().strip() == stamp:
        log(f"corpus: cached in {directory}")
        manifest = json.loads((directory / "manifest.json").read_text())
        manifest["cached"] = True
        return directory, manifest
    if directory.exists():
        shutil.rmtree(directory)
    log(f"corpus: generating {scale['traces']:,} traces and long sessions of "
        f"{', '.join(f'{n:,}' for n in scale['long'])} samples in {directory}")
    manifest = run_json([bench, "generate", "--out", str(directory), "--seed", str(seed),
                         "--traces", str(scale["traces"]), "--long", ",".join(map(str, scale["long"]))])
    stamp_file.write_text(stamp + "\n")
    manifest["cached"] = False
    log(f"corpus: written in {manifest['seconds']:.1f} s")
    return directory, manifest


def dollarpy_python(enabled):
    """A Python with dollarpy, installed from PyPI into Benchmarks/.venv on first use; None if unavailable."""
    if not enabled:
        log("dollarpy: skipped (--no-dollarpy)")
        return None
    python = VENV / "bin" / "python"
    probe = [str(python), "-c", "import dollarpy"]
    if python.exists() and subprocess.run(probe, capture_output=True).returncode == 0:
        return str(python)
    log(f"dollarpy: installing {DOLLARPY} into {VENV} from the Python package index")
    try:
        if not python.exists():
            run([sys.executable, "-m", "venv", str(VENV)])
        run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", DOLLARPY])
    except SystemExit as error:
        log(f"dollarpy: SKIPPED — could not install it ({error}); the dollarpy row is left empty")
        return None
    return str(python) if subprocess.run(probe, capture_output=True).returncode == 0 else None


# MARK: Rows


class Table:
    """The rows of the one table: our figure, the reference's, ours ÷ reference, the target."""

    def __init__(self):
        self.rows = []

    def section(self, title):
        self.rows.append({"section": title})

    def add(self, id, measure, unit, ours, reference=None, reference_name=None, ratio=None, target=None,
            ok=None, better="higher", note=None):
        if ratio is None and ours is not None and reference:
            ratio = ours / reference
        self.rows.append({
            "id": id, "measure": measure, "unit": unit, "ours": ours, "reference": reference,
            "referenceName": reference_name, "ratio": ratio, "target": target, "ok": ok, "better": better,
            "note": note,
        })

    def measures(self):
        return [r for r in self.rows if "id" in r]


def fmt(value, unit=""):
    if value is None:
        return "—"
    if isinstance(value, str):
        return value
    magnitude = abs(value)
    if magnitude >= 1000:
        text = f"{value:,.0f}"
    elif magnitude >= 100:
        text = f"{value:.0f}"
    elif magnitude >= 10:
        text = f"{value:.1f}"
    elif magnitude >= 1:
        text = f"{value:.2f}"
    else:
        text = f"{value:.3g}"
    return f"{text} {unit}".strip()


def change(row, previous):
    """Ours against the previous run's ours, with whether that is better."""
    before = previous.get(row["id"]) if previous else None
    if before is None or row["ours"] is None or not before:
        return ""
    delta = row["ours"] / before - 1
    if abs(delta) < 0.03:
        return f"{delta:+.1%}"
    improved = (delta > 0) == (row["better"] == "higher")
    return f"{delta:+.1%} {'better' if improved else 'worse'}"


def render(table, previous):
    header = ["measure", "ours", "reference", "ours ÷ ref", "target", "", "vs previous"]
    lines = []
    for row in table.rows:
        if "section" in row:
            lines.append(("section", row["section"]))
            continue
        reference = ""
        if row["reference"] is not None:
            reference = f"{row['referenceName']} {fmt(row['reference'])}".strip()
        elif row["referenceName"]:
            reference = row["referenceName"]
        ratio = "" if row["ratio"] is None else f"{row['ratio']:.3g}"
        ok = "" if row["ok"] is None else ("✓" if row["ok"] else "✗")
        ours = fmt(row["ours"], row["unit"])
        lines.append(("row", [row["measure"], ours, reference, ratio, row["target"] or "", ok,
                              change(row, previous)]))
    widths = [len(h) for h in header]
    for kind, cells in lines:
        if kind == "row":
            widths = [max(w, len(c)) for w, c in zip(widths, cells)]
    out = []
    def line(cells):
        return "  ".join(c.ljust(w) if i in (0, 2, 4, 5, 6) else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()
    out.append(line(header))
    out.append("  ".join("-" * w for w in widths))
    for kind, cells in lines:
        out.append(f"-- {cells}" if kind == "section" else line(cells))
    return "\n".join(out)


# MARK: Measures


def measure_batch(table, details, gesture, directory, manifest):
    """`gesture batch` over each format's corpus, jsonl to /dev/null and the default text summary."""
    table.section("gesture batch, whole process, --jobs 2 (wall clock)")
    runs = details["batch"] = {}
    for ext in ["json", "csv", "xml"]:
        info = manifest["formats"][ext]
        for output in ["jsonl", "text"]:
            log(f"batch: {ext} corpus ({info['files']:,} files, {info['bytes'] / 1e6:.0f} MB), --format {output}")
            with tempfile.TemporaryFile() as summary:
                cmd = [gesture, "batch", "--jobs", "2", "--quiet", "--format", output, info["path"]]
                # Best of BATCH_RUNS, as the in-process measures are: a single run here moved by a
                # quarter from one invocation to the next.
                attempts = []
                for _ in range(BATCH_RUNS):
                    summary.seek(0)
                    summary.truncate()
                    attempts.append(spawn(cmd, stdout=subprocess.DEVNULL if output == "jsonl" else summary))
                result = min(attempts, key=lambda attempt: attempt["seconds"])
                result["runSeconds"] = [attempt["seconds"] for attempt in attempts]
                if output == "text":
                    summary.seek(0)
                    text = summary.read().decode("utf-8", "replace")
                    result["summary"] = "\n".join(text.splitlines()[:2])
                    match = re.search(r"accuracy ([\d.]+)%", text)
                    result["accuracy"] = float(match.group(1)) / 100 if match else None
                    match = re.search(r"(\d+) errors", text)
                    result["errors"] = int(match.group(1)) if match else None
            result["tracesPerSecond"] = info["files"] / result["seconds"]
            result["mbPerSecond"] = info["bytes"] / 1e6 / result["seconds"]
            runs[f"{ext}-{output}"] = result
            if result["status"] not in (0, 1):
                log(f"batch: exit status {result['status']}: {result['stderr'][:300]}")
            label = f"{ext.upper()} corpus, --format {output}{' > /dev/null' if output == 'jsonl' else ''}"
            cpu = result["userSeconds"] + result["systemSeconds"]
            note = (f"{cpu:.1f} s of CPU in {result['seconds']:.1f} s: {cpu / result['seconds']:.2f} of 2 cores "
                    "(the rest idle or taken by other work)") if output == "jsonl" else None
            if ext == "json":
                table.add(f"batch.{ext}.{output}.traces", f"batch, {label}", "traces/s", result["tracesPerSecond"],
                          BATCH_TARGET, "target", target="≥ 50,000 traces/s",
                          ok=result["tracesPerSecond"] >= BATCH_TARGET, note=note)
            else:
                table.add(f"batch.{ext}.{output}.traces", f"batch, {label}", "traces/s", result["tracesPerSecond"],
                          note=note)
            table.add(f"batch.{ext}.{output}.mb", "  same", "MB/s", result["mbPerSecond"])

    # Memory: the whole JSON corpus against its first tenth.
    log(f"batch: JSON corpus, first tenth ({manifest['partSize']:,} traces), for peak memory against size")
    part = spawn([gesture, "batch", "--jobs", "2", "--quiet", "--format", "jsonl", manifest["formats"]["json"]["part"]])
    runs["json-part-jsonl"] = part
    whole = runs["json-jsonl"]["maxRssKB"] * 1024 / 1e6
    tenth = part["maxRssKB"] * 1024 / 1e6
    table.section("peak memory (RSS, from wait4 — as /usr/bin/time -v reports it)")
    table.add("rss.batch.whole", f"batch of {manifest['traces']:,} JSON traces", "MB", whole, RSS_BATCH_TARGET,
              "target", target="≤ 100 MB", ok=whole <= RSS_BATCH_TARGET, better="lower")
    table.add("rss.batch.growth", f"  same ÷ batch of {manifest['partSize']:,}", "×",
              whole / tenth, target=f"≤ {RSS_GROWTH_TARGET} (flat)", ok=whole / tenth <= RSS_GROWTH_TARGET,
              better="lower", reference_name=f"{fmt(tenth, 'MB')} for {manifest['partSize']:,}")


def measure_long_trace_memory(table, details, gesture, manifest):
    longest = manifest["long"][-1]
    path, size = longest["json"]["path"], longest["json"]["bytes"]
    log(f"classify: one {longest['samples']:,}-sample trace ({size / 1e6:.0f} MB), whole process")
    result = spawn([gesture, "classify", path])
    details["longTraceClassify"] = result
    rss = result["maxRssKB"] * 1024 / 1e6
    table.add("rss.trace", f"classify one {longest['samples']:,}-sample JSON trace", "MB", rss, size / 1e6,
              "file", target="≤ 3 × file", ok=rss <= RSS_TRACE_TARGET * size / 1e6, better="lower")
    table.add("time.trace", f"  same, time", "s",
              result["seconds"], better="lower")


def measure_classify_latency(table, details, gesture, runs):
    trace = str(ROOT / "Traces" / "checkmark.json")
    log(f"classify: Traces/checkmark.json, {runs} whole-process runs")
    floor = [spawn(["/bin/true"])["seconds"] for _ in range(runs)]
    times = [spawn([gesture, "classify", trace])["seconds"] for _ in range(runs)]
    median = statistics.median(times) * 1e3
    details["classifyLatency"] = {"runsMs": [t * 1e3 for t in times], "spawnFloorMs": statistics.median(floor) * 1e3}
    table.section("gesture classify, whole process")
    table.add("latency.classify", f"classify Traces/checkmark.json (median of {runs})", "ms", median,
              CLASSIFY_TARGET, "target", target="≤ 15 ms", ok=median <= CLASSIFY_TARGET, better="lower",
              note=f"spawning /bin/true the same way: {statistics.median(floor) * 1e3:.2f} ms")


def measure_render(table, details, gesture):
    """`gesture render --out DIR` over the bundled traces, each copied RENDER_COPIES times under its own
    name, in one process: SVGs written a second, best of BATCH_RUNS."""
    traces = sorted(p for p in (ROOT / "Traces").iterdir() if p.is_file() and not p.name.startswith("."))
    with tempfile.TemporaryDirectory() as folder:
        sources = Path(folder) / "traces"
        sources.mkdir()
        files = []
        for copy in range(RENDER_COPIES):
            for trace in traces:
                target = sources / f"{trace.stem}-{copy}{trace.suffix}"
                shutil.copyfile(trace, target)
                files.append(str(target))
        log(f"render: {len(files):,} bundled traces ({len(traces)} × {RENDER_COPIES}) into SVGs, one process")
        attempts = []
        for attempt in range(BATCH_RUNS):
            result = spawn([gesture, "render", "--out", str(Path(folder) / f"out-{attempt}"), *files])
            if result["status"] != 0:
                raise SystemExit(f"bench: gesture render failed ({result['status']}): {result['stderr'][:300]}")
            attempts.append(result)
        best = min(attempts, key=lambda attempt: attempt["seconds"])
        written = sum(f.stat().st_size for f in (Path(folder) / "out-0").iterdir())
    rate = len(files) / best["seconds"]
    details["render"] = {"files": len(files), "runSeconds": [a["seconds"] for a in attempts], "bytes": written}
    table.section("gesture render, whole process")
    table.add("render.svgs", f"render {len(files):,} bundled traces to SVG files (best of {BATCH_RUNS})",
              "SVGs/s", rate, RENDER_TARGET, "target", target="≥ 2,000 SVGs/s", ok=rate >= RENDER_TARGET,
              note=f"{written / len(files) / 1e3:.1f} kB an SVG on average")


def measure_parse(table, details, bench, manifest, repeats):
    """Parse-only throughput in process, against orjson and Python's own readers on the same files."""
    table.section("parse only, in process, files read into memory first (best of runs, references too)")
    ours = details["parse"] = {}
    refs = details["parseReferences"] = {}
    for ext in ["json", "csv", "xml"]:
        path = manifest["formats"][ext]["path"]
        log(f"parse: ours, {ext}")
        ours[ext] = run_json([bench, "parse", "--format", ext, "--repeat", str(repeats), path])
        if ours[ext]["errors"]:
            log(f"parse: {ours[ext]['errors']} {ext} files failed: {ours[ext]['firstError']}")
        libs = {"json": ["orjson", "json"], "csv": ["csv"], "xml": ["etree"]}[ext]
        for lib in libs:
            log(f"parse: {lib} (Python), {ext}")
            refs[lib] = run_json([sys.executable, str(BENCH / "references.py"), "parse", "--lib", lib, "--ext", ext,
                                  "--repeat", str(repeats), path])
    log("parse: ours, json, with validation (TraceReader.read)")
    ours["json-validated"] = run_json([bench, "parse", "--format", "json", "--validate", "--repeat", str(repeats),
                                       manifest["formats"]["json"]["path"]])

    mb = {ext: ours[ext]["mbPerSecond"] for ext in ["json", "csv", "xml"]}
    orjson = refs["orjson"]["mbPerSecond"]
    table.add("parse.json.orjson", "parse JSON corpus", "MB/s", mb["json"], orjson,
              "orjson", target="≥ 1.0 × orjson", ok=mb["json"] / orjson >= 1.0,
              note=f"orjson {refs['orjson']['version']}, Python {sys.version.split()[0]}")
    table.add("parse.json.json", "parse JSON corpus (context)", "MB/s", mb["json"], refs["json"]["mbPerSecond"],
              "Python json")
    table.add("parse.csv", "parse CSV corpus", "MB/s", mb["csv"], CSV_XML_TARGET, "target",
              target="≥ 200 MB/s", ok=mb["csv"] >= CSV_XML_TARGET)
    table.add("parse.csv.python", "parse CSV corpus (Python csv: no numbers)", "MB/s", mb["csv"],
              refs["csv"]["mbPerSecond"], "Python csv")
    table.add("parse.xml", "parse XML corpus", "MB/s", mb["xml"], CSV_XML_TARGET, "target",
              target="≥ 200 MB/s", ok=mb["xml"] >= CSV_XML_TARGET)
    table.add("parse.xml.python", "parse XML corpus (ElementTree: no numbers)", "MB/s", mb["xml"],
              refs["etree"]["mbPerSecond"], "Python ElementTree")
    table.add("parse.json.validated", "parse + validate JSON corpus (TraceReader.read)", "MB/s",
              ours["json-validated"]["mbPerSecond"])


def measure_replay(table, details, bench, manifest, seconds):
    longest = manifest["long"][-1]
    path = longest["json"]["path"]
    log(f"replay: {longest['samples']:,}-sample session, whole registry and each recognizer alone")
    result = details["replay"] = run_json([bench, "replay", "--seconds", str(seconds), path])
    table.section(f"replay, in process, {longest['samples']:,}-sample session (parsed beforehand; best of runs)")
    for entry in result["results"]:
        name = "whole registry" if entry["recognizer"] == "all" else f"{entry['recognizer']} alone"
        table.add(f"replay.{entry['recognizer']}", f"replay, {name}", "ns/sample", entry["nsPerSample"],
                  better="lower")


def measure_linearity(table, details, bench, manifest, seconds):
    sizes = [entry["samples"] for entry in manifest["long"]]
    log(f"linearity: sessions of {', '.join(f'{n:,}' for n in sizes)} samples")
    json_files = [entry["json"]["path"] for entry in manifest["long"]]
    result = run_json([bench, "linearity", "--seconds", str(seconds), *json_files])["results"]
    others = run_json([bench, "linearity", "--no-classify", "--seconds", str(seconds),
                       *[entry[ext]["path"] for ext in ["csv", "xml"] for entry in manifest["long"]]])["results"]
    details["linearity"] = result + others
    table.section("cost per sample against trace length, in process (JSON read + validate + classify; best of runs)")
    for entry in result:
        table.add(f"linear.total.{entry['samples']}", f"{entry['samples']:,}-sample session", "ns/sample",
                  entry["totalNsPerSample"], better="lower")

    def flatness(values):
        return max(values) / min(values)

    span = f"{sizes[0]:,} → {sizes[-1]:,}"
    total = flatness([e["totalNsPerSample"] for e in result])
    table.add("linear.total", f"cost per sample, max ÷ min, {span}", "×", total, target="≤ 1.5",
              ok=total <= LINEAR_TARGET, better="lower")
    table.add("linear.classify", f"  of which classify, max ÷ min", "×",
              flatness([e["classifyNsPerSample"] for e in result]), target="≤ 1.5",
              ok=flatness([e["classifyNsPerSample"] for e in result]) <= LINEAR_TARGET, better="lower")
    for ext, entries in [("json", result), ("csv", [e for e in others if e["format"] == "csv"]),
                         ("xml", [e for e in others if e["format"] == "xml"])]:
        value = flatness([e["parseNsPerSample"] for e in entries])
        table.add(f"linear.parse.{ext}", f"  parse {ext.upper()} only, max ÷ min", "×", value, target="≤ 1.5",
                  ok=value <= LINEAR_TARGET, better="lower")


def measure_dollarpy(table, details, bench, directory, python, count, seconds):
    """dollarpy ($P, 16 templates) against our whole registry on the same one-finger strokes."""
    files = [p for p in files_under(str(directory / "json"), "json")
             if os.path.basename(os.path.dirname(p)) in STROKE_LABELS
             and not os.path.basename(p).startswith("two-finger")]
    templates = []
    for label in STROKE_LABELS:
        templates += [p for p in files if os.path.basename(os.path.dirname(p)) == label][:2]
    rest = [p for p in files if p not in set(templates)]
    step = max(1, len(rest) // count)
    strokes = rest[::step][:count]
    template_list = directory / "dollarpy-templates.txt"
    stroke_list = directory / f"dollarpy-strokes-{count}.txt"
    template_list.write_text("\n".join(templates) + "\n")
    stroke_list.write_text("\n".join(strokes) + "\n")
    log(f"dollarpy: ours on the same {len(strokes)} strokes")
    ours = details["strokesOurs"] = run_json([bench, "classify-each", "--seconds", str(seconds), str(stroke_list)])
    table.section(f"classification throughput on the same {len(strokes)} one-finger strokes (best of runs)")
    ours_rate = 1e3 / ours["classifyMsPerTrace"]
    read_rate = 1e3 / ours["readAndClassifyMsPerTrace"]
    theirs = None
    if python:
        log(f"dollarpy: $P with {len(templates)} templates on {len(strokes)} strokes")
        theirs = details["dollarpy"] = run_json([python, str(BENCH / "references.py"), "dollarpy",
                                                 "--templates", str(template_list), "--strokes", str(stroke_list)])
    rate = theirs["strokesPerSecond"] if theirs else None
    name = "dollarpy" if theirs else "dollarpy skipped"
    note = (f"dollarpy {theirs['version']}: {theirs['msPerStroke']:.1f} ms per stroke with {theirs['templates']} "
            f"templates; ours {ours['classifyMsPerTrace'] * 1e3:.1f} µs") if theirs else None
    table.add("strokes.classify", "classify only (points in memory, like dollarpy)",
              "strokes/s", ours_rate, rate, name, target="≥ 1,000 × dollarpy",
              ok=(ours_rate / rate >= DOLLARPY_TARGET) if rate else None, note=note)
    table.add("strokes.read", "read + validate + classify (file bytes in memory)", "strokes/s", read_rate, rate,
              name)


def measure_instructions(table, details, bench, manifest):
    """Instructions counted by callgrind: repeatable where wall-clock time here is not."""
    if not shutil.which("valgrind"):
        log("instructions: SKIPPED — valgrind not installed (apt-get install -y valgrind)")
        return
    entry = next(e for e in manifest["long"] if e["samples"] == 10_000)

    def count(what, path, times):
        proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", bench, "count",
                               what, path, str(times)], capture_output=True, text=True)
        match = re.search(r"Collected\s*:\s*(\d+)", proc.stderr)
        if proc.returncode != 0 or not match:
            raise SystemExit(f"bench: callgrind failed: {proc.stderr[-500:]}")
        return int(match.group(1))

    table.section("instructions (callgrind; start-up excluded: the difference between N runs and none)")
    counted = details["instructions"] = {}
    for ext in ["json", "csv", "xml"]:
        path, size = entry[ext]["path"], entry[ext]["bytes"]
        log(f"instructions: parse {os.path.basename(path)} under callgrind")
        per_run = (count("parse", path, 2) - count("parse", path, 0)) / 2
        counted[f"parse-{ext}"] = {"file": path, "bytes": size, "instructionsPerRun": per_run}
        table.add(f"instr.parse.{ext}", f"parse {ext.upper()}, {os.path.basename(path)}", "instr/byte",
                  per_run / size, better="lower",
                  note=f"{per_run / entry['samples']:.0f} instructions per sample")
    path = entry["json"]["path"]
    log(f"instructions: replay {os.path.basename(path)} under callgrind")
    per_run = count("replay", path, 1) - count("replay", path, 0)
    counted["replay"] = {"file": path, "samples": entry["samples"], "instructionsPerRun": per_run}
    table.add("instr.replay", f"replay, whole registry, {os.path.basename(path)}", "instr/sample",
              per_run / entry["samples"], better="lower")


# MARK: The run


def measure_tune(table, details, gesture):
    """`gesture tune` (each trace read once, replayed for every setting) against the shell loop it
    replaces: one `gesture batch --set` run per value."""
    folders = [DATASETS / name for name in TUNE_FOLDERS if (DATASETS / name / "labels.csv").exists()]
    if not folders:
        log(f"tune: SKIPPED — no datasets in {DATASETS}")
        return
    labels = [arg for folder in folders for arg in ["--labels", str(folder / "labels.csv")]]
    corpus = [str(folder) for folder in folders]
    files = sum(len(open(folder / "labels.csv").read().splitlines()) - 1 for folder in folders)
    values = list(range(1, 21))
    log(f"tune: {TUNE_SWEEP} over {files:,} traces of {len(folders)} datasets")
    runs = [spawn([gesture, "tune", "--jobs", "2", "--quiet", "--format", "csv", "--sweep", TUNE_SWEEP]
                  + labels + corpus) for _ in range(BATCH_RUNS)]
    best = min(runs, key=lambda run: run["seconds"])
    rate = files * len(values) / best["seconds"]
    log("tune: the same grid as a shell loop of gesture batch --set")
    begin = time.perf_counter()
    for value in values:
        spawn([gesture, "batch", "--jobs", "2", "--quiet", "--format", "jsonl", "--set",
               f"circle.maximumDirectionChanges={value}"] + labels + corpus)
    loop = time.perf_counter() - begin
    details["tune"] = {"sweep": TUNE_SWEEP, "traces": files, "settings": len(values), "best": best,
                       "runSeconds": [run["seconds"] for run in runs], "loopSeconds": loop}
    table.section(f"gesture tune, whole process, --jobs 2: {len(values)}-value sweep, {files:,} real traces")
    table.add("tune.replays", f"tune {TUNE_SWEEP}", "replays/s", rate, TUNE_TARGET, "target",
              target="≥ 150,000 replays/s", ok=rate >= TUNE_TARGET,
              note=f"{best['seconds']:.2f} s for {files * len(values):,} replays, reading included")
    table.add("tune.loop", "the same grid, a shell loop of `gesture batch --set`", "replays/s",
              files * len(values) / loop, note=f"{loop:.1f} s; tune is {loop / best['seconds']:.1f}× faster")


def measure_learned(table, details, gesture, python, manifest, strokes):
    """Learned gestures (issue 18): templates learned by `gesture learn` from five dollar1 subjects,
    the sixth's strokes classified with them, per stroke against dollarpy ($P) with exactly the same
    templates (8 and 3 a gesture); then `gesture batch` over the JSON corpus with a 16-gesture file
    learned from all six. Benchmarks/learned.py measures their accuracy."""
    if not (DATASETS / "dollar1").is_dir():
        log(f"learned: SKIPPED — no dollar1 in {DATASETS}")
        return
    import learned

    out = details["learned"] = {}
    rows = learned.dollar1_rows(str(DATASETS), learned.DOLLAR1_SUBJECTS)
    train, test = [r for r in rows if r[2] != "s06"], [r for r in rows if r[2] == "s06"]
    table.section(f"learned gestures, 16 dollar1 gestures learned from 5 subjects, the 6th's {len(test)} strokes")
    with tempfile.TemporaryDirectory(prefix="bench-learned-") as tmp:
        tool = learned.Tool(gesture, tmp, None)
        for per_gesture in (None, 3):
            log(f"learned: gesture learn, {per_gesture or 'default'} templates a gesture")
            path, templates = tool.learn(train, per_gesture)
            count = len(learned.sources(templates))
            _, seconds = tool.batch(path, test)
            ours = 1e3 * seconds / len(test)
            theirs = None
            if python:
                sample = [r[0] for r in test][:: max(1, len(test) // strokes)][:strokes]
                log(f"learned: dollarpy with the same {count} templates on {len(sample)} strokes")
                timed = learned.run_dollarpy(python, tmp, templates, sample, 1, f"bench-{count}")
                theirs = 1e3 * statistics.fmean(r["seconds"] for r in timed.values())
            out[f"templates{count}"] = {"oursMsPerStroke": ours, "dollarpyMsPerStroke": theirs}
            table.add(f"learned.stroke.{count}", f"{count} templates: a stroke, whole `batch --jobs 1` process",
                      "strokes/s", 1e3 / ours, 1e3 / theirs if theirs else None,
                      "dollarpy" if theirs else "dollarpy skipped", target="≥ 100 × dollarpy",
                      ok=(theirs / ours >= LEARNED_STROKE_TARGET) if theirs else None,
                      note=f"ours {ours:.3f} ms a stroke (reading the file included)"
                      + (f"; dollarpy {theirs:.0f} ms, its recognize() alone" if theirs else ""))
        log("learned: gesture learn from all six subjects, then gesture batch over the JSON corpus with it")
        path, _ = tool.learn(rows)
        info = manifest["formats"]["json"]
        cmd = [gesture, "batch", "--jobs", "2", "--quiet", "--format", "jsonl", "--templates", path, info["path"]]
        runs = [spawn(cmd) for _ in range(BATCH_RUNS)]
        best = min(runs, key=lambda run: run["seconds"])
        rate = info["files"] / best["seconds"]
        out["batch"] = {**best, "runSeconds": [run["seconds"] for run in runs], "tracesPerSecond": rate}
        table.add("learned.batch", "batch, JSON corpus, --jobs 2, with a 16-gesture templates file", "traces/s",
                  rate, LEARNED_BATCH_TARGET, "target", target="≥ 20,000 traces/s", ok=rate >= LEARNED_BATCH_TARGET,
                  note=f"{best['seconds']:.1f} s for {info['files']:,} traces (128 templates)")


def machine():
    info = {"cores": os.cpu_count(), "platform": platform.platform(), "python": sys.version.split()[0]}
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text()
        info["cpu"] = re.search(r"model name\s*:\s*(.*)", cpuinfo).group(1)
        meminfo = Path("/proc/meminfo").read_text()
        info["memoryGB"] = round(int(re.search(r"MemTotal:\s*(\d+)", meminfo).group(1)) / 2**20, 1)
    except (OSError, AttributeError):
        pass
    info["swift"] = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0] \
        if shutil.which("swift") else None
    try:
        import orjson
        info["orjson"] = orjson.__version__
    except ImportError:
        info["orjson"] = None
    git = lambda *a: subprocess.run(["git", *a], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    info["commit"] = git("rev-parse", "--short", "HEAD")
    info["dirty"] = bool(git("status", "--porcelain", "--", "Sources", "Package.swift"))
    return info


def profile(gesture, directory, manifest):
    """callgrind over `gesture batch --jobs 1` on the first tenth of the corpus: where the time goes."""
    part = manifest["formats"]["json"]["part"]
    out = RESULTS / "callgrind.batch.out"
    RESULTS.mkdir(exist_ok=True)
    log(f"profile: callgrind over gesture batch --jobs 1 on {part} ({manifest['partSize']:,} traces) → {out}")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", gesture, "batch", "--jobs", "1",
                    "--quiet", "--format", "jsonl", part], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    demangle = shutil.which("swift")
    for inclusive in ["no", "yes"]:
        report = run(["callgrind_annotate", f"--inclusive={inclusive}", "--threshold=99.9", str(out)])
        if demangle:
            report = subprocess.run(["swift", "demangle", "--simplified"], input=report, capture_output=True,
                                    text=True).stdout or report
        kept, seen = [], set()
        for line in report.splitlines():
            match = re.match(r"\s*([\d,]+) \(\s*([\d.]+)%\)\s+(.*?)(?: \[[^]]*\])?$", line)
            if not match:
                continue
            where = re.sub(r"^/.*?/(Sources/)", r"\1", match.group(3))
            if inclusive == "yes" and not re.search(r"Sources/Gesture|Sources/gesture|compiler-generated", where):
                continue
            if where in seen:
                continue
            seen.add(where)
            if where == "PROGRAM TOTALS":
                total = int(match.group(1).replace(",", ""))
                print(f"\n{total:,} instructions: {total / manifest['partSize']:,.0f} per trace")
                continue
            kept.append(f"{match.group(2):>6}%  {where}")
            if len(kept) == 30:
                break
        title = "inclusive (project functions)" if inclusive == "yes" else "self"
        print(f"\n{title}, share of {manifest['partSize']:,} traces' instructions, top {len(kept)}:")
        for line in kept:
            print(line[:170])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", choices=SCALES, default=os.environ.get("BENCH_SCALE", "full"))
    parser.add_argument("--seed", type=int, default=int(os.environ.get("BENCH_SEED", "1")))
    parser.add_argument("--compare", help="a results JSON to compare with (default: previous run of the same scale)")
    parser.add_argument("--no-dollarpy", action="store_true", help="skip the dollarpy reference")
    parser.add_argument("--profile", action="store_true",
                        help="only profile gesture batch with callgrind (BENCH_SCALE=small: 500 traces)")
    args = parser.parse_args()
    scale = SCALES[args.scale]

    info = machine()
    load_before = os.getloadavg()
    gesture, bench = build()
    directory, manifest = corpus(bench, args.seed, scale)
    if args.profile:
        profile(gesture, directory, manifest)
        return
    python = dollarpy_python(not args.no_dollarpy)
    if load_before[0] > 0.5 * (os.cpu_count() or 1):
        log(f"note: load average {load_before[0]:.2f} on {os.cpu_count()} cores: other work is running, "
            "wall-clock figures will be noisy (the instruction counts are not)")

    table = Table()
    details = {}
    timings = {}

    def step(name, function, *a):
        begin = time.monotonic()
        function(table, details, *a)
        timings[name] = round(time.monotonic() - begin, 1)

    step("batch", measure_batch, gesture, directory, manifest)
    step("tune", measure_tune, gesture)
    step("longTraceMemory", measure_long_trace_memory, gesture, manifest)
    step("classifyLatency", measure_classify_latency, gesture, scale["runs"])
    step("render", measure_render, gesture)
    step("parse", measure_parse, bench, manifest, scale["repeats"])
    step("linearity", measure_linearity, bench, manifest, scale["seconds"])
    step("replay", measure_replay, bench, manifest, scale["seconds"])
    step("dollarpy", measure_dollarpy, bench, directory, python, scale["strokes"], scale["seconds"])
    step("learned", measure_learned, gesture, python, manifest, min(scale["strokes"], 40))
    step("instructions", measure_instructions, bench, manifest)

    # Compare with the last run of this scale (or --compare FILE), then keep this one: latest.json and
    # latest-SCALE.json; the run before becomes previous.json.
    RESULTS.mkdir(exist_ok=True)
    latest, previous_file = RESULTS / "latest.json", RESULTS / "previous.json"
    same_scale = RESULTS / f"latest-{args.scale}.json"
    base_file = Path(args.compare) if args.compare else same_scale
    previous, base_note = None, f"vs previous: none — no earlier {args.scale} run in {RESULTS.relative_to(ROOT)}"
    if base_file.exists():
        base = json.loads(base_file.read_text())
        previous = {r["id"]: r["ours"] for r in base.get("rows", []) if "id" in r}
        base_note = (f"vs previous: {base_file.name}, a {base.get('scale')} run of {base.get('date', '?')}, "
                     f"commit {base.get('machine', {}).get('commit', '?')}")
    if latest.exists():
        shutil.move(latest, previous_file)

    load_after = os.getloadavg()
    corpus_summary = {
        "directory": str(directory), "seed": args.seed, "traces": manifest["traces"],
        "formats": {ext: {k: manifest["formats"][ext][k] for k in ("files", "bytes", "samples")}
                    for ext in manifest["formats"]},
        "long": [{"samples": e["samples"], **{ext: e[ext]["bytes"] for ext in ("json", "csv", "xml")}}
                 for e in manifest["long"]],
        "labels": manifest["labels"], "generatedSeconds": manifest["seconds"], "cached": manifest["cached"],
    }
    result = {
        "suite": "gesture issue 6", "version": 1, "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "scale": args.scale, "machine": {**info, "loadBefore": load_before, "loadAfter": load_after},
        "corpus": corpus_summary, "rows": table.rows, "stepSeconds": timings,
        "totalSeconds": round(time.monotonic() - started, 1), "details": details,
    }
    latest.write_text(json.dumps(result, indent=1, sort_keys=False) + "\n")
    shutil.copyfile(latest, same_scale)

    formats = manifest["formats"]
    print()
    print(f"gesture benchmarks — scale {args.scale}, seed {args.seed}, commit {info['commit']}"
          f"{' (Sources modified)' if info['dirty'] else ''}, {info['cores']} cores ({info.get('cpu', '?')})")
    print(f"corpus: {manifest['traces']:,} traces — JSON {formats['json']['bytes'] / 1e6:.0f} MB, "
          f"CSV {formats['csv']['bytes'] / 1e6:.0f} MB, XML {formats['xml']['files']:,} one-finger traces "
          f"{formats['xml']['bytes'] / 1e6:.0f} MB; {formats['json']['samples'] / manifest['traces']:.0f} samples "
          f"per trace on average; load average {load_before[0]:.2f} before, {load_after[0]:.2f} after")
    batch_text = details["batch"]["json-text"]
    if batch_text.get("accuracy") is not None:
        print(f"corpus accuracy (gesture batch, whole registry): {batch_text['accuracy']:.1%}, "
              f"errors: {batch_text['errors']}")
    print()
    print(render(table, previous))
    print()
    print(base_note)
    notes = [r for r in table.measures() if r["note"]]
    for r in notes:
        print(f"note, {r['measure']}: {r['note']}")
    met = [r for r in table.measures() if r["ok"] is not None]
    print(f"targets met: {sum(r['ok'] for r in met)} of {len(met)}; "
          f"{time.monotonic() - started:.0f} s in all; written to {latest.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
