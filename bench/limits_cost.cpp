// What the limits set costs the generator (spec/must-accept.md, ACCEPT-71
// and ACCEPT-72): the wall time to compute each of limits.json's answers
// with the plain reference, as `susurration vectors` does. A measuring
// program, not a test: `limits_cost [repeats]` prints each case's median.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#include "files.hpp"

int main(int argc, char** argv) {
  using namespace susurration::generator;
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  const std::pair<const char*, std::function<Case()>> cases[] = {{"step 400 birds x 1000 ticks", limits_step_case},
                                                                  {"run 400 birds x 20000 ticks", limits_run_case}};
  for (const auto& [name, build] : cases) {
    std::vector<double> seconds;
    for (int k = 0; k < repeats; ++k) {
      const auto start = std::chrono::steady_clock::now();
      build();
      seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(seconds.begin(), seconds.end());
    std::printf("%s: median %.2f s of %d (min %.2f, max %.2f)\n", name, seconds[seconds.size() / 2], repeats,
                seconds.front(), seconds.back());
  }
}
