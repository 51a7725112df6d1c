"""An engine whose pace the test sets: it forwards every request to a real
engine (the command after --) and holds each answer back for --delay
seconds before writing it.

  python3 paced_engine.py --delay 0.3 -- susurration engine

A test that watches what the kit shows over time (progress, a deadline
that must hold) grades this engine instead of relying on the kit being
slow enough: every answer takes at least --delay, on any machine.
"""
import argparse
import json
import subprocess
import sys
import time


def is_shutdown(line):
    try:
        request = json.loads(line)
    except ValueError:  # the kit sends lines that are no request on purpose
        return False
    return isinstance(request, dict) and request.get("method") == "shutdown"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--delay", type=float, required=True, help="seconds to hold back each answer")
    p.add_argument("engine", nargs=argparse.REMAINDER)
    a = p.parse_args()
    command = a.engine[1:] if a.engine and a.engine[0] == "--" else a.engine
    real = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    for line in sys.stdin.buffer:
        real.stdin.write(line)
        real.stdin.flush()
        answer = real.stdout.readline()
        time.sleep(a.delay)
        sys.stdout.buffer.write(answer)
        sys.stdout.buffer.flush()
        if is_shutdown(line):
            break
    real.stdin.close()
    real.wait()


if __name__ == "__main__":
    main()
