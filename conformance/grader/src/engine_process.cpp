// The engine subprocess: Boost.Process starts it; the exchange itself is
// poll(2) on the pipes, because a deadline is the whole point and a blocking
// stream read has none.
#include "susurration/grader/engine_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/process/args.hpp>
#include <boost/process/child.hpp>
#include <boost/process/group.hpp>
#include <boost/process/io.hpp>
#include <boost/process/pipe.hpp>
#include <boost/process/search_path.hpp>
#include <cerrno>
#include <csignal>
#include <array>
#include <atomic>
#include <mutex>

namespace bp = boost::process;

namespace susurration::grader {
namespace {

constexpr std::size_t kMaxLine = 16 * 1024 * 1024;  // kResponseBounds.max_bytes (PROTOCOL.md "Bounds")
constexpr std::size_t kStderrLines = 20;

// Spawning from several grading threads at once: each child must inherit
// only its own pipe ends, so pipes are marked close-on-exec before any other
// thread can fork (the child's ends are dup2'ed onto 0, 1, 2, which clears
// the flag there).
std::mutex spawn_mutex;

// The process groups of running engines, for kill_all_engines(). Fixed
// size and lock-free, because a signal handler reads it.
constexpr std::size_t kMaxEngines = 256;
std::array<std::atomic<pid_t>, kMaxEngines> live_groups{};

void remember_group(pid_t group) {
  for (auto& slot : live_groups) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, group)) return;
  }
}

void forget_group(pid_t group) {
  for (auto& slot : live_groups) {
    pid_t expected = group;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

void close_on_exec(int fd) { ::fcntl(fd, F_SETFD, ::fcntl(fd, F_GETFD) | FD_CLOEXEC); }

void non_blocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

using Clock = std::chrono::steady_clock;

int remaining_ms(Clock::time_point end) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now());
  return left.count() < 0 ? 0 : static_cast<int>(left.count());
}

}  // namespace

struct EngineProcess::Impl {
  bp::pipe in, out, err;
  bp::group group;
  bp::child child;
  std::string out_buffer;
  std::string err_partial;
  std::deque<std::string> err_lines;
  bool stopped = false;
  bool reaped = false;
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
          drain_stderr(Clock::now() + std::chrono::milliseconds(200));
          return {Reply::Kind::exited, out_buffer};
        }
      }
    }
  }

  // Writes the whole request, or reports that the engine stopped reading.
  bool write_all(const std::string& data, Clock::time_point end) {
    std::size_t done = 0;
    while (done < data.size()) {
      pollfd fd{in.native_sink(), POLLOUT, 0};
      const int ready = ::poll(&fd, 1, remaining_ms(end));
      if (ready < 0 && errno == EINTR) continue;
      if (ready <= 0) return false;
      const ssize_t n = ::write(in.native_sink(), data.data() + done, data.size() - done);
      if (n < 0 && (errno == EAGAIN || errno == EINTR)) continue;
      if (n <= 0) return false;
      done += static_cast<std::size_t>(n);
    }
    return true;
  }

  bool has_exited() {
    if (reaped) return true;
    siginfo_t info{};
    // WNOWAIT: look without reaping, so the process group id cannot be
    // reused before the group is killed.
    return ::waitid(P_PID, static_cast<id_t>(child.id()), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
           info.si_pid != 0;
  }

  void reap() {
    if (reaped) return;
    std::error_code ec;
    child.wait(ec);
    status = ec ? -1 : child.native_exit_code();
    reaped = true;
  }
};

void kill_all_engines() noexcept {
  for (auto& slot : live_groups) {
    const pid_t group = slot.load();
    if (group > 0) ::killpg(group, SIGKILL);
  }
}

std::string resolve_program(const std::vector<std::string>& argv) {
  if (argv.empty() || argv[0].empty()) throw EngineStartError("no command given");
  if (argv[0].find('/') == std::string::npos) {
    const boost::filesystem::path found = bp::search_path(argv[0]);
    if (found.empty()) throw EngineStartError("command not found: " + argv[0]);
    return found.string();
  }
  if (::access(argv[0].c_str(), X_OK) != 0) throw EngineStartError("not an executable file: " + argv[0]);
  return argv[0];
}

EngineProcess::EngineProcess(const std::vector<std::string>& argv) : impl_(std::make_unique<Impl>()) {
  const boost::filesystem::path program = resolve_program(argv);
  // Writing to an engine that has died raises SIGPIPE, which would end the
  // grader; ignored, the write fails with EPIPE and the case is errored.
  static std::once_flag ignore_sigpipe;
  std::call_once(ignore_sigpipe, [] { std::signal(SIGPIPE, SIG_IGN); });
  const std::vector<std::string> args(argv.begin() + 1, argv.end());
  std::lock_guard lock(spawn_mutex);
  for (bp::pipe* p : {&impl_->in, &impl_->out, &impl_->err}) {
    close_on_exec(p->native_source());
    close_on_exec(p->native_sink());
  }
  std::error_code ec;
  impl_->child = bp::child(program, bp::args(args), bp::std_in < impl_->in, bp::std_out > impl_->out,
                           bp::std_err > impl_->err, impl_->group, ec);
  if (ec) throw EngineStartError("cannot start " + argv[0] + ": " + ec.message());
  remember_group(static_cast<pid_t>(impl_->child.id()));
  non_blocking(impl_->in.native_sink());
  non_blocking(impl_->out.native_source());
  non_blocking(impl_->err.native_source());
}

EngineProcess::~EngineProcess() { stop(std::chrono::milliseconds(0)); }

Reply EngineProcess::exchange(const std::string& request, std::chrono::milliseconds deadline) {
  const auto end = Clock::now() + deadline;
  if (impl_->stopped || !impl_->write_all(request + "\n", end)) {
    // A full pipe until the deadline is a hang; a closed one is an exit.
    return {impl_->has_exited() || impl_->stopped ? Reply::Kind::exited : Reply::Kind::timeout, ""};
  }
  return impl_->read_line(end);
}

void EngineProcess::stop(std::chrono::milliseconds grace) {
  if (impl_->stopped) return;
  impl_->stopped = true;
  impl_->in.close();  // EOF on the engine's stdin: PROTOCOL rule 7 says it exits
  const auto end = Clock::now() + grace;
  while (!impl_->has_exited() && Clock::now() < end) {
    ::usleep(2000);
  }
  std::error_code ec;
  impl_->group.terminate(ec);  // the engine and everything it started; harmless if gone
  forget_group(static_cast<pid_t>(impl_->child.id()));
  impl_->reap();
  impl_->drain_stderr(Clock::now() + std::chrono::milliseconds(100));
}

int EngineProcess::exit_status() {
  if (!impl_->has_exited()) return -1;
  impl_->reap();
  return WIFEXITED(impl_->status) ? WEXITSTATUS(impl_->status) : -1;
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
