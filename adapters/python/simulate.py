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
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import inputs  # noqa: E402
import susurration_flock as flock  # noqa: E402
from inputs import InvalidInput  # noqa: E402


def parse_int(field, text, bounds):
    lo, hi = bounds
    if not re.fullmatch(r"[0-9]+", text or "") or not lo <= int(text) <= hi:
        raise InvalidInput(field, text, "%d..%d" % (lo, hi))
    return int(text)


def parse_weights(text):
    allowed = "three comma-separated numbers C,A,S, each in [0, 1]"
    parts = (text or "").split(",")
    if len(parts) != 3:
        raise InvalidInput("weights", text, allowed)
    try:
        ws = tuple(float(p) for p in parts)
    except ValueError:
        raise InvalidInput("weights", text, allowed) from None
    if not all(map(inputs.weight_ok, ws)):
        raise InvalidInput("weights", text, allowed)
    return ws


def load_schedule(path):
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        raise InvalidInput("schedule", path, "a readable JSON file") from None
    try:
        return inputs.schedule("schedule", data)
    except InvalidInput as exc:
        # Name the file, then what in it is wrong.
        raise InvalidInput("schedule", path, str(exc).partition("(allowed: ")[2][:-1]) from None


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
        seed = parse_int("seed", args.seed, inputs.SEED_RANGE)
        birds = parse_int("birds", args.birds, inputs.BIRDS_RANGE)
        ticks = parse_int("ticks", args.ticks, inputs.RUN_TICKS_RANGE)
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
