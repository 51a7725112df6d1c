// The fast engine's metrics: measure() of metrics.cpp, bit for bit, with the
// cell index instead of every pair (METRIC-2..5).
// Conventions: see fast_engine_detail.hpp; q is a candidate's rounded
// squared distance s, kept under a name of its own beside the state `s`.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "fast_engine_detail.hpp"
#include "susurration/constants.hpp"
#include "susurration/exact_math.hpp"

namespace susurration::fast {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// METRIC-2 exactly as metrics.cpp: one pass in index order.
double polarization(const Soa& s) {
  double sx = 0;
  double sy = 0;
  for (std::size_t i = 0; i < s.x.size(); ++i) {
    const double speed = cr_hypot(s.vx[i], s.vy[i]);
    sx += s.vx[i] / speed;
    sy += s.vy[i] / speed;
  }
  const double n = static_cast<double>(s.x.size());
  return cr_hypot(sx / n, sy / n);
}

struct Delta {
  double dx, dy, q;
};

Delta delta(const Soa& s, std::uint32_t i, std::uint32_t j) {
  double dx = s.x[j] - s.x[i];
  double dy = s.y[j] - s.y[i];
  wrap_delta(dx, kWidth);
  wrap_delta(dy, kHeight);
  return {dx, dy, dx * dx + dy * dy};
}

// METRIC-3: a breadth-first search through the edges d < 90, decided by
// the pre-test or by cr_hypot in its band; each search from a bird not yet
// reached is one more component, and counting components does not depend
// on the order the edges are found in. An edge joins birds of the same or
// adjacent cells, and a cell whose birds are all reached is passed over,
// so in a bunched flock most candidates cost one look at a counter.
int cluster_count(const Soa& s, const Cells& cells) {
  const std::size_t n = s.x.size();
  std::vector<char> reached(n, 0);
  std::vector<std::uint32_t> queue;
  queue.reserve(n);
  std::size_t left[Cells::kCount];
  for (int c = 0; c < Cells::kCount; ++c) {
    left[c] = cells.birds(c).size();
  }
  auto reach = [&](std::uint32_t i) {
    reached[i] = 1;
    --left[cells.cell_of(i)];
    queue.push_back(i);
  };
  int components = 0;
  for (std::uint32_t first = 0; first < n; ++first) {
    if (reached[first] != 0) {
      continue;
    }
    ++components;
    queue.clear();
    reach(first);
    for (std::size_t next = 0; next < queue.size(); ++next) {
      const std::uint32_t i = queue[next];
      const int* block = Cells::block(cells.cell_of(i));
      for (int b = 0; b < 9; ++b) {
        if (left[block[b]] == 0) {
          continue;
        }
        for (std::uint32_t j : cells.birds(block[b])) {
          if (reached[j] != 0) {
            continue;
          }
          const Delta d = delta(s, i, j);
          if (d.q < kPerception.below ||
              (d.q <= kPerception.above && cr_hypot(d.dx, d.dy) < kClusterEdge)) {
            reach(j);
          }
        }
      }
    }
  }
  return components;
}

// The search stops after ring R >= 1 (the cells R columns or rows away)
// when the best q proves d < 90 R: a bird not yet searched is more than R
// columns (|dx| >= R * 1000/11, less 1e-12 for the rounding of
// grid_column) or R rows (|dy| >= R * 100) away, so it is farther than
// 90.9 R > 90 R. After ring 3 it stops anyway: every bird not yet searched
// is 272.7 or more away, past the limit of 270.
// By ring; ring 0 never stops the search.
constexpr Threshold kRingLimit[] = {threshold(0.0), threshold(90.0), threshold(180.0)};
constexpr int kLastRing = 3;

// A q within this window of the best q may belong to the nearest bird:
// with s = S (1 + t) + e, |t| < 2.1u, |e| <= 2^-1073 (see the pre-test),
// the exact nearest has q <= best (1 + 4.3u) + 2^-1071, and the window is
// wider even after its own two roundings.
double window(double best) { return best * (1 + 0x1p-49) + 0x1p-1060; }

// Whether no bird of `cell` can come inside the window of `best` as seen
// from (x, y). On each axis the gap from the bird to the cell's span, less
// 1e-6 for the rounding of the spans' ends and of grid_column and grid_row
// (about 1e-12), is at most |dx| (or |dy|) to every bird there, so their
// exact S is at least gx^2 + gy^2, and their q at least that less a few
// ulps and 2^-1073 (the pre-test's bound): more than the window when the
// rounded sum, less 2^-40 of it, is.
bool beyond(double x, double y, int cell, double best) {
  auto gap = [](double p, double lo, double hi, double size) {
    if (p >= lo && p <= hi) {
      return 0.0;
    }
    double to_lo = lo - p;
    double to_hi = hi - p;
    wrap_delta(to_lo, size);
    wrap_delta(to_hi, size);
    return std::max(0.0, std::min(std::abs(to_lo), std::abs(to_hi)) - 1e-6);
  };
  const int c = cell % Cells::kColumns;
  const int r = cell / Cells::kColumns;
  const double gx =
      gap(x, c * kWidth / Cells::kColumns, (c + 1) * kWidth / Cells::kColumns, kWidth);
  const double gy = gap(y, r * kHeight / Cells::kRows, (r + 1) * kHeight / Cells::kRows, kHeight);
  return (gx * gx + gy * gy) * (1 - 0x1p-40) > window(best);
}

// METRIC-4: nearest_i when it is below 270 (exactly as metrics.cpp finds
// it), otherwise some value of at least 270 (the bird is left out either
// way). min over j of RN(sqrt(S_j)) is RN(sqrt(min S_j)) since rounding is
// monotonic, so cr_hypot runs only for the q inside the window of the least
// q, which the nearest bird's is sure to be.
double nearest(const Soa& s, const Cells& cells, std::uint32_t i, std::vector<Delta>& near) {
  // metrics.cpp starts from the first other bird's distance, and a NaN
  // there (a bird at NaN, see Cells::bin) is never replaced.
  const std::uint32_t first = i == 0 ? 1 : 0;
  if (first < s.x.size() && (std::isnan(s.x[first]) || std::isnan(s.y[first]))) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  near.clear();
  double best = kInfinity;
  const int home = cells.cell_of(i);
  for (int ring = 0; ring <= kLastRing; ++ring) {
    for (int dr = -ring; dr <= ring; ++dr) {
      for (int dc = -ring; dc <= ring; ++dc) {
        if (std::max(std::abs(dc), std::abs(dr)) != ring) {
          continue;  // an inner ring; 6 rows make ring 3 see one row twice, which is harmless
        }
        const int cell = Cells::offset(home, dc, dr);
        if (ring > 0 && beyond(s.x[i], s.y[i], cell, best)) {
          continue;
        }
        for (std::uint32_t j : cells.birds(cell)) {
          if (j == i) {
            continue;
          }
          const Delta d = delta(s, i, j);
          if (d.q <= window(best)) {
            best = std::min(best, d.q);
            near.push_back(d);
          }
        }
      }
    }
    if (ring >= 1 && ring < kLastRing && best < kRingLimit[ring].below) {
      break;
    }
  }
  double d = kInfinity;
  for (const Delta& candidate : near) {
    if (candidate.q <= window(best)) {
      d = std::min(d, cr_hypot(candidate.dx, candidate.dy));
    }
  }
  return d;
}

// Fewer birds than this are searched on the calling thread (about the
// point where handing the search over costs what it saves).
constexpr std::size_t kParallelBirds = 200;

// METRIC-5: the nearest distances in any order on any thread, then the sum
// in index order.
std::optional<double> mean_neighbor_distance(const Soa& s, const Cells& cells, WorkerPool& pool) {
  const std::size_t n = s.x.size();
  std::vector<double> nearest_of(n);
  constexpr std::size_t kChunk = 32;  // birds handed out at a time
  std::atomic<std::size_t> handed_out{0};
  auto job = [&](int) {
    std::vector<Delta> near;
    for (std::size_t first; (first = handed_out.fetch_add(kChunk)) < n;) {
      for (std::size_t i = first; i < std::min(n, first + kChunk); ++i) {
        nearest_of[i] = nearest(s, cells, static_cast<std::uint32_t>(i), near);
      }
    }
  };
  pool.run(job, n >= kParallelBirds);
  double sum = 0;
  double counted = 0;
  for (double d : nearest_of) {
    if (d < kNearestLimit) {
      sum += d;
      counted += 1;
    }
  }
  if (counted == 0) {
    return std::nullopt;
  }
  return sum / counted;
}

}  // namespace

// The metrics read the birds in index order (METRIC-2 sums in that order).
Metrics Flock::metrics() const {
  Soa s;
  s.load(state());
  Cells grid;
  grid.bin(s);
  return {polarization(s), cluster_count(s, grid), mean_neighbor_distance(s, grid, *pool)};
}

}  // namespace susurration::fast
