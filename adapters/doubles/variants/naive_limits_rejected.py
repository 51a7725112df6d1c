# Issue 17: an engine that compares its platform's hypot with 90, 28 and 270
# must be *not conformant*, failed by the band cases with the limit's clause.
"""Run: naive_limits_rejected.py --susurration BIN [--vectors DIR] --engine COMMAND

Exit 0 when the engine grades not conformant, every failing case is a band
case (a pair within an ulp of a limit), and each names STEP-2, STEP-5,
METRIC-3 or METRIC-5. Prints the failing cases.
"""
import argparse
import json
import subprocess
import sys

LIMIT_CLAUSES = {"STEP-2", "STEP-5", "METRIC-3", "METRIC-5"}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--susurration", required=True)
    p.add_argument("--engine", required=True)
    p.add_argument("--vectors", default="", help="a vector set other than the published one")
    a = p.parse_args()
    r = subprocess.run([a.susurration, "grade", "--fresh", "off", "--jobs", "2", "--timeout", "120", "--report", "json",
                        "--engine", a.engine] + (["--vectors", a.vectors] if a.vectors else []),
                       capture_output=True, text=True, timeout=1800)
    if not r.stdout:
        print("no report: " + r.stderr.strip())
        return 1
    report = json.loads(r.stdout)
    failing = [c for c in report["cases"] if c["outcome"] in ("fail", "errored")]
    print("level %s; failing cases:" % report["level"])
    for c in failing:
        print("  %s [%s]" % (c["id"], c["clause"]))
    wrong = [c["id"] for c in failing if "band-" not in c["id"] or c["clause"] not in LIMIT_CLAUSES]
    if report["level"] != "not conformant" or not failing or wrong:
        print("WRONG: must be not conformant, failed only by band cases naming a limit's clause: %s" % wrong)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
