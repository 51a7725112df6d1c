// Several saved grade reports side by side: the implementation report of
// `susurration report --in A.json --in B.json ...` (spec/grading.md
// REPORT-6). Engines are columns, categories and clauses rows, drilling
// down to cases. Reports graded against different vector sets, or by
// different kits, are never merged into one table: each such group is a
// table of its own, and the board says that it is split.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace susurration::grader {

using Json = nlohmann::json;

struct BoardReport {
  std::string path;  // as the user named it: the board says where each column came from
  Json report;       // checked by check_report (report_diff.hpp)
};

// The board as a document of schemas/board.schema.json.
Json board_document(const std::vector<BoardReport>& reports);

// One self-contained page (no script, nothing fetched; well-formed as XML),
// drawn from the board document alone.
std::string board_html(const Json& board);

// One line per engine (level, counts, time), grouped as the tables are.
std::string board_text(const Json& board);

}  // namespace susurration::grader
