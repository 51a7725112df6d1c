// Inputs on which an engine's hypot, sin or cos has to be correctly rounded
// to get the answer right (issue 17), found and described with exact
// arithmetic (integers, GMP, MPFR), never with the function under test.
//
// Two kinds:
// - *band pairs*: two birds whose true distance lies within an ulp of a
//   limit L (90, 28, 270). The correctly rounded distance is below L exactly
//   when the true distance is below the midpoint L - ulp(L)/2 (a tie rounds
//   to L, whose last significand bit is 0 for all three limits). A platform
//   hypot and the reading `dx*dx + dy*dy < L*L` both decide some of these
//   wrongly.
// - *hard-to-round* inputs: a hypot, sin or cos whose true value lies a tiny
//   fraction of an ulp from a rounding midpoint, where a libm that is not
//   correctly rounded is likely to round the other way.
//
// Units: for a limit L, U = ulp(L)/2, so the midpoint below L is the odd
// integer Mo = L/U - 1 and the doubles near L are the even integers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "susurration/state.hpp"

namespace susurration::generator {

// Where a pair's true distance stands against its limit.
enum class Band {
  below_midpoint,  // in (pred(L), L - ulp/2): rounds to pred(L), inside
  above_midpoint,  // in (L - ulp/2, L): rounds to L, outside
  tie,             // exactly L - ulp/2: rounds to even, which is L: outside
  above_limit,     // in (L, L + ulp/2): rounds to L, outside
};

// How the pair lies: bird i at (x0, y0), bird j at i + (dx, dy), with
// `along_x` the share of the distance on x (1 for an axis, 0.6 for a 3-4-5
// diagonal), and with each delta across its seam when asked.
struct Shape {
  double x0;
  double y0;
  double along_x;
  bool seam_x = false;
  bool seam_y = false;
};

struct BandPair {
  Bird i;  // velocities 0; the caller sets them
  Bird j;
  double dx;
  double dy;
  bool inside;           // the correctly rounded distance is below the limit
  std::string position;  // the true distance against the limit, in words
};

// The pair of `shape` whose true distance is the closest found on `band`'s
// side of its target (the midpoint, or L itself for above_limit), searched
// with integers over 200000 values of dx. Throws std::logic_error if the
// birds' deltas are not exactly the searched legs.
BandPair band_pair(double limit, const Shape& shape, Band band);

// A pair exactly at the midpoint, from the legs of a Pythagorean triple with
// the odd hypotenuse Mo (found by factoring Mo, generator/find_midpoint_ties.py),
// checked here with integers. Bird i at (x0, y0).
BandPair tie_pair(double limit, double x0, double y0);

// Two given birds as a band pair: their torus delta, the exact decision and
// the position of their true distance against `limit`.
BandPair band_pair_of(double limit, const Bird& i, const Bird& j);

// A band case's flag: MidpointTie, BandInside or BandOutside.
std::string band_flag(const BandPair& p);

// A band case's clauses: a pair exactly on the midpoint is decided by
// FIELD-6's tie rule alone, so those cases lead with FIELD-6 (the clause
// they isolate); the others lead with the rule whose limit it is.
std::vector<std::string> band_clauses(std::vector<std::string> clauses, const std::string& flag);

// Is the correctly rounded hypot(dx, dy) below `limit`? Decided with GMP
// integers: 4 (dx^2 + dy^2) against (2L - ulp(L))^2, a tie going to the even
// neighbour.
bool below_exactly(double dx, double dy, double limit);

// "L - (0.5 - 3.1e-09) ulp(L): above the midpoint ..." from MPFR.
std::string position_text(double dx, double dy, double limit);

// Hard-to-round hypot legs: dx, dy with hypot(dx, dy) within a tiny fraction
// of an ulp of a midpoint between two doubles in [2^e, 2^(e+1)).
struct HardLegs {
  double dx;
  double dy;
  std::string position;  // how far from the midpoint, from MPFR
};
// Just below a midpoint, by 1/(8m) of a unit: X^2 + Y^2 = m(m + 1) with
// m = 5b^2 - 2b + 1, X = 3b^2 - 2b + 1, Y = 4b^2 - b + 1 (a 3-4-5 diagonal).
HardLegs hard_hypot_below_midpoint(int e, double fraction_of_binade);
// Just above a midpoint, the closest found by the integer search.
HardLegs hard_hypot_above_midpoint(int e, double fraction_of_binade);

// How far the true value lies from the nearest midpoint between doubles, in
// ulps of the result (0 is a tie, 0.5 is a double), from MPFR.
double hypot_midpoint_distance(double dx, double dy);
double sin_midpoint_distance(double x);
double cos_midpoint_distance(double x);

// The double on the other side of the midpoint nearest the true value of f:
// what a libm that rounds a hard case the wrong way returns.
double hypot_misrounded(double dx, double dy);
double sin_misrounded(double x);
double cos_misrounded(double x);

}  // namespace susurration::generator
