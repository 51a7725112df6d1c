// Fresh vector sets (issue 22): shaped like the published one (the same
// eight files, categories, group parameters and comparison classes) but
// built from seeds, values and states drawn from a fresh seed, so that no
// engine could have looked the answers up. Each category's fresh cases are
// built in that category's source file, by the helpers its published cases
// use, and pass the same checks before they are written; ids start "fresh-".
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

#include "hard_cases.hpp"
#include "susurration/prng.hpp"
#include "susurration/state.hpp"
#include "vector_file.hpp"

namespace susurration::generator {

// Every draw of a fresh set comes from one mulberry32 seeded with the fresh
// seed, in a fixed order: the same seed writes the same set on every machine.
class Draws {
 public:
  explicit Draws(std::uint32_t seed) : rng_(seed) {}
  std::uint32_t u32() { return rng_.next_u32(); }
  double unit() { return rng_.next(); }  // [0, 1), exact
  double uniform(double lo, double hi) { return lo + unit() * (hi - lo); }
  // lo..hi inclusive (hi - lo below 2^32).
  std::int64_t integer(std::int64_t lo, std::int64_t hi) {
    return lo + static_cast<std::int64_t>(unit() * static_cast<double>(hi - lo + 1));
  }

 private:
  Mulberry32 rng_;
};

// A state drawn until `accept` takes it (it throws std::logic_error to
// refuse one, as the published checks do); std::logic_error after `tries`.
template <typename Draw, typename Accept>
auto drawn_until(int tries, Draw draw, Accept accept) {
  for (int k = 1;; ++k) {
    auto candidate = draw();
    try {
      return accept(candidate);
    } catch (const std::logic_error&) {
      if (k == tries) throw;
    }
  }
}

// min_birds..max_birds birds in a square box with a drawn side of
// min_side..max_side at a drawn place on the field (wrapped across the
// seams), each with a drawn heading and a speed of 0.5..5.5: below, inside
// and above the clamp (fresh_vectors.cpp).
State drawn_flock(Draws& draw, int min_birds, int max_birds, double min_side, double max_side);

// `s` moved by a drawn whole offset along each axis whose coordinates are
// all multiples of 1/1024 at least 1 inside the field, so that every delta
// and every seam crossing stays as it was (fresh_vectors.cpp). An axis with
// a bird on 0, on the size, or at a finer coordinate stays where it is: a
// seam, a wrap or an ulp is what such a state is about. Empty when neither
// axis moves. The published cases moved so are checked again as they were
// (their claims, edge pairs and margins) and dropped when one fails.
std::optional<State> drawn_move(Draws& draw, const State& s);

// A band pair drawn for a fresh set (fresh_bands.cpp): `name` ends a case's
// id, `shape` begins its comment (the pair's position follows), `clauses`
// follow the limit's own rule in the case's list, as in the published ones.
struct DrawnBand {
  std::string name;
  std::string shape;
  std::vector<std::string> clauses;
  BandPair pair;
};
// Six pairs within an ulp of `limit`, as the published band cases are built
// (hard_cases.hpp) but at drawn places, slopes, seams and orientations: two
// just below the midpoint L - ulp/2 (inside), two just above it, one just
// above L, and one exactly on it (a tie, outside).
std::vector<DrawnBand> drawn_band_pairs(Draws& draw, double limit);
// One of them, `kind` 0..kBandKinds - 1 in that order (the tie last), drawn
// alone: fuzz draws a pair at a time (fuzz_cases.hpp).
inline constexpr std::size_t kBandKinds = 6;
DrawnBand drawn_band_pair(Draws& draw, double limit, std::size_t kind);

// One group (or a few) of each file's fresh cases; files.hpp's builders'
// source files hold them.
std::vector<Group> fresh_prng_groups(Draws& draw);           // prng_vectors.cpp
std::vector<Group> fresh_torus_groups(Draws& draw);          // torus_vectors.cpp
std::vector<Group> fresh_init_groups(Draws& draw);           // init_vectors.cpp
std::vector<Group> fresh_step_groups(Draws& draw);           // step_ticks_vectors.cpp
std::vector<Group> fresh_step_band_groups(Draws& draw);      // step_hypot_vectors.cpp
std::vector<Group> fresh_step_moved_groups(Draws& draw);     // step_vectors.cpp
std::vector<Group> fresh_metrics_groups(Draws& draw);        // metrics_vectors.cpp
std::vector<Group> fresh_trajectory_groups(Draws& draw);     // trajectory_vectors.cpp
std::vector<Group> fresh_serialisation_groups(Draws& draw);  // serialisation_vectors.cpp
std::vector<Group> fresh_invalid_groups(Draws& draw);        // invalid_vectors.cpp

// The eight files of fresh set `seed` (fresh_vectors.cpp).
std::vector<VectorFile> fresh_vector_files(std::uint32_t seed);

}  // namespace susurration::generator
