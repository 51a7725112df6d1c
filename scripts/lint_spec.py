# Checks spec/: every clause is defined once and carries one mark, every tested clause has its tests in
# spec/tested.md, and every test named there exists in CTest.
"""Run: lint_spec.py --spec DIR --build DIR. Prints the mark table; exit 1 on a problem.

A clause is a list item starting `- **ID — promise.**`; its mark, at the end of its
line, is `*(tested)*`, `*(not yet tested: why)*` or `*(informative)*`.
The tests of a tested clause are one row of the table in tested.md,
`| ID | [file](file) | `a`, `b` |`, where file is the one defining the clause; every name must be a CTest name of this build
(GoogleTest cases appear there as Suite.Name) or a vector file (`vectors/<file>.json`)
that exists. Every row names a tested clause, once, and at least one test.
A (tested: ...) left in a paragraph that explains a clause names real tests too.
No clause line is over 1,500 characters, and PROTOCOL.md is under 20,000 bytes.
Every clause is one hop from its code: its file's `Implemented in` line, or its row in
implemented.md (`| ID | [file](file) | `path`, ... |`), which every clause of a file without
such a line must have; every path either names exists. A source file (any file git tracks
beside spec/) that cites a clause as `<file>.md ID` names the file that defines it.
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys

CLAUSE = re.compile(r"^- \*\*([A-Z]+-\d+) — ")
MARK = re.compile(r"\*\((tested|not yet tested|informative)(?::([^)]*))?\)\*\s*$")
TESTED_FILE = "tested.md"
IMPLEMENTED_FILE = "implemented.md"
IMPLEMENTED_LINE = re.compile(r"^(?:Implemented|Declared) in ")
# A file path in backticks on an Implemented-in line or in an implemented.md row.
PATH = re.compile(r"`([\w.-]+(?:/[\w.-]+)+/?)`")
# An engine author reads the protocol in one sitting, and a clause is a promise, not a chapter (issue 54):
# detail goes in a table or a paragraph after the clause.
PROTOCOL_FILE, MOST_PROTOCOL_BYTES = "PROTOCOL.md", 20000
MOST_CLAUSE_CHARS = 1500
ROW = re.compile(r"^\|\s*([A-Z]+-\d+)\s*\|\s*\[([^\]]*)\]\([^)]*\)\s*\|(.*)\|\s*$")
# A test named in prose, outside any clause (a paragraph that explains one): its names are checked too.
PROSE_MARK = re.compile(r"\(tested:\s*((?:`[^`]+`[\s,]*)+)\)")


def clauses(spec_dir):
    for path in sorted(pathlib.Path(spec_dir).glob("*.md")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            m = CLAUSE.match(line)
            if m:
                yield m.group(1), "%s:%d" % (path.name, number), line


def tested_rows(spec_dir, table=TESTED_FILE):
    """[(clause id, 'tested.md:line', file named, [names])] of the table in tested.md (or `table`)."""
    path = pathlib.Path(spec_dir) / table
    if not path.is_file():
        return []
    rows = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        m = ROW.match(line)
        if m:
            rows.append((m.group(1), "%s:%d" % (table, number), m.group(2),
                         re.findall(r"`([^`]+)`", m.group(3))))
    return rows


def implemented_lines(spec_dir):
    """{file: 'file:line'} of each spec file's Implemented-in line, and [(where, path)] it names."""
    lines, paths = {}, []
    for path in sorted(pathlib.Path(spec_dir).glob("*.md")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if IMPLEMENTED_LINE.match(line):
                where = "%s:%d" % (path.name, number)
                lines.setdefault(path.name, where)
                paths += [(where, p) for p in PATH.findall(line)]
    return lines, paths


def check_code(spec_dir, defined):
    """Problems with the clause-to-code hop: `defined` is {clause id: 'file:line'}."""
    problems, root = [], pathlib.Path(spec_dir).parent
    lines, paths = implemented_lines(spec_dir)
    rows = {}
    for cid, where, file, _ in tested_rows(spec_dir, IMPLEMENTED_FILE):
        if cid in rows:
            problems.append("%s: %s already has a row at %s" % (where, cid, rows[cid]))
        rows[cid] = where
        if cid not in defined:
            problems.append("%s: %s is not a clause" % (where, cid))
        elif file != defined[cid].split(":")[0]:
            problems.append("%s: %s is in %s, not %s" % (where, cid, defined[cid].split(":")[0], file))
    text = pathlib.Path(spec_dir) / IMPLEMENTED_FILE
    if text.is_file():
        for number, line in enumerate(text.read_text().splitlines(), 1):
            m = ROW.match(line)
            if m:
                named = PATH.findall(m.group(3))
                if not named:
                    problems.append("%s:%d: %s names no code" % (IMPLEMENTED_FILE, number, m.group(1)))
                paths += [("%s:%d" % (IMPLEMENTED_FILE, number), p) for p in named]
    for where, p in paths:
        if not (root / p).exists():
            problems.append("%s: `%s` does not exist" % (where, p))
    for cid, where in defined.items():
        if where.split(":")[0] not in lines and cid not in rows:
            problems.append("%s: %s names no code: its file has no Implemented-in line and %s no row for it"
                            % (where, cid, IMPLEMENTED_FILE))
    return problems


def spec_files(spec_dir):
    return sorted(p.name for p in pathlib.Path(spec_dir).glob("*.md"))


def citations(spec_dir, sources):
    """Problems in `sources` ({name: text}): a clause cited right after a spec file that does not define it."""
    defined = {cid: where.split(":")[0] for cid, where, _ in clauses(spec_dir)}
    names = "|".join(re.escape(n) for n in spec_files(spec_dir))
    # `spec/grading.md PROTO-11`, `PROTOCOL.md, PROTO-3`, or the file at the end of a comment line and
    # the id at the start of the next; an id after anything else (a parenthesis, a word) is not a
    # citation, nor is one in the possessive (`spec/inputs.md, PROTO-6's seven names`).
    cite = re.compile(r"(?<![\w/.-])(?:spec/)?(%s)[,:]?[ \t]*(?:\n[ \t]*(?://+|#+|\*)?[ \t]*)?([A-Z]+-\d+)\b(?!'s)"
                      % names)
    problems = []
    for name, text in sorted(sources.items()):
        for m in cite.finditer(text):
            file, cid = m.group(1), m.group(2)
            if cid in defined and defined[cid] != file:
                line = text.count("\n", 0, m.start()) + 1
                problems.append("%s:%d: cites %s under %s; it is defined in %s" % (name, line, cid, file, defined[cid]))
    return problems


def source_names(root):
    """The files git tracks under root; without git (a source archive), every file outside hidden,
    build and node_modules folders."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True).stdout
        return out.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        skip = lambda part: part.startswith((".", "build")) or part == "node_modules"
        return [str(p.relative_to(root)) for p in pathlib.Path(root).rglob("*")
                if not any(skip(part) for part in p.relative_to(root).parts[:-1])]


def source_texts(root):
    """{path: text} of the source files under root (outside spec/), text files only."""
    texts = {}
    for name in source_names(root):
        path = pathlib.Path(root) / name
        if not name or name.startswith("spec/") or not path.is_file() or path.stat().st_size > (4 << 20):
            continue
        try:
            texts[name] = path.read_text()
        except UnicodeDecodeError:
            continue
    return texts


def prose_marks(spec_dir):
    """[(file, [names])] of every (tested: ...) written in a paragraph rather than in tested.md."""
    found = []
    for path in sorted(pathlib.Path(spec_dir).glob("*.md")):
        if path.name != TESTED_FILE:
            for m in PROSE_MARK.finditer(path.read_text()):
                found.append((path.name, re.findall(r"`([^`]+)`", m.group(1))))
    return found


def unknown(names, spec_dir, known):
    """The names that are neither a CTest test nor an existing vector file."""
    return [n for n in names if not ((pathlib.Path(spec_dir).parent / n).is_file() if n.startswith("vectors/")
                                     else n in known)]


def ctest_names(build_dir):
    out = subprocess.run(["ctest", "--show-only=json-v1"], cwd=build_dir, capture_output=True,
                         text=True, check=True).stdout
    return {t["name"] for t in json.loads(out)["tests"]}


def check(spec_dir, known):
    """(problems, {mark: count}, number of clauses) of a spec folder against the known test names."""
    problems, seen, counts = [], {}, {"tested": 0, "not yet tested": 0, "informative": 0}
    tested = {}
    for cid, where, line in clauses(spec_dir):
        if cid in seen:
            problems.append("%s: %s is already defined at %s" % (where, cid, seen[cid]))
        seen[cid] = where
        if len(line) > MOST_CLAUSE_CHARS:
            problems.append("%s: %s is %d characters, over %d: move its detail into a table or a paragraph after it"
                            % (where, cid, len(line), MOST_CLAUSE_CHARS))
        m = MARK.search(line)
        if not m:
            problems.append("%s: %s has no mark at the end of its line" % (where, cid))
            continue
        counts[m.group(1)] += 1
        if m.group(1) == "tested":
            if m.group(2) is not None:
                problems.append("%s: %s lists its tests inline; they belong in %s" % (where, cid, TESTED_FILE))
            tested[cid] = where
    rows = {}
    for cid, where, file, names in tested_rows(spec_dir):
        if cid in rows:
            problems.append("%s: %s already has a row at %s" % (where, cid, rows[cid]))
        rows[cid] = where
        if cid not in tested:
            problems.append("%s: %s is not a clause marked *(tested)*" % (where, cid))
        elif file != tested[cid].split(":")[0]:
            problems.append("%s: %s is in %s, not %s" % (where, cid, tested[cid].split(":")[0], file))
        if not names:
            problems.append("%s: %s names no test" % (where, cid))
        for name in unknown(names, spec_dir, known):
            problems.append("%s: %s names `%s`, which is not a CTest test or a vector file" % (where, cid, name))
    for file, names in prose_marks(spec_dir):
        for name in unknown(names, spec_dir, known):
            problems.append("%s: a paragraph names `%s`, which is not a CTest test or a vector file" % (file, name))
    for cid, where in tested.items():
        if cid not in rows:
            problems.append("%s: %s is marked *(tested)* but has no row in %s" % (where, cid, TESTED_FILE))
    protocol = pathlib.Path(spec_dir) / PROTOCOL_FILE
    if protocol.is_file() and protocol.stat().st_size >= MOST_PROTOCOL_BYTES:
        problems.append("%s: %d bytes, not under %d: what the kit does with the answers belongs in grading.md"
                        % (PROTOCOL_FILE, protocol.stat().st_size, MOST_PROTOCOL_BYTES))
    problems += check_code(spec_dir, seen)
    return problems, counts, len(seen)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--spec", required=True)
    p.add_argument("--build", required=True)
    a = p.parse_args()
    problems, counts, n = check(a.spec, ctest_names(a.build))
    problems += citations(a.spec, source_texts(pathlib.Path(a.spec).resolve().parent))
    print("clauses: %d; tested %d, not yet tested %d, informative %d"
          % (n, counts["tested"], counts["not yet tested"], counts["informative"]))
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
