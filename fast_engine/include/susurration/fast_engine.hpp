// The fast engine: the world of step() and the metrics of measure(), bit for
// bit, with far less work per tick (spec/determinism.md DET-4).
//
// The plain reference (step.cpp, metrics.cpp) is the definition and is
// written to be read beside spec/; this engine is written to be run, and
// fast_engine/tests/fast_engine_test.cpp proves it equal to the reference on
// whole states and metrics, tick by tick. How it stays exact is told where
// it happens: the pre-test on squared distances and the index order of the
// sums in fast_engine_detail.hpp, the candidate lists and why they hold in
// fast_engine_lists.cpp, the step in fast_engine_step.cpp, the
// metrics in fast_engine_metrics.cpp.
#pragma once

#include <cstdint>
#include <memory>

#include "susurration/metrics.hpp"
#include "susurration/state.hpp"

namespace susurration {

// Machine-independent work of a FastFlock's steps, summed over its life.
struct FastCounters {
  // (bird, candidate) pairs whose squared distance was compared, those
  // compared when the candidate lists were made included: what Counters
  // counts as the plain grid's distance tests.
  std::uint64_t pre_tests = 0;
  // cr_hypot calls on bird pairs: where the pre-test could not decide, or
  // d itself was needed (closer than 28).
  std::uint64_t exact_distances = 0;
  // Ordered pairs (i, j) at distance < 90, as Counters counts them.
  std::uint64_t neighbour_pairs = 0;
  std::uint64_t steps = 0;
  // Steps that had to make the candidate lists again (the lists' own
  // distance tests are counted in pre_tests).
  std::uint64_t list_builds = 0;
  // Steps that searched the blocks of cells instead (FastQuery).
  std::uint64_t cell_steps = 0;
};

// The vector code a FastFlock's step runs. Both make the same bits; the
// tests run both.
enum class FastVectors {
  widest,    // AVX-512 or AVX2 where the CPU has them, else the baseline
  baseline,  // the architecture's baseline instructions (SSE2 on x86-64)
};

// How a FastFlock finds each bird's candidates. Every choice makes the same
// bits; the tests run each. Neighbour lists cost a search to make and then
// little a tick while the birds keep their places against one another, as
// an aligned flock does; a flock that is still unaligned breaks them within
// a tick or two, and the cells' blocks, searched afresh each tick with no
// list to make, cost less there (bench/discussion.md).
enum class FastQuery {
  automatic,  // lists while they last; the cells' blocks after lists that died young
  lists,      // always the neighbour lists (fast_engine_lists.cpp)
  cells,      // always the blocks of the reference's cells (fast_engine_cells.cpp)
};

class FastFlock {
 public:
  // The flock `s` at its current tick. It must meet INPUT-9 except for its
  // limits on the number of birds (any number will do, none included):
  // finite values, positions on the field (FIELD-2), nonzero speeds;
  // otherwise std::invalid_argument.
  // A step runs on `threads` >= 1 threads, the caller's included; no result
  // depends on the count, nor on `vectors`, nor on `query`.
  explicit FastFlock(const State& s, int threads = 1, FastVectors vectors = FastVectors::widest,
                     FastQuery query = FastQuery::automatic);
  FastFlock(const FastFlock& other);  // a copy gets threads of its own
  FastFlock& operator=(const FastFlock& other);
  FastFlock(FastFlock&& other) noexcept;
  FastFlock& operator=(FastFlock&& other) noexcept;
  ~FastFlock();

  // One tick: state() becomes step(state(), w) (STEP-1..8).
  void step(const Weights& w);

  const State& state() const;

  // measure(state()), bit for bit (METRIC-2..5). Safe to call from several
  // threads at once, as long as none of them steps.
  Metrics metrics() const;

  const FastCounters& counters() const;
  int threads() const;

  // The thread count Simulation uses: this machine's hardware threads, at
  // most 8.
  static int default_threads();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace susurration
