// The fast engine's step: STEP-1..8 as step.cpp computes them, bit for bit.
// Conventions: see fast_engine_detail.hpp; k is the neighbour count and
// Sdx, Sdy, Svx, Svy, Px, Py the sums of STEP-2; W is the number of lanes.
//
// Where the time goes, and how each part stays exact:
//  - Candidates. The reference's grid cells, binned by a stable counting
//    sort, so each cell's list is in index order. A bird's candidates are
//    the 3 x 3 block of cells around its own (DET-4: a superset of its
//    neighbours).
//  - Index order (STATE-2). The nine lists must become one list in index
//    order. Every bird of a cell has the same nine cells, so the merge is
//    done once per cell, not once per bird: the block's birds are marked in
//    a bitmap over the bird indices and read back in increasing order, in
//    time linear in the block plus n/64 words, and copied into contiguous
//    arrays. A sort per bird would cost a log factor on every bird; this
//    costs about one pass over the candidates per cell.
//  - Lanes (fast_engine_kernel.inc). The birds of a cell then stream those
//    arrays together, 8 or 4 at a time, one bird per vector lane. Each lane
//    keeps its own sums and adds candidate j only where j is its neighbour
//    (elsewhere its sum keeps every bit), so every lane adds exactly its
//    neighbours, in increasing index order: the reference's sums, operation
//    for operation. Lanes of different birds never mix.
//  - Distances. The pre-test (fast_engine_detail.hpp) decides d < 90 and
//    d > 28 from the squared distance; cr_hypot runs only for a neighbour
//    that may be closer than 28, whose separation term needs d itself, and
//    in the band around 90 where the pre-test abstains.
//  - Threads. Every bird reads only the start-of-tick arrays and writes only
//    its own result (STEP-1), so cells can be handed to threads in any
//    order: the world does not depend on the thread count.
#include <algorithm>
#include <atomic>
#include <bit>
#include <limits>

#include "fast_engine_detail.hpp"
#include "susurration/constants.hpp"
#include "susurration/exact_math.hpp"
#include "susurration/torus.hpp"

namespace susurration::fast {

// Marks the block's birds in the bitmap and reads them back in increasing
// index order into sc (see the top of this file).
Block gather_block(const StepView& v, int cell, Scratch& sc) {
  std::uint32_t lo = std::numeric_limits<std::uint32_t>::max();
  std::uint32_t hi = 0;
  const int* block = Cells::block(cell);
  for (int b = 0; b < 9; ++b) {
    const std::span<const std::uint32_t> birds = v.cells->birds(block[b]);
    if (birds.empty()) {
      continue;
    }
    // Runs of increasing indices fill one word at a time in a register.
    std::uint32_t word = birds.front() / 64;
    std::uint64_t bits = 0;
    for (std::uint32_t i : birds) {
      if (i / 64 != word) {
        sc.seen[word] |= bits;
        word = i / 64;
        bits = 0;
      }
      bits |= std::uint64_t{1} << (i % 64);
    }
    sc.seen[word] |= bits;
    lo = std::min(lo, birds.front());  // each list is in index order
    hi = std::max(hi, birds.back());
  }
  std::size_t m = 0;
  for (std::size_t word = lo / 64; word <= hi / 64; ++word) {
    for (std::uint64_t bits = sc.seen[word]; bits != 0; bits &= bits - 1) {
      const std::size_t j = word * 64 + static_cast<std::size_t>(std::countr_zero(bits));
      sc.x[m] = v.x[j];
      sc.y[m] = v.y[j];
      sc.vx[m] = v.vx[j];
      sc.vy[m] = v.vy[j];
      sc.j[m] = static_cast<double>(j);  // exact: n < 2^53
      ++m;
    }
    sc.seen[word] = 0;
  }
  return {m, v.cells->seam_x(cell), v.cells->seam_y(cell)};
}

// step.cpp's steer, clamp_speed and move (STEP-3..8), with one shortcut:
// when the pre-test proves 1.6 < hypot(ux, uy) < 4.2, the clamp factor
// min(max(sp, 1.6), 4.2) / sp is sp / sp == 1 and u * 1 == u, so the
// hypot is not needed.
void finish_bird(const StepView& v, std::size_t i, std::size_t slot, const Sums& sum) {
  const double vx = v.vx[i];
  const double vy = v.vy[i];
  double ux = vx;
  double uy = vy;
  if (sum.k != 0) {
    const Weights& w = v.w;
    const double cx = (sum.dx / sum.k) * (w.cohesion * kCohesionScale);
    const double cy = (sum.dy / sum.k) * (w.cohesion * kCohesionScale);
    const double ax = (sum.vx / sum.k - vx) * (w.alignment * kAlignmentScale);
    const double ay = (sum.vy / sum.k - vy) * (w.alignment * kAlignmentScale);
    const double sx = sum.px * (w.separation * kSeparationScale);
    const double sy = sum.py * (w.separation * kSeparationScale);
    ux = ((vx + cx) + ax) + sx;
    uy = ((vy + cy) + ay) + sy;
  }
  const double s = ux * ux + uy * uy;
  if (!(s > kMinSpeedSq.above && s < kMaxSpeedSq.below)) {
    const double sp = cr_hypot(ux, uy);
    if (sp == 0) {
      const double old_sp = cr_hypot(vx, vy);
      ux = (vx / old_sp) * kMinSpeed;
      uy = (vy / old_sp) * kMinSpeed;
    } else {
      const double f = std::min(std::max(sp, kMinSpeed), kMaxSpeed) / sp;
      ux = ux * f;
      uy = uy * f;
    }
  }
  v.out[slot] = {wrap_coordinate(v.x[i] + ux, kWidth), wrap_coordinate(v.y[i] + uy, kHeight), ux,
                 uy};
}

// Below this many pre-tests a step takes some microseconds, about what
// handing it to other threads costs, so it stays on the calling thread.
constexpr std::size_t kParallelPreTests = 16384;

namespace {

// The non-empty cells, most work first (birds times candidates), so that
// the last cells handed out are small; returns the total work.
std::size_t plan(const Cells& cells, std::vector<int>& work) {
  std::size_t cost[Cells::kCount] = {};
  std::size_t total = 0;
  work.clear();
  for (int c = 0; c < Cells::kCount; ++c) {
    const std::size_t m = cells.birds(c).size();
    if (m != 0) {
      const int* block = Cells::block(c);
      std::size_t candidates = 0;
      for (int b = 0; b < 9; ++b) {
        candidates += cells.birds(block[b]).size();
      }
      cost[c] = m * candidates;
      total += cost[c];
      work.push_back(c);
    }
  }
  std::sort(work.begin(), work.end(),
            [&cost](int a, int b) { return cost[a] != cost[b] ? cost[a] > cost[b] : a < b; });
  return total;
}

}  // namespace

void Flock::step(const Weights& w) {
  cells.bin(now);
  const std::size_t total = plan(cells, work);
  const StepView view{
      now.x.data(), now.y.data(), now.vx.data(), now.vy.data(), out.data(), &cells, w};
  std::atomic<std::size_t> handed_out{0};
  std::atomic<std::uint64_t> pre_tests{0}, exact{0}, pairs{0};
  auto job = [&](int thread) {
    Tally tally;
    Scratch& sc = scratch[static_cast<std::size_t>(thread)];
    for (std::size_t item; (item = handed_out.fetch_add(1)) < work.size();) {
      kernel(view, work[item], sc, tally);
    }
    pre_tests += tally.pre_tests;
    exact += tally.exact_distances;
    pairs += tally.neighbour_pairs;
  };
  pool->run(job, total >= kParallelPreTests);
  counters.pre_tests += pre_tests;
  counters.exact_distances += exact;
  counters.neighbour_pairs += pairs;
  ++counters.steps;
  // The new birds from cell order to index order.
  for (std::size_t slot = 0; slot < out.size(); ++slot) {
    const std::uint32_t i = cells.bird_at(slot);
    const Bird& b = out[slot];
    next.x[i] = b.x;
    next.y[i] = b.y;
    next.vx[i] = b.vx;
    next.vy[i] = b.vy;
    mirror[i] = b;
  }
  std::swap(now, next);
}

}  // namespace susurration::fast
