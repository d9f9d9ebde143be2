#!/usr/bin/env python3
"""Drives docs/recorder.html in headless Chromium the way a browser receives input, and keeps what it saves.

    python3 scripts/recorder-browser.py OUT_DIR [--chromium PATH]

Every touch and click reaches the page through the DevTools protocol's input events
(Input.dispatchTouchEvent, Input.dispatchMouseEvent, Input.insertText), over --remote-debugging-pipe
(file descriptors 3 and 4, NUL-terminated JSON messages); the page's own functions are never called.
What the page produced is read from its downloads (Browser.setDownloadBehavior) or from its trace text
field. Writes into OUT_DIR: checkmark.json (saved with the Save button), pinch.json, cancelled.json,
the guided mode's archive gestures-t1.tar, and prints a JSON summary (files, and the screenshot check:
how many pixels under the drawn checkmark differ from the page's background) on stdout.
Python's standard library only (the browser and PNG parts are in scripts/devtools.py). Used by Tests/GestureKitTests/RecorderPageTests.swift.
"""

import base64
import json
import pathlib
import shutil
import sys
import tempfile
import time

from devtools import Browser, browser_events, png_pixels

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "recorder.html"

# Traces/checkmark.json's points, every 16 ms: a checkmark the recognizer accepts.
CHECKMARK = [
    (120.0, 400.0), (124.8, 405.8), (130.2, 412.0), (135.0, 418.6), (139.5, 425.0), (144.4, 431.2),
    (149.5, 437.0), (154.9, 444.1), (159.5, 449.7), (171.4, 431.8), (182.6, 412.4), (194.3, 393.2),
    (205.4, 374.7), (215.8, 355.8), (227.3, 337.9), (238.4, 318.8), (250.0, 300.0),
]
STEP = 0.016  # seconds between input events


class Page:
    def __init__(self, browser, downloads):
        self.b = browser
        self.clock = time.time()
        browser.open_tab()
        browser.send("Browser.setDownloadBehavior",
                     {"behavior": "allow", "downloadPath": str(downloads), "eventsEnabled": True}, browser=True)
        browser.send("Page.enable")
        browser.send("Runtime.enable")
        browser.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        browser.send("Page.navigate", {"url": PAGE.as_uri()})
        browser.wait_for("Page.loadEventFired")
        self.check()
        box = browser.evaluate("JSON.stringify(document.getElementById('canvas').getBoundingClientRect())")
        self.pad = json.loads(box)
        self.clock = time.time()

    def check(self):
        """Raises on any uncaught exception in the page so far."""
        for event in browser_events(self.b, "Runtime.exceptionThrown"):
            raise RuntimeError("the page threw: " + event["params"]["exceptionDetails"]["exception"]["description"])

    def tick(self):
        """The next input time, STEP after the last, in seconds since the epoch as CDP wants. Events
        are stamped with it, so the trace's times are these whatever the round trips take; the clock
        starts after the page has loaded (an event stamped before then is stamped 0)."""
        self.clock += STEP
        return self.clock

    def at(self, x, y):
        """A point of the drawing area in page coordinates."""
        return {"x": self.pad["left"] + x, "y": self.pad["top"] + y}

    def touch(self, kind, points):
        self.b.send("Input.dispatchTouchEvent", {
            "type": kind, "timestamp": self.tick(),
            "touchPoints": [dict(self.at(x, y), id=touch, radiusX=5, radiusY=5, force=1) for touch, x, y in points]})

    def stroke(self, points, end="touchEnd", touch=0):
        self.touch("touchStart", [(touch, *points[0])])
        for point in points[1:]:
            self.touch("touchMove", [(touch, *point)])
        self.touch(end, [])

    def mouse(self, kind, x, y, buttons):
        self.b.send("Input.dispatchMouseEvent", dict(
            self.at(x, y), type=kind, button="left", buttons=buttons, clickCount=1, timestamp=self.tick()))

    def click(self, element):
        box = json.loads(self.b.evaluate(
            f"JSON.stringify(document.getElementById('{element}').getBoundingClientRect())"))
        x, y = box["left"] + box["width"] / 2, box["top"] + box["height"] / 2
        for kind, buttons in (("mouseMoved", 0), ("mousePressed", 1), ("mouseReleased", 0)):
            self.b.send("Input.dispatchMouseEvent",
                        {"type": kind, "x": x, "y": y, "button": "left" if kind != "mouseMoved" else "none",
                         "buttons": buttons, "clickCount": 1})

    def type_into(self, element, text):
        """Focuses `element` with a click, selects its text, and types `text` over it."""
        self.click(element)
        self.b.evaluate(f"document.getElementById('{element}').select()")
        self.b.send("Input.insertText", {"text": text})

    def output(self):
        return self.b.evaluate("document.getElementById('output').value")


def wait_for_file(path, timeout=20):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and path.stat().st_size > 0:
            return path
        time.sleep(0.05)
    raise TimeoutError(f"no download {path.name}")


def main():
    out = pathlib.Path(sys.argv[1])
    chromium = sys.argv[sys.argv.index("--chromium") + 1] if "--chromium" in sys.argv else "chromium"
    out.mkdir(parents=True, exist_ok=True)
    work = pathlib.Path(tempfile.mkdtemp(prefix="recorder-"))
    downloads = work / "downloads"
    downloads.mkdir()
    browser = Browser(chromium, str(work / "profile"))
    summary = {}
    try:
        page = Page(browser, downloads)
        # 1. A checkmark drawn with one finger, saved with the Save button (a real download).
        origin = (40.0, -250.0)  # moves Traces/checkmark.json's points into the drawing area
        check = [(x + origin[0], y + origin[1]) for x, y in CHECKMARK]
        page.stroke(check)
        # 2. The screenshot: pixels under the stroke must differ from the background (white).
        shot = base64.b64decode(browser.send("Page.captureScreenshot", {"format": "png"})["data"])
        (out / "screenshot.png").write_bytes(shot)
        width, height, rows = png_pixels(shot)
        background = rows[int(page.pad["top"] + 5)][int(page.pad["left"] + 5)]
        points = [page.at(x, y) for x, y in check]
        inked = sum(1 for p in points if rows[round(p["y"])][round(p["x"])] != background)
        colours = len({pixel for row in rows[::8] for pixel in row[::8]})
        summary["screenshot"] = {"width": width, "height": height, "background": list(background),
                                 "strokePoints": len(points), "inked": inked, "colours": colours}
        page.click("save")
        saved = wait_for_file(downloads / "trace.json")
        shutil.copy(saved, out / "checkmark.json")
        summary["checkmark"] = str(out / "checkmark.json")

        # 3. A pinch: two fingers down together, moving apart.
        page.click("clear")
        page.touch("touchStart", [(1, 145, 300), (2, 245, 300)])
        for step in range(1, 21):
            page.touch("touchMove", [(1, 145 - 3 * step, 300), (2, 245 + 3 * step, 300)])
        page.touch("touchEnd", [])
        (out / "pinch.json").write_text(page.output())
        summary["pinch"] = str(out / "pinch.json")

        # 4. A touch the system cancels.
        page.click("clear")
        page.stroke([(100, 200 + 4 * k) for k in range(8)], end="touchCancel")
        (out / "cancelled.json").write_text(page.output())
        summary["cancelled"] = str(out / "cancelled.json")

        # 5. Guided collection: checkmark ×2 (the first redone), swipe-left ×1, none ×1 drawn with the mouse.
        page.click("clear")
        page.type_into("plan", "checkmark×2, swipe-left x1, none*1")
        page.type_into("subject", "t1")
        page.click("start")
        page.stroke([(100, 100), (160, 100)])  # a wrong stroke, redone
        page.click("redo")
        page.stroke(check)
        page.click("next")
        page.stroke([(x + 3, y + 5) for x, y in check])
        page.click("next")
        page.stroke([(300 - 15 * k, 150) for k in range(9)])
        page.click("next")
        page.mouse("mouseMoved", 200, 200, 0)
        page.mouse("mousePressed", 200, 200, 1)
        page.mouse("mouseReleased", 200, 200, 0)
        page.click("next")
        archive = wait_for_file(downloads / "gestures-t1.tar")
        time.sleep(0.2)
        shutil.copy(archive, out / "gestures-t1.tar")
        summary["archive"] = str(out / "gestures-t1.tar")
        summary["prompt"] = browser.evaluate("document.getElementById('prompt').textContent")
        page.check()
    finally:
        browser.close()
        shutil.rmtree(work, ignore_errors=True)
    print(json.dumps(summary, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
