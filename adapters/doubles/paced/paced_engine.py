"""An engine whose pace the test sets: the reference engine behind the
hostile catalogue's proxy (adapters/doubles/hostile/_proxy.py),
with each answer held back for DELAY seconds before it is written.

  python3 paced_engine.py SUSURRATION_BINARY DELAY

A test that watches what the kit shows over time (progress, a deadline
that must hold) grades this engine instead of relying on the kit being
slow enough: every answer takes at least DELAY, on any machine. Like every
proxy engine it takes valid requests only.
"""
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "hostile"))
import _proxy  # noqa: E402

DELAY = float(sys.argv[2])


def misbehave(request, forward):
    answer = forward(request)
    time.sleep(DELAY)
    return answer


_proxy.serve(misbehave)
