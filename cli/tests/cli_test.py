# Command-line tests of `susurration simulate` and `verify`: one case per CTest entry.
"""Run: cli_test.py --susurration BIN CASE. Exit 0 when the case holds.

The expectations come from the spec (tick ranges, exit statuses, the one-line
complaint form) and from independent recomputation (the state hash is
recomputed here from the printed state with Python's struct and FNV-1a).
"""
import json
import os
import subprocess
import sys

import case_runner
from case_runner import check, fnv1a_state


def run(binary, *args):
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=120)




def json_file(directory, name, value):
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write(value if isinstance(value, str) else json.dumps(value))
    return path


def simulate_prints_ticks_0_to_T(b, tmp):
    r = run(b, "simulate", "--seed", "42", "--birds", "120", "--ticks", "7")
    check(r.returncode == 0, r.stderr)
    lines = r.stdout.splitlines()
    check(len(lines) == 8, "expected ticks 0..7, got %d lines" % len(lines))
    for t, line in enumerate(lines):
        row = json.loads(line)
        check(list(row) == ["tick", "polarization", "cluster_count", "mean_neighbor_distance"], line)
        check(row["tick"] == t, line)
        check(isinstance(row["cluster_count"], int), line)
        check(0 <= row["polarization"] <= 1, line)
    for token in lines[0].replace("{", ",").replace("}", ",").split(","):
        key, _, value = token.partition(":")
        if key in ('"polarization"', '"mean_neighbor_distance"') and value != "null":
            check("." in value or "e" in value, "float without '.' or exponent: " + token)


def simulate_state_every(b, tmp):
    r = run(b, "simulate", "--seed", "7", "--birds", "10", "--ticks", "4", "--state-every", "2")
    check(r.returncode == 0, r.stderr)
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    check([("state" in row) for row in rows] == [True, False, True, False, True], "state on 0, 2, 4")
    for row in rows[::2]:
        check(len(row["state"]) == 10, "ten birds")
        check(fnv1a_state(row["state"]) == row["state_hash"], "hash of the printed state bits")
        for x, y, vx, vy in row["state"]:
            check(0 <= x <= 1000 and 0 <= y <= 600, "position on the field")


def bad_input_exits_2_with_one_line(b, tmp):
    bad_schedule = json_file(tmp, "dec.json", [{"tick": 5, "cohesion": 1, "alignment": 1, "separation": 1},
                                               {"tick": 3, "cohesion": 1, "alignment": 1, "separation": 1}])
    extra_key = json_file(tmp, "key.json", [{"tick": 5, "cohesion": 1, "alignment": 1, "separation": 1, "x": 1}])
    not_json = json_file(tmp, "broken.json", "[{")
    bad_claim = json_file(tmp, "claim.json", {"polarization": "high", "cluster_count": 1,
                                              "mean_neighbor_distance": None})
    base = ["simulate", "--ticks", "3"]
    cases = [
        (base + ["--seed", "42", "--birds", "9"], "invalid birds: 9 "),
        (base + ["--seed", "42", "--birds", "401"], "invalid birds: 401 "),
        (base + ["--seed", "4294967296"], "invalid seed: 4294967296 "),
        (base + ["--seed", "-1"], "invalid seed: -1 "),
        (base + ["--seed", "1", "--weights", "1,1.5,1"], "invalid alignment weight: 1.5 "),
        (base + ["--seed", "1", "--weights", "nan,1,1"], "invalid cohesion weight: nan "),
        (base + ["--seed", "1", "--weights", "1,1"], "invalid weights: 1,1 "),
        (["simulate", "--seed", "1", "--ticks", "20001"], "invalid ticks: 20001 "),
        (["verify", "--seed", "1", "--at-tick", "0"], "invalid at_tick: 0 "),
        (["verify", "--seed", "1", "--at-tick", "20001"], "invalid at_tick: 20001 "),
        (base + ["--seed", "1", "--schedule", bad_schedule], "invalid schedule[1].tick: 3 "),
        (base + ["--seed", "1", "--schedule", extra_key], "invalid schedule[0]: unknown key"),
        (base + ["--seed", "1", "--schedule", not_json], "invalid schedule: "),
        (base + ["--seed", "1", "--schedule", os.path.join(tmp, "missing.json")], "invalid schedule: "),
        (["verify", "--seed", "1", "--at-tick", "5", "--claim", bad_claim], "invalid claim.polarization: "),
        (["simulate", "--seed", "1"], "usage error: "),
        (["simulate", "--seed", "1", "--ticks", "3", "--bogus"], "usage error: "),
        ([], "usage error: "),
    ]
    for args, prefix in cases:
        r = run(b, *args)
        check(r.returncode == 2, "%s: exit %d, want 2" % (args, r.returncode))
        check(r.stdout == "", "%s: printed %r" % (args, r.stdout[:80]))
        check(r.stderr.count("\n") == 1, "%s: want one line, got %r" % (args, r.stderr))
        check(r.stderr.startswith(prefix), "%s: %r does not start with %r" % (args, r.stderr, prefix))


def schedule_file_acts_from_the_next_step(b, tmp):
    change = json_file(tmp, "s.json", [{"tick": 3, "cohesion": 0.2, "alignment": 0.7, "separation": 0.4}])
    plain = run(b, "simulate", "--seed", "5", "--birds", "30", "--ticks", "6").stdout.splitlines()
    sched = run(b, "simulate", "--seed", "5", "--birds", "30", "--ticks", "6", "--schedule", change)
    check(sched.returncode == 0, sched.stderr)
    rows = sched.stdout.splitlines()
    check(rows[:4] == plain[:4], "ticks 0..3 come before the change acts")
    check(rows[4] != plain[4], "tick 4 is the first state made with the new weights")
    both = run(b, "simulate", "--seed", "5", "--birds", "30", "--ticks", "6", "--weights", "0.2,0.7,0.4")
    early = json_file(tmp, "e.json", [{"tick": 0, "cohesion": 0.2, "alignment": 0.7, "separation": 0.4}])
    zero = run(b, "simulate", "--seed", "5", "--birds", "30", "--ticks", "6", "--schedule", early)
    check(zero.stdout == both.stdout, "a change at tick 0 is the initial weights")


def printing_the_state_does_not_change_the_run(b, tmp):
    args = ["simulate", "--seed", "11", "--birds", "40", "--ticks", "20"]
    plain = [json.loads(line) for line in run(b, *args).stdout.splitlines()]
    with_state = [json.loads(line) for line in run(b, *args, "--state-every", "1").stdout.splitlines()]
    for a, s in zip(plain, with_state):
        check(all(a[k] == s[k] for k in a), "tick %d changed when the state was printed" % a["tick"])


def write_failure_exits_4(b, tmp):
    with open("/dev/full", "w") as full:
        r = subprocess.run([b, "simulate", "--seed", "1", "--ticks", "300"], stdout=full,
                           stderr=subprocess.PIPE, text=True, timeout=60)
    check(r.returncode == 4, "exit %d, want 4" % r.returncode)
    check(r.stderr.count("\n") == 1 and r.stderr.startswith("internal error: "), repr(r.stderr))


def verified(b, tmp, at_tick, claim, *extra):
    path = json_file(tmp, "claim-%d.json" % at_tick, claim)
    r = run(b, "verify", "--seed", "42", "--at-tick", str(at_tick), "--claim", path, *extra)
    return r, (json.loads(r.stdout) if r.stdout else None)


def truth(b, at_tick):
    r = run(b, "verify", "--seed", "42", "--at-tick", str(at_tick))
    check(r.returncode == 0, r.stderr)
    return json.loads(r.stdout)["metrics"]


def verify_claim_exact(b, tmp):
    metrics = truth(b, 30)
    # verify must agree with simulate's row for the same tick.
    rows = run(b, "simulate", "--seed", "42", "--ticks", "30").stdout.splitlines()
    row = json.loads(rows[30])
    check({k: row[k] for k in metrics} == metrics, "verify and simulate disagree at tick 30")
    r, out = verified(b, tmp, 30, dict(metrics, tick=30, note="copied"))
    check(r.returncode == 0 and out["verdict"] == "exact" and out["window"] == "normative", r.stdout)


def verify_claim_within_tolerance(b, tmp):
    m = truth(b, 40)
    claim = dict(m, polarization=m["polarization"] * (1 + 5e-4))
    r, out = verified(b, tmp, 40, claim)
    check(r.returncode == 0 and out["verdict"] == "within-tolerance", r.stdout)


def verify_claim_mismatch_exits_1(b, tmp):
    m = truth(b, 40)
    for claim in (dict(m, polarization=m["polarization"] * (1 + 2e-3)),
                  dict(m, cluster_count=m["cluster_count"] + 1),
                  dict(m, mean_neighbor_distance=None)):
        r, out = verified(b, tmp, 40, claim)
        check(r.returncode == 1 and out["verdict"] == "mismatch", "%s -> %s" % (claim, r.stdout))


def verify_past_200_is_indicative(b, tmp):
    m = truth(b, 250)
    r, out = verified(b, tmp, 250, dict(m, polarization=m["polarization"] * 1.01))
    check(r.returncode == 0, "a mismatch past tick 200 is not a failure: exit %d" % r.returncode)
    check(out["verdict"] == "mismatch" and out["window"] == "indicative", r.stdout)


def verify_over_budget_exits_3(b, tmp):
    r = run(b, "verify", "--seed", "42", "--birds", "400", "--at-tick", "20000", "--budget", "0.05")
    check(r.returncode == 3, "exit %d, want 3" % r.returncode)
    check(r.stdout == "", "nothing on stdout")
    check(r.stderr.count("\n") == 1 and "lower --at-tick" in r.stderr, r.stderr)


def grade_refuses_a_malformed_pin_or_extra_report_with_exit_2(b, tmp):
    # Checked before any engine starts: the engine named here does not exist.
    base = [b, "grade", "--engine", os.path.join(tmp, "no-such-engine")]
    for args, field in [(["--expect-manifest", "C8FB"], "expect-manifest"),
                        (["--expect-manifest", "c8" * 31 + "zz"], "expect-manifest"),
                        (["--also-report", "xml=" + os.path.join(tmp, "r.xml")], "also-report"),
                        (["--also-report", "junit=-"], "also-report"),
                        (["--also-report", "json=" + tmp], "also-report")]:
        r = run(*base, *args)
        check(r.returncode == 2, "%s exited %d" % (args, r.returncode))
        check(len(r.stderr.splitlines()) == 1 and r.stderr.startswith("invalid %s: " % field),
              "%s: %r" % (args, r.stderr))
        check(r.stdout == "", "%s printed %r" % (args, r.stdout))


if __name__ == "__main__":
    sys.exit(case_runner.main(case_runner.cases(globals(), ("simulate_", "bad_", "verify_", "schedule_", "printing_", "write_", "grade_"))))
