// FastFlock for the reverse-sums variant: this variant's plain step() (the
// reference's, with each bird's neighbours summed in decreasing index
// order; the reference room edits its own step.cpp for it, as
// CMakeLists.txt asks) behind the fast engine's interface.
// `susurration engine` steps with FastFlock, and runs and verifies with
// FastSimulation (reference_engine/src/engine_methods.cpp); with this file in place of
// fast_engine/src/fast_engine*.cpp, whose sums run in increasing
// index order by design, every answer comes from the reversed step.
// Threads, vector units and queries are the fast engine's business and are
// ignored.
#include <memory>

#include "susurration/fast_engine.hpp"
#include "susurration/metrics.hpp"
#include "susurration/neighbours.hpp"
#include "susurration/step.hpp"

namespace susurration {

struct FastFlock::Impl {
  State state;
  FastCounters counters;
};

FastFlock::FastFlock(const State& s, int /*threads*/, FastVectors /*vectors*/, FastQuery /*query*/)
    : impl_(std::make_unique<Impl>(Impl{s, {}})) {}

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

void FastFlock::step(const Weights& w) {
  Counters counted;
  impl_->state = susurration::step(impl_->state, w, Query::grid, &counted);
  impl_->counters.pre_tests += counted.distance_tests;
  impl_->counters.neighbour_pairs += counted.neighbour_pairs;
  ++impl_->counters.steps;
}

const State& FastFlock::state() const { return impl_->state; }

Metrics FastFlock::metrics() const { return measure(impl_->state); }

const FastCounters& FastFlock::counters() const { return impl_->counters; }

int FastFlock::threads() const { return 1; }

int FastFlock::default_threads() { return 1; }

}  // namespace susurration
