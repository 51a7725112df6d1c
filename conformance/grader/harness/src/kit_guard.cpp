// The stop guard of kit_guard.hpp. A thread of the kit cannot notice a stop
// (every thread stops), nor can a timer tell one from a loaded machine; a
// process outside the kit reads its state in /proc, exactly.
#include "susurration/grader/kit_guard.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "process_tree.hpp"
#include "susurration/grader/engine_process.hpp"

namespace susurration::grader {
namespace {

// How often the guard looks: a stop lasts at most about this long.
constexpr long kLookEveryMs = 50;

// The state letter of /proc/<pid>/stat, 0 when it cannot be read.
char state_of(const char* stat_path) {
  const int fd = ::open(stat_path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char buf[512];
  const ssize_t n = ::read(fd, buf, sizeof buf - 1);
  ::close(fd);
  if (n <= 0) return 0;
  buf[n] = '\0';
  const char* close_paren = std::strrchr(buf, ')');
  return close_paren && close_paren[1] == ' ' ? close_paren[2] : 0;
}

// The guard's whole life, in the forked child: async-signal-safe calls only.
[[noreturn]] void guard(pid_t kit, const char* path, int tell) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  if (::getppid() != kit) ::_exit(0);
  // Nothing of the kit's held open: a reader of its stdout sees EOF when
  // the kit exits, not when the guard does.
  const int null = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  for (int fd = 0; fd <= 2; ++fd) ::dup2(null, fd);
  ::dup2(tell, 3);
  tell = 3;
  ::syscall(SYS_close_range, 4U, ~0U, 0U);
  for (;;) {
    const char state = state_of(path);
    if (state == 0) ::_exit(0);
    if (state == 'T' || state == 't') {
      const char byte = 'S';
      if (::write(tell, &byte, 1) != 1) ::_exit(0);
      ::kill(kit, SIGCONT);
    }
    const timespec nap{0, kLookEveryMs * 1'000'000};
    ::nanosleep(&nap, nullptr);
  }
}

pid_t guard_pid = 0;

// At a normal exit the guard goes first and is reaped, so the kit leaves
// no process for a moment either (its death signal would come a little
// after the kit's exit).
void end_the_guard() {
  if (guard_pid <= 0) return;
  ::kill(guard_pid, SIGKILL);
  ::waitpid(guard_pid, nullptr, 0);
}

}  // namespace

void guard_the_kit(int stopped_status, const char* line, void (*before_exit)()) {
  ::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return;
  const pid_t kit = ::getpid();
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%ld/stat", static_cast<long>(kit));
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    guard(kit, path, fds[1]);
  }
  ::close(fds[1]);
  if (pid < 0) {
    ::close(fds[0]);
    return;
  }
  tree::keep(pid);
  guard_pid = pid;
  std::atexit(end_the_guard);
  std::thread([fd = fds[0], stopped_status, line, before_exit] {
    char byte = 0;
    ssize_t n;
    while ((n = ::read(fd, &byte, 1)) < 0 && errno == EINTR) {
    }
    if (n != 1) return;  // the guard is gone: nothing more to watch
    static const char grade_line[] =
        "grade: the kit was stopped by a signal from another process (SIGSTOP or another stop signal; the engine "
        "under test can send one): the grade is abandoned\n";
    const char* said = line ? line : grade_line;
    (void)!::write(2, said, std::strlen(said));
    kill_all_engines();
    if (before_exit) before_exit();
    ::_exit(stopped_status);
  }).detach();
}

}  // namespace susurration::grader
