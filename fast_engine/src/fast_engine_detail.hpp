// What the fast engine's source files share (fast_engine*.cpp): the exact
// pre-test, the cell index, and the state in structure-of-arrays form.
//
// Conventions: i the bird being updated or measured, j a candidate; dx, dy
// the torus delta from i to j (FIELD-3); S = dx^2 + dy^2 exactly, and
// s = RN(RN(dx*dx) + RN(dy*dy)) the squared distance as the code computes
// it; d = cr_hypot(dx, dy) = RN(sqrt(S)), the distance of FIELD-4; RN is
// rounding to nearest and u = 2^-53.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "fast_engine_pool.hpp"
#include "susurration/fast_engine.hpp"
#include "susurration/neighbours.hpp"
#include "susurration/state.hpp"

namespace susurration::fast {

// ---- The exact pre-test --------------------------------------------------
//
// Every distance the recipe uses is compared with a constant T (90, 28,
// the speeds 1.6 and 4.2, and 90 R in the nearest-bird search, all >= 1),
// and it needs d itself only for the separation term and the nearest bird.
// A Threshold decides d < T from s alone, except in a band of relative
// width 2^-40 around T^2, where the caller computes d.
//
// Proof. Each of the three roundings in s has relative error at most u
// (absolute 2^-1075 if a square is subnormal), so s = S (1 + t) + e with
// |t| <= 2u + u^2 < 2.1u and |e| <= 2^-1073; a fused dx*dx + RN(dy*dy)
// meets the same bound. The constants below are themselves rounded twice,
// so below <= T^2 (1 - 2^-40)(1 + u)^2 and above >= T^2 (1 + 2^-40)(1 - u)^2.
//  - If s < below: S <= (s + 2^-1073) / (1 - 2.1u) < T^2 (1 - 2^-41)
//    < (T (1 - u))^2 <= (T - ulp(T-)/2)^2 (ulp(T-) <= ulp(T) <= 2u T),
//    so sqrt(S) is below the midpoint under T and RN(sqrt(S)) < T.
//  - If s > above: S >= (s - 2^-1073) / (1 + 2.1u) > T^2 (1 + 2^-41)
//    > (T (1 + 2u))^2 >= (T + ulp(T)/2)^2, so RN(sqrt(S)) > T.
// The band holds about 2^-40 of a uniformly spread s: the pre-test all but
// never leaves a comparison open.
struct Threshold {
  double below;  // s < below proves d < T
  double above;  // s > above proves d > T
};

constexpr Threshold threshold(double t) { return {t * t * (1 - 0x1p-40), t * t * (1 + 0x1p-40)}; }

inline constexpr Threshold kPerception = threshold(90.0);  // STEP-2, METRIC-3
inline constexpr Threshold kSeparation = threshold(28.0);  // STEP-5
inline constexpr Threshold kMinSpeedSq = threshold(1.6);   // STEP-7
inline constexpr Threshold kMaxSpeedSq = threshold(4.2);   // STEP-7

// FIELD-3 applied to d = b - a, in place: torus_delta's recipe, inline
// because it runs for every candidate pair (torus.cpp's is out of line).
inline void wrap_delta(double& d, double size) {
  if (d > size / 2) {
    d -= size;
  } else if (d < -size / 2) {
    d += size;
  }
}

// ---- State as four arrays ---------------------------------------------------

struct Soa {
  std::vector<double> x, y, vx, vy;

  void resize(std::size_t n);
  void load(const State& s);
};

// ---- The cell index (the metrics') ---------------------------------------------
//
// The reference's cells (neighbours.hpp: 11 x 6 cells of 90.9 x 100, so every
// neighbour of a bird stands in the 3 x 3 block around its cell), binned by
// a counting sort that is stable: each cell's list is in increasing index
// order.
class Cells {
 public:
  static constexpr int kColumns = Grid::kColumns;
  static constexpr int kRows = Grid::kRows;
  static constexpr int kCount = kColumns * kRows;

  void bin(const Soa& s);

  int cell_of(std::size_t i) const { return cell_of_[i]; }
  std::span<const std::uint32_t> birds(int cell) const {
    return {birds_.data() + start_[cell], birds_.data() + start_[cell + 1]};
  }

  // The cell of a position (the reference's grid_row and grid_column). A
  // NaN position (which the step makes only from two birds closer than
  // about 1e-162, whose d * d underflows to 0 in STEP-5) has no cell. It
  // goes to cell 0, where its NaN deltas make it no bird's neighbour and no
  // bird its neighbour, as in the reference.
  static int of(double x, double y);
  // The cell dc columns and dr rows away from `cell`, across the seams.
  static int offset(int cell, int dc, int dr);
  // The 3 x 3 block around `cell`: nine distinct cells, `cell` first.
  static const int* block(int cell);

 private:
  std::vector<int> cell_of_;
  std::vector<std::uint32_t> start_;
  std::vector<std::uint32_t> birds_;
};

// ---- Neighbour lists (fast_engine_lists.cpp) ------------------------------------
//
// The birds are split into groups of up to W lanes that stand close
// together, and each group keeps a list of candidates: every bird within
// kListRadius of one of its birds when the lists were built, in increasing
// index order. A list stays a superset of its group's neighbours for as
// long as the birds have moved little against one another (the proof is
// at the top of fast_engine_lists.cpp), which in a bunched, aligned flock
// is many ticks; the step then reads the lists instead of searching a grid
// and merging cells every tick.

// 90 plus a skin of 6: how far a candidate may stand when the list is made;
// and 28 plus the same skin for the candidates that may come closer than 28
// (the separation's, STEP-5) before the lists are made again. A wider skin
// keeps the lists longer but makes them longer; at 400 bunched birds a
// skin of 5 or 6 took the least time a tick, 4 and 8 about 3% more, 10
// about 7% more (bench/discussion.md).
inline constexpr double kListRadius = 96.0;
inline constexpr Threshold kListed = threshold(kListRadius);
inline constexpr double kCloseRadius = 34.0;
inline constexpr Threshold kCloseListed = threshold(kCloseRadius);
// The largest drift of a bird, against a drift c common to all, that keeps
// every list whole: the skin / 2 less a margin (fast_engine_lists.cpp).
inline constexpr double kMaxDrift = 2.99;

// One group's birds at the end of a step: the sum of their drifts, and
// whether each is within kMaxDrift of the step's c (Lists::held).
struct Drift {
  double x = 0, y = 0;
  bool within = false;
};

// The engine keeps its state in group order: the bird in slot k is
// members[k], and group g holds slots first[g] .. first[g + 1], so a
// group's birds are contiguous and the step writes each group's results
// to one stretch of memory. Only a new set of lists moves birds to new
// slots; the state in index order is made when asked for (Flock::state).
//
// The same structure serves the cells' blocks (fast_engine_cells.cpp), made
// afresh every tick: then a group is up to W birds of one cell, all the
// groups of a cell read one list (its 3 x 3 block), and `close` is not
// made, since the step's first pass finds those candidates itself.
struct Lists {
  std::vector<std::uint32_t> members;  // the bird in each slot
  std::vector<std::uint32_t> first;    // group g: slots first[g] .. first[g + 1]
  std::vector<std::uint32_t> list_of;  // group g reads list list_of[g] (g itself, for lists)
  std::vector<std::vector<std::uint32_t>> candidates;  // list l's slots, in increasing bird index
  std::vector<std::vector<double>> ids;                // and their birds' indices, as doubles
  std::vector<std::vector<std::uint32_t>> close;  // positions in list l within kCloseRadius
  // Where the group's own birds stand in its list, as place * kMaxLanes +
  // lane, in increasing place (a bird at NaN is not in its own list).
  std::vector<std::vector<std::uint32_t>> own;
  std::vector<std::uint32_t> order;                    // the groups, most work first
  std::vector<double> x0, y0;  // where each slot's bird stood when the lists were made
  std::size_t work = 0;        // lanes times candidates, over all groups
  bool built = false;
  bool cells = false;          // made from the cells' blocks, for one tick only
  // Working memory of build_lists, kept so that a build allocates nothing
  // once the lists have grown to their size.
  std::vector<std::uint32_t> start, fill, search_start, search_slots, slot_of, moved;
  std::vector<std::uint32_t> cell_group;  // a cell's first group, for the cells' blocks

  // Whether the lists hold for the state the last step made, as that step
  // found: every bird's drift e since they were made within kMaxDrift of
  // c = (cx, cy), which each step predicts from the flock's mean drift on
  // the two ticks before (any c will do; a good guess keeps the lists).
  bool held = false;
  double cx = 0, cy = 0;            // c, for the step about to run
  double mean_x = 0, mean_y = 0;    // the mean drift at the step's start
  std::vector<Drift> drift;         // per group, as the step leaves it
};

// ---- The engine ----------------------------------------------------------------

// The lanes' candidates that may stand closer than 28, with their deltas
// and distances, in candidate order.
struct CloseList {
  std::vector<double> dx, dy, d;
  std::vector<double> tx, ty;  // their terms of STEP-5
  std::vector<std::uint32_t> lane;
};

// Lanes of the step's widest vectors: birds of one group updated together.
inline constexpr std::size_t kMaxLanes = 8;

// Work counted by one thread during one step (FastCounters).
struct Tally {
  std::uint64_t pre_tests = 0;
  std::uint64_t exact_distances = 0;
  std::uint64_t neighbour_pairs = 0;
};

// One thread's working memory for a step, sized once for n birds.
struct Scratch {
  std::vector<std::uint64_t> seen;        // a bit per bird, all clear between uses
  std::vector<std::uint64_t> close_seen;  // the same, for kCloseRadius
  CloseList close;                     // kMaxLanes entries per candidate at most
  std::vector<std::uint8_t> lanes;     // per candidate of pass B, its listed lanes as bits
  std::vector<std::uint32_t> found;    // pass A's candidates that may be closer than 28 (cells)
  std::vector<std::uint32_t> near;     // a group's search cells' birds, when lists are made
  Tally tally;                         // this thread's work since the step began

  void resize(std::size_t n);
};

// ---- The step's parts (fast_engine_step.cpp, fast_engine_kernel.cpp) ---------

// What a step reads and writes, by slot (see Lists).
struct StepView {
  const double *x, *y, *vx, *vy;  // start of tick
  double *nx, *ny, *nvx, *nvy;    // end of tick
  const Lists* lists;
  Drift* drift;  // by group
  Weights w;
};

// STEP-7 and STEP-8 for the bird in `slot`, whose steered velocity (STEP-6)
// is u: the clamp with cr_hypot, and the move.
void settle(const StepView& v, std::size_t slot, double ux, double uy);

// The kernel for one instruction set (fast_engine_kernel.cpp).
struct Kernel {
  std::size_t lanes;  // W: birds to a group
  // Updates every bird of group g.
  void (*update)(const StepView& v, std::size_t g, Scratch& sc, Tally& tally);
  // Marks in sc.seen the bird (members[slot]) of every slot of
  // `candidates` within kListRadius (by the pre-test's upper bound) of a
  // bird of group g, and in sc.close_seen those within kCloseRadius.
  void (*collect)(const Soa& s, const Lists& lists, std::size_t g,
                  std::span<const std::uint32_t> candidates, Scratch& sc, Tally& tally);
};

// The kernel compiled for AVX-512 (8 lanes) or AVX2 (4 lanes), the widest
// this CPU has, or for the baseline instruction set (4 lanes).
Kernel kernel_for(FastVectors vectors);

// Makes the groups and their lists for state `s` on the pool's threads
// (one scratch each), and moves the birds of `s` to their new slots, using
// `spare`; adds its distance tests to pre_tests (fast_engine_lists.cpp).
void build_lists(Soa& s, Soa& spare, const Kernel& kernel, std::vector<Scratch>& scratch,
                 WorkerPool& pool, std::uint64_t& pre_tests, Lists& lists);

// Makes the groups and lists of the cells' blocks for state `s`, for one
// tick (fast_engine_cells.cpp); no distance test.
void build_cells(Soa& s, Soa& spare, const Kernel& kernel, std::vector<Scratch>& scratch,
                 WorkerPool& pool, Lists& lists);

// What both ways of making lists share (fast_engine_lists.cpp): a stable
// counting sort of the slots of `s` into `cells` bins by cell_of(x, y),
// `moved` the old slot of each new slot and `start` the bins' offsets; then
// the state, members and slot_of moved to the new slots, using `spare`.
template <class CellOf>
void counting_sort(const Soa& s, int cells, CellOf cell_of, std::vector<std::uint32_t>& start,
                   std::vector<std::uint32_t>& fill, std::vector<std::uint32_t>& moved) {
  const std::size_t n = s.x.size();
  start.assign(static_cast<std::size_t>(cells) + 1, 0);
  moved.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    ++start[static_cast<std::size_t>(cell_of(s.x[i], s.y[i])) + 1];
  }
  for (int c = 0; c < cells; ++c) {
    start[c + 1] += start[c];
  }
  fill.assign(start.begin(), start.end() - 1);
  for (std::size_t i = 0; i < n; ++i) {
    moved[fill[static_cast<std::size_t>(cell_of(s.x[i], s.y[i]))]++] = static_cast<std::uint32_t>(i);
  }
}
void move_slots(Soa& s, Soa& spare, Lists& lists);
// Lists::work and Lists::order for the groups and lists made.
void order_groups(Lists& lists);

// FastFlock's state. step() is in fast_engine_step.cpp and allocates
// nothing once the lists have grown to their size; metrics() is in
// fast_engine_metrics.cpp.
struct Flock {
  Flock(const State& s, int threads, FastVectors vectors, FastQuery query);
  Flock(const Flock& other);

  void step(const Weights& w);
  Metrics metrics() const;
  const State& state() const;

  Soa now, next;  // start and end of the tick, by slot
  Lists lists;    // made again whenever they stop holding
  // `now` in index order, made by state() when it is stale.
  mutable State mirror;
  mutable bool mirror_stale = false;
  mutable std::mutex mirror_lock;
  FastVectors vectors;
  FastQuery query;
  // FastQuery::automatic's choice (fast_engine_step.cpp): the step at which
  // the lists were last made, how many more ticks to search the cells'
  // blocks, and how many the next time lists die young.
  std::uint64_t lists_made_at = 0;
  int cell_ticks_left = 0;
  int cell_run = 0;
  bool use_cells();
  Kernel kernel;
  std::vector<Scratch> scratch;  // one per thread
  std::unique_ptr<WorkerPool> pool;
  FastCounters counters;
};

}  // namespace susurration::fast
