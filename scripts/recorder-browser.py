#!/usr/bin/env python3
"""Drives docs/recorder.html in headless Chromium the way a browser receives input, and keeps what it saves.

    python3 scripts/recorder-browser.py OUT_DIR [--chromium PATH]

Every touch and click reaches the page through the DevTools protocol's input events
(Input.dispatchTouchEvent, Input.dispatchMouseEvent, Input.insertText), over --remote-debugging-pipe
(file descriptors 3 and 4, NUL-terminated JSON messages); the page's own functions are never called.
What the page produced is read from its downloads (Browser.setDownloadBehavior) or from its trace text
field. Writes into OUT_DIR: checkmark.json (saved with the Save button), pinch.json, cancelled.json,
lost-release.json (a mouse release the page never saw), swipe-left.json (labelled after drawing, saved
as swipe_left.json), the guided mode's archives, kept under names of their own: gestures-t1.tar,
gestures-long.tar (a long subject id, a double tap and an x of two strokes, ended early with Finish
now), gestures-t3.tar (gestures named constructor, toString and __proto__), gestures-t5-first.tar and
gestures-t5-second.tar (two sessions of one subject, the first ended early); held.json (Save and Copy
clicked while the finger was down, then Save after it lifted), copied.json (Copy's fallback selection
on the page served over plain http), resized.json (drawn before and after the window grew), and prints
a JSON summary (files, the page's messages and the names it gave its archives, what Start refused, and
the screenshot check: how many pixels under the drawn checkmark differ from the page's background) on
stdout.
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
    def __init__(self, browser, downloads, served=False, clock=None):
        """Opens the page in a new tab: from its file, or (`served`) at http://recorder.test/, a plain-http
        address (not a secure context) whose request the browser hands to this script to answer. With
        `clock` (milliseconds since the epoch), the page's Date.now() always gives that time: a wall
        clock stopped, for a check of what the page makes of it."""
        self.b = browser
        self.clock = time.time()
        browser.open_tab()
        browser.send("Browser.setDownloadBehavior",
                     {"behavior": "allow", "downloadPath": str(downloads), "eventsEnabled": True}, browser=True)
        browser.send("Page.enable")
        browser.send("Runtime.enable")
        browser.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        if clock is not None:
            browser.send("Page.addScriptToEvaluateOnNewDocument", {"source": f"Date.now = () => {clock};"})
        if served:
            browser.send("Fetch.enable", {"patterns": [{"urlPattern": "http://recorder.test/*"}]})
            # Not browser.send: Page.navigate answers only once the response below has been given.
            browser.next_id += 1
            navigate = {"id": browser.next_id, "sessionId": browser.session, "method": "Page.navigate",
                        "params": {"url": "http://recorder.test/recorder.html"}}
            browser.out.write(json.dumps(navigate).encode() + b"\0")
            request = browser.wait_for("Fetch.requestPaused")
            browser.send("Fetch.fulfillRequest", {
                "requestId": request["params"]["requestId"], "responseCode": 200,
                "responseHeaders": [{"name": "Content-Type", "value": "text/html; charset=utf-8"}],
                "body": base64.b64encode(PAGE.read_bytes()).decode()})
        else:
            browser.send("Page.navigate", {"url": PAGE.as_uri()})
        browser.wait_for("Page.loadEventFired")
        self.check()
        self.refresh()
        self.clock = time.time()

    def refresh(self):
        """Reads where the drawing area is (again, after the window changed)."""
        box = self.b.evaluate("JSON.stringify(document.getElementById('canvas').getBoundingClientRect())")
        self.pad = json.loads(box)

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

    def mouse(self, kind, x, y, buttons, button="left"):
        self.b.send("Input.dispatchMouseEvent", dict(
            self.at(x, y), type=kind, button=button, buttons=buttons, clickCount=1, timestamp=self.tick()))

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

    def output(self, timeout=20):
        """The trace text once the page has shown it: the input dispatched ahead of it reaches the page
        as pointer events after the DevTools call returns, so on a loaded machine a read right after a
        lift could find the text not yet rebuilt (an empty cancelled.json failed a test that way)."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.b.evaluate("document.getElementById('output').value")
            if text or time.monotonic() > deadline:
                return text
            time.sleep(0.05)

    def text(self, element):
        return self.b.evaluate(f"document.getElementById('{element}').textContent")

    def enabled(self, element):
        return not self.b.evaluate(f"document.getElementById('{element}').disabled")

    def shown(self, element):
        """Whether the element takes room on the page (not hidden)."""
        return self.b.evaluate(f"document.getElementById('{element}').getBoundingClientRect().height > 0")

    def guiding(self):
        """Whether a guided collection is on."""
        return self.b.evaluate("document.body.classList.contains('guiding')")

    def start(self, plan, subject):
        """Types a plan and a subject id, presses Start, and returns the prompt and whether a session
        began; one that did is stopped (Finish now, nothing drawn), so the next may start."""
        self.type_into("plan", plan)
        self.type_into("subject", subject)
        self.click("start")
        outcome = {"prompt": self.text("prompt"), "started": self.guiding()}
        if outcome["started"]:
            self.click("finish")
        return outcome


def download(page, element):
    """Clicks `element` and waits until the download it starts has completed: the name the page gave
    the file (which the browser would change only to keep an earlier download) and where it is."""
    for method in ("Browser.downloadWillBegin", "Browser.downloadProgress"):
        browser_events(page.b, method)  # earlier downloads'
    page.click(element)
    begin = page.b.wait_for("Browser.downloadWillBegin")["params"]
    while True:
        progress = page.b.wait_for("Browser.downloadProgress")["params"]
        if progress["guid"] != begin["guid"]:
            continue
        if progress["state"] == "canceled":
            raise RuntimeError(f"the download of {begin['suggestedFilename']} was cancelled")
        if progress["state"] == "completed":
            return begin["suggestedFilename"], pathlib.Path(progress["filePath"])


def eventually(check, timeout=10):
    """Whether `check()` holds within `timeout` seconds: what the page does with input it was sent
    (a label typed, a lift) may come after the DevTools call returns."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


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

        # 4a. A mouse press whose release the page never sees (released outside the window): the next
        # move, with no button down, ends the touch where it last was.
        page.click("clear")
        page.mouse("mouseMoved", 100, 100, 0, button="none")
        page.mouse("mousePressed", 100, 100, 1)
        page.mouse("mouseMoved", 130, 110, 1)
        for k in range(3):
            page.mouse("mouseMoved", 200 + 10 * k, 250, 0, button="none")
        (out / "lost-release.json").write_text(page.output())
        summary["lostRelease"] = str(out / "lost-release.json")

        # 4a'. Two strokes of the mouse (one pointer id) are two touches, as two fingers' are; a right
        # click before them draws nothing.
        page.click("clear")
        page.mouse("mousePressed", 150, 150, 2, button="right")
        page.mouse("mouseReleased", 150, 150, 0, button="right")
        for x in (100, 200):
            page.mouse("mousePressed", x, 100, 1)
            page.mouse("mouseMoved", x + 30, 110, 1)
            page.mouse("mouseReleased", x + 30, 110, 0)
        summary["mouseStrokesStatus"] = page.text("status")

        # 4b. A swipe labelled after it was drawn, saved under a name safe on every system; then a
        # label too long for a file name. The file page has getCoalescedEvents: no notice.
        page.click("clear")
        page.stroke([(300 - 15 * k, 150) for k in range(9)])
        page.type_into("label", "swipe/left")
        summary["labelAfterDrawing"] = eventually(lambda: '"label": "swipe/left"' in page.output())
        page.click("save")
        shutil.copy(wait_for_file(downloads / "swipe_left.json"), out / "swipe-left.json")
        summary["saveStatus"] = page.text("status")
        page.type_into("label", "a" * 300)
        page.click("save")
        wait_for_file(downloads / ("a" * 100 + ".json"))
        summary["longSaveStatus"] = page.text("status")
        summary["noticeFromFile"] = page.shown("notice")
        page.type_into("label", "")

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
        names = {}  # what the page named each archive, by the name it is kept under in OUT_DIR
        names["gestures-t1.tar"], archive = download(page, "next")
        shutil.copy(archive, out / "gestures-t1.tar")
        summary["archive"] = str(out / "gestures-t1.tar")
        summary["prompt"] = browser.evaluate("document.getElementById('prompt').textContent")
        page.check()

        # 6. Guided collection with a long subject id (paths past ustar's 100-byte name field), a double
        # tap (two taps) and an x (two strokes), ended with Finish now after a reload was refused.
        messages = {}
        for plan, subject in [("checkmarkx2, circle×1000000000", "t2"), ("swipe/left×2", "t2"),
                              ("double-tapx1, x×1, checkmark×1", "s" * 73)]:
            page.type_into("plan", plan)
            page.type_into("subject", subject)
            page.click("start")
            messages[plan] = page.text("prompt")
        summary["planMessages"] = messages
        subject = "study2024-lab-b-" + "participant-0123456789-" * 2 + "x" * 10  # 72 characters, the most
        page.type_into("subject", subject)
        page.click("start")
        page.stroke([(150, 150)])
        summary["nextAfterOneTap"] = page.enabled("next")
        page.stroke([(153, 151)])
        summary["guidedStatus"] = page.text("status")
        page.click("next")
        page.stroke([(100 + 10 * k, 100 + 10 * k) for k in range(11)])
        page.stroke([(200 - 10 * k, 100 + 10 * k) for k in range(11)])
        page.click("next")
        browser.send("Page.reload")
        dialog = browser.wait_for("Page.javascriptDialogOpening", timeout=10)
        browser.send("Page.handleJavaScriptDialog", {"accept": False})  # stay on the page
        summary["beforeUnload"] = dialog["params"]["type"]
        names["gestures-long.tar"], archive = download(page, "finish")
        shutil.copy(archive, out / "gestures-long.tar")
        summary["longArchive"] = str(out / "gestures-long.tar")
        summary["finishPrompt"] = page.text("prompt")
        page.check()

        # 7. Served over plain http (not a secure context): no getCoalescedEvents, so the page says so;
        # no clipboard, so Copy selects the text, which has the label typed after drawing.
        page = Page(browser, downloads, served=True)
        summary["noticeOverHttp"] = page.shown("notice")
        summary["noticeText"] = " ".join(page.text("notice").split())
        page.stroke([(100 + 15 * k, 200) for k in range(9)])
        page.type_into("label", "swipe-right")
        page.click("copy")
        copied = browser.evaluate(
            "(() => { const o = document.getElementById('output');"
            " return o.value.slice(o.selectionStart, o.selectionEnd); })()")
        (out / "copied.json").write_text(copied)
        summary["copied"] = str(out / "copied.json")

        # 8. The window grows between two strokes of one trace: its view is the largest drawing area seen.
        page.click("clear")
        page.type_into("label", "")
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": 600, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        time.sleep(0.2)
        page.refresh()
        first = [page.pad["width"], page.pad["height"]]
        page.stroke([(50 + 10 * k, 100) for k in range(10)])
        browser.send("Emulation.clearDeviceMetricsOverride")
        time.sleep(0.2)
        page.refresh()
        page.stroke([(50 + 10 * k, 200) for k in range(10)])
        (out / "resized.json").write_text(page.output())
        summary["resized"] = {"file": str(out / "resized.json"), "first": first,
                              "last": [page.pad["width"], page.pad["height"]]}
        page.check()

        # 9. What Start refuses: a subject id starting with "." (its files would be hidden, which batch skips).
        page = Page(browser, downloads)
        summary["dotSubjects"] = {subject: page.start("checkmark×1", subject) for subject in (".s1", ".", "..")}
        summary["dashSubject"] = page.start("checkmark×1", "-s1")
        page.check()

        # 10. Gestures named as what every JavaScript object has: prompts and files are named as typed.
        page.type_into("plan", "constructor×1, toString×2, __proto__×1")
        page.type_into("subject", "t3")
        page.click("start")
        prompts = []
        for k in range(4):
            prompts.append(page.text("prompt"))
            page.stroke([(100, 100 + 20 * k), (160, 100 + 20 * k)])
            if k < 3:
                page.click("next")
        names["gestures-t3.tar"], archive = download(page, "next")
        shutil.copy(archive, out / "gestures-t3.tar")
        summary["objectKeyPrompts"] = prompts
        page.check()

        # 11. Save and Copy clicked with the mouse while a finger is still down wait until it lifts, so
        # that the trace saved has its end.
        page.type_into("label", "held")
        page.touch("touchStart", [(0, 100, 300)])
        page.touch("touchMove", [(0, 140, 300)])
        held = {"saveWhileDown": page.enabled("save"), "copyWhileDown": page.enabled("copy")}
        page.click("save")
        page.click("copy")
        held["statusWhileDown"] = page.text("status")
        page.touch("touchMove", [(0, 180, 300)])
        page.touch("touchEnd", [])
        held["saveAfter"], held["copyAfter"] = page.enabled("save"), page.enabled("copy")
        page.click("save")
        shutil.copy(wait_for_file(downloads / "held.json"), out / "held.json")
        summary["held"] = held
        page.check()

        # 12. Gesture names: what gesture refuses as a label is refused at Start; a likely slip of a
        # built-in gesture's name is warned about, and Start pressed again records it as a new gesture.
        page.type_into("label", "")
        page.click("clear")
        summary["gestureNames"] = {plan: page.start(plan, "t4") for plan in (
            "Checkmark×1", "NONE×2", "star×1, Star×1", "star×1, tap+Star×1", "checkmark+×1", "none+tap×1",
            "Checkmark+tap×1", "x×1, v×1, star×1, checkmark+tap×1")}
        slips = "checkmrk×10, swipe-lft×2, checkmrk×1"
        summary["slips"] = [page.start(slips, "t4"), page.start(slips, "t4")]
        # A recognizer's id that is none of its gestures (swipe) is warned about as a slip is.
        summary["recognizerNames"] = [
            page.start(plan, "t4") for plan in ("swipe×5", "swipe×5", "tap+Swipe×1, checkmrk×1")]
        page.check()

        # 13. Two sessions of one subject, the first ended early with Finish now, then one started again:
        # both archives unpack into one folder, no file of one overwriting the other's.
        page.type_into("plan", "checkmark×2, none×1")
        page.type_into("subject", "t5")
        page.click("start")
        page.stroke(check)
        page.click("next")
        names["gestures-t5-first.tar"], archive = download(page, "finish")
        shutil.copy(archive, out / "gestures-t5-first.tar")
        prompts = [page.text("prompt")]
        page.click("start")
        page.stroke(check)
        page.click("next")
        page.stroke([(x + 3, y + 5) for x, y in check])
        page.click("next")
        page.stroke([(200, 200)])
        names["gestures-t5-second.tar"], archive = download(page, "next")
        shutil.copy(archive, out / "gestures-t5-second.tar")
        summary["twoSessionsPrompts"] = prompts + [page.text("prompt")]
        summary["archiveNames"] = names
        page.check()

        # 14. Sessions started within one second (the clock stopped at 2025-03-01 14:15:03.250 UTC) are
        # still told apart: each starts a second after the last.
        page = Page(browser, downloads, clock=1740838503250)
        stopped = []
        for k in range(3):
            page.type_into("plan", "tap×1")
            page.type_into("subject", "t6")
            page.click("start")
            page.stroke([(200, 200)])
            stopped.append(download(page, "next")[0])
        summary["stoppedClockArchives"] = stopped
        page.check()

        # 15. A pen's barrel button pressed while hovering (no contact) records nothing, as a mouse's
        # right button does; a pen stroke is recorded.
        page = Page(browser, downloads)

        def pen(kind, x, y, buttons, button):
            browser.send("Input.dispatchMouseEvent", dict(
                page.at(x, y), type=kind, button=button, buttons=buttons, clickCount=1, timestamp=page.tick(),
                pointerType="pen", force=0 if button != "left" else 0.5))
        pen("mouseMoved", 300, 300, 0, "none")
        pen("mousePressed", 300, 300, 2, "right")
        pen("mouseMoved", 320, 300, 2, "none")
        pen("mouseReleased", 320, 300, 0, "right")
        barrel = page.text("status")
        pen("mousePressed", 100, 100, 1, "left")
        for k in range(1, 6):
            pen("mouseMoved", 100 + 10 * k, 100, 1, "none")
        pen("mouseReleased", 150, 100, 0, "left")
        summary["pen"] = {"barrelStatus": barrel, "strokeStatus": page.text("status")}
        # A label starting with - is saved under a name no command reads as an option.
        page.type_into("label", "-rf")
        page.click("save")
        wait_for_file(downloads / "_rf.json")
        summary["dashSaveStatus"] = page.text("status")
        page.click("clear")
        page.type_into("label", "")
        # A count written with a thousands separator, and a gesture named with a leading -, are refused.
        summary["planSlips"] = {plan: page.start(plan, "t7") for plan in ("checkmark×1,000", "-x×1")}
        # A gesture drawn 100 times: its files are numbered with three digits, so they sort as drawn.
        page.type_into("plan", "tap×100")
        page.type_into("subject", "t7")
        page.click("start")
        page.stroke([(200, 200)])
        page.click("next")
        page.stroke([(200, 200)])
        page.click("next")
        names["gestures-t7.tar"], archive = download(page, "finish")
        shutil.copy(archive, out / "gestures-t7.tar")
        summary["archiveNames"] = names
        page.check()

        # 16. The guided layout on phones, upright and on their side: the prompt, the drawing area and
        # Next, Redo and Finish now are all on the screen.
        fits = {}
        for width, height in ((320, 568), (375, 667), (480, 320), (568, 320), (640, 360), (667, 375), (844, 390)):
            page = Page(browser, downloads)
            browser.send("Emulation.setDeviceMetricsOverride",
                         {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
            time.sleep(0.2)
            # As a person would: scrolled to each field and to Start (below the drawing area on a phone).
            for element, text in (("plan", "double-tap×1, x×1"), ("subject", "t8")):
                browser.evaluate(f"document.getElementById('{element}').scrollIntoView({{block: 'center'}})")
                page.type_into(element, text)
            browser.evaluate("document.getElementById('start').scrollIntoView({block: 'center'})")
            page.click("start")
            if not eventually(page.guiding):
                raise RuntimeError(f"no guided session started at {width}x{height}")
            page.refresh()
            page.stroke([(40, 40)])
            time.sleep(0.1)
            outside = []
            for element in ("pad", "prompt", "next", "redo", "finish"):
                box = json.loads(browser.evaluate(
                    f"JSON.stringify(document.getElementById('{element}').getBoundingClientRect())"))
                if box["top"] < 0 or box["left"] < 0 or box["bottom"] > height + 0.5 or box["right"] > width + 0.5:
                    outside.append(element)
            fits[f"{width}x{height}"] = outside
            page.click("finish")
            browser.send("Emulation.clearDeviceMetricsOverride")
        summary["phoneLayouts"] = fits
    finally:
        browser.close()
        shutil.rmtree(work, ignore_errors=True)
    print(json.dumps(summary, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
