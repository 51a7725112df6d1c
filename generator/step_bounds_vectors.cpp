// step.json's cases at INPUT-9's velocity bounds: components up to 1e150
// in size, and a larger component down to 1e-150. Every other step case
// moves at flock speeds, so an engine that guards its clamp with an epsilon
// ("a speed below 1e-12 is no speed"), keeps velocities in float32, or
// squares a speed where it should not, would go unseen.
//
// Each case is checked here before it is published: the state passes
// INPUT-9 (check_constructed), and the answer differs visibly from what the
// guarded or float32 engine it hunts would give (its claim). They are
// compared with the step class: the clamp's quotient is a hypot's, so the
// last bits are every correct engine's own.
#include <cmath>
#include <functional>
#include <stdexcept>

#include "constructed_states.hpp"
#include "files.hpp"
#include "susurration/constants.hpp"
#include "susurration/step.hpp"

namespace susurration::generator {
namespace {

Case bounds_case(const std::string& name, const std::string& comment, std::vector<std::string> clauses,
                 std::vector<std::string> flags, const State& s, const std::string& says,
                 const std::function<bool(const State& after)>& holds) {
  const std::string id = "step-" + name;
  check_constructed(id, s, {}, {kPerceptionRadius, kSeparationRadius});
  const State after = step(s, Weights{});
  if (!holds(after)) throw std::logic_error(id + ": the case does not show that " + says);
  return {id, comment, std::move(clauses), std::move(flags), compare_step(), {{"state", state_json(s)}},
          {{"state", state_json(after)}}};
}

double speed(const Bird& b) { return std::hypot(b.vx, b.vy); }

}  // namespace

Group step_bounds_group() {
  Group g{"Velocities at INPUT-9's bounds, with the default weights.", {{"weights", {1.0, 1.0, 1.0}}}, {}};
  // A lone bird as fast as INPUT-9 allows: cut to 4.2 along its own
  // direction. In float32 the components are infinite.
  g.cases.push_back(bounds_case(
      "speed-of-1e150-is-cut-to-the-maximum", "A lone bird with components of 1e150 and -7e149, the largest "
      "INPUT-9 allows: STEP-7 cuts it to 4.2 along its own direction.",
      {"STEP-7", "STEP-6", "INPUT-9"}, {"VelocityBound"}, {{500.0, 300.0, 1e150, -7e149}},
      "the bird leaves at 4.2 along (1, -0.7)", [](const State& a) {
        return std::fabs(speed(a[0]) - kMaxSpeed) < kVisible && std::fabs(a[0].vy / a[0].vx + 0.7) < kVisible;
      }));
  // Two birds in one place (no separation: d is 0), both barely moving, in
  // different directions. Alignment turns bird 0 to a new velocity of about
  // 2.4e-150, a normal speed, far above 2^-1022: STEP-7 raises it to 1.6
  // along the new direction. An engine that treats a speed below some
  // epsilon as no speed keeps the start-of-tick direction (1, 0) instead.
  g.cases.push_back(bounds_case(
      "speed-of-1e-150-turned-by-alignment-is-raised-along-its-new-direction",
      "Two birds in one place, both moving at about 1e-150: bird 0's new velocity, turned by alignment, is "
      "raised to 1.6 along its new direction; only a speed below 2^-1022 keeps the old one (STEP-7).",
      {"STEP-7", "STEP-4", "INPUT-9"}, {"VelocityBound"},
      {{500.0, 300.0, 3e-150, 0.0}, {500.0, 300.0, -1e-149, 5e-150}},
      "bird 0 leaves at 1.6 in a direction visibly off (1, 0)", [](const State& a) {
        return std::fabs(speed(a[0]) - kMinSpeed) < kVisible && std::fabs(a[0].vy) > 0.1;
      }));
  // The closed ends themselves: a component of exactly 1e150 on y (a
  // check written for x alone, or with < for <=, refuses it) and a speed of
  // exactly 1e-150 on x alone.
  g.cases.push_back(bounds_case(
      "component-of-exactly-1e150-on-y-is-legal-and-cut-to-the-maximum",
      "A lone bird with vy exactly 1e150, the closed end of INPUT-9's range: cut to 4.2 along +y.",
      {"STEP-7", "STEP-6", "INPUT-9"}, {"VelocityBound"}, {{500.0, 300.0, -3.0, 1e150}},
      "the bird leaves at 4.2 along +y", [](const State& a) {
        return std::fabs(speed(a[0]) - kMaxSpeed) < kVisible && a[0].vy > kMaxSpeed - kVisible;
      }));
  g.cases.push_back(bounds_case(
      "speed-of-exactly-1e-150-on-x-alone-is-legal-and-raised-to-the-minimum",
      "A lone bird moving at exactly (1e-150, 0), the closed end of INPUT-9's range: raised to 1.6 along +x.",
      {"STEP-7", "STEP-6", "INPUT-9"}, {"VelocityBound"}, {{500.0, 300.0, 1e-150, 0.0}},
      "the bird leaves at 1.6 along +x", [](const State& a) {
        return std::fabs(speed(a[0]) - kMinSpeed) < kVisible && a[0].vx > kMinSpeed - kVisible;
      }));
  // Birds exactly 1e-150 apart are legal (INPUT-9 refuses only closer
  // ones): the push of about 1e150 is cut to 4.2. One pair differs in x
  // (a third bird shares x 1e-150, so a check that sorts by x looks at the
  // pair), one in y alone.
  g.cases.push_back(bounds_case(
      "birds-exactly-1e-150-apart-in-x-are-legal-and-push-apart-at-the-maximum",
      "Birds 0 and 1 exactly 1e-150 apart along x, bird 2 at bird 1's x but 200 away: legal, and the "
      "pair's push of about 1e150 is cut to 4.2.",
      {"STEP-5", "STEP-7", "INPUT-9"}, {"VelocityBound"},
      {{0.0, 100.0, 2.0, 0.0}, {1e-150, 100.0, 0.0, 2.0}, {1e-150, 300.0, 1.0, 1.0}},
      "bird 0 leaves at 4.2 along -x", [](const State& a) { return a[0].vx < -(kMaxSpeed - kVisible); }));
  g.cases.push_back(bounds_case(
      "birds-exactly-1e-150-apart-in-y-are-legal-and-push-apart-at-the-maximum",
      "Two birds at one x, exactly 1e-150 apart along y: legal, and the push is cut to 4.2.",
      {"STEP-5", "STEP-7", "INPUT-9"}, {"VelocityBound"}, {{500.0, 0.0, 2.0, 0.0}, {500.0, 1e-150, 0.0, 2.0}},
      "bird 0 leaves at 4.2 along -y", [](const State& a) { return a[0].vy < -(kMaxSpeed - kVisible); }));
  return g;
}

std::pair<std::string, Note> step_bounds_note() {
  return {"VelocityBound",
          {"magnitude", "A velocity at INPUT-9's bounds (a component of 1e150, or a larger component of "
                        "1e-150). An engine that keeps velocities in float32 overflows; one that guards the clamp "
                        "with an epsilon instead of STEP-7's 2^-1022 keeps a direction it should have turned."}};
}

}  // namespace susurration::generator
