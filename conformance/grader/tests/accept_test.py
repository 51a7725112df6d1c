"""Issue 53: an engine that refuses any one "must accept" of spec/ is not
conformant. For each row of spec/must-accept.md that names a case,
adapters/doubles/refusing/refusing_engine.py refuses exactly the requests that ask that row and
passes every other to the reference; a grade of the row's first case must
then be *not conformant*, filed under the rule the refusal breaks (the
INPUT clause of the parameter it named, or PROTO-6 for one no INPUT clause
ranges). The same cases graded against the reference alone are exact, so it
is the refusal that fails them, not the cases.

The rows whose cases are limits.json's (ACCEPT-71, ACCEPT-72: the most work
one request may ask) are graded with --limits, each by its own test
(--rows), and left out of the run of every other row: a plain grade does
not ask them, and the control for them is the reference's own --limits
grade (grade.reference-engine-is-exact-on-the-limits-set), which costs
about ten seconds where a refused request costs nothing.

  accept_test.py --susurration BIN [--rows ACCEPT-71]
"""
import argparse
import concurrent.futures
import json
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "conformance" / "lint"))
import must_accept  # noqa: E402
import protocol_coverage  # noqa: E402

ENGINE = ROOT / "adapters" / "doubles" / "refusing" / "refusing_engine.py"


def limits_cases():
    """The ids of limits.json's cases, which only `grade --limits` asks."""
    doc = json.loads((ROOT / "vectors" / "limits.json").read_text())
    return {c["id"] for g in doc["groups"] for c in g["cases"]}


def grade(binary, engine, cases, out, limits=False):
    r = subprocess.run([binary, "grade", "--engine", engine, "--fresh", "off", "--only", ",".join(cases),
                        "--timeout", "120", "--format", "json", "--output", str(out), "--quiet"] +
                       (["--limits"] if limits else []),
                       capture_output=True, text=True, timeout=900)
    return r, json.loads(pathlib.Path(out).read_text())


def clauses_of_refusals(row, requests):
    """Every clause a refusal of this row's requests can be filed under."""
    asks = must_accept.check(row["check"])
    out = set()
    for method, params in requests:
        field = asks(method, params)
        if field is not None:
            out.add(must_accept.refusal(method, field)[2])
    return out


def check_row(binary, row, by_case, tmp, limits=frozenset()):
    case = row["cases"][0]
    engine = " ".join("'%s'" % w for w in (sys.executable, ENGINE, row["id"], ROOT, "--", binary, "engine"))
    r, report = grade(binary, engine, [case], pathlib.Path(tmp) / (row["id"] + ".json"), case in limits)
    failed = [c for c in report["cases"] if c["outcome"] == "fail"]
    expected = clauses_of_refusals(row, by_case[case])
    problems = []
    if report["level"] != "not conformant" or r.returncode != 1:
        problems.append("%s (%s): level %s, exit %d, refusing %s" % (row["id"], row["check"], report["level"],
                                                                     r.returncode, case))
    elif not any(c.get("clause") in expected for c in failed):
        problems.append("%s (%s): %s failed under %s, not %s" % (row["id"], row["check"], case,
                                                                [c.get("clause") for c in failed], sorted(expected)))
    return problems


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--susurration", required=True)
    p.add_argument("--rows", default="", help="only these row ids, comma-separated")
    a = p.parse_args()
    rows = [r for r in must_accept.read_table(ROOT / "spec" / "must-accept.md") if r["cases"]]
    limits = limits_cases()
    if a.rows:
        rows = [r for r in rows if r["id"] in a.rows.split(",")]
        if not rows:
            print("FAIL no row of spec/must-accept.md with a case is named %s" % a.rows)
            return 1
    else:
        rows = [r for r in rows if r["cases"][0] not in limits]
    by_case = protocol_coverage.requests_by_case(ROOT / "vectors")
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        # The control: the reference alone is exact on every case the rows name.
        # The limits rows' control is a test of its own (above).
        cases = sorted({r["cases"][0] for r in rows} - limits)
        report = {"level": "exact", "cases": []}
        if cases:
            _, report = grade(a.susurration, "'%s' engine" % a.susurration, cases, pathlib.Path(tmp) / "reference.json")
        if report["level"] != "exact":
            problems.append("the reference alone is %s on the rows' cases: %s" % (
                report["level"], [c["id"] for c in report["cases"] if c["outcome"] == "fail"]))
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            for found in pool.map(lambda row: check_row(a.susurration, row, by_case, tmp, limits), rows):
                problems += found
    for line in problems:
        print("FAIL " + line)
    print("%d rows graded with an engine refusing each, %d problems" % (len(rows), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
