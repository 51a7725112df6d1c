// The /proc scan behind process_tree.hpp. No allocation and no stdio: a
// signal handler runs this code, so every buffer is on the stack and every
// call is a system call.
#include "process_tree.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

namespace susurration::grader::tree {
namespace {

// One line of /proc/<pid>/stat, the fields a sweep needs.
struct Stat {
  char state = 0;
  pid_t ppid = 0, pgid = 0;
  unsigned long long start = 0;  // clock ticks after boot
};

bool parse_pid(const char* s, pid_t& out) noexcept {
  if (*s == '\0') return false;
  long value = 0;
  for (; *s; ++s) {
    if (*s < '0' || *s > '9' || value > 1'000'000'000) return false;
    value = value * 10 + (*s - '0');
  }
  out = static_cast<pid_t>(value);
  return value > 0;
}

// "/proc/<pid>/<leaf>" into buf.
void proc_path(char* buf, pid_t pid, const char* leaf) noexcept {
  char digits[16];
  int n = 0;
  for (long v = pid; v > 0 && n < 15; v /= 10) digits[n++] = static_cast<char>('0' + v % 10);
  std::memcpy(buf, "/proc/", 6);
  char* p = buf + 6;
  while (n > 0) *p++ = digits[--n];
  *p++ = '/';
  const std::size_t len = std::strlen(leaf);
  std::memcpy(p, leaf, len + 1);
}

bool read_stat(pid_t pid, Stat& st) noexcept {
  char path[64];
  proc_path(path, pid, "stat");
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char buf[1024];
  const ssize_t n = ::read(fd, buf, sizeof buf - 1);
  ::close(fd);
  if (n <= 0) return false;
  buf[n] = '\0';
  // "pid (comm) S ppid pgrp ...": comm may hold spaces and ')', so the
  // fields start after the last ')'.
  const char* p = nullptr;
  for (ssize_t i = n - 1; i >= 0; --i) {
    if (buf[i] == ')') {
      p = buf + i + 1;
      break;
    }
  }
  if (!p) return false;
  // Fields 4 (ppid) to 22 (starttime) of proc(5), after the state (3).
  long long fields[19] = {};
  while (*p == ' ') ++p;
  st.state = *p++;
  for (long long& f : fields) {
    while (*p == ' ') ++p;
    const bool negative = *p == '-';
    if (negative) ++p;
    for (; *p >= '0' && *p <= '9'; ++p) f = f * 10 + (*p - '0');
    if (negative) f = -f;
  }
  st.ppid = static_cast<pid_t>(fields[0]);
  st.pgid = static_cast<pid_t>(fields[1]);
  st.start = static_cast<unsigned long long>(fields[18]);
  return true;
}

// Whether one NUL-separated entry of /proc/<pid>/environ is `token` (or,
// with `prefix`, starts with it). Read in pieces: an environment may be
// megabytes long, and a signal handler has no heap.
bool carries_token(pid_t pid, const char* token, bool prefix) noexcept {
  char path[64];
  proc_path(path, pid, "environ");
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const std::size_t len = std::strlen(token);
  std::size_t pos = 0;   // position within the current entry
  bool matching = true;  // the current entry agrees with token so far
  bool found = false;
  char buf[4096];
  for (ssize_t n; !found && (n = ::read(fd, buf, sizeof buf)) > 0;) {
    for (ssize_t i = 0; i < n; ++i) {
      const char c = buf[i];
      if (c == '\0') {
        if (matching && (prefix ? pos >= len : pos == len)) {
          found = true;
          break;
        }
        pos = 0;
        matching = true;
        continue;
      }
      if (matching && pos < len && c != token[pos]) matching = false;
      if (matching && pos >= len && !prefix) matching = false;
      ++pos;
    }
  }
  ::close(fd);
  return found;
}

// Whether a process whose leader shows Z still has live threads: a
// leader that ended by pthread_exit() while its other threads run is a
// zombie in /proc/<pid>/stat, yet alive, and a signal to it reaches them.
bool has_live_threads(pid_t pid) noexcept {
  char path[64];
  proc_path(path, pid, "task");
  const int dir = ::open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return false;
  int tasks = 0;
  alignas(8) char buf[4096];
  for (long n; tasks < 2 && (n = ::syscall(SYS_getdents64, dir, buf, sizeof buf)) > 0;) {
    for (long off = 0; off < n;) {
      unsigned short reclen = 0;
      std::memcpy(&reclen, buf + off + 16, sizeof reclen);
      pid_t tid = 0;
      if (parse_pid(buf + off + 19, tid)) ++tasks;
      off += reclen;
    }
  }
  ::close(dir);
  return tasks > 1;
}

// A process every sweep leaves alone whatever it matches: the kit's stop
// guard (kit_guard.cpp), a child of the kit that is no engine.
std::atomic<pid_t> kept{0};

void nap_ms(long ms) noexcept {
  timespec t{0, ms * 1'000'000};
  ::nanosleep(&t, nullptr);
}

// One pass over /proc. Returns how many live processes it signalled.
std::size_t sweep_once(Sweep& sweep, PidSet& family) noexcept {
  const pid_t self = ::getpid();
  const pid_t own_group = ::getpgrp();
  // A group kill first: it reaches every member at once, so none of them
  // forks between two of our kills.
  for (std::size_t i = 0; i < sweep.roots.size(); ++i) {
    const pid_t root = sweep.roots[i];
    if (root != own_group) ::killpg(root, SIGKILL);
    ::kill(root, SIGKILL);
  }
  const int dir = ::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return 0;
  std::size_t signalled = 0;
  alignas(8) char buf[8192];
  for (long n; (n = ::syscall(SYS_getdents64, dir, buf, sizeof buf)) > 0;) {
    for (long off = 0; off < n;) {
      // struct linux_dirent64: d_ino (8), d_off (8), d_reclen (2), d_type (1), d_name.
      unsigned short reclen = 0;
      std::memcpy(&reclen, buf + off + 16, sizeof reclen);
      const char* name = buf + off + 19;
      off += reclen;
      pid_t pid = 0;
      if (!parse_pid(name, pid) || pid == self || pid == 1 || pid == kept.load()) continue;
      if (sweep.spare && sweep.spare->contains(pid)) continue;
      Stat st;
      if (!read_stat(pid, st)) continue;  // gone already
      // Older than the kit: started by nothing the kit started. Most of
      // the system, skipped before the costly environment read.
      if (st.start < sweep.born_since) continue;
      const bool kit_child = st.ppid == self;
      bool doomed = family.contains(pid) || family.contains(st.ppid) ||
                    (st.pgid != own_group && sweep.roots.contains(st.pgid)) ||
                    (sweep.orphans && kit_child);
      if (!doomed && sweep.token) doomed = carries_token(pid, sweep.token, sweep.token_is_prefix);
      if (!doomed) continue;
      family.add(pid);
      if (kit_child && !sweep.roots.contains(pid)) sweep.to_reap.add(pid);
      // SIGKILL whatever the state: a dead process ignores it, and a zombie
      // leader's live threads do not. Counted only while something lives.
      ::kill(pid, SIGKILL);
      if ((st.state != 'Z' && st.state != 'X') || has_live_threads(pid)) ++signalled;
    }
  }
  ::close(dir);
  return signalled;
}

}  // namespace

bool PidSet::contains(pid_t pid) const noexcept {
  for (std::size_t i = 0; i < size_; ++i) {
    if (pids_[i] == pid) return true;
  }
  return false;
}

void PidSet::add(pid_t pid) noexcept {
  // A full set loses only the ppid rule for the newest processes: their
  // parents are killed all the same, so they become the kit's orphans.
  if (size_ < kCapacity && !contains(pid)) pids_[size_++] = pid;
}

unsigned long long start_time(pid_t pid) noexcept {
  Stat st;
  return read_stat(pid, st) ? st.start : 0;
}

void keep(pid_t pid) noexcept { kept = pid; }

bool become_subreaper() noexcept { return ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0; }

bool reached(const timespec& deadline) noexcept {
  timespec now{};
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec > deadline.tv_sec || (now.tv_sec == deadline.tv_sec && now.tv_nsec >= deadline.tv_nsec);
}

timespec deadline_in(long ms) noexcept {
  timespec t{};
  ::clock_gettime(CLOCK_MONOTONIC, &t);
  t.tv_sec += ms / 1000;
  t.tv_nsec += (ms % 1000) * 1'000'000;
  if (t.tv_nsec >= 1'000'000'000) {
    t.tv_sec += 1;
    t.tv_nsec -= 1'000'000'000;
  }
  return t;
}

bool kill_all(Sweep& sweep, const timespec& deadline) noexcept {
  PidSet family = sweep.roots;
  for (;;) {
    if (sweep_once(sweep, family) == 0) return true;
    if (reached(deadline)) return false;
    nap_ms(2);  // let the kills land before looking again
  }
}

void reap(const PidSet& children, const timespec& deadline) noexcept {
  bool done[PidSet::kCapacity] = {};
  for (;;) {
    bool all = true;
    for (std::size_t i = 0; i < children.size(); ++i) {
      if (done[i]) continue;
      int status = 0;
      const pid_t r = ::waitpid(children[i], &status, WNOHANG);
      if (r == children[i] || (r < 0 && errno == ECHILD)) {
        done[i] = true;
      } else {
        all = false;
      }
    }
    if (all || reached(deadline)) return;
    nap_ms(1);
  }
}

}  // namespace susurration::grader::tree
