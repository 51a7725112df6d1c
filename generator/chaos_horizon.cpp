// Measuring the chaos horizon (spec/tolerance.md TOL-5).
#include "chaos_horizon.hpp"

#include <cmath>
#include <limits>

#include "susurration/constants.hpp"
#include "susurration/fast_engine.hpp"
#include "susurration/init.hpp"
#include "susurration/step.hpp"
#include "susurration/tolerance.hpp"

namespace susurration::generator {

State perturbed(const State& s, int m) {
  State copy = s;
  Bird& b = copy[static_cast<std::size_t>(m) * s.size() / kStartCopies];
  double* fields[4] = {&b.x, &b.y, &b.vx, &b.vy};
  double& v = *fields[m % 4];
  const double inf = std::numeric_limits<double>::infinity();
  const double down = std::nextafter(v, -inf);
  v = (m % 2 == 0 || (m % 4 < 2 && down < 0)) ? std::nextafter(v, inf) : down;
  return copy;
}

State nudged(const State& s, int k, int t) {
  State copy = s;
  const double inf = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < copy.size(); ++i) {
    double& v = k == 0 ? copy[i].vx : copy[i].vy;
    v = std::nextafter(v, (i + static_cast<std::size_t>(t)) % 2 == 0 ? inf : -inf);
  }
  return copy;
}

std::vector<Metrics> metrics_run(const State& start, const RunSpec& run, int ticks) {
  std::vector<Metrics> out;
  out.reserve(static_cast<std::size_t>(ticks) + 1);
  // The fast engine, one thread each, because cases run side by side. The
  // ensemble's copies are never published, only the tick they depart at:
  // the reference runs the case itself (checked_run.hpp), with this engine
  // beside it bit for bit, and running eight copies with it too would make
  // `vectors` minutes slower (vectors/README.md, "Which engine writes the
  // trajectories").
  FastFlock flock(start, 1);
  for (int t = 0;; ++t) {
    out.push_back(flock.metrics());
    if (t == ticks) {
      return out;
    }
    flock.step(weights_at(run.weights, run.schedule, t));
  }
}

namespace {

// The first tick at which copy m leaves the tolerance, if it does by checked_to.
std::optional<int> departure(const RunSpec& run, const std::vector<Metrics>& base, int checked_to,
                             int m) {
  const State start = initialise(run.seed, run.birds);
  FastFlock flock(m < kStartCopies ? perturbed(start, m) : start, 1);
  for (int t = 0;; ++t) {
    if (compare_metrics(base[static_cast<std::size_t>(t)], flock.metrics()) == Agreement::mismatch) {
      return t;
    }
    if (t == checked_to) {
      return std::nullopt;
    }
    flock.step(weights_at(run.weights, run.schedule, t));
    if (m >= kStartCopies) {
      flock = FastFlock(nudged(flock.state(), m - kStartCopies, t + 1), 1);
    }
  }
}

}  // namespace

Horizon chaos_horizon(const RunSpec& run, const std::vector<Metrics>& base, int checked_to) {
  Horizon h{std::nullopt, checked_to, kEnsembleSize};
  for (int m = 0; m < kEnsembleSize; ++m) {
    // Only an earlier departure can lower the minimum: later copies stop
    // at the earliest one found so far.
    const std::optional<int> t = departure(run, base, h.first_tick.value_or(checked_to), m);
    if (t && (!h.first_tick || *t < *h.first_tick)) {
      h.first_tick = t;
    }
  }
  return h;
}

}  // namespace susurration::generator
