// The fast engine's neighbour lists (fast_engine_detail.hpp, Lists): which
// birds share a group, each group's candidates, and when they must be made
// again. Conventions: see fast_engine_detail.hpp; e_i is bird i's drift
// since the lists were made, c the flock's mean drift.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <utility>

#include "fast_engine_detail.hpp"
#include "susurration/constants.hpp"

namespace susurration::fast {

// Why a list made at tick t0 still holds a superset of its group's
// neighbours at a later tick, while every |e_i - c| <= kMaxDrift, where
// e_i is bird i's drift since t0 and c any vector (Lists::held; the
// kernel's finish_group measures it):
//  - A bird j left out of the lists of bird i's group had s > kListed.above
//    at t0, so by the pre-test's proof the exact square of its rounded delta
//    was above 96^2, and its true torus distance from i (the rounded delta
//    is within 2e-13 of it) was above 96 - 2e-13.
//  - Now bird i stands at its old place moved by e_i, on the torus; the
//    torus distance obeys the triangle inequality, so today's true distance
//    is at least the old one less |e_i - e_j| <= |e_i - c| + |e_j - c|. The
//    computed e_i are within 3e-13 of the true drifts (a rounded
//    difference, then an exact wrap), so the distance is at least
//    96 - 2e-13 - 2 (2.99 + 1e-12) > 90.01.
//  - The step's delta is within 2e-13 of that distance, so its d is above
//    90: j is not i's neighbour, as the reference would find.
//  - Alike for the close positions: a candidate left out of them stood
//    farther than 34 and is now farther than 28.01, so d > 28 and STEP-5
//    has no term for it.
// The drift is wrapped as FIELD-3 wraps a delta; a flock that has moved
// half the field since, or a bird at NaN, only makes the lists again
// (a NaN fails every comparison).

namespace {

// Groups: the birds in the order of small cells (about 30 x 30) taken row
// by row, each row the other way from the last, so that W birds in a row
// of that order stand close together and their lists overlap.
constexpr int kGroupColumns = 34;
constexpr int kGroupRows = 20;

int group_cell(double x, double y) {
  if (std::isnan(x) || std::isnan(y)) {
    return 0;  // a bird at NaN is no bird's candidate; any group will do
  }
  const int c = std::min(static_cast<int>(x * (kGroupColumns / kWidth)), kGroupColumns - 1);
  const int r = std::min(static_cast<int>(y * (kGroupRows / kHeight)), kGroupRows - 1);
  return r * kGroupColumns + (r % 2 == 0 ? c : kGroupColumns - 1 - c);
}

// Where candidates are searched for: cells of about 32 x 33. A group
// searches the cells under its birds' box widened by kListRadius and 1 to
// spare for the rounding of a cell's edges; every bird within kListRadius
// of one of the group's birds stands there. A coordinate equal to the
// field's size is binned with 0, where the torus puts it.
constexpr int kSearchColumns = 31;
constexpr int kSearchRows = 18;
constexpr int kSearchCells = kSearchColumns * kSearchRows;
constexpr double kSearchReach = kListRadius + 1;

int search_index(double p, double size, int count) {
  const int k = static_cast<int>(p * (count / size));
  return k >= count ? k - count : k;  // p <= size (FIELD-2)
}

int search_cell(double x, double y) {
  if (std::isnan(x) || std::isnan(y)) {
    return 0;
  }
  return search_index(y, kHeight, kSearchRows) * kSearchColumns +
         search_index(x, kWidth, kSearchColumns);
}

// The search cells' indices from p + lo - reach to p + hi + reach on an
// axis of `count` cells across `size`, each once: [first, first + span).
struct Span {
  int first, span;
};

Span search_span(double p, double lo, double hi, double size, int count) {
  const double per = count / size;
  if (!(std::isfinite(p) && std::isfinite(lo) && std::isfinite(hi))) {
    return {0, count};  // a bird at NaN: search everywhere (none will be listed)
  }
  const int a = static_cast<int>(std::floor((p + lo - kSearchReach) * per));
  const int b = static_cast<int>(std::floor((p + hi + kSearchReach) * per));
  return {((a % count) + count) % count, std::min(b - a + 1, count)};
}

// Group g's list: the birds of the search cells under its box, those
// within kListRadius of one of its birds kept, in increasing index order;
// and the positions in it of those within kCloseRadius.
void list_group(const Soa& s, const Kernel& kernel, const std::vector<std::uint32_t>& search_start,
                const std::vector<std::uint32_t>& search_slots, std::size_t g, Scratch& sc,
                Tally& tally, Lists& lists) {
  // The box of the group's birds, as deltas from its first (FIELD-3).
  const std::size_t first = lists.first[g];
  double lo_x = 0, hi_x = 0, lo_y = 0, hi_y = 0;
  for (std::size_t slot = first + 1; slot < lists.first[g + 1]; ++slot) {
    double dx = s.x[slot] - s.x[first];
    double dy = s.y[slot] - s.y[first];
    wrap_delta(dx, kWidth);
    wrap_delta(dy, kHeight);
    lo_x = std::min(lo_x, dx);
    hi_x = std::max(hi_x, dx);
    lo_y = std::min(lo_y, dy);
    hi_y = std::max(hi_y, dy);
    if (std::isnan(dx) || std::isnan(dy)) {
      lo_x = lo_y = std::numeric_limits<double>::quiet_NaN();
    }
  }
  const Span columns = search_span(s.x[first], lo_x, hi_x, kWidth, kSearchColumns);
  const Span rows = search_span(s.y[first], lo_y, hi_y, kHeight, kSearchRows);
  std::vector<std::uint32_t>& near = sc.near;
  near.clear();
  for (int r = 0; r < rows.span; ++r) {
    const int row = (rows.first + r) % kSearchRows;
    for (int c = 0; c < columns.span; ++c) {
      const int cell = row * kSearchColumns + (columns.first + c) % kSearchColumns;
      near.insert(near.end(), search_slots.begin() + search_start[cell],
                  search_slots.begin() + search_start[cell + 1]);
    }
  }
  kernel.collect(s, lists, g, near, sc, tally);
  // The marked birds back in increasing index order, the bitmaps cleared.
  std::size_t listed = 0, close_listed = 0;
  for (std::size_t word = 0; word < sc.seen.size(); ++word) {
    listed += static_cast<std::size_t>(std::popcount(sc.seen[word]));
    close_listed += static_cast<std::size_t>(std::popcount(sc.close_seen[word]));
  }
  std::vector<std::uint32_t>& list = lists.candidates[g];
  std::vector<double>& ids = lists.ids[g];
  std::vector<std::uint32_t>& close = lists.close[g];
  std::vector<std::uint32_t>& own = lists.own[g];
  own.clear();
  list.resize(listed);
  ids.resize(listed);
  close.resize(close_listed + 1);  // room for the write past the last (below)
  std::size_t at = 0, close_at = 0;
  for (std::size_t word = 0; word < sc.seen.size(); ++word) {
    const std::uint64_t near_bits = sc.close_seen[word];
    for (std::uint64_t bits = sc.seen[word]; bits != 0; bits &= bits - 1) {
      const int bit = std::countr_zero(bits);
      const std::size_t j = word * 64 + static_cast<std::size_t>(bit);
      close[close_at] = static_cast<std::uint32_t>(at);  // kept if j is close
      close_at += (near_bits >> bit) & 1;
      list[at] = lists.slot_of[j];
      ids[at] = static_cast<double>(j);  // exact: n < 2^53
      if (list[at] >= lists.first[g] && list[at] < lists.first[g + 1]) {
        own.push_back(static_cast<std::uint32_t>(at * kMaxLanes + (list[at] - lists.first[g])));
      }
      ++at;
    }
    sc.seen[word] = 0;
    sc.close_seen[word] = 0;
  }
  close.pop_back();
}

// Below this many birds a build stays on the calling thread.
constexpr std::size_t kParallelBirds = 64;

}  // namespace

void move_slots(Soa& s, Soa& spare, Lists& lists) {
  const std::size_t n = s.x.size();
  lists.slot_of = lists.members;  // the old slots' birds, for a moment
  spare.resize(n);
  for (std::size_t k = 0; k < n; ++k) {
    const std::uint32_t old = lists.moved[k];
    lists.members[k] = lists.slot_of[old];
    spare.x[k] = s.x[old];
    spare.y[k] = s.y[old];
    spare.vx[k] = s.vx[old];
    spare.vy[k] = s.vy[old];
  }
  std::swap(s, spare);
  for (std::size_t k = 0; k < n; ++k) {
    lists.slot_of[lists.members[k]] = static_cast<std::uint32_t>(k);
  }
}

void order_groups(Lists& lists) {
  // A group's work: lanes times candidates.
  auto work = [&lists](std::size_t g) {
    return (lists.first[g + 1] - lists.first[g]) * lists.candidates[lists.list_of[g]].size();
  };
  const std::size_t groups = lists.first.size() - 1;
  lists.work = 0;
  lists.order.resize(groups);
  for (std::size_t g = 0; g < groups; ++g) {
    lists.work += work(g);
    lists.order[g] = static_cast<std::uint32_t>(g);
  }
  std::sort(lists.order.begin(), lists.order.end(), [&work](std::uint32_t a, std::uint32_t b) {
    return work(a) != work(b) ? work(a) > work(b) : a < b;
  });
}

void build_lists(Soa& s, Soa& spare, const Kernel& kernel, std::vector<Scratch>& scratch,
                 WorkerPool& pool, std::uint64_t& pre_tests, Lists& lists) {
  const std::size_t n = s.x.size();
  // The new slots: the old ones in the order of the small cells.
  counting_sort(s, kGroupColumns * kGroupRows, group_cell, lists.start, lists.fill, lists.moved);
  move_slots(s, spare, lists);
  // Groups: W birds in a row of that order. (Ending a group early where
  // the next bird stands far away shortens the lists of sparse flocks, but
  // the lanes it leaves empty cost the bunched ones more: measured slower
  // at 400 birds.)
  const std::size_t groups = (n + kernel.lanes - 1) / kernel.lanes;
  lists.first.resize(groups + 1);
  lists.list_of.resize(groups);
  for (std::size_t g = 0; g <= groups; ++g) {
    lists.first[g] = static_cast<std::uint32_t>(std::min(g * kernel.lanes, n));
    if (g < groups) {
      lists.list_of[g] = static_cast<std::uint32_t>(g);
    }
  }

  const std::vector<std::uint32_t>& search_start = lists.search_start;
  const std::vector<std::uint32_t>& search_slots = lists.search_slots;
  counting_sort(s, kSearchCells, search_cell, lists.search_start, lists.fill, lists.search_slots);

  lists.candidates.resize(groups);
  lists.ids.resize(groups);
  lists.close.resize(groups);
  lists.own.resize(groups);
  // Each group's list on its own, so the groups are shared out among the
  // threads as the step shares them.
  Handout handout(groups, pool.threads());
  auto job = [&](int thread) {
    Scratch& sc = scratch[static_cast<std::size_t>(thread)];
    for (Handout::Chunk c; (c = handout.take()).begin != c.end;) {
      for (std::size_t g = c.begin; g < c.end; ++g) {
        list_group(s, kernel, search_start, search_slots, g, sc, sc.tally, lists);
      }
    }
  };
  pool.run(job, n >= kParallelBirds);
  for (Scratch& sc : scratch) {
    pre_tests += std::exchange(sc.tally.pre_tests, 0);
  }
  order_groups(lists);
  lists.x0 = s.x;
  lists.y0 = s.y;
  lists.drift.resize(groups);
  // No drift yet; the birds will next have drifted by about their
  // velocities, so c is first guessed as their mean.
  double vx = 0, vy = 0;
  for (std::size_t k = 0; k < n; ++k) {
    vx += s.vx[k];
    vy += s.vy[k];
  }
  lists.mean_x = lists.mean_y = 0;
  lists.cx = n == 0 ? 0 : vx / static_cast<double>(n);
  lists.cy = n == 0 ? 0 : vy / static_cast<double>(n);
  lists.built = true;
  lists.cells = false;
}

}  // namespace susurration::fast
