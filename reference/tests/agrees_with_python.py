# Cross-engine test: compares `susurration simulate` with the Python engine tick by tick (TOL-1..3).
"""Usage:
  agrees_with_python.py --susurration PATH_TO_BINARY --engine PATH_TO/adapters/python/simulate.py
                        [--seed 42] [--birds 120] [--ticks 200] [--weights C,A,S] [--timeout SECONDS]

Runs `<susurration> simulate --seed S --birds N --ticks T [--weights C,A,S]` and
`<python> <engine>` with the same arguments; both print JSON Lines, one object
per tick 0..T with polarization, cluster_count and mean_neighbor_distance
(extra fields are ignored).  Agreement per tick:
  polarization, mean_neighbor_distance: |a - b| <= 1e-3 * max(|a|, |b|)
      (NaN never agrees; null agrees only with null)
  cluster_count: equal.
Ticks after 200 are indicative only (TOL-2): reported, never a failure.

Exit status: 0 all agree; 1 a disagreement (the first one is printed) or a
missing/extra tick; 2 usage error, a process that cannot start, fails, times
out or prints something that is not JSON Lines of the expected shape.
"""

import argparse
import json
import math
import struct
import subprocess
import sys

REL_TOL = 1e-3
WINDOW = 200            # TOL-2: ticks 0..200 decide; later ticks are indicative
FLOAT_FIELDS = ("polarization", "mean_neighbor_distance")
FIELDS = ("polarization", "cluster_count", "mean_neighbor_distance")


class ProcessFailure(Exception):
    pass


def run_engine(label, cmd, timeout):
    """Run cmd, return {tick: row}; ProcessFailure on any failure."""
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=timeout, check=False)
    except OSError as exc:
        raise ProcessFailure("%s: cannot run %s: %s" % (label, cmd[0], exc)) from None
    except subprocess.TimeoutExpired:
        raise ProcessFailure("%s: timed out after %g s" % (label, timeout)) from None
    if proc.returncode != 0:
        err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise ProcessFailure("%s: exit status %d%s" % (
            label, proc.returncode, (": " + err[-1]) if err else ""))
    rows = {}
    duplicates = []
    for lineno, line in enumerate(proc.stdout.decode("utf-8", "replace").splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            raise ProcessFailure("%s: line %d is not JSON: %.80s" % (label, lineno, line)) from None
        if not isinstance(obj, dict) or type(obj.get("tick")) is not int:
            raise ProcessFailure("%s: line %d has no integer \"tick\": %.80s" % (label, lineno, line))
        for field in FIELDS:
            if field not in obj:
                raise ProcessFailure("%s: line %d lacks %s" % (label, lineno, field))
        if obj["tick"] in rows:
            duplicates.append(obj["tick"])
        rows[obj["tick"]] = obj
    if duplicates:
        raise ProcessFailure("%s: duplicate tick %d" % (label, duplicates[0]))
    return rows


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def same_bits(a, b):
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, float) or isinstance(b, float):
        if not (is_number(a) and is_number(b)):
            return False
        return struct.pack("<d", float(a)) == struct.pack("<d", float(b))
    return a == b and type(a) is type(b)


def relative_diff(a, b):
    """|a - b| / max(|a|, |b|); 0 for equal values, inf if not comparable."""
    if not (is_number(a) and is_number(b)):
        return 0.0 if (a is None and b is None) else math.inf
    a, b = float(a), float(b)
    if math.isnan(a) or math.isnan(b):
        return math.inf
    if a == b:
        return 0.0
    return abs(a - b) / max(abs(a), abs(b))


def float_agrees(a, b):
    if a is None or b is None:
        return a is None and b is None
    if not (is_number(a) and is_number(b)):
        return False
    a, b = float(a), float(b)
    return abs(a - b) <= REL_TOL * max(abs(a), abs(b))   # False for NaN


def count_agrees(a, b):
    return is_number(a) and is_number(b) and a == b


def main(argv=None):
    parser = argparse.ArgumentParser(description="Compare susurration simulate with the Python engine.")
    parser.add_argument("--susurration", required=True, help="path to the susurration binary")
    parser.add_argument("--engine", required=True, help="path to adapters/python/simulate.py")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--birds", type=int, default=120)
    parser.add_argument("--ticks", type=int, default=200)
    parser.add_argument("--weights", help="C,A,S (passed to both engines)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per engine (default 600)")
    args = parser.parse_args(argv)          # usage errors exit 2
    if args.ticks < 0:
        parser.error("--ticks must be >= 0")

    sim_args = ["--seed", str(args.seed), "--birds", str(args.birds), "--ticks", str(args.ticks)]
    if args.weights is not None:
        sim_args += ["--weights", args.weights]
    try:
        ref = run_engine("susurration", [args.susurration, "simulate"] + sim_args, args.timeout)
        py = run_engine("python engine", [sys.executable, args.engine] + sim_args, args.timeout)
    except ProcessFailure as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 2

    ticks = range(args.ticks + 1)
    first_failure = None          # (tick, field, ref value, python value)
    indicative = 0                # disagreements after the window
    first_indicative = None
    compared = identical = 0
    max_rel, max_rel_at = 0.0, None
    for t in ticks:
        a, b = ref.get(t), py.get(t)
        if a is None or b is None:
            if first_failure is None:
                first_failure = (t, "row", "present" if a else "missing", "present" if b else "missing")
            continue
        compared += 1
        if all(same_bits(a[f], b[f]) for f in FIELDS):
            identical += 1
        bad = None
        for f in FIELDS:
            if f in FLOAT_FIELDS:
                rel = relative_diff(a[f], b[f])
                if rel > max_rel or (max_rel_at is None and rel == max_rel):
                    max_rel, max_rel_at = rel, (t, f)
                ok = float_agrees(a[f], b[f])
            else:
                ok = count_agrees(a[f], b[f])
            if not ok and bad is None:
                bad = (t, f, a[f], b[f])
        if bad is not None:
            if t <= WINDOW:
                if first_failure is None:
                    first_failure = bad
            else:
                indicative += 1
                if first_indicative is None:
                    first_indicative = bad
    extra = sorted((set(ref) | set(py)) - set(ticks))   # rows beyond tick T
    if extra and first_failure is None:
        t = extra[0]
        first_failure = (t, "row", "present" if t in ref else "missing", "present" if t in py else "missing")

    cmd = "simulate " + " ".join(sim_args)
    print("susurration vs python engine: %s" % cmd)
    print("  %-26s %d (ticks 0..%d)" % ("ticks compared", compared, args.ticks))
    print("  %-26s %d" % ("bit-identical ticks", identical))
    where = "at tick %d, %s" % max_rel_at if max_rel_at else "-"
    print("  %-26s %.3g (%s)" % ("max relative difference", max_rel, where))
    if args.ticks > WINDOW:
        print("  %-26s %d (ticks > %d, not a failure)" % ("indicative disagreements", indicative, WINDOW))
        if first_indicative is not None:
            t, f, va, vb = first_indicative
            print("  %-26s tick %d, %s: susurration=%s python=%s" % (
                "first indicative", t, f, json.dumps(va), json.dumps(vb)))
    if first_failure is None:
        print("  %-26s agree (tolerance %g relative, cluster_count equal)" % ("verdict", REL_TOL))
        return 0
    t, f, va, vb = first_failure
    print("  %-26s DISAGREE" % "verdict")
    print("first disagreement: tick %d, %s: susurration=%s python=%s" % (
        t, f, json.dumps(va), json.dumps(vb)))
    return 1


if __name__ == "__main__":
    sys.exit(main())
