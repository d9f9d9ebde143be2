#!/usr/bin/env python3
"""Writes the seeds of the replay harness (Fuzz/corpus/replay) from the bundled traces, in the byte
format FuzzTargets.trace(from:) reads: a flags byte (bit 0 seed profile, bit 1 1-ms clock resolution,
bits 2-5 keep only checkmark/z/circle/swipe), then six bytes per sample:
  op      phase (0 began, 1 moved, 2 stationary, 3 ended, 4 cancelled) + 8 * time mode
          (0 same time, 1 +step ms, 2 +step µs, 3 +step s, 4 +step ps, 5 -step ms, 6 +step Ms, 7 +step frames)
  step    the time step
  id      0xFF Int.max, 0xFE Int.min, 0xF0-0xFD a name, else (id & 0x0F) - 2
  x, y    value / 4 (or an index into the special values when the flag bit is set)
  special bit 7: x special, bit 6: y special, bits 0-3: x fraction / 16, bits 4-5: y fraction / 4
Run from the repository root: python3 Fuzz/make-replay-seeds.py"""
import csv, io, json, os

PHASES = ["began", "moved", "stationary", "ended", "cancelled"]


def samples(path):
    text = open(path, encoding="utf-8").read()
    if path.endswith(".json"):
        document = json.loads(text)
        rows = document["samples"] if isinstance(document, dict) else document
        return [(s["t"], s["id"], s["phase"], s["x"], s["y"]) for s in rows]
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    return [(float(r["t"]), int(r["id"]), r["phase"], float(r["x"]), float(r["y"])) for r in csv.DictReader(io.StringIO("\n".join(lines)))]


def encode(rows, flags=0):
    out = bytearray([flags])
    previous = 0.0
    ids = {}
    for t, touch, phase, x, y in rows:
        step = round((t - previous) * 1000)
        mode = 0 if step == 0 else 1
        previous = t
        number = ids.setdefault(touch, len(ids) + 1)
        xi, yi = max(0, min(255, int(x // 4))), max(0, min(255, int(y // 4)))
        special = int((x - xi * 4) * 4) & 0x0F | (int(y - yi * 4) & 0x03) << 4
        out += bytes([PHASES.index(phase) + 8 * mode, min(step, 255), (number + 2) & 0x0F, xi, yi, special])
    return bytes(out)


os.makedirs("Fuzz/corpus/replay", exist_ok=True)
for name in sorted(os.listdir("Traces")):
    rows = samples(os.path.join("Traces", name))
    open(f"Fuzz/corpus/replay/{name.rsplit('.', 1)[0]}.bin", "wb").write(encode(rows))
    open(f"Fuzz/corpus/replay/{name.rsplit('.', 1)[0]}-seed.bin", "wb").write(encode(rows, flags=1))
# Hand-made: two fingers at the same time, an Int.min/Int.max pair, huge and tiny steps, special values.
open("Fuzz/corpus/replay/adversarial.bin", "wb").write(bytes([2]) + bytes([
    0, 0, 3, 10, 10, 0,          # touch 1 began
    0, 0, 4, 20, 10, 0,          # touch 2 began, same time
    1 + 8 * 4, 1, 3, 11, 10, 0,  # moved 1 ps later
    1 + 8 * 5, 1, 3, 12, 10, 0,  # 1 ms back: clamped with the 1-ms clock resolution
    0 + 8 * 6, 200, 0xFF, 0, 0, 0xC0,  # Int.max began 200 Ms later at special values
    0, 0, 0xFE, 1, 2, 0xC0,      # Int.min began
    3 + 8 * 3, 255, 0xFF, 3, 4, 0x80,
    3, 0, 0xFE, 5, 6, 0x40,
    4 + 8 * 7, 1, 3, 7, 8, 0,    # touch 1 cancelled
    3, 0, 4, 9, 9, 0,            # touch 2 ended
    0 + 8 * 2, 9, 0xF0, 9, 9, 0, # a named touch
    3 + 8 * 1, 16, 0xF0, 90, 9, 0,
]))
