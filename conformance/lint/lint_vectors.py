# Checks what the vector schemas cannot: ids, counts, the manifest, notes, clause ids, and that every testable clause has a vector.
"""Run: lint_vectors.py --vectors DIR --spec DIR. Prints the coverage table; exit 1 on a problem.
   or: lint_vectors.py --vectors DIR --spec DIR --fresh-seeds 1-20 --susurration BIN [--fresh-gaps FILE]
       checks instead that the fresh set of each seed (`BIN vectors --fresh SEED`) carries, in each file,
       every flag its published file carries (issue 53), and explains it in its notes; FILE lists, as
       'file: flag', the flags no fresh set draws yet, and a listed flag every seed draws is a problem.

- every file is `<category>.json`, names `<category>.schema.json` and has the
  spec_version of spec/README.md, as does the manifest;
- case ids are unique across all files;
- `number_of_cases` is right in every file, and in the manifest per file and
  in total; the manifest lists every file once with its sha256;
- every flag a case uses is in its file's notes, and every note is used;
- every clause id a case names is a clause of spec/;
- every testable clause of spec/ (its mark is not `*(informative)*`) is
  checked by at least one case, or is listed with a reason in spec/README.md
  under `## Clauses no vector checks`; a listed clause must exist, be
  testable and have no vector (so the list stays honest);
- every clause a case names is isolated by at least LEAST_ISOLATING cases:
  cases whose first clause it is, the clause their pass clears in a
  report's ranking (spec/grading.md, "How a report ranks causes");
- the shapes a schema cannot tie together: prng lengths, state sizes, the
  trajectory columns and anchors, schedule order, rounded decimals, and the
  NearChaosHorizon flag against the horizon (vectors/README.md).
"""
import argparse
import collections
import hashlib
import pathlib
import re
import subprocess
import sys
import tempfile

import protocol_coverage
import strict_json

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts"))
import lint_spec  # noqa: E402  (spec/'s clause grammar lives there, once)

SPEC_VERSION = re.compile(r"^`spec_version`: \*\*([0-9.]+)\*\*\s*$", re.M)
NO_VECTOR_HEADING = "## Clauses no vector checks"
NO_VECTOR_ROW = re.compile(r"^\|\s*([A-Z]+-\d+)\s*\|\s*(.*?)\s*\|\s*$")
NEAR_HORIZON_FLAG = "NearChaosHorizon"
COMFORTABLY_PAST = 260  # a horizon below this is flagged (vectors/README.md, spec/tolerance.md TOL-5)
LEAST_ISOLATING = 2  # cases that lead with each checked clause (issue 23)
MOST_SEGMENT_TICKS = 60  # anchors this far apart at most where rules act (spec/tolerance.md TOL-6)


# ---------------------------------------------------------------- reading

def read_vectors(vectors_dir):
    """({file name: document}, manifest or None, problems) for every *.json in the folder."""
    files, manifest, problems = {}, None, []
    for path in sorted(pathlib.Path(vectors_dir).glob("*.json")):
        try:
            document = strict_json.load(path)
        except ValueError as e:
            problems.append("%s: not strict JSON: %s" % (path.name, e))
            continue
        if path.name == "manifest.json":
            manifest = document
        else:
            files[path.name] = document
    return files, manifest, problems


def cases(document):
    """(group, case) for every case of a vector file, in order."""
    for group in document.get("groups", []):
        for case in group.get("cases", []):
            yield group, case


def read_spec(spec_dir):
    """(spec_version, {clause id: mark}, {clause id: why no vector checks it})."""
    readme = (pathlib.Path(spec_dir) / "README.md").read_text()
    m = SPEC_VERSION.search(readme)
    marks = {}
    for cid, _, line in lint_spec.clauses(spec_dir):
        mark = lint_spec.MARK.search(line)
        marks[cid] = mark.group(1) if mark else None
    return (m.group(1) if m else None), marks, no_vector_table(readme)


def no_vector_table(readme):
    """The rows of the table under NO_VECTOR_HEADING, up to the next heading."""
    rows, inside = {}, False
    for line in readme.splitlines():
        if line.startswith("#"):
            inside = line.strip() == NO_VECTOR_HEADING
        elif inside:
            m = NO_VECTOR_ROW.match(line)
            if m:
                rows[m.group(1)] = m.group(2)
    return rows


# ---------------------------------------------------------------- checks

def check_envelopes(files, manifest, spec_version):
    problems = []
    for name, doc in files.items():
        category = doc.get("category")
        if name != "%s.json" % category:
            problems.append("%s: category is %r, so the file should be %s.json" % (name, category, category))
        if doc.get("schema") != "%s.schema.json" % category:
            problems.append("%s: schema is %r, not %s.schema.json" % (name, doc.get("schema"), category))
    for name, doc in list(files.items()) + ([("manifest.json", manifest)] if manifest is not None else []):
        if doc.get("spec_version") != spec_version:
            problems.append("%s: spec_version %r, but spec/README.md is %r"
                            % (name, doc.get("spec_version"), spec_version))
    return problems


def check_unique_ids(files):
    where = collections.defaultdict(list)
    for name, doc in files.items():
        for _, case in cases(doc):
            where[case.get("id")].append(name)
    return ["case id %s appears %d times (%s)" % (cid, len(names), ", ".join(names))
            for cid, names in sorted(where.items(), key=lambda kv: str(kv[0])) if len(names) > 1]


def check_counts(files):
    problems = []
    for name, doc in files.items():
        actual = sum(1 for _ in cases(doc))
        if doc.get("number_of_cases") != actual:
            problems.append("%s: number_of_cases is %r, but the file has %d cases"
                            % (name, doc.get("number_of_cases"), actual))
    return problems


def check_manifest(files, manifest, vectors_dir):
    if manifest is None:
        return ["manifest.json is missing"]
    problems, listed = [], collections.Counter()
    total = 0
    for entry in manifest.get("files", []):
        name = entry.get("file")
        listed[name] += 1
        if name not in files:
            problems.append("manifest.json lists %s, which is not in the folder" % name)
            continue
        actual = sum(1 for _ in cases(files[name]))
        total += actual
        digest = hashlib.sha256((pathlib.Path(vectors_dir) / name).read_bytes()).hexdigest()
        if entry.get("sha256") != digest:
            problems.append("manifest.json: sha256 of %s is %s, the manifest says %s"
                            % (name, digest, entry.get("sha256")))
        if entry.get("number_of_cases") != actual:
            problems.append("manifest.json: %s has %d cases, the manifest says %r"
                            % (name, actual, entry.get("number_of_cases")))
        if entry.get("spec_version") != files[name].get("spec_version"):
            problems.append("manifest.json: spec_version of %s differs from the file's" % name)
    problems += ["manifest.json lists %s %d times" % (n, k) for n, k in listed.items() if k > 1]
    problems += ["manifest.json does not list %s" % n for n in sorted(set(files) - set(listed))]
    if manifest.get("number_of_cases") != total:
        problems.append("manifest.json: number_of_cases is %r, the listed files have %d"
                        % (manifest.get("number_of_cases"), total))
    return problems


def check_all_eight_files(manifest):
    """The manifest schema allows one to nine files (a fuzz finding's set
    holds only those it needs); the published set holds all nine: the eight
    every grade asks and limits.json, which only `grade --limits` asks."""
    listed = len(manifest.get("files", [])) if manifest else 0
    return [] if listed == 9 else ["manifest.json lists %d files, the published set has 9" % listed]


def check_notes(files):
    problems = []
    for name, doc in files.items():
        notes = set(doc.get("notes", {}))
        used = set()
        for _, case in cases(doc):
            for flag in case.get("flags", []):
                used.add(flag)
                if flag not in notes:
                    problems.append("%s: case %s uses flag %s, which the notes do not explain"
                                    % (name, case.get("id"), flag))
        problems += ["%s: note %s is used by no case" % (name, n) for n in sorted(notes - used)]
    return problems


def check_clauses_exist(files, marks):
    return ["%s: case %s names %s, which is not a clause of spec/" % (name, case.get("id"), cid)
            for name, doc in files.items() for _, case in cases(doc)
            for cid in case.get("clauses", []) if cid not in marks]


def coverage(files):
    """{clause id: (number of cases, sorted file names)}."""
    count, where = collections.Counter(), collections.defaultdict(set)
    for name, doc in files.items():
        for _, case in cases(doc):
            for cid in case.get("clauses", []):
                count[cid] += 1
                where[cid].add(name)
    return {cid: (count[cid], sorted(where[cid])) for cid in count}


def isolating(files):
    """{clause id: number of cases whose first clause it is}, for every clause a case names."""
    leads = collections.Counter()
    for _, doc in files.items():
        for _, case in cases(doc):
            named = case.get("clauses", [])
            for cid in named:
                leads[cid] += 0
            if named:
                leads[named[0]] += 1
    return leads


def check_isolation(files):
    """A clause that cases check but too few isolate is never cleared, so it
    absorbs failures that fit no rule (issue 23): name each one."""
    return ["%s is isolated by %d case%s (its first clause); at least %d must lead with it"
            % (cid, n, "" if n == 1 else "s", LEAST_ISOLATING)
            for cid, n in sorted(isolating(files).items()) if n < LEAST_ISOLATING]


def uncovered(covered, marks, no_vector):
    """Testable clauses with no case, in spec order, leaving out the listed ones."""
    return [cid for cid, mark in marks.items()
            if mark != "informative" and cid not in covered and cid not in no_vector]


def check_coverage(covered, marks, no_vector):
    problems = []
    missing = uncovered(covered, marks, no_vector)
    if missing:
        problems.append("testable clauses no vector checks: %s (add cases, or list a clause in "
                        "spec/README.md under '%s' with the reason)" % (", ".join(missing), NO_VECTOR_HEADING))
    for cid, why in no_vector.items():
        if not why:
            problems.append("spec/README.md lists %s as checked by no vector without saying why" % cid)
        if cid not in marks:
            problems.append("spec/README.md lists %s as checked by no vector, but it is not a clause" % cid)
        elif marks[cid] == "informative":
            problems.append("spec/README.md lists %s as checked by no vector, but it is informative "
                            "(exempt already)" % cid)
        elif cid in covered:
            problems.append("spec/README.md lists %s as checked by no vector, but %d cases check it (%s)"
                            % (cid, covered[cid][0], ", ".join(covered[cid][1])))
    return problems


def check_shapes(files):
    """Agreements between fields that the schemas check one at a time."""
    problems = []
    for name, doc in files.items():
        for group, case in cases(doc):
            category = protocol_coverage.group_category(doc.get("category"), group.get("parameters", {}))
            for problem in SHAPES.get(category, lambda g, c: [])(group.get("parameters", {}), case):
                problems.append("%s: case %s: %s" % (name, case.get("id"), problem))
        for group in doc.get("groups", []):
            ticks = [e.get("tick") for e in group.get("parameters", {}).get("schedule", [])]
            if any(not a < b for a, b in zip(ticks, ticks[1:])):
                problems.append("%s: group %r: schedule ticks %s are not strictly increasing"
                                % (name, group.get("comment"), ticks))
    return problems


def prng_shape(parameters, case):
    count, expected = case["input"]["count"], case["expected"]
    return ["%s has %d values, count is %d" % (key, len(expected[key]), count)
            for key in ("u32", "next") if len(expected[key]) != count]


def init_shape(parameters, case):
    n = len(case["expected"]["state"])
    return [] if n == parameters["birds"] else ["state has %d birds, birds is %d" % (n, parameters["birds"])]


def step_shape(parameters, case):
    before, after = len(case["input"]["state"]), len(case["expected"]["state"])
    return [] if before == after else ["%d birds in, %d out" % (before, after)]


def trajectory_shape(parameters, case):
    problems, ticks, birds = [], case["input"]["ticks"], parameters["birds"]
    for column, values in case["expected"]["metrics"].items():
        if len(values) != ticks + 1:
            problems.append("metrics.%s has %d rows, ticks 0..%d need %d" % (column, len(values), ticks, ticks + 1))
    anchors = case["expected"]["anchors"]
    anchor_ticks = [a["tick"] for a in anchors]
    if anchor_ticks != case["input"]["anchor_ticks"]:
        problems.append("anchors are at ticks %s, anchor_ticks says %s" % (anchor_ticks, case["input"]["anchor_ticks"]))
    if anchor_ticks != sorted(anchor_ticks) or any(t > ticks for t in anchor_ticks):
        problems.append("anchor ticks %s are not increasing within 0..%d" % (anchor_ticks, ticks))
    for a in anchors:
        if len(a["state"]) != birds or len(a["next_state"]) != birds:
            problems.append("anchor at tick %d does not have %d birds" % (a["tick"], birds))
    horizon = case["chaos_horizon"]
    first = horizon["first_tick"]
    # A segment (TOL-6: from an anchor before the window's end to the next)
    # longer than 60 ticks lets a correct engine's last-bit differences grow
    # past the tolerance, except in a run in which no rule acts, where none grow.
    straight = all(w == 0 for w in parameters["weights"]) and all(
        e["cohesion"] == e["alignment"] == e["separation"] == 0 for e in parameters["schedule"])
    for a, b in zip(anchor_ticks, anchor_ticks[1:]):
        if a < case["compare"]["window"] and b - a > MOST_SEGMENT_TICKS and not straight:
            problems.append("anchors %d and %d are more than %d ticks apart in a run where rules act (TOL-6)"
                            % (a, b, MOST_SEGMENT_TICKS))
    for key in ("state_ticks", "verify_ticks"):
        asked = case["input"].get(key, [])
        if asked != sorted(set(asked)) or any(t > ticks for t in asked):
            problems.append("%s %s are not increasing within 0..%d" % (key, asked, ticks))
    # verify compares the engine with its own run (PROTO-15): fair only where
    # a last-bit difference cannot carry one out of the tolerance.
    for t in case["input"].get("verify_ticks", []):
        if not straight and (t > horizon["checked_to"] or (first is not None and t >= first)):
            problems.append("verify at tick %d is not before the chaos horizon (PROTO-15)" % t)
    if first is not None and first > horizon["checked_to"]:
        problems.append("chaos_horizon.first_tick %d is past checked_to %d" % (first, horizon["checked_to"]))
    near = first is not None and first < COMFORTABLY_PAST
    if near != (NEAR_HORIZON_FLAG in case["flags"]):
        problems.append("chaos_horizon.first_tick is %s, so the case %s carry %s"
                        % (first, "must" if near else "must not", NEAR_HORIZON_FLAG))
    return problems


def serialisation_shape(parameters, case):
    if "places" not in parameters:
        return []
    text = case["expected"]["text"]
    decimals = len(text.partition(".")[2])
    return [] if decimals == parameters["places"] else [
        "text %r has %d decimals, places is %d" % (text, decimals, parameters["places"])]


SHAPES = {"prng": prng_shape, "init": init_shape, "step": step_shape,
          "trajectories": trajectory_shape, "serialisation": serialisation_shape}


# ---------------------------------------------------------------- report

def print_coverage(covered, marks, no_vector):
    print("%-12s %6s  %s" % ("clause", "cases", "files"))
    for cid, mark in marks.items():
        if cid in covered:
            n, names = covered[cid]
            print("%-12s %6d  %s" % (cid, n, ", ".join(names)))
        elif mark == "informative":
            print("%-12s %6d  (informative)" % (cid, 0))
        elif cid in no_vector:
            print("%-12s %6d  (no vector can check it: spec/README.md says why)" % (cid, 0))
        else:
            print("%-12s %6d  UNCOVERED" % (cid, 0))


def lint(vectors_dir, spec_dir):
    """(problems, coverage, marks, no-vector table) of a vector folder against spec/."""
    files, manifest, problems = read_vectors(vectors_dir)
    spec_version, marks, no_vector = read_spec(spec_dir)
    covered = coverage(files)
    problems += check_envelopes(files, manifest, spec_version)
    problems += check_unique_ids(files)
    problems += check_counts(files)
    problems += check_manifest(files, manifest, vectors_dir)
    problems += check_all_eight_files(manifest)
    problems += check_notes(files)
    problems += check_clauses_exist(files, marks)
    problems += check_coverage(covered, marks, no_vector)
    problems += check_isolation(files)
    try:
        problems += check_shapes(files)
    except (KeyError, TypeError, AttributeError) as e:
        problems.append("a case does not have the shape its schema gives (run validate_vectors.py): %r" % e)
    return problems, covered, marks, no_vector


# ---------------------------------------------------------------- fresh sets

def flags_by_file(files):
    """{file name: set of the flags its cases carry}."""
    return {name: {flag for _, case in cases(doc) for flag in case.get("flags", [])} for name, doc in files.items()}


def missing_fresh_flags(published, fresh):
    """'file: flag' for every flag of a published file that its fresh twin's cases do not carry (issue 53:
    a fresh set draws every bug class of the published one, so a table of published answers cannot pass)."""
    theirs = flags_by_file(fresh)
    return sorted("%s: %s" % (name, flag) for name, flags in flags_by_file(published).items()
                  for flag in flags if flag not in theirs.get(name, set()))


def parse_seeds(text):
    """'1-20,54' -> [1, ..., 20, 54]."""
    seeds = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        seeds += list(range(int(lo), int(hi or lo) + 1))
    return seeds


def check_fresh_sets(vectors_dir, binary, seeds, gaps_file):
    """Problems of the fresh sets of `seeds` against the published flags: a flag missing at some seed that
    `gaps_file` does not list, or one it lists that every seed draws (so the list cannot rot)."""
    published, _, problems = read_vectors(vectors_dir)
    known = set()
    if gaps_file:
        known = {line.strip() for line in pathlib.Path(gaps_file).read_text().splitlines()
                 if line.strip() and not line.startswith("#")}
    missing_anywhere = set()
    with tempfile.TemporaryDirectory() as tmp:
        for seed in seeds:
            out = pathlib.Path(tmp) / str(seed)
            r = subprocess.run([str(binary), "vectors", "--fresh", str(seed), "--out", str(out)],
                               capture_output=True, text=True)
            if r.returncode != 0:
                problems.append("vectors --fresh %d exited %d: %s" % (seed, r.returncode, r.stderr.strip()))
                continue
            fresh, _, read_problems = read_vectors(out)
            problems += ["fresh set %d: %s" % (seed, p) for p in read_problems + check_notes(fresh)]
            missing = missing_fresh_flags(published, fresh)
            missing_anywhere.update(missing)
            problems += ["fresh set %d lacks a flag of the published file: %s" % (seed, m)
                         for m in missing if m not in known]
    problems += ["listed in %s but drawn at every seed: %s" % (gaps_file, m) for m in sorted(known - missing_anywhere)]
    return problems


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--vectors", required=True)
    p.add_argument("--spec", required=True)
    p.add_argument("--fresh-seeds", help="instead: check that the fresh set of each seed (e.g. 1-20) carries every "
                                         "flag of its published file")
    p.add_argument("--susurration", help="the kit that writes the fresh sets (with --fresh-seeds)")
    p.add_argument("--fresh-gaps", default="", help="flags, 'file: flag' a line, no fresh set draws yet")
    a = p.parse_args()
    if a.fresh_seeds:
        if not a.susurration:
            p.error("--fresh-seeds needs --susurration")
        problems = check_fresh_sets(a.vectors, a.susurration, parse_seeds(a.fresh_seeds), a.fresh_gaps)
        for problem in problems:
            print(problem)
        print("%d problem%s in the fresh sets of seeds %s" % (len(problems), "" if len(problems) == 1 else "s",
                                                               a.fresh_seeds))
        return 1 if problems else 0
    problems, covered, marks, no_vector = lint(a.vectors, a.spec)
    print_coverage(covered, marks, no_vector)
    missing = uncovered(covered, marks, no_vector)
    print("uncovered: %s" % (", ".join(missing) if missing else "none"))
    for problem in problems:
        print(problem)
    print("%d problem%s" % (len(problems), "" if len(problems) == 1 else "s"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
