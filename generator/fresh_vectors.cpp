// The fresh set's eight files (fresh.hpp): each category's fresh groups,
// drawn in manifest order from one seed, under the published file's name.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>

#include "constructed_states.hpp"
#include "files.hpp"
#include "fresh.hpp"
#include "susurration/constants.hpp"

namespace susurration::generator {

State drawn_flock(Draws& draw, int min_birds, int max_birds, double min_side, double max_side) {
  const int n = static_cast<int>(draw.integer(min_birds, max_birds));
  const double side = draw.uniform(min_side, max_side);
  const double x0 = draw.uniform(0, kWidth), y0 = draw.uniform(0, kHeight);
  State s;
  for (int i = 0; i < n; ++i) {
    const double x = wrapped(x0 + draw.uniform(0, side), kWidth), y = wrapped(y0 + draw.uniform(0, side), kHeight);
    const double speed = draw.uniform(0.5, 5.5), angle = draw.uniform(0, 2 * kPi);
    s.push_back({x, y, speed * std::cos(angle), speed * std::sin(angle)});
  }
  return s;
}

std::optional<State> drawn_move(Draws& draw, const State& s) {
  auto offset = [&](auto coordinate, double size) -> double {
    double lo = size, hi = 0;
    for (const Bird& b : s) {
      const double c = coordinate(b);
      if (!(c >= 1 && c <= size - 1) || std::floor(c * 1024) != c * 1024) return 0;
      lo = std::min(lo, c);
      hi = std::max(hi, c);
    }
    const auto down = static_cast<std::int64_t>(std::floor(lo - 1)), up = static_cast<std::int64_t>(std::floor(size - 1 - hi));
    if (down + up < 1) return 0;
    const std::int64_t k = draw.integer(1, down + up);  // never 0
    return static_cast<double>(k <= down ? -k : k - down);
  };
  const double ox = offset([](const Bird& b) { return b.x; }, kWidth);
  const double oy = offset([](const Bird& b) { return b.y; }, kHeight);
  if (ox == 0 && oy == 0) return std::nullopt;
  State moved = s;
  for (Bird& b : moved) {
    b.x += ox;
    b.y += oy;
  }
  return moved;
}

std::vector<VectorFile> fresh_vector_files(std::uint32_t seed) {
  const std::map<std::string, Note> notes = {
      {"Fresh",
       {"fresh", "Drawn from the fresh seed this set was written with (susurration vectors --fresh SEED): "
                 "nobody could have looked the answer up, and the same seed writes the same case again."}},
      {"NearChaosHorizon",
       {"drift", "The chaos horizon is before tick 260: a correct engine whose hypot, sin or cos differ in "
                 "the last bit may leave the tolerance near the end of the window, and is then re-anchored "
                 "from the anchor states (TOL-6)."}}};
  Draws draw(seed);
  struct Part {
    const char* category;
    std::vector<Group> (*groups)(Draws&);
    std::map<std::string, Note> (*published_notes)();  // its published twin's, for the flags they share
  };
  const Part parts[] = {{"prng", fresh_prng_groups, prng_notes},
                        {"torus", fresh_torus_groups, torus_notes},
                        {"init", fresh_init_groups, init_notes},
                        {"step", fresh_step_groups, step_notes},
                        {"metrics", fresh_metrics_groups, metrics_notes},
                        {"trajectories", fresh_trajectory_groups, trajectory_notes},
                        {"serialisation", fresh_serialisation_groups, serialisation_notes},
                        {"invalid", fresh_invalid_groups, invalid_notes}};
  std::vector<VectorFile> files;
  for (const Part& part : parts) {
    VectorFile f{part.category,
                 {"A fresh set, drawn from seed " + std::to_string(seed) +
                  ": shaped like the published file of this name (the same groups' parameters and "
                  "comparison classes), with cases nobody has seen."},
                 notes,
                 part.groups(draw)};
    f.notes.merge(part.published_notes());
    // Only the notes of flags some case carries.
    std::erase_if(f.notes, [&f](const auto& note) {
      for (const Group& g : f.groups)
        for (const Case& c : g.cases)
          for (const std::string& flag : c.flags)
            if (flag == note.first) return false;
      return true;
    });
    files.push_back(std::move(f));
  }
  return files;
}

}  // namespace susurration::generator
