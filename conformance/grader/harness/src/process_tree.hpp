// Finding and killing everything an engine started, without its help.
//
// An engine can leave its process group, start a new session, daemonise by
// a double fork, or join the kit's own group; none of these hides a process
// from all of: the ppid links that lead back to the engine, the token the
// kit put in the engine's environment (inherited whatever group or session
// a descendant moves to), and the kit being a child subreaper (an orphaned
// descendant is re-parented to the kit, not to init).
//
// Everything here is async-signal-safe (fixed buffers, no allocation, no
// locks; only open, read, close, getdents64, kill, killpg, waitpid,
// nanosleep and clock_gettime), because grade's signal handler uses it.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <ctime>

namespace susurration::grader::tree {

// A set of pids of fixed capacity (no allocation in a signal handler).
class PidSet {
 public:
  static constexpr std::size_t kCapacity = 2048;
  bool contains(pid_t pid) const noexcept;
  void add(pid_t pid) noexcept;  // silently ignores a full set: see the sweep
  std::size_t size() const noexcept { return size_; }
  pid_t operator[](std::size_t i) const noexcept { return pids_[i]; }

 private:
  pid_t pids_[kCapacity] = {};
  std::size_t size_ = 0;
};

// What a sweep kills: every live process that matches any rule below and
// is neither the kit nor in `spare`.
struct Sweep {
  // Engines: each root, its process group (unless the group is the kit's),
  // and every process descending from it through ppid links.
  PidSet roots;
  // An environment entry NAME=VALUE the kit gave one engine; with
  // token_is_prefix, every entry starting with it (all the kit's engines).
  const char* token = nullptr;
  bool token_is_prefix = false;
  // The kit's own children: the subreaper makes every orphaned descendant
  // one. Live engines of other workers are in `spare`.
  bool orphans = false;
  const PidSet* spare = nullptr;
  // Only processes started at or after this (clock ticks after boot, as
  // start_time() gives): an engine's descendants are younger than the kit.
  unsigned long long born_since = 0;
  // Filled in: children of the kit that the sweep killed or found dead,
  // roots excepted, for reap().
  PidSet to_reap;
};

// When a process started, in clock ticks after boot (proc(5) starttime);
// 0 when it cannot be read.
unsigned long long start_time(pid_t pid) noexcept;

// A child of the kit that every sweep spares (the stop guard); one at most.
void keep(pid_t pid) noexcept;

// Makes the kit a child subreaper (Linux 3.4+); false when it cannot.
bool become_subreaper() noexcept;

// SIGKILLs everything the sweep names, pass after pass (a process may fork
// while a pass runs), until a pass finds nothing alive or `deadline`
// (CLOCK_MONOTONIC) passes. True when a pass found nothing.
bool kill_all(Sweep& sweep, const timespec& deadline) noexcept;

// waitpid on each pid of `children` (never -1, which could take a sibling
// engine's status), until all are reaped or `deadline` passes.
void reap(const PidSet& children, const timespec& deadline) noexcept;

// CLOCK_MONOTONIC now plus `ms`, and whether that time has come.
timespec deadline_in(long ms) noexcept;
bool reached(const timespec& deadline) noexcept;

}  // namespace susurration::grader::tree
