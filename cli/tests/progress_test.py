# Progress on stderr: shown when stderr is a terminal (a pseudo-terminal
# from Python's pty module here), never in a pipe, never with --quiet, and
# without colour under NO_COLOR.
#
# Progress draws nothing in its first quarter second, so each case sets the
# pace itself rather than relying on the kit being slow enough (issue 25):
# grade runs against an engine that holds back every answer (adapters/doubles/paced/paced_engine.py),
# and simulate, verify and vectors are stopped and continued by the test
# until their first line shows (stop_and_go below).
"""Run: progress_test.py --susurration BIN CASE. Exit 0 when the case holds."""
import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time

import case_runner
from case_runner import check

DIM = "\x1b[2m"  # the one colour progress uses
DOUBLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "adapters", "doubles")
PACED = os.path.join(DOUBLES, "paced", "paced_engine.py")
# Stop-and-go: the command runs RUN_SLICE seconds in every RUN_SLICE +
# STOP_SLICE. A stop longer than progress's quarter-second wait means its
# next update after any stop draws, however fast the machine: to finish
# unseen, the command would have to do all its work in two run slices.
RUN_SLICE, STOP_SLICE = 0.005, 0.3


def on_terminal(args, env=None, timeout=300, stop_and_go_until=None, stops=200):
    """Runs with stderr on a pseudo-terminal 120 columns wide: (exit status,
    what the terminal showed). With stop_and_go_until, the command is paced
    by SIGSTOP and SIGCONT until that text shows on the terminal, or for
    `stops` stops."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    p = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=slave, env=env)
    os.close(slave)
    shown = b""
    pacing, stopped, switch_at = stop_and_go_until is not None, False, time.monotonic()
    deadline = time.monotonic() + timeout
    try:
        # Read while it runs: a full terminal buffer would stop the command.
        while time.monotonic() < deadline:
            if pacing and (stop_and_go_until.encode() in shown or stops == 0):
                pacing = False
                if stopped:
                    os.kill(p.pid, signal.SIGCONT)
                    stopped = False
            if pacing and time.monotonic() >= switch_at:
                stopped = not stopped
                stops -= stopped
                os.kill(p.pid, signal.SIGSTOP if stopped else signal.SIGCONT)
                switch_at = time.monotonic() + (STOP_SLICE if stopped else RUN_SLICE)
            ready, _, _ = select.select([master], [], [], 0.001 if pacing else 0.2)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # EIO: the last writer is gone
                    break
                if not chunk:
                    break
                shown += chunk
            elif p.poll() is not None:
                break
    finally:
        if stopped:
            os.kill(p.pid, signal.SIGCONT)
        os.close(master)
    p.wait(timeout=timeout)
    return p.returncode, shown.decode("utf-8", "replace")


def in_a_pipe(args, env=None, timeout=300):
    r = subprocess.run(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True, env=env, timeout=timeout)
    return r.returncode, r.stderr


def env_without_no_color():
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    return env


def grade_args(b, *extra):
    # One engine whose every answer takes PACE seconds: the first case ends
    # after two answers (hello, its request), past the quarter second before
    # the first line and the tenth between redraws, with cases still to go.
    pace = "0.3"
    engine = " ".join([sys.executable, PACED, b, pace])
    # The engine's proxy is the hostile catalogue's: readable in the sandbox.
    hostile = os.path.join(DOUBLES, "hostile")
    return [b, "grade", "--engine", engine, "--engine-files", os.path.normpath(hostile), "--jobs", "1", "--only",
            "torus-x-exactly-*", *extra]


def progress_grade_shows_on_a_terminal_and_not_in_a_pipe(b, tmp):
    status, shown = on_terminal(grade_args(b), env_without_no_color())
    check(status == 0, "grade on a terminal: exit %d: %s" % (status, shown[-300:]))
    check("grade: " in shown and " cases, " in shown and "/s" in shown, "no progress on the terminal: %r" % shown[-300:])
    check(" left" in shown and "now torus-x-" in shown, "no time left or case running: %r" % shown[-300:])
    check(shown.endswith("\r\x1b[K"), "the progress line is not erased at the end: %r" % shown[-40:])
    status, err = in_a_pipe(grade_args(b), env_without_no_color())
    check(status == 0 and err == "", "progress in a pipe: exit %d, %r" % (status, err[:200]))


def progress_quiet_turns_it_off(b, tmp):
    status, shown = on_terminal(grade_args(b, "--quiet"), env_without_no_color())
    check(status == 0 and shown == "", "grade --quiet on a terminal: exit %d, %r" % (status, shown[:200]))
    # Paced for five stops: far past the quarter second, with ticks to go.
    status, shown = on_terminal([b, "simulate", "--seed", "1", "--birds", "400", "--ticks", "3000", "--quiet"],
                                stop_and_go_until="simulate: ", stops=5)
    check(status == 0 and shown == "", "simulate --quiet on a terminal: exit %d, %r" % (status, shown[:200]))


def progress_no_color_drops_the_colour(b, tmp):
    status, coloured = on_terminal(grade_args(b), env_without_no_color())
    check(status == 0 and DIM in coloured, "no colour without NO_COLOR: %r" % coloured[-200:])
    env = env_without_no_color()
    env["NO_COLOR"] = "1"
    status, plain = on_terminal(grade_args(b), env)
    check(status == 0 and "grade: " in plain, "no progress under NO_COLOR: %r" % plain[-200:])
    check("\x1b[2m" not in plain and "\x1b[0m" not in plain, "colour under NO_COLOR: %r" % plain[-200:])


def progress_simulate_and_verify_count_ticks_on_a_terminal(b, tmp):
    simulate = [b, "simulate", "--seed", "1", "--birds", "400", "--ticks", "3000"]
    status, shown = on_terminal(simulate, stop_and_go_until="/3000 ticks")
    check(status == 0 and "simulate: " in shown and "/3000 ticks" in shown, "simulate: %d, %r" % (status, shown[-200:]))
    status, err = in_a_pipe(simulate)
    check(status == 0 and err == "", "simulate in a pipe: %d, %r" % (status, err[:200]))
    verify = [b, "verify", "--seed", "1", "--birds", "400", "--at-tick", "20000", "--budget", "120"]
    status, shown = on_terminal(verify, stop_and_go_until="/20000 ticks")
    check(status == 0 and "verify: " in shown and "/20000 ticks" in shown, "verify: %d, %r" % (status, shown[-200:]))
    status, err = in_a_pipe(verify)
    check(status == 0 and err == "", "verify in a pipe: %d, %r" % (status, err[:200]))


def progress_vectors_counts_files_on_a_terminal(b, tmp):
    # The published set's nine files take minutes (limits.json's run of
    # 20000 ticks): the limits are generous, and no check watches the time.
    status, shown = on_terminal([b, "vectors", "--out", os.path.join(tmp, "v")], timeout=3000,
                                stop_and_go_until="/9 files")
    check(status == 0 and "vectors: " in shown and "/9 files" in shown and "now " in shown,
          "vectors: %d, %r" % (status, shown[-300:]))
    status, err = in_a_pipe([b, "vectors", "--out", os.path.join(tmp, "w")], timeout=3000)
    check(status == 0 and "vectors: " not in err and "\r" not in err, "vectors in a pipe: %d, %r" % (status, err[:300]))


if __name__ == "__main__":
    sys.exit(case_runner.main(case_runner.cases(globals(), ("progress_",))))
