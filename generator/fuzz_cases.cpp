// Differential fuzzing's inputs and cases (fuzz_cases.hpp); shrinking them is
// fuzz_shrink.cpp.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>

#include "constructed_states.hpp"
#include "files.hpp"
#include "fuzz_cases.hpp"
#include "fuzz_parts.hpp"
#include "step_terms.hpp"
#include "susurration/constants.hpp"
#include "susurration/inputs.hpp"
#include "susurration/serialise.hpp"
#include "susurration/step.hpp"
#include "susurration/torus.hpp"

namespace susurration::generator {
namespace fuzzing {

Bird heading(double x, double y, double speed, double angle) {
  return {x, y, speed * std::cos(angle), speed * std::sin(angle)};
}

std::string count(std::size_t n, const char* what) { return std::to_string(n) + " " + what; }

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", v);
  return text;
}

double drawn_weight(Draws& d) {
  const double u = d.unit();
  return u < 0.2 ? 0.0 : u < 0.4 ? 1.0 : d.unit();
}

// Throws unless every pair of `s` is farther than kMargin from each of
// `limits` (the step's radii; for a run, the metrics' 90 and 270 too).
void check_clear_of(const std::string& id, const State& s, int tick, std::initializer_list<double> limits) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    for (std::size_t j = i + 1; j < s.size(); ++j) {
      const double d = torus_distance(torus_delta(s[i], s[j]));
      for (const double limit : limits) {
        if (std::fabs(d - limit) < kMargin) {
          throw std::logic_error(id + ": birds " + std::to_string(i) + " and " + std::to_string(j) +
                                 " are within kMargin of " + number(limit) + " at tick " + std::to_string(tick));
        }
      }
    }
  }
}

// One ulp up or down by the bits of (i, field, copy), staying on [0, size]
// for a position (size 0: a velocity).
double moved_one_ulp(double v, std::size_t key, double size) {
  const double inf = std::numeric_limits<double>::infinity();
  key = (key + 1) * 0x9E3779B97F4A7C15ull;
  double out = std::nextafter(v, (key >> 63) ? inf : -inf);
  if (size > 0 && (out < 0 || out > size)) out = std::nextafter(v, out < 0 ? inf : -inf);
  return out;
}

State moved(const State& s, std::size_t copy, bool positions) {
  State out = s;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::size_t key = (i * 4 + copy * 7919) * 4;
    if (positions) {
      out[i].x = moved_one_ulp(out[i].x, key, kWidth);
      out[i].y = moved_one_ulp(out[i].y, key + 1, kHeight);
    }
    out[i].vx = moved_one_ulp(out[i].vx, key + 2, 0);
    out[i].vy = moved_one_ulp(out[i].vy, key + 3, 0);
  }
  return out;
}

// The most any value of `b` is from `a`'s, positions round the torus.
double farthest(const State& a, const State& b) {
  double off = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    off = std::max({off, std::fabs(torus_delta(a[i].x, b[i].x, kWidth)), std::fabs(torus_delta(a[i].y, b[i].y, kHeight)),
                    std::fabs(a[i].vx - b[i].vx), std::fabs(a[i].vy - b[i].vy)});
    if (std::isnan(off)) return off;
  }
  return off;
}

bool legal(const State& s) {
  try {
    check_state(s);
    return true;
  } catch (const InputError&) {
    return false;
  }
}

}  // namespace fuzzing

using namespace fuzzing;

namespace {


double log_uniform(Draws& d, double lo_exponent, double hi_exponent) {
  return std::pow(10.0, d.uniform(lo_exponent, hi_exponent));
}

// Up to 400 birds in one disc of radius 1e-3..45: every pair is within 90,
// so every bird has every other as a neighbour, the most a state can give.
State clump(Draws& d, std::string& shape) {
  const int n = static_cast<int>(d.unit() < 0.3 ? d.integer(100, 400) : d.integer(2, 40));
  const double r = log_uniform(d, -3, std::log10(45.0));
  const double cx = d.uniform(0, kWidth), cy = d.uniform(0, kHeight);
  State s;
  for (int i = 0; i < n; ++i) {
    const double rho = r * std::sqrt(d.unit()), phi = d.uniform(0, 2 * kPi);
    s.push_back(heading(wrapped(cx + rho * std::cos(phi), kWidth), wrapped(cy + rho * std::sin(phi), kHeight),
                        log_uniform(d, -1, 1), d.uniform(0, 2 * kPi)));
  }
  shape = count(s.size(), "birds") + " in a disc of radius " + number(r);
  return s;
}

// A pair 1e-150..1 apart at the field's corner, where the doubles are fine
// enough to place it (near 500 an ulp is 1e-13), with a few birds around
// the corner across both seams.
State tiny_pair(Draws& d, std::string& shape) {
  const double a = d.unit() < 0.5 ? 0 : log_uniform(d, -150, -1);
  const double b = d.unit() < 0.5 ? 0 : log_uniform(d, -150, -1);
  const double distance = log_uniform(d, -150, 0), angle = d.uniform(0, kPi / 2);
  State s = {heading(a, b, log_uniform(d, -1, 1), d.uniform(0, 2 * kPi)),
             heading(a + distance * std::cos(angle), b + distance * std::sin(angle), log_uniform(d, -1, 1),
                     d.uniform(0, 2 * kPi))};
  const int others = static_cast<int>(d.integer(0, 6));
  for (int i = 0; i < others; ++i) {
    s.push_back(heading(wrapped(d.uniform(-60, 60), kWidth), wrapped(d.uniform(-60, 60), kHeight),
                        log_uniform(d, -1, 1), d.uniform(0, 2 * kPi)));
  }
  shape = "a pair " + number(distance) + " apart at the corner, and " + count(others, "more birds");
  return s;
}

// Birds in one place (AMB-30: no separation between them) and others
// inside 28 of them.
State coincident(Draws& d, std::string& shape) {
  const double x = d.uniform(0, kWidth), y = d.uniform(0, kHeight);
  const int together = static_cast<int>(d.integer(2, 6)), others = static_cast<int>(d.integer(0, 6));
  State s;
  for (int i = 0; i < together; ++i) s.push_back(heading(x, y, log_uniform(d, -1, 1), d.uniform(0, 2 * kPi)));
  for (int i = 0; i < others; ++i) {
    s.push_back(heading(wrapped(x + d.uniform(-30, 30), kWidth), wrapped(y + d.uniform(-30, 30), kHeight),
                        log_uniform(d, -1, 1), d.uniform(0, 2 * kPi)));
  }
  shape = count(together, "birds in one place") + " and " + count(others, "around them");
  return s;
}

// Coordinates on and next to the seams: 0, -0 and the size itself (FIELD-2
// allows all three), within 1e-9..1 of either, and a little way in.
double seam_coordinate(Draws& d, double size) {
  switch (d.integer(0, 4)) {
    case 0: return d.unit() < 0.5 ? 0.0 : -0.0;  // FIELD-2 takes -0 (-0 >= 0)
    case 1: return size;
    case 2: return log_uniform(d, -9, 0);
    case 3: return size - log_uniform(d, -9, 0);
    default: return d.unit() < 0.5 ? d.uniform(0, 40) : size - d.uniform(0, 40);
  }
}

State seams(Draws& d, std::string& shape) {
  const int n = static_cast<int>(d.integer(2, 12));
  State s;
  for (int i = 0; i < n; ++i) {
    s.push_back(heading(seam_coordinate(d, kWidth), seam_coordinate(d, kHeight), log_uniform(d, -1, 1),
                        d.uniform(0, 2 * kPi)));
  }
  shape = count(s.size(), "birds on and beside the seams");
  return s;
}

// Velocity components from 1e-150 to 1e150 in size, one of them sometimes 0 or -0.
State speeds(Draws& d, std::string& shape) {
  const int n = static_cast<int>(d.integer(1, 12));
  const double x = d.uniform(0, kWidth), y = d.uniform(0, kHeight);
  State s;
  for (int i = 0; i < n; ++i) {
    auto component = [&] { return (d.unit() < 0.5 ? -1 : 1) * log_uniform(d, -150, 150); };
    Bird b{wrapped(x + d.uniform(0, 80), kWidth), wrapped(y + d.uniform(0, 80), kHeight), component(), component()};
    if (d.unit() < 0.2) (d.unit() < 0.5 ? b.vx : b.vy) = d.unit() < 0.5 ? 0.0 : -0.0;
    s.push_back(b);
  }
  shape = count(s.size(), "birds with speeds from 1e-150 to 1e150");
  return s;
}

// A bird whose new velocity nearly cancels: its neighbours sit in mirror
// pairs about it (cohesion and separation cancel but for rounding) moving
// at -19 times its velocity give or take a little, so that alignment at
// weight 1 (0.05 of the difference) takes back almost all of its speed
// (INPUT-9's own example is of this kind).
State cancelling(Draws& d, std::string& shape) {
  const double x = d.uniform(100, 900), y = d.uniform(100, 500);
  const double speed = log_uniform(d, -3, 1), angle = d.uniform(0, 2 * kPi);
  State s = {heading(x, y, speed, angle)};
  const int pairs = static_cast<int>(d.integer(1, 6));
  for (int k = 0; k < pairs; ++k) {
    const double ox = d.uniform(-60, 60), oy = d.uniform(-60, 60);
    const double nudge = 1 + (d.unit() < 0.5 ? 0 : d.uniform(-1e-12, 1e-12));
    for (const double sign : {1.0, -1.0}) {
      s.push_back({x + sign * ox, y + sign * oy, -19 * nudge * s[0].vx, -19 * nudge * s[0].vy});
    }
  }
  shape = "a bird whose new velocity nearly cancels, among " + count(2 * pairs, "mirrored neighbours");
  return s;
}

// The step is well conditioned at this state: copies whose every value is
// moved one ulp at the start, and whose velocities are moved one ulp again
// after every tick, as a correct engine whose hypot differs in the last bit
// is all the time (the chaos horizon's noisy copies, TOL-5), all end within
// kFairShare of the step class of the reference's answer. Where they do
// not, rounding decides the answer (a near-cancelled force, a pair the
// first tick brings within an ulp of each other), and no class could be
// fair to every correct engine: the case is not drawn.
// A band pair's positions are not moved: they are the request's, and every
// correct engine decides their distance against the limit exactly (FIELD-6),
// as the published and fresh band cases ask (PROTO-12); its one tick moves
// them, so it has no second.
void check_well_conditioned(const std::string& id, const FuzzInput& in, const State& after) {
  const double allowed = compare_step().at("abs").get<double>() * kFairShare;
  for (std::size_t copy = 0; copy < kConditioningCopies; ++copy) {
    State s = moved(in.state, copy, !in.band);
    for (int t = 0; t < in.ticks; ++t) {
      s = step(s, in.weights);
      if (t + 1 < in.ticks) s = moved(s, copy + 1 + static_cast<std::size_t>(t), false);
    }
    const double off = farthest(after, s);
    if (!(off <= allowed)) throw std::logic_error(id + ": ill-conditioned: one ulp moves a bird by " + number(off));
  }
}

// The torus's methods and the generator's, which take no state: deltas
// between coordinates on and beside the seams, exactly half the field
// apart, or anywhere; positions the same way; a seed with a skip from 0 up
// to 2^53 - 1 (the most the schema allows, where a generator that is not
// jumped ahead misses every deadline) and a count of 1 to 1000.
FuzzInput draw_stateless(Draws& d) {
  FuzzInput in;
  const double m = d.unit();
  if (m < 0.4) {
    in.method = FuzzInput::Method::torus_delta;
    in.size = d.unit() < 0.5 ? kWidth : kHeight;
    in.a = d.unit() < 0.5 ? seam_coordinate(d, in.size) : d.uniform(0, in.size);
    const double u = d.unit();
    in.b = u < 0.3   ? seam_coordinate(d, in.size)
           : u < 0.5 ? (in.a + in.size / 2 <= in.size ? in.a + in.size / 2 : in.a - in.size / 2)
                     : d.uniform(0, in.size);
    in.shape = "a delta along an axis of " + number(in.size);
  } else if (m < 0.8) {
    in.method = FuzzInput::Method::torus_distance;
    auto position = [&] {
      return d.unit() < 0.5 ? Bird{seam_coordinate(d, kWidth), seam_coordinate(d, kHeight), 0, 0}
                            : Bird{d.uniform(0, kWidth), d.uniform(0, kHeight), 0, 0};
    };
    in.state = {position(), position()};
    if (d.unit() < 0.3) {  // within a perception disc, or exactly half the field off on one axis
      in.state[1] = {wrapped(in.state[0].x + d.uniform(-90, 90), kWidth),
                     wrapped(in.state[0].y + d.uniform(-90, 90), kHeight), 0, 0};
    }
    in.shape = "a delta and distance between two positions";
  } else if (m < 0.9) {
    // INIT-1..3 at a drawn size (the ends of INPUT-2 a third of the
    // time) from a drawn seed or one at the ends of 32 bits; its class
    // (2 ulps) is one every correct engine meets (init_vectors.cpp).
    in.method = FuzzInput::Method::init;
    const std::uint32_t edges[] = {0u, 2147483647u, 2147483648u, 4294967295u};
    in.seed = d.unit() < 0.2 ? edges[d.integer(0, 3)] : d.u32();
    const double u = d.unit();
    in.count = u < 0.15 ? kMinBirds : u < 0.3 ? kMaxBirds : static_cast<int>(d.integer(kMinBirds, kMaxBirds));
    in.shape = "the state after initialising " + count(in.count, "birds") + " from seed " + std::to_string(in.seed);
  } else {
    in.method = FuzzInput::Method::prng;
    in.seed = d.u32();
    const double u = d.unit();
    in.skip = u < 0.3 ? 0
              : u < 0.4 ? 9007199254740991ull - static_cast<std::uint64_t>(d.integer(0, 1000))
                        : static_cast<std::uint64_t>(log_uniform(d, 0, 15.9));
    in.count = static_cast<int>(d.integer(1, 1000));
    in.shape = "draws of seed " + std::to_string(in.seed) + " after skipping " + std::to_string(in.skip);
  }
  return in;
}

}  // namespace

std::string fuzz_size(const FuzzInput& in) {
  switch (in.method) {
    case FuzzInput::Method::step: return count(in.state.size(), "birds") + " and " + count(in.ticks, "ticks");
    case FuzzInput::Method::torus_delta: return "a delta on an axis of " + number(in.size);
    case FuzzInput::Method::torus_distance: return "a distance";
    case FuzzInput::Method::prng: return count(in.count, "draws");
    case FuzzInput::Method::init: return count(in.count, "birds") + " from seed " + std::to_string(in.seed);
    case FuzzInput::Method::run:
      return "a run of " + count(in.count, "birds") + " over " + count(in.ticks, "ticks") + " with " +
             count(in.schedule.size(), "weight changes");
    default: return count(in.state.size(), "birds");
  }
}

std::string fuzz_category(FuzzInput::Method method) {
  switch (method) {
    case FuzzInput::Method::step: return "step";
    case FuzzInput::Method::metrics: return "metrics";
    case FuzzInput::Method::hash: return "serialisation";
    case FuzzInput::Method::torus_delta:
    case FuzzInput::Method::torus_distance: return "torus";
    case FuzzInput::Method::prng: return "prng";
    case FuzzInput::Method::init: return "init";
    case FuzzInput::Method::run: return "trajectories";
  }
  return "step";
}

FuzzInput draw_fuzz_input(Draws& d) {
  using Shape = State (*)(Draws&, std::string&);
  const Shape shapes[] = {clump, tiny_pair, coincident, seams, speeds, cancelling};
  // One in ten asks a method of no state: the torus's or the generator's.
  const double u = d.unit();
  if (u < 0.1) return draw_stateless(d);
  // One in twenty a short run; one in twenty a band pair.
  if (u < 0.15) return draw_run(d);
  if (u < 0.2) return draw_band(d);
  for (;;) {
    FuzzInput in;
    const double m = d.unit();
    in.method = m < 0.7 ? FuzzInput::Method::step : m < 0.9 ? FuzzInput::Method::metrics : FuzzInput::Method::hash;
    const auto which = d.integer(0, 5);
    in.state = shapes[which](d, in.shape);
    in.weights = {drawn_weight(d), which == 5 ? 1.0 : drawn_weight(d), drawn_weight(d)};
    in.ticks = d.unit() < 0.6 ? 1 : static_cast<int>(d.integer(2, 8));
    if (in.state.size() <= 3 && d.unit() < 0.2) in.ticks = static_cast<int>(d.integer(100, 1000));
    if (legal(in.state)) return in;
  }
}

Case fuzz_case(const FuzzInput& in, const std::string& id) {
  const std::string comment = "Fuzzed: " + in.shape + ".";
  switch (in.method) {
    case FuzzInput::Method::torus_delta:
      if (!(in.a >= 0 && in.a <= in.size && in.b >= 0 && in.b <= in.size)) {
        throw std::logic_error(id + ": a coordinate off the axis");
      }
      return torus_delta_case(id, comment, {"Fuzzed"}, in.a, in.b, in.size);
    case FuzzInput::Method::torus_distance:
      // The fresh distances' class (torus_vectors.cpp): a drawn distance may
      // be one a hypot that is not correctly rounded gets 2 ulps off.
      return torus_distance_case(id, comment, {"FIELD-3", "FIELD-4", "DET-2"}, {"Fuzzed"}, compare_ulps(2),
                                 in.state.at(0), in.state.at(1));
    case FuzzInput::Method::prng:
      return prng_case(in.seed, in.skip, in.count, id, comment, {"PRNG-1", "PRNG-2"}, {"Fuzzed"});
    case FuzzInput::Method::init:
      if (in.count < kMinBirds || in.count > kMaxBirds) throw std::logic_error(id + ": a size outside INPUT-2");
      return init_case(in.seed, in.count, id, comment, {"Fuzzed"});
    case FuzzInput::Method::run: {
      if (in.count < kMinBirds || in.count > kMaxBirds) throw std::logic_error(id + ": a size outside INPUT-2");
      check_run_well_conditioned(id, in);
      return trajectory_case(id, comment, RunSpec{in.seed, in.count, in.weights, in.schedule}, in.ticks, in.anchors,
                             {"Fuzzed"}, in.verify);
    }
    default:
      break;
  }
  try {
    check_state(in.state);
  } catch (const InputError& e) {
    throw std::logic_error(id + ": " + e.what());
  }
  switch (in.method) {
    case FuzzInput::Method::step: {
      State after = in.state;
      for (int t = 0; t < in.ticks; ++t) {
        if (t > 0) check_clear_of(id, after, t, {kPerceptionRadius, kSeparationRadius});
        after = step(after, in.weights);
      }
      check_well_conditioned(id, in, after);
      std::vector<std::string> clauses = {"STEP-1", "STEP-2"};
      for (const std::string& term : acting_terms(in.state, in.weights)) clauses.push_back(term);
      if (in.band) clauses.push_back("FIELD-6");  // the limit decided on the correctly rounded distance
      clauses.insert(clauses.end(), {"STEP-6", "STEP-7", "STEP-8"});
      if (in.ticks > 1) clauses.insert(clauses.begin(), "INPUT-4");
      Json input = {{"state", state_json(in.state)}};
      if (in.ticks > 1) input["ticks"] = in.ticks;  // one tick is the default (step.schema.json)
      return {id, comment, clauses, {"Fuzzed"}, compare_step(), input, {{"state", state_json(after)}}};
    }
    case FuzzInput::Method::metrics:
      return metrics_case_of(id, comment, {"METRIC-1", "METRIC-2", "METRIC-3", "METRIC-4", "METRIC-5"}, {"Fuzzed"},
                             in.state);
    case FuzzInput::Method::hash:
      return {id, comment, {"DET-3"}, {"Fuzzed"}, compare_exact(), {{"state", state_json(in.state)}},
              {{"hash", hex64(state_hash(in.state))}}};
    default:
      break;
  }
  throw std::logic_error(id + ": no such method");
}

std::vector<VectorFile> narrowed(std::vector<VectorFile> files) {
  for (VectorFile& f : files) {
    for (Group& g : f.groups) {
      for (Case& c : g.cases) {
        if (c.compare.at("class") == "step") c.compare["abs"] = c.compare.at("abs").get<double>() * kFairShare;
        if (c.compare.at("class") == "trajectory") {
          c.compare["relative"] = c.compare.at("relative").get<double>() * kFairShare;
        }
      }
    }
  }
  return files;
}

std::vector<VectorFile> fuzz_files(const std::vector<std::pair<FuzzInput, Case>>& cases, const std::string& header) {
  const std::map<std::string, Note> notes = {
      {"Fuzzed",
       {"fuzz", "Drawn by susurration fuzz to find edges (crowds, pairs from 1e-150 apart, speeds at INPUT-9's "
                "bounds, seams, birds in one place, forces that cancel; deltas and distances on and across the "
                "seams; draws after skips up to 2^53 - 1; initial states at drawn seeds and sizes; pairs within an ulp "
                "of 28, 90 and 270 built exactly; short runs with weight changes, run_from and verify) and shrunk "
                "while the engine's answer stayed outside the case's class; correct engines on faithful libms "
                "answered it within the class."}}};
  // A run's case carries NearChaosHorizon where its horizon is early (trajectory_vectors.cpp).
  const std::map<std::string, Note> trajectory = trajectory_notes();
  std::vector<VectorFile> files;
  for (const char* category : {"prng", "torus", "init", "step", "metrics", "trajectories", "serialisation"}) {
    VectorFile f{category, {header}, notes, {}};
    for (const auto& [input, c] : cases) {
      if (fuzz_category(input.method) != category) continue;
      for (const std::string& flag : c.flags) {
        if (trajectory.contains(flag)) f.notes.insert(*trajectory.find(flag));
      }
      Group g{"A fuzzed case.", Json::object(), {c}};
      if (input.method == FuzzInput::Method::step) g.parameters = {{"weights", weights_json(input.weights)}};
      if (input.method == FuzzInput::Method::torus_delta) {
        g.parameters = {{"axis", input.size == kWidth ? "x" : "y"}, {"size", input.size}};
      }
      if (input.method == FuzzInput::Method::prng) g.parameters = {{"seed", input.seed}};
      if (input.method == FuzzInput::Method::init) g.parameters = {{"birds", input.count}};
      if (input.method == FuzzInput::Method::run) {
        g.parameters = {{"birds", input.count},
                        {"weights", weights_json(input.weights)},
                        {"schedule", schedule_json(input.schedule)}};
      }
      f.groups.push_back(std::move(g));
    }
    if (!f.groups.empty()) files.push_back(std::move(f));
  }
  return files;
}

}  // namespace susurration::generator
