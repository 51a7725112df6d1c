# The EARL report (`grade --report earl`, `report --format earl`,
# spec/grading.md REPORT-7), read by a JSON-LD processor nobody here
# wrote: jsonld.js (earl/, pinned in its package-lock.json).
"""Run: earl_test.py --susurration BIN --node NODE CASE. Exit 0 when the case holds.

earl/earl_check.js expands the document against its own context in safe
mode (a key or value the context cannot map to an IRI is an error, not a
silent drop); what the expanded graph asserts is then held against the
JSON report of the same grade, the outcome of each case mapped to EARL's
here.
"""
import json
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT / "cli" / "tests"))
import case_runner  # noqa: E402
from case_runner import check  # noqa: E402

EARL = "http://www.w3.org/ns/earl#"
OUTCOME = {"pass-exact": "passed", "pass-tolerant": "passed", "fail": "failed", "errored": "cantTell",
           "skipped": "inapplicable"}
SKIP = 77
OPTIONS = ("susurration", "node")


def run(*args, timeout=600):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=timeout)


def expand(node, path):
    r = run(node, str(HERE / "earl" / "earl_check.js"), str(path))
    return r.returncode, (json.loads(r.stdout) if r.returncode == 0 else None), r.stderr


def expected(report):
    suite = "urn:susurration:vectors:" + report["vectors"]["manifest_sha256"]
    name = report["engine"]["name"]
    # The verdict of the whole set: these grades are selections, so a
    # passing level cannot tell of all of it, and a failure fails it.
    verdict = EARL + ("failed" if report["level"] == "not conformant" else "cantTell")
    return sorted([[suite + ":" + c["file"] + "#" + c["id"], EARL + OUTCOME[c["outcome"]], name]
                   for c in report["cases"]] + [[suite, verdict, name]])


def report_earl_expands_to_one_assertion_per_case_with_its_outcome(b, node, tmp):
    faulty = "'%s' '%s' --fault step-bird-1-vx -- '%s' engine" % (sys.executable, ROOT / "adapters" / "doubles" / "faulty" / "faulty_engine.py", b)
    # The faulty engine passes some cases and fails others.
    for name, engine in [("reference", "'%s' engine" % b), ("faulty", faulty)]:
        earl, saved = pathlib.Path(tmp) / (name + ".earl.json"), pathlib.Path(tmp) / (name + ".json")
        run(b, "grade", "--engine", engine, "--only", "step-*", "--only", "torus-*", "--fresh", "off", "--quiet",
            "--report", "earl", "--output", str(earl), "--also-report", "json=" + str(saved))
        check(earl.exists() and saved.exists(), "grade %s wrote no EARL or no JSON" % name)
        report = json.loads(saved.read_text())
        status, graph, err = expand(node, earl)
        check(status == 0, "%s: jsonld.js refused the EARL: %s" % (name, err))
        check(sorted(graph["assertions"]) == expected(report), "%s: %d assertions, %d cases; first %s" %
              (name, len(graph["assertions"]), len(report["cases"]), graph["assertions"][:1]))
        check(graph["types"].get(EARL + "Assertion") == len(report["cases"]) + 1 and
              graph["types"].get(EARL + "TestSubject") == 1 and graph["types"].get(EARL + "Assertor") == 1,
              "%s: node types %s" % (name, graph["types"]))
        # The same bytes from the saved JSON report.
        r = run(b, "report", "--in", str(saved), "--format", "earl")
        check(r.returncode == 0 and r.stdout == earl.read_text(), "%s: report --format earl differs" % name)
    outcomes = {a[1] for a in graph["assertions"]}
    check(outcomes == {EARL + "passed", EARL + "failed"}, "the faulty engine passes and fails: %s" % outcomes)


def report_earl_check_refuses_a_term_its_context_lacks(b, node, tmp):
    earl = pathlib.Path(tmp) / "reference.earl.json"
    run(b, "grade", "--engine", "'%s' engine" % b, "--only", "torus-*", "--fresh", "off", "--quiet",
        "--report", "earl", "--output", str(earl))
    doc = json.loads(earl.read_text())
    doc["@graph"][-1]["result"]["verdict"] = "passed"  # no such term in the context
    planted = pathlib.Path(tmp) / "planted.earl.json"
    planted.write_text(json.dumps(doc))
    status, _, err = expand(node, planted)
    check(status == 1 and "Safe mode" in err, "a term outside the context was accepted: exit %d, %s" % (status, err))


def main():
    if not (HERE / "earl" / "node_modules" / "jsonld").is_dir():
        print("SKIP: jsonld.js is not installed in %s (scripts/install-deps installs it)" % (HERE / "earl"))
        return SKIP
    return case_runner.main(case_runner.cases(globals(), ("report_earl_",), OPTIONS), OPTIONS)


if __name__ == "__main__":
    sys.exit(main())
