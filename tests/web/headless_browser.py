"""Debian's chromium, headless, driven over its DevTools pipe (no extra package).

`--remote-debugging-pipe` reads DevTools commands on fd 3 and answers on fd 4,
each message JSON ended by a NUL byte. The page is loaded at a device size
(a phone: mobile, so the viewport meta counts), then measured with
`Runtime.evaluate`, photographed with `Page.captureScreenshot`; every request
the page makes is seen as a `Network.requestWillBeSent` event, and every
console or security message as a `Log.entryAdded`.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import select
import shutil
import signal
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PHONE = (390, 844)
DESKTOP = (1366, 768)


def chromium_binary() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class BrowserError(RuntimeError):
    pass


@dataclass
class LoadedPage:
    """What a page did while it loaded, for the checks."""

    # Every request the page asked for, and those the browser refused to send (its
    # Content-Security-Policy): (address, reason).
    requests: list[str] = field(default_factory=list)
    blocked: list[tuple[str, str]] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)

    @property
    def sent(self) -> list[str]:
        """The requests that left the page: asked for and not refused."""
        refused = [url for url, _ in self.blocked]
        return [url for url in self.requests if url not in refused]


class Browser:
    """One headless chromium; `open` loads a file at a size and returns what it did."""

    def __init__(self, binary: str, timeout: float = 60.0, net_log: Path | None = None) -> None:
        """`net_log`: chromium writes its own log of the network there (whole once closed)."""
        self.timeout = timeout
        self._profile = tempfile.mkdtemp(prefix="gm-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        argv = [
            binary,
            "--headless",
            "--remote-debugging-pipe",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-extensions",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-default-apps",
            "--hide-scrollbars",
            "--mute-audio",
            f"--user-data-dir={self._profile}",
            *([f"--log-net-log={net_log}"] if net_log is not None else []),
            "about:blank",
        ]
        devnull = os.open(os.devnull, os.O_RDWR)
        self._pid = os.posix_spawn(
            binary,
            argv,
            dict(os.environ),
            file_actions=[
                (os.POSIX_SPAWN_DUP2, devnull, 0),
                (os.POSIX_SPAWN_DUP2, devnull, 1),
                (os.POSIX_SPAWN_DUP2, devnull, 2),
                (os.POSIX_SPAWN_DUP2, to_browser_r, 3),
                (os.POSIX_SPAWN_DUP2, from_browser_w, 4),
            ],
        )
        for fd in (devnull, to_browser_r, from_browser_w):
            os.close(fd)
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict[str, Any]] = []
        self._session: str | None = None
        try:
            target = self.call("Target.createTarget", url="about:blank", session=False)
            attached = self.call(
                "Target.attachToTarget", targetId=target["targetId"], flatten=True, session=False
            )
            self._session = attached["sessionId"]
            for domain in ("Page", "Network", "Log", "Runtime"):
                self.call(f"{domain}.enable")
        except BrowserError:
            self.close()  # a browser that never answered is not left running
            raise

    # -- the pipe --------------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        data = json.dumps(message).encode("utf-8") + b"\0"
        while data:
            data = data[os.write(self._to_browser, data) :]

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("chromium did not answer in time")
            ready, _, _ = select.select([self._from_browser], [], [], left)
            if ready:
                chunk = os.read(self._from_browser, 1 << 20)
                if not chunk:
                    raise BrowserError("chromium closed its DevTools pipe")
                self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(raw)

    def call(self, method: str, session: bool = True, **params: Any) -> dict[str, Any]:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session and self._session:
            message["sessionId"] = self._session
        self._send(message)
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._receive(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self._events.append(reply)

    def wait_for(self, event: str) -> dict[str, Any]:
        deadline = time.monotonic() + self.timeout
        while True:
            for index, seen in enumerate(self._events):
                if seen["method"] == event:
                    return self._events.pop(index)
            self._events.append(self._receive(deadline))

    # -- pages -----------------------------------------------------------------------------

    def open(self, path: Path, size: tuple[int, int], *, scripts: bool = True) -> LoadedPage:
        """Load `path` at `size` (a width under 800 is a phone) and let it settle."""
        width, height = size
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=width < 800,
        )
        self.call("Emulation.setScriptExecutionDisabled", value=not scripts)
        self._events.clear()
        self.call("Page.navigate", url=path.resolve().as_uri())
        self.wait_for("Page.loadEventFired")
        # One round trip more: layout and late messages (a CSP refusal) are in.
        self.evaluate("document.readyState")
        page = LoadedPage()
        addresses: dict[str, str] = {}
        for event in self._events:
            if event["method"] == "Network.requestWillBeSent":
                addresses[event["params"]["requestId"]] = event["params"]["request"]["url"]
                page.requests.append(event["params"]["request"]["url"])
            elif event["method"] == "Network.loadingFailed" and event["params"].get(
                "blockedReason"
            ):
                url = addresses.get(event["params"]["requestId"], "?")
                page.blocked.append((url, event["params"]["blockedReason"]))
            elif event["method"] == "Log.entryAdded":
                page.log.append(event["params"]["entry"])
        return page

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression[:60]}...: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path: Path, full_page: bool = False) -> Path:
        shot = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=full_page)
        path.write_bytes(base64.b64decode(shot["data"]))
        return path

    def close(self) -> None:
        with contextlib.suppress(BrowserError, OSError):
            self.call("Browser.close", session=False)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            done, _ = os.waitpid(self._pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.05)
        else:
            os.kill(self._pid, signal.SIGKILL)
            os.waitpid(self._pid, 0)
        for fd in (self._to_browser, self._from_browser):
            os.close(fd)
        shutil.rmtree(self._profile, ignore_errors=True)


def page_requests_in_net_log(net_log: Path) -> list[str]:
    """The addresses a page opened from a file asked the network for, read from chromium's
    own net log: a request is started for a page's frame of `file://` (a file is read
    without the network, so the page itself is not there; the browser's own background
    requests have no such frame)."""
    log = json.loads(net_log.read_text("utf-8"))
    start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    return [
        event["params"]["url"]
        for event in log["events"]
        if event["type"] == start
        and str(event.get("params", {}).get("network_isolation_key", "")).startswith("file://")
    ]


# Layout facts of the loaded page at a device `width`: how wide it lays out and
# scrolls, and what sticks out. A phone widens its layout viewport (innerWidth)
# to fit content that is too wide, so both are compared with the device's width.
MEASURE_LAYOUT = """((width) => {
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (box.width && (box.right > width + 0.5 || box.left < -0.5)) {
      out.push(el.tagName + (el.className ? '.' + el.className : '') + ' ' + Math.round(box.right));
    }
  }
  return {
    innerWidth: window.innerWidth,
    scrollWidth: document.scrollingElement.scrollWidth,
    overflowing: out.slice(0, 20),
  };
})(%d)"""


def measure_layout(browser: Browser, width: int) -> dict[str, Any]:
    return browser.evaluate(MEASURE_LAYOUT % width)
