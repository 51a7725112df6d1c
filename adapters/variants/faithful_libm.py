# Grades the faithful_libm variant under many seeds, each another libm whose
# hypot, sin and cos are one ulp off wherever its hash says so (README.md
# here), and prints how many the kit rejected (issue 12: none may be) and
# the smallest drift margin seen.
"""Run: faithful_libm.py --susurration BIN --engine VARIANT --vectors DIR --seeds 1-20

Each seed K is graded as `VARIANT --libm-seed K engine` over the whole
vector set and must come out exact or conformant. Exit 0 when every seed
does, 1 when one does not, 2 when a grade gives no report.

The margin of a trajectory case whose metrics leave the tolerance (TOL-1 to
TOL-3) at tick t is t - f, where f is the first tick at which leaving is
forgiven: floor(0.9 * horizon) for a NearChaosHorizon case (TOL-5's drift
zone), 201 for any other (past the window of TOL-2). A margin >= 0 is
drift; a negative one is a false rejection, |margin| ticks too early.
"""
import argparse
import json
import os
import subprocess
import sys

WINDOW = 200  # TOL-2


def parse_seeds(text):
    seeds = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        seeds.extend(range(int(first), int(last or first) + 1))
    return seeds


def trajectory_cases(vectors):
    """id -> (NearChaosHorizon?, horizon or None) for every trajectory case."""
    with open(os.path.join(vectors, "trajectories.json")) as f:
        data = json.load(f)
    cases = {}
    for group in data["groups"]:
        for case in group["cases"]:
            cases[case["id"]] = ("NearChaosHorizon" in case["flags"],
                                 case["chaos_horizon"]["first_tick"])
    return cases


def forgiven_from(flagged, horizon):
    """The first tick at which leaving the tolerance is not a failure."""
    if flagged and horizon is not None:
        return min(horizon * 9 // 10, WINDOW + 1)  # the grader's drift_from
    return WINDOW + 1


def grade(a, seed):
    command = "%s --libm-seed %d engine" % (a.engine, seed)
    r = subprocess.run([a.susurration, "grade", "--jobs", str(a.jobs), "--timeout", str(a.timeout),
                        "--vectors", a.vectors, "--report", "json", "--engine", command],
                       capture_output=True, text=True, timeout=3600)
    if not r.stdout:
        return None, "no report (exit %d): %s" % (r.returncode, r.stderr.strip()[-300:])
    return json.loads(r.stdout), ""


def departures(report, trajectories):
    """(margin, case, tick, forgiven_from) for each trajectory case whose
    metrics left the tolerance inside the window."""
    out = []
    for case in report["cases"]:
        if case["id"] not in trajectories or not case["check"].startswith("metrics"):
            continue
        d = case["difference"]
        if case["outcome"] not in ("fail", "pass-tolerant") or d is None or d["tick"] is None:
            continue
        if case["outcome"] == "pass-tolerant" and not case["drift"]:
            continue  # every metric within tolerance: no departure
        start = forgiven_from(*trajectories[case["id"]])
        out.append((d["tick"] - start, case["id"], d["tick"], start))
    return out


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
    trajectories = trajectory_cases(a.vectors)
    seeds = parse_seeds(a.seeds)

    rejected, no_report, all_departures = [], 0, []
    print("%-5s %-15s %-48s %s" % ("seed", "graded", "counts", "smallest margin (case, tick left)"))
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
        all_departures += [(m, seed, case, tick, start) for m, case, tick, start in found]
        smallest = min(found) if found else None
        margin = "none left the tolerance" if smallest is None else \
            "%+d (%s, %d)" % (smallest[0], smallest[1], smallest[2])
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
    for m, seed, case, tick, start in all_departures:
        by_case.setdefault((case, start), []).append(tick)
    for (case, start), ticks in sorted(by_case.items()):
        print("%s left the tolerance under %d of %d seeds, at ticks %d to %d (forgiven from %d)" % (
            case, len(ticks), len(seeds), min(ticks), max(ticks), start))
    if all_departures:
        m, seed, case, tick, start = min(all_departures)
        print("smallest margin: %+d ticks (seed %d, %s left the tolerance at tick %d, "
              "forgiven from tick %d); %d departures in %d grades" % (
                  m, seed, case, tick, start, len(all_departures), len(seeds)))
    else:
        print("smallest margin: none: no trajectory left the tolerance inside the window")
    if no_report:
        return 2
    return 1 if rejected else 0


if __name__ == "__main__":
    sys.exit(main())
