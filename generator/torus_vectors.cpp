// torus.json: shortest signed deltas and distances on the torus (FIELD-1, FIELD-3, FIELD-4).
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <tuple>

#include "constructed_states.hpp"
#include "files.hpp"
#include "fresh.hpp"
#include "hard_cases.hpp"
#include "susurration/constants.hpp"
#include "susurration/torus.hpp"

namespace susurration::generator {

Case torus_delta_case(std::string id, std::string comment, std::vector<std::string> flags, double a, double b,
                      double size) {
  return {std::move(id), std::move(comment), {"FIELD-1", "FIELD-3"}, std::move(flags), compare_exact(),
          {{"a", a}, {"b", b}}, {{"delta", torus_delta(a, b, size)}}};
}

Case torus_distance_case(std::string id, std::string comment, std::vector<std::string> clauses,
                         std::vector<std::string> flags, Json compare, const Bird& from, const Bird& to) {
  const Delta d = torus_delta(from, to);
  return {std::move(id), std::move(comment), std::move(clauses), std::move(flags), std::move(compare),
          {{"from", {from.x, from.y}}, {"to", {to.x, to.y}}},
          {{"dx", d.dx}, {"dy", d.dy}, {"distance", torus_distance(d)}}};
}

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct DeltaCase {
  const char* name;
  double a;
  double b;
  const char* comment;
  std::vector<std::string> flags;
};

Group delta_group(const char* axis, double size) {
  const double half = size / 2;
  const double above = std::nextafter(half, kInf);
  const double below = std::nextafter(half, 0.0);
  const std::vector<DeltaCase> cases = {
      {"exactly-plus-half-is-not-wrapped", 0.0, half, "b - a is exactly +size/2: left as it is.",
       {"ExactlyHalf"}},
      {"exactly-plus-half-mid-field-is-not-wrapped", size / 4, 3 * size / 4,
       "+size/2 away from a quarter of the field.", {"ExactlyHalf"}},
      {"exactly-minus-half-is-not-wrapped", half, 0.0, "b - a is exactly -size/2: left as it is.",
       {"ExactlyHalf"}},
      {"exactly-minus-half-from-the-size-is-not-wrapped", size, half,
       "-size/2 away from a coordinate equal to the size.", {"ExactlyHalf", "SizeCoordinate"}},
      {"one-ulp-above-plus-half-is-wrapped", 0.0, above, "Just over +size/2: wrapped to negative.",
       {"NearHalf"}},
      {"one-ulp-below-plus-half-is-not-wrapped", 0.0, below, "Just under +size/2: left alone.",
       {"NearHalf"}},
      {"one-ulp-beyond-minus-half-is-wrapped", above, 0.0, "Just past -size/2: wrapped to positive.",
       {"NearHalf"}},
      {"one-ulp-inside-minus-half-is-not-wrapped", below, 0.0, "Just inside -size/2: left alone.",
       {"NearHalf"}},
      {"equal-coordinates-give-zero", 123.25, 123.25, "The same coordinate twice.", {"Zero"}},
      {"zero-to-the-size-is-zero", 0.0, size, "0 and the size are the same place on the torus.",
       {"SizeCoordinate"}},
      {"the-size-to-zero-is-zero", size, 0.0, "The size and 0, the other way.", {"SizeCoordinate"}},
      {"across-the-seam-forwards", size - 5, 5.0, "Five before the seam to five after it: +10.",
       {"Seam"}},
      {"across-the-seam-backwards", 5.0, size - 5, "Five after the seam to five before it: -10.",
       {"Seam"}},
      {"ordinary-delta", 123.456, 0.3 * size, "An ordinary delta, no wrapping.", {}},
  };
  Group g{std::string("Deltas along ") + axis + ", size " + (size == kWidth ? "1000." : "600."),
          {{"axis", axis}, {"size", size}},
          {}};
  for (const DeltaCase& c : cases) {
    g.cases.push_back(torus_delta_case(std::string("torus-") + axis + "-" + c.name, c.comment, c.flags, c.a, c.b, size));
  }
  return g;
}

struct DistanceCase {
  const char* name;
  Bird from;
  Bird to;
  const char* comment;
  std::vector<std::string> flags;
};

Group distance_group() {
  const std::vector<DistanceCase> cases = {
      {"exactly-90", {100, 100, 0, 0}, {154, 172, 0, 0}, "54-72-90: exactly the perception radius.",
       {"ExactDistance"}},
      {"exactly-28", {300, 200, 0, 0}, {300, 228, 0, 0}, "Exactly the separation radius.",
       {"ExactDistance"}},
      {"exactly-270-across-both-seams", {900, 500, 0, 0}, {62, 116, 0, 0},
       "162-216-270 across both seams: exactly the nearest-neighbour limit.",
       {"ExactDistance", "Seam"}},
      {"zero", {10, 20, 0, 0}, {10, 20, 0, 0}, "Two birds at the same position.", {"Zero"}},
      {"size-and-zero-coincide", {1000, 600, 0, 0}, {0, 0, 0, 0},
       "A bird at (1000, 600) stands where a bird at (0, 0) stands.", {"SizeCoordinate", "Zero"}},
      {"half-field-on-both-axes", {0, 0, 0, 0}, {500, 300, 0, 0},
       "The farthest two birds can be: neither delta is wrapped.", {"ExactlyHalf"}},
      {"across-the-seam", {990, 590, 0, 0}, {20, 30, 0, 0}, "30-40-50 across both seams.",
       {"Seam", "ExactDistance"}},
      {"inexact-hypot-near-90", {411.37, 87.21, 0, 0}, {480.02, 145.5, 0, 0},
       "A distance that is not a double: the correctly rounded hypot decides the last bit.",
       {"Rounding"}},
      {"inexact-hypot-small", {1.0, 1.0, 0, 0}, {1.1, 1.3, 0, 0},
       "A short inexact distance, as separation sees them.", {"Rounding"}},
  };
  Group g{"Deltas and distances between two positions.", Json::object(), {}};
  for (const DistanceCase& c : cases) {
    g.cases.push_back(torus_distance_case(std::string("torus-distance-") + c.name, c.comment,
                                          {"FIELD-3", "FIELD-4", "DET-2"}, c.flags, compare_ulps(1), c.from, c.to));
  }
  return g;
}

// Distances a tiny fraction of an ulp from a midpoint between two doubles,
// in several binades (issue 17): a hypot that is not correctly rounded is
// likely to round some of them the other way. They are compared in ulps(2),
// not ulps(1): V8's Math.hypot, which is not faithful, comes out 2 ulps off
// on one of them (about 60.8), and the Node engine must stay conformant.
// Below the midpoint: the identity X^2 + Y^2 = m(m + 1); above: the integer
// search. From (1, 2), so the deltas are the legs exactly.
Group hard_to_round_group() {
  struct Hard {
    const char* name;
    HardLegs legs;
  };
  const std::vector<Hard> cases = {
      {"about-20-just-below-a-midpoint", hard_hypot_below_midpoint(4, 0.25)},
      {"about-24-just-below-a-midpoint", hard_hypot_below_midpoint(4, 0.5)},
      {"about-45-just-below-a-midpoint", hard_hypot_below_midpoint(5, 0.4)},
      {"about-60-just-below-a-midpoint", hard_hypot_below_midpoint(5, 0.9)},
      {"about-80-just-below-a-midpoint", hard_hypot_below_midpoint(6, 0.25)},
      {"about-112-just-below-a-midpoint", hard_hypot_below_midpoint(6, 0.75)},
      {"about-150-just-below-a-midpoint", hard_hypot_below_midpoint(7, 0.2)},
      {"about-220-just-below-a-midpoint", hard_hypot_below_midpoint(7, 0.7)},
      {"about-280-just-below-a-midpoint", hard_hypot_below_midpoint(8, 0.1)},
      {"about-20-just-above-a-midpoint", hard_hypot_above_midpoint(4, 0.25)},
      {"about-50-just-above-a-midpoint", hard_hypot_above_midpoint(5, 0.55)},
      {"about-100-just-above-a-midpoint", hard_hypot_above_midpoint(6, 0.55)},
      {"about-200-just-above-a-midpoint", hard_hypot_above_midpoint(7, 0.55)},
  };
  Group g{"Hard-to-round distances (FIELD-4, DET-2, issue 17): a correctly rounded hypot gets every bit.",
          Json::object(), {}};
  for (const Hard& c : cases) {
    const Bird from{1, 2, 0, 0};
    const Bird to{along(1, c.legs.dx), along(2, c.legs.dy), 0, 0};
    const Delta d = torus_delta(from, to);
    if (hypot_midpoint_distance(d.dx, d.dy) > 1e-4) {
      throw std::logic_error(std::string("torus: ") + c.name + " is not hard to round");
    }
    // FIELD-3 too: the distance is FIELD-4's of the FIELD-3 deltas, and a
    // wrong delta fails it as surely as a wrong rounding.
    g.cases.push_back(torus_distance_case(std::string("torus-distance-hard-to-round-") + c.name, c.legs.position,
                                          {"FIELD-4", "DET-2", "FIELD-3"}, {"HardToRound"}, compare_ulps(2), from,
                                          to));
  }
  return g;
}

}  // namespace

// The notes of torus.json's flags, which its fresh twin shares (fresh_vectors.cpp).
std::map<std::string, Note> torus_notes() {
  return
               {{"ExactlyHalf",
                 {"boundary", "A delta of exactly half the field is not wrapped (FIELD-3). An engine "
                              "using >= instead of > flips its sign, and the pair's forces point the "
                              "other way."}},
                {"NearHalf",
                 {"boundary", "One ulp either side of half the field: wrapped beyond, not inside."}},
                {"SizeCoordinate",
                 {"wrap", "A coordinate equal to the size is legal (FIELD-2, FIELD-5) and is the "
                          "same place as 0; a delta involving it must still be the shortest."}},
                {"Seam",
                 {"wrap", "Pairs across the seam are close. An engine that forgets the torus sees "
                          "them a whole field apart."}},
                {"Zero", {"degenerate", "Equal coordinates give a delta and distance of exactly 0."}},
                {"ExactDistance",
                 {"boundary", "Distances that are exactly 28, 50, 90 or 270. A correctly rounded hypot "
                              "returns them exactly, and so does any reasonable libm; one that does "
                              "not makes the strict comparisons of STEP-2, STEP-5 and METRIC-5 go the "
                              "wrong way in the step and metrics vectors."}},
                {"HardToRound",
                 {"rounding", "Distances whose true value lies a tiny fraction of an ulp from a midpoint "
                              "between two doubles, found with integers and MPFR. A correctly rounded hypot "
                              "gets every bit; glibc's and V8's round some of them the other way (V8's by up "
                              "to 2 ulps, hence the class ulps(2)): pass-tolerant, not exact."}},
                {"Rounding",
                 {"rounding", "Distances that are not doubles. A hypot that is not correctly rounded "
                              "may be one ulp off: within the class, not exact."}}};
}

VectorFile torus_vectors() {
  VectorFile f{"torus",
               {"Shortest signed deltas per axis and torus distances, on the edges of the wrap rule."},
               torus_notes(),
               {}};
  f.groups.push_back(delta_group("x", kWidth));
  f.groups.push_back(delta_group("y", kHeight));
  // The size is a number, so `1000` is the same size as `1000.0` (PROTOCOL.md,
  // Methods), a form the kit writes nowhere else (spec/must-accept.md).
  Group whole{"Deltas along x, the size written 1000, an integer.", {{"axis", "x"}, {"size", 1000}}, {}};
  whole.cases.push_back(torus_delta_case("torus-x-size-written-as-an-integer-across-the-seam",
                                         "Five before the seam to five after it, the size written 1000: +10.",
                                         {"Seam"}, kWidth - 5, 5.0, kWidth));
  whole.cases.push_back(torus_delta_case("torus-x-size-written-as-an-integer-exactly-plus-half",
                                         "b - a exactly +size/2, the size written 1000: left as it is.",
                                         {"ExactlyHalf"}, 250.0, 750.0, kWidth));
  f.groups.push_back(std::move(whole));
  f.groups.push_back(distance_group());
  f.groups.push_back(hard_to_round_group());
  return f;
}

// Drawn coordinates on each axis, and a drawn pair exactly half the field
// apart each way (multiples of 1/1024, so the sum is exact); drawn pairs of
// positions. Distances are compared in ulps(2), the class of the
// hard-to-round ones: a drawn distance may be one where a hypot that is
// not correctly rounded is 2 ulps off (V8's is, on some).
std::vector<Group> fresh_torus_groups(Draws& draw) {
  std::vector<Group> groups;
  for (const auto& [axis, size] : {std::pair<std::string, double>{"x", kWidth}, {"y", kHeight}}) {
    // x's size written 1000, an integer, as one published group does (spec/must-accept.md).
    Group g{"Drawn deltas along " + axis + ".", {{"axis", axis}, {"size", axis == "x" ? Json(1000) : Json(size)}}, {}};
    auto push = [&](const std::string& name, double a, double b, const std::string& comment, const char* flag = nullptr) {
      std::vector<std::string> flags = {"Fresh"};
      if (flag) flags.push_back(flag);
      g.cases.push_back(torus_delta_case("fresh-torus-" + axis + "-" + name, comment, flags, a, b, size));
    };
    for (int k = 1; k <= 3; ++k) {
      push("drawn-" + std::to_string(k), draw.uniform(0, size), draw.uniform(0, size), "Two drawn coordinates.");
    }
    const double a = static_cast<double>(draw.integer(0, static_cast<std::int64_t>(size) * 512)) / 1024;
    push("drawn-exactly-plus-half", a, a + size / 2, "A drawn coordinate and the one half the field after it.",
         "ExactlyHalf");
    push("drawn-exactly-minus-half", a + size / 2, a, "The same pair the other way.", "ExactlyHalf");
    // The flags of the published deltas (issue 53), each at drawn coordinates.
    const double near = static_cast<double>(draw.integer(0, static_cast<std::int64_t>(size) * 512 - 1)) / 1024;
    push("drawn-one-ulp-above-plus-half", near, std::nextafter(near + size / 2, kInf),
         "A drawn coordinate and one ulp past half the field after it: wrapped.", "NearHalf");
    push("drawn-one-ulp-inside-minus-half", std::nextafter(near + size / 2, 0.0), near,
         "One ulp inside half the field, backwards: not wrapped.", "NearHalf");
    push("drawn-from-the-size", size, draw.uniform(0, size), "From a coordinate equal to the size.", "SizeCoordinate");
    const double before = size - draw.uniform(0.001, size / 4), after = draw.uniform(0, size / 4);
    push("drawn-across-the-seam", before, after, "Before the seam to after it.", "Seam");
    const double same = draw.uniform(0, size);
    push("drawn-equal-coordinates", same, same, "A drawn coordinate twice.", "Zero");
    groups.push_back(std::move(g));
  }
  Group d{"Drawn deltas and distances between two positions.", Json::object(), {}};
  auto distance = [&](const std::string& name, const std::string& comment, std::vector<std::string> flags,
                      const Bird& from, const Bird& to) {
    d.cases.push_back(torus_distance_case("fresh-torus-distance-" + name, comment, {"FIELD-3", "FIELD-4", "DET-2"},
                                          std::move(flags), compare_ulps(2), from, to));
  };
  for (int k = 1; k <= 4; ++k) {
    const Bird from{draw.uniform(0, kWidth), draw.uniform(0, kHeight), 0, 0};
    const Bird to{draw.uniform(0, kWidth), draw.uniform(0, kHeight), 0, 0};
    const Delta delta = torus_delta(from, to);
    // Rounding: the distance is not a double (it almost never is).
    const bool inexact = hypot_midpoint_distance(delta.dx, delta.dy) < 0.5;
    distance("drawn-" + std::to_string(k), "Two drawn positions.",
             inexact ? std::vector<std::string>{"Fresh", "Rounding"} : std::vector<std::string>{"Fresh"}, from, to);
  }
  // An exact distance: a drawn multiple of a Pythagorean triple, either way
  // round, from a drawn place on a 1/1024 grid (so every coordinate is
  // exact), across the seams when it reaches them.
  const int triples[][3] = {{3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {7, 24, 25}, {20, 21, 29}};
  const auto& t = triples[draw.integer(0, 4)];
  const double scale = static_cast<double>(draw.integer(1, 270 / t[2]));  // at most 270 apart
  const bool turned = draw.unit() < 0.5;
  const double ex = scale * (turned ? t[1] : t[0]), ey = scale * (turned ? t[0] : t[1]);
  const Bird from{static_cast<double>(draw.integer(0, 1000 * 1024 - 1)) / 1024,
                  static_cast<double>(draw.integer(0, 600 * 1024 - 1)) / 1024, 0, 0};
  const Bird to{wrapped(from.x + ex, kWidth), wrapped(from.y + ey, kHeight), 0, 0};
  const Delta exact = torus_delta(from, to);
  if (exact.dx != ex || exact.dy != ey || hypot_midpoint_distance(ex, ey) != 0.5) {
    throw std::logic_error("fresh torus: a drawn triple's delta is not its legs");
  }
  std::vector<std::string> flags = {"Fresh", "ExactDistance"};
  if (from.x + ex >= kWidth || from.y + ey >= kHeight) flags.push_back("Seam");
  distance("drawn-exact", "A drawn multiple of a Pythagorean triple: the distance is an integer.", flags, from, to);
  // Hard to round: a drawn binade and place in it, below and above a
  // midpoint (hard_cases.hpp), from a drawn place within the legs' binades.
  // (Binades 16 to 256: every leg stays below half the field.)
  for (const bool below : {true, false}) {
    auto hard = [&] {
      const int e = static_cast<int>(draw.integer(4, 7));
      const double fraction = draw.uniform(0.05, 0.95);
      return below ? hard_hypot_below_midpoint(e, fraction) : hard_hypot_above_midpoint(e, fraction);
    };
    auto start = [&](double leg) {
      const double top = std::exp2(std::floor(std::log2(leg)) + 1);
      return static_cast<double>(draw.integer(0, static_cast<std::int64_t>((top - leg) * 1024))) / 1024;
    };
    const auto [at, to_hard, legs] = drawn_until(100, hard, [&](const HardLegs& l) {
      const Bird a{start(l.dx), start(l.dy), 0, 0};
      const Bird b{a.x + l.dx, a.y + l.dy, 0, 0};
      const Delta h = torus_delta(a, b);
      if (h.dx != l.dx || h.dy != l.dy || hypot_midpoint_distance(h.dx, h.dy) > 1e-4) {
        throw std::logic_error("fresh torus: a drawn hard-to-round distance is not hard to round");
      }
      return std::tuple{a, b, l};
    });
    distance(std::string("drawn-hard-to-round-") + (below ? "below" : "above") + "-a-midpoint", legs.position,
             {"Fresh", "HardToRound"}, at, to_hard);
  }
  groups.push_back(std::move(d));
  return groups;
}

}  // namespace susurration::generator
