// Writing a file whole or not at all (atomic_file.hpp).
#include "atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "susurration/inputs.hpp"

namespace susurration::generator {
namespace {

namespace fs = std::filesystem;

fs::path folder_of(const fs::path& path) {
  return path.has_parent_path() ? path.parent_path() : fs::path(".");
}

std::runtime_error system_error(const std::string& what, const fs::path& path) {
  return std::runtime_error("cannot write " + path.string() + ": " + what + ": " + std::strerror(errno));
}

// The mode a plain create would give: 0666 less the umask, which can only be
// read by setting it (the moment it is 0 creates nothing in this process).
mode_t default_mode() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

// Writes every byte, retrying short writes and interruptions.
bool write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

void check_write_target(std::string_view field, const fs::path& path) {
  if (path.empty() || !path.has_filename()) {
    throw InputError(field, path.string(), "a file name");
  }
  struct stat st {};
  const fs::path folder = folder_of(path);
  if (::stat(folder.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    throw InputError(field, path.string(), "a file in an existing folder");
  }
  // lstat: a symlink is refused as itself, never followed to what it names.
  if (::lstat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    throw InputError(field, path.string(), "a regular file or a new name (not a device, FIFO, folder or symlink)");
  }
}

fs::path write_beside(const fs::path& path, const std::string& text, bool hidden) {
  // Beside the target, so a rename over it stays in one file system.
  std::string fresh = path.filename().string();
  if (hidden) fresh.insert(0, 1, '.');
  fresh.append(".XXXXXX");
  const std::string pattern = (folder_of(path) / fresh).string();
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  // mkostemp opens a new name with O_CREAT | O_EXCL: nothing already at the
  // name (a symlink, a FIFO, another file) is ever opened.
  const int fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd < 0) throw system_error("cannot create a file beside it", path);
  const fs::path tmp(name.data());
  const bool written = ::fchmod(fd, default_mode()) == 0 && write_all(fd, text) && ::fsync(fd) == 0;
  const int saved = errno;
  if (::close(fd) != 0 || !written) {
    errno = written ? errno : saved;
    const auto error = system_error("cannot write the file beside it", path);
    ::unlink(tmp.c_str());
    throw error;
  }
  return tmp;
}

void write_atomically(const fs::path& path, const std::string& text, std::string_view field) {
  check_write_target(field, path);
  const fs::path tmp = write_beside(path, text, true);
  try {
    check_write_target(field, path);  // again: it may have changed while we wrote
  } catch (...) {
    ::unlink(tmp.c_str());
    throw;
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const auto error = system_error("cannot rename the temporary file", path);
    ::unlink(tmp.c_str());
    throw error;
  }
}

}  // namespace susurration::generator
