# Grades every mutant engine of catalogue.json and checks the vectors reject it under the right clause.
"""Run: mutation_test.py --susurration BIN [--node NODE] [--parallel P] [--jobs J] [--only NAME,...]

For each mutant: build it (make_mutant.py) in a temporary folder, grade it with
`susurration grade --report json`, and record whether it is caught (some case
fails or is errored) and whether the report names the mutant's clause (it is
the `clause` of some failing case or a cause of the diagnosis; `listed` says whether it is at least among
the `clauses` a failing case checks) and whether the report's diagnosis ranks
the mutant's clause first (`top`: the first of `diagnosis.causes`). Prints the
table, the mutation score with the top-ranked score beside it, the vector
cases that catch no mutant and the mutants no case catches. Exit 0 only when
every mutant is caught with its clause named and ranked first.
"""
import argparse
import concurrent.futures
import json
import subprocess
import sys
import tempfile
import time

import make_mutant

BAD = ("fail", "errored")


def grade(args, mutant):
    """The JSON report of grading one mutant, or a dict with 'harness_error' when there is none."""
    with tempfile.TemporaryDirectory(prefix="mutant-") as tmp:
        engine = make_mutant.build(mutant, tmp)
        command = [args.susurration, "grade", "--engine", "'%s' '%s'" % (args.node, engine),
                   "--report", "json", "--jobs", str(args.jobs),
                   # The published set alone: the catalogue measures what it catches.
                   "--fresh", "off"]
        r = subprocess.run(command, capture_output=True, text=True, timeout=args.timeout)
    if args.save:
        with open("%s/%s.json" % (args.save, mutant["name"]), "w") as f:
            f.write(r.stdout)
    try:
        return json.loads(r.stdout)
    except json.JSONDecodeError:
        return {"harness_error": "grade exited %d with no JSON report: %s" % (r.returncode, r.stderr[-500:])}


def verdict(mutant, report):
    """What the report says about one mutant."""
    if "harness_error" in report:
        return {"caught": False, "named": False, "listed": False, "first": report["harness_error"],
                "failing": set(), "named_by": {}, "top": None}
    failing = {c["id"] for c in report["cases"] if c["outcome"] in BAD}
    listed = any(mutant["clause"] in c["clauses"] for c in report["cases"] if c["outcome"] in BAD)
    named_by = {}
    for c in report["cases"]:
        if c["outcome"] in BAD and c["clause"]:
            named_by[c["clause"]] = named_by.get(c["clause"], 0) + 1
    causes = report.get("diagnosis", {}).get("causes", [])
    # A clause the four limits share (FIELD-6) is no failing case's own
    # clause: the report names it as a cause of the diagnosis.
    named = mutant["clause"] in named_by or any(c["clause"] == mutant["clause"] for c in causes)
    return {"caught": bool(failing), "named": named, "listed": listed,
            "first": describe(report["first_failure"]),
            "failing": failing, "named_by": named_by, "top": causes[0]["clause"] if causes else None}


def describe(first):
    if first is None:
        return "-"
    where = ""
    d = first["difference"]
    if d:
        parts = [("tick %s" % d["tick"]) if d["tick"] is not None else "",
                 ("bird %s" % d["bird"]) if d["bird"] is not None else "", d["field"]]
        where = " (" + " ".join(p for p in parts if p) + ")"
    return "%s [%s] %s%s" % (first["case"], first["clause"], first["outcome"], where)


def table(rows, headers):
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]

    def line(row):
        return "  ".join(str(x).ljust(w) for x, w in zip(row, widths)).rstrip()
    return "\n".join([line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--susurration", required=True)
    parser.add_argument("--node", default="node")
    parser.add_argument("--parallel", type=int, default=2, help="mutants graded side by side")
    parser.add_argument("--jobs", type=int, default=1, help="--jobs of each grade")
    parser.add_argument("--timeout", type=float, default=1200, help="seconds allowed for one grade")
    parser.add_argument("--only", default="", help="comma-separated mutant names")
    parser.add_argument("--save", default="", help="a folder to keep each mutant's JSON report in, as NAME.json")
    args = parser.parse_args()

    mutants = make_mutant.load_catalogue()
    if args.only:
        wanted = args.only.split(",")
        mutants = [m for m in mutants if m["name"] in wanted]
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.parallel) as pool:
        reports = list(pool.map(lambda m: grade(args, m), mutants))
    verdicts = [verdict(m, r) for m, r in zip(mutants, reports)]

    rows = []
    for m, v in zip(mutants, verdicts):
        others = ", ".join("%s×%d" % kv for kv in sorted(v["named_by"].items(), key=lambda kv: -kv[1])[:3])
        rows.append([m["name"], m["bug_class"], m["clause"], "yes" if v["caught"] else "NO",
                     "yes" if v["named"] else "NO", "yes" if v["listed"] else "no",
                     "yes" if v["top"] == m["clause"] else "NO (%s)" % v["top"], len(v["failing"]), v["first"],
                     "" if v["named"] else others])
    print(table(rows, ["mutant", "bug class", "clause", "caught", "named", "listed", "top", "cases", "first failure",
                       "clauses named instead"]))

    n = len(mutants)
    caught = sum(v["caught"] for v in verdicts)
    named = sum(v["caught"] and v["named"] for v in verdicts)
    top = sum(v["caught"] and v["top"] == m["clause"] for m, v in zip(mutants, verdicts))
    print("\nmutation score: %d/%d caught, %d/%d with the right clause; top-ranked clause right: %d/%d"
          % (caught, n, named, n, top, n))

    all_cases = []
    for r in reports:
        if "cases" in r:
            all_cases = [c["id"] for c in r["cases"]]
            break
    catches = {case: [m["name"] for m, v in zip(mutants, verdicts) if case in v["failing"]] for case in all_cases}
    idle = [case for case in all_cases if not catches[case]]
    print("\nvectors that catch no mutant: %d of %d" % (len(idle), len(all_cases)))
    for case in idle:
        print("  " + case)
    missed = [m["name"] for m, v in zip(mutants, verdicts) if not v["caught"]]
    print("\nmutants caught by no vector: %d" % len(missed))
    for name in missed:
        print("  " + name)
    print("\n%d grades in %.0f s (--parallel %d, --jobs %d)" % (n, time.monotonic() - started, args.parallel, args.jobs))
    return 0 if named == n and top == n else 1


if __name__ == "__main__":
    sys.exit(main())
