// The per-tick metrics (spec/metrics.md).
// Conventions: i, j bird indices; d torus distance; n the number of birds.
// Every pair is visited in index order: the plain scan is the definition.
#include "susurration/metrics.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

#include "susurration/constants.hpp"
#include "susurration/exact_math.hpp"
#include "susurration/torus.hpp"

namespace susurration {

// METRIC-2: the length of the mean, not the mean of lengths: the sums are
// divided by n first, then hypot (AMB: hypot(Sx/n, Sy/n), not hypot(Sx,Sy)/n).
double polarization(const State& s) {
  double sx = 0;
  double sy = 0;
  for (const Bird& b : s) {
    const double speed = cr_hypot(b.vx, b.vy);
    sx += b.vx / speed;
    sy += b.vy / speed;
  }
  const double n = static_cast<double>(s.size());
  return cr_hypot(sx / n, sy / n);
}

namespace {

// Union-find with path halving; the component count does not depend on the
// order edges arrive in, so any union strategy gives the same integer.
class Components {
 public:
  explicit Components(std::size_t n) : parent_(n), count_(static_cast<int>(n)) {
    std::iota(parent_.begin(), parent_.end(), std::size_t{0});
  }
  void join(std::size_t a, std::size_t b) {
    a = root(a);
    b = root(b);
    if (a != b) {
      parent_[std::max(a, b)] = std::min(a, b);
      --count_;
    }
  }
  int count() const { return count_; }

 private:
  std::size_t root(std::size_t a) {
    while (parent_[a] != a) {
      parent_[a] = parent_[parent_[a]];
      a = parent_[a];
    }
    return a;
  }
  std::vector<std::size_t> parent_;
  int count_;
};

double distance(const State& s, std::size_t i, std::size_t j) {
  return torus_distance(torus_delta(s[i], s[j]));
}

}  // namespace

// METRIC-3: an edge needs a distance strictly below 90.
int cluster_count(const State& s) {
  Components c(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    for (std::size_t j = i + 1; j < s.size(); ++j) {
      if (distance(s, i, j) < kClusterEdge) {
        c.join(i, j);
      }
    }
  }
  return c.count();
}

// METRIC-4/5: nearest other bird; a nearest distance of 270 or more leaves
// the bird out; no bird left in gives null.
std::optional<double> mean_neighbor_distance(const State& s) {
  double sum = 0;
  double counted = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    bool any = false;
    double nearest = 0;
    for (std::size_t j = 0; j < s.size(); ++j) {
      if (j == i) {
        continue;
      }
      const double d = distance(s, i, j);
      if (!any || d < nearest) {
        nearest = d;
        any = true;
      }
    }
    if (any && nearest < kNearestLimit) {
      sum += nearest;
      counted += 1;
    }
  }
  if (counted == 0) {
    return std::nullopt;
  }
  return sum / counted;
}

Metrics measure(const State& s) {
  return {polarization(s), cluster_count(s), mean_neighbor_distance(s)};
}

}  // namespace susurration
