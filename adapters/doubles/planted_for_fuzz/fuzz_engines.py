"""Engines planted for the fuzz tests (fuzz_test.py): the reference engine
behind the hostile catalogue's proxy (adapters/doubles/hostile/_proxy.py),
altered in one way.

  python3 fuzz_engines.py SUSURRATION_BINARY silent
      reads every request and answers none, not even hello
  python3 fuzz_engines.py SUSURRATION_BINARY mute-after-hello
      shakes hands, then answers nothing
  python3 fuzz_engines.py SUSURRATION_BINARY hang-in-DIR
      shakes hands, then on its first request touches DIR/<pid> and sleeps
  python3 fuzz_engines.py SUSURRATION_BINARY wrong-steps-from-N
      the reference, but from its Nth request in one process on (hello is
      the first) every step answer has bird 0's vx 1e-4 off: a bug that
      needs a history, which no case asked of a fresh process shows
  python3 fuzz_engines.py SUSURRATION_BINARY wrong-init-between-LO-and-HI-birds
      the reference, but an init of LO to HI birds has its last bird's vx a
      billionth off (the published set asks 10, 120 and 400 birds)
  python3 fuzz_engines.py SUSURRATION_BINARY wrong-runs-with-a-change-at-tick-0
      the reference, but its `run` leaves out a weight change logged at
      tick 0 (it applies changes from tick 1 on); run_from, verify and step
      are right
  python3 fuzz_engines.py SUSURRATION_BINARY wrong-steps-when-it-sees-the-kit
      the reference, but when one of its ancestors in /proc is `susurration
      fuzz` every step answer has bird 0's vx 1e-4 off: an engine that
      behaves otherwise when it can see the kit, which a sandbox hides
  python3 fuzz_engines.py SUSURRATION_BINARY MODE-logged-in-DIR
      MODE, appending the method of every request to DIR/methods
  python3 fuzz_engines.py SUSURRATION_BINARY wrong-steps-from-N-once-in-DIR
      the same in the first process started (the one that makes DIR/first)
      and right in every later one: a difference that never replays
"""
import os
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "hostile"))
MODE = sys.argv.pop(2)

if MODE == "silent":
    for _ in sys.stdin.buffer:
        pass
    sys.exit(0)

import _proxy  # noqa: E402

requests = 0
WRONG = True
LOG = None
if "-logged-in-" in MODE:
    MODE, LOG = MODE.split("-logged-in-", 1)
if "-once-in-" in MODE:
    MODE, once = MODE.split("-once-in-", 1)
    try:
        os.mkdir(os.path.join(once, "first"))
    except FileExistsError:
        WRONG = False


def sees_the_kit():
    for pid in _proxy.ancestors():
        try:
            with open("/proc/%d/cmdline" % pid, "rb") as f:
                if b"fuzz" in f.read().split(b"\0"):
                    return True
        except OSError:
            return False
    return False


if MODE == "wrong-steps-when-it-sees-the-kit":
    MODE = "wrong-steps-from-1" if sees_the_kit() else "right"


def misbehave(request, forward):
    global requests
    requests += 1
    if LOG:
        with open(os.path.join(LOG, "methods"), "a") as log:
            log.write(request["method"] + "\n")
    if MODE == "wrong-runs-with-a-change-at-tick-0" and request["method"] == "run":
        request = dict(request, params=dict(request["params"]))
        request["params"]["schedule"] = [c for c in request["params"].get("schedule", []) if c["tick"] != 0]
    if request["method"] in ("hello", "shutdown"):
        return forward(request)
    if MODE == "mute-after-hello":
        return None
    if MODE.startswith("hang-in-"):
        pathlib.Path(MODE[len("hang-in-"):], str(os.getpid())).touch()
        time.sleep(3600)
    answer = forward(request)
    if WRONG and MODE.startswith("wrong-steps-from-") and request["method"] == "step" and "result" in answer:
        if requests >= int(MODE.rsplit("-", 1)[1]):
            answer["result"]["state"][0][2] += 1e-4
    if MODE.startswith("wrong-init-between-") and request["method"] == "init" and "result" in answer:
        low, high = (int(w) for w in MODE.split("-")[3:6:2])
        if low <= request["params"]["birds"] <= high:
            answer["result"]["state"][-1][2] *= 1 + 1e-9
    return answer


_proxy.serve(misbehave)
