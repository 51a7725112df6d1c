// Writing a file that holds what a long command computed (grade's report,
// its extra reports, its transcript), so that none of it is lost when its
// target is taken over while the command ran: an engine that puts a symlink
// or a folder at the --output path does not cost the grade (issue 24).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace susurration::cli {

// The text written whole at `path` (generator::write_atomically): true.
// When that fails, a symlink or a folder put there after the target was
// checked among the causes, the text goes to a fresh name beside `path`
// (created with O_EXCL, so nothing planted is followed), or when none can
// be made there to standard error, and one line on standard error names
// `option` and `path` and says why and where the text went: false. The
// caller then exits 4 (kInternalError), having lost nothing.
bool write_result_file(std::string_view option, const std::filesystem::path& path, const std::string& text);

}  // namespace susurration::cli
