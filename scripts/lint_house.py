# Checks the house against README.md's Layout table: the arrows between rooms
# run one way, no room compiles another's files, reference/ holds the plain
# reference only, no two rooms use one file name for two things, and no source
# outside tests is over 600 lines (issue 54).
"""Run: lint_house.py [--root DIR]. Prints one line per problem; exit 1 if any.

The rooms are the rows of README.md's Layout table (`| folder | what | uses |`).
A room's uses are the folders its row names, and what those use in turn;
`any` marks a leaf (adapters, bench, scripts) that nothing may use, and `none`
a room that uses nothing.

| Check | A problem is |
|---|---|
| arrows | a non-test source that includes a header of a room its room may not use |
| circles | the table's arrows form a cycle |
| compiled by path | a CMake file that names a C or C++ source outside its own folder, or reads another target's SOURCES |
| plain reference | SIMD intrinsics, vector attributes or protocol code (JSON, protocol headers) in reference/ |
| sizes | a source file outside tests over 600 lines |
| names | one file name (without extension) in two rooms, for two things, unless SAME_NAME says why |
"""
import argparse
import os
import pathlib
import re
import subprocess
import sys

MOST_LINES = 600
SOURCE = re.compile(r"\.(cpp|cc|c|hpp|h|inc|in|py|js|mjs|sh|cmake)$")
CPP = re.compile(r"\.(cpp|cc|c|hpp|h|inc|in)$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
ROW = re.compile(r"^\|\s*(?:\[([^\]]+)\]\([^)]*\)|`([^`]+)`)\s*\|[^|]*\|\s*([^|]+?)\s*\|\s*$")
# What reference/ may not hold: it is the plain reference, read beside spec/ (the fast engine's
# lanes live in fast_engine/, the wire format in protocol/).
NOT_IN_REFERENCE = [
    (re.compile(r"#\s*include\s*<(immintrin|x86intrin|emmintrin|arm_neon|arm_sve)\.h>"), "SIMD intrinsics"),
    (re.compile(r"\b_?_m(128|256|512)[di]?\b|\b_mm(256|512)?_\w+\("), "SIMD intrinsics"),
    (re.compile(r"__attribute__\s*\(\(\s*(target|vector_size)"), "a vector attribute"),
    (re.compile(r"#\s*pragma\s+omp"), "an OpenMP pragma"),
    (re.compile(r"#\s*include\s*[<\"](nlohmann/|susurration/protocol/)"), "protocol code"),
]
# One name in two rooms that is deliberately the same thing, and why.
SAME_NAME = {
    "main": "each program's entry point",
    "exact_math": "adapters/doubles/variants/glibc_libm stands in for the reference's exact_math.cpp on purpose",
    "engine": "adapters/starters/cpp/engine.cpp is an engine's protocol server, as reference_engine's engine is",
}


def is_test(path):
    parts = path.split("/")
    name = parts[-1]
    return ("tests" in parts[:-1] or name.startswith("test_") or "_test." in name
            or "corpus" in parts or "node_modules" in parts)


def tracked_files(root):
    try:
        out = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True, text=True, check=True).stdout
        return [line for line in out.splitlines() if (root / line).is_file()]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for dirpath, dirnames, names in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in (".git", "build", "node_modules")]
            files += [os.path.relpath(os.path.join(dirpath, n), root) for n in names]
        return sorted(files)


def rooms_of(readme):
    """{folder/: [folders it uses, or 'any' / 'none']} from the Layout table."""
    rooms, inside = {}, False
    for line in readme.read_text().splitlines():
        if line.startswith("## "):
            inside = line.strip() == "## Layout"
            continue
        m = ROW.match(line) if inside else None
        if not m:
            continue
        folder = (m.group(1) or m.group(2)).strip()
        if not folder.endswith("/"):
            continue
        uses = m.group(3).strip()
        rooms[folder] = uses if uses in ("any", "none") else re.findall(r"`([^`]+/)`", uses)
    return rooms


def room_of(path, rooms):
    """The deepest room holding path, or None."""
    best = None
    for folder in rooms:
        if path.startswith(folder) and (best is None or len(folder) > len(best)):
            best = folder
    return best


def reach(rooms):
    """{room: every room it may use}, and the circles among the table's arrows."""
    problems, closure = [], {}

    def visit(room, path):
        if room in closure:
            return closure[room]
        if room in path:
            problems.append("circles: %s" % " -> ".join(path[path.index(room):] + [room]))
            return set()
        uses = rooms.get(room)
        seen = set()
        for used in uses if isinstance(uses, list) else []:
            if used not in rooms:
                problems.append("arrows: README.md's Layout row %s uses %s, which is no room of the table" % (room, used))
                continue
            if rooms[used] == "any":
                problems.append("arrows: %s uses %s, a leaf nothing may use" % (room, used))
            seen |= {used} | visit(used, path + [room])
        closure[room] = seen
        return seen

    for room in rooms:
        visit(room, [])
    return closure, problems


def header_owner(include, including, files, rooms, allowed=()):
    """The room of the file an include names, looked for as a compiler would find it.

    | Order | Where |
    |---|---|
    | 1 | next to the including file |
    | 2 | in a room's include/ folder |
    | 3 | anywhere in the including file's own room |
    | 4 | in a room the including room may use (`allowed`) |
    | 5 | anywhere else: an arrow the table does not allow |

    Within one step the shortest path, then the first by name, so an include
    resolves the same way on every run (`files` may be a set).
    """
    here = os.path.dirname(including)
    own = room_of(including, rooms)
    nearby = os.path.normpath(os.path.join(here, include))
    if nearby in files:
        return room_of(nearby, rooms)
    named = sorted((f for f in files if f.endswith("/" + include)), key=lambda f: (len(f), f))
    steps = [
        [f for f in named if f.endswith("/include/" + include)],
        [f for f in named if own and room_of(f, rooms) == own],
        [f for f in named if room_of(f, rooms) in allowed],
        named,
    ]
    for step in steps:
        if step:
            return room_of(step[0], rooms)
    return None


def check_arrows(root, files, rooms, closure):
    problems = []
    fileset = set(files)
    for path in files:
        room = room_of(path, rooms)
        if not room or rooms[room] == "any" or is_test(path) or not CPP.search(path):
            continue
        for include in INCLUDE.findall((root / path).read_text(errors="replace")):
            owner = header_owner(include, path, fileset, rooms, closure.get(room, set()))
            if owner and owner != room and owner not in closure.get(room, set()):
                problems.append("arrows: %s includes %s, of %s, which %s may not use" % (path, include, owner, room))
    return problems


def check_compiled_by_path(root, files):
    problems = []
    for path in files:
        if not (path.endswith("CMakeLists.txt") or path.endswith(".cmake")) or is_test(path):
            continue  # a test may read a target's sources to check them
        text = (root / path).read_text()
        here = os.path.dirname(path)
        code = "\n".join(line.split("#", 1)[0] for line in text.splitlines())
        if re.search(r"get_target_property\s*\([^)]*\bSOURCES\b", code):
            problems.append("compiled by path: %s reads a target's SOURCES to compile them again" % path)
        top = "<root>"
        variables = {"PROJECT_SOURCE_DIR": top, "CMAKE_SOURCE_DIR": top, "CMAKE_CURRENT_SOURCE_DIR": top + "/" + here,
                     "CMAKE_CURRENT_LIST_DIR": top + "/" + here}
        for name, value in re.findall(r"\bset\s*\(\s*(\w+)\s+(\$\{\w+\}/[\w./-]+)\s*\)", code):
            variables.setdefault(name, value)
        for token in re.findall(r"[\w${}./-]+\.(?:cpp|cc|c|inc)\b", code):
            resolved = token
            for _ in range(4):
                resolved = re.sub(r"\$\{(\w+)\}", lambda m: variables.get(m.group(1), m.group(0)), resolved)
            if "${" in resolved:
                continue  # a generated file, in the build tree
            full = os.path.normpath(resolved[len(top) + 1:] if resolved.startswith(top + "/")
                                    else os.path.join(here, resolved))
            if not (full + "/").startswith(here + "/"):
                problems.append("compiled by path: %s names %s, outside its folder %s/" % (path, full, here))
    return problems


def check_reference(root, files):
    problems = []
    for path in files:
        if not path.startswith("reference/") or is_test(path) or not CPP.search(path):
            continue
        text = (root / path).read_text(errors="replace")
        for pattern, what in NOT_IN_REFERENCE:
            m = pattern.search(text)
            if m:
                line = text.count("\n", 0, m.start()) + 1
                problems.append("plain reference: %s:%d holds %s (%s)" % (path, line, what, m.group(0).strip()))
                break  # one line per file is enough to find it
    return problems


def is_source(root, path):
    if SOURCE.search(path) or path.endswith("CMakeLists.txt"):
        return True
    if "." in os.path.basename(path) or path.startswith("vectors/"):
        return False
    with open(root / path, "rb") as f:
        return f.read(2) == b"#!"


def check_sizes(root, files):
    problems = []
    for path in files:
        if is_test(path) or not is_source(root, path):
            continue
        lines = (root / path).read_bytes().count(b"\n")
        if lines > MOST_LINES:
            problems.append("sizes: %s has %d lines (at most %d outside tests)" % (path, lines, MOST_LINES))
    return problems


def check_names(files, rooms):
    problems, seen = [], {}
    for path in files:
        if is_test(path) or not CPP.search(path):
            continue
        stem = os.path.basename(path).split(".")[0]
        room = room_of(path, rooms) or path.split("/")[0] + "/"
        # adapters/ is a shelf of separate programs: each folder in it is a room of its own.
        if rooms.get(room) == "any":
            room = "/".join(path.split("/")[:-1]) + "/"
        seen.setdefault(stem, {}).setdefault(room, path)
    for stem, where in sorted(seen.items()):
        if len(where) > 1 and stem not in SAME_NAME:
            problems.append("names: %s names files in %d rooms: %s" % (stem, len(where), ", ".join(sorted(where.values()))))
    return problems


def problems_of(root):
    root = pathlib.Path(root)
    rooms = rooms_of(root / "README.md")
    if not rooms:
        return ["arrows: README.md has no Layout table of rooms"]
    files = tracked_files(root)
    closure, problems = reach(rooms)
    problems += check_arrows(root, files, rooms, closure)
    problems += check_compiled_by_path(root, files)
    problems += check_reference(root, files)
    problems += check_sizes(root, files)
    problems += check_names(files, rooms)
    return problems


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--root", default=str(pathlib.Path(__file__).resolve().parents[1]))
    problems = problems_of(p.parse_args().root)
    for line in problems:
        print(line)
    print("house: %d problem%s" % (len(problems), "" if len(problems) == 1 else "s"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
