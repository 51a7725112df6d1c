# `susurration report --in` reads a saved report as hostile (spec/grading.md
# REPORT-2): what it draws is recomputed from the cases, and every count and
# size it would draw from is bounded by report.schema.json.
"""Run: report_in_test.py --susurration BIN CASE. Exit 0 when the case holds.

The edited reports are restated here (report_edit.py) from their cases, so
that each is refused for the one figure left wrong, not for another.
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


def run(*args, timeout=600):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=timeout)


def grade(b, tmp, name, *args):
    path = pathlib.Path(tmp) / (name + ".json")
    run(b, "grade", "--engine", "'%s' engine" % b, "--report", "json", "--output", str(path), "--quiet", *args)
    check(path.exists(), "grade %s wrote no report" % name)
    return json.loads(path.read_text())


def refused(b, tmp, report, what):
    """report --in of the document: exit 2, one line naming the file, no page or badge written."""
    path, page, badge = (pathlib.Path(tmp) / n for n in ("edited.json", "page.html", "badge.svg"))
    path.write_text(json.dumps(report))
    for args in (["--output", str(page)], ["--badge", str(badge)], ["--format", "json"], ["--format", "text"],
                 ["--in", str(path), "--format", "json"]):
        r = run(b, "report", "--in", str(path), *args, timeout=60)
        check(r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and str(path) in r.stderr,
              "%s %s: exit %d, %r" % (what, args, r.returncode, r.stderr[:300]))
    check(not page.exists() and not badge.exists(), "%s: a page or badge was written" % what)


def drawn(b, tmp, report):
    path = pathlib.Path(tmp) / "kept.json"
    path.write_text(json.dumps(report))
    r = run(b, "report", "--in", str(path))
    check(r.returncode == 0, "exit %d, %s" % (r.returncode, r.stderr))
    return r.stdout


def report_in_refuses_a_level_exact_above_five_failures(b, tmp):
    good = grade(b, tmp, "reference", "--only", "torus-*", "--fresh", "off")
    check(good["level"] == "exact" and len(good["cases"]) > 5, "the reference is exact on the torus")
    five = restated(good, range(5))
    check(five["counts"]["fail"] == 5 and five["level"] == "not conformant", "five failures restated")
    # Restated whole, the edit is drawn as what its cases say...
    page = drawn(b, tmp, five)
    check("not conformant" in page and ">exact<" not in page, "the consistent edit is drawn not conformant")
    # ...with the level alone put back to exact, it is refused.
    refused(b, tmp, dict(five, level="exact"), "level exact above five failures")
    refused(b, tmp, dict(five, level="conformant"), "level conformant above five failures")
    refused(b, tmp, dict(five, counts=dict(five["counts"], fail=0, **{"pass-exact": five["counts"]["pass-exact"] + 5})),
            "counts that hide the failures")
    refused(b, tmp, dict(five, categories=dict(five["categories"], torus=dict(five["categories"]["torus"], fail=0))),
            "a category's counts that hide them")


def report_in_refuses_a_chart_past_its_bound_at_once(b, tmp):
    good = grade(b, tmp, "trajectory", "--only", "trajectory-n10-w1-1-1-seed-1", "--fresh", "off")
    chart = good["cases"][0]["chart"]
    check(chart is not None and chart["ticks"] == 250, "a charted trajectory: %s" % (chart and chart["ticks"]))
    check(len(drawn(b, tmp, good)) < 1 << 20, "the page of one case is small")
    # 2^31-1 looped for ever (or exited 4 on bad_alloc); 10^6 drew a page of
    # hundreds of MB. Both are past the bound of charted ticks (1000).
    for ticks in (1001, 10 ** 6, 2 ** 31 - 1, 2 ** 53):
        edited = json.loads(json.dumps(good))
        edited["cases"][0]["chart"]["ticks"] = ticks
        refused(b, tmp, edited, "chart.ticks %d" % ticks)


def report_in_failing_ids_round_trip_through_expect_fail(b, tmp):
    """The ids --failing-ids prints make grade --expect-fail exit 0 on the
    same engine, and 1 on an engine that fails one case more."""
    faulty = str(ROOT / "adapters" / "doubles" / "faulty" / "faulty_engine.py")
    engine = "%s %s --fault step-bird-1-vx -- '%s' engine" % (sys.executable, faulty, b)
    worse = "%s %s --fault torus-delta-off-by-one -- %s %s --fault step-bird-1-vx -- '%s' engine" % (
        sys.executable, faulty, sys.executable, faulty, b)
    select = ["--only", "step-*", "--only", "torus-*", "--fresh", "off", "--quiet"]
    path = pathlib.Path(tmp) / "faulty.json"
    r = run(b, "grade", "--engine", engine, "--report", "json", "--output", str(path), *select)
    check(r.returncode == 1, "the faulty engine fails: exit %d %s" % (r.returncode, r.stderr[-300:]))
    report = json.loads(path.read_text())
    failing = sorted(c["id"] for c in report["cases"] if c["outcome"] in ("fail", "errored"))
    check(failing and all(c.startswith("step-") for c in failing), "step cases fail: %r" % failing)
    ids = pathlib.Path(tmp) / "expected-failures.txt"
    r = run(b, "report", "--in", str(path), "--failing-ids", "--output", str(ids))
    check(r.returncode == 0, "report --failing-ids: exit %d %s" % (r.returncode, r.stderr))
    listed = [line for line in ids.read_text().splitlines() if line and not line.startswith("#")]
    check(listed == [c["id"] for c in report["cases"] if c["id"] in failing], "ids in report order: %r" % listed)
    r = run(b, "grade", "--engine", engine, "--expect-fail", str(ids), *select)
    check(r.returncode == 0, "exactly the listed cases fail: exit %d %s" % (r.returncode, r.stdout[-500:]))
    r = run(b, "grade", "--engine", worse, "--expect-fail", str(ids), *select)
    check(r.returncode == 1, "one more failure (the torus): exit %d %s" % (r.returncode, r.stdout[-500:]))



def report_in_junit_from_a_saved_report_is_what_grade_wrote(b, tmp):
    """grade --format junit and report --in of the JSON report of the same
    run (--also-report) give the same bytes: for cases that fail on a value,
    on a crash with a stderr tail quoted once and then referred to, on a
    line that is not JSON (its offending output), for expected failures and
    a stale listing, and for skipped cases."""
    faulty = str(ROOT / "adapters" / "doubles" / "faulty" / "faulty_engine.py")
    listed = pathlib.Path(tmp) / "listed.txt"
    listed.write_text("step-neighbour-across-the-x-seam-is-a-neighbour\nstep-lone-bird-faster-than-4-2-is-clamped-to-4-2\n")
    runs = {
        "values": ("--fault step-bird-1-vx", ["--only", "step-*", "--expect-fail", str(listed)]),
        "crash": ("--fault crash --on torus_delta", ["--only", "torus-x-*"]),
        "garbage": ("--fault garbage --on metrics --hide prng", ["--only", "metrics-*", "--only", "prng-*"]),
    }
    for name, (fault, select) in runs.items():
        engine = "%s %s %s -- '%s' engine" % (sys.executable, faulty, fault, b)
        xml, saved = pathlib.Path(tmp) / (name + ".xml"), pathlib.Path(tmp) / (name + ".json")
        r = run(b, "grade", "--engine", engine, "--format", "junit", "--output", str(xml),
                "--also-report", "json=%s" % saved, "--fresh", "off", "--quiet", *select)
        check(r.returncode == 1, "%s: the faulty engine fails: exit %d %s" % (name, r.returncode, r.stderr[-300:]))
        report = json.loads(saved.read_text())
        outcomes = {c["outcome"] for c in report["cases"]}
        check("fail" in outcomes, "%s: no failure in %s" % (name, outcomes))
        r = run(b, "report", "--in", str(saved), "--format", "junit")
        check(r.returncode == 0, "%s: report --format junit: exit %d %s" % (name, r.returncode, r.stderr))
        check(r.stdout == xml.read_text(), "%s: report --format junit differs from grade's:\n%s\n---\n%s"
              % (name, r.stdout[:1500], xml.read_text()[:1500]))
        if name == "crash":
            check(report["stderr_tails"] and "the same as for" in r.stdout, "crash: a tail quoted once")
        if name == "garbage":
            check("skipped" in outcomes and any(c["offending"] for c in report["cases"]),
                  "garbage: skipped cases and offending output")
        if name == "values":
            check(report["counts"]["expected-failures"] and report["counts"]["unexpected-passes"],
                  "values: an expected failure and a listed case that passed")
    r = run(b, "report", "--in", str(saved), "--in", str(saved), "--format", "junit")
    check(r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1,
          "two --in for junit: exit %d %r" % (r.returncode, r.stderr))


def grade_in_two_forms(b, tmp, name, form, engine, *select):
    """grade's `form` report of one run and the JSON report of the same run (--also-report)."""
    out, saved = pathlib.Path(tmp) / (name + ".grade-" + form), pathlib.Path(tmp) / (name + ".json")
    r = run(b, "grade", "--engine", engine, "--format", form, "--output", str(out),
            "--also-report", "json=%s" % saved, "--quiet", *select)
    check(out.exists() and saved.exists(), "%s: grade wrote no report: exit %d %s" % (name, r.returncode, r.stderr[-300:]))
    return r.returncode, out.read_text(), saved


def report_in_text_from_a_saved_report_is_what_grade_wrote(b, tmp):
    """grade's text report and report --in --format text of the JSON report
    of the same run give the same bytes: an exact grade, failures under
    their causes with expected failures and a stale listing, a crash whose
    stderr tail is quoted once, passes within tolerance, a fresh set, an
    engine without a core capability (no verdict, and why), and an engine
    that did not start (the block that says how)."""
    faulty = str(ROOT / "adapters" / "doubles" / "faulty" / "faulty_engine.py")
    listed = pathlib.Path(tmp) / "listed.txt"
    listed.write_text("step-neighbour-across-the-x-seam-is-a-neighbour\nstep-lone-bird-faster-than-4-2-is-clamped-to-4-2\n")
    reference = "'%s' engine" % b
    runs = {
        "exact": (reference, ["--only", "torus-*", "--fresh", "off"], "Level: exact\n"),
        "values": ("--fault step-bird-1-vx", ["--only", "step-*", "--expect-fail", str(listed), "--fresh", "off"],
                   "Expected failures (listed in --expect-fail"),
        "crash": ("--fault crash --on torus_delta", ["--only", "torus-x-*", "--fresh", "off"], "the same as for"),
        "tolerant": ("--fault init-last-bird-vx-ulp", ["--only", "init-seed-*", "--fresh", "off"],
                     "passed only within tolerance"),
        "fresh": (reference, ["--only", "torus-x-*,fresh-prng-*", "--fresh", "7"], "  fresh:   seed 7,"),
        "no-capability": ("--fault no-metrics-capability", ["--only", "torus-x-*", "--fresh", "off"],
                          "the engine does not list metrics"),
        "not-started": ("'%s' '%s'" % (sys.executable, pathlib.Path(tmp) / "missing.py"), ["--only", "torus-*"],
                        "The engine did not start"),
    }
    for name, (engine, select, shows) in runs.items():
        if engine.startswith("--fault"):
            engine = "%s %s %s -- '%s' engine" % (sys.executable, faulty, engine, b)
        status, text, saved = grade_in_two_forms(b, tmp, name, "text", engine, *select)
        check(shows in text, "%s: grade's text does not show %r:\n%s" % (name, shows, text[-1500:]))
        r = run(b, "report", "--in", str(saved), "--format", "text")
        check(r.returncode == 0, "%s: report --format text: exit %d %s" % (name, r.returncode, r.stderr))
        check(r.stdout == text, "%s: report --format text differs from grade's:\n%s\n---\n%s"
              % (name, r.stdout[:1500], text[:1500]))
    # The not-started block is the report's own: what the text shows of it.
    check("not_started" in json.loads(saved.read_text()), "the report of an engine that did not start keeps the block")


def report_in_json_from_a_saved_report_is_what_grade_wrote(b, tmp):
    """report --in --format json writes the report grade wrote, byte for
    byte, from the saved file and from a copy of it written another way;
    and refuses one that was edited (REPORT-2), writing nothing."""
    faulty = str(ROOT / "adapters" / "doubles" / "faulty" / "faulty_engine.py")
    engine = "%s %s --fault crash --on torus_delta -- '%s' engine" % (sys.executable, faulty, b)
    status, written, saved = grade_in_two_forms(b, tmp, "crash", "json", engine, "--only", "torus-*", "--fresh", "off")
    check(status == 1 and written == saved.read_text(), "the crash fails, and both JSON reports are one")
    report = json.loads(written)
    check(report["stderr_tails"] and any(c["outcome"] == "fail" for c in report["cases"]), "a failure with a tail")
    other = pathlib.Path(tmp) / "other.json"
    other.write_text(json.dumps(dict(reversed(list(report.items()))), indent=None, ensure_ascii=True))
    check(other.read_text() != written, "the copy is written another way")
    for path in (saved, other):
        r = run(b, "report", "--in", str(path), "--format", "json")
        check(r.returncode == 0 and r.stdout == written, "%s: report --format json differs from grade's (exit %d %s)"
              % (path.name, r.returncode, r.stderr))
    out = pathlib.Path(tmp) / "out.json"
    r = run(b, "report", "--in", str(other), "--format", "json", "--output", str(out))
    check(r.returncode == 0 and out.read_text() == written, "--output: exit %d %s" % (r.returncode, r.stderr))
    refused(b, tmp, dict(report, level="exact"), "a failing report stated exact")
    # The text draws the diagnosis the report states, by its case ids: one
    # naming a case the report does not hold is no report this kit wrote.
    causes = report["diagnosis"]["causes"]
    check(causes, "the crash is diagnosed")
    stray = dict(causes[0], shown="no-such-case")
    refused(b, tmp, dict(report, diagnosis=dict(report["diagnosis"], causes=[stray] + causes[1:])),
            "a cause shown by a case the report lacks")


if __name__ == "__main__":
    sys.exit(case_runner.main(case_runner.cases(globals(), ("report_in_",))))
