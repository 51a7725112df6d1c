// Band pairs and hard-to-round inputs (hard_cases.hpp). Everything here is
// decided with integers (unsigned __int128 for the searches, GMP for the
// decision of any pair of doubles) or MPFR at 1024 bits; cr_hypot is never
// consulted, so the vectors can check the reference against it.
#include "hard_cases.hpp"

#include <gmp.h>
#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "susurration/constants.hpp"
#include "susurration/torus.hpp"

namespace susurration::generator {
namespace {

__extension__ typedef unsigned __int128 u128;

constexpr int kSearchSteps = 200000;
constexpr mpfr_prec_t kPrecision = 1024;

double ulp_of(double x) {
  x = std::abs(x);
  return std::nextafter(x, std::numeric_limits<double>::infinity()) - x;
}

u128 isqrt(u128 n) {
  auto r = static_cast<u128>(std::sqrt(static_cast<long double>(n)));
  while (r * r > n) {
    --r;
  }
  while ((r + 1) * (r + 1) <= n) {
    ++r;
  }
  return r;
}

// The unit U = ulp(limit) / 2 and the midpoint below the limit in units.
struct Units {
  double unit;
  std::uint64_t midpoint;  // Mo, odd
};

Units units_of(double limit) {
  const double unit = ulp_of(limit) / 2;
  return {unit, static_cast<std::uint64_t>(limit / unit) - 1};
}

// The legs, in units, with X^2 + Y^2 closest to T^2 on one side (r > 0 when
// `above`, r < 0 otherwise), X a multiple of gx stepping down from x_start
// and Y a multiple of gy. Off the axis, consecutive X give fractional parts
// of sqrt(T^2 - X^2) in a near-arithmetic progression, which approaches 0
// poorly; X is therefore spread over a tenth of its range, where the
// progression's step itself varies.
struct Legs {
  std::uint64_t x = 0;
  std::uint64_t y = 0;
  u128 r = 0;  // |X^2 + Y^2 - T^2|
};

Legs search_legs(std::uint64_t target, std::uint64_t x_start, std::uint64_t gx, std::uint64_t gy,
                 bool above) {
  const u128 t2 = static_cast<u128>(target) * target;
  Legs best;
  bool found = false;
  std::uint64_t x = x_start / gx * gx;
  const bool axis = x_start >= target - gx;
  const std::uint64_t stride =
      axis ? gx : std::max<std::uint64_t>(gx, x_start / 10 / kSearchSteps / gx * gx);
  for (int step = 0; step < kSearchSteps && x > stride; ++step, x -= stride) {
    const u128 rest = t2 - static_cast<u128>(x) * x;
    const auto root = static_cast<std::uint64_t>(isqrt(rest));
    std::uint64_t y = root / gy * gy;
    if (above) {
      y += gy;  // the first multiple of gy whose square exceeds `rest`
    } else if (static_cast<u128>(y) * y == rest) {
      y = y >= gy ? y - gy : 0;
    }
    if (y == 0) {
      continue;
    }
    const u128 s = static_cast<u128>(x) * x + static_cast<u128>(y) * y;
    const u128 dist = above ? s - t2 : t2 - s;
    if (!found || dist < best.r) {
      best = {x, y, dist};
      found = true;
    }
  }
  if (!found) {
    throw std::logic_error("hard_cases: no legs found");
  }
  return best;
}

// The grid, in units, that a delta of about `delta` must lie on to come out
// exactly from coordinates near `from` (and across the seam of `size`).
std::uint64_t grid(double from, double delta, bool seam, double size, double unit) {
  double g = 0;
  if (seam) {
    const double c = size - from;  // bird j stands at delta - c
    g = std::max({ulp_of(from), ulp_of(delta * 1.01 - c), ulp_of(size - delta * 0.99)});
  } else {
    g = std::max(ulp_of(from), ulp_of(from + delta * 1.01 + 1e-9));
  }
  return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(g / unit));
}

double coordinate_of_j(double from, double delta, bool seam, double size) {
  return seam ? delta - (size - from) : from + delta;
}

BandPair make_pair(double limit, Bird i, Bird j, double dx, double dy) {
  const Delta d = torus_delta(i, j);
  if (d.dx != dx || d.dy != dy) {
    throw std::logic_error("hard_cases: the birds' torus delta is not the searched legs");
  }
  return {i, j, dx, dy, below_exactly(dx, dy, limit), position_text(dx, dy, limit)};
}

// A double as an integer times 2^-1200 (every finite double is one).
void scaled(mpz_t out, double x) {
  int e = 0;
  const double m = std::frexp(std::abs(x), &e);
  mpz_set_d(out, std::ldexp(m, 53));  // exact: a 53-bit integer
  const int shift = e - 53 + 1200;
  mpz_mul_2exp(out, out, static_cast<mp_bitcnt_t>(shift));
  if (x < 0) {
    mpz_neg(out, out);
  }
}

struct Mpfr {
  mpfr_t v;
  Mpfr() { mpfr_init2(v, kPrecision); }
  ~Mpfr() { mpfr_clear(v); }
  Mpfr(const Mpfr&) = delete;
  Mpfr& operator=(const Mpfr&) = delete;
};

using Unary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

void true_hypot(Mpfr& out, double dx, double dy) {
  Mpfr y;
  mpfr_set_d(out.v, dx, MPFR_RNDN);
  mpfr_set_d(y.v, dy, MPFR_RNDN);
  mpfr_hypot(out.v, out.v, y.v, MPFR_RNDN);
}

// Distance from the nearest midpoint in ulps, and the double across it.
struct Rounding {
  double distance;
  double other;
};

Rounding rounding_of(const Mpfr& value) {
  const double lo = mpfr_get_d(value.v, MPFR_RNDD);
  const double hi = mpfr_get_d(value.v, MPFR_RNDU);
  if (lo == hi) {
    return {0.5, lo};
  }
  Mpfr mid, gap;
  mpfr_set_d(mid.v, lo, MPFR_RNDN);
  mpfr_add_d(mid.v, mid.v, hi, MPFR_RNDN);
  mpfr_div_2ui(mid.v, mid.v, 1, MPFR_RNDN);
  mpfr_sub(gap.v, value.v, mid.v, MPFR_RNDN);
  mpfr_div_d(gap.v, gap.v, hi - lo, MPFR_RNDN);
  const double distance = std::abs(mpfr_get_d(gap.v, MPFR_RNDN));
  const double nearest = mpfr_get_d(value.v, MPFR_RNDN);
  return {distance, nearest == lo ? hi : lo};
}

Rounding rounding_of(Unary f, double x) {
  Mpfr in, out;
  mpfr_set_d(in.v, x, MPFR_RNDN);
  f(out.v, in.v, MPFR_RNDN);
  return rounding_of(out);
}

Rounding hypot_rounding(double dx, double dy) {
  Mpfr h;
  true_hypot(h, dx, dy);
  return rounding_of(h);
}

std::string format(const char* pattern, double a) {
  char text[128];
  std::snprintf(text, sizeof text, pattern, a);
  return text;
}

std::string hard_position(double dx, double dy) {
  Mpfr h;
  true_hypot(h, dx, dy);
  const double nearest = mpfr_get_d(h.v, MPFR_RNDN);
  const double other = rounding_of(h).other;
  const double distance = rounding_of(h).distance;
  return "The true value lies " + format("%.2g", distance) + " ulp " +
         (other > nearest ? "below" : "above") + " the midpoint between " + format("%.17g", nearest) +
         " and " + format("%.17g", other) + ": it rounds to " + format("%.17g", nearest) + ".";
}

}  // namespace

bool below_exactly(double dx, double dy, double limit) {
  mpz_t a, b, l, u, lhs, rhs;
  mpz_inits(a, b, l, u, lhs, rhs, nullptr);
  scaled(a, dx);
  scaled(b, dy);
  scaled(l, limit);
  scaled(u, ulp_of(limit));
  mpz_mul(lhs, a, a);
  mpz_addmul(lhs, b, b);
  mpz_mul_2exp(lhs, lhs, 2);  // 4 (dx^2 + dy^2)
  mpz_mul_2exp(rhs, l, 1);
  mpz_sub(rhs, rhs, u);       // 2L - ulp(L) = twice the midpoint
  mpz_mul(rhs, rhs, rhs);
  const int order = mpz_cmp(lhs, rhs);
  mpz_clears(a, b, l, u, lhs, rhs, nullptr);
  if (order != 0) {
    return order < 0;
  }
  // A tie goes to the neighbour with an even significand.
  const double below = std::nextafter(limit, 0.0);
  int e = 0;
  const auto significand = static_cast<std::uint64_t>(std::ldexp(std::frexp(below, &e), 53));
  return significand % 2 == 0;
}

std::string position_text(double dx, double dy, double limit) {
  Mpfr d, t;
  true_hypot(d, dx, dy);
  mpfr_sub_d(t.v, d.v, limit, MPFR_RNDN);
  mpfr_div_d(t.v, t.v, ulp_of(limit), MPFR_RNDN);  // (d - L) / ulp(L)
  const double offset = mpfr_get_d(t.v, MPFR_RNDN);
  const std::string l = format("%g", limit);
  const std::string rounds =
      below_exactly(dx, dy, limit) ? "it rounds to the double below " + l + ": inside."
                                   : "it rounds to " + l + ": outside.";
  mpfr_add_d(t.v, t.v, 0.5, MPFR_RNDN);  // distance from the midpoint, in ulps
  const double from_mid = mpfr_get_d(t.v, MPFR_RNDN);
  if (from_mid == 0 && mpfr_cmp_d(t.v, 0.0) == 0) {
    return "The true distance is exactly the midpoint " + l + " - ulp(" + l + ")/2, a tie; " + l +
           "'s last significand bit is 0, so " + rounds;
  }
  if (offset > 0) {
    return "The true distance is " + l + " + " + format("%.3g", offset) + " ulp(" + l + "): above " + l + ", so " +
           rounds;
  }
  return "The true distance is " + l + " - (0.5 " + (from_mid > 0 ? "- " : "+ ") +
         format("%.2g", std::abs(from_mid)) + ") ulp(" + l + "), just " + (from_mid > 0 ? "above" : "below") +
         " the midpoint " + l + " - ulp/2: " + rounds;
}

BandPair band_pair(double limit, const Shape& shape, Band band) {
  const Units units = units_of(limit);
  const std::uint64_t target = band == Band::above_limit ? units.midpoint + 1 : units.midpoint;
  const bool above = band != Band::below_midpoint;
  const double along_y = std::sqrt(1 - shape.along_x * shape.along_x);
  const std::uint64_t gx = grid(shape.x0, shape.along_x * limit, shape.seam_x, kWidth, units.unit);
  const std::uint64_t gy = grid(shape.y0, along_y * limit, shape.seam_y, kHeight, units.unit);
  const auto x_start = shape.along_x == 1 ? target - 1
                                          : static_cast<std::uint64_t>(shape.along_x * static_cast<double>(target));
  const Legs legs = search_legs(target, x_start, gx, gy, above);
  const double dx = static_cast<double>(legs.x) * units.unit;
  const double dy = static_cast<double>(legs.y) * units.unit;
  if (static_cast<std::uint64_t>(dx / units.unit) != legs.x || static_cast<std::uint64_t>(dy / units.unit) != legs.y) {
    throw std::logic_error("hard_cases: a leg is not a double");
  }
  const Bird i{shape.x0, shape.y0, 0, 0};
  const Bird j{coordinate_of_j(shape.x0, dx, shape.seam_x, kWidth), coordinate_of_j(shape.y0, dy, shape.seam_y, kHeight),
               0, 0};
  BandPair pair = make_pair(limit, i, j, dx, dy);
  if (pair.inside != (band == Band::below_midpoint)) {
    throw std::logic_error("hard_cases: a band pair on the wrong side of its limit");
  }
  return pair;
}

std::string band_flag(const BandPair& p) {
  if (p.position.find("exactly the midpoint") != std::string::npos) return "MidpointTie";
  return p.inside ? "BandInside" : "BandOutside";
}

std::vector<std::string> band_clauses(std::vector<std::string> clauses, const std::string& flag) {
  if (flag != "MidpointTie") return clauses;
  std::erase(clauses, "FIELD-6");
  clauses.insert(clauses.begin(), "FIELD-6");
  return clauses;
}

BandPair band_pair_of(double limit, const Bird& i, const Bird& j) {
  const Delta d = torus_delta(i, j);
  return make_pair(limit, i, j, d.dx, d.dy);
}

BandPair tie_pair(double limit, double x0, double y0) {
  // Mo^2 = X^2 + Y^2 with the odd leg below 2^53 (so a double): the legs of
  // generator/find_midpoint_ties.py.
  std::uint64_t x = 0, y = 0;
  if (limit == kSeparationRadius) {
    x = 4954970716135551u, y = 14963548471100432u;
  } else if (limit == kPerceptionRadius) {
    x = 7243265525777281u, y = 10390964036819280u;
  } else if (limit == kNearestLimit) {
    x = 4281016947289215u, y = 8480490714630064u;
  } else {
    throw std::logic_error("hard_cases: no tie known for this limit");
  }
  const Units units = units_of(limit);
  const u128 mo = units.midpoint;
  if (static_cast<u128>(x) * x + static_cast<u128>(y) * y != mo * mo) {
    throw std::logic_error("hard_cases: the tie legs are not a triple on the midpoint");
  }
  const double dx = static_cast<double>(x) * units.unit;
  const double dy = static_cast<double>(y) * units.unit;
  BandPair pair = make_pair(limit, {x0, y0, 0, 0}, {x0 + dx, y0 + dy, 0, 0}, dx, dy);
  if (pair.inside) {
    throw std::logic_error("hard_cases: a tie below its limit");
  }
  return pair;
}

HardLegs hard_hypot_below_midpoint(int e, double fraction_of_binade) {
  const double unit = std::ldexp(1.0, e - 52);  // ulp of the result
  const double m_wanted = std::ldexp(1.0 + fraction_of_binade, 52);
  const auto b = static_cast<std::uint64_t>(std::sqrt(m_wanted / 5));
  const std::uint64_t m = 5 * b * b - 2 * b + 1;
  const std::uint64_t x = 3 * b * b - 2 * b + 1;
  const std::uint64_t y = 4 * b * b - b + 1;
  if (m < (std::uint64_t{1} << 52) || m >= (std::uint64_t{1} << 53) ||
      static_cast<u128>(x) * x + static_cast<u128>(y) * y != static_cast<u128>(m) * (m + 1)) {
    throw std::logic_error("hard_cases: the hypot identity does not hold");
  }
  const double dx = static_cast<double>(x) * unit;
  const double dy = static_cast<double>(y) * unit;
  return {dx, dy, hard_position(dx, dy)};
}

HardLegs hard_hypot_above_midpoint(int e, double fraction_of_binade) {
  const double half_unit = std::ldexp(1.0, e - 53);
  const auto m = static_cast<std::uint64_t>(std::ldexp(1.0 + fraction_of_binade, 52));
  const std::uint64_t target = 2 * m + 1;  // the midpoint above m, in half units
  const Legs legs = search_legs(target, static_cast<std::uint64_t>(0.6 * static_cast<double>(target)), 2, 2, true);
  const double dx = static_cast<double>(legs.x) * half_unit;
  const double dy = static_cast<double>(legs.y) * half_unit;
  return {dx, dy, hard_position(dx, dy)};
}

double hypot_midpoint_distance(double dx, double dy) { return hypot_rounding(dx, dy).distance; }
double sin_midpoint_distance(double x) { return rounding_of(mpfr_sin, x).distance; }
double cos_midpoint_distance(double x) { return rounding_of(mpfr_cos, x).distance; }
double hypot_misrounded(double dx, double dy) { return hypot_rounding(dx, dy).other; }
double sin_misrounded(double x) { return rounding_of(mpfr_sin, x).other; }
double cos_misrounded(double x) { return rounding_of(mpfr_cos, x).other; }

}  // namespace susurration::generator
