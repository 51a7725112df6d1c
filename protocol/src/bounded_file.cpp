// Reading a file with a cap on its size (bounded_file.hpp).
#include "susurration/protocol/bounded_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace susurration::forms {
namespace {

class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

std::string over_cap(std::size_t max) {
  return "over the cap of " + std::to_string(max) + " bytes";
}

std::string read_open(int fd, const FileLimits& limits) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw FileReadError(std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw FileReadError("a directory");
  if (limits.regular_only && !S_ISREG(st.st_mode)) throw FileReadError("not a regular file");
  if (S_ISREG(st.st_mode) && static_cast<std::uintmax_t>(st.st_size) > limits.max_bytes) {
    throw FileReadError(std::to_string(st.st_size) + " bytes, " + over_cap(limits.max_bytes));
  }
  // Opened without waiting; a pipe is then read as usual, blocking.
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
    throw FileReadError(std::strerror(errno));
  }
  std::string bytes;
  char chunk[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw FileReadError(std::strerror(errno));
    if (n == 0) break;
    // A file can grow after fstat, and a pipe has no size: the cap holds
    // on what is read.
    if (bytes.size() + static_cast<std::size_t>(n) > limits.max_bytes) {
      throw FileReadError(over_cap(limits.max_bytes));
    }
    bytes.append(chunk, static_cast<std::size_t>(n));
  }
  return bytes;
}

int open_flags(const FileLimits& limits) {
  return O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (limits.no_symlink ? O_NOFOLLOW : 0);
}

std::string open_error(const FileLimits& limits) {
  // O_NOFOLLOW on a symlink fails with ELOOP, like a loop of symlinks.
  if (errno == ELOOP) return limits.no_symlink ? "a symlink" : "a loop of symlinks";
  return std::strerror(errno);
}

}  // namespace

std::string read_bounded_file(const std::string& path, const FileLimits& limits) {
  const Descriptor fd(::open(path.c_str(), open_flags(limits)));
  if (fd.get() < 0) throw FileReadError(open_error(limits));
  return read_open(fd.get(), limits);
}

std::string read_bounded_file_at(int dir_fd, const std::string& name, const FileLimits& limits) {
  const Descriptor fd(::openat(dir_fd, name.c_str(), open_flags(limits)));
  if (fd.get() < 0) throw FileReadError(open_error(limits));
  return read_open(fd.get(), limits);
}

}  // namespace susurration::forms
