"""A headless Chromium driven over the DevTools protocol, and PNG pixels, with Python's standard library only.

    from devtools import Browser, browser_events, png_pixels

    browser = Browser("chromium", profile_folder)
    browser.open_tab()                  # a new tab, attached: later commands go to it
    browser.send("Page.enable")
    browser.send("Page.navigate", {"url": "file:///…"})
    browser.wait_for("Page.loadEventFired")
    width, height, rows = png_pixels(base64.b64decode(browser.send("Page.captureScreenshot")["data"]))
    browser.close()

The browser is started with --remote-debugging-pipe: commands go to it on its file descriptor 3 and
replies and events come back on 4, as NUL-terminated JSON messages. Events that arrive while waiting
for a reply are kept in `browser.events` for `wait_for` and `browser_events`.
Used by scripts/recorder-browser.py and scripts/page-check.py.
"""

import fcntl
import itertools
import json
import os
import select
import struct
import subprocess
import time
import zlib


class Browser:
    def __init__(self, chromium, profile, window=(800, 1000)):
        commands_read, commands_write = os.pipe()
        replies_read, replies_write = os.pipe()
        # Above 10 so that the child's dup2 onto 3 and 4 cannot clobber one with the other.
        child_in = fcntl.fcntl(commands_read, fcntl.F_DUPFD, 10)
        child_out = fcntl.fcntl(replies_write, fcntl.F_DUPFD, 10)

        def descriptors():
            os.dup2(child_in, 3)
            os.dup2(child_out, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--remote-debugging-pipe", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check", "--hide-scrollbars",
             f"--window-size={window[0]},{window[1]}", "--user-data-dir=" + profile, "about:blank"],
            preexec_fn=descriptors, close_fds=False, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for fd in (commands_read, replies_write, child_in, child_out):
            os.close(fd)
        self.out = os.fdopen(commands_write, "wb", buffering=0)
        self.inp = os.fdopen(replies_read, "rb", buffering=0)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None
        self.target = None

    def message(self, timeout=20):
        deadline = time.monotonic() + timeout
        while b"\0" not in self.buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("no message from the browser")
            chunk = self.inp.read(1 << 16)
            if not chunk:
                raise EOFError("the browser closed its pipe")
            self.buffer += chunk
        text, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(text)

    def send(self, method, params=None, browser=False):
        """Sends a command (to the attached tab unless `browser`) and returns its result; raises
        RuntimeError when the browser answers with an error."""
        self.next_id += 1
        command = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session and not browser:
            command["sessionId"] = self.session
        self.out.write(json.dumps(command).encode() + b"\0")
        while True:
            reply = self.message()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method, timeout=20):
        deadline = time.monotonic() + timeout
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(index)
            self.events.append(self.message(max(0.1, deadline - time.monotonic())))

    def settle(self, seconds):
        """Keeps the events that arrive in the next `seconds` (a page's late console messages)."""
        deadline = time.monotonic() + seconds
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            if b"\0" in self.buffer:
                self.events.append(self.message())
                continue
            ready, _, _ = select.select([self.inp], [], [], remaining)
            if not ready:
                return
            chunk = self.inp.read(1 << 16)
            if not chunk:
                raise EOFError("the browser closed its pipe")
            self.buffer += chunk

    def open_tab(self, url="about:blank"):
        """Opens a tab and attaches to it: later commands without `browser=True` go to it."""
        self.target = self.send("Target.createTarget", {"url": url}, browser=True)["targetId"]
        self.session = self.send(
            "Target.attachToTarget", {"targetId": self.target, "flatten": True}, browser=True)["sessionId"]
        return self.session

    def close_tab(self):
        """Closes the tab `open_tab` opened, and forgets its events."""
        self.send("Target.closeTarget", {"targetId": self.target}, browser=True)
        self.session = self.target = None
        self.events = []

    def evaluate(self, expression):
        """The value of a JavaScript expression in the tab (JSON-able values only); raises
        RuntimeError when it throws."""
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise RuntimeError(details.get("exception", {}).get("description") or details.get("text"))
        return result["result"].get("value")

    def close(self):
        try:
            self.send("Browser.close", browser=True)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def browser_events(browser, method):
    """The events named `method` kept so far, removed from `browser.events`."""
    found = [event for event in browser.events if event.get("method") == method]
    browser.events = [event for event in browser.events if event.get("method") != method]
    return found


def _add_bytes(a, b):
    """`a` + `b` byte by byte, modulo 256 (no carry between bytes), for two equal-length byte strings."""
    if not a:
        return b""
    size = len(a)
    x, y = int.from_bytes(a, "big"), int.from_bytes(b, "big")
    low = int.from_bytes(b"\x7f" * size, "big")
    high = int.from_bytes(b"\x80" * size, "big")
    return (((x & low) + (y & low)) ^ ((x ^ y) & high)).to_bytes(size, "big")


def png_pixels(data):
    """Width, height and rows of (r, g, b) of an 8-bit RGB or RGBA PNG (not interlaced), with zlib
    alone. Rows filtered with None, Sub or Up (what Chromium writes for most rows) are undone a row at
    a time; Average and Paeth a byte at a time."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, idat = 8, []
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body[:13])
            assert depth == 8 and color in (2, 6), f"unexpected PNG depth {depth}, colour type {color}"
            assert interlace == 0, "interlaced PNG"
        elif kind == b"IDAT":
            idat.append(body)
        position += 12 + length
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous = [], bytes(stride)
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], raw[start + 1:start + 1 + stride]
        if kind == 1:
            out = bytearray(stride)
            for channel in range(channels):
                out[channel::channels] = bytes(
                    value & 0xFF for value in itertools.accumulate(line[channel::channels]))
            line = bytes(out)
        elif kind == 2:
            line = _add_bytes(line, previous)
        elif kind in (3, 4):
            line = bytearray(line)
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                up = previous[i]
                if kind == 3:
                    line[i] = (line[i] + (left + up) // 2) & 0xFF
                else:
                    upper_left = previous[i - channels] if i >= channels else 0
                    p = left + up - upper_left
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - upper_left)
                    predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else upper_left)
                    line[i] = (line[i] + predictor) & 0xFF
            line = bytes(line)
        if channels == 3:
            rows.append(list(zip(line[0::3], line[1::3], line[2::3])))
        else:
            rows.append(list(zip(line[0::4], line[1::4], line[2::4])))
        previous = line
    return width, height, rows
