#!/usr/bin/python3
"""equivalent.json names mutants the Node engine can have (issue 22).

Each entry of adapters/mutants/equivalent.json says why one surviving Stryker
mutant cannot change a graded result. scripts/mutation-score matches an
entry to a mutant by its file, mutator, whole source line, the text it
replaces, its replacement and which line of that text it is (`occurrence`);
an entry whose line the engine no longer has matches nothing and silently
stops counting. This test fails on such an entry, on one whose replaced
text is not on its line, on a reason the file does not define and on an
entry listed twice.
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
doc = json.loads((ROOT / "adapters" / "mutants" / "equivalent.json").read_text())
problems = []
reasons = doc.get("reasons", {})
seen = set()
lines_of = {}
for n, e in enumerate(doc.get("mutants", [])):
    where = "entry %d (%s: %s)" % (n, e.get("file"), e.get("source"))
    if e.get("file") not in lines_of:
        path = ROOT / "adapters" / "node" / str(e.get("file"))
        lines_of[e.get("file")] = [l.strip() for l in path.read_text().splitlines()] if path.is_file() else None
    lines = lines_of[e.get("file")]
    if lines is None:
        problems.append("%s: adapters/node has no such file" % where)
    elif sum(1 for l in lines if l == e.get("source")) < e.get("occurrence", 0):
        problems.append("%s: the engine has no occurrence %s of that line" % (where, e.get("occurrence")))
    elif e.get("original", "") not in e["source"] and "\n" not in e.get("original", ""):
        # A block's original text spans lines; its first line is the source.
        if not e["source"].startswith(e.get("original", "").split(" ")[0]):
            problems.append("%s: %r is not on that line" % (where, e.get("original")))
    if e.get("reason") not in reasons:
        problems.append("%s: reason %r is not defined" % (where, e.get("reason")))
    if not e.get("note"):
        problems.append("%s: no note" % where)
    if not isinstance(e.get("occurrence"), int) or e["occurrence"] < 1:
        problems.append("%s: occurrence must be an integer of 1 or more" % where)
    key = (e.get("file"), e.get("mutator"), e.get("source"), e.get("occurrence"), e.get("original"), e.get("replacement"))
    if key in seen:
        problems.append("%s: listed twice" % where)
    seen.add(key)
for p in problems:
    print(p)
print("%d entries, %d reasons, %d problems" % (len(doc.get("mutants", [])), len(reasons), len(problems)))
sys.exit(1 if problems else 0)
