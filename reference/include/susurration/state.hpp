// The flock's state (spec/state.md).
// Conventions: x, y position; vx, vy velocity; i, j bird indices.
#pragma once

#include <vector>

namespace susurration {

struct Bird {
  double x;
  double y;
  double vx;
  double vy;

  friend bool operator==(const Bird&, const Bird&) = default;
};

// Bird i is birds[i]; the index order is the order every sum runs in.
using State = std::vector<Bird>;

// WEIGHTS-1: each weight in [0, 1]; 1.0 is the full-strength rule.
struct Weights {
  double cohesion = 1.0;
  double alignment = 1.0;
  double separation = 1.0;

  friend bool operator==(const Weights&, const Weights&) = default;
};

}  // namespace susurration
