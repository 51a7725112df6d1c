# End-to-end tests of `susurration grade` through real subprocesses: the
# reference engine, and faulty engines (faulty_engine.py) that spoil its
# answers or break the protocol in one known way.
"""Run: grade_test.py --susurration BIN CASE. Exit 0 when the case holds.

Expectations are independent of the grader's code: a fault injected at a
known bird, field and tick must be reported there; a hung engine must be
gone (its process group empty) when grade returns.
"""
import hashlib
import json
import re
import os
import pathlib
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT / "cli" / "tests"))
import case_runner  # noqa: E402
from case_runner import check  # noqa: E402

FAULTY = [sys.executable, str(HERE / "faulty_engine.py")]


def grade(binary, engine, *args, timeout=600):
    return subprocess.run([binary, "grade", "--engine", engine, *args], capture_output=True, text=True,
                          timeout=timeout)


def faulty(binary, fault, on=""):
    words = FAULTY + ["--fault", fault] + (["--on", on] if on else []) + ["--", binary, "engine"]
    return " ".join("'%s'" % w for w in words)


def json_report(binary, engine, *args):
    r = grade(binary, engine, "--report", "json", *args)
    check(r.stdout, "no report; stderr: %s" % r.stderr)
    report = json.loads(r.stdout)
    validate_report(report)
    return r, report


def validate_report(report):
    import jsonschema
    schema = json.loads((ROOT / "schemas" / "report.schema.json").read_text())
    jsonschema.Draft202012Validator(schema).validate(report)


def case(report, case_id):
    return next(c for c in report["cases"] if c["id"] == case_id)


def engine_processes(marker):
    out = subprocess.run(["pgrep", "-f", marker], capture_output=True, text=True).stdout.split()
    return [pid for pid in out if int(pid) != os.getpid()]


# --- the reference ------------------------------------------------------------

def grade_reference_engine_is_exact(b, tmp):
    r, report = json_report(b, "'%s' engine" % b, "--jobs", "2")
    check(r.returncode == 0, "exit %d: %s" % (r.returncode, r.stderr))
    check(report["level"] == "exact", "level %s" % report["level"])
    manifest = json.loads((ROOT / "vectors" / "manifest.json").read_text())
    check(report["counts"]["pass-exact"] == report["selection"]["cases_in_set"] == manifest["number_of_cases"],
          "counts %s" % report["counts"])
    check([f["sha256"] for f in report["vectors"]["files"]] == [f["sha256"] for f in manifest["files"]],
          "the report does not carry the manifest's hashes")
    text = grade(b, "'%s' engine" % b, "--only", "step-*,metrics-*")
    check(text.returncode == 0 and "Level: exact" in text.stdout, text.stdout + text.stderr)


# --- wrong engines: fail, located --------------------------------------------

def grade_wrong_step_names_tick_bird_field_and_clause(b, tmp):
    r, report = json_report(b, faulty(b, "step-bird-1-vx"), "--only", "step-*,trajectory-n10-*")
    check(r.returncode == 1, "a wrong engine must exit 1, got %d" % r.returncode)
    check(report["level"] == "not conformant", report["level"])
    first = report["first_failure"]
    check(first["case"].startswith("step-"), "first failure %s" % first["case"])
    d = first["difference"]
    check(d["bird"] == 1 and d["field"] == "vx", "difference %s" % d)
    step_case = case(report, first["case"])
    check(first["clause"] == step_case["clauses"][0], "clause %s" % first["clause"])
    check(abs(d["actual"] - d["expected"] - 1e-4) < 1e-9, "values %s" % d)
    check(step_case["hint"], "no hint from the notes")
    traj = case(report, "trajectory-n10-w1-1-1-seed-1")
    check(traj["outcome"] == "fail" and traj["check"] == "step from anchor tick 0", traj)
    check(traj["difference"]["tick"] == 1 and traj["difference"]["bird"] == 1, traj["difference"])
    check(traj["clause"] == "STEP-1", traj["clause"])
    text = grade(b, faulty(b, "step-bird-1-vx"), "--only", "step-*").stdout
    check("First failure: step-" in text and "bird 1, field vx, clause STEP-" in text, text)


def grade_last_bit_difference_passes_tolerant_not_exact(b, tmp):
    r, report = json_report(b, faulty(b, "init-last-bird-vx-ulp"), "--only", "init-*")
    check(r.returncode == 0, "one ulp in the ulps class must pass, exit %d" % r.returncode)
    check(report["level"] == "conformant", report["level"])
    c = report["cases"][0]
    check(c["outcome"] == "pass-tolerant" and c["difference"]["ulps"] == 1, c)


def vector_set_with_horizon(tmp, case_id, first_tick):
    """The published trajectories.json with one case's chaos horizon moved
    into the window (every published horizon lies past tick 200), pinned by
    a manifest of its own, so the drift rule can be seen at work."""
    vectors = json.loads((ROOT / "vectors" / "trajectories.json").read_text())
    groups = []
    for g in vectors["groups"]:
        cases = [c for c in g["cases"] if c["id"] == case_id]
        if cases:
            cases[0]["chaos_horizon"]["first_tick"] = first_tick
            groups.append(dict(g, cases=cases))
    vectors["groups"] = groups
    vectors["number_of_cases"] = 1
    folder = pathlib.Path(tmp) / "vectors"
    folder.mkdir()
    text = json.dumps(vectors)
    (folder / "trajectories.json").write_text(text)
    manifest = json.loads((ROOT / "vectors" / "manifest.json").read_text())
    manifest["files"] = [{"file": "trajectories.json", "sha256": hashlib.sha256(text.encode()).hexdigest(),
                          "number_of_cases": 1, "spec_version": manifest["spec_version"]}]
    manifest["number_of_cases"] = 1
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return str(folder)


def grade_metrics_off_before_the_horizon_fail_after_it_drift(b, tmp):
    # TOL-5: drift from floor(0.9 * horizon) = 135 on.
    cid, horizon, drift_from = "trajectory-n400-w1-1-1-seed-6", 150, 135
    folder = vector_set_with_horizon(tmp, cid, horizon)
    _, late = json_report(b, faulty(b, "run-polarization-from-tick-%d" % drift_from), "--vectors", folder)
    check(late["cases"][0]["outcome"] == "pass-tolerant" and late["cases"][0]["drift"], late["cases"][0])
    check(late["counts"]["drift"] == 1 and late["level"] == "conformant", late["counts"])
    _, early = json_report(b, faulty(b, "run-polarization-from-tick-%d" % (drift_from - 1)), "--vectors", folder)
    e = early["cases"][0]
    check(e["outcome"] == "fail" and not e["drift"], e)
    check(e["difference"]["tick"] == drift_from - 1 and e["difference"]["field"] == "polarization", e)
    check(e["clause"] == "METRIC-2", e["clause"])


def grade_accepting_invalid_input_fails_naming_the_field(b, tmp):
    r, report = json_report(b, faulty(b, "accept-invalid", on="metrics"), "--only", "invalid-metrics-*")
    check(r.returncode == 1, "exit %d" % r.returncode)
    for c in report["cases"]:
        check(c["outcome"] == "fail" and "accepted an invalid state" in c["message"], c)
        check(c["clause"] == "INPUT-9", c["clause"])


# --- broken engines: errored, killed, restarted -------------------------------

def grade_hung_engine_is_killed_with_its_children_and_grading_continues(b, tmp):
    marker = "hang-with-child"
    start = time.monotonic()
    r, report = json_report(b, faulty(b, marker, on="metrics"), "--only", "metrics-nearest-*,torus-x-*",
                            "--timeout", "1")
    check(time.monotonic() - start < 120, "grading did not move on")
    metrics = [c for c in report["cases"] if c["category"] == "metrics"]
    torus = [c for c in report["cases"] if c["category"] == "torus"]
    check(metrics and all(c["outcome"] == "errored" and "within 1 s" in c["message"] for c in metrics),
          metrics[0])
    check(torus and all(c["outcome"] == "pass-exact" for c in torus), "grading did not continue")
    check(r.returncode == 3 and report["level"] == "incomplete",
          "errored cases and no failure are incomplete (exit 3), got exit %d, %s" % (r.returncode, report["level"]))
    time.sleep(0.5)
    left = engine_processes(marker) + subprocess.run(["pgrep", "-x", "sleep"], capture_output=True,
                                                     text=True).stdout.split()
    check(not engine_processes(marker), "engine processes left behind: %s" % left)


def grade_crash_is_errored_with_exit_status_and_stderr(b, tmp):
    r, report = json_report(b, faulty(b, "crash", on="prng"), "--only", "prng-*,torus-y-*")
    prng = [c for c in report["cases"] if c["category"] == "prng"]
    check(all(c["outcome"] == "errored" and "exit status 3" in c["message"] for c in prng), prng[0])
    check("crashing on purpose" in prng[0]["stderr"], "stderr not quoted: %r" % prng[0]["stderr"])
    check(all(c["outcome"] == "pass-exact" for c in report["cases"] if c["category"] == "torus"),
          "grading did not continue after the crash")


def grade_malformed_schema_violating_and_misnumbered_responses_are_errored(b, tmp):
    for fault, words in (("garbage", "not JSON"), ("schema", "breaks its schema"), ("wrong-id", "id")):
        _, report = json_report(b, faulty(b, fault, on="torus_delta"), "--only", "torus-x-*")
        for c in report["cases"]:
            check(c["outcome"] == "errored" and words in c["message"], "%s: %s" % (fault, c))
        check(report["level"] == "incomplete", report["level"])
    _, report = json_report(b, faulty(b, "garbage", on="torus_delta"), "--only", "torus-x-*")
    check("this is not JSON" in report["cases"][0]["offending"], "the output is not quoted")


def grade_unsupported_and_unlisted_methods_are_skipped(b, tmp):
    r, report = json_report(b, faulty(b, "unsupported", on="metrics"), "--only", "metrics-*,torus-y-*")
    check(r.returncode == 0, "skips are not failures, exit %d" % r.returncode)
    check(all(c["outcome"] == "skipped" for c in report["cases"] if c["category"] == "metrics"), "not skipped")
    check(report["level"] == "exact", report["level"])
    _, report = json_report(b, faulty(b, "no-metrics-capability"), "--only", "metrics-*")
    check(all(c["outcome"] == "skipped" and "capability metrics" in c["message"] for c in report["cases"]),
          report["cases"][0])


# --- options -------------------------------------------------------------------

def grade_expect_fail_list_cannot_rot(b, tmp):
    listed = pathlib.Path(tmp) / "expected.txt"
    listed.write_text("# known bug\nstep-neighbour-at-exactly-90-on-an-axis-is-ignored\n")
    only = "step-neighbour-at-exactly-90-on-an-axis-is-ignored"
    ok = grade(b, faulty(b, "step-bird-1-vx"), "--only", only, "--expect-fail", str(listed))
    check(ok.returncode == 0, "an expected failure fails the run: %s" % ok.stdout)
    stale = grade(b, "'%s' engine" % b, "--only", only, "--expect-fail", str(listed))
    check(stale.returncode == 1 and "XPASS" in stale.stdout, "a listed case that passes: %s" % stale.stdout)
    listed.write_text("no-such-case\n")
    bad = grade(b, "'%s' engine" % b, "--expect-fail", str(listed))
    check(bad.returncode == 2 and bad.stderr.count("\n") == 1 and "no-such-case" in bad.stderr, bad.stderr)


def grade_shards_partition_the_set(b, tmp):
    ids = []
    for shard in ("1/3", "2/3", "3/3"):
        _, report = json_report(b, "'%s' engine" % b, "--shard", shard, "--skip", "trajectory-*")
        ids.append({c["id"] for c in report["cases"]})
    _, whole = json_report(b, "'%s' engine" % b, "--skip", "trajectory-*")
    everything = {c["id"] for c in whole["cases"]}
    check(ids[0] | ids[1] | ids[2] == everything, "shards miss cases")
    check(not (ids[0] & ids[1] or ids[1] & ids[2] or ids[0] & ids[2]), "shards overlap")


def grade_only_selects_by_clause_glob(b, tmp):
    _, report = json_report(b, "'%s' engine" % b, "--only", "FIELD-3")
    check(report["cases"] and all("FIELD-3" in c["clauses"] for c in report["cases"]), "selection wrong")


def grade_junit_report_is_xml_ci_systems_read(b, tmp):
    r = grade(b, faulty(b, "step-bird-1-vx"), "--only", "step-*,prng-*", "--report", "junit")
    root = ET.fromstring(r.stdout)
    check(root.tag == "testsuites", root.tag)
    failures = root.findall(".//testcase/failure")
    check(failures and all(re.match(r"\[[A-Z]+-[0-9]+\] result: bird 1, vx", f.get("message"))
                           for f in failures), [f.get("message") for f in failures][:3])
    check(not root.findall(".//testsuite[@name='prng.json']/testcase/failure"), "a prng case failed")
    check(int(root.get("tests")) == len(root.findall(".//testcase")), "counts")


def grade_usage_errors_exit_2_with_one_line(b, tmp):
    for args, word in ((["--engine", "no-such-engine-anywhere"], "engine"),
                       (["--engine", "'%s' engine" % b, "--vectors", tmp], "vectors"),
                       (["--engine", "'%s' engine" % b, "--shard", "3/2"], "shard"),
                       (["--engine", "'%s' engine" % b, "--report", "yaml"], "report")):
        r = subprocess.run([b, "grade", *args], capture_output=True, text=True, timeout=60)
        check(r.returncode == 2, "%s: exit %d" % (args, r.returncode))
        check(r.stderr.count("\n") == 1 and r.stderr.startswith("invalid " + word), r.stderr)
        check(r.stdout == "", "stdout: %r" % r.stdout)


def grade_selection_of_no_case_is_refused_with_exit_2(b, tmp):
    # A run that asks nothing would pass vacuously (issue 11, defect 10).
    empty = pathlib.Path(tmp) / "empty"
    empty.mkdir()
    manifest = json.loads((ROOT / "vectors" / "manifest.json").read_text())
    manifest["files"], manifest["number_of_cases"] = [], 0
    (empty / "manifest.json").write_text(json.dumps(manifest))
    engine = "'%s' engine" % b
    for args, word in ((["--only", "STPE-*"], "only"),
                       (["--skip", "*"], "skip"),
                       (["--only", "prng-seed-42-first-ten-values", "--shard", "2/2"], "only"),
                       (["--vectors", str(empty)], "vectors")):
        r = subprocess.run([b, "grade", "--engine", engine, *args], capture_output=True, text=True, timeout=60)
        check(r.returncode == 2, "%s: exit %d, stdout %r" % (args, r.returncode, r.stdout[-300:]))
        check(r.stderr.count("\n") == 1 and r.stderr.startswith("invalid " + word + ":"), r.stderr)
        check("at least one" in r.stderr and r.stdout == "", r.stderr)


def grade_report_file_is_written_whole(b, tmp):
    out = pathlib.Path(tmp) / "report.json"
    r = grade(b, "'%s' engine" % b, "--only", "prng-*", "--report", "json", "--output", str(out),
              "--transcript", str(pathlib.Path(tmp) / "t.jsonl"))
    check(r.returncode == 0 and r.stdout == "", r.stderr)
    validate_report(json.loads(out.read_text()))
    lines = (pathlib.Path(tmp) / "t.jsonl").read_text().splitlines()
    check(lines[0].startswith('> {"id":0,"method":"hello"'), lines[0])
    check(not list(pathlib.Path(tmp).glob("*.tmp")), "a temporary file was left")


if __name__ == "__main__":
    sys.exit(case_runner.main(case_runner.cases(globals(), ("grade_",))))
