#!/usr/bin/env python3
"""Opens a page (an SVG picture or an HTML report) in headless Chromium and says what a person would see.

    python3 scripts/page-check.py FILE [--selector CSS]… [--text CSS]… [--probe CSS]… [--dark | --both]
                                  [--screenshot PNG] [--chromium PATH]

FILE (.svg, .html, any file Chromium opens) is loaded through its file:// URL, over the DevTools
protocol (scripts/devtools.py). Once it has loaded, prints a JSON object on stdout:

- "errors" and "warnings": what the page reported: console.error/warn/assert calls
  (Runtime.consoleAPICalled), uncaught exceptions (Runtime.exceptionThrown), the browser's own log
  entries (Log.entryAdded: a resource that failed to load, such as a broken <img>, or one that was
  blocked) and, for an XML document such as an SVG, a parse error (the <parsererror> Chromium shows
  instead of the picture). Each is {"source", "level", "text", "url"}.
- "counts": for each --selector, how many elements match it (document.querySelectorAll).
- "texts": for each --text, the text content of each matching element, whitespace collapsed.
- "dom": the document as `chromium --dump-dom` prints it (DOM.getOuterHTML of its root element).
- "title", "prefersDark" (whether prefers-color-scheme: dark matched), "url".
- "viewport" and "content": the window's and the page's width and height in CSS pixels (the window
  is 800 by 1000; a page wider than it scrolls sideways).
- "images": each <img> with its "src", "complete" and "naturalWidth" (0 when it did not load); when
  some had not loaded (loading="lazy"), the page is first scrolled to its end and back, as a person
  reading it would, and their loading waited for.
- "links": the absolute URL of each a[href].
- "screenshot": the page captured as PNG (Page.captureScreenshot; when something is probed, the
  whole page up to 4,000 CSS pixels high, else the part the window shows): "width", "height" (pixels), "scale" (pixels per CSS pixel), "background" (the colour
  2 pixels in from the top-left corner), "corners" (the four corners' colours) and "colours" (how many
  distinct colours a grid of every 8th pixel has: 1 for a blank page).
- "probes": for each --probe, up to 20 matching elements, each with its "tag", "class", "rect"
  (getBoundingClientRect) and "points": its rectangle's centre and, for SVG geometry (a <path>,
  <polyline>, <line>, <circle>…), 9 points along it from getPointAtLength mapped to the page by
  getScreenCTM. Each point has "x", "y" (page CSS pixels), "kind" (centre or along), "colour" (the
  pixel under it), and "nearest" and "difference": of the pixels within one pixel of it, the one
  whose colour is furthest from "background", and that distance (the sum of the three channels'
  differences, 0 to 765), so a stroke a pixel wide drawn between pixel centres still counts.

--dark emulates prefers-color-scheme: dark (Emulation.setEmulatedMedia) before loading. --both checks
the page twice in one browser, in a fresh tab each time, as it is and then with dark emulated, and
prints {"light": …, "dark": …}, each an object as above. --screenshot also writes the PNG (with
--both, the dark one). Exit status 1, with a message on stderr, when the file is missing or does not
load (a navigation error or no load event within 20 s); a page that loads with errors still exits 0:
the caller reads "errors". Only reads the page: JavaScript is evaluated to read geometry, images,
links and text, and to scroll. Python's standard library only. Used by
Tests/GestureKitTests/BrowserViewTests.swift.
"""

import argparse
import base64
import json
import pathlib
import shutil
import sys
import tempfile

from devtools import Browser, browser_events, png_pixels

MAX_HEIGHT = 4000  # CSS pixels of the page captured
MAX_PROBED = 20  # elements per --probe
ALONG = 9  # points along an SVG geometry element

PROBE_SCRIPT = """
(selector => {
  const elements = Array.from(document.querySelectorAll(selector)).slice(0, %d);
  return elements.map(element => {
    const box = element.getBoundingClientRect();
    const points = [{x: box.left + box.width / 2 + scrollX, y: box.top + box.height / 2 + scrollY, kind: "centre"}];
    if (typeof element.getTotalLength === "function" && typeof element.getScreenCTM === "function") {
      const length = element.getTotalLength();
      const matrix = element.getScreenCTM();
      for (let i = 0; matrix && length > 0 && i < %d; i++) {
        const p = element.getPointAtLength(length * i / (%d - 1));
        const q = new DOMPoint(p.x, p.y).matrixTransform(matrix);
        points.push({x: q.x + scrollX, y: q.y + scrollY, kind: "along"});
      }
    }
    return {tag: element.tagName, "class": element.getAttribute("class"),
            rect: {x: box.left + scrollX, y: box.top + scrollY, width: box.width, height: box.height}, points};
  });
})
""" % (MAX_PROBED, ALONG, ALONG)


def fail(message):
    print(f"page-check: {message}", file=sys.stderr)
    sys.exit(1)


def arguments():
    parser = argparse.ArgumentParser(description="Opens FILE in headless Chromium; prints what it shows as JSON.")
    parser.add_argument("file")
    parser.add_argument("--selector", action="append", default=[], help="count the elements matching CSS")
    parser.add_argument("--text", action="append", default=[], help="the text of the elements matching CSS")
    parser.add_argument("--probe", action="append", default=[], help="the pixels along the elements matching CSS")
    parser.add_argument("--dark", action="store_true", help="emulate prefers-color-scheme: dark")
    parser.add_argument("--both", action="store_true", help="check it light, then dark: {light, dark}")
    parser.add_argument("--screenshot", help="also write the screenshot to this PNG file")
    parser.add_argument("--chromium", default="chromium")
    return parser.parse_args()


def messages(browser):
    """The errors and warnings the page reported so far."""
    errors, warnings = [], []
    for event in browser_events(browser, "Runtime.consoleAPICalled"):
        params = event["params"]
        if params["type"] not in ("error", "warning", "assert"):
            continue
        text = " ".join(str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", []))
        frames = (params.get("stackTrace") or {}).get("callFrames") or [{}]
        entry = {"source": "console", "level": params["type"], "text": text, "url": frames[0].get("url", "")}
        (warnings if params["type"] == "warning" else errors).append(entry)
    for event in browser_events(browser, "Runtime.exceptionThrown"):
        details = event["params"]["exceptionDetails"]
        text = (details.get("exception") or {}).get("description") or details.get("text", "")
        errors.append({"source": "exception", "level": "error", "text": text, "url": details.get("url", "")})
    for event in browser_events(browser, "Log.entryAdded"):
        entry = event["params"]["entry"]
        if entry["level"] not in ("error", "warning"):
            continue
        item = {"source": entry.get("source", "log"), "level": entry["level"], "text": entry.get("text", ""),
                "url": entry.get("url", "")}
        (warnings if entry["level"] == "warning" else errors).append(item)
    return errors, warnings


def difference(a, b):
    return sum(abs(x - y) for x, y in zip(a, b))


def main():
    options = arguments()
    path = pathlib.Path(options.file).resolve()
    if not path.is_file():
        fail(f"{options.file}: no such file")
    work = pathlib.Path(tempfile.mkdtemp(prefix="page-check-"))
    try:
        browser = Browser(options.chromium, str(work / "profile"))
    except OSError as error:
        shutil.rmtree(work, ignore_errors=True)
        fail(f"cannot start {options.chromium}: {error}")
    try:
        if options.both:
            summary = {"light": check(browser, path, options, dark=False),
                       "dark": check(browser, path, options, dark=True)}
        else:
            summary = check(browser, path, options, dark=options.dark)
    except (RuntimeError, TimeoutError, EOFError) as error:
        fail(f"{options.file}: {error}")
    finally:
        browser.close()
        shutil.rmtree(work, ignore_errors=True)
    print(json.dumps(summary, indent=1))


def check(browser, path, options, dark):
    browser.open_tab()
    for domain in ("Page", "Runtime", "Log", "DOM"):
        browser.send(domain + ".enable")
    if dark:
        browser.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    navigation = browser.send("Page.navigate", {"url": path.as_uri()})
    if navigation.get("errorText"):
        raise RuntimeError(f"does not load: {navigation['errorText']}")
    try:
        browser.wait_for("Page.loadEventFired")
    except TimeoutError:
        raise RuntimeError("no load event within 20 s")
    summary = {"url": path.as_uri()}
    summary["title"] = browser.evaluate("document.title")
    summary["prefersDark"] = browser.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")

    # Images: a lazy one loads once scrolled to, as a person reading the page would.
    images = "Array.from(document.images, i => ({src: i.src, complete: i.complete, naturalWidth: i.naturalWidth}))"
    if not all(image["complete"] for image in browser.evaluate(images)):
        browser.evaluate("""(async () => {
            for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
                scrollTo(0, y); await new Promise(r => requestAnimationFrame(() => setTimeout(r, 20)));
            }
        })()""")
        browser.send("Runtime.evaluate", {"expression": """new Promise(resolve => {
            const deadline = Date.now() + 5000;
            (function wait() {
                if (Array.from(document.images).every(i => i.complete) || Date.now() > deadline) resolve(true);
                else setTimeout(wait, 20);
            })();
        })""", "awaitPromise": True, "returnByValue": True})
        browser.evaluate("scrollTo(0, 0)")
    summary["images"] = browser.evaluate(images)
    summary["links"] = browser.evaluate("Array.from(document.querySelectorAll('a[href]'), a => a.href)")
    browser.settle(0.2)

    errors, warnings = messages(browser)
    parser_error = browser.evaluate(
        "(e => e ? e.textContent.replace(/\\s+/g, ' ').trim() : null)(document.querySelector('parsererror'))")
    if parser_error:
        errors.append({"source": "parser", "level": "error", "text": parser_error, "url": path.as_uri()})
    summary["errors"], summary["warnings"] = errors, warnings

    summary["counts"] = {s: browser.evaluate(f"document.querySelectorAll({json.dumps(s)}).length")
                         for s in options.selector}
    summary["texts"] = {s: browser.evaluate(
        f"Array.from(document.querySelectorAll({json.dumps(s)}), e => e.textContent.replace(/\\s+/g, ' ').trim())")
        for s in options.text}
    # The root element, as --dump-dom prints it (without the document's XML declaration or doctype).
    document = browser.send("DOM.getDocument", {"depth": 1})["root"]
    root = next((node for node in document.get("children", []) if node["nodeType"] == 1), document)
    summary["dom"] = browser.send("DOM.getOuterHTML", {"nodeId": root["nodeId"]})["outerHTML"]

    # The screenshot, and the pixels under what was probed.
    # The whole page when something is probed (it may be below the fold), else what the window shows:
    # decoding a tall PNG in Python takes seconds.
    metrics = browser.send("Page.getLayoutMetrics")
    size = metrics["cssContentSize"]
    tallest = MAX_HEIGHT if options.probe else metrics["cssLayoutViewport"]["clientHeight"]
    width, height = max(1, round(size["width"])), max(1, min(tallest, round(size["height"])))
    viewport = metrics["cssLayoutViewport"]
    summary["viewport"] = {"width": viewport["clientWidth"], "height": viewport["clientHeight"]}
    summary["content"] = {"width": size["width"], "height": size["height"]}
    shot = base64.b64decode(browser.send("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})["data"])
    if options.screenshot:
        pathlib.Path(options.screenshot).write_bytes(shot)
    pixels_wide, pixels_high, rows = png_pixels(shot)
    scale = pixels_wide / width
    background = rows[min(2, pixels_high - 1)][min(2, pixels_wide - 1)]
    corners = [rows[y][x] for y in (0, pixels_high - 1) for x in (0, pixels_wide - 1)]
    summary["screenshot"] = {
        "width": pixels_wide, "height": pixels_high, "scale": scale, "background": list(background),
        "corners": [list(c) for c in corners],
        "colours": len({pixel for row in rows[::8] for pixel in row[::8]})}

    def pixel(x, y):
        return rows[y][x] if 0 <= x < pixels_wide and 0 <= y < pixels_high else None

    probes = {}
    for selector in options.probe:
        found = browser.evaluate(PROBE_SCRIPT + f"({json.dumps(selector)})")
        for element in found:
            for point in element["points"]:
                x, y = int(point["x"] * scale), int(point["y"] * scale)
                colour = pixel(x, y)
                point["colour"] = list(colour) if colour else None
                around = [p for p in (pixel(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)) if p]
                nearest = max(around, key=lambda p: difference(p, background)) if around else None
                point["nearest"] = list(nearest) if nearest else None
                point["difference"] = difference(nearest, background) if nearest else 0
        probes[selector] = found
    summary["probes"] = probes
    errors, warnings = messages(browser)
    summary["errors"] += errors
    summary["warnings"] += warnings
    browser.close_tab()
    return summary


if __name__ == "__main__":
    main()
