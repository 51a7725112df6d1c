# The house lint fails on each kind of broken house: a small house is laid out
# in a temporary folder, broken one way at a time, and linted.
import pathlib
import tempfile
import unittest

import lint_house

README = """# A house

## Layout

| Folder | What it holds | Uses |
|---|---|---|
| `reference/` | the model | none |
| `protocol/` | the wire | `reference/` |
| `judge/` | the grader | `protocol/` |
| `cli/` | the tool | `judge/` |
| `adapters/` | engines | any |

## After
"""


class BrokenHouse(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.root = pathlib.Path(self.dir.name)
        self.write("README.md", README)
        self.write("reference/include/susurration/step.hpp", "#pragma once\n")
        self.write("reference/src/step.cpp", '#include "susurration/step.hpp"\n')
        self.write("reference/CMakeLists.txt", "add_library(r src/step.cpp)\n")
        self.write("protocol/include/susurration/protocol/forms.hpp", '#include "susurration/step.hpp"\n')
        self.write("judge/src/checks.cpp", '#include "susurration/protocol/forms.hpp"\n#include "parts.hpp"\n')
        self.write("judge/src/parts.hpp", "#pragma once\n")
        self.write("cli/main.cpp", '#include "susurration/protocol/forms.hpp"\n')
        self.write("adapters/doubles/engine_main.cpp", '#include "../../cli/main.cpp"\n')

    def tearDown(self):
        self.dir.cleanup()

    def write(self, path, text):
        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)

    def problems(self):
        return lint_house.problems_of(self.root)

    def assertOneProblem(self, kind, *words):
        problems = self.problems()
        self.assertEqual(len(problems), 1, problems)
        self.assertTrue(problems[0].startswith(kind + ":"), problems)
        for word in words:
            self.assertIn(word, problems[0])

    def test_the_house_as_laid_passes_every_check(self):
        self.assertEqual(self.problems(), [])

    def test_an_include_of_a_room_above_is_an_arrow_up(self):
        self.write("protocol/src/forms.cpp", '#include "parts.hpp"\n')
        self.write("protocol/src/x.cpp", '#include "../../judge/src/parts.hpp"\n')
        problems = self.problems()
        self.assertTrue(any(p.startswith("arrows: protocol/src/x.cpp") and "judge/" in p for p in problems), problems)

    def test_a_name_kept_in_two_rooms_on_purpose_resolves_to_the_room_that_may_be_used(self):
        # SAME_NAME lets "engine" live in two rooms; an include of it by a room
        # that may use only one of them is that one, on every run.
        self.write("judge/src/engine.hpp", "#pragma once\n")
        self.write("adapters/doubles/engine.hpp", "#pragma once\n")
        self.write("cli/run.cpp", '#include "engine.hpp"\n')
        self.assertEqual(self.problems(), [])

    def test_a_name_found_only_in_a_room_that_may_not_be_used_is_an_arrow(self):
        self.write("cli/run.cpp", '#include "engine.hpp"\n')
        self.write("adapters/doubles/engine.hpp", "#pragma once\n")
        problems = self.problems()
        self.assertTrue(any(p.startswith("arrows: cli/run.cpp") and "adapters/" in p for p in problems), problems)

    def test_a_room_may_use_what_its_uses_use(self):
        self.write("cli/steps.cpp", '#include "susurration/step.hpp"\n')
        self.assertEqual(self.problems(), [])

    def test_a_test_may_reach_into_its_rooms_private_files(self):
        self.write("cli/tests/parts_test.cpp", '#include "../../judge/src/parts.hpp"\n')
        self.assertEqual(self.problems(), [])

    def test_a_circle_in_the_table_is_refused(self):
        self.write("README.md", README.replace("| `reference/` | the model | none |",
                                               "| `reference/` | the model | `judge/` |"))
        self.assertTrue(any(p.startswith("circles:") for p in self.problems()), self.problems())

    def test_a_room_using_a_leaf_is_refused(self):
        self.write("README.md", README.replace("| `cli/` | the tool | `judge/` |",
                                               "| `cli/` | the tool | `judge/`, `adapters/` |"))
        self.assertOneProblem("arrows", "leaf")

    def test_reading_another_targets_sources_is_compiling_by_path(self):
        self.write("adapters/doubles/CMakeLists.txt",
                   "get_target_property(sources r SOURCES)\nadd_library(v ${sources})\n")
        self.assertOneProblem("compiled by path", "SOURCES")

    def test_a_source_named_outside_the_folder_is_compiling_by_path(self):
        self.write("adapters/doubles/CMakeLists.txt",
                   "set(step ${PROJECT_SOURCE_DIR}/reference/src/step.cpp)\nadd_library(v ${step})\n")
        self.assertOneProblem("compiled by path", "reference/src/step.cpp")

    def test_a_source_of_the_folder_itself_is_fine(self):
        self.write("adapters/doubles/CMakeLists.txt",
                   "add_executable(e engine_main.cpp ${CMAKE_CURRENT_SOURCE_DIR}/engine_main.cpp)\n")
        self.assertEqual(self.problems(), [])

    def test_simd_in_the_reference_is_refused(self):
        self.write("reference/src/lanes.cpp", "#include <immintrin.h>\n__m256d four;\n")
        self.assertOneProblem("plain reference", "reference/src/lanes.cpp:1", "SIMD")

    def test_protocol_code_in_the_reference_is_refused(self):
        self.write("reference/src/wire.cpp", "#include <nlohmann/json.hpp>\n")
        self.assertOneProblem("plain reference", "protocol code")

    def test_a_source_over_600_lines_outside_tests_is_refused(self):
        self.write("judge/src/long.cpp", "int x;\n" * 601)
        self.write("judge/tests/long_test.cpp", "int x;\n" * 900)
        self.write("judge/src/just.cpp", "int y;\n" * 600)
        self.assertOneProblem("sizes", "judge/src/long.cpp", "601")

    def test_one_name_in_two_rooms_is_refused(self):
        self.write("cli/checks.cpp", "int z;\n")
        self.assertOneProblem("names", "checks", "cli/checks.cpp", "judge/src/checks.cpp")

    def test_a_header_and_its_source_in_one_room_share_a_name(self):
        self.write("protocol/src/forms.cpp", '#include "susurration/protocol/forms.hpp"\n')
        self.assertEqual(self.problems(), [])


if __name__ == "__main__":
    unittest.main()
