// The engine subprocess: Boost.Process starts it; the exchange itself is
// poll(2) on the pipes, because a deadline is the whole point and a blocking
// stream read has none. Stopping it is process_tree.hpp's sweep.
#include "susurration/grader/engine_process.hpp"

#include <fcntl.h>
#include <linux/close_range.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <filesystem>
#include <boost/process/args.hpp>
#include <boost/process/child.hpp>
#include <boost/process/env.hpp>
#include <boost/process/environment.hpp>
#include <boost/process/extend.hpp>
#include <boost/process/io.hpp>
#include <boost/process/pipe.hpp>
#include <boost/process/search_path.hpp>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <random>
#include <thread>

#include "process_tree.hpp"
#include "susurration/grader/sandbox.hpp"

namespace bp = boost::process;

namespace susurration::grader {
namespace {

constexpr std::size_t kMaxLine = 16 * 1024 * 1024;  // kResponseBounds.max_bytes (grading.md "Bounds")
constexpr std::size_t kStderrLines = 20;
// How long a stop may spend killing what the engine started, and then
// reaping; a process the kernel has not let go by then is given up on
// rather than waited for.
constexpr long kSweepMs = 2000;
constexpr auto kReapDeadline = std::chrono::milliseconds(1000);
// How long an engine whose stdout or stdin closed gets to exit before it
// is said to have closed it while still running.
constexpr auto kExitAfterClose = std::chrono::milliseconds(200);

// Held while an engine is spawned, and while a stop looks for orphans: a
// child of the kit that is not a live engine is then surely an orphan (a
// sibling is never half-spawned), and pipes are made and marked
// close-on-exec (pipe2) with no fork in between, so no engine inherits
// another's pipe ends.
std::mutex spawn_mutex;

// The pids of running engines (each is also its process group), for
// kill_all_engines() and for sparing siblings. Fixed size and lock-free,
// because a signal handler reads it.
constexpr std::size_t kMaxEngines = 256;
std::array<std::atomic<pid_t>, kMaxEngines> live_engines{};

void remember_engine(pid_t pid) {
  for (auto& slot : live_engines) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, pid)) return;
  }
}

void forget_engine(pid_t pid) {
  for (auto& slot : live_engines) {
    pid_t expected = pid;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

// "SUSURRATION_ENGINE_TOKEN=<kit pid>-<nonce>-": every engine's token starts
// with it and adds a serial number. Written once before the first spawn;
// the signal handler reads it.
char token_prefix[96];
std::atomic<bool> token_ready{false};
// When the kit started: a sweep looks only at processes started since.
std::atomic<unsigned long long> kit_started{0};
std::atomic<unsigned long> next_serial{0};

// Once per kit, before its first engine.
void prepare_kit() {
  static std::once_flag once;
  std::call_once(once, [] {
    // Writing to an engine that has died raises SIGPIPE, which would end
    // the grader; ignored, the write fails with EPIPE and the case is
    // errored. (Engines get the default back: see spawn.)
    std::signal(SIGPIPE, SIG_IGN);
    // A pipe end must never land on 0, 1 or 2 in the kit: the child's
    // dup2 onto the same number would keep its close-on-exec flag.
    for (int fd = 0; fd <= 2; ++fd) {
      if (::fcntl(fd, F_GETFD) < 0) ::open("/dev/null", O_RDWR);
    }
    tree::become_subreaper();
    // A same-user engine may then neither ptrace the kit nor open what
    // /proc/<kit>/ holds of it (fd/, environ, exe, mem).
    ::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    kit_started = tree::start_time(::getpid());
    std::random_device random;
    std::snprintf(token_prefix, sizeof token_prefix, "%s=%ld-%08x%08x-", kEngineTokenVariable,
                  static_cast<long>(::getpid()), random(), random());
    token_ready = true;
  });
}

void non_blocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

bp::pipe make_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw EngineStartError(std::string("cannot make a pipe: ") + std::strerror(errno));
  return bp::pipe(fds[0], fds[1]);
}

// Set by kill_all_engines(): the kit is ending, and starts no engine more.
std::atomic<bool> ending_all{false};
// Spawns under way. kill_all_engines() waits (briefly) for them to finish,
// so that every engine it must kill is registered or visible as a child.
std::atomic<int> spawning{0};

// The signals that end grade. Blocked while a thread spawns, so that their
// handler never runs on a thread that is in the middle of a spawn.
sigset_t ending_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int s : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaddset(&set, s);
  return set;
}

// One spawn, counted and with the ending signals blocked, for its scope.
class SpawnGuard {
 public:
  SpawnGuard() {
    const sigset_t block = ending_signals();
    ::pthread_sigmask(SIG_BLOCK, &block, &saved_);
    ++spawning;  // before reading ending_all; kill_all_engines does the reverse
    if (ending_all) {
      // The kit is being killed and exits within the sweep's deadline;
      // starting an engine now would only leave one behind.
      --spawning;
      ::pthread_sigmask(SIG_SETMASK, &saved_, nullptr);
      std::this_thread::sleep_for(std::chrono::seconds(10));
      throw EngineStartError("the kit is stopping");
    }
  }
  ~SpawnGuard() {
    --spawning;
    ::pthread_sigmask(SIG_SETMASK, &saved_, nullptr);
  }
  SpawnGuard(const SpawnGuard&) = delete;
  SpawnGuard& operator=(const SpawnGuard&) = delete;
  const sigset_t& saved() const { return saved_; }

 private:
  sigset_t saved_;
};

// Runs in the child between fork and exec (async-signal-safe calls only):
// a session of its own, so no controlling terminal to type into or to take
// the foreground of, and one group that one killpg reaches; death with the
// kit (PR_SET_PDEATHSIG, which fires when the thread that spawned it ends:
// every caller keeps an engine no longer than that thread); no descriptor
// but 0, 1 and 2 across exec; the SIGPIPE disposition a program expects
// rather than the kit's; the signal mask the kit had before it blocked the
// ending signals; and, in the sandbox, its resource limits.
struct ChildSetup {
  const sigset_t* mask;
  pid_t kit;
  bool sandboxed;
  // In the sandbox, the engine's stdin and stdout go to it as descriptors 3
  // and 4 (sandbox.hpp): bwrap's own 0 and 1 are /dev/null, so that an
  // engine closing its stdout or stdin is seen, bwrap holding no copy.
  int in_read = -1, out_write = -1;
  template <class Executor>
  void operator()(Executor&) const {
    ::setsid();
    ::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    if (::getppid() != kit) ::_exit(127);  // the kit died before the line above
    // Close-on-exec rather than closed: Boost reports a failed exec through
    // a close-on-exec pipe of its own.
    if (::syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) != 0) {
      for (int fd = 3; fd < 65536; ++fd) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
    if (sandboxed) {
      // Above 9 first, so that neither lands on 3 or 4 before it is moved.
      const int in = ::fcntl(in_read, F_DUPFD_CLOEXEC, 10), out = ::fcntl(out_write, F_DUPFD_CLOEXEC, 10);
      if (::dup2(in, 3) != 3 || ::dup2(out, 4) != 4) ::_exit(127);  // dup2's copy is not close-on-exec
      for (const SandboxLimit& l : kSandboxLimits) {
        const rlimit r{l.value, l.value};
        ::setrlimit(l.resource, &r);
      }
    }
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    ::sigaction(SIGPIPE, &dfl, nullptr);
    ::pthread_sigmask(SIG_SETMASK, mask, nullptr);
  }
};

// The whole environment an engine gets: PATH, HOME, LANG and TMPDIR (in
// the sandbox, HOME and TMPDIR are its scratch folder), what grade
// --engine-env names, and its token. Nothing else of the kit's reaches it:
// neither a secret nor the address of a server (a tmux socket) it could
// use to act outside its tree.
bp::environment engine_environment(const std::string& token, bool sandboxed) {
  const bp::native_environment kit = boost::this_process::environment();
  bp::environment env;
  const auto pass = [&](const std::string& name) {
    const auto it = kit.find(name);
    if (it != kit.end()) env[name] = it->to_string();
  };
  for (const char* name : {"PATH", "HOME", "LANG", "TMPDIR"}) pass(name);
  for (const std::string& name : engine_launch().pass_env) pass(name);
  if (env.find("PATH") == env.end()) env["PATH"] = "/usr/local/bin:/usr/bin:/bin";
  if (sandboxed) {
    env["HOME"] = "/tmp";
    env["TMPDIR"] = "/tmp";
  }
  env[kEngineTokenVariable] = token;
  return env;
}

using Clock = std::chrono::steady_clock;

int remaining_ms(Clock::time_point end) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now());
  return left.count() < 0 ? 0 : static_cast<int>(left.count());
}

std::string signal_name(int sig) {
  std::string text = "signal " + std::to_string(sig);
  if (const char* abbrev = ::sigabbrev_np(sig)) text += std::string(" (SIG") + abbrev + ")";
  return text;
}

}  // namespace

struct EngineProcess::Impl {
  bp::pipe in{-1, -1}, out{-1, -1}, err{-1, -1};
  bp::child child;
  pid_t pid = 0;
  std::string token;  // NAME=VALUE, as in the engine's environment
  std::string out_buffer;
  std::string err_partial;
  std::deque<std::string> err_lines;
  bool stopped = false;
  bool reaped = false;
  bool lost = false;            // still there after SIGKILL and the reap deadline
  bool killed_by_kit = false;   // still running when stop() ran out of grace
  bool closed_stdout_running = false;
  bool closed_stdin_running = false;
  bool sandboxed = false;  // bwrap is the child: it passes a signal on as 128 + N
  int status = -1;

  // Keeps what the engine says on stderr, a line at a time, only the last few.
  void take_stderr(const char* data, std::size_t n) {
    err_partial.append(data, n);
    std::size_t start = 0;
    for (std::size_t nl; (nl = err_partial.find('\n', start)) != std::string::npos; start = nl + 1) {
      err_lines.push_back(err_partial.substr(start, nl - start));
      if (err_lines.size() > kStderrLines) err_lines.pop_front();
    }
    err_partial.erase(0, start);
    if (err_partial.size() > 4096) err_partial.erase(0, err_partial.size() - 4096);
  }

  // One read of what stderr has; closes our end at EOF or on an error.
  void read_stderr() {
    char buf[65536];
    const ssize_t n = ::read(err.native_source(), buf, sizeof buf);
    if (n > 0) {
      take_stderr(buf, static_cast<std::size_t>(n));
    } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
      err.close();
    }
  }

  // Reads what is left on stderr once the engine has gone, until EOF or the
  // deadline (a grandchild may hold the pipe open), so that the report can
  // quote the engine's last words even when stdout closed first.
  void drain_stderr(Clock::time_point end) {
    while (err.native_source() >= 0) {
      pollfd fd{err.native_source(), POLLIN, 0};
      const int ready = ::poll(&fd, 1, remaining_ms(end));
      if (ready < 0 && errno == EINTR) continue;
      if (ready <= 0) return;
      read_stderr();
    }
  }

  // After stdout or stdin closed: did the engine exit, or does it run on?
  void note_closed(bool& still_running) {
    const auto end = Clock::now() + kExitAfterClose;
    while (!has_exited() && Clock::now() < end) ::usleep(2000);
    still_running = !has_exited();
  }

  // Drains stderr and reads stdout until a '\n', the deadline, or EOF.
  Reply read_line(Clock::time_point end) {
    for (;;) {
      const std::size_t nl = out_buffer.find('\n');
      if (nl != std::string::npos) {
        Reply r{Reply::Kind::line, out_buffer.substr(0, nl)};
        out_buffer.erase(0, nl + 1);
        return r;
      }
      if (out_buffer.size() > kMaxLine) return {Reply::Kind::overlong, out_buffer.substr(0, 200)};
      pollfd fds[2] = {{out.native_source(), POLLIN, 0}, {err.native_source(), POLLIN, 0}};
      const int nfds = err.native_source() >= 0 ? 2 : 1;
      const int ready = ::poll(fds, nfds, remaining_ms(end));
      if (ready < 0 && errno == EINTR) continue;
      if (ready <= 0) return {Reply::Kind::timeout, out_buffer};
      if (nfds == 2 && (fds[1].revents & (POLLIN | POLLHUP))) {
        read_stderr();  // a closed stderr is no reason to stop reading stdout
      }
      if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
        char buf[65536];
        const ssize_t n = ::read(out.native_source(), buf, sizeof buf);
        if (n > 0) {
          out_buffer.append(buf, static_cast<std::size_t>(n));
        } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
          drain_stderr(Clock::now() + kExitAfterClose);
          note_closed(closed_stdout_running);
          return {Reply::Kind::exited, out_buffer};
        }
      }
    }
  }

  enum class Written { all, deadline, closed };

  // Writes the whole request, or says why not.
  Written write_all(const std::string& data, Clock::time_point end) {
    std::size_t done = 0;
    while (done < data.size()) {
      pollfd fd{in.native_sink(), POLLOUT, 0};
      const int ready = ::poll(&fd, 1, remaining_ms(end));
      if (ready < 0 && errno == EINTR) continue;
      if (ready == 0) return Written::deadline;
      if (ready < 0) return Written::closed;
      const ssize_t n = ::write(in.native_sink(), data.data() + done, data.size() - done);
      if (n < 0 && (errno == EAGAIN || errno == EINTR)) continue;
      if (n <= 0) return Written::closed;  // EPIPE: nobody reads the engine's stdin
      done += static_cast<std::size_t>(n);
    }
    return Written::all;
  }

  bool has_exited() {
    if (reaped) return true;
    siginfo_t info{};
    // WNOWAIT: look without reaping, so that the pid (and the process
    // group id) cannot be reused before everything is killed.
    return ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
           info.si_pid != 0;
  }

  // Boost owns the engine's pid: its wait, on that pid only, once the
  // engine has surely exited, so that it returns at once.
  void reap() {
    if (reaped) return;
    std::error_code ec;
    child.wait(ec);
    status = ec ? -1 : child.native_exit_code();
    reaped = true;
  }

  void reap_within(Clock::time_point end) {
    while (!has_exited() && Clock::now() < end) ::usleep(1000);
    if (has_exited()) {
      reap();
    } else {
      // Unkillable for now (stuck in the kernel): give it up rather than
      // wait. Detached, Boost's destructor will not wait for it either.
      child.detach();
      reaped = lost = true;
    }
  }

  // Kills the engine and everything it started (process_tree.hpp), reaps
  // the orphans found, then the engine itself, each within a deadline.
  void contain() {
    {
      std::lock_guard lock(spawn_mutex);
      tree::PidSet spare;
      for (const auto& slot : live_engines) {
        const pid_t other = slot.load();
        if (other > 0 && other != pid) spare.add(other);
      }
      tree::Sweep sweep;
      sweep.roots.add(pid);
      sweep.token = token.c_str();
      sweep.orphans = true;
      sweep.spare = &spare;
      sweep.born_since = kit_started.load();
      tree::kill_all(sweep, tree::deadline_in(kSweepMs));
      tree::reap(sweep.to_reap, tree::deadline_in(kSweepMs));
    }
    reap_within(Clock::now() + kReapDeadline);
    // Only now: while it was unreaped its pid could not be reused, and
    // sweeps by other workers spared it as a live engine.
    forget_engine(pid);
  }
};

void kill_all_engines() noexcept {
  ending_all = true;  // before reading spawning; SpawnGuard does the reverse
  const timespec settled = tree::deadline_in(500);
  while (spawning.load() > 0 && !tree::reached(settled)) {
    const timespec nap{0, 1'000'000};
    ::nanosleep(&nap, nullptr);
  }
  tree::Sweep sweep;
  for (const auto& slot : live_engines) {
    const pid_t pid = slot.load();
    if (pid > 0) sweep.roots.add(pid);
  }
  if (token_ready.load()) {
    sweep.token = token_prefix;
    sweep.token_is_prefix = true;
  }
  sweep.orphans = true;  // the kit is going: every child of it goes too
  sweep.born_since = kit_started.load();
  tree::kill_all(sweep, tree::deadline_in(kSweepMs));
}

std::string resolve_program(const std::vector<std::string>& argv) {
  if (argv.empty() || argv[0].empty()) throw EngineStartError("no command given");
  if (argv[0].find('/') == std::string::npos) {
    const boost::filesystem::path found = bp::search_path(argv[0]);
    if (found.empty()) throw EngineStartError("command not found: " + argv[0]);
    return found.string();
  }
  // access(X_OK) alone would pass a directory (its search bit).
  std::error_code ec;
  if (::access(argv[0].c_str(), X_OK) != 0 || !std::filesystem::is_regular_file(argv[0], ec)) {
    throw EngineStartError("not an executable file: " + argv[0]);
  }
  return argv[0];
}

EngineProcess::EngineProcess(const std::vector<std::string>& argv) : impl_(std::make_unique<Impl>()) {
  boost::filesystem::path program = resolve_program(argv);
  prepare_kit();
  std::vector<std::string> args(argv.begin() + 1, argv.end());
  impl_->sandboxed = engine_launch().sandbox;
  if (impl_->sandboxed) {
    args = sandboxed_command(program.string(), argv);
    program = args.front();
    args.erase(args.begin());
  }
  const std::string prefix = token_prefix;
  const std::string token = prefix.substr(prefix.find('=') + 1) + std::to_string(next_serial++);
  const bp::environment env = engine_environment(token, impl_->sandboxed);
  impl_->token = std::string(kEngineTokenVariable) + "=" + token;
  std::lock_guard lock(spawn_mutex);
  const SpawnGuard spawn;
  impl_->in = make_pipe();
  impl_->out = make_pipe();
  impl_->err = make_pipe();
  std::error_code ec;
  const ChildSetup setup{&spawn.saved(), ::getpid(), impl_->sandboxed, impl_->in.native_source(),
                         impl_->out.native_sink()};
  if (impl_->sandboxed) {
    impl_->child = bp::child(program, bp::args(args), bp::std_in < bp::null, bp::std_out > bp::null,
                             bp::std_err > impl_->err, env, bp::extend::on_exec_setup(setup), ec);
  } else {
    impl_->child = bp::child(program, bp::args(args), bp::std_in < impl_->in, bp::std_out > impl_->out,
                             bp::std_err > impl_->err, env, bp::extend::on_exec_setup(setup), ec);
  }
  if (impl_->sandboxed) {
    // Boost closes the child's ends of the pipes it was given as stdio;
    // these went as descriptors 3 and 4, and the kit must hold no copy, or
    // it would never see the engine close them.
    ::close(impl_->in.native_source());
    impl_->in.assign_source(-1);
    ::close(impl_->out.native_sink());
    impl_->out.assign_sink(-1);
  }
  if (ec) throw EngineStartError("cannot start " + argv[0] + ": " + ec.message());
  impl_->pid = static_cast<pid_t>(impl_->child.id());
  remember_engine(impl_->pid);
  non_blocking(impl_->in.native_sink());
  non_blocking(impl_->out.native_source());
  non_blocking(impl_->err.native_source());
}

EngineProcess::~EngineProcess() { stop(std::chrono::milliseconds(0)); }

Reply EngineProcess::exchange(const std::string& request, std::chrono::milliseconds deadline) {
  const auto end = Clock::now() + deadline;
  if (impl_->stopped) return {Reply::Kind::exited, ""};
  switch (impl_->write_all(request + "\n", end)) {
    case Impl::Written::all:
      return impl_->read_line(end);
    case Impl::Written::closed:
      impl_->note_closed(impl_->closed_stdin_running);
      return {Reply::Kind::exited, ""};
    case Impl::Written::deadline:
      break;
  }
  // A pipe full until the deadline is a hang, unless the engine is gone.
  return {impl_->has_exited() ? Reply::Kind::exited : Reply::Kind::timeout, ""};
}

void EngineProcess::stop(std::chrono::milliseconds grace) {
  if (impl_->stopped) return;
  impl_->stopped = true;
  impl_->in.close();  // EOF on the engine's stdin: PROTOCOL rule 7 says it exits
  const auto end = Clock::now() + grace;
  while (!impl_->has_exited() && Clock::now() < end) ::usleep(2000);
  impl_->killed_by_kit = !impl_->has_exited();
  impl_->contain();
  impl_->drain_stderr(Clock::now() + std::chrono::milliseconds(100));
}

int EngineProcess::exit_status() {
  if (!impl_->has_exited()) return -1;
  impl_->reap();
  return WIFEXITED(impl_->status) && !impl_->lost ? WEXITSTATUS(impl_->status) : -1;
}

EngineProcess::Ending EngineProcess::ending() {
  if (impl_->closed_stdout_running) return {"closed its stdout", "while still running"};
  if (impl_->closed_stdin_running) return {"closed its stdin", "while still running"};
  if (!impl_->has_exited()) return {"is running", "not stopped yet"};
  impl_->reap();
  if (impl_->lost) return {"could not be stopped", "still there after SIGKILL"};
  const int status = impl_->status;
  // bwrap exits 128 + N for an engine killed by signal N.
  if (impl_->sandboxed && WIFEXITED(status) && WEXITSTATUS(status) > 128 && WEXITSTATUS(status) < 128 + NSIG &&
      !impl_->killed_by_kit) {
    return {"died", "killed by " + signal_name(WEXITSTATUS(status) - 128), true};
  }
  if (WIFEXITED(status)) {
    return {"exited", "exit status " + std::to_string(WEXITSTATUS(status)), WEXITSTATUS(status) != 0};
  }
  if (WIFSIGNALED(status) && !impl_->killed_by_kit) {
    return {"died", "killed by " + signal_name(WTERMSIG(status)), true};
  }
  return {"was stopped", "killed by the kit"};
}

std::string EngineProcess::stderr_tail() const {
  std::string tail;
  for (const std::string& line : impl_->err_lines) tail += line + "\n";
  if (!impl_->err_partial.empty()) tail += impl_->err_partial + "\n";
  return tail;
}

std::vector<std::string> split_command(const std::string& command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (quote) {
      if (c == quote) {
        quote = 0;
      } else if (c == '\\' && quote == '"' && i + 1 < command.size() &&
                 (command[i + 1] == '"' || command[i + 1] == '\\')) {
        word += command[++i];
      } else {
        word += c;
      }
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == '\\' && i + 1 < command.size()) {
      word += command[++i];
      in_word = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (quote) throw EngineStartError("unterminated quote in the engine command");
  if (in_word) words.push_back(word);
  return words;
}

}  // namespace susurration::grader
