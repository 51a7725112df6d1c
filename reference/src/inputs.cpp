// Input ranges and their complaints (spec/inputs.md INPUT-1..8).
#include "susurration/inputs.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>

#include "susurration/constants.hpp"
#include "susurration/torus.hpp"

namespace susurration {

InputError::InputError(std::string_view field, std::string_view value, std::string_view allowed)
    : std::runtime_error("invalid " + std::string(field) + ": " + std::string(value) +
                         " (allowed: " + std::string(allowed) + ")"),
      field_(field) {}

namespace {

// INPUT-9's closest approach of two birds that are not in one place: far
// above 2^-537, below which the square of a distance rounds to 0.
constexpr double kMinSeparation = 1e-150;

// INPUT-9's velocities: each component at most 1e150 in size, and the larger
// at least 1e-150. Worked from the arithmetic of the step and the metrics,
// with n <= 400 birds:
// - above: a neighbour sum of 399 components (STEP-2) stays below 4e152, the
//   new velocity below 2e153 (separation adds at most 2.5 * 399 / 1e-150),
//   so hypot (STEP-7, METRIC-2) is finite and the clamp's f = 4.2 / sp a
//   normal number; the square of any speed (1e300) and a sum of 800 of them
//   stay finite, for an engine that squares where the spec says hypot.
//   Near DBL_MAX, hypot overflows and the clamp makes the velocity 0.
// - below: a bird that moves alone is clamped by f = 1.6 / sp, which is
//   infinite for a subnormal speed (sp < 1.6 / DBL_MAX); at 1e-150 it is
//   at most 1.6e150, and a speed's square stays a normal number.
// Both are exact comparisons of the components, with no hypot whose last
// bit could decide a boundary case.
// No input bound can stop the forces from cancelling a velocity to a
// subnormal speed, which the clamp then divides by (spec/inputs.md).
constexpr double kMaxVelocity = 1e150;
constexpr double kMinVelocity = 1e-150;

// A whole decimal integer with nothing around it: no sign, no spaces, no
// fraction, no exponent. "12.0" and "+12" are rejected rather than guessed at.
std::optional<std::uint64_t> whole_number(std::string_view text) {
  if (text.empty() || text.size() > 19 || text.find_first_not_of("0123456789") != text.npos) {
    return std::nullopt;
  }
  std::uint64_t v = 0;
  std::from_chars(text.data(), text.data() + text.size(), v);
  return v;
}

int integer_in(std::string_view field, std::string_view text, int lo, int hi) {
  const auto v = whole_number(text);
  if (!v || *v < static_cast<std::uint64_t>(lo) || *v > static_cast<std::uint64_t>(hi)) {
    throw InputError(field, text, "integer " + std::to_string(lo) + ".." + std::to_string(hi));
  }
  return static_cast<int>(*v);
}

std::string shown(double v) {
  std::array<char, 32> buf{};
  const auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), v);
  return std::string(buf.data(), end);
}

}  // namespace

std::uint32_t parse_seed(std::string_view text) {
  const auto v = whole_number(text);
  if (!v || *v > 4294967295ull) {
    throw InputError("seed", text, "integer 0..4294967295");
  }
  return static_cast<std::uint32_t>(*v);
}

int parse_birds(std::string_view text) { return integer_in("birds", text, kMinBirds, kMaxBirds); }

int parse_at_tick(std::string_view text) {
  return integer_in("at_tick", text, kMinAtTick, kMaxAtTick);
}

int parse_ticks(std::string_view text) { return integer_in("ticks", text, 0, kMaxAtTick); }

int parse_ticks_per_call(std::string_view text) { return integer_in("ticks", text, 1, 1000); }

void check_ticks_per_call(int ticks) {
  if (ticks < 1 || ticks > 1000) {
    throw InputError("ticks", std::to_string(ticks), "integer 1..1000");
  }
}

// INPUT-9: the step needs a nonzero speed (the s == 0 rule divides by it),
// velocities within kMinVelocity..kMaxVelocity (finite arithmetic) and
// positions on the field (the single wrap correction assumes them).
void check_state(const State& s) {
  if (s.empty() || s.size() > static_cast<std::size_t>(kMaxBirds)) {
    throw InputError("state", std::to_string(s.size()) + " birds", "1..400 birds");
  }
  for (std::size_t i = 0; i < s.size(); ++i) {
    const Bird& b = s[i];
    const std::string where = "state[" + std::to_string(i) + "]";
    if (!std::isfinite(b.x) || !std::isfinite(b.y) || !std::isfinite(b.vx) || !std::isfinite(b.vy)) {
      throw InputError(where, "a value that is not finite", "finite numbers");
    }
    if (!(b.x >= 0 && b.x <= kWidth)) {
      throw InputError(where + ".x", shown(b.x), "0 <= x <= 1000");
    }
    if (!(b.y >= 0 && b.y <= kHeight)) {
      throw InputError(where + ".y", shown(b.y), "0 <= y <= 600");
    }
    if (b.vx == 0 && b.vy == 0) {
      throw InputError(where + ".velocity", "0,0", "a nonzero velocity");
    }
    if (!(std::abs(b.vx) <= kMaxVelocity && std::abs(b.vy) <= kMaxVelocity)) {
      throw InputError(where + ".velocity", shown(b.vx) + "," + shown(b.vy),
                       "components of at most 1e150 in size");
    }
    if (!(std::abs(b.vx) >= kMinVelocity || std::abs(b.vy) >= kMinVelocity)) {
      throw InputError(where + ".velocity", shown(b.vx) + "," + shown(b.vy),
                       "a component of at least 1e-150 in size");
    }
  }
  // AMB-30: two birds closer than this, but not in one place, would square
  // their distance to 0 in the separation term (STEP-2) and divide by it.
  for (std::size_t i = 0; i < s.size(); ++i) {
    for (std::size_t j = i + 1; j < s.size(); ++j) {
      const double dx = torus_delta(s[i].x, s[j].x, kWidth);
      const double dy = torus_delta(s[i].y, s[j].y, kHeight);
      const bool apart = std::abs(dx) >= kMinSeparation || std::abs(dy) >= kMinSeparation;
      if (!apart && (dx != 0 || dy != 0)) {
        throw InputError("state[" + std::to_string(i) + "], state[" + std::to_string(j) + "]",
                         "birds " + shown(dx) + ", " + shown(dy) + " apart",
                         "birds in one place or at least 1e-150 apart along an axis");
      }
    }
  }
}

void check_weight(std::string_view field, double w) {
  // NaN fails both comparisons, so it is refused here too.
  if (!(w >= 0.0 && w <= 1.0)) {
    throw InputError(field, shown(w), "a number in [0, 1]");
  }
}

Weights parse_weights(std::string_view text) {
  static constexpr const char* kNames[] = {"cohesion", "alignment", "separation"};
  double w[3] = {};
  std::string_view rest = text;
  for (int k = 0; k < 3; ++k) {
    const std::size_t comma = k < 2 ? rest.find(',') : rest.npos;
    const std::string_view part = rest.substr(0, comma);
    if ((k < 2 && comma == rest.npos) || (k == 2 && part.find(',') != part.npos)) {
      throw InputError("weights", text, "three numbers C,A,S each in [0, 1]");
    }
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), w[k]);
    if (part.empty() || ec != std::errc() || end != part.data() + part.size()) {
      throw InputError(std::string(kNames[k]) + " weight", part, "a number in [0, 1]");
    }
    check_weight(std::string(kNames[k]) + " weight", w[k]);
    rest = k < 2 ? rest.substr(comma + 1) : rest;
  }
  return {w[0], w[1], w[2]};
}

void check_schedule(const Schedule& schedule) {
  int previous = -1;
  for (std::size_t k = 0; k < schedule.size(); ++k) {
    const WeightChange& c = schedule[k];
    const std::string where = "schedule[" + std::to_string(k) + "]";
    if (c.tick < 0 || c.tick > kMaxAtTick || c.tick <= previous) {
      throw InputError(where + ".tick", std::to_string(c.tick),
                       "integer 0..20000, strictly increasing");
    }
    check_weight(where + ".cohesion", c.weights.cohesion);
    check_weight(where + ".alignment", c.weights.alignment);
    check_weight(where + ".separation", c.weights.separation);
    previous = c.tick;
  }
}

}  // namespace susurration
