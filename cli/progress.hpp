// Progress of a long command on stderr: done of total, the rate, the time
// left and what runs now, on one line redrawn in place. Only for a person
// watching: nothing at all when stderr is not a terminal (a pipe, a file, a
// CI log) or with --quiet, so scripts and logs never see it.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>

namespace susurration::cli {

class Progress {
 public:
  // `unit` names what is counted ("cases", "ticks"); `label` the command.
  Progress(std::string label, std::string unit, std::size_t total, bool quiet);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  bool shown() const { return enabled_; }
  // Safe from several threads; redraws at most ten times a second, and not
  // before a quarter second has passed, so a short run draws nothing.
  void update(std::size_t done, const std::string& now = "");
  // Erases the line, e.g. before the same terminal gets a line of output.
  void clear();
  // Before a line goes to stdout: erases the progress line when stdout is
  // the same terminal (it would be written over), else leaves it be.
  void before_output();

 private:
  using Clock = std::chrono::steady_clock;
  std::string line(std::size_t done, const std::string& now) const;

  std::string label_, unit_;
  std::size_t total_;
  bool enabled_;
  bool colour_;
  bool stdout_terminal_;
  bool drawn_ = false;
  Clock::time_point start_, last_;
  std::mutex mutex_;
};

// Whether colour may be used on stderr: a terminal, and NO_COLOR unset or
// empty (https://no-color.org).
bool colour_on_stderr();

}  // namespace susurration::cli
