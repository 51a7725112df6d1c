# Every "must accept" of spec/ is asked (issue 53): spec/must-accept.md lists
# each form, value and combination an engine is obliged to accept, with the
# published cases that ask it. A promise no valid request asks is one
# nobody checks: an engine that refuses it passes every grade.
"""Run: must_accept.py VECTORS_DIR --table spec/must-accept.md [--gaps FILE] [--suggest]
       [--susurration BIN --fresh-seeds 1-3]

Reads the table, rebuilds the requests a grade of the published set sends
(protocol_coverage.py) and checks each row: its check is one this file
knows, every case it names exists, and each of them sends at least one
valid request the check holds for. A row that names no case fails, unless
the gap file lists it (one `ACCEPT-n reason` a line); a listed row that
names a case fails too, so the list cannot rot. --suggest prints, for each
row, the published cases that ask it. With --fresh-seeds, a row whose
Fresh column names fresh files (`fresh \`step.json\``) must be asked in
each of them by the fresh set of every seed given.

refusing_engine.py (adapters/doubles/refusing) refuses, by the same checks,
exactly the requests that ask one row, to show a grade fails it.
"""
import argparse
import math
import pathlib
import re
import sys

import protocol_coverage

MOST_SEED = 4294967295
MOST_ID = 2 ** 53 - 1
# A check reads a request's `id` beside its params under this key (no
# method takes a parameter of that name): protocol_coverage.py puts a
# case's request_id there, refusing_engine.py the id of each request.
REQUEST_ID = "id"
SMALLEST_NORMAL = 2.2250738585072014e-308
LARGEST = 1.7976931348623157e308
SIZES = (1000.0, 600.0)
STATE_METHODS = ("step", "metrics", "run_from")  # INPUT-9
WEIGHTED = ("step", "run", "run_from", "verify")  # INPUT-3
SCHEDULED = ("run", "run_from", "verify")  # INPUT-7


def weights(method, params):
    """(field, weight) for each weight a request carries, schedule entries too."""
    if method in WEIGHTED:
        for w in params["weights"]:
            yield "weights", w
    if method in SCHEDULED:
        for e in params["schedule"]:
            for k in ("cohesion", "alignment", "separation"):
                yield "schedule", e[k]


def first(pairs, holds):
    return next((f for f, w in pairs if holds(w)), None)


def whole_int(value):
    return lambda w: type(w) is int and w == value


def float_of(value):
    return lambda w: type(w) is float and w == value and math.copysign(1, w) == math.copysign(1, value)


def exponent(w):
    # The kit writes the shortest form (SERIAL-1), as repr does: `1e-05`.
    return type(w) is float and "e" in repr(w)


def states(method, params):
    return [params["state"]] if method in STATE_METHODS else []


def state_check(holds):
    return lambda m, p: "state" if any(holds(s) for s in states(m, p)) else None


def torus_delta(a, b, size):
    d = b - a
    if d > size / 2:
        d -= size
    elif d < -size / 2:
        d += size
    return d


def pairs(s):
    for i in range(len(s)):
        for j in range(i + 1, len(s)):
            yield (torus_delta(s[i][0], s[j][0], 1000.0), torus_delta(s[i][1], s[j][1], 600.0), s[i], s[j])


def negative_zero(v):
    return v == 0 and math.copysign(1, v) < 0


NAMED = {
    # INPUT-3: the number forms of a weight, and its ends.
    "weight-written-1": lambda m, p: first(weights(m, p), whole_int(1)),
    "weight-written-0": lambda m, p: first(weights(m, p), whole_int(0)),
    "weight-with-an-exponent": lambda m, p: first(weights(m, p), exponent),
    "weight-1.0": lambda m, p: first(weights(m, p), float_of(1.0)),
    "weight-0.0": lambda m, p: first(weights(m, p), float_of(0.0)),
    # INPUT-7: a schedule's forms and the ticks at its ends.
    "schedule-empty": lambda m, p: "schedule" if m in SCHEDULED and not p["schedule"] else None,
    "schedule-tick-0": lambda m, p: "schedule" if m in SCHEDULED and any(e["tick"] == 0 for e in p["schedule"]) else None,
    "schedule-tick-20000": lambda m, p: ("schedule" if m in SCHEDULED and any(e["tick"] == 20000 for e in p["schedule"])
                                         else None),
    "schedule-at-the-last-tick": lambda m, p: ("schedule" if m == "run" and
                                               any(e["tick"] == p["ticks"] for e in p["schedule"]) else None),
    "schedule-at-verify-at-tick": lambda m, p: ("schedule" if m == "verify" and
                                                any(e["tick"] == p["at_tick"] for e in p["schedule"]) else None),
    # INPUT-9 and FIELD-2: a constructed state at each extreme it allows.
    "state-x-0": state_check(lambda s: any(b[0] == 0 for b in s)),
    "state-x-1000": state_check(lambda s: any(b[0] == 1000.0 for b in s)),
    "state-y-0": state_check(lambda s: any(b[1] == 0 for b in s)),
    "state-y-600": state_check(lambda s: any(b[1] == 600.0 for b in s)),
    "state-velocity-1e+150": state_check(lambda s: any(abs(b[2]) == 1e150 or abs(b[3]) == 1e150 for b in s)),
    "state-velocity-1e-150": state_check(lambda s: any(max(abs(b[2]), abs(b[3])) == 1e-150 for b in s)),
    "state-velocity-negative-zero": state_check(lambda s: any(negative_zero(b[2]) or negative_zero(b[3]) for b in s)),
    "state-subnormal-velocity": state_check(lambda s: any(0 < abs(v) < SMALLEST_NORMAL for b in s for v in b[2:])),
    "state-subnormal-position": state_check(lambda s: any(0 < abs(v) < SMALLEST_NORMAL for b in s for v in b[:2])),
    "state-two-birds-in-one-place": state_check(lambda s: len({(b[0], b[1]) for b in s}) < len(s)),
    "state-one-place-across-the-seam": state_check(
        lambda s: len(s) <= 50 and any(dx == 0 and dy == 0 and (i[0], i[1]) != (j[0], j[1]) for dx, dy, i, j in pairs(s))),
    "state-birds-1e-150-apart": state_check(
        lambda s: len(s) <= 50 and any(abs(dx) == 1e-150 or abs(dy) == 1e-150 for dx, dy, _, _ in pairs(s))),
    # The torus methods: coordinates at both ends of FIELD-2.
    "torus-delta-at-0": lambda m, p: "a" if m == "torus_delta" and 0 in (p["a"], p["b"]) else None,
    "torus-delta-at-the-size": lambda m, p: "a" if m == "torus_delta" and p["size"] in (p["a"], p["b"]) else None,
    "torus-distance-at-the-far-corner": lambda m, p: ("from" if m == "torus_distance" and
                                                      [1000.0, 600.0] in (p["from"], p["to"]) else None),
    # round takes any finite double; hash any finite state (DET-3).
    "round-negative-zero": lambda m, p: "value" if m == "round" and negative_zero(p["value"]) else None,
    "round-subnormal": lambda m, p: "value" if m == "round" and 0 < abs(p["value"]) < SMALLEST_NORMAL else None,
    "round-largest-double": lambda m, p: "value" if m == "round" and abs(p["value"]) == LARGEST else None,
    "hash-state-off-the-field": lambda m, p: ("state" if m == "hash" and any(
        not (0 <= b[0] <= 1000 and 0 <= b[1] <= 600) for b in p["state"]) else None),
    # run's own parameters at their ends.
    "run-state-ticks-empty": lambda m, p: "state_ticks" if m == "run" and not p["state_ticks"] else None,
    "run-state-ticks-with-0": lambda m, p: "state_ticks" if m == "run" and 0 in p["state_ticks"] else None,
    "run-state-ticks-with-the-last": lambda m, p: ("state_ticks" if m == "run" and p["ticks"] in p["state_ticks"]
                                                   else None),
    "run-from-with-a-change-before-from-tick": lambda m, p: ("schedule" if m == "run_from" and any(
        e["tick"] <= p["from_tick"] for e in p["schedule"]) else None),
    "run-from-past-20000": lambda m, p: "from_tick" if m == "run_from" and p["from_tick"] + p["ticks"] > 20000 else None,
    "run-from-a-lone-bird": lambda m, p: "state" if m == "run_from" and len(p["state"]) == 1 else None,
    # Every parameter at its limit at once.
    "run-seed-and-birds-at-most": lambda m, p: ("seed" if m == "run" and p["seed"] == MOST_SEED and p["birds"] == 400
                                                else None),
    "verify-seed-and-birds-at-most": lambda m, p: ("seed" if m == "verify" and p["seed"] == MOST_SEED and
                                                   p["birds"] == 400 else None),
    "step-400-birds-for-1000-ticks": lambda m, p: "ticks" if m == "step" and len(p["state"]) == 400 and p["ticks"] == 1000 else None,
    "run-400-birds-for-20000-ticks": lambda m, p: "ticks" if m == "run" and p["birds"] == 400 and p["ticks"] == 20000 else None,
    # The kit's own: request ids (PROTO-6) and the integer 1000 for a size.
    "request-id-near-2^53": lambda m, p: "id" if p.get(REQUEST_ID, 0) >= 2 ** 32 else None,
    "torus-size-written-1000": lambda m, p: "size" if m == "torus_delta" and type(p["size"]) is int else None,
}

# `method.param=N`: that parameter at N, as protocol_coverage.py measures it
# (a state's bird count for step, metrics and hash).
BOUND = re.compile(r"^([a-z_]+)\.([a-z_]+)=(\d+)$")


def check(name):
    """The function (method, params) -> the parameter that asks the row, or None."""
    if name in NAMED:
        return NAMED[name]
    m = BOUND.match(name)
    if not m:
        return None
    method, param, value = m.group(1), m.group(2), int(m.group(3))
    field = "state" if param == "birds" and method in ("step", "metrics", "hash") else param

    def holds(mm, p):
        return field if mm == method and protocol_coverage.measure(mm, param, p) == value else None
    return holds


# The clause a refusal naming each parameter is filed under (checks.cpp,
# refused_clause): the INPUT clause that ranges it, else PROTO-6, since a
# parameter spec/inputs.md does not range is refused as no request.
RANGED = {"seed": "INPUT-1", "birds": "INPUT-2", "weights": "INPUT-3", "at_tick": "INPUT-5", "schedule": "INPUT-7",
          "state": "INPUT-9"}


def refusal(method, field):
    """(code, field, clause) of a refusal of `field` in a `method` request."""
    if field == "ticks":
        return "invalid-input", field, "INPUT-6" if method == "run" else "INPUT-4"
    if field in RANGED:
        return "invalid-input", field, RANGED[field]
    return "invalid-request", None, "PROTO-6"


ROW = re.compile(r"^\|\s*(ACCEPT-\d+)\s*\|")


def read_table(path):
    """Rows of the table: dicts with id, clause, accept, check, cases, fresh."""
    rows = []
    for line in pathlib.Path(path).read_text().splitlines():
        if not ROW.match(line):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 6:
            raise ValueError("%s: a row needs 6 cells, has %d: %s" % (path, len(cells), line))
        rid, clause, accept, chk, cases, fresh = cells
        rows.append({"id": rid, "clause": clause, "accept": accept, "check": chk.strip("`"),
                     "cases": re.findall(r"`([^`]+)`", cases), "fresh": fresh})
    return rows


def read_gaps(path):
    if not path:
        return {}
    out = {}
    for line in pathlib.Path(path).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            rid, _, reason = line.strip().partition(" ")
            out[rid] = reason
    return out


def problems(rows, by_case, gaps):
    """Every reason the table fails, one line each."""
    found = []
    seen = set()
    for row in rows:
        rid = row["id"]
        if rid in seen:
            found.append("%s: listed twice" % rid)
        seen.add(rid)
        holds = check(row["check"])
        if holds is None:
            found.append("%s: no check named %s (must_accept.py)" % (rid, row["check"]))
            continue
        if not row["cases"]:
            if rid not in gaps:
                found.append("%s: no case asks it (%s)" % (rid, row["accept"]))
            continue
        if rid in gaps:
            found.append("%s: listed as a gap but names a case: take it out of the gap file" % rid)
        for case in row["cases"]:
            if case not in by_case:
                found.append("%s: no published case %s" % (rid, case))
            elif not any(holds(m, p) for m, p in by_case[case]):
                found.append("%s: case %s sends no request that asks it (%s)" % (rid, case, row["check"]))
    for rid in sorted(set(gaps) - seen):
        found.append("%s: listed as a gap but no row has that id" % rid)
    return found


def fresh_problems(rows, seed, by_file):
    """Rows whose Fresh cell names fresh files that the set of `seed` does
    not ask them in. `by_file`: {file name: {case id: requests}}."""
    found = []
    for row in rows:
        if not row["fresh"].startswith("fresh "):
            continue
        holds = check(row["check"])
        for name in re.findall(r"`([a-z_]+\.json)`", row["fresh"]):
            cases = by_file.get(name, {})
            if not any(holds(m, p) for reqs in cases.values() for m, p in reqs):
                found.append("%s: the fresh %s of seed %d does not ask it (%s)" % (row["id"], name, seed, row["check"]))
    return found


def fresh_sets(binary, seeds):
    """(seed, {file name: {case id: requests}}) for each seed's fresh set."""
    import subprocess
    import tempfile
    for seed in seeds:
        with tempfile.TemporaryDirectory() as tmp:
            r = subprocess.run([str(binary), "vectors", "--fresh", str(seed), "--out", tmp], capture_output=True, text=True)
            if r.returncode != 0:
                raise RuntimeError("vectors --fresh %d exited %d: %s" % (seed, r.returncode, r.stderr.strip()))
            by_file = {}
            for f in sorted(pathlib.Path(tmp).glob("*.json")):
                one = pathlib.Path(tmp) / "one"
                one.mkdir(exist_ok=True)
                (one / f.name).write_bytes(f.read_bytes())
                by_file[f.name] = protocol_coverage.requests_by_case(one)
                (one / f.name).unlink()
            yield seed, by_file


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("vectors")
    p.add_argument("--table", required=True)
    p.add_argument("--gaps", default="")
    p.add_argument("--suggest", action="store_true")
    p.add_argument("--susurration", default="", help="with --fresh-seeds: the binary that draws fresh sets")
    p.add_argument("--fresh-seeds", default="", help="e.g. 1-3: check the Fresh column against these seeds' sets")
    a = p.parse_args()
    rows = read_table(a.table)
    by_case = protocol_coverage.requests_by_case(pathlib.Path(a.vectors))
    if a.suggest:
        for row in rows:
            holds = check(row["check"])
            asking = [c for c, reqs in by_case.items() if holds and any(holds(m, q) for m, q in reqs)]
            print("%s %s: %s" % (row["id"], row["check"], " ".join(asking[:4]) or "NONE"))
        return 0
    gaps = read_gaps(a.gaps)
    found = problems(rows, by_case, gaps)
    if a.fresh_seeds:
        lo, _, hi = a.fresh_seeds.partition("-")
        for seed, by_file in fresh_sets(a.susurration, range(int(lo), int(hi or lo) + 1)):
            found += fresh_problems(rows, seed, by_file)
    for line in found:
        print(line)
    asked = sum(1 for r in rows if r["cases"])
    print("%d rows, %d asked by a case, %d listed gaps, %d problems" % (len(rows), asked, len(gaps), len(found)))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
