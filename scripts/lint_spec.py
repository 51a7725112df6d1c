# Checks spec/: every clause is defined once and carries one mark, and every test a mark names exists in CTest.
"""Run: lint_spec.py --spec DIR --build DIR. Prints the mark table; exit 1 on a problem.

A clause is a list item starting `- **ID — promise.**`; its mark is
`*(tested: `a`, `b`)*`, `*(not yet tested: why)*` or `*(informative)*`.
The names in a tested mark must be CTest names of this build (GoogleTest cases
appear there as Suite.Name) or vector files (`vectors/<file>.json`) that exist.
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys

CLAUSE = re.compile(r"^- \*\*([A-Z]+-\d+) — ")
MARK = re.compile(r"\*\((tested|not yet tested|informative)(?::([^)]*))?\)\*\s*$")


def clauses(spec_dir):
    for path in sorted(pathlib.Path(spec_dir).glob("*.md")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            m = CLAUSE.match(line)
            if m:
                yield m.group(1), "%s:%d" % (path.name, number), line


def ctest_names(build_dir):
    out = subprocess.run(["ctest", "--show-only=json-v1"], cwd=build_dir, capture_output=True,
                         text=True, check=True).stdout
    return {t["name"] for t in json.loads(out)["tests"]}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--spec", required=True)
    p.add_argument("--build", required=True)
    a = p.parse_args()
    known = ctest_names(a.build)
    problems, seen, counts = [], {}, {"tested": 0, "not yet tested": 0, "informative": 0}
    for cid, where, line in clauses(a.spec):
        if cid in seen:
            problems.append("%s: %s is already defined at %s" % (where, cid, seen[cid]))
        seen[cid] = where
        m = MARK.search(line)
        if not m:
            problems.append("%s: %s has no mark at the end of its line" % (where, cid))
            continue
        counts[m.group(1)] += 1
        if m.group(1) == "tested":
            for name in re.findall(r"`([^`]+)`", m.group(2) or ""):
                if name.startswith("vectors/"):
                    if not (pathlib.Path(a.spec).parent / name).is_file():
                        problems.append("%s: %s names `%s`, which does not exist" % (where, cid, name))
                elif name not in known:
                    problems.append("%s: %s names `%s`, which is not a CTest test" % (where, cid, name))
    print("clauses: %d; tested %d, not yet tested %d, informative %d"
          % (len(seen), counts["tested"], counts["not yet tested"], counts["informative"]))
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
