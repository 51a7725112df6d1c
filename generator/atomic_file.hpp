// Writing a file whole or not at all, safely in a folder others can write
// to: `vectors --out`, `grade --output` and `grade --transcript`.
//
// The text goes to a temporary file that mkstemp creates in the target's
// folder (a fresh name, opened with O_EXCL, so a symlink or a FIFO planted
// there is never followed, opened or waited on), is flushed to disk, and
// is renamed over the target. A target that exists and is not a regular
// file (a device, a FIFO, a directory, a symlink) is refused: renaming over
// it would replace it, and writing through it could hang or reach another
// file.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace susurration::generator {

// Throws susurration::InputError naming `field` unless `path` can be a
// target: its folder exists, and it is either absent or a regular file.
// Checked before work whose result would be written there, so a bad name
// costs nothing; write_atomically checks it again.
void check_write_target(std::string_view field, const std::filesystem::path& path);

// The text, whole, in a file of a fresh name beside `path` (its name, a dot
// first when `hidden`, and six random characters), created with O_EXCL so
// that nothing already there is opened or followed; its path. What
// write_atomically renames over the target, and where `grade` leaves a
// report whose target was taken over while it graded (issue 24).
// std::runtime_error naming `path` when the system fails it.
std::filesystem::path write_beside(const std::filesystem::path& path, const std::string& text, bool hidden);

// The text, whole, at `path`, or nothing new there. InputError (naming
// `field`) for a target check_write_target refuses; std::runtime_error
// naming the file when the system fails the write.
void write_atomically(const std::filesystem::path& path, const std::string& text,
                      std::string_view field = "output");

}  // namespace susurration::generator
