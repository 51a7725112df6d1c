// The fast engine's interface, its state and its cell index
// (susurration/fast_engine.hpp, fast_engine_detail.hpp).
#include "susurration/fast_engine.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <thread>

#include "fast_engine_detail.hpp"
#include "susurration/constants.hpp"

namespace susurration {
namespace fast {

void Soa::resize(std::size_t n) {
  x.resize(n);
  y.resize(n);
  vx.resize(n);
  vy.resize(n);
}

void Soa::load(const State& s) {
  resize(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    x[i] = s[i].x;
    y[i] = s[i].y;
    vx[i] = s[i].vx;
    vy[i] = s[i].vy;
  }
}

// A counting sort by cell: counts, offsets, then the birds in increasing
// index order, so every cell's list comes out in index order.
void Cells::bin(const Soa& s) {
  const std::size_t n = s.x.size();
  cell_of_.resize(n);
  birds_.resize(n);
  start_.assign(kCount + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    cell_of_[i] = of(s.x[i], s.y[i]);
    ++start_[static_cast<std::size_t>(cell_of_[i]) + 1];
  }
  for (int c = 0; c < kCount; ++c) {
    start_[c + 1] += start_[c];
  }
  std::array<std::uint32_t, kCount> fill;
  std::copy(start_.begin(), start_.end() - 1, fill.begin());
  for (std::size_t i = 0; i < n; ++i) {
    const int c = cell_of_[i];
    birds_[fill[static_cast<std::size_t>(c)]++] = static_cast<std::uint32_t>(i);
  }
}

int Cells::of(double x, double y) {
  const bool placed = !std::isnan(x) && !std::isnan(y);
  return placed ? grid_row(y) * kColumns + grid_column(x) : 0;
}

int Cells::offset(int cell, int dc, int dr) {
  const int c = (cell % kColumns + dc % kColumns + kColumns) % kColumns;
  const int r = (cell / kColumns + dr % kRows + kRows) % kRows;
  return r * kColumns + c;
}

const int* Cells::block(int cell) {
  // 11 columns and 6 rows: the three columns and the three rows around a
  // cell are distinct, so the nine cells are too.
  static const auto kBlocks = [] {
    std::array<std::array<int, 9>, kCount> blocks{};
    for (int c = 0; c < kCount; ++c) {
      int b = 0;
      blocks[c][b++] = c;
      for (int dr = -1; dr <= 1; ++dr) {
        for (int dc = -1; dc <= 1; ++dc) {
          if (dr != 0 || dc != 0) {
            blocks[c][b++] = offset(c, dc, dr);
          }
        }
      }
    }
    return blocks;
  }();
  return kBlocks[static_cast<std::size_t>(cell)].data();
}

void Scratch::resize(std::size_t n) {
  seen.assign(n / 64 + 1, 0);
  close_seen.assign(n / 64 + 1, 0);
  // kMaxLanes per candidate at most, and room for one more whole vector.
  close.dx.resize(kMaxLanes * (n + 1));
  close.dy.resize(kMaxLanes * (n + 1));
  close.d.resize(kMaxLanes * (n + 1));
  close.tx.resize(kMaxLanes * (n + 1));
  close.ty.resize(kMaxLanes * (n + 1));
  lanes.resize(n);
  found.resize(n);
  close.lane.resize(kMaxLanes * (n + 1));
}

namespace {

// INPUT-9 without its limits on the number of birds: the grid needs
// positions on the field, and the clamp's zero-speed rule a nonzero
// starting speed.
void check_flock(const State& s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const Bird& b = s[i];
    const bool finite =
        std::isfinite(b.x) && std::isfinite(b.y) && std::isfinite(b.vx) && std::isfinite(b.vy);
    if (!finite || !(b.x >= 0 && b.x <= kWidth) || !(b.y >= 0 && b.y <= kHeight) ||
        (b.vx == 0 && b.vy == 0)) {
      throw std::invalid_argument("FastFlock: bird " + std::to_string(i) +
                                  " is not finite, off the field or not moving (INPUT-9)");
    }
  }
}

}  // namespace

Flock::Flock(const State& s, int threads, FastVectors v, FastQuery q)
    : mirror(s), vectors(v), query(q), kernel(kernel_for(v)) {
  check_flock(s);
  if (threads < 1) {
    throw std::invalid_argument("FastFlock: threads must be at least 1");
  }
  now.load(s);
  next.resize(s.size());
  // Slot k holds bird k until the first lists move them (Lists).
  lists.members.resize(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    lists.members[i] = static_cast<std::uint32_t>(i);
  }
  scratch.resize(static_cast<std::size_t>(threads));
  for (Scratch& sc : scratch) {
    sc.resize(s.size());
  }
  pool = std::make_unique<WorkerPool>(threads);
}

Flock::Flock(const Flock& other)
    : Flock(other.state(), other.pool->threads(), other.vectors, other.query) {
  counters = other.counters;
}

// The state in index order, from the slots, once per tick at most; the
// lock lets several threads ask at once (FastFlock::metrics's promise).
const State& Flock::state() const {
  std::lock_guard<std::mutex> hold(mirror_lock);
  if (mirror_stale) {
    for (std::size_t slot = 0; slot < now.x.size(); ++slot) {
      mirror[lists.members[slot]] = {now.x[slot], now.y[slot], now.vx[slot], now.vy[slot]};
    }
    mirror_stale = false;
  }
  return mirror;
}

}  // namespace fast

struct FastFlock::Impl : fast::Flock {
  using Flock::Flock;
};

FastFlock::FastFlock(const State& s, int threads, FastVectors vectors, FastQuery query)
    : impl_(std::make_unique<Impl>(s, threads, vectors, query)) {}

FastFlock::FastFlock(const FastFlock& other) : impl_(std::make_unique<Impl>(*other.impl_)) {}

FastFlock& FastFlock::operator=(const FastFlock& other) {
  if (this != &other) {
    impl_ = std::make_unique<Impl>(*other.impl_);
  }
  return *this;
}

FastFlock::FastFlock(FastFlock&& other) noexcept = default;
FastFlock& FastFlock::operator=(FastFlock&& other) noexcept = default;
FastFlock::~FastFlock() = default;

void FastFlock::step(const Weights& w) { impl_->step(w); }

const State& FastFlock::state() const { return impl_->state(); }

Metrics FastFlock::metrics() const { return impl_->metrics(); }

const FastCounters& FastFlock::counters() const { return impl_->counters; }

int FastFlock::threads() const { return impl_->pool->threads(); }

int FastFlock::default_threads() {
  const unsigned hardware = std::thread::hardware_concurrency();
  return static_cast<int>(std::clamp(hardware, 1u, 8u));
}

}  // namespace susurration
