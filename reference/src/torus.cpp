// Torus deltas, distances and the wrap (spec/field.md).
// Conventions: a, b coordinates on one axis; p a coordinate after moving.
#include "susurration/torus.hpp"

#include "susurration/constants.hpp"
#include "susurration/exact_math.hpp"

namespace susurration {

// FIELD-3: strict comparisons, so exactly +-size/2 stays as it is.
double torus_delta(double a, double b, double size) {
  double d = b - a;
  if (d > size / 2) {
    d -= size;
  } else if (d < -size / 2) {
    d += size;
  }
  return d;
}

Delta torus_delta(const Bird& from, const Bird& to) {
  return {torus_delta(from.x, to.x, kWidth), torus_delta(from.y, to.y, kHeight)};
}

double torus_distance(const Delta& d) { return cr_hypot(d.dx, d.dy); }

// FIELD-5: the rule read literally. A tiny negative p becomes p + size,
// which rounds to size itself; that value is kept, not corrected again.
double wrap_coordinate(double p, double size) {
  if (p >= size) {
    return p - size;
  }
  if (p < 0) {
    return p + size;
  }
  return p;
}

}  // namespace susurration
