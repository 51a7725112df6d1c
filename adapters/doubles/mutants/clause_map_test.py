#!/usr/bin/python3
"""clauses_of_lines.json maps the Node engine as it is (issue 23).

scripts/diagnosis-share judges a Stryker mutant's diagnosis right when the
top-ranked cause is a clause of the line the mutant changes, read from
adapters/doubles/mutants/clauses_of_lines.json. A map read from an older engine
would judge against the wrong lines, so the map pins each file by its
sha256, covers every line of code, and names only clauses spec/ defines.
This test runs the script's own checks (clause_map_problems) on the map,
and then on maps broken in each of those ways, which must be caught; and
it works the share of a hand-made run, and Wilson's interval, to values known
beforehand.
"""
import copy
import importlib.machinery
import importlib.util
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[3]
loader = importlib.machinery.SourceFileLoader("diagnosis_share", str(ROOT / "scripts" / "diagnosis-share"))
spec = importlib.util.spec_from_loader("diagnosis_share", loader)
share = importlib.util.module_from_spec(spec)
loader.exec_module(share)

doc = json.loads(share.CLAUSES_OF_LINES.read_text())
clauses = share.make_mutant.spec_clauses()
problems = share.clause_map_problems(doc, clauses)
for p in problems:
    print(p)
status = 1 if problems else 0


def broken(change):
    d = copy.deepcopy(doc)
    change(d)
    return share.clause_map_problems(d, clauses)


def stale(d):
    d["files"]["flock.js"]["sha256"] = "0" * 64


def gap(d):
    del d["files"]["engine.js"]["regions"][3]


def unknown(d):
    d["files"]["flock.js"]["regions"][0]["clauses"] = ["STEP-99"]


def overlap(d):
    r = d["files"]["flock.js"]["regions"]
    r[1]["lines"][0] = r[0]["lines"][1]


for name, change in (("a stale sha256", stale), ("a range left out", gap), ("a clause spec/ lacks", unknown),
                     ("overlapping ranges", overlap)):
    if not broken(change):
        print("not caught: a map with %s" % name)
        status = 1
# The share itself: a caught mutant is right only when its top cause is a
# clause of its line; one not caught, or stopped at the limit, is no part
# of the share. Wilson's interval for 90 of 100 is 82.6%..94.5% (the
# textbook value, worked by hand from p = 0.9, n = 100, z = 1.96).
row = lambda status, top, clauses: {"status": status, "top": top, "clauses": clauses, "file": "flock.js",
                                    "what": "x", "line": 1, "mutator": "m", "original": "a", "replacement": "b"}
rows = [row(1, "STEP-3", ["STEP-3"]), row(3, "PROTO-9", ["PROTO-9", "PROTO-1"]), row(1, "STEP-1", ["STEP-3"]),
        row(0, None, ["STEP-3"]), row("limit", None, ["STEP-3"])]


class Args:
    mutate, sample = [], 1


import datetime
text = share.section(rows, Args, "c0ffee", datetime.datetime(2026, 12, 4, tzinfo=datetime.timezone.utc), 1, 5)
if "right for 2 of 3 caught and diagnosed" not in text:
    print("the share of a hand-made run is not 2 of 3:\n" + text)
    status = 1
low, high = share.wilson(90, 100)
if (round(low, 1), round(high, 1)) != (82.6, 94.5):
    print("Wilson's interval for 90 of 100 is %.1f..%.1f, not 82.6..94.5" % (low, high))
    status = 1
print("%d files, %d ranges, %d problems" % (len(doc["files"]), sum(len(f["regions"]) for f in doc["files"].values()),
                                            len(problems)))
sys.exit(status)
