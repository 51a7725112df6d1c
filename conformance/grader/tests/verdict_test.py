# The verdict of a grade and its scope in every form (issue 52,
# spec/grading.md "Levels and exit statuses"): the level is the cases',
# whatever --expect-fail lists; the list changes only the exit status; the
# text, JSON, JUnit, badge and EARL forms say the level with its scope.
"""Run: verdict_test.py --susurration BIN CASE. Exit 0 when the case holds.

The level a report should have is computed here from its cases by the
levels table, not read from the grader; which cases fail comes from a
faulty engine (adapters/doubles/faulty/faulty_engine.py) whose fault is known; the published
manifest's hash is read from vectors/manifest.json here.
"""
import hashlib
import json
import pathlib
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT / "cli" / "tests"))
import case_runner  # noqa: E402
from case_runner import check  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
DOT = " \u00b7 "
CORE = {"init", "step", "metrics", "run"}
# step-bird-1-vx adds 1e-4 to bird 1's vx in every step answer: every step
# case of two birds or more fails, a lone bird's passes.
STEP_ONLY = ("--only", "step-*", "--fresh", "off")


def faulty_engine(b):
    return "'%s' '%s' --fault step-bird-1-vx -- '%s' engine" % (sys.executable, ROOT / "adapters" / "doubles" / "faulty" / "faulty_engine.py", b)


def reference(b):
    return "'%s' engine" % b


def level_of(report):
    """The levels table (grading.md), from the cases alone."""
    outcomes = [c["outcome"] for c in report["cases"]]
    graded = [o for o in outcomes if o != "skipped"]
    if "fail" in outcomes:
        return "not conformant"
    if not graded or not CORE <= set(report["engine"]["capabilities"]):
        return "no verdict"
    if "errored" in outcomes:
        return "incomplete"
    return "exact" if all(o == "pass-exact" for o in graded) else "conformant"


def grade(b, tmp, name, engine, *args):
    """One grade in text, JSON and JUnit: (exit status, text, report, JUnit root)."""
    out = pathlib.Path(tmp) / name
    r = subprocess.run([b, "grade", "--engine", engine, "--quiet", *args, "--also-report", "json=%s.json" % out,
                        "--also-report", "junit=%s.xml" % out], capture_output=True, text=True, timeout=600)
    check(pathlib.Path("%s.json" % out).exists(), "grade %s wrote no report: exit %d, %s" % (name, r.returncode, r.stderr))
    report = json.loads(pathlib.Path("%s.json" % out).read_text())
    import jsonschema
    jsonschema.Draft202012Validator(json.loads((ROOT / "schemas" / "report.schema.json").read_text())).validate(report)
    return r.returncode, r.stdout, report, ET.parse("%s.xml" % out).getroot()


def badge_text(b, tmp, name):
    svg = pathlib.Path(tmp) / (name + ".svg")
    r = subprocess.run([b, "report", "--in", str(pathlib.Path(tmp) / (name + ".json")), "--badge", str(svg)],
                       capture_output=True, text=True, timeout=60)
    check(r.returncode == 0, "report --badge: exit %d, %s" % (r.returncode, r.stderr))
    root = ET.parse(svg).getroot()
    return [t.text for t in root.iter(SVG + "text")][1], root.find(SVG + "title").text


def failing_ids(b, tmp):
    """The step cases the fault fails, from a grade with no list."""
    _, _, report, _ = grade(b, tmp, "unlisted", faulty_engine(b), *STEP_ONLY)
    failing = [c["id"] for c in report["cases"] if c["outcome"] == "fail"]
    passing = [c["id"] for c in report["cases"] if c["outcome"].startswith("pass")]
    check(len(failing) >= 3 and passing, "the fault fails %d step cases and passes %d" % (len(failing), len(passing)))
    return failing, passing


def listing(tmp, ids):
    path = pathlib.Path(tmp) / "expected.txt"
    path.write_text("# known\n" + "\n".join(ids) + "\n")
    return str(path)


def junit_properties(root):
    suites = root.findall("testsuite")
    check(suites, "no testsuite")
    props = [{p.get("name"): p.get("value") for p in s.findall("properties/property")} for s in suites]
    check(all(p == props[0] for p in props), "the testsuites give other verdicts: %s" % props)
    return props[0]


def verdict_an_expected_failure_leaves_the_level_not_conformant(b, tmp):
    failing, _ = failing_ids(b, tmp)
    n = len(failing)
    status, text, report, _ = grade(b, tmp, "listed", faulty_engine(b), *STEP_ONLY,
                                    "--expect-fail", listing(tmp, failing))
    check(status == 0, "exactly the listed cases fail, yet exit %d" % status)
    check(report["level"] == "not conformant" == level_of(report), "level %s" % report["level"])
    check("\nLevel: not conformant (%d failures, all expected)\n" % n in text, text[-800:])
    # The FAIL blocks come under a heading saying they were expected.
    heading = text.find("Expected failures (listed in --expect-fail")
    blocks = [text.find("FAIL  " + i + " ") for i in failing]
    check(heading >= 0 and all(k > heading for k in blocks), "FAIL blocks not under the expected heading:\n" + text[:1500])
    # --fail-fast stops on no expected failure: the same grade, nothing skipped.
    status, _, fast, _ = grade(b, tmp, "fast", faulty_engine(b), *STEP_ONLY, "--fail-fast",
                               "--expect-fail", listing(tmp, failing))
    check(status == 0 and fast["counts"]["skipped"] == 0 and fast["level"] == "not conformant",
          "--fail-fast with every failure listed: exit %d, %s" % (status, fast["counts"]))


def verdict_expect_fail_exits_1_when_one_more_fails_or_a_listed_case_passes(b, tmp):
    failing, passing = failing_ids(b, tmp)
    status, text, report, _ = grade(b, tmp, "one-more", faulty_engine(b), *STEP_ONLY,
                                    "--expect-fail", listing(tmp, failing[1:]))
    check(status == 1 and report["level"] == "not conformant", "an unlisted failure: exit %d" % status)
    check("not as --expect-fail lists: 1 failure not listed" in text, text[-600:])
    status, text, report, _ = grade(b, tmp, "stale", faulty_engine(b), *STEP_ONLY,
                                    "--expect-fail", listing(tmp, failing + passing[:1]))
    check(status == 1 and report["level"] == "not conformant", "a listed case passed: exit %d" % status)
    check("1 listed case passed" in text, text[-600:])
    # With --fail-fast, a stale list stops the grade as a failure would.
    status, _, fast, _ = grade(b, tmp, "stale-fast", faulty_engine(b), *STEP_ONLY, "--fail-fast", "--jobs", "1",
                               "--expect-fail", listing(tmp, failing[:1] + failing[2:]))
    check(status == 1, "--fail-fast with an unlisted failure: exit %d" % status)
    stopped = [c for c in fast["cases"] if c["outcome"] == "skipped"]
    check(stopped and all(failing[1] in c["message"] for c in stopped), "stopped after another case: %s" % stopped[:1])


def verdict_json_counts_agree_with_the_level(b, tmp):
    failing, _ = failing_ids(b, tmp)
    for name, engine, args in [("reference", reference(b), ()), ("faulty", faulty_engine(b), ()),
                               ("listed", faulty_engine(b), ("--expect-fail", listing(tmp, failing)))]:
        _, _, report, _ = grade(b, tmp, name, engine, *STEP_ONLY, *args)
        counted = {o: sum(c["outcome"] == o for c in report["cases"])
                   for o in ("pass-exact", "pass-tolerant", "fail", "errored", "skipped")}
        check(all(report["counts"][o] == n for o, n in counted.items()), "%s: counts %s, cases %s" %
              (name, report["counts"], counted))
        check(report["level"] == level_of(report), "%s: level %s with counts %s" % (name, report["level"],
                                                                                    report["counts"]))
        check((report["counts"]["fail"] > 0) == (report["level"] == "not conformant"), name)


def verdict_badge_and_junit_say_the_expected_failures(b, tmp):
    failing, _ = failing_ids(b, tmp)
    n = len(failing)
    grade(b, tmp, "listed", faulty_engine(b), *STEP_ONLY, "--expect-fail", listing(tmp, failing))
    text, title = badge_text(b, tmp, "listed")
    published = case_runner.plain_grade_cases(ROOT / "vectors")
    cases = len(json.loads((pathlib.Path(tmp) / "listed.json").read_text())["cases"])
    check(text == "not conformant" + DOT + "%d expected" % n + DOT + "partial %d/%d" % (cases, published),
          "badge %r" % text)
    check("not conformant (%d failures, all expected)" % n in title, title)
    root = ET.parse(pathlib.Path(tmp) / "listed.xml").getroot()
    # As pytest writes xfail: skipped, with a message saying so; failures
    # counts what is not as listed: none.
    skipped = {t.get("name"): t.find("skipped") for t in root.iter("testcase") if t.find("skipped") is not None}
    check(set(failing) <= set(skipped) and all(skipped[i].get("message").startswith("expected failure: ")
                                                for i in failing), "listed cases not skipped as expected failures")
    check(root.get("failures") == "0" and not root.findall(".//failure"), "failures %s" % root.get("failures"))
    props = junit_properties(root)
    check(props.get("level") == "not conformant (%d failures, all expected)" % n, props)
    check("%d expected failures listed" % n in props.get("scope", ""), props)
    # Unlisted, the same failures are failures.
    grade(b, tmp, "unlisted", faulty_engine(b), *STEP_ONLY)
    root = ET.parse(pathlib.Path(tmp) / "unlisted.xml").getroot()
    check(root.get("failures") == str(n) == str(len(root.findall(".//failure"))), root.get("failures"))


def verdict_badge_and_junit_say_a_selection(b, tmp):
    published = case_runner.plain_grade_cases(ROOT / "vectors")
    _, text, report, root = grade(b, tmp, "torus", reference(b), "--only", "torus-x-*")
    k = len(report["cases"])
    check(0 < k < published, "torus-x-* selects %d of %d" % (k, published))
    badge, _ = badge_text(b, tmp, "torus")
    check(badge == "exact" + DOT + "partial %d/%d" % (k, published), "badge %r" % badge)
    scope = "a selection, %d of %d cases (--only torus-x-*)" % (k, published)
    check(scope in junit_properties(root).get("scope", ""), junit_properties(root))
    check("\nScope: the published set; " + scope + "; no fresh set" in text, text[-600:])
    check(report["scope"]["cases"] == k and report["scope"]["cases_in_set"] == published, report["scope"])
    # The page says it beside the level, and EARL's verdict of the whole set
    # cannot tell from a selection that passed.
    for form, words in (("html", "<td>Scope</td><td>the published set; " + scope), ("earl", '"earl:cantTell"')):
        r = subprocess.run([b, "report", "--in", str(pathlib.Path(tmp) / "torus.json"), "--format", form],
                           capture_output=True, text=True, timeout=60)
        check(r.returncode == 0 and words in r.stdout, "%s: exit %d, no %r" % (form, r.returncode, words))
    earl = json.loads(r.stdout)["@graph"]
    whole = [n for n in earl if n.get("@type") == "earl:Assertion" and isinstance(n["test"], str)]
    check(len(whole) == 1 and whole[0]["result"]["outcome"] == "earl:cantTell" and
          scope in whole[0]["result"]["info"] and "Level: exact" in whole[0]["result"]["info"], whole)


def verdict_fresh_off_is_visible_in_the_scope(b, tmp):
    _, off_text, off, _ = grade(b, tmp, "off", reference(b), "--only", "torus-x-*,fresh-prng-*", "--fresh", "off")
    _, on_text, on, _ = grade(b, tmp, "on", reference(b), "--only", "torus-x-*,fresh-prng-*", "--fresh", "7")
    check(off["scope"]["fresh_seed"] is None and "; no fresh set;" in off_text, off["scope"])
    fresh = [c for c in on["cases"] if c["category"] == "fresh"]
    check(fresh and on["scope"]["fresh_seed"] == 7 and on["scope"]["fresh_cases"] == len(fresh), on["scope"])
    check("; fresh set seed 7 (%d cases);" % len(fresh) in on_text, on_text[-600:])
    # EARL: a fresh case's test names its seed, and is no part of the published set.
    earl = pathlib.Path(tmp) / "on.earl.json"
    r = subprocess.run([b, "report", "--in", str(pathlib.Path(tmp) / "on.json"), "--format", "earl", "--output",
                        str(earl)], capture_output=True, text=True, timeout=60)
    check(r.returncode == 0, r.stderr)
    suite = "urn:susurration:vectors:" + on["vectors"]["manifest_sha256"]
    tests = {n["test"]["title"]: n["test"] for n in json.loads(earl.read_text())["@graph"]
             if n.get("@type") == "earl:Assertion" and isinstance(n["test"], dict)}
    for c in on["cases"]:
        t = tests[c["id"]]
        if c["category"] == "fresh":
            check(":7:" in t["@id"] and not t["@id"].startswith(suite) and t["isPartOf"] != suite, t)
        else:
            check(t["@id"].startswith(suite + ":") and t["isPartOf"] == suite, t)


def verdict_a_vectors_copy_with_one_file_changed_is_not_the_published_set(b, tmp):
    copy = pathlib.Path(tmp) / "vectors"
    shutil.copytree(ROOT / "vectors", copy)
    torus = copy / "torus.json"
    doc = json.loads(torus.read_text())
    note = next(iter(doc["notes"]))
    doc["notes"][note]["description"] += " (a copy of our own)"
    torus.write_text(json.dumps(doc, indent=1) + "\n")
    manifest = json.loads((copy / "manifest.json").read_text())
    for f in manifest["files"]:
        if f["file"] == "torus.json":
            f["sha256"] = hashlib.sha256(torus.read_bytes()).hexdigest()
    (copy / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    ours = hashlib.sha256((copy / "manifest.json").read_bytes()).hexdigest()
    status, text, report, root = grade(b, tmp, "copy", reference(b), "--vectors", str(copy), "--only", "torus-x-*",
                                       "--expect-manifest", ours)
    check(status == 0 and report["level"] == "exact", "exit %d, level %s" % (status, report["level"]))
    plainly = "not the published set (manifest sha256 %s)" % ours
    check(report["scope"]["published_set"] is False, report["scope"])
    check("\nScope: " + plainly + ";" in text, text[-600:])
    check(plainly in junit_properties(root).get("scope", ""), junit_properties(root))
    badge, title = badge_text(b, tmp, "copy")
    check(badge.endswith(DOT + "not the published set " + ours[:8]) and plainly in title, badge)
    # The published set itself is named so.
    _, text, report, _ = grade(b, tmp, "published", reference(b), "--only", "torus-x-*")
    published = hashlib.sha256((ROOT / "vectors" / "manifest.json").read_bytes()).hexdigest()
    check(report["scope"]["published_set"] is True and report["scope"]["published_manifest_sha256"] == published,
          report["scope"])
    check("\nScope: the published set;" in text, text[-600:])


if __name__ == "__main__":
    sys.exit(case_runner.main(case_runner.cases(globals(), ("verdict_",))))
