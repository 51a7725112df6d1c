// The fast engine's step: STEP-1..8 as step.cpp computes them, bit for bit.
// Conventions: see fast_engine_detail.hpp; k is the neighbour count and
// Sdx, Sdy, Svx, Svy, Px, Py the sums of STEP-2; W is the number of lanes.
//
// Where the time goes, and how each part stays exact:
//  - Candidates (fast_engine_lists.cpp). The birds are split into groups of
//    W that stand close together, and each group has a list of every bird
//    within 96 of one of its birds: a superset of each of its birds'
//    neighbours (DET-4). The lists are made again only when the birds have
//    drifted apart by more than the 6 to spare (fast_engine_lists.cpp
//    proves the bound); an aligned flock moves almost as one, so they last many ticks.
//  - Index order (STATE-2). Each list is made in increasing index order
//    once, when the lists are made: the candidates are marked in a bitmap
//    over the bird indices and read back in order, in time linear in the
//    candidates plus n/64 words. A sort per bird per tick would cost a log
//    factor on every bird; this costs nothing on the ticks between.
//  - Lanes (fast_engine_kernel.inc). The birds of a group stream their list
//    together, 8 or 4 at a time, one bird per vector lane. Each lane keeps
//    its own sums and adds candidate j only where j is its neighbour
//    (elsewhere its sum keeps every bit), so every lane adds exactly its
//    neighbours, in increasing index order: the reference's sums, operation
//    for operation. Lanes of different birds never mix.
//  - Distances. The pre-test (fast_engine_detail.hpp) decides d < 90 and
//    d > 28 from the squared distance; cr_hypot runs only for a neighbour
//    that may be closer than 28, whose separation term needs d itself, and
//    in the band around 90 where the pre-test abstains.
//  - Threads. Every bird reads only the start-of-tick arrays and writes only
//    its own result (STEP-1), so groups can be handed to threads in any
//    order: the world does not depend on the thread count, and the groups
//    and lists, which depend only on the states, do not either.
#include <algorithm>
#include <atomic>
#include <utility>
#include <bit>
#include <limits>

#include "fast_engine_detail.hpp"
#include "susurration/constants.hpp"
#include "susurration/exact_math.hpp"
#include "susurration/torus.hpp"

namespace susurration::fast {

// step.cpp's clamp_speed and move (STEP-7, STEP-8) for the bird in `slot`
// whose steered velocity is u; the lane kernel does the rest of the step
// for the birds whose speed the pre-test proves between the limits
// (finish_group in fast_engine_kernel.inc).
void settle(const StepView& v, std::size_t slot, double ux, double uy) {
  const double sp = cr_hypot(ux, uy);
  if (sp < std::numeric_limits<double>::min()) {  // zero or subnormal (AMB-31)
    const double old_sp = cr_hypot(v.vx[slot], v.vy[slot]);
    ux = (v.vx[slot] / old_sp) * kMinSpeed;
    uy = (v.vy[slot] / old_sp) * kMinSpeed;
  } else {
    const double f = std::min(std::max(sp, kMinSpeed), kMaxSpeed) / sp;
    ux = ux * f;
    uy = uy * f;
  }
  v.nx[slot] = wrap_coordinate(v.x[slot] + ux, kWidth);
  v.ny[slot] = wrap_coordinate(v.y[slot] + uy, kHeight);
  v.nvx[slot] = ux;
  v.nvy[slot] = uy;
}

// Below this much work (lanes times candidates) a step takes some
// microseconds, about what handing it to other threads costs, so it stays
// on the calling thread.
constexpr std::size_t kParallelWork = 16384;

// FastQuery::automatic. A fresh flock's first tick searches the cells:
// lists made then would serve that tick alone if no other followed (the
// protocol's `step` request steps a new flock once). From the second tick,
// lists; lists that died younger than kYoung ticks mean a flock whose birds
// still move apart (an unaligned one), where a set of lists costs more than
// it saves, so the cells' blocks are searched for kFirstCellRun ticks,
// twice as many after each young death in a row up to kLongestCellRun, and
// lists are tried again after each run. The choice changes the time a step
// takes, never its result. The numbers are a first choice, not tuned: at
// 400 birds they leave 4 of the first 100 ticks making lists
// (bench/discussion.md).
constexpr std::uint64_t kYoung = 4;
constexpr int kFirstCellRun = 8;
constexpr int kLongestCellRun = 128;

bool Flock::use_cells() {
  if (query != FastQuery::automatic) {
    return query == FastQuery::cells;
  }
  if (!lists.built) {
    return true;  // the first tick
  }
  if (cell_ticks_left > 0) {
    --cell_ticks_left;
    return true;
  }
  if (!lists.cells) {  // the lists have just stopped holding
    if (counters.steps - lists_made_at < kYoung) {
      cell_run = cell_run == 0 ? kFirstCellRun : std::min(2 * cell_run, kLongestCellRun);
      cell_ticks_left = cell_run - 1;
      return true;
    }
    cell_run = 0;
  }
  return false;
}

void Flock::step(const Weights& w) {
  if (!lists.built || !lists.held) {
    if (use_cells()) {
      build_cells(now, next, kernel, scratch, *pool, lists);
      ++counters.cell_steps;
    } else {
      build_lists(now, next, kernel, scratch, *pool, counters.pre_tests, lists);
      ++counters.list_builds;
      lists_made_at = counters.steps;
    }
  }
  const StepView view{now.x.data(),  now.y.data(),  now.vx.data(),  now.vy.data(), next.x.data(),
                      next.y.data(), next.vx.data(), next.vy.data(), &lists,        lists.drift.data(), w};
  Handout handout(lists.order.size(), pool->threads());
  auto job = [&](int thread) {
    Scratch& sc = scratch[static_cast<std::size_t>(thread)];
    for (Handout::Chunk c; (c = handout.take()).begin != c.end;) {
      for (std::size_t item = c.begin; item < c.end; ++item) {
        kernel.update(view, lists.order[item], sc, sc.tally);
      }
    }
  };
  pool->run(job, lists.work >= kParallelWork);
  for (Scratch& sc : scratch) {
    counters.pre_tests += std::exchange(sc.tally.pre_tests, 0);
    counters.exact_distances += std::exchange(sc.tally.exact_distances, 0);
    counters.neighbour_pairs += std::exchange(sc.tally.neighbour_pairs, 0);
  }
  ++counters.steps;
  std::swap(now, next);
  mirror_stale = true;  // no one reads it while the flock steps
  if (lists.cells) {
    return;  // made for this tick only
  }
  // Whether the lists hold for the new state, and the next guess of c: the
  // mean drift moved on by as much as it moved this tick.
  double x = 0, y = 0;
  bool within = true;
  for (const Drift& d : lists.drift) {
    x += d.x;
    y += d.y;
    within = within && d.within;
  }
  const double n = static_cast<double>(now.x.size());
  x /= n;
  y /= n;
  lists.held = within;
  lists.cx = x + (x - lists.mean_x);
  lists.cy = y + (y - lists.mean_y);
  lists.mean_x = x;
  lists.mean_y = y;
}

}  // namespace susurration::fast
