# Command-line tests of `susurration vectors-diff`: one case per CTest entry.
"""Run: vectors_diff_test.py --susurration BIN CASE. Exit 0 when the case holds.

Each case writes two small vector sets by hand (the envelope of
vectors/README.md, two groups of cases in one file and one group in another)
and edits the second one, so what the tool must report is known exactly.
Floats are written by Python's json, which uses the shortest round-trip form
too, so the values the tool prints can be checked as text.
"""
import copy
import json
import math
import os
import subprocess
import sys

import case_runner
from case_runner import check


def run(binary, *args, timeout=120):
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=timeout)




def case(id, clauses, input, expected):
    return {"id": id, "comment": "A hand-written case.", "clauses": clauses, "flags": [],
            "compare": {"class": "exact"}, "input": input, "expected": expected}


def envelope(category, groups):
    return {"schema": category + ".schema.json", "spec_version": "1.0.0",
            "generator_version": "susurration 0.1.0", "category": category,
            "header": ["Hand-written for the vectors-diff tests."],
            "number_of_cases": sum(len(g["cases"]) for g in groups),
            "notes": {"Edge": {"bug_type": "boundary", "description": "A case on an edge."}},
            "groups": groups}


def base_set():
    step = envelope("step", [
        {"comment": "All rules on.", "parameters": {"weights": [1.0, 1.0, 1.0]}, "cases": [
            case("step-a", ["STEP-2"], {"state": [[100.0, 100.0, 2.0, 0.0]]},
                 {"state": [[102.0, 100.0, 2.0, 0.0]]}),
            case("step-b", ["STEP-2", "STEP-5"], {"state": [[1.0, 2.0, 0.0, 2.0], [190.0, 100.0, 0.0, 2.0]]},
                 {"state": [[1.0, 4.0, 0.0, 2.0], [190.0, 102.0, 0.0, 2.0]]}),
        ]},
        {"comment": "Alignment only.", "parameters": {"weights": [0.0, 1.0, 0.0]}, "cases": [
            case("step-c", ["STEP-3"], {"state": [[5.0, 5.0, 1.0, 1.0]]}, {"state": [[6.0, 6.0, 1.0, 1.0]]}),
        ]},
    ])
    torus = envelope("torus", [
        {"comment": "Deltas.", "parameters": {"axis": "x", "size": 1000}, "cases": [
            case("torus-half", ["FIELD-3"], {"a": 0.0, "b": 500.0}, {"delta": 500.0}),
            case("torus-seam", ["FIELD-3", "FIELD-4"], {"a": 999.0, "b": 1.0}, {"delta": 2.0}),
        ]},
    ])
    manifest = {"files": [{"file": "step.json", "sha256": "0" * 64}]}
    return {"step.json": step, "torus.json": torus, "manifest.json": manifest}


def write_set(directory, files):
    os.makedirs(directory)
    for name, doc in files.items():
        with open(os.path.join(directory, name), "w") as f:
            f.write(doc if isinstance(doc, str) else json.dumps(doc, indent=2))
    return directory


def sets(tmp, edit):
    """Writes the base set as old/ and an edited copy as new/."""
    new = copy.deepcopy(base_set())
    edit(new)
    return write_set(os.path.join(tmp, "old"), base_set()), write_set(os.path.join(tmp, "new"), new)


def sections(text):
    """The text report as {heading: [lines under it]}, plus "summary"."""
    out, heading = {}, None
    lines = text.splitlines()
    for line in lines[:-1]:
        if line.startswith(" "):
            out[heading].append(line.strip())
        else:
            heading = line
            out[heading] = []
    out["summary"] = lines[-1]
    return out


def first_case(files, id):
    for doc in files.values():
        for group in doc.get("groups", []):
            for c in group["cases"]:
                if c["id"] == id:
                    return group, c
    raise KeyError(id)


def expect_bad_input(b, args, prefix, names):
    r = run(b, "vectors-diff", *args)
    check(r.returncode == 2, "%s: exit %d, want 2" % (args, r.returncode))
    check(r.stdout == "", "%s: printed %r" % (args, r.stdout[:80]))
    check(r.stderr.count("\n") == 1, "want one line, got %r" % r.stderr)
    check(r.stderr.startswith(prefix), "%r does not start with %r" % (r.stderr, prefix))
    check(names in r.stderr, "%r does not name %s" % (r.stderr, names))


def vectors_diff_identical_sets_exit_0(b, tmp):
    old, new = sets(tmp, lambda files: files["manifest.json"].update(note="manifests are not compared"))
    r = run(b, "vectors-diff", old, new)
    check(r.returncode == 0, "exit %d: %s" % (r.returncode, r.stderr))
    check(r.stdout == "0 added, 0 removed, 0 changed, 5 unchanged; clauses touched: none\n", r.stdout)


def vectors_diff_lists_added_removed_and_changed_cases_with_clauses(b, tmp):
    def edit(files):
        step = files["step.json"]["groups"]
        step[0]["cases"].pop(0)  # step-a removed
        step[1]["cases"].append(case("step-d", ["STEP-4", "WEIGHTS-1"], {"state": []}, {"state": []}))
        first_case(files, "torus-seam")[1]["expected"]["delta"] = 3.0
    old, new = sets(tmp, edit)
    r = run(b, "vectors-diff", old, new)
    check(r.returncode == 1, "exit %d, want 1: %s" % (r.returncode, r.stderr))
    s = sections(r.stdout)
    check(s.get("ADDED") == ["step.json  step-d  [STEP-4, WEIGHTS-1]"], r.stdout)
    check(s.get("REMOVED") == ["step.json  step-a  [STEP-2]"], r.stdout)
    check(s.get("CHANGED") == ["torus.json  torus-seam  [FIELD-3, FIELD-4]",
                               "expected.delta: 2.0 -> 3.0  (2251799813685248 ulps, relative 0.333)"],
          r.stdout)
    check(s["summary"] == "1 added, 1 removed, 1 changed, 3 unchanged; "
                         "clauses touched: FIELD-3, FIELD-4, STEP-2, STEP-4, WEIGHTS-1", s["summary"])
    check(set(s) == {"ADDED", "REMOVED", "CHANGED", "summary"}, "no other sections: %s" % list(s))


def vectors_diff_changed_float_reports_path_values_and_1_ulp(b, tmp):
    new_value = math.nextafter(2.0, math.inf)  # 2.0000000000000004
    old, new = sets(tmp, lambda files: first_case(files, "step-b")[1]["expected"]["state"][1]
                    .__setitem__(3, new_value))
    r = run(b, "vectors-diff", old, new)
    check(r.returncode == 1, "exit %d, want 1" % r.returncode)
    line = sections(r.stdout)["CHANGED"][1]
    want = "expected.state[1][3]: 2.0 -> %r  (1 ulp, relative 2.22e-16)" % new_value
    check(line == want, "%r, want %r" % (line, want))
    d = json.loads(run(b, "vectors-diff", "--format", "json", old, new).stdout)["changed"][0]
    check(d["first_difference"] == {"path": "expected.state[1][3]", "old": 2.0, "new": new_value,
                                    "ulps": 1, "relative": (new_value - 2.0) / new_value}, d)


def vectors_diff_negative_zero_and_integer_one_are_changes(b, tmp):
    def edit(files):
        first_case(files, "torus-half")[1]["input"]["a"] = -0.0
        first_case(files, "step-c")[1]["expected"]["state"][0][2] = 1  # the integer 1, not 1.0
    r = run(b, "vectors-diff", *sets(tmp, edit))
    changed = sections(r.stdout).get("CHANGED", [])
    check(changed == ["step.json  step-c  [STEP-3]", "expected.state[0][2]: 1.0 -> 1",
                      "torus.json  torus-half  [FIELD-3]",
                      "input.a: 0.0 -> -0.0  (1 ulp, relative 0)"], r.stdout)  # AMB-29


def vectors_diff_group_parameters_change_every_case_of_the_group(b, tmp):
    old, new = sets(tmp, lambda files: files["step.json"]["groups"][0]["parameters"]["weights"]
                    .__setitem__(2, 0.5))
    changed = sections(run(b, "vectors-diff", old, new).stdout).get("CHANGED", [])
    check(changed == ["step.json  step-a  [STEP-2]", "group.parameters.weights[2]: 1.0 -> 0.5  "
                      "(4503599627370496 ulps, relative 0.5)",
                      "step.json  step-b  [STEP-2, STEP-5]", "group.parameters.weights[2]: 1.0 -> 0.5  "
                      "(4503599627370496 ulps, relative 0.5)"], changed)


def vectors_diff_reports_envelope_and_files_in_one_set(b, tmp):
    def edit(files):
        files["step.json"]["spec_version"] = "1.1.0"
        files["step.json"]["notes"]["Edge"]["description"] = "Reworded."
        files["metrics.json"] = envelope("metrics", [])
        del files["torus.json"]
    r = run(b, "vectors-diff", *sets(tmp, edit))
    check(r.returncode == 1, "exit %d, want 1" % r.returncode)
    s = sections(r.stdout)
    check(s.get("FILES ONLY IN OLD") == ["torus.json"], r.stdout)
    check(s.get("FILES ONLY IN NEW") == ["metrics.json"], r.stdout)
    check(s.get("ENVELOPE") == ['step.json  spec_version: "1.0.0" -> "1.1.0"',
                                'step.json  notes.Edge.description: "A case on an edge." -> "Reworded."'],
          r.stdout)
    check(s.get("REMOVED") == ["torus.json  torus-half  [FIELD-3]", "torus.json  torus-seam  [FIELD-3, FIELD-4]"],
          r.stdout)


def vectors_diff_missing_dir_exits_2_with_one_line(b, tmp):
    good = write_set(os.path.join(tmp, "good"), base_set())
    missing = os.path.join(tmp, "missing")
    expect_bad_input(b, [missing, good], "invalid old_dir: ", missing)
    expect_bad_input(b, [good, missing], "invalid new_dir: ", missing)


def vectors_diff_malformed_json_exits_2_with_one_line(b, tmp):
    good = write_set(os.path.join(tmp, "good"), base_set())
    broken = write_set(os.path.join(tmp, "broken"), dict(base_set(), **{"torus.json": '{"groups": ['}))
    expect_bad_input(b, [good, broken], "invalid vector file: ", os.path.join(broken, "torus.json"))
    no_id = base_set()
    del first_case(no_id, "step-b")[1]["id"]
    no_id_dir = write_set(os.path.join(tmp, "no-id"), no_id)
    expect_bad_input(b, [no_id_dir, good], "invalid " + os.path.join(no_id_dir, "step.json"),
                     "groups[0].cases[1].id")
    twice = base_set()
    twice["torus.json"]["groups"][0]["cases"].append(first_case(twice, "step-a")[1])
    twice_dir = write_set(os.path.join(tmp, "twice"), twice)
    expect_bad_input(b, [good, twice_dir], "invalid " + os.path.join(twice_dir, "torus.json"), "step-a")


def vectors_diff_format_json_parses(b, tmp):
    def edit(files):
        files["step.json"]["groups"][1]["cases"].clear()
        first_case(files, "torus-half")[1]["clauses"] = ["FIELD-3", "FIELD-5"]
    old, new = sets(tmp, edit)
    r = run(b, "vectors-diff", "--format", "json", old, new)
    check(r.returncode == 1, "exit %d, want 1" % r.returncode)
    report = json.loads(r.stdout)
    check(list(report) == ["files_only_in_old", "files_only_in_new", "envelope", "added", "removed",
                           "changed", "summary"], list(report))
    check(report["removed"] == [{"id": "step-c", "file": "step.json", "clauses": ["STEP-3"]}], report["removed"])
    check(report["changed"] == [{"id": "torus-half", "file": "torus.json", "clauses": ["FIELD-3", "FIELD-5"],
                                 "first_difference": {"path": "clauses[1]", "new": "FIELD-5"}}],
          report["changed"])
    check(report["summary"] == {"added": 0, "removed": 1, "changed": 1, "unchanged": 3,
                                "clauses_touched": ["FIELD-3", "FIELD-5", "STEP-3"]}, report["summary"])


def vectors_diff_finds_no_drift_in_the_published_set(b, tmp):
    # One regeneration against the committed vectors/: any drift is named by
    # case id (conformance/lint/check_fresh.py names the files).
    # Under CTest, the set the fixture vectors.generate wrote with this
    # binary (one generation fewer); run by hand, a generation of its own.
    published = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "vectors")
    fresh = os.environ.get("SUSURRATION_FRESH_VECTORS")
    if not fresh:
        fresh = os.path.join(tmp, "new")
        r = run(b, "vectors", "--out", fresh, timeout=1800)
        check(r.returncode == 0, "vectors --out: exit %d: %s" % (r.returncode, r.stderr))
    r = run(b, "vectors-diff", published, fresh)
    print(r.stdout, end="")
    check(r.returncode == 0, "exit %d, want 0: %s" % (r.returncode, r.stdout[-2000:] + r.stderr))
    check(r.stdout.startswith("0 added, 0 removed, 0 changed, "), r.stdout)


if __name__ == "__main__":
    sys.exit(case_runner.main(case_runner.cases(globals(), ("vectors_diff_",))))
