# Tests that lint_spec.py fails on each kind of broken spec/ and passes the unbroken one.
"""Run from this folder: python3 -m unittest test_lint_spec.

A two-file spec in a temporary folder is broken one fault per test; the
check must name the fault, and the unbroken copy must pass, so a check
that always complains cannot pass here.
"""
import pathlib
import subprocess
import sys
import tempfile
import unittest

import lint_spec

KNOWN = {"A.Real", "b-real"}
PROTOCOL = """# Protocol

- **PROTO-1 — One line per message.** Short. *(tested)*
- **PROTO-2 — Background.** *(informative)*

The explanation after a clause, (tested: `b-real`) in prose, may be long. """ + "x" * 2000 + "\n"
GRADING = "# Grading\n\nImplemented in `src/level.cpp`.\n\n- **LEVEL-1 — A level.** *(not yet tested: later)*\n"
TESTED = """# Tests

| Clause | File | Tests |
|---|---|---|
| PROTO-1 | [PROTOCOL.md](PROTOCOL.md) | `A.Real`, `b-real` |
"""

# PROTOCOL.md has no Implemented-in line, so each of its clauses needs a row here.
IMPLEMENTED = """# Code

| Clause | File | Code |
|---|---|---|
| PROTO-1 | [PROTOCOL.md](PROTOCOL.md) | `src/proto.cpp` |
| PROTO-2 | [PROTOCOL.md](PROTOCOL.md) | `src/proto.cpp`, `src/` |
"""


class LintSpec(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.spec = pathlib.Path(self.tmp.name) / "spec"
        self.spec.mkdir()
        (self.spec.parent / "src").mkdir()
        for name in ("proto.cpp", "level.cpp"):
            (self.spec.parent / "src" / name).write_text("")
        self.write(PROTOCOL, GRADING, TESTED)
        self.write_implemented(IMPLEMENTED)

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, protocol, grading, tested):
        (self.spec / "PROTOCOL.md").write_text(protocol)
        (self.spec / "grading.md").write_text(grading)
        (self.spec / "tested.md").write_text(tested)

    def write_implemented(self, text):
        (self.spec / "implemented.md").write_text(text)

    def problems(self):
        return lint_spec.check(self.spec, KNOWN)[0]

    def assertCaught(self, *words):
        problems = self.problems()
        self.assertTrue(any(all(w in p for w in words) for p in problems),
                        "no problem names %s: %s" % (words, problems))

    def test_the_unbroken_spec_passes(self):
        self.assertEqual(self.problems(), [])

    def test_a_name_that_is_not_a_real_test_is_caught(self):
        self.write(PROTOCOL, GRADING, TESTED.replace("`b-real`", "`b-gone`"))
        self.assertCaught("PROTO-1", "b-gone")

    def test_a_name_in_a_paragraph_that_is_not_a_real_test_is_caught(self):
        self.write(PROTOCOL.replace("(tested: `b-real`)", "(tested: `b-gone`)"), GRADING, TESTED)
        self.assertCaught("PROTOCOL.md", "b-gone")

    def test_a_vector_file_that_does_not_exist_is_caught(self):
        self.write(PROTOCOL, GRADING, TESTED.replace("`b-real`", "`vectors/none.json`"))
        self.assertCaught("vectors/none.json")

    def test_a_tested_clause_with_no_row_is_caught(self):
        self.write(PROTOCOL, GRADING, TESTED.replace("| PROTO-1 |", "| PROTO-9 |"))
        self.assertCaught("PROTO-1", "no row")

    def test_a_row_naming_no_test_is_caught(self):
        self.write(PROTOCOL, GRADING, TESTED.replace("`A.Real`, `b-real`", " "))
        self.assertCaught("PROTO-1", "names no test")

    def test_a_row_of_a_clause_not_marked_tested_is_caught(self):
        self.write(PROTOCOL, GRADING, TESTED + "| LEVEL-1 | [grading.md](grading.md) | `A.Real` |\n")
        self.assertCaught("LEVEL-1", "not a clause marked")

    def test_a_row_naming_the_wrong_file_is_caught(self):
        self.write(PROTOCOL, GRADING, TESTED.replace("[PROTOCOL.md](PROTOCOL.md)", "[grading.md](grading.md)"))
        self.assertCaught("PROTO-1", "is in PROTOCOL.md")

    def test_two_rows_of_one_clause_are_caught(self):
        self.write(PROTOCOL, GRADING, TESTED + TESTED.splitlines()[-1] + "\n")
        self.assertCaught("PROTO-1", "already has a row")

    def test_tests_listed_inline_are_caught(self):
        self.write(PROTOCOL.replace("*(tested)*", "*(tested: `A.Real`)*"), GRADING, TESTED)
        self.assertCaught("PROTO-1", "inline")

    def test_a_clause_with_no_mark_is_caught(self):
        self.write(PROTOCOL.replace(" *(informative)*", ""), GRADING, TESTED)
        self.assertCaught("PROTO-2", "no mark")

    def test_a_clause_defined_twice_is_caught(self):
        self.write(PROTOCOL, GRADING + "- **PROTO-2 — Again.** *(informative)*\n", TESTED)
        self.assertCaught("PROTO-2", "already defined")

    def test_a_clause_over_1500_characters_is_caught_and_one_of_1500_is_not(self):
        line = "- **PROTO-2 — Background.** *(informative)*"
        exactly = line.replace("Background.**", "Background.** " + "y" * (1500 - len(line) - 1))
        self.assertEqual(len(exactly), 1500)
        self.write(PROTOCOL.replace(line, exactly), GRADING, TESTED)
        self.assertEqual(self.problems(), [])
        self.write(PROTOCOL.replace(line, exactly.replace("y", "yy", 1)), GRADING, TESTED)
        self.assertCaught("PROTO-2", "1501 characters")

    def test_a_protocol_of_20000_bytes_is_caught_and_one_under_it_is_not(self):
        pad = "\nz" * ((19999 - len(PROTOCOL.encode())) // 2)
        self.write(PROTOCOL + pad + "z" * ((19999 - len(PROTOCOL.encode())) % 2), GRADING, TESTED)
        self.assertEqual((self.spec / "PROTOCOL.md").stat().st_size, 19999)
        self.assertEqual(self.problems(), [])
        self.write(PROTOCOL + pad + "z" * ((19999 - len(PROTOCOL.encode())) % 2) + "z", GRADING, TESTED)
        self.assertCaught("PROTOCOL.md", "20000 bytes")

    def test_a_clause_of_a_file_without_an_implemented_line_and_without_a_row_is_caught(self):
        self.write_implemented(IMPLEMENTED.replace("| PROTO-2 |", "| PROTO-7 |"))
        self.assertCaught("PROTO-2", "names no code")
        self.assertCaught("PROTO-7", "is not a clause")

    def test_a_clause_of_a_file_with_an_implemented_line_needs_no_row(self):
        self.assertNotIn("LEVEL-1", IMPLEMENTED)
        self.assertEqual(self.problems(), [])

    def test_code_that_does_not_exist_is_caught_in_a_row_and_on_an_implemented_line(self):
        self.write_implemented(IMPLEMENTED.replace("`src/proto.cpp` |", "`src/gone.cpp` |"))
        self.assertCaught("implemented.md", "src/gone.cpp", "does not exist")
        self.write_implemented(IMPLEMENTED)
        self.write(PROTOCOL, GRADING.replace("src/level.cpp", "src/lost.cpp"), TESTED)
        self.assertCaught("grading.md", "src/lost.cpp", "does not exist")

    def test_a_code_row_naming_no_code_or_the_wrong_file_is_caught(self):
        self.write_implemented(IMPLEMENTED.replace("`src/proto.cpp` |", "somewhere |"))
        self.assertCaught("PROTO-1", "names no code")
        self.write_implemented(IMPLEMENTED.replace("| PROTO-1 | [PROTOCOL.md](PROTOCOL.md)",
                                                   "| PROTO-1 | [grading.md](grading.md)"))
        self.assertCaught("PROTO-1", "is in PROTOCOL.md")

    def test_a_citation_under_the_wrong_file_is_caught_and_one_under_its_own_is_not(self):
        # Written in two pieces so that the lint, which reads this file too, does not take it for a citation.
        wrong = {"a.cpp": "// x\n// The level (spec/PROTOCOL.md" + " LEVEL-1): y\n",
                 "b.py": "# a rule (spec/grading.md,\n# PROTO-1)\n"}
        self.assertEqual(lint_spec.citations(self.spec, wrong),
                         ["a.cpp:2: cites LEVEL-1 under PROTOCOL.md; it is defined in grading.md",
                          "b.py:1: cites PROTO-1 under grading.md; it is defined in PROTOCOL.md"])
        right = {"a.cpp": "// (spec/grading.md LEVEL-1, PROTOCOL.md, PROTO-1)\n",
                 # a list, a possessive and an id that is no clause are not citations of the file
                 "b.py": "# outside grading.md (PROTO-1); PROTOCOL.md, LEVEL-1's level; PROTOCOL.md UTF-8\n"}
        self.assertEqual(lint_spec.citations(self.spec, right), [])

    def test_inline_lists_a_merge_brings_are_folded_into_the_table(self):
        inline = PROTOCOL.replace("- **PROTO-1 — One line per message.** Short. *(tested)*",
                                  "- **PROTO-1 — One line per message.** Short. *(tested: `b-real`, `A.New`)*")
        self.write(inline, GRADING.replace("*(not yet tested: later)*", "*(tested: `A.Real`)*"), TESTED)
        here = pathlib.Path(__file__).resolve().parent
        subprocess.run([sys.executable, str(here / "spec_move_tested.py"), "--spec", str(self.spec)], check=True)
        self.assertEqual(lint_spec.check(self.spec, KNOWN | {"A.New"})[0], [])
        rows = {cid: (file, names) for cid, _, file, names in lint_spec.tested_rows(self.spec)}
        self.assertEqual(rows, {"PROTO-1": ("PROTOCOL.md", ["A.Real", "b-real", "A.New"]),
                                "LEVEL-1": ("grading.md", ["A.Real"])})


if __name__ == "__main__":
    unittest.main()
