// The weighted cohesion, alignment and separation of each bird in one step
// (STEP-2..5), computed apart from the step itself, for the diagnostic data
// of the vectors: which terms act in a step case (they join its clauses)
// and the per-bird terms of a trajectory's anchors (the grader tells the
// term an engine's wrong step differs by). Never an expected value.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "susurration/constants.hpp"
#include "susurration/state.hpp"
#include "susurration/torus.hpp"

namespace susurration::generator {

// [cx, cy, ax, ay, sx, sy, k] per bird (k its neighbour count); the terms
// are all 0 for a bird without neighbours.
inline std::vector<std::array<double, 7>> step_terms(const State& s, const Weights& w) {
  std::vector<std::array<double, 7>> out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    double k = 0, dx = 0, dy = 0, vx = 0, vy = 0, px = 0, py = 0;
    for (std::size_t j = 0; j < s.size(); ++j) {
      if (j == i) continue;
      const Delta delta = torus_delta(s[i], s[j]);
      const double d = torus_distance(delta);
      if (!(d < kPerceptionRadius)) continue;
      k += 1;
      dx += delta.dx;
      dy += delta.dy;
      vx += s[j].vx;
      vy += s[j].vy;
      if (d < kSeparationRadius && d > 0) {
        px += -delta.dx / (d * d);
        py += -delta.dy / (d * d);
      }
    }
    std::array<double, 7> row{};
    if (k > 0) {
      row = {(dx / k) * (w.cohesion * kCohesionScale), (dy / k) * (w.cohesion * kCohesionScale),
             (vx / k - s[i].vx) * (w.alignment * kAlignmentScale), (vy / k - s[i].vy) * (w.alignment * kAlignmentScale),
             px * (w.separation * kSeparationScale), py * (w.separation * kSeparationScale), k};
    }
    out.push_back(row);
  }
  return out;
}

// The clauses of the terms (STEP-3 cohesion, STEP-4 alignment, STEP-5
// separation) that move some bird on the first tick: a step case lists
// those that act (PROTO-11).
inline std::vector<std::string> acting_terms(const State& s, const Weights& w) {
  std::vector<std::string> acting;
  const auto rows = step_terms(s, w);
  for (std::size_t term = 0; term < 3; ++term) {
    bool acts = false;
    for (const auto& row : rows) acts = acts || row[2 * term] != 0 || row[2 * term + 1] != 0;
    if (acts) acting.push_back("STEP-" + std::to_string(3 + term));
  }
  return acting;
}

}  // namespace susurration::generator
