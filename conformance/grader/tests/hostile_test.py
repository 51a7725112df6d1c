# The hostile-engine catalogue (hostile/README.md): one engine script per
# misbehaviour, graded for real; asserts the header's promises and what
# PROTO-3 promises for every engine: a bounded time, a valid report in each
# format, and no live descendant afterwards.
"""Run: hostile_test.py --susurration BIN SCRIPT. Exit 0 when it holds."""
import argparse
import fcntl
import fnmatch
import json
import os
import pathlib
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import termios
import time
import uuid
import xml.etree.ElementTree as ET

ROOT = pathlib.Path(__file__).resolve().parents[3]
MARK = "SUSURRATION_HOSTILE_MARK"


def header(script, sandbox_off=False):
    """The script's header; with sandbox_off, a key's -sandbox-off variant
    (what the fallback protections give) replaces the key."""
    h = {"args": [], "expect": [], "expect-some": [], "within": 60.0, "exit": None, "level": None, "forged": None,
         "kit-env": {}, "pass-fd": False, "terminal": False, "kill-kit-after": None, "stderr": None}
    lines = script.read_text().splitlines()
    overridden = set()
    if sandbox_off:
        for line in lines:
            m = re.match(r"#\s*([a-z-]+)-sandbox-off:", line)
            if m:
                overridden.add(m.group(1))
    for line in lines:
        m = re.match(r"#\s*(hostile|args|expect-exit|expect-level|expect-some|expect|within|forged|kit-env|pass-fd|"
                     r"terminal|kill-kit-after|fallback|stderr)(-sandbox-off)?:\s*(.*)$", line)
        if not m:
            continue
        key, variant, value = m.group(1), m.group(2), m.group(3).strip()
        if variant and not sandbox_off:
            continue
        if not variant and key in overridden:
            continue
        if key == "args":
            h["args"] += shlex.split(value)
        elif key == "expect-exit":
            h["exit"] = int(value)
        elif key == "expect-level":
            h["level"] = value
        elif key in ("expect", "expect-some"):
            glob, outcome, regex = value.split(None, 2)
            h[key].append((glob, outcome, regex))
        elif key == "within":
            h["within"] = float(value)
        elif key == "kit-env":
            name, val = value.split("=", 1)
            h["kit-env"][name] = val
        elif key in ("pass-fd", "terminal"):
            h[key] = value == "yes"
        elif key == "kill-kit-after":
            h[key] = float(value)
        elif key in ("forged", "stderr"):
            h[key] = value
    return h


def live_environ(entry):
    """The environment of /proc/<entry> while it lives, else None. A zombie
    is gone already (only its parent's reap is missing), unless its leader
    is one while other threads of it run (the leader called pthread_exit()):
    that process lives on, and its environment is read through a thread."""
    stat = pathlib.Path("/proc", entry, "stat").read_text()
    if stat.rsplit(")", 1)[1].split()[0] != "Z":
        return pathlib.Path("/proc", entry, "environ").read_bytes()
    for tid in os.listdir("/proc/%s/task" % entry):
        if tid != entry:
            return pathlib.Path("/proc", entry, "task", tid, "environ").read_bytes()
    return None


def marked_processes(mark):
    """Every live process carrying the mark in its environment: the engine's
    descendants inherit it whatever session or group they moved to."""
    found = []
    needle = ("%s=%s" % (MARK, mark)).encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            env = live_environ(entry)
        except OSError:
            continue
        if env is not None and needle in env.split(b"\0"):
            found.append(int(entry))
    return found


def until_gone(mark, seconds=10):
    """The marked processes still alive after up to `seconds` of polling:
    a process the kit killed may take a moment to vanish, one it never
    killed is still there however long the wait (issue 25)."""
    give_up = time.monotonic() + seconds
    while True:
        left = marked_processes(mark)
        if not left or time.monotonic() > give_up:
            return left
        time.sleep(0.05)


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check_report(fmt, text):
    if fmt == "json":
        import jsonschema
        report = json.loads(text)
        schema = json.loads((ROOT / "schemas" / "report.schema.json").read_text())
        jsonschema.Draft202012Validator(schema).validate(report)
        return report
    if fmt == "junit":
        ET.fromstring(text.encode("utf-8"))
        bad = [c for c in text if ord(c) < 0x20 and c not in "\t\n\r"]
        if bad:
            fail("JUnit report holds characters XML 1.0 forbids: %r" % bad[:5])
        return None
    # Controls, and what could start a line or turn one around in a viewer
    # (line and paragraph separators, bidirectional marks, a byte order mark).
    bad = [c for c in text if (ord(c) < 0x20 and c not in "\t\n") or 0x7F <= ord(c) < 0xA0 or
           c in "\u2028\u2029\u200e\u200f\u061c\ufeff"]
    if bad:
        fail("text report holds raw control characters: %r" % bad[:5])
    return None


def check_html_page(binary, saved, page):
    """The HTML page of the run, drawn from its JSON report (REPORT-2): written, well-formed, no raw control character."""
    r = subprocess.run([binary, "report", "--in", str(saved), "--output", str(page)], capture_output=True, text=True,
                       timeout=120)
    if r.returncode != 0:
        fail("report --in the JSON report: exit %d: %s" % (r.returncode, r.stderr[-500:]))
    text = page.read_text(encoding="utf-8")
    ET.fromstring(text.split("\n", 1)[1])
    bad = [c for c in text if ord(c) < 0x20 and c not in "\t\n\r"]
    if bad:
        fail("HTML report holds characters XML 1.0 forbids: %r" % bad[:5])


def read_ready(fd):
    """Whatever a descriptor holds now, without waiting."""
    os.set_blocking(fd, False)
    try:
        return os.read(fd, 65536)
    except OSError:
        return b""


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--susurration", required=True)
    p.add_argument("--sandbox", choices=["off"], help="grade with --sandbox off: the fallback protections alone")
    p.add_argument("script")
    a = p.parse_args()
    script = pathlib.Path(a.script).resolve()
    h = header(script, sandbox_off=a.sandbox == "off")
    engine = " ".join(shlex.quote(w) for w in [sys.executable, str(script), a.susurration])
    # One grade writes the report in every format (--also-report): each
    # must hold whatever the engine wrote, and one grade costs a third of
    # three (a flood of 60 MB a case, sleeps; issue 25).
    mark = uuid.uuid4().hex
    env = dict(os.environ, **{MARK: mark}, **h["kit-env"])
    with tempfile.TemporaryDirectory() as tmp:
        outs = {fmt: pathlib.Path(tmp) / ("report." + fmt) for fmt in ("json", "junit", "text")}
        command = [a.susurration, "grade", "--engine", engine, "--report", "json", "--output", str(outs["json"]),
                   "--also-report", "junit=%s" % outs["junit"], "--also-report", "text=%s" % outs["text"],
                   "--engine-env", MARK] + (["--sandbox", a.sandbox] if a.sandbox else []) + h["args"]
        extra = {}
        if h["pass-fd"]:
            # A descriptor the kit's caller left inheritable, as a careless
            # shell or CI runner does.
            secret = os.open(os.path.join(tmp, "kit-secret"), os.O_RDWR | os.O_CREAT)
            os.set_inheritable(secret, True)
            extra["pass_fds"] = (secret,)
        master = None
        if h["terminal"]:
            master, slave = os.openpty()
            extra["stdin"] = slave
            # The kit's controlling terminal, as a user's shell gives it one.
            extra["preexec_fn"] = lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        start = time.monotonic()
        proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                cwd=tmp, start_new_session=True, **extra)
        if h["kill-kit-after"] is not None:
            time.sleep(h["kill-kit-after"])
            proc.kill()  # the kit alone, as the OOM killer or `kill -9` would
        try:
            stdout, stderr = proc.communicate(timeout=h["within"])
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            for pid in marked_processes(mark):
                os.kill(pid, signal.SIGKILL)
            fail("grade still running after %g s" % h["within"])
        took = time.monotonic() - start
        left = until_gone(mark)
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        if left:
            fail("%d engine processes left alive: %s" % (len(left), left))
        if master is not None:
            typed = read_ready(slave) + read_ready(master)
            if b"INJECTED" in typed:
                fail("the engine typed into the kit's terminal: %r" % typed[:200])
        if h["exit"] is not None and proc.returncode != h["exit"]:
            fail("exit %d, expected %d; stderr: %s" % (proc.returncode, h["exit"],
                                                       stderr.decode(errors="replace")[-500:]))
        if h["stderr"] is not None and not re.search(h["stderr"], stderr.decode(errors="replace")):
            fail("stderr does not say %r: %s" % (h["stderr"], stderr.decode(errors="replace")[-500:]))
        forged = [stdout.decode(errors="replace")]
        # Killed, or stopped and abandoned (exit 8): no report is promised.
        reports_due = h["kill-kit-after"] is None and proc.returncode != 8
        for fmt, out in outs.items():
            if not reports_due:
                continue
            if not out.exists():
                fail("%s report: none written; stderr: %s" % (fmt, stderr.decode(errors="replace")[-500:]))
            raw = out.read_bytes()
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                fail("%s report is not valid UTF-8: %s" % (fmt, e))
            forged.append(text)
            report = check_report(fmt, text)
            if fmt == "json":
                check_html_page(a.susurration, out, pathlib.Path(tmp) / "report.html")
                forged.append((pathlib.Path(tmp) / "report.html").read_text(encoding="utf-8"))
            if report is not None:
                if h["level"] is not None and report["level"] != h["level"]:
                    fail("level %r, expected %r" % (report["level"], h["level"]))
                for glob, outcome, regex in h["expect"]:
                    matched = [c for c in report["cases"] if fnmatch.fnmatchcase(c["id"], glob)]
                    if not matched:
                        fail("no case matches %s" % glob)
                    for c in matched:
                        if c["outcome"] != outcome or not re.search(regex, c["message"]):
                            fail("case %s: %s %r, expected %s matching %r" % (c["id"], c["outcome"],
                                                                           c["message"], outcome, regex))
                for glob, outcome, regex in h["expect-some"]:
                    if not any(fnmatch.fnmatchcase(c["id"], glob) and c["outcome"] == outcome and
                               re.search(regex, c["message"]) for c in report["cases"]):
                        fail("no case matching %s is %s with a message matching %r" % (glob, outcome, regex))
        if h["forged"] is not None:
            for text in forged:
                m = re.search(h["forged"], text)
                if m:
                    fail("what the engine forged or learnt shows: %r" % text[max(0, m.start() - 80):m.end() + 80])
        print("every report format: exit %d in %.1f s, nothing left behind" % (proc.returncode, took))
    print("PASS %s" % script.name)


if __name__ == "__main__":
    main()
