// The methods of the adapter protocol, answered by the reference library.
// Run, verify and step use the fast engine, which makes the reference's
// world bit for bit (DET-4); every parameter is read through forms.hpp.
//
// Conventions: `p` is a request's params object; `s` a state; `w` weights.
#include "engine_methods.hpp"

#include <cstdint>

#include "susurration/fast_engine.hpp"
#include "susurration/fast_simulation.hpp"
#include "susurration/protocol/forms.hpp"
#include "susurration/init.hpp"
#include "susurration/inputs.hpp"
#include "susurration/metrics.hpp"
#include "susurration/prng.hpp"
#include "susurration/serialise.hpp"
#include "susurration/simulation.hpp"
#include "susurration/torus.hpp"

namespace susurration::reference_engine {
namespace {

using Json = nlohmann::ordered_json;  // results keep the key order of PROTOCOL.md
using forms::required;

// --- parameters that are not in spec/inputs.md -------------------------------
// Their limits are the schemas' (schemas/protocol/<method>.schema.json;
// count's and state_ticks' caps too, since issue 23); engine.cpp answers a value outside
// them invalid-request.

// Any skip costs nothing (Mulberry32::skip), so the cap on it is only what a
// JavaScript number holds exactly.
constexpr std::int64_t kMaxSkip = 9007199254740991;  // 2^53 - 1, the schema's
// One response stays a few megabytes, far under the protocol's cap on a
// response: 100,000 draws are ~3 MB, 100 states of 400 birds ~4 MB.
constexpr std::int64_t kMaxCount = 100000;
constexpr std::size_t kMaxStateTicks = 100;
constexpr std::int64_t kMaxTick = 20000;             // run_from's from_tick, the schema's tick

// One thread per request. The grader already runs --jobs engines side by
// side, one request each at a time; an engine that also started a worker
// per core for every request oversubscribed the cores, and its workers spun
// between the grader's requests (a tenth of a grade's CPU, measured).
constexpr int kThreads = 1;

double positive_size(const Json& v) {
  const double size = forms::number(v, "size");
  if (!(size > 0)) {
    throw InputError("size", shortest(size), "a finite number > 0");
  }
  return size;
}

// [x, y]: a position for torus_distance; any finite numbers.
Bird position(const Json& p, const std::string& key) {
  const Json& v = required(p, key);
  if (!v.is_array() || v.size() != 2) {
    throw InputError(key, v.is_array() ? std::to_string(v.size()) + " values" : "not an array",
                     "[x, y]: two finite numbers");
  }
  return {forms::number(v[0], key), forms::number(v[1], key), 0.0, 0.0};
}

// Strictly increasing ticks in 0..ticks, at most kMaxStateTicks of them.
std::vector<int> state_ticks(const Json& v, int ticks) {
  const std::string allowed = "at most " + std::to_string(kMaxStateTicks) +
                              " strictly increasing integers in 0.." + std::to_string(ticks);
  if (!v.is_array()) {
    throw InputError("state_ticks", "not an array", allowed);
  }
  if (v.size() > kMaxStateTicks) {
    throw InputError("state_ticks", std::to_string(v.size()) + " ticks", allowed);
  }
  std::vector<int> chosen;
  for (const Json& t : v) {
    chosen.push_back(static_cast<int>(forms::integer(t, "state_ticks", 0, ticks)));
    if (chosen.size() > 1 && chosen.back() <= chosen[chosen.size() - 2]) {
      throw InputError("state_ticks", "tick " + std::to_string(chosen.back()) + " after " +
                                          std::to_string(chosen[chosen.size() - 2]), allowed);
    }
  }
  return chosen;
}

// --- results -------------------------------------------------------------------

Json state_json(const State& s) {
  Json birds = Json::array();
  for (const Bird& b : s) {
    birds.push_back({b.x, b.y, b.vx, b.vy});
  }
  return birds;
}

Json optional_number(const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); }

Json metrics_json(const Metrics& m) {
  return {{"polarization", m.polarization},
          {"cluster_count", m.cluster_count},
          {"mean_neighbor_distance", optional_number(m.mean_neighbor_distance)}};
}

// A run's parameters, in the order a request lists them.
struct RunRequest {
  std::uint32_t seed;
  int birds;
  Weights weights;
  Schedule schedule;
};

RunRequest run_request(const Json& p) {
  return {forms::seed(required(p, "seed")), forms::birds(required(p, "birds")),
          forms::weights(required(p, "weights")), forms::schedule(required(p, "schedule"))};
}

// --- the methods ---------------------------------------------------------------

Json prng(const Json& p) {
  const std::uint32_t seed = forms::seed(required(p, "seed"));
  const auto skip = static_cast<std::uint64_t>(forms::integer(required(p, "skip"), "skip", 0, kMaxSkip));
  const auto count = forms::integer(required(p, "count"), "count", 1, kMaxCount);
  Mulberry32 raw(seed);
  raw.skip(skip);
  Mulberry32 divided = raw;
  Json u32 = Json::array();
  Json next = Json::array();
  for (std::int64_t k = 0; k < count; ++k) {
    u32.push_back(raw.next_u32());
    next.push_back(divided.next());
  }
  return {{"u32", u32}, {"next", next}};
}

Json torus_delta_method(const Json& p) {
  const double a = forms::number(required(p, "a"), "a");
  const double b = forms::number(required(p, "b"), "b");
  return {{"delta", torus_delta(a, b, positive_size(required(p, "size")))}};
}

Json torus_distance_method(const Json& p) {
  const Delta d = torus_delta(position(p, "from"), position(p, "to"));
  return {{"dx", d.dx}, {"dy", d.dy}, {"distance", torus_distance(d)}};
}

Json init(const Json& p) {
  const std::uint32_t seed = forms::seed(required(p, "seed"));
  return {{"state", state_json(initialise(seed, forms::birds(required(p, "birds"))))}};
}

Json step(const Json& p) {
  const State s = forms::state(required(p, "state"));
  const Weights w = forms::weights(required(p, "weights"));
  const int ticks = forms::ticks_per_call(required(p, "ticks"));
  FastFlock flock(s, kThreads);
  for (int t = 0; t < ticks; ++t) {
    flock.step(w);
  }
  return {{"state", state_json(flock.state())}};
}

Json metrics(const Json& p) { return metrics_json(measure(forms::state(required(p, "state")))); }

Json run(const Json& p) {
  RunRequest r = run_request(p);
  const int ticks = forms::run_ticks(required(p, "ticks"));
  const std::vector<int> wanted = state_ticks(required(p, "state_ticks"), ticks);
  FastSimulation sim(r.seed, r.birds, r.weights, std::move(r.schedule), kThreads);
  Json polarization = Json::array();
  Json clusters = Json::array();
  Json nearest = Json::array();
  Json states = Json::array();
  auto next_wanted = wanted.begin();
  for (int t = 0; t <= ticks; ++t) {
    const Metrics m = sim.metrics();
    polarization.push_back(m.polarization);
    clusters.push_back(m.cluster_count);
    nearest.push_back(optional_number(m.mean_neighbor_distance));
    if (next_wanted != wanted.end() && *next_wanted == t) {
      states.push_back({{"tick", t}, {"state", state_json(sim.state())}});
      ++next_wanted;
    }
    if (t < ticks) {
      sim.advance();
    }
  }
  return {{"metrics",
           {{"polarization", polarization},
            {"cluster_count", clusters},
            {"mean_neighbor_distance", nearest}}},
          {"states", states},
          {"final_state_hash", hex64(state_hash(sim.state()))}};
}

// From a given state at a given tick of a run, the metrics of every tick
// over `ticks` steps: the grader's re-anchored segments (TOL-6). The weights
// of each step are those in force at its tick in the run described by
// `weights` and `schedule` (WEIGHTS-3), so a segment replays the schedule as
// the run would.
Json run_from(const Json& p) {
  const State s = forms::state(required(p, "state"));
  const auto from = static_cast<int>(forms::integer(required(p, "from_tick"), "from_tick", 0, kMaxTick));
  const Weights w = forms::weights(required(p, "weights"));
  const Schedule schedule = forms::schedule(required(p, "schedule"));
  const int ticks = forms::ticks_per_call(required(p, "ticks"));
  FastFlock flock(s, kThreads);
  Json polarization = Json::array();
  Json clusters = Json::array();
  Json nearest = Json::array();
  for (int t = from;; ++t) {
    const Metrics m = flock.metrics();
    polarization.push_back(m.polarization);
    clusters.push_back(m.cluster_count);
    nearest.push_back(optional_number(m.mean_neighbor_distance));
    if (t == from + ticks) {
      break;
    }
    flock.step(weights_at(w, schedule, t));
  }
  return {{"metrics",
           {{"polarization", polarization},
            {"cluster_count", clusters},
            {"mean_neighbor_distance", nearest}}}};
}

Json verify(const Json& p) {
  RunRequest r = run_request(p);
  const int at_tick = forms::at_tick(required(p, "at_tick"));
  FastSimulation sim(r.seed, r.birds, r.weights, std::move(r.schedule), kThreads);
  while (sim.tick() < at_tick) {
    sim.advance();
  }
  return metrics_json(sim.metrics());
}

Json round(const Json& p) {
  const double value = forms::number(required(p, "value"), "value");
  const Json& places = required(p, "places");
  const auto n = forms::integer(places, "places", 2, 4);
  if (n == 3) {
    throw InputError("places", "3", "2 or 4");
  }
  return {{"text", round_decimals(value, static_cast<int>(n))}};
}

Json hash(const Json& p) {
  return {{"hash", hex64(state_hash(forms::finite_state(required(p, "state"))))}};
}

}  // namespace

const std::vector<EngineMethod>& engine_methods() {
  static const std::vector<EngineMethod> table = {
      {"prng", {"seed", "skip", "count"}, prng},
      {"torus_delta", {"a", "b", "size"}, torus_delta_method},
      {"torus_distance", {"from", "to"}, torus_distance_method},
      {"init", {"seed", "birds"}, init},
      {"step", {"state", "weights", "ticks"}, step},
      {"metrics", {"state"}, metrics},
      {"run", {"seed", "birds", "weights", "schedule", "ticks", "state_ticks"}, run},
      {"run_from", {"state", "from_tick", "weights", "schedule", "ticks"}, run_from},
      {"verify", {"seed", "birds", "weights", "schedule", "at_tick"}, verify},
      {"round", {"value", "places"}, round},
      {"hash", {"state"}, hash},
  };
  return table;
}

}  // namespace susurration::reference_engine
