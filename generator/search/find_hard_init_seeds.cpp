// Searches seeds whose initialisation meets a hard-to-round sin or cos
// (issue 17): an angle whose true cos or sin lies a tiny fraction of an ulp
// from a midpoint between two doubles, and where rounding it the other way
// also changes the velocity speed * cos(angle) (the product can hide it).
// Prints the best cases; generator/init_vectors.cpp publishes them and checks
// their hardness again with MPFR. Run: find_hard_init_seeds [SEEDS] [BIRDS].
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "hard_cases.hpp"
#include "susurration/constants.hpp"
#include "susurration/exact_math.hpp"
#include "susurration/prng.hpp"

int main(int argc, char** argv) {
  using namespace susurration;
  const unsigned long seeds = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 100000;
  const int birds = argc > 2 ? std::atoi(argv[2]) : 10;
  for (unsigned long seed = 0; seed < seeds; ++seed) {
    Mulberry32 rng(static_cast<std::uint32_t>(seed));
    for (int i = 0; i < birds; ++i) {
      rng.next();
      rng.next();
      const double angle = rng.next() * 2 * kPi;
      const double speed = kMinSpeed + rng.next() * (kMaxSpeed - kMinSpeed);
      const double dc = generator::cos_midpoint_distance(angle);
      const double ds = generator::sin_midpoint_distance(angle);
      if (dc < 2e-6 && speed * cr_cos(angle) != speed * generator::cos_misrounded(angle)) {
        std::printf("seed %lu bird %d cos %.3g\n", seed, i, dc);
      }
      if (ds < 2e-6 && speed * cr_sin(angle) != speed * generator::sin_misrounded(angle)) {
        std::printf("seed %lu bird %d sin %.3g\n", seed, i, ds);
      }
    }
  }
  return 0;
}
