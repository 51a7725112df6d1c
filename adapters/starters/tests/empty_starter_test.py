# A starter as shipped grades not conformant, and every failure is an empty model function's.
"""Run: empty_starter_test.py --susurration BIN --engine CMD

Grades the starter as shipped (its model functions all raise "... is not
written yet") against the published set and checks what an author sees
first: the level is not conformant; no case errored; every invalid.json
case the starter is asked passes (the protocol half is done); every failure
is one of the model's placeholders, under a clause of the model (never
PROTO-*, never INPUT-*), and so are the diagnosis's causes and the report's
first failure; and prng, the torus, init, step and metrics are each named
by a failure (an empty function no case reaches would go unnoticed).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

# torus_delta is torusDelta in JavaScript: "torus" names both spellings.
FUNCTIONS = ("prng", "torus", "init", "step", "metrics")
PROTOCOL_GROUPS = ("PROTO-", "INPUT-")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--susurration", required=True)
    p.add_argument("--engine", required=True)
    a = p.parse_args()
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "report.json")
        run = subprocess.run([a.susurration, "grade", "--engine", a.engine, "--fresh", "off",
                              "--jobs", "2", "--format", "json", "--output", out],
                             capture_output=True, text=True, timeout=540)
        if run.returncode != 1:
            problems.append("grade exited %d, not 1 (not conformant): %s"
                            % (run.returncode, run.stderr[-500:]))
        if not os.path.exists(out):
            print("\n".join(problems + ["no report was written"]))
            return 1
        with open(out) as f:
            report = json.load(f)
    if report["level"] != "not conformant":
        problems.append("level %r, not 'not conformant'" % report["level"])
    if report["counts"]["errored"]:
        problems.append("%d cases errored" % report["counts"]["errored"])
    failing = [c for c in report["cases"] if c["outcome"] == "fail"]
    if not failing:
        problems.append("no case failed")
    for case in report["cases"]:
        if case["category"] == "invalid" and case["outcome"] not in ("pass-exact", "skipped"):
            problems.append("%s (invalid.json) is %s: %s" % (case["id"], case["outcome"], case["message"][:200]))
    for case in failing:
        if "is not written yet" not in case["message"]:
            problems.append("%s fails but not on an empty model function: %s" % (case["id"], case["message"][:200]))
        if case["clause"].startswith(PROTOCOL_GROUPS):
            problems.append("%s fails under %s, a protocol clause" % (case["id"], case["clause"]))
    for cause in report["diagnosis"]["causes"]:
        if cause["clause"].startswith(PROTOCOL_GROUPS):
            problems.append("the diagnosis names %s, a protocol clause" % cause["clause"])
    first = report.get("first_failure") or {}
    if not first or first["clause"].startswith(PROTOCOL_GROUPS) or "is not written yet" not in first["message"]:
        problems.append("the first failure is not an empty model function's: %r" % (first,))
    messages = " ".join(c["message"] for c in failing)
    for name in FUNCTIONS:
        if name not in messages:
            problems.append("no failure names the model function %s" % name)
    for line in problems:
        print(line)
    print("%d failing cases, causes %s, first failure %s (%s)" % (
        len(failing), [c["clause"] for c in report["diagnosis"]["causes"]],
        first.get("case"), first.get("clause")))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
