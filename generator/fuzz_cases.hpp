// Differential fuzzing's cases (issue 22, `susurration fuzz`): inputs drawn
// to find edges the published and fresh sets do not reach (crowds of up to
// 400 birds in one perception disc, pairs from 1e-150 apart up through every
// limit, speeds from INPUT-9's bounds down to forces that cancel, seams,
// birds in one place, drawn weights and ticks; torus deltas and distances
// on the seams, draws after skips up to 2^53 - 1, initial states, pairs within
// an ulp of a limit built as the fresh band cases are, and short runs whose
// run, run_from and verify are graded as a trajectory), each made a case in the
// published format of its file by the same helpers the published cases use.
// A difference is then shrunk (fewer birds and ticks, rounder values) and
// written out as a vector set that `grade --vectors` replays.
//
// What the reference answers is the expected value; whether a case is fair
// to a correct engine on another libm is decided by grading it with such
// engines (cli/fuzz_command.cpp), never here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fresh.hpp"
#include "susurration/simulation.hpp"
#include "susurration/state.hpp"
#include "vector_file.hpp"

namespace susurration::generator {

// One fuzz input: a method, and what it asks.
struct FuzzInput {
  enum class Method { step, metrics, hash, torus_delta, torus_distance, prng, init, run };
  Method method = Method::step;
  State state;      // step, metrics, hash; torus_distance: the two positions, from and to
  Weights weights;  // step; run: the initial weights
  int ticks = 1;    // step: 1..1000 (INPUT-4); run: its last tick
  double a = 0, b = 0, size = 0;  // torus_delta: from a to b on an axis of size 1000 or 600
  std::uint32_t seed = 0;         // prng: `count` draws after skipping `skip`; init, run: `count` birds
  // run: a trajectory case (its `run`, `run_from` from each anchor to the
  // next and to `ticks`, `verify` at each of `verify`).
  Schedule schedule;
  std::vector<int> anchors, verify;
  // step, metrics: `state` is a band pair built exactly within an ulp of
  // `limit` (fresh_bands.cpp), which every correct engine decides exactly
  // at tick 0 (FIELD-6): one tick, conditioned with its positions as given.
  bool band = false;
  double limit = 0;
  std::uint64_t skip = 0;
  int count = 1;
  std::string shape;  // how it was drawn, in words, for the case's comment
  // Shrinking's granularity: the most birds a candidate made from this
  // input leaves out at once (0: half of them). A candidate that leaves out
  // k birds carries k, so that the next round starts there rather than at
  // halves again, as delta debugging never goes back to a coarser split.
  std::size_t chunk = 0;
};

// How big an input is, in words: "12 birds and 3 ticks", "12 birds", "a
// delta on an axis of 1000", "a distance", "16 draws", "212 birds from seed 7".
std::string fuzz_size(const FuzzInput& input);

// The published file (and category) a method's cases belong to.
std::string fuzz_category(FuzzInput::Method method);

// An input drawn from `draw`, legal by INPUT-9 (drawn again until it is).
FuzzInput draw_fuzz_input(Draws& draw);

// The input as a case of its file, with the reference's answer, the file's
// comparison class and the clauses a case of its kind checks. Throws
// std::logic_error when the state is not legal (INPUT-9), or when a step of
// several ticks brings a pair within kMargin of 90 or 28 after its first
// tick: there the positions, which correct engines may have a few ulps
// apart, decide a neighbour (at tick 0 they are the request's, and every
// correct engine decides the limits exactly).
Case fuzz_case(const FuzzInput& input, const std::string& id);

// A step case is fair to every correct engine when correct engines on
// faithful libms agree within this share of its class (abs 1e-9; a
// trajectory's relative tolerance 1e-3 likewise): a
// thousandth, so that another libm, whose answer the class engines only
// sample, still lands well inside it (cli/fuzz_command.cpp grades them against
// narrowed(), never an engine under test).
inline constexpr double kFairShare = 1e-3;

// `files` with every step and trajectory case's class narrowed to kFairShare of itself.
// Not a publishable set (the schema fixes the step class): it only grades
// the class engines.
std::vector<VectorFile> narrowed(std::vector<VectorFile> files);

// The metrics case of a state, with the ulps class metrics.json gives a
// drawn flock (metrics_vectors.cpp).
Case metrics_case_of(const std::string& id, const std::string& comment, std::vector<std::string> clauses,
                     std::vector<std::string> flags, const State& state);

// Smaller or rounder inputs than `input`, the biggest reductions first:
// fewer birds (runs of at most input.chunk of them), fewer ticks, weights
// at 0 or 1, values with fewer digits.
// Each is legal by INPUT-9 and differs from `input` (fuzz_shrink.cpp).
std::vector<FuzzInput> shrink_candidates(const FuzzInput& input);

// The vector files of `cases` (each input beside its case), one group per
// case, only the files some case belongs to; `header` heads each file.
std::vector<VectorFile> fuzz_files(const std::vector<std::pair<FuzzInput, Case>>& cases, const std::string& header);

}  // namespace susurration::generator
