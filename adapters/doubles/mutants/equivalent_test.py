#!/usr/bin/python3
"""equivalent.json names mutants the Node engine can have (issue 22).

Each entry of adapters/doubles/mutants/equivalent.json says why one surviving Stryker
mutant cannot change a graded result. scripts/mutation-score matches an
entry to a mutant by its file, mutator, whole source line, the text it
replaces, its replacement and which line of that text it is (`occurrence`);
an entry whose line the engine no longer has matches nothing and silently
stops counting. This test fails on such an entry, on one whose replaced
text is not on its line, on a reason the file does not define and on an
entry listed twice: the checks are the script's own (equivalent_problems),
which refuses to run on such a file.
"""
import importlib.machinery
import importlib.util
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[3]
loader = importlib.machinery.SourceFileLoader("mutation_score", str(ROOT / "scripts" / "mutation-score"))
spec = importlib.util.spec_from_loader("mutation_score", loader)
score = importlib.util.module_from_spec(spec)
loader.exec_module(score)

doc = json.loads(score.EQUIVALENT.read_text())
problems = score.equivalent_problems(doc)
for p in problems:
    print(p)
print("%d entries, %d reasons, %d problems" % (len(doc.get("mutants", [])), len(doc.get("reasons", {})), len(problems)))
sys.exit(1 if problems else 0)
