# The HTML report in a real browser: headless Chromium, driven over the
# DevTools protocol (--remote-debugging-pipe: JSON messages on fds 3 and 4,
# so no port and no extra package), renders the page of a failing mutant and
# of the reference, and every network request it makes is seen.
"""Run: html_browser_test.py --susurration BIN --node NODE --chromium PATH --artifacts DIR CASE.

Exit 0 when the case holds, 1 when it does not, 77 (CTest's skip) with a
line saying why when Chromium is not installed: a missing browser never
passes silently.

"No network request" is what the browser says it asked for: every
Network.requestWillBeSent event of the page. A page that names a remote
resource is not enough to make a request and a request is not enough to
show in the page, so the detector is tested too: a planted page with one
remote image must be caught (html-browser-sees-a-planted-network-request).
"""
import argparse
import base64
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "cli" / "tests"))
from case_runner import check  # noqa: E402
import html_report_test as reports  # noqa: E402

SKIP = 77


class Browser:
    """One headless Chromium with one page, spoken to over the DevTools pipe."""

    def __init__(self, chromium, profile):
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def fds():  # the child reads commands on fd 3 and writes on fd 4
            a, b = os.dup(to_chrome_r), os.dup(from_chrome_w)
            os.dup2(a, 3)
            os.dup2(b, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--user-data-dir=" + str(profile), "--no-first-run", "--no-default-browser-check",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-default-apps", "--window-size=1200,900", "about:blank"],
            # close_fds would close fds 3 and 4 after preexec_fn made them; every
            # other fd Python opened is close-on-exec already.
            preexec_fn=fds, close_fds=False, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        target = next(t for t in self.call("Target.getTargets")["targetInfos"] if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=target["targetId"], flatten=True)["sessionId"]

    def send(self, method, session=None, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        return self.next_id

    def receive(self, deadline):
        while b"\0" not in self.buffer:
            if time.monotonic() > deadline:
                raise AssertionError("the browser did not answer in time")
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                raise AssertionError("the browser closed its DevTools pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, session=None, timeout=60, **params):
        wanted = self.send(method, session, **params)
        deadline = time.monotonic() + timeout
        while True:
            m = self.receive(deadline)
            if m.get("id") == wanted:
                check("error" not in m, "%s: %s" % (method, m.get("error")))
                return m["result"]
            if "method" in m:
                self.events.append(m)

    def page(self, method, **params):
        return self.call(method, self.session, **params)

    def wait_for(self, event, timeout=60):
        deadline = time.monotonic() + timeout
        while not any(e["method"] == event for e in self.events):
            m = self.receive(deadline)
            if "method" in m:
                self.events.append(m)

    def open(self, url):
        self.events.clear()
        self.page("Network.enable")
        self.page("Page.enable")
        self.page("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired")
        time.sleep(0.5)  # late requests (fonts, lazy images) come after load
        self.page("Runtime.evaluate", expression="1")  # drains events sent meanwhile

    def requests(self):
        return [e["params"]["request"]["url"] for e in self.events if e["method"] == "Network.requestWillBeSent"]

    def evaluate(self, expression):
        r = self.page("Runtime.evaluate", expression=expression, returnByValue=True)
        check("exceptionDetails" not in r, "evaluate: %s" % r.get("exceptionDetails"))
        return r["result"]["value"]

    def screenshot(self, path):
        size = self.page("Page.getLayoutMetrics")["cssContentSize"]
        height = min(int(size["height"]), 16000)
        shot = self.page("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                         clip={"x": 0, "y": 0, "width": int(size["width"]), "height": height, "scale": 1})
        pathlib.Path(path).write_bytes(base64.b64decode(shot["data"]))

    def close(self):
        try:
            self.send("Browser.close")
            self.process.wait(timeout=10)
        except Exception:
            pass
        if self.process.poll() is None:
            os.killpg(self.process.pid, 9)
            self.process.wait()
        os.close(self.to_chrome)
        os.close(self.from_chrome)


def remote(urls):
    return [u for u in urls if not u.startswith(("file:", "data:", "about:"))]


# What the rendered page holds, read from the DOM the browser built.
PAGE_FACTS = """JSON.stringify({
  metricCharts: document.querySelectorAll('svg.chart.metric').length,
  differenceCharts: document.querySelectorAll('svg.chart.difference').length,
  departures: document.querySelectorAll('svg.chart circle.departure').length,
  torus: document.querySelectorAll('svg.torus').length,
  diagnosis: (document.querySelector('#diagnosis') || {innerText: ''}).innerText,
  level: (document.querySelector('.level') || {innerText: ''}).innerText,
  articles: Array.from(document.querySelectorAll('article.case')).map(a => a.id),
  chartWidth: (document.querySelector('svg.chart') || {getBoundingClientRect: () => ({width: 0})})
                .getBoundingClientRect().width
})"""


def html_browser_renders_mutant_and_reference_pages_without_network(b, node, chromium, artifacts, tmp):
    engine = reports.build_mutant(node, tmp)
    _, _, mutant = reports.grade_html(b, engine, tmp, "mutant", "--only", reports.MUTANT_SELECTION)
    _, _, _ = reports.grade_html(b, "'%s' engine" % b, tmp, "reference", "--only", "trajectory-n10-*,step-*")
    browser = Browser(chromium, pathlib.Path(tmp) / "profile")
    try:
        browser.open((pathlib.Path(tmp) / "mutant.html").as_uri())
        check(not remote(browser.requests()), "the mutant's page made requests: %s" % remote(browser.requests()))
        facts = json.loads(browser.evaluate(PAGE_FACTS))
        browser.screenshot(pathlib.Path(artifacts) / "html-report-mutant.png")
        check(facts["level"].strip() == "not conformant", "level %r" % facts["level"])
        check("case-" + reports.TRAJECTORY in facts["articles"], "the failing trajectory is not shown: %s" %
              facts["articles"][:5])
        failing = [c["id"] for c in mutant["cases"] if c["outcome"] == "fail"]
        check(facts["articles"][:len(failing)] == ["case-" + c for c in failing], "failing cases not first")
        check(facts["metricCharts"] >= 3 and facts["differenceCharts"] >= 1 and facts["departures"] >= 1,
              "charts: %s" % facts)
        check(facts["torus"] >= 1, "no torus picture of a failing step case")
        check(facts["chartWidth"] > 100, "the charts are not drawn (%s px wide)" % facts["chartWidth"])
        check("STEP-3" in facts["diagnosis"], "the diagnosis does not name STEP-3: %r" % facts["diagnosis"][:300])

        browser.open((pathlib.Path(tmp) / "reference.html").as_uri())
        check(not remote(browser.requests()), "the reference's page made requests: %s" % remote(browser.requests()))
        facts = json.loads(browser.evaluate(PAGE_FACTS))
        browser.screenshot(pathlib.Path(artifacts) / "html-report-reference.png")
        check(facts["level"].strip() == "exact", "level %r" % facts["level"])
        check(facts["articles"] == [], "the reference shows failing cases: %s" % facts["articles"])
        check(facts["metricCharts"] >= 3 and facts["departures"] == 0, "charts: %s" % facts)
    finally:
        browser.close()
    print("screenshots in %s" % artifacts)


def html_browser_sees_a_planted_network_request(b, node, chromium, artifacts, tmp):
    planted = pathlib.Path(tmp) / "planted.html"
    planted.write_text("<!DOCTYPE html><html><body><p>a page</p><img src=\"http://planted.invalid/a.png\"/></body></html>")
    browser = Browser(chromium, pathlib.Path(tmp) / "profile")
    try:
        browser.open(planted.as_uri())
        check(remote(browser.requests()) == ["http://planted.invalid/a.png"], "requests seen: %s" % browser.requests())
    finally:
        browser.close()


# What a rendered board holds (board_test.py reads the same attributes).
BOARD_FACTS = """JSON.stringify({
  engines: Array.from(document.querySelectorAll('table.board th.engine .name')).map(e => e.textContent),
  levels: Array.from(document.querySelectorAll('table.board th.engine .level')).map(e => e.textContent),
  rows: Array.from(document.querySelectorAll('table.board tr.row.categories')).map(tr => [tr.dataset.name,
    Array.from(tr.querySelectorAll('td')).map(td => td.dataset.exact === undefined ? null :
      ['exact', 'tolerant', 'fail', 'errored', 'skipped'].map(k => Number(td.dataset[k])))]),
  width: document.querySelector('table.board').getBoundingClientRect().width
})"""


def html_browser_renders_a_board_of_five_engines_without_network(b, node, chromium, artifacts, tmp):
    """The reference, the Python and Node engines, and the Node engine in
    Chromium and in Firefox (adapters/browser): five real engines, graded on
    the torus cases (the board, not the case set, is under test)."""
    bridge = ROOT / "adapters" / "browser" / "bridge.js"
    engines = [("reference", "'%s' engine" % b),
               ("python", "/usr/bin/python3 '%s'" % (ROOT / "adapters" / "python" / "engine.py")),
               ("node", "'%s' '%s'" % (node, ROOT / "adapters" / "node" / "engine.js"))]
    for browser in ("chromium", "firefox"):
        r = subprocess.run([node, str(bridge), browser, "--installed"], capture_output=True, text=True, timeout=60)
        check(r.returncode == 0, "%s is not installed for the bridge (%s): the board needs both browsers" %
              (browser, r.stderr.strip()))
        engines.append((browser, "'%s' '%s' %s" % (node, bridge, browser)))
    paths = []
    for name, engine in engines:
        path = pathlib.Path(tmp) / (name + ".json")
        subprocess.run([b, "grade", "--engine", engine, "--only", "torus-*", "--fresh", "off", "--timeout", "180",
                        "--report", "json", "--output", str(path), "--quiet"], capture_output=True, timeout=900)
        check(path.exists(), "grading %s wrote no report" % name)
        paths.append(path)
    reports = [json.loads(p.read_text()) for p in paths]
    board = pathlib.Path(tmp) / "board.html"
    r = subprocess.run([b, "report", *[a for p in paths for a in ("--in", str(p))], "--output", str(board)],
                       capture_output=True, text=True, timeout=120)
    check(r.returncode == 0, "report: exit %d, %s" % (r.returncode, r.stderr))
    browser = Browser(chromium, pathlib.Path(tmp) / "profile")
    try:
        browser.open(board.as_uri())
        check(not remote(browser.requests()), "the board made requests: %s" % remote(browser.requests()))
        facts = json.loads(browser.evaluate(BOARD_FACTS))
        browser.screenshot(pathlib.Path(artifacts) / "board-of-five-engines.png")
    finally:
        browser.close()
    check(len(facts["engines"]) == 5, "engine columns: %s" % facts["engines"])
    check(facts["levels"] == [r["level"] for r in reports], "levels %s, reports %s" %
          (facts["levels"], [r["level"] for r in reports]))
    want = [[sum(1 for c in r["cases"] if c["outcome"] == o)
             for o in ("pass-exact", "pass-tolerant", "fail", "errored", "skipped")] for r in reports]
    check(facts["rows"] == [["torus", want]], "rows %s, computed %s" % (facts["rows"], want))
    check(facts["width"] > 300, "the table is not laid out (%s px wide)" % facts["width"])


CASES = {name.replace("_", "-"): f for name, f in list(globals().items())
         if callable(f) and name.startswith("html_browser_") and f.__code__.co_argcount == 5}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--susurration", required=True)
    p.add_argument("--node", required=True)
    p.add_argument("--chromium", default="/usr/bin/chromium")
    p.add_argument("--artifacts", required=True)
    p.add_argument("case", choices=sorted(CASES))
    a = p.parse_args()
    chromium = shutil.which(a.chromium)
    if not chromium:
        print("SKIP %s: no Chromium at %s (apt-get install chromium); the page was not checked in a browser"
              % (a.case, a.chromium))
        return SKIP
    pathlib.Path(a.artifacts).mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        try:
            CASES[a.case](a.susurration, a.node, chromium, a.artifacts, tmp)
        except AssertionError as e:
            print("FAIL %s: %s" % (a.case, e))
            return 1
    print("ok %s" % a.case)
    return 0


if __name__ == "__main__":
    sys.exit(main())
