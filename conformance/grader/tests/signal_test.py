# A signal that ends `grade` ends every engine and everything each started
# (PROTO-3): SIGHUP (the terminal closed) and SIGQUIT as much as SIGINT and
# SIGTERM; grade then exits 128 + the signal's number.
"""Run: signal_test.py --susurration BIN SIGNAL (HUP, QUIT, INT or TERM).
Run as `signal_test.py engine BIN`, it is the engine: it answers the
handshake, leaves a grandchild in a new session and a daemon (double fork,
without the kit's token) behind, and hangs on init."""
import argparse
import os
import pathlib
import shlex
import signal
import shutil
import subprocess
import sys
import tempfile
import time
import uuid

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "adapters" / "doubles" / "hostile"))
from hostile_test import marked_processes, until_gone, MARK  # noqa: E402  (one /proc scan for all tests)

ENGINES = 2
PER_ENGINE = 4  # the proxy, the reference engine it forwards to, the grandchild, the daemon
IN_INIT = "SIGNAL_TEST_IN_INIT"  # the folder where each engine says it hangs in init


def engine():
    sys.argv = [sys.argv[0], sys.argv[2]]  # _proxy reads the reference engine's path from argv[1]
    import _proxy
    quiet = dict(stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.Popen(["sleep", "3600"], start_new_session=True, **quiet)
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            env = {k: v for k, v in os.environ.items() if k != "SUSURRATION_ENGINE_TOKEN"}
            os.execvpe("sleep", ["sleep", "3600"], env)
        os._exit(0)
    os.wait()

    def misbehave(request, forward):
        if request["method"] == "init":
            # Tells the test this engine now hangs in init (a file of its own).
            pathlib.Path(os.environ[IN_INIT], str(os.getpid())).touch()
            time.sleep(3600)
        return forward(request)

    _proxy.serve(misbehave)


def describe(pid):
    """pid, parent, state and command line, for a failure message."""
    try:
        stat = pathlib.Path("/proc/%d/stat" % pid).read_text().rsplit(")", 1)[1].split()
        argv = pathlib.Path("/proc/%d/cmdline" % pid).read_bytes().split(b"\0")
        return "%d (ppid %s, %s): %s" % (pid, stat[1], stat[0], b" ".join(argv).decode(errors="replace")[:80])
    except OSError:
        return str(pid)


def fail(message, leftovers=()):
    for pid in leftovers:
        os.kill(pid, signal.SIGKILL)
    print("FAIL: " + message)
    sys.exit(1)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--susurration", required=True)
    p.add_argument("signal", choices=["HUP", "QUIT", "INT", "TERM"])
    a = p.parse_args()
    sig = getattr(signal, "SIG" + a.signal)
    mark = uuid.uuid4().hex
    in_init = tempfile.mkdtemp(prefix="signal-test-")
    env = dict(os.environ, **{MARK: mark, IN_INIT: in_init})
    command = " ".join(shlex.quote(w) for w in [sys.executable, __file__, "engine", a.susurration])
    grade = subprocess.Popen([a.susurration, "grade", "--engine", command, "--jobs", str(ENGINES),
                              "--only", "init-*", "--timeout", "60", "--report", "json",
                              # The engines tell the test they hang through a
                              # folder of its own: outside any sandbox.
                              "--sandbox", "off", "--engine-env", MARK, "--engine-env", IN_INIT],
                             env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)

    def engines():
        return [pid for pid in marked_processes(mark) if pid != grade.pid]

    # Every process there, and both engines hang in init: the signal finds
    # grade waiting on them, whatever the machine's speed.
    give_up = time.monotonic() + 60
    while len(engines()) < ENGINES * PER_ENGINE or len(os.listdir(in_init)) < ENGINES:
        if time.monotonic() > give_up or grade.poll() is not None:
            os.killpg(grade.pid, signal.SIGKILL)
            fail("the engines never all started: %d of %d processes" % (len(engines()), ENGINES * PER_ENGINE),
                 engines())
        time.sleep(0.05)
    grade.send_signal(sig)
    try:
        _, stderr = grade.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(grade.pid, signal.SIGKILL)
        grade.communicate()
        fail("grade still running 10 s after SIG%s" % a.signal, engines())
    left = [pid for pid in until_gone(mark) if pid != grade.pid]
    if left:
        fail("%d engine processes left alive after SIG%s: %s" % (len(left), a.signal, [describe(p) for p in left]),
             left)
    shutil.rmtree(in_init, ignore_errors=True)
    if grade.returncode != 128 + sig:
        fail("grade ended with %d after SIG%s, expected %d" % (grade.returncode, a.signal, 128 + sig))
    print("PASS: SIG%s ended grade with %d and every engine process" % (a.signal, grade.returncode))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "engine":
        engine()
    else:
        main()
