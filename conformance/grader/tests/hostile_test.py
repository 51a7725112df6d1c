# The hostile-engine catalogue (adapters/doubles/hostile/README.md): one engine script per
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
    h = {"args": [], "expect": [], "expect-some": [], "within": 60.0, "exit": None, "level": None, "forged": [], "moved": [], "sandbox": None,
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
                     r"terminal|kill-kit-after|fallback|stderr|moved|sandbox)(-sandbox-off)?:\s*(.*)$", line)
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
        elif key == "forged":
            h["forged"].append(value)
        elif key == "moved":
            h["moved"] += value.split()
        elif key in ("stderr", "sandbox"):
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


def check_not_forged(what, text, forged, by_line):
    """Nothing the engine forged or learnt shows: in what is read as lines
    (stdout, the text and JUnit reports) no line, as a viewer breaks lines
    (at U+2028 and U+2029 too: str.splitlines), matches a forged pattern;
    in the JSON report and the page, where a newline is data or white space,
    no pattern matches the text."""
    for regex in forged:
        for line in (text.splitlines() if by_line else [text]):
            m = re.search(regex, line)
            if m:
                fail("%s: what the engine forged or learnt shows (%r): %r" %
                     (what, regex, line[max(0, m.start() - 80):m.end() + 80]))


def moved_to(stderr, path, tmp):
    """Where grade says it wrote the file it could not write at `path` (one
    line on its standard error), checked to be a fresh regular file beside it."""
    said = [line for line in stderr.splitlines() if " %s could not be written (" % path in line]
    if len(said) != 1:
        fail("%d lines on stderr say where %s went; stderr: %s" % (len(said), path, stderr[-800:]))
    m = re.search(r"\): written to (.+) instead$", said[0])
    if not m:
        fail("no fresh name in %r" % said[0])
    fresh = pathlib.Path(tmp, m.group(1))
    if fresh.is_symlink() or not fresh.is_file() or fresh.parent.resolve() != pathlib.Path(tmp, path).parent.resolve():
        fail("%s is not a fresh regular file beside %s" % (fresh, path))
    return fresh


def check_planted_untouched(path):
    """What the engine planted is as it left it: a symlink whose target kept
    its words (never written through), or an empty folder."""
    if path.is_symlink():
        victim = pathlib.Path(os.readlink(path))
        if victim.read_text() != "the engine's own file\n":
            fail("grade wrote through the symlink planted at %s" % path)
    elif not path.is_dir() or any(path.iterdir()):
        fail("the folder planted at %s is gone or holds something" % path)


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
    # An engine that shows the fallback at work (what the kit does when no
    # sandbox stops the engine first: a path it plants beside the kit's
    # reports) is graded without one (issue 24: grade --sandbox auto|on|off).
    sandbox = a.sandbox or h["sandbox"]
    mark = uuid.uuid4().hex
    env = dict(os.environ, **{MARK: mark}, **h["kit-env"])
    with tempfile.TemporaryDirectory() as tmp:
        outs = {fmt: pathlib.Path(tmp) / ("report." + fmt) for fmt in ("json", "junit", "text")}
        command = [a.susurration, "grade", "--engine", engine, "--report", "json", "--output", str(outs["json"]),
                   "--also-report", "junit=%s" % outs["junit"], "--also-report", "text=%s" % outs["text"],
                   "--engine-env", MARK] + (["--sandbox", sandbox] if sandbox else []) + h["args"]
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
        check_not_forged("grade's standard output", stdout.decode(errors="replace"), h["forged"], True)
        text_err = stderr.decode(errors="replace")
        if "transcript" in h["moved"]:
            planted = pathlib.Path(tmp, h["args"][h["args"].index("--transcript") + 1])
            check_planted_untouched(planted)
            kept = moved_to(text_err, str(planted.relative_to(tmp)), tmp).read_text()
            if not kept or any(not line.startswith(("> ", "< ", "# ")) for line in kept.rstrip("\n").split("\n")):
                fail("the transcript kept beside its path is not a transcript: %r" % kept[:200])
        # Killed, or stopped and abandoned (exit 8): no report is promised.
        reports_due = h["kill-kit-after"] is None and proc.returncode != 8
        for fmt, out in outs.items():
            if not reports_due:
                continue
            if fmt in h["moved"]:
                check_planted_untouched(out)
                out = moved_to(text_err, str(out), tmp)
            if not out.exists():
                fail("%s report: none written; stderr: %s" % (fmt, stderr.decode(errors="replace")[-500:]))
            raw = out.read_bytes()
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                fail("%s report is not valid UTF-8: %s" % (fmt, e))
            report = check_report(fmt, text)
            check_not_forged("the %s report" % fmt, text, h["forged"], fmt != "json")
            if fmt == "json":
                check_html_page(a.susurration, out, pathlib.Path(tmp) / "report.html")
                check_not_forged("the page", (pathlib.Path(tmp) / "report.html").read_text(encoding="utf-8"),
                                 h["forged"], False)
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
        print("every report format: exit %d in %.1f s, nothing left behind" % (proc.returncode, took))
    print("PASS %s" % script.name)


if __name__ == "__main__":
    main()
