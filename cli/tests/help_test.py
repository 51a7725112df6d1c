# The command line's conventions (issue 55): help [CMD], unknown subcommands, value names in usage lines.
"""Run: help_test.py --susurration BIN CASE. Exit 0 when the case holds.

The expectations are the conventions of git, cargo and argparse, written
out here by hand: the subcommands the kit documents (README.md), the names
a value is shown with, and the usage status 2 of spec/sessions-and-traces.md.
"""
import fnmatch
import json
import os
import re
import subprocess
import sys

import case_runner
from case_runner import check

SUBCOMMANDS = ["simulate", "verify", "vectors", "vectors-diff", "engine", "grade", "report", "report-diff",
               "fuzz", "help"]


def run(binary, *args):
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=60)


def help_alone_prints_the_kits_help_and_help_cmd_that_subcommands(b, tmp):
    r = run(b, "help")
    check(r.returncode == 0 and r.stdout == run(b, "--help").stdout, "help is --help: %r" % r.stdout[:200])
    for sub in SUBCOMMANDS:
        check(sub in r.stdout, "help lists %s" % sub)
    r = run(b, "help", "grade")
    check(r.returncode == 0 and r.stdout == run(b, "grade", "--help").stdout, "help grade is grade --help")
    check(r.stdout.startswith("grade an engine"), r.stdout[:200])


def an_unknown_subcommand_is_one_line_listing_the_subcommands(b, tmp):
    for args in (["foo"], ["help", "foo"], []):
        r = run(b, *args)
        check(r.returncode == 2, "%s exited %d" % (args, r.returncode))
        lines = r.stderr.splitlines()
        check(len(lines) == 1 and lines[0].startswith("usage error: "), "%s: %r" % (args, r.stderr))
        for sub in SUBCOMMANDS:
            check(re.search(r"\b%s\b" % re.escape(sub), lines[0]), "%s: %s not listed in %r" % (args, sub, lines[0]))
        check(r.stdout == "", "%s printed %r" % (args, r.stdout))


def usage_lines_say_susurration_and_name_every_value(b, tmp):
    for sub in SUBCOMMANDS:
        out = run(b, sub, "--help").stdout
        check(out, "%s --help printed nothing" % sub)
        for line in out.splitlines():
            if line.startswith("Usage:"):
                check(line.startswith("Usage: susurration %s" % sub), "%s: %r" % (sub, line))
        for word in ("TEXT", "INT", "UINT", "FLOAT", "NUMBER"):
            check(not re.search(r"\b%s\b" % word, out), "%s --help shows a type, %s:\n%s" % (sub, word, out))
    grade = run(b, "grade", "--help").stdout
    for option, name in (("--engine", "CMD"), ("--only", "GLOB"), ("--skip", "GLOB"), ("--output", "FILE"),
                         ("--vectors", "DIR"), ("--jobs", "N"), ("--shard", "I/N"), ("--timeout", "SECONDS")):
        check(re.search(r"%s %s\b" % (re.escape(option), re.escape(name)), grade), "grade: %s %s" % (option, name))
    simulate = run(b, "simulate", "--help").stdout
    for option, name in (("--seed", "SEED"), ("--birds", "N"), ("--backend,--engine", "BACKEND")):
        check(re.search(r"%s %s\b" % (re.escape(option), re.escape(name)), simulate), "simulate: %s %s" % (option, name))


def man_page_has_a_section_for_every_subcommand(b, tmp):
    with open(os.environ["SUSURRATION_MAN_PAGE"]) as f:
        page = f.read()
    check(page.startswith(".\\\"") or page.startswith(".TH"), page[:80])
    check(re.search(r"^\.TH SUSURRATION \"?1", page, re.M), "no .TH SUSURRATION 1 line")
    for sub in SUBCOMMANDS:
        check(re.search(r"^\.SS %s$" % re.escape(sub), page, re.M), "no section for " + sub)
    # grade's options, as its --help gives them, are in the page.
    for option in re.findall(r"--[a-z][a-z-]*", run(b, "grade", "--help").stdout):
        check(option.replace("-", "\\-") in page or option in page, option + " is not in the man page")


def completion(script, *words):
    line = " ".join(words)
    program = ('source "%s"; COMP_WORDS=(%s); COMP_CWORD=%d; _susurration; printf "%%s\\n" "${COMPREPLY[@]}"'
               % (script, line, len(words) - 1))
    return subprocess.run(["bash", "-c", program], capture_output=True, text=True, timeout=60).stdout.split()


def bash_completion_offers_subcommands_and_their_options(b, tmp):
    script = os.environ["SUSURRATION_COMPLETION"]
    check(completion(script, b, "gr") == ["grade"], "gr: %r" % completion(script, b, "gr"))
    check(completion(script, b, "report") == ["report", "report-diff"], "report: %r" % completion(script, b, "report"))
    check(completion(script, b, "help", "fu") == ["fuzz"], "help fu: %r" % completion(script, b, "help", "fu"))
    offered = completion(script, b, "grade", "--ex")
    check(offered == ["--expect-fail", "--expect-manifest"], "grade --ex: %r" % offered)
    check("--seed" in completion(script, b, "simulate", "--"), "simulate --: no --seed")


def published_ids(b):
    """The published case ids in manifest order, read from the vector files
    themselves, beside the binary as grade finds them."""
    vectors = os.path.join(os.path.dirname(os.path.realpath(b)), "..", "share", "susurration", "vectors")
    with open(os.path.join(vectors, "manifest.json")) as f:
        manifest = json.load(f)
    ids = []
    for entry in manifest["files"]:
        with open(os.path.join(vectors, entry["file"])) as f:
            ids += [(c["id"], c["clauses"]) for g in json.load(f)["groups"] for c in g["cases"]]
    return ids


def grade_list_prints_the_selection_and_grades_nothing(b, tmp):
    r = run(b, "grade", "--list", "--only", "torus-x-*", "--fresh", "off")
    check(r.returncode == 0 and r.stderr == "", "exit %d: %r" % (r.returncode, r.stderr))
    lines = r.stdout.splitlines()
    check(lines and lines[0].startswith("# "), "a header: %r" % lines[:1])
    rows = [line.split("\t") for line in lines[1:]]
    want = [(i, ",".join(c)) for i, c in published_ids(b) if fnmatch.fnmatchcase(i, "torus-x-*")]
    check(want and [(row[0], row[2]) for row in rows] == want, "listed %r, expected %r" % (rows[:3], want[:3]))
    check(all(row[1] == "torus" for row in rows), "category torus: %r" % rows[:3])
    check(lines[0].startswith("# %d of the " % len(want)), lines[0])
    # A fresh set is listed with its seed, category fresh; still no engine.
    r = run(b, "grade", "--list", "--only", "fresh-*", "--fresh", "7")
    check(r.returncode == 0 and "fresh seed 7" in r.stdout.splitlines()[0], r.stdout[:200] + r.stderr)
    check(all(line.split("\t")[1] == "fresh" for line in r.stdout.splitlines()[1:]), r.stdout[:300])
    # Without --list, --engine is needed: one line, exit 2.
    r = run(b, "grade", "--only", "torus-x-*")
    check(r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "engine" in r.stderr, r.stderr)


def grade_jobs_takes_auto_for_the_machines_cores(b, tmp):
    out = os.path.join(tmp, "r.json")
    r = run(b, "grade", "--engine", "'%s' engine" % b, "--jobs", "auto", "--only", "torus-x-*", "--fresh", "off",
            "--report", "json", "--output", out, "--quiet")
    check(r.returncode == 0, "exit %d: %s" % (r.returncode, r.stderr))
    with open(out) as f:
        check(json.load(f)["jobs"] == min(64, os.cpu_count()), "jobs is this machine's %d cores" % os.cpu_count())
    check("auto" in run(b, "grade", "--help").stdout, "--help says auto")
    for bad in ("0", "65", "lots", "2x"):
        r = run(b, "grade", "--engine", "'%s' engine" % b, "--jobs", bad)
        check(r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "jobs" in r.stderr, "%s: %r" % (bad, r.stderr))


def one_spelling_per_idea_and_the_old_ones_still_work(b, tmp):
    """--format is a report's form and --output where it goes on every
    subcommand, --backend the simulation's backend; --report, --out and
    simulate's --engine, public before, are aliases that do the same."""
    grade = [b, "grade", "--engine", "'%s' engine" % b, "--only", "torus-x-*", "--fresh", "off", "--quiet"]
    new, old = run(*grade, "--format", "json"), run(*grade, "--report", "json")
    check(new.returncode == 0 and old.returncode == 0, new.stderr + old.stderr)
    check(json.loads(new.stdout)["level"] == json.loads(old.stdout)["level"] == "exact", "grade --format json")
    for option in ("--output", "--out"):
        out = os.path.join(tmp, "fresh" + option)
        r = run(b, "vectors", "--fresh", "1", option, out)
        check(r.returncode == 0 and os.path.isfile(os.path.join(out, "manifest.json")), "vectors %s: %s" % (option, r.stderr))
    with open(os.path.join(tmp, "fresh--output", "manifest.json")) as a, open(os.path.join(tmp, "fresh--out", "manifest.json")) as c:
        check(a.read() == c.read(), "vectors --output and --out write the same set")
    simulate = [b, "simulate", "--seed", "42", "--birds", "20", "--ticks", "3"]
    new, old = run(*simulate, "--backend", "grid"), run(*simulate, "--engine", "grid")
    check(new.returncode == 0 and new.stdout == old.stdout and new.stdout, "simulate --backend: " + new.stderr)
    for sub, option in (("grade", "--format"), ("vectors", "--output"), ("fuzz", "--output"), ("simulate", "--backend")):
        check(option in run(b, sub, "--help").stdout, "%s --help names %s" % (sub, option))


if __name__ == "__main__":
    sys.exit(case_runner.main(case_runner.cases(globals(), ("help_", "an_", "usage_", "man_", "bash_", "grade_", "one_"))))
