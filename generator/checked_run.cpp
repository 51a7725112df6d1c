// The reference's run, checked against a second engine (checked_run.hpp).
#include "checked_run.hpp"

#include <bit>
#include <cinttypes>
#include <cstdint>
#include <cstdio>

#include "susurration/fast_engine.hpp"
#include "susurration/step.hpp"

namespace susurration::generator {

namespace {

class FastEngineFlock final : public Flock {
 public:
  explicit FastEngineFlock(const State& s) : flock_(s, 1) {}
  void step(const Weights& w) override { flock_.step(w); }
  const State& state() const override { return flock_.state(); }
  Metrics metrics() const override { return flock_.metrics(); }

 private:
  FastFlock flock_;
};

bool same_bits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

}  // namespace

std::unique_ptr<Flock> fast_flock(const State& s) { return std::make_unique<FastEngineFlock>(s); }

CheckedRun::CheckedRun(std::string label, const State& start, const FlockMaker& second)
    : label_(std::move(label)), state_(start), second_(second ? second(start) : nullptr) {}
CheckedRun::CheckedRun(CheckedRun&&) noexcept = default;
CheckedRun& CheckedRun::operator=(CheckedRun&&) noexcept = default;
CheckedRun::~CheckedRun() = default;

void CheckedRun::disagree(const std::string& what, double reference, double second) const {
  char values[160];
  std::snprintf(values, sizeof values, "reference %.17g (0x%016" PRIx64 "), fast engine %.17g (0x%016" PRIx64 ")",
                reference, std::bit_cast<std::uint64_t>(reference), second, std::bit_cast<std::uint64_t>(second));
  throw EnginesDisagree(label_ + ": the engines differ at tick " + std::to_string(tick_) + ", " + what + ": " +
                        values);
}

Metrics CheckedRun::metrics() const {
  const Metrics mine = measure(state_);
  if (second_) {
    const Metrics theirs = second_->metrics();
    if (!same_bits(mine.polarization, theirs.polarization)) {
      disagree("metric polarization", mine.polarization, theirs.polarization);
    }
    if (mine.cluster_count != theirs.cluster_count) {
      disagree("metric cluster_count", mine.cluster_count, theirs.cluster_count);
    }
    const double none = -1;  // no mean distance (JSON null): never a distance
    const double a = mine.mean_neighbor_distance.value_or(none), b = theirs.mean_neighbor_distance.value_or(none);
    if (!same_bits(a, b)) {
      disagree("metric mean_neighbor_distance", a, b);
    }
  }
  return mine;
}

void CheckedRun::step(const Weights& w) {
  // Query::grid: the same bits as scan (DET-4), in far less time.
  state_ = susurration::step(state_, w, Query::grid);
  ++tick_;
  if (!second_) {
    return;
  }
  second_->step(w);
  const State& theirs = second_->state();
  if (theirs.size() != state_.size()) {
    disagree("bird count", static_cast<double>(state_.size()), static_cast<double>(theirs.size()));
  }
  static constexpr const char* kField[4] = {"x", "y", "vx", "vy"};
  for (std::size_t i = 0; i < state_.size(); ++i) {
    const double a[4] = {state_[i].x, state_[i].y, state_[i].vx, state_[i].vy};
    const double b[4] = {theirs[i].x, theirs[i].y, theirs[i].vx, theirs[i].vy};
    for (int f = 0; f < 4; ++f) {
      if (!same_bits(a[f], b[f])) {
        disagree("bird " + std::to_string(i) + " field " + kField[f], a[f], b[f]);
      }
    }
  }
}

}  // namespace susurration::generator
