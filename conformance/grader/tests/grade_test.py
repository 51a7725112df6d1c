# End-to-end tests of `susurration grade` through real subprocesses: the
# reference engine, and faulty engines (adapters/doubles/faulty/faulty_engine.py) that spoil its
# answers or break the protocol in one known way.
"""Run: grade_test.py --susurration BIN CASE. Exit 0 when the case holds.

Expectations are independent of the grader's code: a fault injected at a
known bird, field and tick must be reported there; a hung engine must be
gone (its process group empty) when grade returns.
"""
import json
import re
import os
import pathlib
import subprocess
import sys
import time
import uuid
import xml.etree.ElementTree as ET

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT / "cli" / "tests"))
sys.path.insert(0, str(HERE))
import case_runner  # noqa: E402
import hostile_test  # noqa: E402  (one /proc scan for every test that looks for leftovers)
from case_runner import check  # noqa: E402

FAULTY = [sys.executable, str(ROOT / "adapters" / "doubles" / "faulty" / "faulty_engine.py")]


def grade(binary, engine, *args, timeout=600, env=None):
    return subprocess.run([binary, "grade", "--engine", engine, *args], capture_output=True, text=True,
                          timeout=timeout, env=env)


def faulty(binary, fault, on="", hide=""):
    words = (FAULTY + ["--fault", fault] + (["--on", on] if on else []) + (["--hide", hide] if hide else [])
             + ["--", binary, "engine"])
    return " ".join("'%s'" % w for w in words)


def json_report(binary, engine, *args, env=None):
    r = grade(binary, engine, "--report", "json", *args, env=env)
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


# --- the reference ------------------------------------------------------------

def grade_reference_engine_is_exact(b, tmp):
    r, report = json_report(b, "'%s' engine" % b, "--jobs", "2")
    check(r.returncode == 0, "exit %d: %s" % (r.returncode, r.stderr))
    check(report["level"] == "exact", "level %s" % report["level"])
    check(all(c["reanchor"] is None for c in report["cases"]), "a run within the tolerance was re-anchored")
    manifest = json.loads((ROOT / "vectors" / "manifest.json").read_text())
    # A plain grade draws a fresh set of its own (PROTO-12): every published
    # case and every fresh one, exactly.
    fresh = report["vectors"]["fresh"]
    check(fresh is not None and fresh["cases"] > 0, "a plain grade drew no fresh set: %r" % fresh)
    # Every case of the set but limits.json's, which only --limits asks (limits_test.py).
    check(report["counts"]["pass-exact"] == report["selection"]["cases_in_set"]
          == case_runner.plain_grade_cases(ROOT / "vectors") + fresh["cases"], "counts %s" % report["counts"])
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
    # The first failure is the diagnosis' top cause's case, under its clause
    # (PROTO-11), and that clause is one the case checks.
    top = report["diagnosis"]["causes"][0]
    check(first["case"] == top["shown"] and first["clause"] == top["clause"], "first %s, top cause %s" % (first, top))
    check(first["clause"] in step_case["clauses"] + ["STEP-1"], "clause %s" % first["clause"])
    check(abs(d["actual"] - d["expected"] - 1e-4) < 1e-9, "values %s" % d)
    check(step_case["hint"], "no hint from the notes")
    traj = case(report, "trajectory-n10-w1-1-1-seed-1")
    check(traj["outcome"] == "fail" and traj["check"] == "step from anchor tick 0", traj)
    check(traj["difference"]["tick"] == 1 and traj["difference"]["bird"] == 1, traj["difference"])
    # The fault changes bird 1's vx after the move: its position is not the
    # old one moved by its new velocity, which the anchor's one-step
    # difference tells (STEP-8).
    check(traj["clause"] == "STEP-8", traj["clause"])
    text = grade(b, faulty(b, "step-bird-1-vx"), "--only", "step-*").stdout
    check("First failure: step-" in text and "bird 1, field vx, clause STEP-" in text, text)


def grade_last_bit_difference_passes_tolerant_not_exact(b, tmp):
    r, report = json_report(b, faulty(b, "init-last-bird-vx-ulp"), "--only", "init-*")
    check(r.returncode == 0, "one ulp in the ulps class must pass, exit %d" % r.returncode)
    check(report["level"] == "conformant", report["level"])
    c = report["cases"][0]
    check(c["outcome"] == "pass-tolerant" and c["difference"]["ulps"] == 1, c)


def grade_departure_is_drift_only_when_every_re_anchored_segment_agrees(b, tmp):
    # TOL-6: a run that leaves the tolerance at tick t is re-anchored over the
    # segments that start at or before t; this case's anchors are 0, 50,
    # 100, 150 and 200, so the segments are 0..50, 50..100, 100..150 and
    # 150..200, the last cut at the window's end.
    cid = "trajectory-n120-w1-1-1-seed-42"
    # The drifting engine answers one run with 500 requests of its own: on a
    # loaded machine that takes more than the default deadline.
    slow_run = ("--timeout", "120")
    anchors = [0, 50, 100, 150, 200]

    def segments_up_to(t):
        named = ["%d..%d" % (a, b) for a, b in zip(anchors, anchors[1:]) if a <= t]
        return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]

    # A free run that drifts as another libm's does (every vx moved by 1e-12
    # of itself after every step), right from every anchor: drift, through
    # run_from and, for an engine without it, through step and metrics.
    for hide, how in (("", "run_from"), ("run_from", "step and metrics")):
        engine = faulty(b, "drift-1e-12", hide=hide)
        r, report = json_report(b, engine, "--only", cid, *slow_run)
        c = report["cases"][0]
        check(c["outcome"] == "pass-tolerant" and c["drift"], c)
        departs = c["difference"]["tick"]
        check(0 < departs <= 200, "the drifting run must leave the tolerance in the window: %s" % c)
        check(segments_up_to(departs) in c["message"] and "(%s)" % how in c["message"], c["message"])
        # TOL-8: drift only once the run's states up to the departure are
        # shown to be its own steps and metrics; both are offered here.
        check("its states 0..%d are its own step and metrics" % departs in c["message"], c["message"])
        check(report["counts"]["drift"] == 1 and report["level"] == "conformant" and r.returncode == 0,
              report["counts"])
        # What drift was decided on: every segment up to the departure
        # re-anchored; only the free run drifts, the segments are the
        # reference engine's own, so they differ nowhere.
        m = c["reanchor"]
        check(m is not None and m["segments"] == len([a for a in anchors[:-1] if a <= departs]), c)
        check(m["largest_relative"] == 0 and m["unequal_ticks"] == 0, m)
        text = grade(b, engine, "--only", cid, *slow_run).stdout
        check("NOTE  " + cid in text and segments_up_to(departs) in text and "drift (not failures" in text, text)
    # Without step the engine cannot show that its run is its own (TOL-8):
    # a departure before the case's chaos horizon (234) is then no drift.
    _, report = json_report(b, faulty(b, "drift-1e-12", hide="step"), "--only", cid, *slow_run)
    c = report["cases"][0]
    check(c["outcome"] == "fail" and c["clause"] == "TOL-8" and "before the case's chaos horizon" in c["message"], c)
    # Wrong in a segment too (polarization 1% high from tick 135 in the run
    # and from any anchor): a failure at that segment's first differing tick.
    _, report = json_report(b, faulty(b, "polarization-from-tick-135"), "--only", cid, *slow_run)
    c = report["cases"][0]
    check(c["outcome"] == "fail" and not c["drift"], c)
    check(c["check"] == "re-anchored segment 100..150", c["check"])
    check(c["difference"]["tick"] == 135 and c["difference"]["field"] == "polarization", c)
    check(c["clause"] == "METRIC-2", c["clause"])
    check(report["level"] == "not conformant", report["level"])
    # Re-anchored over 0..50, 50..100 (exact) and 100..150, where polarization
    # p comes as 1.01 p: TOL-1's measure is 0.01 p / 1.01 p.
    m = c["reanchor"]
    check(m is not None and m["segments"] == 3 and m["unequal_ticks"] == 0, c)
    check(abs(m["largest_relative"] - 0.01 / 1.01) < 1e-12, m)
    # Metrics spoiled in the free run alone, from tick 135, with the run's
    # states untouched: the segments agree, but the run's metrics are not
    # those of its own states. The anchors' states (TOL-7) would first show
    # it at tick 150; the states the kit asks for before it calls anything
    # drift (TOL-8) show it at the tick it starts, 135.
    _, report = json_report(b, faulty(b, "run-polarization-from-tick-135"), "--only", cid, *slow_run)
    c = report["cases"][0]
    check(c["outcome"] == "fail" and c["check"] == "drift evidence" and c["difference"]["tick"] == 135,
          {k: c[k] for k in ("outcome", "check", "difference", "message")})
    check(c["clause"] == "METRIC-1", c["clause"])


def grade_a_run_from_that_is_not_the_run_fails_under_proto_14(b, tmp):
    # PROTO-14: run_from is asked from every anchor even when the run never
    # departs. This engine's run and step are the reference's; its run_from
    # applies each weight change a tick late. The schedule case's change at
    # tick 60 first shows in the segment from anchor 60, at tick 61, under
    # PROTO-14 (the run agrees there), with WEIGHTS-3 named beside it.
    cid = "trajectory-schedule-n120-seed-42"
    r, report = json_report(b, faulty(b, "run-from-weights-a-tick-late"), "--only", cid)
    c = report["cases"][0]
    check(r.returncode == 1 and c["outcome"] == "fail" and not c["drift"], (r.returncode, c))
    check(c["clause"] == "PROTO-14" and c["check"] == "run_from segment 60..61", (c["clause"], c["check"]))
    check(c["difference"]["tick"] == 61 and "WEIGHTS-3" in c["message"], c)
    check(report["diagnosis"]["causes"][0]["clause"] == "PROTO-14", report["diagnosis"]["causes"][:2])
    # A case without a schedule has no change to apply late: it passes exact.
    r, report = json_report(b, faulty(b, "run-from-weights-a-tick-late"), "--only", "trajectory-n10-w1-1-1-seed-1")
    check(r.returncode == 0 and report["cases"][0]["outcome"] == "pass-exact", report["cases"][0])
    # Without run_from in hello, nothing of the kind is asked.
    r, report = json_report(b, faulty(b, "run-from-weights-a-tick-late", hide="run_from"), "--only", cid)
    check(r.returncode == 0 and report["cases"][0]["outcome"] == "pass-exact", report["cases"][0])
    # run_from is also asked from the states a case gives (expected.segments):
    # a lone bird from tick 19500 to 20500. An engine whose run_from is wrong
    # past tick 20000 alone fails there, at tick 20001, under PROTO-14.
    long_run = "trajectory-straight-flight-n10-seed-5-20000-ticks"
    r, report = json_report(b, faulty(b, "run-from-wrong-past-tick-20000"), "--only", long_run)
    c = report["cases"][0]
    check(r.returncode == 1 and c["outcome"] == "fail" and c["clause"] == "PROTO-14", (r.returncode, c))
    check(c["check"] == "run_from segment 19500..20500 from a given state of 1 bird(s)" and
          c["difference"]["tick"] == 20001, (c["check"], c["difference"]))


def grade_a_wrong_mean_in_a_run_is_told_metric_4_or_5_from_the_published_state(b, tmp):
    # Every mean of the run and of run_from 1% high: off at tick 0, whose
    # state the case publishes. 1% of every nearest distance is no mistake
    # in which birds METRIC-5 counts, so the nearest distances are wrong
    # (METRIC-4), as a metrics case would say; not METRIC-5 by default.
    r, report = json_report(b, faulty(b, "mean-one-percent-high"), "--only", "trajectory-n10-w1-1-1-seed-*")
    check(r.returncode == 1, r.returncode)
    for c in report["cases"]:
        check(c["outcome"] == "fail" and c["difference"]["field"] == "mean_neighbor_distance" and
              c["difference"]["tick"] == 0, c)
        check(c["clause"] == "METRIC-4", (c["id"], c["clause"], c["message"]))
    check(report["diagnosis"]["causes"][0]["clause"] == "METRIC-4", report["diagnosis"]["causes"][:2])


def grade_verify_is_asked_and_must_be_the_engines_own_run(b, tmp):
    # PROTO-15: an engine that lists verify is asked it at the case's
    # verify_ticks. This engine's verify answers the metrics of the tick
    # before at_tick: the first asked, tick 1, fails under TRACE-1, against
    # what the engine's own run reported there (the reference's tick 1:
    # 0.2323..., where tick 0's 0.2330... is 3e-3 away, past TOL-1).
    cid = "trajectory-n10-w1-1-1-seed-1"
    r, report = json_report(b, faulty(b, "verify-a-tick-early"), "--only", cid)
    c = report["cases"][0]
    check(r.returncode == 1 and c["outcome"] == "fail", (r.returncode, c))
    check(c["clause"] == "TRACE-1" and c["check"] == "verify at tick 1" and c["difference"]["tick"] == 1,
          (c["clause"], c["check"], c["difference"]))
    check(report["diagnosis"]["causes"][0]["clause"] == "TRACE-1", report["diagnosis"]["causes"][:2])
    # Without verify in hello, nothing of the kind is asked.
    r, report = json_report(b, faulty(b, "verify-a-tick-early", hide="verify"), "--only", cid)
    check(r.returncode == 0 and report["cases"][0]["outcome"] == "pass-exact", report["cases"][0])


def grade_runs_at_the_bounds_of_ticks_and_state_ticks_fail_engines_that_cannot_take_them(b, tmp):
    # issue 23: run ticks 0 and 20000, state_ticks empty and 100 long, run_from
    # ticks 1000 and verify at_tick 20000 are asked. A tick count held to
    # 10000 refuses the run of 20000 ticks, under INPUT-6, the clause that
    # ranges it; the run of 0 ticks and the others pass.
    long_run = "trajectory-straight-flight-n10-seed-5-20000-ticks"
    _, report = json_report(b, faulty(b, "refuse-ticks-past-10000"), "--only", long_run + ",trajectory-zero-ticks-*")
    outcome = {c["id"]: c for c in report["cases"]}
    check(outcome[long_run]["outcome"] == "fail" and outcome[long_run]["clause"] == "INPUT-6", outcome[long_run])
    check(all(c["outcome"] == "pass-exact" for k, c in outcome.items() if k != long_run), outcome)
    # A run that returns its final state even when not asked for it fails the
    # run of 0 ticks that asks for no state, under TOL-7.
    _, report = json_report(b, faulty(b, "run-returns-its-final-state"), "--only", "trajectory-zero-ticks-*")
    outcome = {c["id"]: c for c in report["cases"]}
    bad = outcome["trajectory-zero-ticks-no-states-n10-seed-4"]
    check(bad["outcome"] == "fail" and bad["clause"] == "TOL-7" and "not asked for" in bad["message"], bad)
    check(outcome["trajectory-zero-ticks-n10-seed-3"]["outcome"] == "pass-exact", outcome)
    # One that runs 0 ticks as 1 answers two rows of metrics: METRIC-1 (a
    # run of T ticks has T + 1 rows), in both runs of 0 ticks.
    _, report = json_report(b, faulty(b, "run-steps-at-least-once"), "--only", "trajectory-zero-ticks-*")
    check(all(c["outcome"] == "fail" and c["clause"] == "METRIC-1" and "has 2 ticks, expected 1" in c["message"]
              for c in report["cases"]), report["cases"])


def grade_refusing_a_valid_seed_fails_under_the_clause_that_ranges_it(b, tmp):
    # A refused valid request fails under the INPUT clause of the parameter
    # the engine named (INPUT-1 for a seed), not the case's first clause
    # (PRNG-1), and the diagnosis ranks INPUT-1 first (issue 23).
    r, report = json_report(b, faulty(b, "refuse-seeds-past-2-31"), "--only", "prng-*,init-*")
    refused = [c for c in report["cases"] if c["outcome"] == "fail"]
    check(r.returncode == 1 and refused, "nothing refused: %s" % [c["id"] for c in report["cases"]])
    check(all(c["clause"] == "INPUT-1" and "refused a valid" in c["message"] for c in refused), refused[:1])
    check(report["diagnosis"]["causes"][0]["clause"] == "INPUT-1", report["diagnosis"]["causes"][:2])


def grade_accepting_invalid_input_fails_naming_the_field(b, tmp):
    r, report = json_report(b, faulty(b, "accept-invalid", on="metrics"), "--only", "invalid-metrics-*")
    check(r.returncode == 1, "exit %d" % r.returncode)
    for c in report["cases"]:
        check(c["outcome"] == "fail" and "accepted an invalid state" in c["message"], c)
        check(c["clause"] == "INPUT-9", c["clause"])


# --- broken engines: failed under the rule they broke, killed, restarted ------

def grade_hung_engine_is_killed_with_its_children_and_grading_continues(b, tmp):
    # Every process the engine starts inherits the mark in its environment,
    # the grandchild `sleep` too (hostile_test.py finds them by it).
    mark = uuid.uuid4().hex
    env = dict(os.environ, **{hostile_test.MARK: mark})
    start = time.monotonic()
    # Two metrics cases the engine certainly never answers, each followed by
    # a restart. The 5 s deadline is generous for everything it does answer
    # (a Python start and the reference behind it), on a loaded machine too.
    r, report = json_report(b, faulty(b, "hang-with-child", on="metrics"), "--only",
                            "metrics-nearest-at-exactly-270-*,torus-x-*", "--timeout", "5",
                            "--engine-env", hostile_test.MARK, env=env)
    check(time.monotonic() - start < 120, "grading did not move on")
    metrics = [c for c in report["cases"] if c["category"] == "metrics"]
    torus = [c for c in report["cases"] if c["category"] == "torus"]
    # Nothing of as much work as a metrics request was answered (torus asks
    # none): the engine may be slow, so the cases err and the grade is
    # incomplete.
    check(len(metrics) == 2 and all(c["outcome"] == "errored" and "within 5 s" in c["message"] for c in metrics),
          metrics[0])
    check(torus and all(c["outcome"] == "pass-exact" for c in torus), "grading did not continue")
    check(r.returncode == 3 and report["level"] == "incomplete",
          "a slow engine and no failure is incomplete (exit 3), got exit %d, %s" % (r.returncode, report["level"]))
    # SIGKILLed processes may take a moment to vanish; one that was never
    # killed is still there after any wait.
    left = hostile_test.until_gone(mark)
    check(not left, "engine processes left behind: %s" % left)


def grade_crash_fails_the_case_with_exit_status_and_stderr(b, tmp):
    # A crash is an engine that went wrong computing its answer: the case
    # fails (not errored, which is for a slow engine alone), and the level
    # is not conformant, not incomplete.
    r, report = json_report(b, faulty(b, "crash", on="prng"), "--only", "prng-*,torus-y-*")
    prng = [c for c in report["cases"] if c["category"] == "prng"]
    check(all(c["outcome"] == "fail" and "exit status 3" in c["message"] for c in prng), prng[0])
    check(r.returncode == 1 and report["level"] == "not conformant", (r.returncode, report["level"]))
    tails = report["stderr_tails"]
    check(prng[0]["stderr_tail"] is not None and "crashing on purpose" in tails[prng[0]["stderr_tail"]],
          "stderr not quoted: %r" % tails)
    # One engine's tail is quoted once, whatever number of cases it broke.
    check(len(tails) == len(set(tails)), "a stderr tail is repeated: %r" % tails)
    check(all(c["outcome"] == "pass-exact" for c in report["cases"] if c["category"] == "torus"),
          "grading did not continue after the crash")


VANISHING_ENGINE = """#!%s
# Answers hello, then deletes its own program file and crashes, as if it
# were rebuilt away while being graded: every restart finds nothing to run.
import json, os, sys
for line in sys.stdin:
    request = json.loads(line)
    if request["method"] != "hello":
        try:
            os.unlink(sys.argv[0])
        finally:
            sys.exit(3)
    print(json.dumps({"id": 0, "result": {"protocol": 1, "name": "vanishing", "version": "1",
                                          "language": "Python", "capabilities": ["prng", "init", "step", "metrics", "run"]}}), flush=True)
"""


def grade_engine_program_vanishing_between_restarts_fails_its_cases(b, tmp):
    for jobs in ("1", "2"):
        program = pathlib.Path(tmp) / ("engine-" + jobs)
        program.write_text(VANISHING_ENGINE % sys.executable)
        program.chmod(0o755)
        # --sandbox off: in the sandbox the program's folder is read-only,
        # and the engine cannot delete its own program (PROTO-16).
        r, report = json_report(b, str(program), "--only", "prng-*", "--jobs", jobs, "--sandbox", "off")
        check(r.returncode == 1 and report["level"] == "not conformant",
              "jobs %s: exit %d: %s" % (jobs, r.returncode, r.stderr))
        cases = report["cases"]
        check(cases and all(c["outcome"] == "fail" for c in cases), cases[0])
        check(all("exited" in c["message"] or "could not be restarted" in c["message"] for c in cases),
              [c["message"] for c in cases])
        check(any("could not be restarted" in c["message"] for c in cases), [c["message"] for c in cases])


def grade_sandbox_on_refuses_without_bwrap_in_one_line(b, tmp):
    # No bwrap on PATH (an empty folder): `on` refuses before any engine
    # starts, `auto` grades without the sandbox (PROTO-16).
    env = dict(os.environ, PATH=tmp)
    engine = "'%s' engine" % b
    r = grade(b, engine, "--only", "prng-*", "--sandbox", "on", env=env)
    lines = r.stderr.strip().splitlines()
    check(r.returncode == 2 and len(lines) == 1 and "sandbox" in lines[0] and "bwrap" in lines[0],
          "exit %d: %r" % (r.returncode, r.stderr))
    r = grade(b, engine, "--only", "prng-*", "--sandbox", "auto", env=env)
    check(r.returncode == 0, "auto without bwrap: exit %d: %s" % (r.returncode, r.stderr[-300:]))


def grade_malformed_schema_violating_and_misnumbered_responses_fail_under_the_rule_they_break(b, tmp):
    # Each fails under the rule it breaks (PROTO-3's list): a line that is
    # not JSON PROTO-1, the wrong id PROTO-4; a result of the wrong shape is
    # a wrong answer, reported under the case's own first clause. None is
    # slowness: the level is not conformant, not incomplete.
    for fault, words, clause in (("garbage", "not JSON", "PROTO-1"), ("schema", "breaks its schema", None),
                                 ("wrong-id", "id", "PROTO-4")):
        r, report = json_report(b, faulty(b, fault, on="torus_delta"), "--only", "torus-x-*")
        for c in report["cases"]:
            check(c["outcome"] == "fail" and words in c["message"], "%s: %s" % (fault, c))
            want = clause or c["clauses"][0]
            check(c["clause"] == want, "%s: clause %s, expected %s" % (fault, c["clause"], want))
        check(r.returncode == 1 and report["level"] == "not conformant", (fault, r.returncode, report["level"]))
    _, report = json_report(b, faulty(b, "garbage", on="torus_delta"), "--only", "torus-x-*")
    check("this is not JSON" in report["cases"][0]["offending"], "the output is not quoted")
    # An id kept in 32 bits echoes every id the kit's count reaches, and
    # misnumbers the answers to the cases that give their own, past 2^32.
    r, report = json_report(b, faulty(b, "id-held-in-32-bits"), "--only", "prng-seed-42-one-draw*")
    outcome = {c["id"]: c for c in report["cases"]}
    check(outcome["prng-seed-42-one-draw"]["outcome"] == "pass-exact", outcome["prng-seed-42-one-draw"])
    big = [c for k, c in outcome.items() if "-asked-with-id-" in k]
    check(len(big) == 3 and all(c["outcome"] == "fail" and c["clause"] == "PROTO-4" for c in big), big)


def grade_a_valid_request_refused_within_a_case_fails_under_the_rule_the_refusal_breaks(b, tmp):
    # Every step answered invalid-request: a valid request read as none is
    # PROTO-6's mistake, in a step case and in a trajectory's anchor step
    # alike, and a wrong answer (fail), not a broken engine (errored).
    # An invalid step refused the same way is refused, with PROTO-6's wrong code.
    r, report = json_report(b, faulty(b, "refuse-as-invalid-request", on="step"), "--only",
                            "step-lone-*,trajectory-n10-w1-1-1-*,invalid-step-ticks-*")
    check(r.returncode == 1 and report["level"] == "not conformant", (r.returncode, report["level"]))
    for c in report["cases"]:
        check(c["outcome"] == "fail" and c["clause"] == "PROTO-6", c)
    anchored = [c for c in report["cases"] if c["category"] == "trajectories"]
    check(anchored and all("listed step but answered an anchor's step with an error" in c["message"]
                           for c in anchored), anchored[:1])
    check(report["diagnosis"]["causes"][0]["clause"] == "PROTO-6", report["diagnosis"]["causes"][:1])


def grade_a_deadline_missed_on_an_input_is_stuck_there_and_one_past_all_work_answered_is_slow(b, tmp):
    # A prng stuck on every skip: each case with one misses PROTO-3's
    # deadline, yet the engine answered a prng request (no more work: prng
    # asks none) in time. Stuck, not slow: the cases fail, the grade is not
    # conformant (not incomplete), and the diagnosis names the rule of the
    # inputs it stuck on.
    r, report = json_report(b, faulty(b, "hang-on-skip"), "--timeout", "3", "--only",
                            "prng-seed-42-first-ten-values,prng-seed-0-after-100000,prng-seed-1-after-100000")
    check(r.returncode == 1 and report["level"] == "not conformant", (r.returncode, report["level"]))
    hung = [c for c in report["cases"] if "after" in c["id"]]
    check(len(hung) == 2 and all(c["outcome"] == "fail" and c["clause"] == "PROTO-3" and "stuck" in c["message"]
                                 for c in hung), hung)
    check(report["diagnosis"]["causes"][0]["clause"] == "PRNG-1", report["diagnosis"]["causes"][:1])
    # Every run hangs, and nothing of as much work was answered (the prng's
    # none is less than a run's 10 x 10 x 500): slow or stuck cannot be
    # told, so the case errs, the grade is incomplete and the cause stays
    # PROTO-3.
    r, report = json_report(b, faulty(b, "hang", on="run"), "--timeout", "3", "--only",
                            "prng-seed-42-first-ten-values,trajectory-n10-w1-1-1-seed-1")
    check(r.returncode == 3 and report["level"] == "incomplete", (r.returncode, report["level"]))
    check(case(report, "trajectory-n10-w1-1-1-seed-1")["outcome"] == "errored", report["cases"])
    check(report["diagnosis"]["causes"][0]["clause"] == "PROTO-3", report["diagnosis"]["causes"][:1])


def grade_an_engine_that_breaks_on_a_case_fails_it_and_only_a_slow_one_is_incomplete(b, tmp):
    # Engines right in every value, each with one fault of issue 52's
    # planted bugs: a result its schema refuses (a hash with a leading
    # space, a count written 10.0) and an exit on an invalid input it should
    # have refused. Each is wrong, not slow: not conformant (exit 1), the
    # case failed under the clause of what broke, keeping the engine's
    # output and stderr; never incomplete with a larger --timeout for advice.
    # (A deadline missed on an input the engine is stuck on, and one missed
    # by an engine that is only slow, are the stuck-or-slow case's.)
    for fault, only, clause, quoted in (
            ("hash-leading-space", "trajectory-n10-w1-1-1-seed-1", "DET-3", r'^\{"id": [0-9]+, "result"'),
            ("cluster-count-float", "metrics-cluster-edge-*", "METRIC-3", r'"cluster_count": [0-9]+\.0[,}]'),
            ("crash-on-invalid", "invalid-step-state-*", None, None)):
        r, report = json_report(b, faulty(b, fault), "--only", only)
        check(r.returncode == 1 and report["level"] == "not conformant", (fault, r.returncode, report["level"]))
        broken = [c for c in report["cases"] if c["outcome"] != "pass-exact"]
        check(broken and all(c["outcome"] == "fail" for c in broken), (fault, broken[:1]))
        for c in broken:
            if clause:
                check(c["clause"] == clause and "breaks its schema" in c["message"], (fault, c))
                check(fault != "hash-leading-space" or "final_state_hash" in c["message"], c["message"])
            if quoted:
                check(re.search(quoted, c["offending"]), (fault, c["offending"]))
            else:
                tail = report["stderr_tails"][c["stderr_tail"]] if c["stderr_tail"] is not None else ""
                check("exited" in c["message"] and "an invalid input ends me" in tail, (fault, c, tail))
        text = grade(b, faulty(b, fault), "--only", only)
        check(text.returncode == 1 and "Level: not conformant" in text.stdout and "--timeout" not in text.stdout,
              (fault, text.stdout[-600:]))


def grade_unsupported_to_a_listed_method_fails_and_an_unlisted_one_is_skipped(b, tmp):
    # metrics is listed in hello and answered unsupported: PROTO-5 fails it.
    r, report = json_report(b, faulty(b, "unsupported", on="metrics"), "--only", "metrics-*,torus-y-*")
    check(r.returncode == 1, "unsupported after listing it: exit %d" % r.returncode)
    metrics = [c for c in report["cases"] if c["category"] == "metrics"]
    check(metrics and all(c["outcome"] == "fail" and c["clause"] == "PROTO-5" and "listed metrics" in c["message"]
                          for c in metrics), metrics[:1])
    check(all(c["outcome"] == "pass-exact" for c in report["cases"] if c["category"] == "torus"), "torus")
    check(report["level"] == "not conformant", report["level"])
    # Every core method listed and answered unsupported: never a vacuous exact.
    r, report = json_report(b, faulty(b, "unsupported"), "--only", "init-*,step-*,trajectory-n10-*")
    check(r.returncode == 1 and report["level"] == "not conformant", (r.returncode, report["level"]))
    check(not [c for c in report["cases"] if c["outcome"] != "fail"], "a case not failed")
    # Not listed: never asked, skipped.
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


def grade_fail_fast_stops_after_the_first_failure_with_the_whole_grades_exit_status(b, tmp):
    only = ("--only", "step-*,trajectory-n10-*", "--jobs", "1")
    whole_run, whole = json_report(b, faulty(b, "step-bird-1-vx"), *only)
    fast_run, fast = json_report(b, faulty(b, "step-bird-1-vx"), "--fail-fast", *only)
    check(whole_run.returncode == fast_run.returncode == 1, "exit %d whole, %d fast" % (whole_run.returncode,
                                                                                       fast_run.returncode))
    bad = lambda c: c["outcome"] in ("fail", "errored")
    first = next(c["id"] for c in whole["cases"] if bad(c))
    check([c["id"] for c in fast["cases"]] == [c["id"] for c in whole["cases"]], "another selection")
    stop = [c["id"] for c in fast["cases"]].index(first)
    check(all(not bad(c) for c in fast["cases"][:stop]) and bad(fast["cases"][stop]), "stopped elsewhere")
    after = fast["cases"][stop + 1:]
    check(after and all(c["outcome"] == "skipped" and first in c["message"] and "--fail-fast" in c["message"]
                        for c in after), "cases after %s: %s" % (first, after[:2]))
    check(sum(map(bad, whole["cases"])) > 1, "the whole grade has more than one failure to spare")
    # A correct engine is graded whole: nothing fails, so nothing stops.
    ok_run, ok = json_report(b, "'%s' engine" % b, "--fail-fast", "--only", "step-*,metrics-*")
    check(ok_run.returncode == 0 and ok["level"] == "exact" and ok["counts"]["skipped"] == 0, ok["counts"])


def grade_shards_partition_the_set(b, tmp):
    ids = []
    for shard in ("1/3", "2/3", "3/3"):
        _, report = json_report(b, "'%s' engine" % b, "--shard", shard, "--skip", "trajectory-*")
        ids.append({c["id"] for c in report["cases"]})
    # Shards grade no fresh set of their own (PROTO-12): the whole published set.
    _, whole = json_report(b, "'%s' engine" % b, "--skip", "trajectory-*", "--fresh", "off")
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
        # A set of no file breaks its manifest's schema (files: minItems 1).
        check(("at least one" in r.stderr or "fewer than the minimum 1" in r.stderr) and r.stdout == "", r.stderr)


def grade_report_file_is_written_whole(b, tmp):
    out = pathlib.Path(tmp) / "report.json"
    r = grade(b, "'%s' engine" % b, "--only", "prng-*", "--report", "json", "--output", str(out),
              "--transcript", str(pathlib.Path(tmp) / "t.jsonl"))
    check(r.returncode == 0 and r.stdout == "", r.stderr)
    validate_report(json.loads(out.read_text()))
    lines = (pathlib.Path(tmp) / "t.jsonl").read_text().splitlines()
    check(lines[0].startswith('> {"id":0,"method":"hello"'), lines[0])
    check(not list(pathlib.Path(tmp).glob("*.tmp")), "a temporary file was left")


def grade_requests_are_written_in_the_forms_proto_1_names(b, tmp):
    """PROTO-1's promise of the text the kit writes, over every request of a
    whole grade (the published set and a fresh one): no whitespace outside
    strings, no escape in a string, no true or false, every exponent signed,
    and {} only as shutdown's params. adapters/doubles/mutants/equivalent.json's
    reason unwritten-json-form rests on it."""
    t = pathlib.Path(tmp) / "t.jsonl"
    r = grade(b, "'%s' engine" % b, "--fresh", "7", "--transcript", str(t))
    check(r.returncode == 0, r.stderr[-500:])
    requests = [l[2:] for l in t.read_text().splitlines() if l.startswith("> ")]
    check(len(requests) > 1000, "only %d requests in the transcript" % len(requests))
    for line in requests:
        check("\\" not in line, "an escape in a request: " + line[:200])
        outside = "".join(line.split('"')[0::2])  # no escapes, so quotes pair up
        for bad, what in ((" ", "a space"), ("\t", "a tab"), ("\r", "a carriage return"),
                          ("true", "true"), ("false", "false")):
            check(bad not in outside, "%s outside a string in a request: %s" % (what, line[:200]))
        check(re.search(r"[0-9][eE][0-9]", outside) is None, "an unsigned exponent: " + line[:200])
        check("{}" not in outside or json.loads(line)["method"] == "shutdown", "{} in a request: " + line[:200])
        json.loads(line)


def grade_an_engine_that_does_not_start_is_one_message_and_exits_7(b, tmp):
    # A program that is there (python3) running a script that is not: the
    # handshake fails on the first start and on the retry. One block, not
    # an error per case (issue 52: 1,520 lines), and a status of its own.
    missing = pathlib.Path(tmp) / "missing.py"
    engine = "'%s' '%s'" % (sys.executable, missing)
    r = grade(b, engine)
    lines = (r.stdout + r.stderr).splitlines()
    check(r.returncode == 7, "exit %d, expected 7" % r.returncode)
    check(len(lines) < 20, "%d lines:\n%s" % (len(lines), "\n".join(lines[:40])))
    text = r.stdout + r.stderr
    check("did not start" in text and str(missing) in text and "No such file" in text, text)
    # Any other report says so too, and the block goes to stderr.
    out = pathlib.Path(tmp) / "r.json"
    r = grade(b, engine, "--report", "json", "--output", str(out))
    check(r.returncode == 7 and "did not start" in r.stderr and len(r.stderr.splitlines()) < 20, (r.returncode, r.stderr))
    report = json.loads(out.read_text())
    validate_report(report)
    check(report["level"] == "no verdict" and report["cases"], report["level"])
    check(all(c["outcome"] == "skipped" and "did not start" in c["message"] for c in report["cases"]),
          report["cases"][0])

def grade_every_failure_shows_its_request_and_a_replay_that_grades_it_alone(b, tmp):
    # A step whose bird 1 is off: the FAIL block quotes the step request
    # (the case's input state is in it) and a command that grades that case
    # alone and prints its transcript, which holds the whole request.
    only = "step-neighbour-at-exactly-90-*"
    engine = faulty(b, "step-bird-1-vx")
    r = grade(b, engine, "--only", only)
    check(r.returncode == 1, r.returncode)
    request = re.search(r"^      request: (.*)$", r.stdout, re.M)
    replay = re.search(r"^      replay \(this case alone, its whole transcript\): (.*)$", r.stdout, re.M)
    check(request and replay, r.stdout[:2000])
    asked = request.group(1)
    check('"method":"step"' in asked and '"state":[[' in asked, asked)
    check(len(asked) < 500, "the request is not bounded: %d characters" % len(asked))
    command = replay.group(1)
    check(command.startswith("susurration grade --engine ") and " --fresh off " in command and
          command.endswith(" --transcript -"), command)
    case_id = re.search(r"--only '([^']*)'", command).group(1)
    check(re.fullmatch(only.replace("*", ".*"), case_id), case_id)
    # Run as printed (the binary in place of its installed name): that case
    # alone, failing, with every line of its exchange on standard output.
    again = subprocess.run(["sh", "-c", "'%s'%s" % (b, command[len("susurration"):])], capture_output=True,
                           text=True, timeout=600)
    check(again.returncode == 1, (again.returncode, again.stderr))
    sent = [l[2:] for l in again.stdout.splitlines() if l.startswith("> ")]
    check(any(json.loads(l)["method"] == "step" for l in sent), again.stdout[:1000])
    whole = next(l for l in sent if json.loads(l)["method"] == "step")
    # The same request but for its id, which counts the requests of each run.
    unnumbered = lambda line: re.sub(r'^\{"id":[0-9]+,', "", line)
    check(unnumbered(whole).startswith(unnumbered(asked)[:200]), (asked[:200], whole[:200]))
    check("graded:  1 of" in again.stdout, again.stdout[-1500:])
    # The JSON report keeps it, and the page shows both folded.
    _, report = json_report(b, engine, "--only", case_id)
    check(unnumbered(report["cases"][0]["request"])[:200] == unnumbered(asked)[:200], report["cases"][0]["request"][:200])
    page = grade(b, engine, "--only", case_id, "--report", "html").stdout
    folded = re.search(r'<details class="replay">(.*?)</details>', page, re.S)
    check(folded and "--transcript -" in folded.group(1) and "&quot;method&quot;:&quot;step&quot;" in folded.group(1),
          folded.group(1)[:500] if folded else "no replay on the page")


def grade_a_dash_is_standard_output_for_every_file_option(b, tmp):
    out = pathlib.Path(tmp) / "r.json"
    r = grade(b, "'%s' engine" % b, "--only", "torus-x-*", "--transcript", "-", "--report", "json", "--output", str(out))
    check(r.returncode == 0, (r.returncode, r.stderr))
    lines = r.stdout.splitlines()
    check(lines and all(l.startswith(("> ", "< ")) for l in lines), r.stdout[:500])
    check(not (pathlib.Path(tmp) / "-").exists(), "a file named - was written")
    badge = subprocess.run([b, "report", "--in", str(out), "--badge", "-"], capture_output=True, text=True, timeout=120)
    check(badge.returncode == 0 and "<svg" in badge.stdout[:300],
          (badge.returncode, badge.stdout[:200], badge.stderr))
    check(not (pathlib.Path.cwd() / "-").exists(), "a file named - was written")
    # Two reports on standard output would be one unreadable stream.
    both = grade(b, "'%s' engine" % b, "--only", "torus-x-*", "--also-report", "json=-")
    check(both.returncode == 2 and both.stderr.count("\n") == 1, (both.returncode, both.stderr))

def copy_vectors(tmp, name="vectors"):
    import shutil
    dest = pathlib.Path(tmp) / name
    shutil.copytree(ROOT / "vectors", dest)
    return dest


def repin(vectors, file):
    """Pins `file` again in the manifest, as a hand-edited set would."""
    import hashlib
    manifest = json.loads((vectors / "manifest.json").read_text())
    for entry in manifest["files"]:
        if entry["file"] == file:
            entry["sha256"] = hashlib.sha256((vectors / file).read_bytes()).hexdigest()
    (vectors / "manifest.json").write_text(json.dumps(manifest, indent=2))


def grade_a_vector_set_with_a_repeated_case_id_or_a_wrong_count_is_refused_before_any_engine_starts(b, tmp):
    # issue 52: a set with a repeated id was graded (exit 0) into a report
    # that report and report-diff then refused.
    started = pathlib.Path(tmp) / "started"
    engine = "sh -c 'touch %s; exec %s engine'" % (started, b)
    vectors = copy_vectors(tmp, "repeated")
    doc = json.loads((vectors / "torus.json").read_text())
    cases = doc["groups"][0]["cases"]
    cases[1]["id"] = cases[0]["id"]
    (vectors / "torus.json").write_text(json.dumps(doc))
    repin(vectors, "torus.json")
    r = grade(b, engine, "--vectors", str(vectors), "--fresh", "off")
    check(r.returncode == 2 and r.stderr.count("\n") == 1 and cases[0]["id"] in r.stderr, (r.returncode, r.stderr))
    check(not started.exists(), "the engine was started")
    # A file holding another number of cases than the manifest pins.
    vectors = copy_vectors(tmp, "short")
    doc = json.loads((vectors / "torus.json").read_text())
    del doc["groups"][0]["cases"][0]
    (vectors / "torus.json").write_text(json.dumps(doc))
    repin(vectors, "torus.json")
    r = grade(b, engine, "--vectors", str(vectors), "--fresh", "off")
    check(r.returncode == 2 and r.stderr.count("\n") == 1 and "number_of_cases" in r.stderr, (r.returncode, r.stderr))
    check(not started.exists(), "the engine was started")
    # A case its file's schema refuses: a key the schema does not know.
    vectors = copy_vectors(tmp, "unschemed")
    doc = json.loads((vectors / "step.json").read_text())
    doc["groups"][0]["cases"][0]["surprise"] = 1
    (vectors / "step.json").write_text(json.dumps(doc))
    repin(vectors, "step.json")
    r = grade(b, engine, "--vectors", str(vectors), "--fresh", "off")
    check(r.returncode == 2 and r.stderr.count("\n") == 1 and "step.schema.json" in r.stderr and "surprise" in r.stderr,
          (r.returncode, r.stderr))
    check(not started.exists(), "the engine was started")

def grade_every_report_is_written_on_its_own_whatever_bytes_the_paths_hold(b, tmp):
    # A byte that is not UTF-8 in the vectors path and in the engine command
    # (issue 52: the EARL writer threw after grading, and the main report
    # was never written): every format is written, as valid UTF-8.
    base = pathlib.Path(os.fsdecode(os.fsencode(tmp) + b"/v\xff"))
    import shutil
    shutil.copytree(ROOT / "vectors", base)
    outs = {f: pathlib.Path(tmp) / ("r." + f) for f in ("json", "earl", "junit", "html", "text")}
    engine = "sh -c 'exec \"$0\" engine' '%s' '\udcff'" % b
    args = ["--vectors", str(base), "--only", "torus-x-*", "--report", "json", "--output", str(outs["json"])]
    for f in ("earl", "junit", "html", "text"):
        args += ["--also-report", "%s=%s" % (f, outs[f])]
    r = subprocess.run([b, "grade", "--engine", engine, *args], capture_output=True, timeout=600)
    check(r.returncode == 0, (r.returncode, r.stderr[-500:]))
    for f, out in outs.items():
        check(out.exists(), "%s not written: %s" % (f, r.stderr[-500:]))
        out.read_bytes().decode("utf-8")
    validate_report(json.loads(outs["json"].read_text()))
    # A writer that fails says why, and the others are still written: the
    # JUnit report's folder goes away while the engine runs (--sandbox off:
    # in the sandbox the engine could not reach the folder, PROTO-16).
    gone = pathlib.Path(tmp) / "gone"
    gone.mkdir()
    main = pathlib.Path(tmp) / "main.json"
    engine = "sh -c 'rm -rf \"$1\"; exec \"$0\" engine' '%s' '%s'" % (b, gone)
    r = grade(b, engine, "--only", "torus-x-*", "--report", "json", "--output", str(main), "--sandbox", "off",
              "--also-report", "junit=%s" % (gone / "r.xml"), "--also-report", "text=%s" % outs["text"])
    check(r.returncode == 4 and "r.xml" in r.stderr and "could not be written" in r.stderr, (r.returncode, r.stderr))
    check(main.exists() and json.loads(main.read_text())["level"] == "exact", "the main report was lost")

if __name__ == "__main__":
    sys.exit(case_runner.main(case_runner.cases(globals(), ("grade_",))))
