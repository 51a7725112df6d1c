# Protocol coverage of the published vectors (issue 23): does the set ask
# every method in valid requests, every parameter at its lower bound, its
# upper bound and a middle value, each number form the protocol allows, and
# states at the extremes INPUT-9 allows? An engine can only be wrong where
# it is asked; a path asked with one value of a parameter is a blind spot.
"""Run: protocol_coverage.py VECTORS_DIR [--gaps FILE] [--write-gaps]

Rebuilds the requests `susurration grade` sends for each published case
(conformance/grader/judge/src/checks.cpp, request_for; a trajectory's run, its
anchor steps, its run_from segments and its verify requests, trajectory_check.cpp) and checks them
against the table below. Prints every missing
combination, one line each. With --gaps, the known gaps are read from FILE
(one per line, `#` comments): exit 1 when a gap is missing from FILE (a new
blind spot) or when FILE lists one that is no longer a gap (so the list
cannot rot); exit 0 when the two agree. --write-gaps writes FILE from what
is found. With no gap file, exit 1 on any gap.
"""
import argparse
import json
import pathlib
import sys

# Each parameter's range: (lowest, highest) by the clause or schema that
# ranges it. "middle" is any value strictly between.
RANGES = {
    ("prng", "seed"): (0, 4294967295, "INPUT-1"),
    ("prng", "skip"): (0, 9007199254740991, "request schema"),
    ("prng", "count"): (1, 100000, "request schema"),
    ("init", "seed"): (0, 4294967295, "INPUT-1"),
    ("init", "birds"): (10, 400, "INPUT-2"),
    ("step", "ticks"): (1, 1000, "INPUT-4"),
    ("step", "birds"): (1, 400, "INPUT-9"),
    ("metrics", "birds"): (1, 400, "INPUT-9"),
    ("hash", "birds"): (1, 400, "DET-3"),
    ("run", "seed"): (0, 4294967295, "INPUT-1"),
    ("run", "birds"): (10, 400, "INPUT-2"),
    ("run", "ticks"): (0, 20000, "INPUT-6"),
    ("run", "state_ticks"): (0, 100, "methods table (entries)"),
    ("run", "schedule"): (0, None, "INPUT-7 (entries)"),
    ("run_from", "ticks"): (1, 1000, "INPUT-4"),
    ("verify", "at_tick"): (1, 20000, "INPUT-5"),
    ("round", "places"): (2, 4, "request schema"),
}
TWO_VALUES = {("round", "places")}  # 2 or 4, nothing between
WEIGHTS = [("step", "weights"), ("run", "weights")]
METHODS = ["prng", "torus_delta", "torus_distance", "init", "step", "metrics", "run", "run_from", "verify", "round",
           "hash"]


def requests(vectors):
    """(method, params) for every valid request the grade of the set sends."""
    return [r for reqs in requests_by_case(vectors).values() for r in reqs]


def group_category(file_category, parameters):
    """The file whose rules a group's cases follow: limits.json holds step
    groups (weights alone) and run groups (birds, weights and schedule),
    each asked and graded as its own file's are (vector_set.cpp)."""
    if file_category == "limits":
        return "trajectories" if "birds" in parameters else "step"
    return file_category


def requests_by_case(vectors):
    """{case id: [(method, params), ...]}: the valid requests each case sends."""
    by_case = {}
    out = []
    for path in sorted(vectors.glob("*.json")):
        doc = json.loads(path.read_text())
        file_category = doc.get("category")
        if file_category in (None, "invalid") or "groups" not in doc:
            continue
        for g in doc["groups"]:
            p = g.get("parameters", {})
            category = group_category(file_category, p)
            for c in g["cases"]:
                out = by_case.setdefault(c["id"], [])
                i = c["input"]
                if category == "prng":
                    out.append(("prng", {"seed": p["seed"], "skip": i["skip"], "count": i["count"]}))
                    if "request_id" in c:
                        # The id the case asks its request with (checks.cpp, grade_case),
                        # beside the params as must_accept.py's checks read it (REQUEST_ID).
                        out[-1][1]["id"] = c["request_id"]
                elif category == "torus":
                    if "size" in p:
                        out.append(("torus_delta", {"a": i["a"], "b": i["b"], "size": p["size"]}))
                    else:
                        out.append(("torus_distance", {"from": i["from"], "to": i["to"]}))
                elif category == "init":
                    out.append(("init", {"seed": i["seed"], "birds": p["birds"]}))
                elif category == "step":
                    out.append(("step", {"state": i["state"], "weights": p["weights"], "ticks": i.get("ticks", 1)}))
                elif category == "metrics":
                    out.append(("metrics", {"state": i["state"]}))
                elif category == "serialisation":
                    if "places" in p:
                        out.append(("round", {"value": i["value"], "places": p["places"]}))
                    else:
                        out.append(("hash", {"state": i["state"]}))
                elif category == "trajectories":
                    anchors = i["anchor_ticks"]
                    wanted = sorted(set([i["ticks"]] + anchors + [t + 1 for t in anchors if t + 1 <= i["ticks"]]))
                    wanted = i.get("state_ticks", wanted)  # a case may name its own (trajectory_check.cpp)
                    out.append(("run", {"seed": i["seed"], "birds": p["birds"], "weights": p["weights"],
                                        "schedule": p["schedule"], "ticks": i["ticks"], "state_ticks": wanted}))
                    for a in c["expected"]["anchors"]:
                        out.append(("step", {"state": a["state"], "weights": p["weights"], "ticks": 1}))
                    # PROTO-14: one run_from from each anchor before the window's end to the next
                    # anchor (the last to the window's end), none past the run's end: reanchor.cpp's
                    # window_segments.
                    window = c["compare"]["window"]
                    every = c["expected"]["anchors"]
                    for k, a in enumerate(every):
                        if a["tick"] >= window:
                            break
                        end = min(every[k + 1]["tick"] if k + 1 < len(every) else window, i["ticks"])
                        if end > a["tick"]:
                            out.append(("run_from", {"state": a["state"], "from_tick": a["tick"],
                                                     "weights": p["weights"], "schedule": p["schedule"],
                                                     "ticks": end - a["tick"]}))
                    # PROTO-14: run_from from each state the case gives (trajectory_check.cpp).
                    for s in c["expected"].get("segments", []):
                        out.append(("run_from", {"state": s["state"], "from_tick": s["from_tick"],
                                                 "weights": p["weights"], "schedule": p["schedule"],
                                                 "ticks": s["ticks"]}))
                    # PROTO-15: verify at each of the case's verify_ticks.
                    for t in i.get("verify_ticks", []):
                        out.append(("verify", {"seed": i["seed"], "birds": p["birds"], "weights": p["weights"],
                                               "schedule": p["schedule"], "at_tick": t}))
    return by_case


def measure(method, name, params):
    """The value of a parameter as RANGES measures it."""
    if name == "birds" and method in ("step", "metrics", "hash"):
        return len(params["state"])
    if name in ("state_ticks", "schedule"):
        return len(params[name])
    return params[name]


def gaps(reqs):
    found = []
    asked = {m for m, _ in reqs}
    for m in METHODS:
        if m not in asked:
            found.append("method %s: never asked in a valid request" % m)
    for (m, name), (lo, hi, where) in RANGES.items():
        values = [measure(m, name, p) for mm, p in reqs if mm == m]
        if not values:
            continue
        if lo not in values:
            found.append("%s %s: never at its lower bound %s (%s)" % (m, name, lo, where))
        if hi is not None and hi not in values:
            found.append("%s %s: never at its upper bound %s (%s)" % (m, name, hi, where))
        if (m, name) in TWO_VALUES:
            continue  # no value between: 3 is no valid places (SERIAL-2)
        if not any(v > lo and (hi is None or v < hi) for v in values):
            found.append("%s %s: never strictly between its bounds (%s)" % (m, name, where))
    for m, name in WEIGHTS:
        weights = [p[name] for mm, p in reqs if mm == m]
        for k, rule in enumerate(("cohesion", "alignment", "separation")):
            column = [w[k] for w in weights]
            for value, what in ((0, "0"), (1, "1")):
                if value not in column:
                    found.append("%s %s weight: never %s (INPUT-3)" % (m, rule, what))
            if not any(0 < v < 1 for v in column):
                found.append("%s %s weight: never strictly between 0 and 1 (INPUT-3)" % (m, rule))
    runs = [p for mm, p in reqs if mm == "run"]
    if runs and not any(e["tick"] == 0 for p in runs for e in p["schedule"]):
        found.append("run schedule: no entry at tick 0 (WEIGHTS-3)")
    states = [p["state"] for mm, p in reqs if mm in ("step", "metrics")]
    speeds = [max(abs(b[2]), abs(b[3])) for s in states for b in s]
    if speeds and max(speeds) < 1e149:
        found.append("state velocity: no component near the upper bound 1e150 (INPUT-9)")
    if speeds and min(speeds) > 1e-149:
        found.append("state velocity: no bird whose larger component is near the lower bound 1e-150 (INPUT-9)")
    return found


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("vectors")
    p.add_argument("--gaps", default="")
    p.add_argument("--write-gaps", action="store_true")
    a = p.parse_args()
    found = gaps(requests(pathlib.Path(a.vectors)))
    if a.write_gaps:
        pathlib.Path(a.gaps).write_text(
            "# Known protocol-coverage gaps of the published vectors (conformance/lint/protocol_coverage.py).\n"
            "# Each is a blind spot to close with generated cases (issue 23); the lint fails on a gap not\n"
            "# listed here and on a line here that is no longer a gap.\n" + "".join(g + "\n" for g in found))
        return 0
    known = set()
    if a.gaps:
        known = {l.strip() for l in pathlib.Path(a.gaps).read_text().splitlines()
                 if l.strip() and not l.startswith("#")}
    new = [g for g in found if g not in known]
    stale = sorted(known - set(found))
    for g in found:
        print(("known  " if g in known else "GAP    ") + g)
    for g in stale:
        print("STALE  " + g + " (no longer a gap: take it out of the gap file)")
    print("%d gaps, %d of them new, %d listed that are closed" % (len(found), len(new), len(stale)))
    return 1 if new or stale else 0


if __name__ == "__main__":
    sys.exit(main())
