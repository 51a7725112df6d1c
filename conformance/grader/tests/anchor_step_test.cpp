// The clause of an anchor's wrong step, told from the one-step difference
// (reanchor.hpp, anchor_step_clause). Each engine state is built by hand
// from a known mistake: a term scaled, the -v of alignment dropped, the
// clamp's bounds swapped, a position left outside the field, a move by the
// wrong velocity, float32 storage, the update order.
#include <gtest/gtest.h>

#include <cmath>

#include "../judge/src/reanchor.hpp"

namespace susurration::grader {
namespace {

// Three birds with speeds well inside 1.6..4.2 and made-up terms; the
// reference's next state is v + c + a + s, moved.
struct Anchor {
  Json state = Json::array({{100.5, 200.25, 2.0, 0.5}, {130.125, 210.75, -1.5, 1.75}, {700.3, 300.9, 0.25, -2.5}});
  Json terms = Json::array({{0.03, -0.01, -0.02, 0.015, 0.004, 0.0}, {-0.025, 0.02, 0.01, -0.03, -0.004, 0.002},
                            {0.011, 0.017, 0.02, 0.005, 0.0, -0.003}});
  Json weights = Json::array({1.0, 1.0, 1.0});

  // Each bird's new velocity from its terms scaled (c, a, s) plus extra * v.
  Json next(double c, double a, double s, double extra_v = 0) const {
    Json out = Json::array();
    for (std::size_t i = 0; i < 3; ++i) {
      const Json& b = state.at(i);
      const Json& t = terms.at(i);
      const double vx = b.at(2).get<double>(), vy = b.at(3).get<double>();
      const double ux = vx + c * t.at(0).get<double>() + a * t.at(2).get<double>() + s * t.at(4).get<double>() + extra_v * vx;
      const double uy = vy + c * t.at(1).get<double>() + a * t.at(3).get<double>() + s * t.at(5).get<double>() + extra_v * vy;
      out.push_back({b.at(0).get<double>() + ux, b.at(1).get<double>() + uy, ux, uy});
    }
    return out;
  }
  Json anchor() const { return {{"tick", 0}, {"state", state}, {"next_state", next(1, 1, 1)}, {"terms", terms}}; }
};

std::string clause_of(const Anchor& a, const Json& engine) {
  std::string why;
  return anchor_step_clause(a.anchor(), a.weights, engine, why);
}

// A step loop that never runs (Stryker's `t < ticks` as `t >= ticks`)
// answers the state it was given: no rule of the step, no tick at all.
TEST(AnchorStep, TheAnchorsOwnStateBackIsNoTickTaken) {
  const Anchor a;
  EXPECT_EQ(clause_of(a, a.state), "SESSION-2");
}

TEST(AnchorStep, ACohesionConstantTenPerCentHighIsCohesion) {
  const Anchor a;
  EXPECT_EQ(clause_of(a, a.next(1.1, 1, 1)), "STEP-3");
}

TEST(AnchorStep, SeparationTwiceAsStrongIsSeparation) {
  const Anchor a;
  EXPECT_EQ(clause_of(a, a.next(1, 1, 2)), "STEP-5");
}

TEST(AnchorStep, AlignmentWithoutItsMinusVIsAlignment) {
  // (mean - v) * 0.05 written as mean * 0.05: the new velocity gains v * 0.05.
  const Anchor a;
  EXPECT_EQ(clause_of(a, a.next(1, 1, 1, 0.05)), "STEP-4");
}

TEST(AnchorStep, EveryBirdAtTheMinimumSpeedIsTheClamp) {
  const Anchor a;
  Json engine = a.next(1, 1, 1);
  for (std::size_t i = 0; i < 3; ++i) {
    Json& b = engine.at(i);
    const double ux = b.at(2).get<double>(), uy = b.at(3).get<double>(), sp = std::hypot(ux, uy);
    b.at(2) = ux / sp * 1.6;
    b.at(3) = uy / sp * 1.6;
    b.at(0) = a.state.at(i).at(0).get<double>() + b.at(2).get<double>();
    b.at(1) = a.state.at(i).at(1).get<double>() + b.at(3).get<double>();
  }
  EXPECT_EQ(clause_of(a, engine), "STEP-7");
}

TEST(AnchorStep, ANegativePositionIsTheWrap) {
  Anchor a;
  a.state.at(0).at(0) = 0.5;
  a.state.at(0).at(2) = -2.0;
  Json engine = a.next(1, 1, 1);  // not wrapped: x below 0
  ASSERT_LT(engine.at(0).at(0).get<double>(), 0);
  EXPECT_EQ(clause_of(a, engine), "FIELD-5");
}

TEST(AnchorStep, APositionNotMovedByItsOwnNewVelocityIsTheMove) {
  const Anchor a;
  Json engine = a.next(1, 1, 1);
  engine.at(1).at(0) = a.state.at(1).at(0).get<double>() + a.state.at(1).at(2).get<double>();  // moved by the old v
  EXPECT_EQ(clause_of(a, engine), "STEP-8");
}

TEST(AnchorStep, AStateHeldInFloat32IsTheState) {
  const Anchor a;
  Json engine = a.next(1, 1, 1);
  for (Json& b : engine) {
    for (Json& x : b) x = static_cast<double>(static_cast<float>(x.get<double>()));
  }
  EXPECT_EQ(clause_of(a, engine), "STATE-1");
}

TEST(AnchorStep, ADifferenceAlongNoOneTermIsTheStepAsAWhole) {
  // Each bird off in a direction of its own, as an in-place update leaves it.
  const Anchor a;
  Json engine = a.next(1, 1, 1);
  const double nudge[3][2] = {{0.0, 0.03}, {0.02, 0.02}, {-0.03, 0.01}};
  for (std::size_t i = 0; i < 3; ++i) {
    for (int f = 0; f < 2; ++f) {
      engine.at(i).at(2 + f) = engine.at(i).at(2 + f).get<double>() + nudge[i][f];
      engine.at(i).at(f) = a.state.at(i).at(f).get<double>() + engine.at(i).at(2 + f).get<double>();
    }
  }
  EXPECT_EQ(clause_of(a, engine), "STEP-1");
}

}  // namespace
}  // namespace susurration::grader
