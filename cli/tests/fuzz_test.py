# `susurration fuzz` bounded, clean and confirming with the history (issue 53, PROTO-13).
"""Each case is a claim about fuzz checked against engines planted for it
(adapters/doubles/planted_for_fuzz/fuzz_engines.py), whose truth is known apart from the fuzzer. The class
engine is the reference itself, a correct engine, so that no case needs the
libm variants. Times are bounds computed from the options the test gives,
with slack for a loaded machine; none depends on the machine being fast.

Run: fuzz_test.py --susurration BIN CASE
"""
import json
import os
import pathlib
import shlex
import signal
import subprocess
import sys
import time
import uuid

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "conformance" / "grader" / "tests"))
from case_runner import cases, check, main  # noqa: E402
from hostile_test import marked_processes, until_gone, MARK  # noqa: E402

# The most work a fuzzed request asks: 400 birds over 8 ticks, a deadline
# of 1 + 400 * 400 * 8 / 2e6 = 1.64 times --timeout (grading.md, Deadlines).
LARGEST_FACTOR = 1 + 400 * 400 * 8 / 2e6
SLACK = 5.0  # engine starts and kills, writing sets, a loaded CI machine


# The planted engines import the hostile catalogue's proxy from a folder
# beside theirs: the sandbox of grade and of fuzz is told to let them read
# it (PROTO-16).
DOUBLES = HERE.parents[1] / "adapters" / "doubles"
PROXY_FILES = ("--engine-files", str(DOUBLES / "hostile"))


# A planted engine that tells the test what happened to it (that it hangs,
# which process it is, what it was asked) writes into a folder of the
# test's, which the sandbox hides: such tests run it outside (the rest of
# PROTO-16 stays); fuzz_runs_every_engine_as_grade_does checks the sandbox.
WRITES_TO_THE_TEST = ("--sandbox", "off")


def planted(susurration, mode):
    return " ".join(shlex.quote(w) for w in [sys.executable, str(DOUBLES / "planted_for_fuzz" / "fuzz_engines.py"), susurration, mode])


def fuzz_args(susurration, engine, out, *more):
    return [susurration, "fuzz", "--engine", engine, *PROXY_FILES, "--class-engine", "%s engine" % susurration,
            "--out", str(out), "--quiet"] + list(more)


def private_tmp(tmp, name):
    """A temporary directory of the test's own for fuzz's scratch folder
    ($TMPDIR), so that what fuzz leaves there is seen and nothing else is."""
    root = pathlib.Path(tmp) / name
    root.mkdir()
    return root


def fuzz_ends_within_its_seconds_one_deadline_and_the_shrink_budget(susurration, tmp):
    # An engine that never answers made --seconds 3 run 96 s at --timeout
    # 0.3: the clock was read only between rounds, and replaying and
    # shrinking had no limit. Both engines miss every deadline there is.
    seconds, timeout, shrink = 3, 0.3, 2
    bound = seconds + timeout * LARGEST_FACTOR + shrink + SLACK
    for mode in ("mute-after-hello", "silent"):
        root = private_tmp(tmp, mode)
        start = time.monotonic()
        r = subprocess.run(fuzz_args(susurration, planted(susurration, mode), pathlib.Path(tmp) / ("out-" + mode),
                                     "--seconds", str(seconds), "--timeout", str(timeout),
                                     "--shrink-seconds", str(shrink), "--seed", "7"),
                           capture_output=True, text=True, timeout=300, env=dict(os.environ, TMPDIR=str(root)))
        took = time.monotonic() - start
        check(took <= bound, "%s: fuzz took %.1f s, over %.1f s (--seconds %g + one deadline + --shrink-seconds %g "
              "+ %g s slack): %s" % (mode, took, bound, seconds, shrink, SLACK, r.stdout))
        # It missed deadlines a correct engine meets: a difference, not
        # nothing; one that never shook hands did not start (exit 7, which
        # fuzz once reported as "give more time"); or, where drawing the
        # first round took all of --seconds on a loaded machine, no case
        # asked, said so (exit 3), never "no difference".
        want = 7 if mode == "silent" else 1
        check(r.returncode == want or (r.returncode == 3 and r.stdout.startswith("no case asked")),
              "%s: exit %d, want %d: %s %s" % (mode, r.returncode, want, r.stdout, r.stderr))
        check(not list(root.iterdir()), "%s: left %s behind" % (mode, list(root.iterdir())))


def fuzz_ended_by_a_signal_leaves_no_engine_and_no_scratch_folder(susurration, tmp):
    # SIGTERM or SIGINT left the engine, its child and the scratch folder:
    # fuzz installed none of grade's signal handling.
    for name in ("TERM", "INT", "HUP", "QUIT"):
        sig = getattr(signal, "SIG" + name)
        root = private_tmp(tmp, "tmp-" + name)
        hanging = private_tmp(tmp, "hanging-" + name)
        mark = uuid.uuid4().hex
        fuzz = subprocess.Popen(fuzz_args(susurration, planted(susurration, "hang-in-%s" % hanging),
                                          pathlib.Path(tmp) / "out", "--seconds", "600", "--timeout", "600",
                                          *WRITES_TO_THE_TEST, "--engine-env", MARK),
                                env=dict(os.environ, TMPDIR=str(root), **{MARK: mark}),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        give_up = time.monotonic() + 60
        # The engine hangs on a request and the scratch folder holds a set:
        # the signal finds fuzz mid-round whatever the machine's speed.
        while not (list(hanging.iterdir()) and list(root.glob("susurration-fuzz-*/set/manifest.json"))):
            if time.monotonic() > give_up or fuzz.poll() is not None:
                os.killpg(fuzz.pid, signal.SIGKILL)
                out, err = fuzz.communicate()
                raise AssertionError("SIG%s: the engine never hung in fuzz's round: %s %s" % (name, out, err))
            time.sleep(0.05)
        fuzz.send_signal(sig)
        try:
            fuzz.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(fuzz.pid, signal.SIGKILL)
            fuzz.communicate()
            raise AssertionError("SIG%s: fuzz still running 20 s after it" % name)
        left = until_gone(mark)
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        check(not left, "SIG%s: %d processes of fuzz's left alive" % (name, len(left)))
        check(fuzz.returncode == 128 + sig, "SIG%s: exit %d, want %d" % (name, fuzz.returncode, 128 + sig))
        check(not list(root.iterdir()), "SIG%s: left %s behind" % (name, list(root.iterdir())))


def fuzz_never_follows_a_planted_scratch_folder_link(susurration, tmp):
    # The scratch folder was /tmp/susurration-fuzz-<pid>, reused when it
    # existed and followed when it was a link: a planted link made fuzz
    # delete the contents of the folder it pointed at. The link is planted
    # at the pid fuzz gets (the shell's, which exec keeps).
    root = private_tmp(tmp, "tmp")
    precious = pathlib.Path(tmp) / "precious"
    for name in ("keep", "set/keep", "narrowed/keep"):
        (precious / name).parent.mkdir(parents=True, exist_ok=True)
        (precious / name).write_text("mine")
    script = 'ln -s "$1" "$TMPDIR/susurration-fuzz-$$" && shift && exec "$@"'
    args = fuzz_args(susurration, "%s engine" % susurration, pathlib.Path(tmp) / "out", "--cases", "20",
                     "--seed", "3")
    r = subprocess.run(["sh", "-c", script, "sh", str(precious)] + args, capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, TMPDIR=str(root)))
    check(r.returncode == 0, "exit %d: %s %s" % (r.returncode, r.stdout, r.stderr))
    kept = sorted(str(p.relative_to(precious)) for p in precious.rglob("*") if p.is_file())
    check(kept == ["keep", "narrowed/keep", "set/keep"], "the linked folder now holds %s" % kept)
    others = [p.name for p in root.iterdir() if not p.is_symlink()]
    check(not others, "left %s behind" % others)


def fuzz_confirms_a_difference_with_the_history_that_made_it(susurration, tmp):
    # An engine whose step answers go wrong from its 20th request in one
    # process: fuzz confirmed a difference by asking the case alone of a
    # fresh process, found it gone, and printed "no difference" (exit 0).
    engine = planted(susurration, "wrong-steps-from-20")
    out = pathlib.Path(tmp) / "finding"
    r = subprocess.run(fuzz_args(susurration, engine, out, "--seed", "5", "--cases", "200",
                                 "--shrink-seconds", "300"), capture_output=True, text=True, timeout=900)
    check(r.returncode == 1, "exit %d, want 1: %s %s" % (r.returncode, r.stdout, r.stderr))
    manifest = json.loads((out / "manifest.json").read_text())
    ids = []
    for f in manifest["files"]:
        for group in json.loads((out / f["file"]).read_text())["groups"]:
            ids += [c["id"] for c in group["cases"]]
    # Shrunk to the fewest earlier requests: hello and 18 cases make the
    # finding the 20th request; with one fewer it is answered right.
    check(len(ids) == 19, "the finding holds %d cases, want 18 before it and itself: %s" % (len(ids), ids))
    replay = subprocess.run([susurration, "grade", "--engine", engine, *PROXY_FILES, "--vectors", str(out), "--fresh", "off",
                             "--report", "json"], capture_output=True, text=True, timeout=300)
    report = json.loads(replay.stdout)
    outcomes = [(c["id"], c["outcome"]) for c in report["cases"]]
    check(replay.returncode == 1 and [o for _, o in outcomes][-1] == "fail"
          and all(o.startswith("pass") for _, o in outcomes[:-1]),
          "the replay does not fail the last case alone (exit %d): %s" % (replay.returncode, outcomes))
    # The history is what makes it: the case alone passes.
    alone = subprocess.run([susurration, "grade", "--engine", engine, *PROXY_FILES, "--vectors", str(out), "--fresh", "off",
                            "--only", outcomes[-1][0]], capture_output=True, text=True, timeout=300)
    check(alone.returncode == 0, "the case alone fails too (exit %d): %s" % (alone.returncode, alone.stdout))


def fuzz_reports_a_difference_that_does_not_replay_and_exits_1(susurration, tmp):
    # A difference a fresh process did not repeat was counted and the run
    # ended "no difference", exit 0. This engine is wrong in its first
    # process alone, so no replay brings the difference back.
    once = private_tmp(tmp, "once")
    engine = planted(susurration, "wrong-steps-from-20-once-in-%s" % once)
    out = pathlib.Path(tmp) / "finding"
    r = subprocess.run(fuzz_args(susurration, engine, out, "--seed", "5", "--cases", "200", *WRITES_TO_THE_TEST),
                       capture_output=True, text=True, timeout=900)
    check(r.returncode == 1, "exit %d, want 1: %s %s" % (r.returncode, r.stdout, r.stderr))
    check("no difference" not in r.stdout.replace("no confirmed difference", "")
          and "did not replay" in r.stdout, "not reported as a difference that did not replay: %s" % r.stdout)
    check(not out.exists(), "a difference that does not replay was written to %s" % out)


def fuzz_asks_init_at_drawn_seeds_and_sizes(susurration, tmp):
    # fuzz left init to the fresh set. An engine wrong at 201 to 399 birds
    # passes the published init cases (10, 120 and 400 birds); fuzz finds it
    # and shrinks the size to the edge of the mistake, 201.
    engine = planted(susurration, "wrong-init-between-201-and-399-birds")
    published = subprocess.run([susurration, "grade", "--engine", engine, *PROXY_FILES, "--only", "init-*", "--fresh", "off"],
                               capture_output=True, text=True, timeout=300)
    check(published.returncode == 0, "the published set now catches it (exit %d)" % published.returncode)
    out = pathlib.Path(tmp) / "finding"
    r = subprocess.run(fuzz_args(susurration, engine, out, "--seed", "5", "--cases", "1000"),
                       capture_output=True, text=True, timeout=900)
    check(r.returncode == 1, "exit %d, want 1: %s %s" % (r.returncode, r.stdout, r.stderr))
    files = [f["file"] for f in json.loads((out / "manifest.json").read_text())["files"]]
    check(files == ["init.json"], "the finding is in %s, want init.json alone" % files)
    groups = json.loads((out / "init.json").read_text())["groups"]
    check([g["parameters"]["birds"] for g in groups] == [201], "shrunk to %s birds, want 201" %
          [g["parameters"]["birds"] for g in groups])
    replay = subprocess.run([susurration, "grade", "--engine", engine, *PROXY_FILES, "--vectors", str(out), "--fresh", "off"],
                            capture_output=True, text=True, timeout=300)
    check(replay.returncode == 1, "the replay passes (exit %d)" % replay.returncode)
    clean = subprocess.run([susurration, "grade", "--engine", "%s engine" % susurration, "--vectors", str(out),
                            "--fresh", "off"], capture_output=True, text=True, timeout=300)
    check(clean.returncode == 0, "the reference fails the finding: %s" % clean.stdout)


def fuzz_asks_run_run_from_and_verify_and_finds_a_run_only_mistake(susurration, tmp):
    # fuzz left run, run_from and verify to the fresh set. An engine whose
    # run alone leaves out a weight change logged at tick 0 (its step,
    # run_from and verify are right) is found in a drawn short run, shrunk
    # to the fewest birds and ticks and to that one change, and written as a
    # trajectories.json the replay fails and the reference passes.
    log = private_tmp(tmp, "log")
    engine = planted(susurration, "wrong-runs-with-a-change-at-tick-0-logged-in-%s" % log)
    out = pathlib.Path(tmp) / "finding"
    r = subprocess.run(fuzz_args(susurration, engine, out, "--seed", "5", "--cases", "1000", *WRITES_TO_THE_TEST),
                       capture_output=True, text=True, timeout=900)
    check(r.returncode == 1, "exit %d, want 1: %s %s" % (r.returncode, r.stdout, r.stderr))
    asked = set((log / "methods").read_text().split())
    check({"run", "run_from", "verify", "init", "step", "metrics"} <= asked,
          "fuzz never asked %s" % sorted({"run", "run_from", "verify", "init", "step", "metrics"} - asked))
    files = [f["file"] for f in json.loads((out / "manifest.json").read_text())["files"]]
    check(files == ["trajectories.json"], "the finding is in %s, want trajectories.json alone" % files)
    groups = json.loads((out / "trajectories.json").read_text())["groups"]
    check(len(groups) == 1, "the finding holds %d runs, want one" % len(groups))
    parameters, case = groups[0]["parameters"], groups[0]["cases"][0]
    check(parameters["birds"] == 10 and case["input"]["ticks"] == 1
          and [c["tick"] for c in parameters["schedule"]] == [0],
          "not shrunk to 10 birds, 1 tick and the change at tick 0: %s, %s" % (parameters, case["input"]))
    replay = subprocess.run([susurration, "grade", "--engine", planted(susurration, "wrong-runs-with-a-change-at-tick-0"),
                             *PROXY_FILES, "--vectors", str(out), "--fresh", "off", "--report", "json"],
                            capture_output=True, text=True, timeout=300)
    report = json.loads(replay.stdout)
    check(replay.returncode == 1 and report["cases"][0]["outcome"] == "fail" and report["cases"][0]["clause"] == "WEIGHTS-3",
          "the replay does not fail the run under WEIGHTS-3 (exit %d): %s" % (replay.returncode, report["cases"]))
    clean = subprocess.run([susurration, "grade", "--engine", "%s engine" % susurration, "--vectors", str(out),
                            "--fresh", "off"], capture_output=True, text=True, timeout=300)
    check(clean.returncode == 0, "the reference fails the finding: %s" % clean.stdout)


def fuzz_finds_the_table_answering_naive_limits_engine(susurration, tmp):
    # The naive-limits variant (90, 28 and 270 decided with glibc's hypot)
    # under a table of the published answers it gets wrong
    # (adapters/doubles/lookup_table/table_over.py) is conformant on the published
    # set, and `fuzz --seconds 60` found nothing in 25,000 cases: it dropped
    # every pair near a limit as ill-conditioned. Band pairs built exactly
    # find it. The default run draws cases for 60 s; a seed and --cases
    # make the run that must find it the same on every machine.
    variants = pathlib.Path(susurration).resolve().parents[1] / "adapters" / "doubles" / "variants"
    naive_binary = variants / "susurration_variant_glibc_libm_naive_limits"
    naive = "%s engine" % naive_binary
    alone = subprocess.run([susurration, "grade", "--engine", naive, "--fresh", "off", "--jobs", "2", "--report", "json"],
                           capture_output=True, text=True, timeout=600)
    wrong = sorted(c["id"] for c in json.loads(alone.stdout)["cases"] if c["outcome"] in ("fail", "errored"))
    check(alone.returncode == 1 and wrong, "the naive variant alone passes the published set")
    ids = pathlib.Path(tmp) / "wrong.txt"
    ids.write_text("\n".join(wrong) + "\n")
    table = " ".join(shlex.quote(w) for w in [sys.executable, str(DOUBLES / "lookup_table" / "table_over.py"),
                                              str(HERE.parents[1] / "vectors"), str(ids), naive])
    under = ("--engine-files", str(naive_binary))
    published = subprocess.run([susurration, "grade", "--engine", table, *under, "--fresh", "off", "--jobs", "2"],
                               capture_output=True, text=True, timeout=600)
    check(published.returncode == 0, "the table no longer passes the published set (exit %d): %s"
          % (published.returncode, published.stdout[-2000:]))
    out = pathlib.Path(tmp) / "finding"
    r = subprocess.run([susurration, "fuzz", "--engine", table, *under, "--out", str(out), "--quiet", "--seed", "1",
                        "--cases", "400"], capture_output=True, text=True, timeout=900)
    check(r.returncode == 1, "exit %d, want 1: %s %s" % (r.returncode, r.stdout, r.stderr))
    files = [f["file"] for f in json.loads((out / "manifest.json").read_text())["files"]]
    cases = [c for f in files for g in json.loads((out / f).read_text())["groups"] for c in g["cases"]]
    check("band pair" in cases[-1]["comment"], "the finding is no band pair: %s" % cases[-1]["comment"])
    replay = subprocess.run([susurration, "grade", "--engine", table, *under, "--vectors", str(out), "--fresh", "off"],
                            capture_output=True, text=True, timeout=300)
    check(replay.returncode == 1 and "Level: not conformant" in replay.stdout,
          "the replay does not find the table not conformant (exit %d): %s" % (replay.returncode, replay.stdout))
    clean = subprocess.run([susurration, "grade", "--engine", "%s engine" % susurration, "--vectors", str(out),
                            "--fresh", "off"], capture_output=True, text=True, timeout=300)
    check(clean.returncode == 0, "the reference fails the finding: %s" % clean.stdout)


def fuzz_runs_every_engine_as_grade_does(susurration, tmp):
    # fuzz started engines outside the sandbox grade puts them in, so an
    # engine could see the kit (and behave otherwise, or read its files).
    # This one steps wrong when an ancestor is `susurration fuzz`.
    engine = planted(susurration, "wrong-steps-when-it-sees-the-kit")
    hidden = subprocess.run(fuzz_args(susurration, engine, pathlib.Path(tmp) / "hidden", "--seed", "5", "--cases",
                                      "200", "--sandbox", "on"), capture_output=True, text=True, timeout=900)
    check(hidden.returncode == 0 and "no difference" in hidden.stdout and ", sandboxed" in hidden.stderr,
          "sandboxed, the engine saw the kit: exit %d, %s %s" % (hidden.returncode, hidden.stdout, hidden.stderr))
    default = subprocess.run(fuzz_args(susurration, engine, pathlib.Path(tmp) / "default", "--seed", "5", "--cases",
                                       "200"), capture_output=True, text=True, timeout=900)
    check(default.returncode == 0 and ", sandboxed" in default.stderr,
          "fuzz does not sandbox by default: exit %d, %s" % (default.returncode, default.stderr))
    seen = subprocess.run(fuzz_args(susurration, engine, pathlib.Path(tmp) / "seen", "--seed", "5", "--cases", "200",
                                    "--sandbox", "off"), capture_output=True, text=True, timeout=900)
    check(seen.returncode == 1 and "not sandboxed" in seen.stderr,
          "outside the sandbox the engine should see the kit and differ: exit %d, %s %s"
          % (seen.returncode, seen.stdout, seen.stderr))


def fuzz_stopped_by_its_engine_ends_with_exit_8_leaving_nothing(susurration, tmp):
    # fuzz had none of grade's guard: an engine that sent SIGSTOP to its
    # parent left fuzz stopped for ever, its engines and scratch folder with
    # it. In the sandbox the engine cannot reach fuzz at all.
    engine = " ".join(shlex.quote(w) for w in [sys.executable, str(DOUBLES / "hostile" / "stops_the_kit.py"),
                                               susurration, "engine"])
    for sandbox, want in (("off", 8), ("auto", 0)):
        root = private_tmp(tmp, "tmp-" + sandbox)
        mark = uuid.uuid4().hex
        try:
            r = subprocess.run(fuzz_args(susurration, engine, pathlib.Path(tmp) / ("out-" + sandbox), "--seed", "5",
                                         "--cases", "200", "--sandbox", sandbox, "--engine-env", MARK),
                               env=dict(os.environ, TMPDIR=str(root), **{MARK: mark}),
                               capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            for pid in marked_processes(mark):
                os.kill(pid, signal.SIGKILL)
            raise AssertionError("--sandbox %s: fuzz still running after 600 s, stopped by its engine" % sandbox)
        check(r.returncode == want, "--sandbox %s: exit %d, want %d: %s %s"
              % (sandbox, r.returncode, want, r.stdout, r.stderr))
        if want == 8:
            check("fuzz: the kit was stopped" in r.stderr, "not said: %s" % r.stderr)
        left = until_gone(mark)
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        check(not left, "--sandbox %s: %d processes of fuzz's left alive" % (sandbox, len(left)))
        check(not list(root.iterdir()), "--sandbox %s: left %s behind" % (sandbox, list(root.iterdir())))


def fuzz_says_an_engine_that_did_not_start_did_not_start(susurration, tmp):
    # An engine that never shook hands ended "no case asked: the time given
    # ran out ... give more time", exit 3: the advice of a slow machine for
    # an engine that cannot run. So did one whose class engine could not.
    for engine, classes, who in (("false", "%s engine" % susurration, "The engine did not start"),
                                 ("%s engine" % susurration, "false", "A class engine did not start")):
        # The class engine is asked only about a difference: an engine that
        # differs on its first step brings it in.
        if classes == "false":
            engine = planted(susurration, "wrong-steps-from-1")
        r = subprocess.run([susurration, "fuzz", "--engine", engine, *PROXY_FILES, "--class-engine", classes,
                            "--out", str(pathlib.Path(tmp) / "out"), "--quiet", "--seed", "5", "--cases", "200"],
                           capture_output=True, text=True, timeout=900)
        check(r.returncode == 7, "%s: exit %d, want 7: %s %s" % (who, r.returncode, r.stdout, r.stderr))
        check(who in r.stderr and "command: false" in r.stderr and "give more time" not in r.stdout
              and "no difference" not in r.stdout.split(";")[0], "%s: %s %s" % (who, r.stdout, r.stderr))
        check(not (pathlib.Path(tmp) / "out").exists(), "%s: a finding was written" % who)


if __name__ == "__main__":
    sys.exit(main(cases(globals(), ("fuzz_",))))
