// Signals that end a command, and the scratch folder they remove (ending.hpp).
#include "ending.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <string>
#include <system_error>

#include "susurration/grader/engine_process.hpp"

namespace susurration::cli {
namespace {

// The scratch folder's path for the handler, which may not allocate: set
// and cleared with the ending signals blocked, so it never reads half a path.
char scratch_path[4096];

sigset_t ending_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int s : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaddset(&set, s);
  return set;
}

// The folder `name` (relative to `parent`) and everything in it, with
// async-signal-safe calls only (no opendir: it allocates). Links are
// removed, never followed (O_NOFOLLOW). The scratch folder is two levels
// deep, so recursion is shallow; a few passes catch a file another thread
// was writing while the first pass read the folder.
void remove_tree_at(int parent, const char* name) {
  if (::unlinkat(parent, name, 0) == 0) return;
  const int dir = ::openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dir < 0) return;
  for (int pass = 0; pass < 3; ++pass) {
    ::lseek(dir, 0, SEEK_SET);
    alignas(8) char buffer[4096];
    for (ssize_t got; (got = ::getdents64(dir, buffer, sizeof buffer)) > 0;) {
      for (ssize_t at = 0; at < got;) {
        const auto* entry = reinterpret_cast<const dirent64*>(buffer + at);
        at += entry->d_reclen;
        if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0) {
          remove_tree_at(dir, entry->d_name);
        }
      }
    }
    if (::unlinkat(parent, name, AT_REMOVEDIR) == 0) break;
  }
  ::close(dir);
}

extern "C" void on_signal(int signal) {
  grader::kill_all_engines();
  if (scratch_path[0] != '\0') remove_tree_at(AT_FDCWD, scratch_path);
  ::_exit(128 + signal);
}

// Runs `f` with the ending signals blocked in this thread.
template <class F>
void with_signals_blocked(F f) {
  const sigset_t block = ending_signals();
  sigset_t saved;
  ::pthread_sigmask(SIG_BLOCK, &block, &saved);
  f();
  ::pthread_sigmask(SIG_SETMASK, &saved, nullptr);
}

}  // namespace

void remove_the_scratch_folder_now() {
  if (scratch_path[0] != '\0') remove_tree_at(AT_FDCWD, scratch_path);
}

void on_signals_kill_engines_and_exit() {
  struct sigaction action {};
  action.sa_handler = on_signal;
  // One handler at a time: a second signal waits until the first has
  // killed everything and exited.
  action.sa_mask = ending_signals();
  for (int s : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaction(s, &action, nullptr);
}

ScratchFolder::ScratchFolder(const char* prefix) {
  std::string pattern = (std::filesystem::temp_directory_path() / prefix).string() + "-XXXXXX";
  if (pattern.size() >= sizeof scratch_path) {
    throw std::filesystem::filesystem_error("the temporary directory's path is too long", pattern, {});
  }
  // Made and recorded with the signals blocked: a signal between the two
  // would leave a folder the handler does not know of.
  int error = 0;
  with_signals_blocked([&] {
    if (::mkdtemp(pattern.data()) == nullptr) {
      error = errno;
      return;
    }
    std::memcpy(scratch_path, pattern.c_str(), pattern.size() + 1);
  });
  if (error != 0) {
    throw std::filesystem::filesystem_error("cannot make a scratch folder", pattern,
                                            std::error_code(error, std::generic_category()));
  }
  path_ = pattern;
}

ScratchFolder::~ScratchFolder() {
  with_signals_blocked([] { scratch_path[0] = '\0'; });
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

}  // namespace susurration::cli
