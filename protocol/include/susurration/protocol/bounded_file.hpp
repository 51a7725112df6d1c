// Reading a file someone else chose (a schedule, a claim, an expect-fail
// list, a vector file a manifest names) with a cap on its size, checked
// before more than the cap is read, so no file (/dev/zero, a 1 GB file)
// can exhaust the memory; and, where only a regular file makes sense,
// without ever waiting on a FIFO or reading a device.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace susurration::forms {

// The file cannot be read within its limits. what() is a short reason
// ("a directory", "over the cap of 1048576 bytes", "No such file or
// directory") that the caller puts in its own one-line complaint.
class FileReadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct FileLimits {
  std::size_t max_bytes = 16u << 20;
  // Only a regular file: a FIFO, a device, a socket or a directory is
  // refused, and the open never waits (O_NONBLOCK) for a FIFO's writer.
  // Otherwise a pipe (`--schedule <(...)`) is read too; a directory never.
  bool regular_only = false;
  // The last component of the path must not be a symlink (O_NOFOLLOW).
  bool no_symlink = false;
};

// The whole file, at most limits.max_bytes bytes. Throws FileReadError.
std::string read_bounded_file(const std::string& path, const FileLimits& limits);

// The same, for `name` opened relative to the open folder `dir_fd`.
std::string read_bounded_file_at(int dir_fd, const std::string& name, const FileLimits& limits);

}  // namespace susurration::forms
