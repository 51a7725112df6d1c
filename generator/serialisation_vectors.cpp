// serialisation.json: rounded output forms (SERIAL-2, SERIAL-3) and the state hash (DET-3).
#include <cmath>
#include <cstdint>
#include <tuple>

#include "files.hpp"
#include "fresh.hpp"
#include "susurration/init.hpp"
#include "susurration/serialise.hpp"

namespace susurration::generator {
namespace {

struct Rounding {
  const char* name;
  double value;
  const char* comment;
  std::vector<std::string> flags;
};

Case rounding_case(const std::string& id, int places, double value, std::string comment,
                   std::vector<std::string> flags) {
  // A negative value that rounds to zero is first of all a SERIAL-3 case.
  std::vector<std::string> clauses = {"SERIAL-2"};
  if (std::signbit(value)) {
    clauses.insert(clauses.begin(), "SERIAL-3");
  }
  return {id, std::move(comment), clauses, std::move(flags), compare_exact(), {{"value", value}},
          {{"text", round_decimals(value, places)}}};
}

Group rounding_group(int places, const std::vector<Rounding>& cases) {
  Group g{"Rounding to " + std::to_string(places) + " decimals.", {{"places", places}}, {}};
  for (const Rounding& c : cases) {
    g.cases.push_back(rounding_case("serialise-" + std::to_string(places) + "-decimals-" + c.name, places, c.value,
                                    c.comment, c.flags));
  }
  return g;
}

Case hash_case(const std::string& name, const State& s, const std::string& comment) {
  return {"state-hash-" + name, comment, {"DET-3"}, {"Hash"}, compare_exact(),
          {{"state", state_json(s)}}, {{"hash", hex64(state_hash(s))}}};
}

}  // namespace

// The notes of serialisation.json's flags, which its fresh twin shares (fresh_vectors.cpp).
std::map<std::string, Note> serialisation_notes() {
  return
               {{"BinaryValue",
                 {"rounding", "The exact binary value is rounded, not its shortest decimal: 2.675 "
                              "is stored just below 2.675 and rounds down. Engines that round the "
                              "decimal text, or add 0.5 and truncate, round it up."}},
                {"TieToEven",
                 {"rounding", "Values exactly halfway (0.125 is a double) round to the even digit. "
                              "Round-half-up gives 0.13 instead of 0.12."}},
                {"NegativeZero",
                 {"format", "A value that rounds to zero prints without a sign (SERIAL-3): -0.001 is "
                            "0.00, not -0.00."}},
                {"Hash",
                 {"hash", "FNV-1a over the little-endian IEEE bits of x, y, vx, vy per bird (DET-3). "
                          "Hashing the text or big-endian bytes gives another value."}}};
}

VectorFile serialisation_vectors() {
  VectorFile f{"serialisation",
               {"Rounded output forms: positions and velocities to 2 decimals, metrics to 4, the "
                "exact binary value rounded with ties to even; and the state hash."},
               serialisation_notes(),
               {}};
  f.groups.push_back(rounding_group(
      2, {{"binary-value-below-the-tie", 2.675, "2.675 is stored below the tie: 2.67.", {"BinaryValue"}},
          {"binary-value-above-the-tie", 0.005, "0.005 is stored just above the tie: 0.01.", {"BinaryValue"}},
          {"tie-rounds-to-even-down", 0.125, "An exact tie: 0.12.", {"TieToEven"}},
          {"tie-rounds-to-even-up", 0.375, "An exact tie: 0.38.", {"TieToEven"}},
          {"negative-tie", -0.125, "A negative exact tie: -0.12.", {"TieToEven"}},
          {"negative-zero", -0.0, "-0.0 prints as 0.00.", {"NegativeZero"}},
          {"tiny-negative", -0.001, "Rounds to zero: no sign.", {"NegativeZero"}},
          {"small-negative-keeps-its-sign", -0.005, "Rounds to -0.01: the sign stays.", {"NegativeZero"}},
          {"position", 601.1037519201636, "Seed 42's first x.", {}},
          {"carries-into-the-integer", 999.999, "Rounds up to 1000.00.", {"BinaryValue"}},
          {"the-field-size", 1000.0, "A coordinate equal to the size.", {}},
          {"the-smallest-subnormal", 5e-324, "2^-1074, whose exact value has 751 decimals: 0.00.", {"BinaryValue"}},
          // round takes any finite double (spec/must-accept.md): the largest
          // is an integer of 309 digits, so no fixed buffer or int64 holds it.
          {"the-largest-double", -1.7976931348623157e308, "-(2 - 2^-52) * 2^1023, an integer of 309 digits: .00 "
           "appended.", {"BinaryValue"}}}));
  f.groups.push_back(rounding_group(
      4, {{"tie-rounds-to-even-down", 0.03125, "An exact tie: 0.0312.", {"TieToEven"}},
          {"tie-rounds-to-even-up", 0.09375, "An exact tie: 0.0938.", {"TieToEven"}},
          {"polarization", 0.6011037519201636, "A metric-sized value.", {}},
          {"negative-zero", -0.00004, "Rounds to zero: no sign.", {"NegativeZero"}},
          {"one", 1.0, "Polarization of an aligned flock.", {}}}));
  Group hashes{"The state hash of DET-3.", Json::object(), {}};
  hashes.cases.push_back(hash_case("one-bird", {{1.0, 2.5, -0.0, 600.0}},
                                   "One bird; the sign of zero is part of the bits."));
  hashes.cases.push_back(hash_case("seed-42-ten-birds", initialise(42, 10),
                                   "The initial state of seed 42 with 10 birds."));
  hashes.cases.push_back(hash_case("seed-9-400-birds", initialise(9, 400),
                                   "The most birds a state may hold (DET-3 over 400): a hash that stops "
                                   "early, or a 32-bit accumulator, shows only past the first birds."));
  hashes.cases.push_back(hash_case("a-state-no-step-could-take",
                                   {{1500.0, -3.0, 0.0, 0.0}, {0.0, 0.0, 2.0, 0.0}, {1e-300, 0.0, 0.0, 2.0}},
                                   "Off the field, speed 0 and a pair 1e-300 apart: hash takes any finite "
                                   "state (INPUT-9 checks only step and metrics), so it hashes, not refuses."));
  f.groups.push_back(std::move(hashes));
  return f;
}

// Drawn values at 2 and 4 decimals, with a drawn exact tie each: an odd
// multiple of 1/8 ends in 5 at the third decimal, one of 1/32 at the fifth,
// and both are doubles. And the hash of a drawn initial state.
std::vector<Group> fresh_serialisation_groups(Draws& draw) {
  std::vector<Group> groups;
  for (const auto& [places, scale, tie] : {std::tuple{2, 1000.0, 8.0}, std::tuple{4, 1.0, 32.0}}) {
    const std::string prefix = "fresh-serialise-" + std::to_string(places) + "-decimals-";
    Group g{"Drawn values rounded to " + std::to_string(places) + " decimals.", {{"places", places}}, {}};
    for (int k = 1; k <= 3; ++k) {
      g.cases.push_back(rounding_case(prefix + "drawn-" + std::to_string(k), places, draw.uniform(-scale, scale),
                                      "A drawn value.", {"Fresh"}));
    }
    const double odd = static_cast<double>(2 * draw.integer(0, static_cast<std::int64_t>(scale * tie) / 2) + 1);
    const double sign = draw.unit() < 0.5 ? -1.0 : 1.0;
    g.cases.push_back(
        rounding_case(prefix + "drawn-tie", places, sign * odd / tie, "A drawn exact tie.", {"Fresh", "TieToEven"}));
    // A decimal tie that is no double: (2k + 1) / (2 10^places) is stored
    // above or below it, and the stored value decides (5^places does not
    // divide 2k + 1, else it would be an exact binary tie).
    const double ten = std::pow(10.0, places);
    std::int64_t k = draw.integer(0, static_cast<std::int64_t>(scale * ten) - 1);
    if ((2 * k + 1) % static_cast<std::int64_t>(std::pow(5.0, places)) == 0) ++k;
    g.cases.push_back(rounding_case(prefix + "drawn-binary-value", places, static_cast<double>(2 * k + 1) / (2 * ten),
                                    "A drawn decimal tie, stored as the double nearest it.", {"Fresh", "BinaryValue"}));
    g.cases.push_back(rounding_case(prefix + "drawn-negative-rounding-to-zero", places,
                                    -draw.uniform(0, 0.499) / ten, "A drawn negative value that rounds to zero.",
                                    {"Fresh", "NegativeZero"}));
    groups.push_back(std::move(g));
  }
  const std::uint32_t seed = draw.u32();
  const int n = static_cast<int>(draw.integer(10, 40));
  Group hashes{"The state hash of a drawn state.", Json::object(), {}};
  Case c = hash_case("", initialise(seed, n), "The initial state of a drawn seed and bird count.");
  c.id = "fresh-state-hash-seed-" + std::to_string(seed) + "-" + std::to_string(n) + "-birds";
  c.flags = {"Fresh", "Hash"};
  hashes.cases.push_back(std::move(c));
  groups.push_back(std::move(hashes));
  return groups;
}

}  // namespace susurration::generator
