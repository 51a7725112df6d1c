# Command line for the Python Susurration engine: prints per-tick metrics as JSON Lines.
"""simulate.py --seed S --birds N --ticks T [--weights C,A,S] [--schedule FILE]

Prints one JSON object per tick 0..T:
  {"tick": t, "polarization": p, "cluster_count": c, "mean_neighbor_distance": m}
Floats use repr() (shortest round trip, always with '.' or an exponent);
an empty mean_neighbor_distance is null.  A bad value prints one line
"invalid <field>: <value> (allowed: <range>)" on stderr and exits 2, with
nothing on stdout (INPUT-8).

--schedule FILE: JSON array of {"tick", "cohesion", "alignment", "separation"}
with ticks 0..20000 strictly increasing; a change at tick t applies to the
step t -> t+1 and later.  It overrides --weights from its first tick on.
"""

import argparse
import json
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import susurration_flock as flock  # noqa: E402


class InvalidInput(Exception):
    pass


def _invalid(field, value, allowed):
    return InvalidInput("invalid %s: %s (allowed: %s)" % (field, value, allowed))


def parse_int(field, text, lo, hi):
    if not re.fullmatch(r"[0-9]+", text or "") or not lo <= int(text) <= hi:
        raise _invalid(field, text, "%d..%d" % (lo, hi))
    return int(text)


def _weight_ok(w):
    return isinstance(w, float) and math.isfinite(w) and 0.0 <= w <= 1.0


def parse_weights(text):
    allowed = "three comma-separated numbers C,A,S, each in [0, 1]"
    parts = (text or "").split(",")
    if len(parts) != 3:
        raise _invalid("weights", text, allowed)
    try:
        ws = tuple(float(p) for p in parts)
    except ValueError:
        raise _invalid("weights", text, allowed) from None
    if not all(_weight_ok(w) for w in ws):
        raise _invalid("weights", text, allowed)
    return ws


def load_schedule(path):
    allowed = ('a JSON array of {"tick", "cohesion", "alignment", "separation"}, '
               "ticks 0..20000 strictly increasing, weights in [0, 1]")
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        raise _invalid("schedule", path, allowed) from None
    schedule = {}
    last = -1
    if not isinstance(data, list):
        raise _invalid("schedule", path, allowed)
    for entry in data:
        if not isinstance(entry, dict):
            raise _invalid("schedule", path, allowed)
        t = entry.get("tick")
        if type(t) is not int or not (0 <= t <= 20000) or t <= last:
            raise _invalid("schedule", path, allowed)
        ws = []
        for key in ("cohesion", "alignment", "separation"):
            w = entry.get(key)
            if type(w) is int:
                w = float(w)
            if not _weight_ok(w):
                raise _invalid("schedule", path, allowed)
            ws.append(w)
        schedule[t] = tuple(ws)
        last = t
    return schedule


def format_row(tick, metrics):
    pol, clusters, mean = metrics
    return json.dumps({
        "tick": tick,
        "polarization": pol,
        "cluster_count": clusters,
        "mean_neighbor_distance": mean,
    })


def main(argv=None):
    parser = argparse.ArgumentParser(description="Susurration flock simulation (Python engine)")
    parser.add_argument("--seed", required=True, help="uint32 seed, 0..4294967295")
    parser.add_argument("--birds", default="120", help="number of birds, 10..400 (default 120)")
    parser.add_argument("--ticks", required=True, help="steps to run, 0..20000")
    parser.add_argument("--weights", default="1,1,1",
                        help="cohesion,alignment,separation, each in [0, 1] (default 1,1,1)")
    parser.add_argument("--schedule", help="JSON weight schedule file")
    args = parser.parse_args(argv)

    try:
        seed = parse_int("seed", args.seed, 0, 4294967295)
        birds = parse_int("birds", args.birds, 10, 400)
        ticks = parse_int("ticks", args.ticks, 0, 20000)
        weights = parse_weights(args.weights)
        schedule = load_schedule(args.schedule) if args.schedule else None
    except InvalidInput as exc:
        print(exc, file=sys.stderr)
        return 2

    out = sys.stdout
    try:
        for tick, m in flock.run(seed, birds, ticks, weights, schedule):
            out.write(format_row(tick, m) + "\n")
        out.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
