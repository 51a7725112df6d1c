// serialisation.json: rounded output forms (SERIAL-2, SERIAL-3) and the state hash (DET-3).
#include <cmath>

#include "files.hpp"
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

Group rounding_group(int places, const std::vector<Rounding>& cases) {
  Group g{"Rounding to " + std::to_string(places) + " decimals.", {{"places", places}}, {}};
  for (const Rounding& c : cases) {
    // A negative value that rounds to zero is first of all a SERIAL-3 case.
    std::vector<std::string> clauses = {"SERIAL-2"};
    if (std::signbit(c.value)) {
      clauses.insert(clauses.begin(), "SERIAL-3");
    }
    g.cases.push_back({"serialise-" + std::to_string(places) + "-decimals-" + c.name, c.comment,
                       clauses, c.flags, compare_exact(), {{"value", c.value}},
                       {{"text", round_decimals(c.value, places)}}});
  }
  return g;
}

Case hash_case(const std::string& name, const State& s, const std::string& comment) {
  return {"state-hash-" + name, comment, {"DET-3"}, {"Hash"}, compare_exact(),
          {{"state", state_json(s)}}, {{"hash", hex64(state_hash(s))}}};
}

}  // namespace

VectorFile serialisation_vectors() {
  VectorFile f{"serialisation",
               {"Rounded output forms: positions and velocities to 2 decimals, metrics to 4, the "
                "exact binary value rounded with ties to even; and the state hash."},
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
                          "Hashing the text or big-endian bytes gives another value."}}},
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
          {"the-field-size", 1000.0, "A coordinate equal to the size.", {}}}));
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
  f.groups.push_back(std::move(hashes));
  return f;
}

}  // namespace susurration::generator
