// One engine under test, running as a subprocess that speaks spec/PROTOCOL.md.
//
// The kit must never hang and never leave a process behind (PROTO-3), so
// every exchange and every wait has a deadline, and stopping an engine does
// not rely on its cooperation: the kit is a child subreaper, and a stop
// kills the engine's process group, every process descending from it, every
// process carrying the engine's token in its environment, and every orphan
// re-parented to the kit (src/process_tree.hpp). An engine that is a shell
// script starting a JVM goes away as one, and so does one that daemonises.
#pragma once

#include <chrono>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace susurration::grader {

// The engine's program could not be found or started (a usage error of
// `grade`, not a failure of the engine).
class EngineStartError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What one request got back.
struct Reply {
  enum class Kind {
    line,        // a complete line (without its '\n')
    timeout,     // no complete line before the deadline
    exited,      // the engine closed stdout or stdin, or exited: ending() says which
    overlong,    // the line grew past the limit without ending
  };
  Kind kind = Kind::line;
  std::string text;  // the line, or whatever partial output came before the failure
};

class EngineProcess {
 public:
  // Splits nothing: argv is already the program and its arguments.
  explicit EngineProcess(const std::vector<std::string>& argv);
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Writes one request line and waits for one response line.
  Reply exchange(const std::string& request, std::chrono::milliseconds deadline);

  // Closes stdin, gives the engine `grace` to exit, then kills it and all
  // it started; reaps it within a deadline. Safe to call twice.
  void stop(std::chrono::milliseconds grace);

  // The engine's exit status, once it has exited; -1 while it runs or when
  // it was killed by a signal.
  int exit_status();

  // How the engine went away, for "the engine <verb> during <method>
  // (<detail>)": "exited" with "exit status 3"; "died" with "killed by
  // signal 11 (SIGSEGV)"; "closed its stdout" with "while still running".
  // crashed: a failing exit status or a signal the kit did not send, as
  // opposed to an exit with status 0 or a closed pipe, which the engine chose.
  struct Ending {
    std::string verb, detail;
    bool crashed = false;
  };
  Ending ending();

  // The last lines the engine wrote to stderr, for the report.
  std::string stderr_tail() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Kills every engine still running and everything each started, the way
// stop() does, within a deadline. Async-signal-safe: `grade` calls it from
// its SIGINT, SIGTERM, SIGHUP and SIGQUIT handlers, so an interrupted run
// leaves no engine behind either.
void kill_all_engines() noexcept;

// The environment variable that carries each engine's token (unique per
// engine). Descendants inherit it whatever session or group they move to,
// which is how a stop finds them; an engine need do nothing with it.
inline constexpr const char* kEngineTokenVariable = "SUSURRATION_ENGINE_TOKEN";

// The program argv[0] names, looked up on PATH when it has no slash.
// Throws EngineStartError when there is none.
std::string resolve_program(const std::vector<std::string>& argv);

// Splits an --engine string into argv the way a POSIX shell would split
// words: whitespace separates, single and double quotes group, backslash
// escapes. No expansion of any kind: the command never runs in a shell.
std::vector<std::string> split_command(const std::string& command);

}  // namespace susurration::grader
