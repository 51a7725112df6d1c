// The synchronous step (spec/step.md).
// Conventions: i the bird being updated, j another bird; p position,
// v velocity (start of tick), u new velocity; dx, dy torus delta from i to j,
// d its length; k the neighbour count.
#include "susurration/step.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <optional>

#include "susurration/constants.hpp"
#include "susurration/exact_math.hpp"
#include "susurration/torus.hpp"

namespace susurration {
namespace {

// Running sums over one bird's neighbours, in index order (STATE-2).
struct Sums {
  double k = 0;
  double dx = 0, dy = 0;  // cohesion: sum of deltas
  double vx = 0, vy = 0;  // alignment: sum of neighbour velocities
  double px = 0, py = 0;  // separation: sum of -delta / d^2
};

void accumulate(const State& old, std::size_t i, std::size_t j, Sums& sum, Counters* counters) {
  const Delta delta = torus_delta(old[i], old[j]);
  const double d = torus_distance(delta);
  if (counters != nullptr) {
    ++counters->distance_tests;
  }
  if (!(d < kPerceptionRadius)) {  // STEP-2: exactly 90 is not a neighbour
    return;
  }
  if (counters != nullptr) {
    ++counters->neighbour_pairs;
  }
  sum.k += 1;
  sum.dx += delta.dx;
  sum.dy += delta.dy;
  sum.vx += old[j].vx;
  sum.vy += old[j].vy;
  // STEP-5: d == 0 has no direction; d == 28 is outside the strict radius.
  if (d < kSeparationRadius && d > 0) {
    const double d2 = d * d;
    sum.px += -delta.dx / d2;
    sum.py += -delta.dy / d2;
  }
}

// STEP-3..6: v plus cohesion, alignment and separation, added in that order.
Bird steer(const Bird& b, const Sums& sum, const Weights& w) {
  Bird u = b;
  if (sum.k == 0) {
    return u;  // STEP-6: no neighbours, no forces at all
  }
  const double cx = (sum.dx / sum.k) * (w.cohesion * kCohesionScale);
  const double cy = (sum.dy / sum.k) * (w.cohesion * kCohesionScale);
  const double ax = (sum.vx / sum.k - b.vx) * (w.alignment * kAlignmentScale);
  const double ay = (sum.vy / sum.k - b.vy) * (w.alignment * kAlignmentScale);
  const double sx = sum.px * (w.separation * kSeparationScale);
  const double sy = sum.py * (w.separation * kSeparationScale);
  u.vx = ((b.vx + cx) + ax) + sx;
  u.vy = ((b.vy + cy) + ay) + sy;
  return u;
}

// STEP-7: the clamp. A new speed below the smallest normal double, zero
// included, has no reliable direction of its own (it is what the forces
// left of a velocity they cancelled), and 1.6 / s would overflow, so the
// bird keeps the direction it started the tick with, whose speed INPUT-9
// and the clamp keep normal (AMB-31).
void clamp_speed(const Bird& b, Bird& u) {
  const double s = cr_hypot(u.vx, u.vy);
  if (s < std::numeric_limits<double>::min()) {
    const double old_s = cr_hypot(b.vx, b.vy);
    u.vx = (b.vx / old_s) * kMinSpeed;
    u.vy = (b.vy / old_s) * kMinSpeed;
    return;
  }
  const double f = std::min(std::max(s, kMinSpeed), kMaxSpeed) / s;
  u.vx = u.vx * f;
  u.vy = u.vy * f;
}

// STEP-8: move by the new velocity, then wrap once (FIELD-5).
void move(Bird& u) {
  u.x = wrap_coordinate(u.x + u.vx, kWidth);
  u.y = wrap_coordinate(u.y + u.vy, kHeight);
}

}  // namespace

State step(const State& old, const Weights& w, Query q, Counters* counters) {
  // STEP-1: `old` is read-only for the whole tick; results go to `next`.
  State next(old.size());
  std::vector<std::size_t> candidates;
  if (q == Query::scan) {
    candidates.resize(old.size());
    std::iota(candidates.begin(), candidates.end(), std::size_t{0});
  }
  std::optional<Grid> grid;
  if (q == Query::grid) {
    grid.emplace(old);
  }
  for (std::size_t i = 0; i < old.size(); ++i) {
    if (grid) {
      grid->candidates(i, candidates);
    }
    Sums sum;
    for (std::size_t j : candidates) {
      if (j != i) {
        accumulate(old, i, j, sum, counters);
      }
    }
    Bird u = steer(old[i], sum, w);
    clamp_speed(old[i], u);
    move(u);
    next[i] = u;
  }
  return next;
}

}  // namespace susurration
