# Grades the faithful_libm variant under many seeds, each another libm whose
# hypot, sin and cos are one ulp off wherever its hash says so (README.md
# here), and prints how many the kit rejected (issue 12: none may be) and
# the smallest margin seen.
"""Run: faithful_libm.py --susurration BIN --engine VARIANT --vectors DIR --seeds 1-20

Each seed K is graded as `VARIANT --libm-seed K engine` over the whole
vector set and must come out exact or conformant. Exit 0 when every seed
does, 1 when one does not, 2 when a grade gives no report.

The margin is measured on what decides drift (TOL-6): a trajectory case
whose free run leaves the tolerance is re-anchored, and the report gives
the largest relative difference (TOL-1's |a-b|/max(|a|,|b|)) its
re-anchored segments reached. The case's margin is its tolerance (1e-3)
over that difference: how many times the closest segment stays inside the
tolerance. Infinite when the segments had the reference's bits, or when no
case left the tolerance; at most 1 is a failure, not drift.
"""
import argparse
import json
import math
import os
import subprocess
import sys


def parse_seeds(text):
    seeds = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        seeds.extend(range(int(first), int(last or first) + 1))
    return seeds


def tolerances(vectors):
    """id -> TOL-1's relative tolerance for every trajectory case."""
    with open(os.path.join(vectors, "trajectories.json")) as f:
        data = json.load(f)
    return {case["id"]: case["compare"]["relative"]
            for group in data["groups"] for case in group["cases"]}


def grade(a, seed):
    command = "%s --libm-seed %d engine" % (a.engine, seed)
    # --fresh off: the published set, the same every run (scripts/fresh-sweep grades fresh ones).
    r = subprocess.run([a.susurration, "grade", "--fresh", "off", "--jobs", str(a.jobs), "--timeout", str(a.timeout),
                        "--vectors", a.vectors, "--report", "json", "--engine", command],
                       capture_output=True, text=True, timeout=3600)
    if not r.stdout:
        return None, "no report (exit %d): %s" % (r.returncode, r.stderr.strip()[-300:])
    return json.loads(r.stdout), ""


def departures(report, trajectories):
    """(margin, case, largest_relative, unequal_ticks, tick left) for each
    trajectory case that was re-anchored."""
    out = []
    for case in report["cases"]:
        m = case.get("reanchor")
        if case["id"] not in trajectories or m is None:
            continue
        largest = m["largest_relative"]
        margin = trajectories[case["id"]] / largest if largest > 0 else math.inf
        if m["unequal_ticks"]:
            margin = 0.0  # a cluster count differs: no relative measure, and not drift
        d = case["difference"]
        out.append((margin, case["id"], largest, m["unequal_ticks"], d["tick"] if d else None))
    return out


def show(margin):
    return "inf" if math.isinf(margin) else "%.3g" % margin


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--susurration", required=True)
    p.add_argument("--engine", required=True, help="the faithful_libm variant's binary")
    p.add_argument("--vectors", required=True)
    p.add_argument("--seeds", default="1-20", help="e.g. 1-20 or 1,5,9-12")
    p.add_argument("--jobs", type=int, default=2)
    # A faithful libm costs an MPFR call per hypot; a slow answer is not the
    # question here, so a loaded machine gets time enough.
    p.add_argument("--timeout", type=float, default=300)
    a = p.parse_args()
    trajectories = tolerances(a.vectors)
    seeds = parse_seeds(a.seeds)

    rejected, no_report, all_departures = [], 0, []
    print("%-5s %-15s %-48s %s" % ("seed", "graded", "counts", "margin (case, largest relative, tick left)"))
    for seed in seeds:
        report, problem = grade(a, seed)
        if report is None:
            print("%-5d %s" % (seed, problem))
            rejected.append((seed, [problem]))
            no_report += 1
            continue
        c = report["counts"]
        counts = "%d exact, %d tolerant, %d drift, %d fail, %d errored" % (
            c["pass-exact"], c["pass-tolerant"], c["drift"], c["fail"], c["errored"])
        found = departures(report, trajectories)
        all_departures += [(m, seed, case, largest, unequal, tick) for m, case, largest, unequal, tick in found]
        smallest = min(found) if found else None
        margin = "inf: none left the tolerance" if smallest is None else \
            "%s (%s, %.3g, %s)" % (show(smallest[0]), smallest[1], smallest[2], smallest[4])
        print("%-5d %-15s %-48s %s" % (seed, report["level"], counts, margin), flush=True)
        if report["level"] not in ("exact", "conformant"):
            bad = ["%s [%s] %s: %s" % (k["id"], k["clause"], k["check"], k["message"])
                   for k in report["cases"] if k["outcome"] in ("fail", "errored")]
            rejected.append((seed, bad))

    for seed, bad in rejected:
        print("\nseed %d rejected:" % seed)
        for line in bad:
            print("  " + line)
    print("\nfalse rejections: %d/%d" % (len(rejected), len(seeds)))
    by_case = {}
    for m, seed, case, largest, unequal, tick in all_departures:
        by_case.setdefault(case, []).append((m, largest, unequal, tick))
    for case, seen in sorted(by_case.items()):
        ticks = [t for _, _, _, t in seen if t is not None]
        unequal = sum(u for _, _, u, _ in seen)
        print("%s re-anchored under %d of %d seeds (left the tolerance at ticks %s); largest relative %.3g%s" % (
            case, len(seen), len(seeds), "%d to %d" % (min(ticks), max(ticks)) if ticks else "?",
            max(l for _, l, _, _ in seen), "; %d ticks with another cluster count" % unequal if unequal else ""))
    if all_departures:
        m, seed, case, largest, unequal, tick = min(all_departures)
        print("smallest margin: %s (seed %d, %s: largest relative difference %.3g over its re-anchored "
              "segments, against %g); %d re-anchored cases in %d grades" % (
                  show(m), seed, case, largest, trajectories[case], len(all_departures), len(seeds)))
    else:
        print("smallest margin: inf: no trajectory left the tolerance inside the window")
    if no_report:
        return 2
    return 1 if rejected else 0


if __name__ == "__main__":
    sys.exit(main())
