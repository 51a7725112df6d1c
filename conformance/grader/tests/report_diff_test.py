# The regression gate (`susurration report-diff`, spec/grading.md REPORT-4),
# end to end on reports of real grades.
"""Run: report_diff_test.py --susurration BIN CASE. Exit 0 when the case holds.

What the diff must list is computed here from the two JSON reports (a case
regressed when it passed in the old one and does not pass in the new one),
not read off the diff; the planted regression is adapters/doubles/faulty/faulty_engine.py's
step-bird-1-vx over the reference engine, which spoils every step of more
than one bird.
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
from report_edit import restated  # noqa: E402

PASS = ("pass-exact", "pass-tolerant")
# Cheap grades whose cases the fault reaches and does not reach.
SELECTION = ["--only", "step-*", "--only", "torus-*"]


def run(*args, timeout=600):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=timeout)


def grade(b, tmp, name, engine, *args):
    """The JSON report of one grade, kept as tmp/name.json."""
    path = pathlib.Path(tmp) / (name + ".json")
    r = run(b, "grade", "--engine", engine, "--report", "json", "--output", str(path), "--quiet", *args)
    check(path.exists(), "grade %s wrote no report: exit %d, %s" % (name, r.returncode, r.stderr))
    return path


def reference(b):
    return "'%s' engine" % b


def faulty(b):
    return "'%s' '%s' --fault step-bird-1-vx -- '%s' engine" % (sys.executable, ROOT / "adapters" / "doubles" / "faulty" / "faulty_engine.py", b)


def diff(b, old, new, *args):
    """(exit status, the JSON diff or None, stderr) of report-diff --format json."""
    r = run(b, "report-diff", str(old), str(new), "--format", "json", *args)
    return r.returncode, (json.loads(r.stdout) if r.stdout.strip() else None), r.stderr


def text_diff(b, old, new):
    r = run(b, "report-diff", str(old), str(new))
    return r.returncode, r.stdout


def validate(document):
    import jsonschema
    schema = json.loads((ROOT / "schemas" / "report-diff.schema.json").read_text())
    jsonschema.Draft202012Validator(schema).validate(document)


def outcomes(path):
    return {c["id"]: c["outcome"] for c in json.loads(pathlib.Path(path).read_text())["cases"]}


def regressed_ids(old, new):
    """Computed from the reports, in the new report's order."""
    before, after = outcomes(old), outcomes(new)
    return [i for i, o in after.items() if i in before and before[i] in PASS and o not in PASS]


def report_diff_of_a_report_with_itself_exits_0_and_lists_nothing(b, tmp):
    old = grade(b, tmp, "reference", reference(b), *SELECTION, "--fresh", "off")
    status, d, err = diff(b, old, old)
    check(status == 0, "exit %d: %s" % (status, err))
    validate(d)
    check(d["same_vectors"] and not d["regressed"], "same run: %s" % d)
    for key in ("regressions", "fixes", "changes", "only_in_old", "only_in_new"):
        check(d[key] == [], "%s not empty: %s" % (key, d[key][:3]))
    status, text = text_diff(b, old, old)
    check(status == 0 and "verdict: no regression" in text and "level: exact (unchanged)" in text, text)


def report_diff_names_a_planted_regression_and_exits_1(b, tmp):
    old = grade(b, tmp, "reference", reference(b), *SELECTION, "--fresh", "off")
    new = grade(b, tmp, "faulty", faulty(b), *SELECTION, "--fresh", "off")
    expected = regressed_ids(old, new)
    check(len(expected) >= 5, "the fault should break several step cases: %s" % expected)
    check(any(o in PASS for o in outcomes(new).values()), "the faulty engine should still pass some cases")
    status, d, err = diff(b, old, new)
    check(status == 1, "exit %d: %s" % (status, err))
    validate(d)
    check([c["id"] for c in d["regressions"]] == expected,
          "regressions %s, computed %s" % ([c["id"] for c in d["regressions"]], expected))
    check(all(c["new"] == "fail" and c["clause"] for c in d["regressions"]), "each with its failure's clause")
    check(d["fixes"] == [] and d["old"]["level"] == "exact" and d["new"]["level"] == "not conformant", str(d["new"]))
    status, text = text_diff(b, old, new)
    check(status == 1 and "level: exact -> not conformant" in text and "verdict: regressed" in text, text[:400])
    check("regressions (passed before; fail, errored or skipped now): %d" % len(expected) in text, text[:400])
    for i in expected:
        check(("  %s: pass-exact -> fail" % i) in text, "%s not listed" % i)
    # The other way round the same cases are fixes, and nothing regressed.
    status, d, err = diff(b, new, old)
    check(status == 0 and [c["id"] for c in d["fixes"]] == expected and d["regressions"] == [],
          "reversed: exit %d, fixes %s" % (status, [c["id"] for c in d["fixes"]]))


def report_diff_of_other_vector_sets_exits_6(b, tmp):
    other = pathlib.Path(tmp) / "other"
    r = run(b, "vectors", "--fresh", "7", "--out", str(other), "--quiet")
    check(r.returncode == 0, "vectors --fresh: %s" % r.stderr)
    old = grade(b, tmp, "published", reference(b), "--only", "torus-*", "--fresh", "off")
    new = grade(b, tmp, "other", reference(b), "--vectors", str(other), "--only", "*torus*", "--fresh", "off")
    status, d, err = diff(b, old, new)
    check(status == 6, "exit %d: %s" % (status, err))
    validate(d)
    check(not d["same_vectors"] and d["old"]["manifest_sha256"] != d["new"]["manifest_sha256"], str(d["new"]))
    r = run(b, "report-diff", str(old), str(new))
    check(r.returncode == 6 and "graded against different vector sets" in r.stdout, r.stdout[:400])


def report_diff_compares_fresh_cases_of_other_seeds_as_a_category(b, tmp):
    old = grade(b, tmp, "reference", reference(b), "--only", "fresh-step-*", "--fresh", "1")
    same = grade(b, tmp, "same", reference(b), "--only", "fresh-step-*", "--fresh", "2")
    new = grade(b, tmp, "faulty", faulty(b), "--only", "fresh-step-*", "--fresh", "2")
    fresh_failing = [i for i, o in outcomes(new).items() if o not in PASS]
    check(fresh_failing, "the fault should break a fresh step case")
    status, d, err = diff(b, old, same)
    check(status == 0 and d["fresh"] is not None and not d["fresh_compared_by_id"] and d["regressions"] == [],
          "other seed, correct engine: exit %d, %s" % (status, d and d["fresh"]))
    status, d, err = diff(b, old, new)
    check(status == 1 and d["fresh"]["regressed"] and d["fresh"]["new_not_passing"] == len(fresh_failing),
          "other seed, faulty engine: exit %d, %s" % (status, d and d["fresh"]))
    validate(d)
    # The same seed: the same questions, compared one by one.
    status, d, err = diff(b, same, new)
    check(status == 1 and d["fresh_compared_by_id"] and d["fresh"] is None and
          [c["id"] for c in d["regressions"]] == regressed_ids(same, new), "same seed: exit %d" % status)


def report_diff_exits_1_for_a_new_run_that_skips_the_clause_it_breaks(b, tmp):
    # The walk-around: every torus_delta broken, and graded again
    # with --skip FIELD-3 so that the broken cases are not in NEW at all.
    cheap = ["--only", "torus-*", "--only", "prng-*", "--fresh", "off"]
    old = grade(b, tmp, "reference", reference(b), *cheap)
    broken = "'%s' '%s' --fault torus-delta-off-by-one -- '%s' engine" % (sys.executable, ROOT / "adapters" / "doubles" / "faulty" / "faulty_engine.py", b)
    check(json.loads(grade(b, tmp, "broken", broken, *cheap).read_text())["level"] == "not conformant",
          "the fault should break torus cases")
    new = grade(b, tmp, "skipping", broken, *cheap, "--skip", "FIELD-3")
    gone = [i for i in outcomes(old) if i not in outcomes(new)]
    check(gone, "--skip FIELD-3 should leave cases out")
    status, d, err = diff(b, old, new)
    check(status == 1, "exit %d: %s" % (status, err))
    validate(d)
    check(d["regressed"] and [m["id"] for m in d["missing"]] == gone and not d["missing_allowed"], str(d)[:400])
    check([s["what"] for s in d["scope_changes"]] == ["selection"], "scope: %s" % d["scope_changes"])
    r = run(b, "report-diff", str(old), str(new))
    lines = r.stdout.splitlines()
    check(r.returncode == 1 and "verdict: regressed" in r.stdout and lines[3].startswith("scope changed: selection"),
          r.stdout[:600])
    # --allow-missing: listed and counted, no longer a regression.
    status, d, err = diff(b, old, new, "--allow-missing")
    check(status == 0 and d["missing_allowed"] and len(d["missing"]) == len(gone), "exit %d: %s" % (status, err))
    r = run(b, "report-diff", str(old), str(new), "--allow-missing")
    check(r.returncode == 0 and ("missing (graded before, not now): %d (allowed" % len(gone)) in r.stdout, r.stdout)


def report_diff_exits_1_for_a_rise_in_failing_fresh_cases_across_seeds(b, tmp):
    # The numbers: the fresh torus file holds 14 cases.
    one = json.loads(grade(b, tmp, "seed1", reference(b), "--only", "fresh-torus-*", "--fresh", "1").read_text())
    two = json.loads(grade(b, tmp, "seed2", reference(b), "--only", "fresh-torus-*", "--fresh", "2").read_text())
    n = len(one["cases"])
    check(n >= 10 and len(two["cases"]) == n and len({c["file"] for c in one["cases"]}) == 1,
          "one fresh file of the same size: %d, %d" % (n, len(two["cases"])))
    old, new = pathlib.Path(tmp) / "old.json", pathlib.Path(tmp) / "new.json"
    old.write_text(json.dumps(restated(one, range(3))))
    new.write_text(json.dumps(restated(two, range(10))))
    status, d, err = diff(b, old, new)
    check(status == 1, "3 of %d failing, then 10 of %d: exit %d, %s" % (n, n, status, err))
    validate(d)
    f = d["fresh"]
    check(f["regressed"] and [(x["old_not_passing"], x["new_not_passing"], x["regressed"]) for x in f["files"]]
          == [(3, 10, True)], str(f))
    # The other way round the share falls: no regression.
    status, d, err = diff(b, new, old)
    check(status == 0 and not d["fresh"]["regressed"], "10 then 3: exit %d, %s" % (status, d and d["fresh"]))


def report_diff_a_worse_level_with_another_selection_is_a_regression(b, tmp):
    old = grade(b, tmp, "reference", reference(b), "--only", "torus-*", "--fresh", "off")
    new = grade(b, tmp, "faulty", faulty(b), "--only", "torus-*", "--only", "step-*", "--fresh", "off")
    check(regressed_ids(old, new) == [] and all(i in outcomes(new) for i in outcomes(old)),
          "no case of OLD regressed or went missing: only the level can say it")
    status, d, err = diff(b, old, new)
    check(status == 1, "exact -> not conformant: exit %d, %s" % (status, err))
    validate(d)
    check(d["level_worse"] and d["regressions"] == [] and d["missing"] == [] and
          [s["what"] for s in d["scope_changes"]] == ["selection"], str(d)[:400])
    r = run(b, "report-diff", str(old), str(new))
    check(r.returncode == 1 and "level: exact -> not conformant: worse, a regression" in r.stdout, r.stdout[:600])
    # Better the other way round, with OLD's cases missing from NEW, allowed.
    status, d, err = diff(b, new, old, "--allow-missing")
    check(status == 0 and not d["level_worse"], "not conformant -> exact: exit %d" % status)


def report_diff_refuses_a_report_whose_level_or_counts_its_cases_do_not_give(b, tmp):
    good = json.loads(grade(b, tmp, "reference", reference(b), "--only", "torus-*", "--fresh", "off").read_text())
    ok, edited = pathlib.Path(tmp) / "ok.json", pathlib.Path(tmp) / "edited.json"
    ok.write_text(json.dumps(restated(good, range(5))))
    status, d, err = diff(b, ok, ok)
    check(status == 0, "a consistent edited report is read: exit %d, %s" % (status, err))
    for what, report in [("level", dict(restated(good, range(5)), level="exact")),
                         ("counts", dict(good, counts=dict(good["counts"], fail=1))),
                         ("counts", dict(good, counts=dict(good["counts"], fail=4294967296)))]:
        edited.write_text(json.dumps(report))
        r = run(b, "report-diff", str(ok), str(edited))
        check(r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "invalid NEW" in r.stderr and
              r.stdout == "", "%s edited: exit %d, %r" % (what, r.returncode, r.stderr))


def report_diff_refuses_a_report_whose_scope_its_cases_and_vectors_do_not_give(b, tmp):
    # The scope is what the board and report-diff read (the fresh seed, the
    # cases): a report whose scope says another seed or other counts than
    # its vectors and cases is refused, not read by one field or the other.
    good = json.loads(grade(b, tmp, "seed1", reference(b), "--only", "fresh-torus-*", "--fresh", "1").read_text())
    ok, edited = pathlib.Path(tmp) / "ok.json", pathlib.Path(tmp) / "edited.json"
    ok.write_text(json.dumps(good))
    status, d, err = diff(b, ok, ok)
    check(status == 0 and good["scope"]["fresh_seed"] == 1, "the report as written is read: exit %d, %s" % (status, err))
    scope, vectors = good["scope"], good["vectors"]
    for what, report in [("scope.fresh_seed", dict(good, scope=dict(scope, fresh_seed=2))),
                         ("scope.fresh_seed", dict(good, vectors=dict(vectors, fresh=dict(vectors["fresh"], seed=2)))),
                         ("scope.fresh_seed", dict(good, scope=dict(scope, fresh_seed=None))),
                         ("scope.fresh_cases", dict(good, scope=dict(scope, fresh_cases=scope["fresh_cases"] + 1))),
                         ("scope.cases", dict(good, scope=dict(scope, cases=scope["cases"] + 1)))]:
        edited.write_text(json.dumps(report))
        r = run(b, "report-diff", str(ok), str(edited))
        check(r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "invalid NEW" in r.stderr and
              what in r.stderr and r.stdout == "", "%s edited: exit %d, %r" % (what, r.returncode, r.stderr))


def report_diff_refuses_a_file_that_is_not_a_grade_report(b, tmp):
    good = grade(b, tmp, "reference", reference(b), "--only", "torus-*", "--fresh", "off")
    report = json.loads(good.read_text())
    bad = pathlib.Path(tmp) / "bad.json"
    twice = dict(report, cases=report["cases"] + report["cases"][:1])
    no_level = {k: v for k, v in report.items() if k != "level"}
    for name, text in [("manifest", "{\"schema\": \"manifest.schema.json\"}"), ("truncated", "[1, 2"),
                       ("duplicate id", json.dumps(twice)), ("no level", json.dumps(no_level))]:
        bad.write_text(text)
        for old, new, field in [(bad, good, "OLD"), (good, bad, "NEW")]:
            r = run(b, "report-diff", str(old), str(new))
            check(r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and ("invalid " + field) in r.stderr
                  and r.stdout == "", "%s as %s: exit %d, %r" % (name, field, r.returncode, r.stderr))
    r = run(b, "report-diff", str(good), str(pathlib.Path(tmp) / "missing.json"))
    check(r.returncode == 2 and "invalid NEW" in r.stderr, "missing file: exit %d, %r" % (r.returncode, r.stderr))
    r = run(b, "report-diff", str(good))
    check(r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, "one report: exit %d" % r.returncode)


if __name__ == "__main__":
    sys.exit(case_runner.main(case_runner.cases(globals(), ("report_diff_",))))
