# Grades engines whose deviations are known and checks the report's fingerprint (REPORT-8) names exactly them.
"""Run: fingerprint_test.py --susurration BIN --vectors DIR [--schema FILE] ENGINE=DEVIATIONS ...

ENGINE=DEVIATIONS: a command line, '=', and the deviations it was built
with, comma-separated ('' for none: an exact engine). ENGINE may be
`one_deviation:NAME[,NAME]`, the Python doubles of engine.py beside this file.
Each is graded on the files the fingerprint reads (torus, init, step,
metrics; --fresh off, so seconds), or on the whole published set when
ENGINE starts with `whole:`, and must come out conformant (exact when
it has no deviation), its report must validate against the schema, and its
`fingerprint` must name exactly its deviations, in REPORT-8's order, each
listing only pass-tolerant cases and together all of them, and the text and HTML reports of the same
run must name the same; an exact engine's reports have none.
Prints a table of engine -> deviations named.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.join(HERE, "..", "..", "..", "python")
ORDER = ["platform-hypot", "fused-multiply-add", "clamp-formula", "squared-deltas", "sum-order", "platform-sin-cos"]


def command_of(engine):
    if engine.startswith("one_deviation:"):
        names = engine.split(":", 1)[1].split(",")
        return [sys.executable, os.path.join(HERE, "engine.py")] + names, [HERE, PYTHON_DIR]
    if engine == "python":
        return [sys.executable, os.path.join(PYTHON_DIR, "engine.py")], [PYTHON_DIR]
    return engine.split(), []


def grade(binary, vectors, engine, folder):
    """The JSON report, and the text and HTML reports of the same run."""
    whole = engine.startswith("whole:")
    words, files = command_of(engine[len("whole:"):] if whole else engine)
    text, html = os.path.join(folder, "report.txt"), os.path.join(folder, "report.html")
    args = [binary, "grade", "--fresh", "off", "--jobs", "2", "--quiet", "--format", "json", "--vectors", vectors,
            "--also-report", "text=" + text, "--also-report", "html=" + html, "--engine", " ".join(words)]
    for glob in () if whole else ("torus-*", "init-*", "step-*", "metrics-*"):
        args += ["--only", glob]
    for f in files:
        args += ["--engine-files", f]
    r = subprocess.run(args, capture_output=True, text=True, timeout=1200)
    if not r.stdout:
        return None, r.stderr.strip(), "", ""
    with open(text, encoding="utf-8") as t, open(html, encoding="utf-8") as h:
        return json.loads(r.stdout), "", t.read(), h.read()


def report_in_problems(binary, report, folder):
    """What `report --in` got wrong about the report and two edits of it, or ''."""
    edits = [("as written", report, 0)]
    if report.get("fingerprint"):
        old = {k: v for k, v in report.items() if k != "fingerprint"}
        renamed = json.loads(json.dumps(report))
        first = renamed["fingerprint"][0]
        first["deviation"] = next(d for d in ORDER if d != first["deviation"])
        edits += [("without its fingerprint", old, 0), ("with its first deviation renamed", renamed, 2)]
    wrong = []
    for what, doc, status in edits:
        path = os.path.join(folder, "edited.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(doc, f)
        r = subprocess.run([binary, "report", "--in", path, "--output", os.path.join(folder, "page.html")],
                           capture_output=True, text=True, timeout=120)
        if r.returncode != status or (status and "fingerprint says" not in r.stderr):
            wrong.append("report --in of the report %s exits %d (%s), not %d"
                         % (what, r.returncode, r.stderr.strip()[:100], status))
    return "; ".join(wrong)


def named_in_text(text):
    """The deviations the text report's fingerprint section names, in order."""
    _, found, section = text.partition("What the tolerant cases are consistent with (REPORT-8):\n")
    if not found:
        return []
    return re.findall(r"^  ([a-z-]+): \d+ cases?", section.split("\n\n")[0], re.M)


def named_in_html(html):
    found = re.search(r'<table class="fingerprint">(.*?)</table>', html)
    return re.findall(r"<td><b>([a-z-]+)</b></td>", found.group(1)) if found else []


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--susurration", required=True)
    p.add_argument("--vectors", required=True)
    p.add_argument("--schema", default="")
    p.add_argument("--report-in", action="store_true",
                   help="also require `report --in` to take each report as written or without its fingerprint "
                        "(a kit before REPORT-8), and to refuse it (exit 2) with its first deviation renamed")
    p.add_argument("engines", nargs="+", metavar="ENGINE=DEVIATIONS")
    a = p.parse_args()
    validator = None
    if a.schema:
        import jsonschema
        with open(a.schema, encoding="utf-8") as f:
            validator = jsonschema.Draft202012Validator(json.load(f))
    wrong = 0
    print("%-60s %-11s %-8s %s" % ("engine", "level", "tolerant", "deviations named"))
    for spec in a.engines:
        engine, _, want = spec.rpartition("=")
        expected = [d for d in want.split(",") if d]
        expected.sort(key=ORDER.index)
        with tempfile.TemporaryDirectory() as folder:
            report, problem, text, html = grade(a.susurration, a.vectors, engine, folder)
            if a.report_in and report is not None:
                problem = report_in_problems(a.susurration, report, folder)
                report = None if problem else report
        if report is None:
            print("%s: no report: %s" % (engine, problem))
            wrong += 1
            continue
        named = [f["deviation"] for f in report.get("fingerprint", [])]
        tolerant = {c["id"] for c in report["cases"] if c["outcome"] == "pass-tolerant"}
        print("%-60s %-11s %-8d %s" % (engine, report["level"], len(tolerant), ", ".join(named) or "-"))
        problems = []
        if report["level"] != ("conformant" if expected else "exact"):
            problems.append("level %s" % report["level"])
        if named != expected:
            problems.append("named %s, built with %s" % (named or "nothing", expected or "nothing"))
        if named_in_text(text) != named or named_in_html(html) != named:
            problems.append("the text report names %s and the HTML page %s" % (named_in_text(text), named_in_html(html)))
        if "fingerprint" in report and not report["fingerprint"]:
            problems.append("an empty fingerprint, where none is due")
        for f in report.get("fingerprint", []):
            stray = [c for c in f["cases"] if c not in tolerant]
            if stray or not f["cases"]:
                problems.append("%s lists %s" % (f["deviation"], stray or "no case"))
            print("    %s: %d cases; %s" % (f["deviation"], len(f["cases"]), f["remedy"]))
        unlisted = tolerant - {c for f in report.get("fingerprint", []) for c in f["cases"]}
        if unlisted:
            problems.append("tolerant cases no deviation lists: %s" % sorted(unlisted))
        if validator is not None:
            problems += ["schema: %s at %s" % (e.message[:120], list(e.absolute_path))
                         for e in validator.iter_errors(report)][:3]
        for problem in problems:
            print("  WRONG: " + problem)
        wrong += bool(problems)
    print("engines whose fingerprint is wrong: %d/%d" % (wrong, len(a.engines)))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
