// What fuzz's cases of a state (fuzz_cases.cpp), its runs and band pairs
// (fuzz_runs.cpp) and its shrinking (fuzz_shrink.cpp) share: drawing, the
// conditioning copies, the margin check and INPUT-9. Internal to the
// generator's fuzz sources.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <vector>

#include "fuzz_cases.hpp"

namespace susurration::generator::fuzzing {

// Copies of a case run with every value one ulp off (the conditioning checks).
inline constexpr std::size_t kConditioningCopies = 3;

Bird heading(double x, double y, double speed, double angle);
std::string count(std::size_t n, const char* what);
std::string number(double v);  // to 3 significant digits, for words
double drawn_weight(Draws& d);  // 0, 1 or drawn

// Throws std::logic_error unless every pair of `s` is farther than kMargin
// from each of `limits`.
void check_clear_of(const std::string& id, const State& s, int tick, std::initializer_list<double> limits);

// Copy `copy` of `s` with every velocity (and position, when `positions`)
// one ulp up or down, positions kept on the field.
State moved(const State& s, std::size_t copy, bool positions);

// The most any value of `b` is from `a`'s, positions round the torus.
double farthest(const State& a, const State& b);
// Whether `s` passes INPUT-9 (a shrunk or drawn state must, to be asked).
bool legal(const State& s);

// fuzz_runs.cpp: a short run and a band pair drawn, a run's conditioning
// (throws std::logic_error when it is not well conditioned) and its
// smaller candidates.
FuzzInput draw_run(Draws& d);
FuzzInput draw_band(Draws& d);
void check_run_well_conditioned(const std::string& id, const FuzzInput& in);
std::vector<FuzzInput> shrink_run(const FuzzInput& in);

}  // namespace susurration::generator::fuzzing
