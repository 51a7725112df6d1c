#include "progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace susurration::cli {
namespace {

std::size_t terminal_columns() {
  winsize size{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 10) return size.ws_col;
  return 80;
}

std::string duration(double seconds) {
  const long s = static_cast<long>(seconds + 0.5);
  char buffer[32];
  if (s >= 3600) {
    std::snprintf(buffer, sizeof buffer, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  } else {
    std::snprintf(buffer, sizeof buffer, "%ld:%02ld", s / 60, s % 60);
  }
  return buffer;
}

}  // namespace

bool colour_on_stderr() {
  const char* no_colour = std::getenv("NO_COLOR");
  return ::isatty(STDERR_FILENO) == 1 && (no_colour == nullptr || *no_colour == '\0');
}

Progress::Progress(std::string label, std::string unit, std::size_t total, bool quiet)
    : label_(std::move(label)),
      unit_(std::move(unit)),
      total_(total),
      enabled_(!quiet && ::isatty(STDERR_FILENO) == 1),
      colour_(colour_on_stderr()),
      stdout_terminal_(::isatty(STDOUT_FILENO) == 1),
      start_(Clock::now()),
      last_(start_) {}

Progress::~Progress() { clear(); }

std::string Progress::line(std::size_t done, const std::string& now) const {
  const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0;
  char head[160];
  std::snprintf(head, sizeof head, "%s: %zu/%zu %s, %.1f/s", label_.c_str(), done, total_, unit_.c_str(), rate);
  std::string text = head;
  text += done > 0 && done < total_ ? ", " + duration(static_cast<double>(total_ - done) / rate) + " left"
                                    : ", " + duration(elapsed) + " so far";
  // Never wider than the terminal: a wrapped line cannot be redrawn in place.
  const std::size_t room = terminal_columns() - 1;
  std::string tail = now.empty() ? "" : ", now " + now;
  if (text.size() >= room) {
    text.resize(room);
    tail.clear();
  } else if (text.size() + tail.size() > room) {
    tail.resize(room - text.size());
  }
  // Dim for what runs now, the one colour used; NO_COLOR turns it off.
  if (!tail.empty() && colour_) tail = "\x1b[2m" + tail + "\x1b[0m";
  return "\r\x1b[K" + text + tail;
}

void Progress::update(std::size_t done, const std::string& now) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  const auto t = Clock::now();
  if (t - start_ < std::chrono::milliseconds(250) || (last_ != start_ && t - last_ < std::chrono::milliseconds(100))) return;
  last_ = t;
  drawn_ = true;
  const std::string text = line(done, now);
  std::fputs(text.c_str(), stderr);
  std::fflush(stderr);
}

void Progress::before_output() {
  if (stdout_terminal_) clear();
}

void Progress::clear() {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  if (!drawn_) return;
  std::fputs("\r\x1b[K", stderr);
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace susurration::cli
