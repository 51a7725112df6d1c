// Shortest signed deltas and distances on the torus (spec/field.md).
// Conventions: a, b coordinates on one axis; dx, dy deltas from a bird to another.
#pragma once

#include "susurration/state.hpp"

namespace susurration {

// b - a, moved by one field size when it is strictly more than half the
// field away (FIELD-3); a delta of exactly +-size/2 is left as it is.
double torus_delta(double a, double b, double size);

struct Delta {
  double dx;
  double dy;
};

// The torus delta from bird `from` to bird `to`, both axes.
Delta torus_delta(const Bird& from, const Bird& to);

// FIELD-4: the correctly rounded hypot of the two deltas.
double torus_distance(const Delta& d);

// FIELD-5/STEP-8: one correction: >= size subtracts size, < 0 adds size.
// The result can be exactly `size` (a tiny negative plus size rounds up).
double wrap_coordinate(double p, double size);

}  // namespace susurration
