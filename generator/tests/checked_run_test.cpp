// Tests the cross-check behind every published trajectory (checked_run.hpp):
// a second engine that differs by one bit stops generation, naming where.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <string>

#include "checked_run.hpp"
#include "susurration/init.hpp"
#include "susurration/step.hpp"

using namespace susurration;
using namespace susurration::generator;

namespace {

// The plain reference, except that after its third step bird 7's vy is one
// ulp higher: a fast engine with a last-bit slip.
class SlipsOnce final : public Flock {
 public:
  explicit SlipsOnce(const State& s) : s_(s) {}
  void step(const Weights& w) override {
    s_ = susurration::step(s_, w);
    if (++tick_ == 3) s_[7].vy = std::nextafter(s_[7].vy, std::numeric_limits<double>::infinity());
  }
  const State& state() const override { return s_; }
  Metrics metrics() const override { return measure(s_); }

 private:
  State s_;
  int tick_ = 0;
};

}  // namespace

TEST(CheckedRun, ASecondEngineOneUlpOffStopsGenerationNamingCaseTickBirdAndField) {
  CheckedRun run("trajectories: case trajectory-n10-seed-1", initialise(1, 10),
                 [](const State& s) { return std::make_unique<SlipsOnce>(s); });
  const Weights w{1, 1, 1};
  run.step(w);
  run.step(w);
  try {
    run.step(w);
    FAIL() << "a one-ulp difference passed";
  } catch (const EnginesDisagree& e) {
    const std::string line = e.what();
    EXPECT_NE(line.find("case trajectory-n10-seed-1"), std::string::npos) << line;
    EXPECT_NE(line.find("tick 3"), std::string::npos) << line;
    EXPECT_NE(line.find("bird 7 field vy"), std::string::npos) << line;
    EXPECT_EQ(line.find('\n'), std::string::npos) << line;
  }
}

TEST(CheckedRun, TheFastEngineAgreesAndTheRunIsTheScanReferences) {
  // The production pairing, metrics included: a disagreement would throw.
  // The run written is the reference's own, here made again with the scan query.
  CheckedRun run("a run", initialise(5, 120));
  State scan = initialise(5, 120);
  for (int t = 0; t < 30; ++t) {
    EXPECT_EQ(run.metrics(), measure(scan)) << "tick " << t;
    const Weights w = t < 15 ? Weights{1, 1, 1} : Weights{0.5, 2, 1.5};
    run.step(w);
    scan = step(scan, w, Query::scan);
  }
  EXPECT_EQ(run.state(), scan);
}
