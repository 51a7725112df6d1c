// Writing results to standard output. A failed write (a closed pipe, a full
// disk) ends the command with exit status 4 (TRACE-6) instead of running on
// and reporting success.
#pragma once

#include <cstdio>
#include <stdexcept>
#include <string>

namespace susurration::cli {

inline void emit(const std::string& line) {
  if (std::fputs(line.c_str(), stdout) == EOF || std::ferror(stdout)) {
    throw std::runtime_error("cannot write to standard output");
  }
}

inline void finish_output() {
  if (std::fflush(stdout) != 0) {
    throw std::runtime_error("cannot write to standard output");
  }
}

}  // namespace susurration::cli
