# The limits set (vectors/limits.json, spec/grading.md "The limits set"):
# the most work one step and one run may ask, graded only with --limits.
"""Run: limits_test.py --susurration BIN CASE. Exit 0 when the case holds.

What is expected comes from the vector files and spec/, not from the grader:
the limits cases' ids and sizes are read from limits.json, the counts from
the manifest, and the engines that differ do so in a way known here.
"""
import json
import pathlib
import subprocess
import sys
import xml.etree.ElementTree as ET

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT / "cli" / "tests"))
sys.path.insert(0, str(HERE))
import case_runner  # noqa: E402
from case_runner import check  # noqa: E402
from grade_test import validate_report  # noqa: E402

VECTORS = ROOT / "vectors"

# An engine that is the reference in all but one way, known here: `nudge`
# moves the first bird's vx of a 1000-tick step's state by one ulp before
# the reference steps it (a correct engine whose last bits differ: chaos
# carries it far from the reference's answer); `slow` answers a 1000-tick
# step with its first bird at half the least speed STEP-7 leaves; `cap`
# steps 999 ticks when asked 1000 (a bound read with another formula).
DOUBLE = r'''
import json, math, subprocess, sys
mode, command = sys.argv[1], sys.argv[2:]
real = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
for line in sys.stdin:
    request = json.loads(line)
    many = request.get("method") == "step" and request["params"].get("ticks") == 1000
    if many and mode == "cap":
        request["params"]["ticks"] = 999
        line = json.dumps(request) + "\n"
    if many and mode == "nudge":
        bird = request["params"]["state"][0]
        bird[2] = math.nextafter(bird[2], math.inf)
        line = json.dumps(request) + "\n"
    real.stdin.write(line)
    real.stdin.flush()
    answer = real.stdout.readline()
    if many and mode == "slow":
        response = json.loads(answer)
        bird = response["result"]["state"][0]
        bird[2], bird[3] = bird[2] / 2 / math.hypot(bird[2], bird[3]) * 1.6, bird[3] / 2 / math.hypot(bird[2], bird[3]) * 1.6
        answer = json.dumps(response) + "\n"
    sys.stdout.write(answer)
    sys.stdout.flush()
    if request.get("method") == "shutdown":
        break
'''


def limits_ids():
    doc = json.loads((VECTORS / "limits.json").read_text())
    return {c["id"]: (g, c) for g in doc["groups"] for c in g["cases"]}


def grade(binary, engine, tmp, *args):
    out = pathlib.Path(tmp) / "report.json"
    text = pathlib.Path(tmp) / "report.txt"
    r = subprocess.run([binary, "grade", "--engine", engine, "--fresh", "off", "--quiet", "--format", "json",
                        "--output", str(out), "--also-report", "text=%s" % text, *args],
                       capture_output=True, text=True, timeout=900)
    check(out.exists(), "no report; exit %d, stderr: %s" % (r.returncode, r.stderr[-600:]))
    report = json.loads(out.read_text())
    validate_report(report)
    return r, report, text.read_text()


def board_says(binary, tmp):
    """What the board of the report says of the limits: its text row's cases
    cell, and the HTML column's mark (spec/grading.md REPORT-6)."""
    report = pathlib.Path(tmp) / "report.json"
    text = subprocess.run([binary, "report", "--in", str(report), "--board", "--format", "text"],
                          capture_output=True, text=True, timeout=60)
    page = pathlib.Path(tmp) / "board.html"
    html = subprocess.run([binary, "report", "--in", str(report), "--board", "--output", str(page)],
                          capture_output=True, text=True, timeout=60)
    check(text.returncode == 0 and html.returncode == 0, "report --board: %s %s" % (text.stderr, html.stderr))
    marks = [s.text for s in ET.parse(page).getroot().iter("{http://www.w3.org/1999/xhtml}span")
             if s.get("class") == "limits"]
    return "+limits" in text.stdout, marks


def reference(binary):
    return "'%s' engine" % binary


def grade_the_reference_engine_is_exact_on_the_limits_set(binary, tmp):
    ids = limits_ids()
    sizes = sorted((len(c["input"]["state"]), c["input"]["ticks"]) if "state" in c["input"]
                   else (g["parameters"]["birds"], c["input"]["ticks"]) for g, c in ids.values())
    check(sizes == [(400, 1000), (400, 1000), (400, 20000)],
          "limits.json does not ask the most work of INPUT-2/4/6: %s" % sizes)
    manifest = json.loads((VECTORS / "manifest.json").read_text())
    r, report, text = grade(binary, reference(binary), tmp, "--limits")
    check(r.returncode == 0 and report["level"] == "exact", "level %s, exit %d: %s" % (
        report["level"], r.returncode, [c["id"] for c in report["cases"] if c["outcome"] != "pass-exact"]))
    graded = {c["id"]: c for c in report["cases"]}
    for case_id in ids:
        check(case_id in graded, "%s was not asked with --limits" % case_id)
        check(graded[case_id]["category"] == "limits" and graded[case_id]["outcome"] == "pass-exact",
              "%s: %s" % (case_id, graded[case_id]))
    scope = report["scope"]
    check(scope["limits"] is True and scope["cases"] == scope["cases_in_set"] == manifest["number_of_cases"],
          "a --limits grade of the whole set says %s (manifest: %d cases)" % (scope, manifest["number_of_cases"]))
    check("the limits set asked (--limits)" in text, text[-600:])
    svg = pathlib.Path(tmp) / "badge.svg"
    badge = subprocess.run([binary, "report", "--in", str(pathlib.Path(tmp) / "report.json"), "--badge", str(svg)],
                           capture_output=True, text=True, timeout=60)
    check(badge.returncode == 0 and "exact \u00b7 no fresh set \u00b7 limits asked" in svg.read_text(),
          "the badge of a --limits grade does not say so: exit %d, %s" % (badge.returncode, badge.stderr[-300:]))
    plus, marks = board_says(binary, tmp)
    check(plus and marks == ["limits set asked"], "the board of a --limits grade: +limits %s, marks %s" % (plus, marks))


def grade_a_plain_grade_leaves_the_limits_unasked_and_says_so(binary, tmp):
    ids = limits_ids()
    manifest = json.loads((VECTORS / "manifest.json").read_text())
    r, report, text = grade(binary, reference(binary), tmp)
    check(r.returncode == 0 and report["level"] == "exact", "level %s, exit %d" % (report["level"], r.returncode))
    asked = {c["id"] for c in report["cases"]} & set(ids)
    check(not asked, "a plain grade asked the limits cases %s" % sorted(asked))
    scope = report["scope"]
    whole = manifest["number_of_cases"] - len(ids)
    check(scope["limits"] is False and scope["cases"] == scope["cases_in_set"] == whole,
          "a plain grade's scope says %s (the set without limits.json: %d cases)" % (scope, whole))
    check("the limits set not asked (--limits asks it)" in text, text[-600:])
    svg = pathlib.Path(tmp) / "badge.svg"
    badge = subprocess.run([binary, "report", "--in", str(pathlib.Path(tmp) / "report.json"), "--badge", str(svg)],
                           capture_output=True, text=True, timeout=60)
    check(badge.returncode == 0 and "limits asked" not in svg.read_text(), "the badge of a plain grade says the "
          "limits were asked: exit %d, %s" % (badge.returncode, badge.stderr[-300:]))
    plus, marks = board_says(binary, tmp)
    check(not plus and marks == ["limits set not asked"], "the board of a plain grade: +limits %s, marks %s" % (plus, marks))


def grade_a_limits_step_past_the_horizon_passes_in_the_field_and_fails_outside_the_clamp(binary, tmp):
    engine = pathlib.Path(tmp) / "double.py"
    engine.write_text(DOUBLE)
    step = next(i for i, (g, c) in limits_ids().items() if "state" in c["input"])

    def graded(mode):
        words = [sys.executable, str(engine), mode, binary, "engine"]
        r, report, _ = grade(binary, " ".join("'%s'" % w for w in words), tmp, "--limits", "--only", step)
        return r, report, next(c for c in report["cases"] if c["id"] == step)

    # One ulp in one bird, 1000 ticks on: far from the reference, still a correct engine's answer.
    r, report, c = graded("nudge")
    check(r.returncode == 0 and report["level"] == "conformant" and c["outcome"] == "pass-tolerant",
          "a one-ulp nudge is %s (%s): %s" % (report["level"], c["outcome"], c["message"]))
    check("outside the step class" in c["message"], c["message"])
    # A bird below the least speed the clamp leaves is no correct engine's answer.
    r, report, c = graded("slow")
    check(r.returncode == 1 and report["level"] == "not conformant" and c["outcome"] == "fail",
          "a bird at 0.8 passes: %s (%s)" % (report["level"], c["message"]))
    check("outside 1.6..4.2 (STEP-7)" in c["message"], c["message"])


def grade_an_engine_that_steps_999_of_1000_ticks_fails_the_limits_step_with_every_rule_off(binary, tmp):
    engine = pathlib.Path(tmp) / "double.py"
    engine.write_text(DOUBLE)
    steps = {i: g["parameters"]["weights"] for i, (g, c) in limits_ids().items() if "state" in c["input"]}
    off = [i for i, w in steps.items() if w == [0, 0, 0]]
    check(len(off) == 1 and len(steps) == 2, "limits.json's steps and their weights: %s" % steps)
    words = [sys.executable, str(engine), "cap", binary, "engine"]
    r, report, _ = grade(binary, " ".join("'%s'" % w for w in words), tmp, "--limits", "--only", "step-400-*")
    outcomes = {c["id"]: c["outcome"] for c in report["cases"]}
    check(r.returncode == 1 and report["level"] == "not conformant" and outcomes.get(off[0]) == "fail",
          "an engine stepping 999 of 1000 ticks is %s: %s" % (report["level"], outcomes))


if __name__ == "__main__":
    sys.exit(case_runner.main(case_runner.cases(globals(), ("grade_",))))
