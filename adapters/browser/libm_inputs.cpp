// The input set of adapters/browser/libm_table.js, with the correctly rounded
// value of each function (GNU MPFR, rounding straight to 53 bits) and
// glibc's. One line per input, every double as its 16 hex digits of bits:
//   hypot-field DX DY CR GLIBC   deltas across the whole torus (FIELD-3)
//   hypot-near  DX DY CR GLIBC   deltas of birds within 90 of each other
//   sin X - CR GLIBC             angles drawn as init draws them (INIT-2)
//   cos X - CR GLIBC
// Usage: browser_libm_inputs [COUNT]   (COUNT of each kind, 100000 by default)
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <mpfr.h>

#include "susurration/constants.hpp"
#include "susurration/prng.hpp"
#include "susurration/torus.hpp"

namespace {

using susurration::kHeight;
using susurration::kPi;
using susurration::kWidth;

std::uint64_t bits(double x) { return std::bit_cast<std::uint64_t>(x); }

double correctly_rounded(int (*f)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t), double x) {
  mpfr_t a, r;
  mpfr_inits2(53, a, r, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(a, x, MPFR_RNDN);
  f(r, a, MPFR_RNDN);
  const double out = mpfr_get_d(r, MPFR_RNDN);
  mpfr_clears(a, r, static_cast<mpfr_ptr>(nullptr));
  return out;
}

double correctly_rounded_hypot(double x, double y) {
  mpfr_t a, b, r;
  mpfr_inits2(53, a, b, r, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(a, x, MPFR_RNDN);
  mpfr_set_d(b, y, MPFR_RNDN);
  mpfr_hypot(r, a, b, MPFR_RNDN);
  const double out = mpfr_get_d(r, MPFR_RNDN);
  mpfr_clears(a, b, r, static_cast<mpfr_ptr>(nullptr));
  return out;
}

void hypot_line(const char* kind, double dx, double dy) {
  std::printf("%s %016llx %016llx %016llx %016llx\n", kind, static_cast<unsigned long long>(bits(dx)),
              static_cast<unsigned long long>(bits(dy)),
              static_cast<unsigned long long>(bits(correctly_rounded_hypot(dx, dy))),
              static_cast<unsigned long long>(bits(std::hypot(dx, dy))));
}

}  // namespace

int main(int argc, char** argv) {
  const long count = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 100000;
  if (argc > 2 || count < 1 || count > 10000000) {
    std::fprintf(stderr, "invalid COUNT: %s (allowed: 1..10000000)\n", argc > 1 ? argv[1] : "");
    return 2;
  }
  // Fixed seeds: the same input set on every run and machine.
  susurration::Mulberry32 field(1), near(2), angles(3);
  for (long i = 0; i < count; ++i) {
    const double x1 = field.next() * kWidth, x2 = field.next() * kWidth;
    const double y1 = field.next() * kHeight, y2 = field.next() * kHeight;
    hypot_line("hypot-field", susurration::torus_delta(x1, x2, kWidth), susurration::torus_delta(y1, y2, kHeight));
  }
  for (long i = 0; i < count; ++i) {
    // A second bird within 90 on each axis of the first, wrapped onto the field.
    const double x1 = near.next() * kWidth, y1 = near.next() * kHeight;
    const double x2 = susurration::wrap_coordinate(x1 + (near.next() * 2 - 1) * 90, kWidth);
    const double y2 = susurration::wrap_coordinate(y1 + (near.next() * 2 - 1) * 90, kHeight);
    hypot_line("hypot-near", susurration::torus_delta(x1, x2, kWidth), susurration::torus_delta(y1, y2, kHeight));
  }
  for (long i = 0; i < count; ++i) {
    const double angle = angles.next() * 2 * kPi;  // INIT-2: (u * 2) * PI
    std::printf("sin %016llx - %016llx %016llx\n", static_cast<unsigned long long>(bits(angle)),
                static_cast<unsigned long long>(bits(correctly_rounded(mpfr_sin, angle))),
                static_cast<unsigned long long>(bits(std::sin(angle))));
    std::printf("cos %016llx - %016llx %016llx\n", static_cast<unsigned long long>(bits(angle)),
                static_cast<unsigned long long>(bits(correctly_rounded(mpfr_cos, angle))),
                static_cast<unsigned long long>(bits(std::cos(angle))));
  }
  return 0;
}
