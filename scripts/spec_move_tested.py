# Moves any *(tested: ...)* list written on a clause into spec/tested.md, leaving *(tested)*.
"""Run: spec_move_tested.py --spec DIR. Rewrites the spec files in place.

A clause's tests live in tested.md (lint_spec.py refuses an inline list);
this folds lists written the old way, as a merge brings them, into the
clause's row, adding names the row lacks, or a new row at the end of the
table, and sets each row's file to the one defining the clause.
"""
import argparse
import pathlib
import re
import sys

import lint_spec

INLINE = re.compile(r"\*\(tested: ([^)]*)\)\*\s*$")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--spec", required=True)
    spec = pathlib.Path(p.parse_args().spec)
    moved = {}
    for path in sorted(spec.glob("*.md")):
        lines = path.read_text().split("\n")
        for i, line in enumerate(lines):
            c, m = lint_spec.CLAUSE.match(line), INLINE.search(line)
            if c and m:
                moved[c.group(1)] = re.findall(r"`([^`]+)`", m.group(1))
                lines[i] = line[:m.start()] + "*(tested)*"
        path.write_text("\n".join(lines))
    where = {cid: at.split(":")[0] for cid, at, _ in lint_spec.clauses(spec)}
    table = spec / lint_spec.TESTED_FILE
    lines = table.read_text().rstrip("\n").split("\n")
    for i, line in enumerate(lines):
        m = lint_spec.ROW.match(line)
        if m and m.group(1) in where:
            names = re.findall(r"`([^`]+)`", m.group(3))
            names += [n for n in moved.pop(m.group(1), []) if n not in names]
            lines[i] = row(m.group(1), where[m.group(1)], names)
    lines += [row(cid, where[cid], names) for cid, names in moved.items()]
    table.write_text("\n".join(lines) + "\n")
    return 0


def row(cid, file, names):
    return "| %s | [%s](%s) | %s |" % (cid, file, file, ", ".join("`%s`" % n for n in names))


if __name__ == "__main__":
    sys.exit(main())
