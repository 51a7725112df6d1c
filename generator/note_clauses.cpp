// One table: flag -> clause, with the few flags whose rule depends on the
// file (a bird alone, at exactly 90 or in one place is a step rule in
// step.json and a metric rule in metrics.json).
#include "note_clauses.hpp"

#include <map>
#include <stdexcept>
#include <utility>

namespace susurration::generator {

std::string note_clause(const std::string& category, const std::string& flag) {
  static const std::map<std::pair<std::string, std::string>, std::string> by_file = {
      {{"metrics", "LoneBird"}, "METRIC-4"},        {{"metrics", "Coincident"}, "METRIC-4"},
      {{"metrics", "ExactlyNinety"}, "METRIC-3"},   {{"metrics", "JustInsideNinety"}, "METRIC-3"},
      {{"torus", "HardToRound"}, "FIELD-4"},        {{"torus", "SizeCoordinate"}, "FIELD-3"},
  };
  static const std::map<std::string, std::string> clause_of = {
      // The wrap and the distance (FIELD-*).
      {"Seam", "FIELD-3"}, {"ExactlyHalf", "FIELD-3"}, {"NearHalf", "FIELD-3"}, {"Zero", "FIELD-3"},
      {"SizeCoordinate", "FIELD-2"}, {"ExactDistance", "FIELD-4"}, {"Rounding", "FIELD-4"},
      {"BandInside", "FIELD-6"}, {"BandOutside", "FIELD-6"}, {"MidpointTie", "FIELD-6"},
      {"TinyNegativeWrap", "FIELD-5"}, {"LandsOnTheSeam", "FIELD-5"},
      // The generator and initialisation.
      {"SpecValues", "PRNG-3"}, {"Division", "PRNG-2"}, {"SeedEdge", "PRNG-1"}, {"LongSequence", "PRNG-1"},
      {"Jump", "PRNG-1"}, {"CountBounds", "PRNG-1"}, {"RequestId", "PROTO-4"}, {"ManyBirds", "PRNG-1"},
      {"DrawOrder", "INIT-1"}, {"SpeedFormula", "INIT-2"}, {"SinCos", "INIT-3"}, {"HardToRound", "DET-2"},
      // The step.
      {"Synchronous", "STEP-1"}, {"ExactlyNinety", "STEP-2"}, {"JustInsideNinety", "STEP-2"},
      {"AlignmentFormula", "STEP-4"}, {"Coincident", "STEP-5"}, {"ExactlyTwentyEight", "STEP-5"},
      {"JustInsideTwentyEight", "STEP-5"}, {"LoneBird", "STEP-6"}, {"ForceOrder", "STEP-6"},
      {"MaxSpeed", "STEP-7"}, {"MinSpeed", "STEP-7"}, {"ZeroSpeed", "STEP-7"}, {"SubnormalSpeed", "STEP-7"},
      {"VelocityBound", "STEP-7"}, {"ManyTicks", "SESSION-2"}, {"MostWorkStep", "SESSION-2"}, {"PastChaosHorizon", "TOL-4"},
      {"WeightOne", "WEIGHTS-1"}, {"WeightZero", "WEIGHTS-1"},
      {"Float64", "STATE-1"}, {"SubnormalValue", "SERIAL-1"}, {"IndexOrder", "STATE-2"},
      {"SignOfZero", "SERIAL-1"},
      // The metrics.
      {"Aligned", "METRIC-2"}, {"Opposed", "METRIC-2"}, {"UnitVelocity", "METRIC-2"},
      {"Transitive", "METRIC-3"}, {"NearlyEquidistant", "METRIC-4"}, {"Isolated", "METRIC-5"},
      {"NullMean", "METRIC-5"}, {"ExactlyTwoSeventy", "METRIC-5"}, {"JustInsideTwoSeventy", "METRIC-5"},
      {"Seeded", "METRIC-1"},
      // Runs.
      {"Trajectory", "SESSION-1"}, {"LargeFlock", "SESSION-1"}, {"SingleRule", "SESSION-1"},
      {"Snapshot", "SESSION-1"}, {"LongRun", "INPUT-6"}, {"MostWorkRun", "INPUT-6"}, {"RunBounds", "INPUT-6"},
      {"NearChaosHorizon", "TOL-8"}, {"WeightChange", "WEIGHTS-3"}, {"Verify", "TRACE-1"},
      {"NumberForms", "INPUT-3"},
      {"Fresh", "SESSION-1"}, {"Fuzzed", "SESSION-1"},
      // Printing and hashing.
      {"BinaryValue", "SERIAL-2"}, {"TieToEven", "SERIAL-2"}, {"NegativeZero", "SERIAL-3"}, {"Hash", "DET-3"},
      // Refusals: every class of bad value is refused, never coerced,
      // clamped or guessed (PROTO-9 rule 5), whichever parameter it is in.
      {"WrongType", "PROTO-9"}, {"ZeroFraction", "PROTO-9"}, {"OutOfRange", "PROTO-9"},
      {"NonFinite", "PROTO-9"}, {"Missing", "PROTO-9"}, {"Shape", "PROTO-9"}, {"OneUlpOutside", "PROTO-9"},
      {"Wraparound", "INPUT-1"}, {"Order", "INPUT-7"}, {"TooClose", "INPUT-9"}, {"VelocityRange", "INPUT-9"},
      {"ZeroVelocity", "INPUT-9"},
  };
  if (const auto it = by_file.find({category, flag}); it != by_file.end()) return it->second;
  if (const auto it = clause_of.find(flag); it != clause_of.end()) return it->second;
  throw std::logic_error(category + ".json: flag " + flag + " belongs to no clause (generator/note_clauses.cpp)");
}

}  // namespace susurration::generator
