# Tests that the vector checks fail: each kind of broken file or schema is caught, and an unbroken copy is not.
"""Run from this folder: python3 -m unittest test_lints.

Copies of committed files (vectors/prng.json, torus.json and
trajectories.json, from SUSURRATION_VECTORS when set, and schemas/) are broken in a
temporary folder, one fault per test, and the check meant for that fault
must name it. Each check is also shown to pass the unbroken copy (in the
same test or in a test_the_unbroken_... one), so a check that always
complains cannot pass here.
"""
import copy
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest

import check_fresh
import protocol_coverage
import lint_vectors
import must_accept
import validate_vectors

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
VECTORS = pathlib.Path(os.environ.get("SUSURRATION_VECTORS", ROOT / "vectors"))
SCHEMAS = ROOT / "schemas"
SPEC = ROOT / "spec"


def write_json(path, value):
    pathlib.Path(path).write_text(json.dumps(value, indent=2) + "\n")


def read_json(path):
    return json.loads(pathlib.Path(path).read_text())


class Folder(unittest.TestCase):
    """A temporary folder holding copies of prng.json and torus.json."""

    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.dir = pathlib.Path(tmp.name)
        self.vectors = self.dir / "vectors"
        self.vectors.mkdir()
        for name in ("prng.json", "torus.json"):
            shutil.copy(VECTORS / name, self.vectors / name)

    def edit(self, name, change):
        doc = read_json(self.vectors / name)
        change(doc)
        write_json(self.vectors / name, doc)

    def files(self):
        files, _, problems = lint_vectors.read_vectors(self.vectors)
        self.assertEqual(problems, [])
        return files

    def first_case(self, doc):
        return doc["groups"][0]["cases"][0]

    def assertCaught(self, problems, *words):
        self.assertTrue(any(all(w in p for w in words) for p in problems),
                        "no problem mentions %s in %s" % (words, problems))


class SchemaValidation(Folder):
    def schemas(self):
        return validate_vectors.load_schemas(SCHEMAS)

    def test_the_unbroken_copies_validate(self):
        for name in ("prng.json", "torus.json"):
            self.assertEqual(validate_vectors.file_errors(self.vectors / name, self.schemas()), [])

    def test_an_extra_property_in_a_case_is_caught_with_its_path(self):
        self.edit("prng.json", lambda d: self.first_case(d).update(extra=1))
        errors = validate_vectors.file_errors(self.vectors / "prng.json", self.schemas())
        self.assertCaught(errors, "$.groups[0].cases[0]", "'extra'")

    def test_a_wrong_type_deep_in_a_case_is_caught_with_its_path(self):
        self.edit("prng.json", lambda d: self.first_case(d)["expected"]["u32"].__setitem__(3, "7"))
        errors = validate_vectors.file_errors(self.vectors / "prng.json", self.schemas())
        self.assertCaught(errors, "$.groups[0].cases[0].expected.u32[3]", "'7'")

    def test_a_bad_id_and_a_bad_clause_id_are_caught(self):
        def change(d):
            self.first_case(d)["id"] = "Torus_Delta"
            self.first_case(d)["clauses"] = ["field-3"]
        self.edit("torus.json", change)
        errors = validate_vectors.file_errors(self.vectors / "torus.json", self.schemas())
        self.assertCaught(errors, "$.groups[0].cases[0].id", "Torus_Delta")
        self.assertCaught(errors, "$.groups[0].cases[0].clauses[0]", "field-3")

    def test_a_schema_name_that_is_not_in_schemas_is_caught(self):
        self.edit("torus.json", lambda d: d.update(schema="tori.schema.json"))
        errors = validate_vectors.file_errors(self.vectors / "torus.json", self.schemas())
        self.assertCaught(errors, "$.schema", "tori.schema.json", "not a schema in schemas/")

    def test_nan_and_a_repeated_key_are_not_json(self):
        text = (self.vectors / "prng.json").read_text()
        (self.vectors / "prng.json").write_text(text.replace('"spec_version"', '"schema": "x",\n  "spec_version"', 1))
        self.assertCaught(validate_vectors.file_errors(self.vectors / "prng.json", self.schemas()), "repeated key schema")
        (self.vectors / "prng.json").write_text(text.replace("0.6011037519201636", "NaN", 1))
        self.assertCaught(validate_vectors.file_errors(self.vectors / "prng.json", self.schemas()), "NaN is not JSON")

    def test_the_command_exits_1_and_names_the_broken_file(self):
        shutil.copytree(SCHEMAS, self.dir / "schemas")
        run = lambda: subprocess.run([sys.executable, str(HERE / "validate_vectors.py"), "--schemas",
                                      str(self.dir / "schemas"), "--vectors", str(self.vectors)],
                                     capture_output=True, text=True)
        r = run()
        self.assertEqual(r.returncode, 0, r.stdout)
        self.edit("torus.json", lambda d: d.update(number_of_cases="37"))
        r = run()
        self.assertEqual(r.returncode, 1)
        self.assertIn("FAIL  torus.json", r.stdout)
        self.assertIn("ok    prng.json", r.stdout)


class SchemaStrictness(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.dir = pathlib.Path(tmp.name)
        self.schemas = validate_vectors.load_schemas(SCHEMAS)

    def problems_after(self, change):
        schemas = copy.deepcopy(self.schemas)
        change(schemas["prng.schema.json"])
        return validate_vectors.schema_problems("prng.schema.json", schemas)

    def test_every_committed_schema_is_valid_and_strict(self):
        for name in self.schemas:
            self.assertEqual(validate_vectors.schema_problems(name, self.schemas), [], name)

    def test_a_property_without_a_description_is_caught(self):
        problems = self.problems_after(lambda s: s["properties"]["category"].pop("description"))
        self.assertCaught(problems, "#/properties/category", "no description")

    def test_a_definition_without_a_description_is_caught(self):
        problems = self.problems_after(lambda s: s["$defs"]["case"].pop("description"))
        self.assertCaught(problems, "#/$defs/case", "no description")

    def test_an_object_that_allows_other_properties_is_caught(self):
        problems = self.problems_after(lambda s: s["$defs"]["case"].pop("additionalProperties"))
        self.assertCaught(problems, "#/$defs/case", "additionalProperties")

    def test_an_object_without_a_required_list_is_caught(self):
        problems = self.problems_after(lambda s: s["$defs"]["case"].pop("required"))
        self.assertCaught(problems, "#/$defs/case", "required")

    def test_a_reference_that_does_not_resolve_is_caught(self):
        problems = self.problems_after(
            lambda s: s["$defs"]["group"]["properties"]["comment"].update({"$ref": "common.schema.json#/$defs/nope"}))
        self.assertCaught(problems, "$defs/nope", "does not resolve")

    def test_an_invalid_draft_2020_12_schema_is_caught(self):
        problems = self.problems_after(lambda s: s["$defs"]["case"].update(type=5))
        self.assertCaught(problems, "not a valid draft 2020-12 schema")

    def assertCaught(self, problems, *words):
        Folder.assertCaught(self, problems, *words)


class Lint(Folder):
    def test_the_unbroken_copies_pass_every_file_check(self):
        files = self.files()
        _, marks, _ = lint_vectors.read_spec(SPEC)
        for check in (lint_vectors.check_unique_ids, lint_vectors.check_counts, lint_vectors.check_notes,
                      lint_vectors.check_shapes):
            self.assertEqual(check(files), [], check.__name__)
        self.assertEqual(lint_vectors.check_clauses_exist(files, marks), [])

    def test_a_duplicate_id_across_files_is_caught(self):
        prng_id = self.first_case(read_json(self.vectors / "prng.json"))["id"]
        self.edit("torus.json", lambda d: self.first_case(d).update(id=prng_id))
        self.assertCaught(lint_vectors.check_unique_ids(self.files()), prng_id, "prng.json", "torus.json")

    def test_a_duplicate_id_within_a_file_is_caught(self):
        def change(d):
            d["groups"][0]["cases"][1]["id"] = d["groups"][0]["cases"][0]["id"]
        self.edit("torus.json", change)
        self.assertCaught(lint_vectors.check_unique_ids(self.files()), "appears 2 times")

    def test_a_wrong_case_count_is_caught(self):
        self.edit("torus.json", lambda d: d.update(number_of_cases=d["number_of_cases"] + 1))
        self.assertCaught(lint_vectors.check_counts(self.files()), "torus.json", "number_of_cases")

    def test_a_clause_isolated_by_fewer_than_two_cases_is_caught(self):
        files = self.files()
        # Every case that leads with PRNG-3 now leads with PRNG-1: PRNG-3 is
        # still checked, by no case that isolates it.
        for _, doc in files.items():
            for _, case in lint_vectors.cases(doc):
                if case["clauses"][0] == "PRNG-3":
                    case["clauses"] = ["PRNG-1"] + [c for c in case["clauses"] if c != "PRNG-1"]
        self.assertCaught(lint_vectors.check_isolation(files), "PRNG-3 is isolated by 0 cases")

    def test_an_unknown_clause_is_caught(self):
        self.edit("prng.json", lambda d: self.first_case(d)["clauses"].append("PRNG-99"))
        _, marks, _ = lint_vectors.read_spec(SPEC)
        self.assertCaught(lint_vectors.check_clauses_exist(self.files(), marks), "PRNG-99", "not a clause")

    def test_an_unexplained_flag_and_an_unused_note_are_caught(self):
        def change(d):
            for _, case in lint_vectors.cases(d):
                case["flags"] = [f for f in case["flags"] if f != "SpecValues"]
            self.first_case(d)["flags"].append("MadeUp")
        self.edit("prng.json", change)
        problems = lint_vectors.check_notes(self.files())
        self.assertCaught(problems, "flag MadeUp")
        self.assertCaught(problems, "note SpecValues is used by no case")

    def test_a_prng_case_whose_lengths_disagree_with_its_count_is_caught(self):
        self.edit("prng.json", lambda d: self.first_case(d)["expected"]["next"].pop())
        self.assertCaught(lint_vectors.check_shapes(self.files()), "next has 9 values, count is 10")

    def test_a_file_that_names_another_files_schema_is_caught(self):
        self.edit("torus.json", lambda d: d.update(schema="prng.schema.json"))
        self.assertCaught(lint_vectors.check_envelopes(self.files(), {"spec_version": "1.0.0"}, "1.0.0"),
                          "torus.json", "not torus.schema.json")

    def test_a_file_named_for_another_category_is_caught(self):
        self.edit("torus.json", lambda d: d.update(category="step"))
        self.assertCaught(lint_vectors.check_envelopes(self.files(), {"spec_version": "1.0.0"}, "1.0.0"),
                          "torus.json", "step.json")

    def test_a_manifest_that_does_not_match_the_files_is_caught(self):
        files = self.files()
        entries = [{"file": n, "sha256": hashlib.sha256((self.vectors / n).read_bytes()).hexdigest(),
                    "number_of_cases": d["number_of_cases"], "spec_version": d["spec_version"]}
                   for n, d in files.items()]
        manifest = {"number_of_cases": sum(e["number_of_cases"] for e in entries), "files": entries}
        self.assertEqual(lint_vectors.check_manifest(files, manifest, self.vectors), [])
        broken = copy.deepcopy(manifest)
        broken["files"][0]["number_of_cases"] += 1
        broken["number_of_cases"] += 1
        problems = lint_vectors.check_manifest(files, broken, self.vectors)
        self.assertCaught(problems, entries[0]["file"], "the manifest says")
        self.assertCaught(problems, "number_of_cases is")
        broken = copy.deepcopy(manifest)
        broken["files"].pop()
        self.assertCaught(lint_vectors.check_manifest(files, broken, self.vectors), "does not list torus.json")
        with open(self.vectors / "prng.json", "a") as f:
            f.write(" ")
        self.assertCaught(lint_vectors.check_manifest(files, manifest, self.vectors), "sha256 of prng.json")


class TrajectoryShapes(Folder):
    def setUp(self):
        super().setUp()
        shutil.copy(VECTORS / "trajectories.json", self.vectors / "trajectories.json")

    def problems_after(self, change):
        self.assertEqual(lint_vectors.check_shapes(self.files()), [])
        self.edit("trajectories.json", lambda d: change(self.first_case(d)))
        return lint_vectors.check_shapes(self.files())

    def test_a_metrics_column_of_the_wrong_length_is_caught(self):
        problems = self.problems_after(lambda c: c["expected"]["metrics"]["polarization"].pop())
        self.assertCaught(problems, "metrics.polarization has")

    def test_anchors_that_disagree_with_anchor_ticks_are_caught(self):
        problems = self.problems_after(lambda c: c["input"]["anchor_ticks"].reverse())
        self.assertCaught(problems, "anchor_ticks says")

    def test_a_near_chaos_horizon_flag_that_disagrees_with_the_horizon_is_caught(self):
        def change(case):
            case["chaos_horizon"]["first_tick"] = 259 if "NearChaosHorizon" not in case["flags"] else 260
        self.assertCaught(self.problems_after(change), "NearChaosHorizon")


class Coverage(Folder):
    """A two-file spec: PRNG-1..3 (which prng.json covers), X-1 testable, X-2 informative."""

    def spec(self, no_vector_rows):
        spec = self.dir / "spec"
        spec.mkdir(exist_ok=True)
        table = "".join("| %s | a reason |\n" % cid for cid in no_vector_rows)
        (spec / "README.md").write_text("`spec_version`: **1.0.0**\n\n## Clauses no vector checks\n\n"
                                        "| Clause | Why |\n|---|---|\n" + table + "\n## Next\n\n| X-1 | not the table |\n")
        (spec / "a.md").write_text(textwrap.dedent("""\
            - **PRNG-1 — One.** *(tested: `A.B`)*
            - **PRNG-2 — Two.** *(tested: `A.B`)*
            - **PRNG-3 — Three.** *(tested: `A.B`)*
            - **X-1 — Testable.** *(not yet tested: later)*
            - **X-2 — Background.** *(informative)*
            """))
        _, marks, no_vector = lint_vectors.read_spec(spec)
        return lint_vectors.check_coverage(lint_vectors.coverage(self.files()), marks, no_vector)

    def test_an_uncovered_testable_clause_is_caught_and_an_informative_one_is_not(self):
        problems = self.spec([])
        self.assertCaught(problems, "no vector checks: X-1 (")
        self.assertFalse(any("X-2" in p or "PRNG" in p for p in problems), problems)

    def test_a_clause_listed_with_its_reason_is_accepted(self):
        self.assertEqual(self.spec(["X-1"]), [])

    def test_a_listed_clause_that_a_vector_checks_is_caught(self):
        self.assertCaught(self.spec(["X-1", "PRNG-2"]), "PRNG-2", "cases check it")

    def test_listing_an_unknown_or_informative_clause_is_caught(self):
        problems = self.spec(["X-1", "NOPE-1", "X-2"])
        self.assertCaught(problems, "NOPE-1", "not a clause")
        self.assertCaught(problems, "X-2", "informative")

    def test_the_committed_spec_lists_only_real_testable_clauses(self):
        _, marks, no_vector = lint_vectors.read_spec(SPEC)
        self.assertTrue(no_vector, "spec/README.md has no '## Clauses no vector checks' table")
        for cid in no_vector:
            self.assertIn(marks.get(cid), ("tested", "not yet tested"), cid)


FAKE_GENERATOR = """#!%s
# Stands in for `susurration vectors --out DIR`; MODE picks how it misbehaves.
import os, pathlib, sys
out = pathlib.Path(sys.argv[3]); out.mkdir(parents=True, exist_ok=True)
(out / "a.json").write_text("{}\\n")
(out / "b.json").write_text(os.urandom(8).hex() if os.environ["MODE"] == "random" else "[]\\n")
"""


class Freshness(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.dir = pathlib.Path(tmp.name)
        self.binary = self.dir / "fake-susurration"
        self.binary.write_text(FAKE_GENERATOR % sys.executable)
        self.binary.chmod(0o755)
        self.committed = self.dir / "vectors"
        self.committed.mkdir()
        (self.committed / "README.md").write_text("hand-written\n")
        (self.committed / "a.json").write_text("{}\n")
        (self.committed / "b.json").write_text("[]\n")

    def run_check(self, mode):
        return subprocess.run([sys.executable, str(HERE / "check_fresh.py"), "--susurration", str(self.binary),
                               "--vectors", str(self.committed)], capture_output=True, text=True,
                              env=dict(os.environ, MODE=mode))

    def test_a_fresh_folder_passes(self):
        r = self.run_check("fixed")
        self.assertEqual(r.returncode, 0, r.stdout)

    def test_a_differing_a_missing_and_an_extra_file_are_each_named(self):
        (self.committed / "a.json").write_text("{ }\n")
        (self.committed / "b.json").unlink()
        (self.committed / "c.json").write_text("{}\n")
        r = self.run_check("fixed")
        self.assertEqual(r.returncode, 1)
        self.assertIn("a.json: differs between the fresh output and the committed vectors, first at line 1", r.stdout)
        self.assertIn("b.json: in the fresh output, not in the committed vectors", r.stdout)
        self.assertIn("c.json: in the committed vectors, not in the fresh output", r.stdout)

    def test_a_generator_that_writes_different_bytes_each_run_is_caught(self):
        r = self.run_check("random")
        self.assertEqual(r.returncode, 1)
        self.assertIn("not deterministic: b.json: differs between the first run and the second run", r.stdout)

    def test_the_first_differing_line_is_counted_from_one(self):
        self.assertEqual(check_fresh.first_difference("a\nb\nc", "a\nb\nd"), 3)
        self.assertEqual(check_fresh.first_difference("a\nb", "a\nb\nc"), 3)



FAKE_FRESH_GENERATOR = """#!%s
# Stands in for `susurration vectors --fresh SEED --out DIR`: copies the folder FRESH, and at seed 2 drops
# every case flagged DROP from its files, and the flag's note.
import json, os, pathlib, shutil, sys
out = pathlib.Path(sys.argv[5]); shutil.copytree(os.environ["FRESH"], out)
for path in out.glob("*.json"):
    doc = json.loads(path.read_text())
    if sys.argv[3] == "2":
        doc["notes"].pop(os.environ["DROP"], None)
    for g in doc["groups"]:
        g["cases"] = [c for c in g["cases"] if sys.argv[3] != "2" or os.environ["DROP"] not in c.get("flags", [])]
    path.write_text(json.dumps(doc))
"""


class FreshFlags(Folder):
    """Issue 53: a fresh file carries every flag of its published twin, at every seed."""

    def setUp(self):
        super().setUp()
        self.binary = self.dir / "fake-susurration"
        self.binary.write_text(FAKE_FRESH_GENERATOR % sys.executable)
        self.binary.chmod(0o755)
        self.gaps = self.dir / "gaps.txt"
        self.gaps.write_text("# none\n")

    def check(self, drop):
        os.environ.update(FRESH=str(self.vectors), DROP=drop)
        return lint_vectors.check_fresh_sets(self.vectors, self.binary, [1, 2, 3], str(self.gaps))

    def test_a_flag_the_published_file_has_and_its_fresh_twin_lacks_is_named_with_file_and_seed(self):
        published = self.files()
        fresh = copy.deepcopy(published)
        for g in fresh["torus.json"]["groups"]:
            g["cases"] = [c for c in g["cases"] if "ExactlyHalf" not in c.get("flags", [])]
        self.assertEqual(lint_vectors.missing_fresh_flags(published, fresh), ["torus.json: ExactlyHalf"])
        self.assertEqual(lint_vectors.missing_fresh_flags(published, published), [])

    def test_a_flag_one_seed_does_not_draw_is_caught(self):
        problems = self.check("NearHalf")
        self.assertEqual(problems, ["fresh set 2 lacks a flag of the published file: torus.json: NearHalf"])
        self.assertEqual(self.check("NoSuchFlag"), [])

    def test_a_listed_gap_is_accepted_and_a_listed_flag_every_seed_draws_is_caught(self):
        self.gaps.write_text("torus.json: NearHalf\n")
        self.assertEqual(self.check("NearHalf"), [])
        self.assertEqual(self.check("NoSuchFlag"), ["listed in %s but drawn at every seed: torus.json: NearHalf"
                                                    % self.gaps])

    def test_seeds_are_read_as_ranges_and_single_seeds(self):
        self.assertEqual(lint_vectors.parse_seeds("1-3,54"), [1, 2, 3, 54])

if __name__ == "__main__":
    unittest.main()


class ProtocolCoverage(unittest.TestCase):
    """protocol_coverage.py: a gap is named, a closed one is not, and a gap
    file can neither hide a new gap nor keep a closed one."""

    def test_a_parameter_asked_with_one_value_is_three_gaps_short_of_none(self):
        state = [[1.0, 2.0, 3.0, 4.0]]
        once = [("step", {"state": state, "weights": [0.0, 1.0, 0.5], "ticks": 1})]
        found = protocol_coverage.gaps(once)
        self.assertIn("step ticks: never at its upper bound 1000 (INPUT-4)", found)
        self.assertIn("step ticks: never strictly between its bounds (INPUT-4)", found)
        spread = once + [("step", dict(once[0][1], ticks=t)) for t in (500, 1000)]
        self.assertFalse([g for g in protocol_coverage.gaps(spread) if g.startswith("step ticks")])

    def test_a_method_never_asked_is_a_gap(self):
        self.assertIn("method verify: never asked in a valid request", protocol_coverage.gaps([]))

    def test_the_gap_file_fails_on_a_new_gap_and_on_a_closed_one(self):
        with tempfile.TemporaryDirectory() as tmp:
            gaps = pathlib.Path(tmp) / "gaps.txt"
            run = lambda: subprocess.run([sys.executable, str(HERE / "protocol_coverage.py"), str(VECTORS),
                                          "--gaps", str(gaps)], capture_output=True, text=True)
            subprocess.run([sys.executable, str(HERE / "protocol_coverage.py"), str(VECTORS), "--gaps", str(gaps),
                            "--write-gaps"], check=True)
            self.assertEqual(run().returncode, 0)
            listed = gaps.read_text().splitlines()
            # A set without its runs (trajectories.json, and limits.json's run of
            # 20000 ticks) never asks run: a gap the file does not list.
            fewer = pathlib.Path(tmp) / "vectors"
            fewer.mkdir()
            for f in VECTORS.glob("*.json"):
                if f.name not in ("trajectories.json", "limits.json"):
                    (fewer / f.name).write_bytes(f.read_bytes())
            r = subprocess.run([sys.executable, str(HERE / "protocol_coverage.py"), str(fewer), "--gaps", str(gaps)],
                               capture_output=True, text=True)
            self.assertEqual(r.returncode, 1)
            self.assertIn("GAP    method run: never asked in a valid request", r.stdout)
            gaps.write_text("\n".join(listed + ["method nothing: closed long ago"]) + "\n")
            r = run()
            self.assertEqual(r.returncode, 1)
            self.assertIn("STALE  method nothing", r.stdout)


class MustAccept(unittest.TestCase):
    """must_accept.py (issue 53): a row of spec/must-accept.md with no case,
    a case that does not exist or does not ask the row, and a gap file that
    hides an asked row are each caught; the committed table passes."""

    HEAD = "| Id | Clause | Must accept | Check | Cases | Fresh |\n|---|---|---|---|---|---|\n"

    def setUp(self):
        self.by_case = protocol_coverage.requests_by_case(VECTORS)

    def rows(self, *lines):
        with tempfile.TemporaryDirectory() as tmp:
            table = pathlib.Path(tmp) / "t.md"
            table.write_text(self.HEAD + "".join(l + "\n" for l in lines))
            return must_accept.read_table(table)

    def test_the_committed_table_passes_with_its_gaps(self):
        rows = must_accept.read_table(SPEC / "must-accept.md")
        gaps = must_accept.read_gaps(HERE / "accept_gaps.txt")
        self.assertEqual(must_accept.problems(rows, self.by_case, gaps), [])

    def test_a_row_with_no_case_fails_unless_listed_as_a_gap(self):
        rows = self.rows("| ACCEPT-1 | INPUT-1 | `init` at seed 0 | `init.seed=0` | — | published only: x |")
        self.assertEqual(must_accept.problems(rows, self.by_case, {}),
                         ["ACCEPT-1: no case asks it (`init` at seed 0)"])
        self.assertEqual(must_accept.problems(rows, self.by_case, {"ACCEPT-1": "why"}), [])

    def test_a_case_that_does_not_ask_the_row_or_does_not_exist_is_caught(self):
        rows = self.rows("| ACCEPT-1 | INPUT-1 | `init` at seed 0 | `init.seed=0` | `init-seed-0-10-birds` | x |",
                         "| ACCEPT-2 | INPUT-1 | `init` at seed 0 | `init.seed=0` | `init-seed-1-10-birds` | x |",
                         "| ACCEPT-3 | INPUT-1 | `init` at seed 0 | `init.seed=0` | `no-such-case` | x |",
                         "| ACCEPT-4 | INPUT-1 | `init` at seed 0 | `no-such-check` | `init-seed-0-10-birds` | x |")
        self.assertEqual(must_accept.problems(rows, self.by_case, {}), [
            "ACCEPT-2: case init-seed-1-10-birds sends no request that asks it (init.seed=0)",
            "ACCEPT-3: no published case no-such-case",
            "ACCEPT-4: no check named no-such-check (must_accept.py)"])

    def test_a_gap_that_names_a_case_or_no_row_is_stale(self):
        rows = self.rows("| ACCEPT-1 | INPUT-1 | `init` at seed 0 | `init.seed=0` | `init-seed-0-10-birds` | x |")
        self.assertEqual(must_accept.problems(rows, self.by_case, {"ACCEPT-1": "", "ACCEPT-9": ""}), [
            "ACCEPT-1: listed as a gap but names a case: take it out of the gap file",
            "ACCEPT-9: listed as a gap but no row has that id"])

    def test_a_fresh_file_that_does_not_ask_its_row_is_caught(self):
        rows = self.rows("| ACCEPT-1 | INPUT-1 | `init` at seed 0 | `init.seed=0` | `init-seed-0-10-birds` | "
                         "fresh `init.json` |")
        asked = {"init.json": {"a": [("init", {"seed": 0, "birds": 10})]}}
        not_asked = {"init.json": {"a": [("init", {"seed": 5, "birds": 10})]}}
        self.assertEqual(must_accept.fresh_problems(rows, 3, asked), [])
        self.assertEqual(must_accept.fresh_problems(rows, 3, not_asked),
                         ["ACCEPT-1: the fresh init.json of seed 3 does not ask it (init.seed=0)"])

    def test_a_number_form_is_told_from_the_same_value_in_another_form(self):
        one = must_accept.check("weight-written-1")
        run = {"weights": [1.0, 1.0, 1.0], "schedule": []}
        self.assertIsNone(one("run", run))
        self.assertEqual(one("run", dict(run, schedule=[{"tick": 3, "cohesion": 1, "alignment": 1.0,
                                                         "separation": 1.0}])), "schedule")
        self.assertEqual(must_accept.check("weight-with-an-exponent")("step", {"weights": [1e-05, 0.5, 1.0]}),
                         "weights")
        self.assertIsNone(must_accept.check("weight-with-an-exponent")("step", {"weights": [0.0001, 0.5, 1.0]}))

