// What the limits set costs the generator (spec/must-accept.md, ACCEPT-71
// and ACCEPT-72): the wall time to compute each of limits.json's answers
// with the plain reference, as `susurration vectors` does. A measuring
// program, not a test: `limits_cost [repeats] [run repeats]` prints each
// case's median wall time (the run's repeats default to the step's).
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <tuple>
#include <vector>

#include "files.hpp"

int main(int argc, char** argv) {
  using namespace susurration::generator;
  const int step_repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  const int run_repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : step_repeats;
  const std::tuple<const char*, std::function<Case()>, int> cases[] = {
      {"step 400 birds x 1000 ticks", limits_step_case, step_repeats},
      {"run 400 birds x 20000 ticks", limits_run_case, run_repeats}};
  for (const auto& [name, build, repeats] : cases) {
    // Wall time, and processor time beside it: on a shared machine the
    // second says what the work costs, the first what a user waits.
    std::vector<double> seconds, cpu;
    for (int k = 0; k < repeats; ++k) {
      const auto start = std::chrono::steady_clock::now();
      const std::clock_t ticks = std::clock();
      build();
      cpu.push_back(static_cast<double>(std::clock() - ticks) / CLOCKS_PER_SEC);
      seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(seconds.begin(), seconds.end());
    std::sort(cpu.begin(), cpu.end());
    std::printf("%s: median %.2f s wall, %.2f s processor, of %d (wall min %.2f, max %.2f)\n", name,
                seconds[seconds.size() / 2], cpu[cpu.size() / 2], repeats, seconds.front(), seconds.back());
    std::fflush(stdout);
  }
}
