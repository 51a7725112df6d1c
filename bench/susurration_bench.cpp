// Benchmarks the engines (issue 5): `verify` at 400 birds, the time of one
// tick against the flock size, the metrics, and the round trip of one
// trivial protocol request to `susurration engine` (the grader's cost per
// request); bench/run_benchmarks.sh runs them and writes BENCHMARKS.md.
//
// Work is also counted in machine-independent units, per tick: pre-tests
// (squared distances compared, fast engine only), exact distances (cr_hypot
// calls on bird pairs; every distance the plain reference computes is one)
// and the ordered pairs within 90.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "susurration/fast_engine.hpp"
#include "susurration/fast_simulation.hpp"
#include "susurration/init.hpp"
#include "susurration/metrics.hpp"
#include "susurration/serialise.hpp"
#include "susurration/simulation.hpp"
#include "susurration/step.hpp"
#include "susurration/grader/engine_process.hpp"
#include "susurration/grader/session.hpp"
#include "plain_flock.hpp"

#ifndef SUSURRATION_CLI
#error "SUSURRATION_CLI names the susurration executable (bench/CMakeLists.txt)"
#endif

using namespace susurration;

namespace {

constexpr std::uint32_t kSeed = 42;
constexpr int kVerifyTicks = 20000;
constexpr int kPlainVerifyTicks = 200;  // BENCHMARKS.md scales these by 100

// The engines `--engine` offers (cli/engine_choice.hpp), and the textbook
// all-pairs loop (plain_flock.hpp) they are measured against.
enum class Engine { fast, grid, scan, plain };

// The all-pairs yardstick behind Simulation's interface (no schedule here).
class PlainRun {
 public:
  PlainRun(std::uint32_t seed, int birds, Weights w) : state_(initialise(seed, birds)), w_(w) {}
  int tick() const { return tick_; }
  const State& state() const { return state_; }
  Metrics metrics() const { return measure(state_); }
  void advance() {
    state_ = bench::plain_step(state_, w_);
    ++tick_;
  }

 private:
  State state_;
  Weights w_;
  int tick_ = 0;
};

// What `susurration verify --seed 42 --birds 400 --at-tick T --weights W`
// computes: the run from tick 0, then the metrics and the state hash.
template <typename Sim>
void run_and_measure(Sim& sim, int ticks) {
  while (sim.tick() < ticks) {
    sim.advance();
  }
  benchmark::DoNotOptimize(sim.metrics());
  benchmark::DoNotOptimize(state_hash(sim.state()));
}

void verify(benchmark::State& st, Engine engine, Weights w, int ticks) {
  for (auto _ : st) {
    if (engine == Engine::fast) {
      FastSimulation sim(kSeed, 400, w, {});
      run_and_measure(sim, ticks);
    } else if (engine == Engine::plain) {
      PlainRun sim(kSeed, 400, w);
      run_and_measure(sim, ticks);
    } else {
      Simulation sim(kSeed, 400, w, {}, engine == Engine::scan ? Query::scan : Query::grid);
      run_and_measure(sim, ticks);
    }
  }
  st.counters["ticks"] = ticks;
}

// The flock `warm_up(n)` steps after seed 42, taken with the fast engine
// (which makes the same states), once per size: the flock as a long run
// sees it, bunched where it bunches.
int warm_up(int n) { return n <= 400 ? 1000 : (n <= 2000 ? 300 : 30); }

const State& warmed(int n) {
  static std::map<int, State> states;
  auto [at, added] = states.try_emplace(n);
  if (added) {
    FastFlock flock(initialise(kSeed, n), FastFlock::default_threads());
    for (int t = 0; t < warm_up(n); ++t) {
      flock.step(Weights{});
    }
    at->second = flock.state();
  }
  return at->second;
}

// Ticks per measurement, the same for both engines, so both step through
// the same states and count the same pairs within 90.
int ticks_measured(int n) {
  return n <= 10 ? 2000 : (n <= 120 ? 200 : (n <= 400 ? 100 : (n <= 2000 ? 10 : 1)));
}

void per_tick_counters(benchmark::State& st, int n, double pre_tests, double exact, double pairs) {
  using benchmark::Counter;
  st.counters["pre_tests"] = Counter(pre_tests, Counter::kAvgIterations);
  st.counters["exact_distances"] = Counter(exact, Counter::kAvgIterations);
  st.counters["pairs_within_90"] = Counter(pairs, Counter::kAvgIterations);
  st.counters["warm_up_ticks"] = warm_up(n);
}

// One tick of the plain reference with the full scan.
void tick_scan(benchmark::State& st, int n) {
  State s = warmed(n);
  Counters counters;
  for (auto _ : st) {
    s = step(s, Weights{}, Query::scan, &counters);
  }
  per_tick_counters(st, n, 0, static_cast<double>(counters.distance_tests),
                    static_cast<double>(counters.neighbour_pairs));
}

// One tick of the fast engine.
void tick_fast(benchmark::State& st, int n, int threads) {
  FastFlock flock(warmed(n), threads);
  for (auto _ : st) {
    flock.step(Weights{});
  }
  const FastCounters& c = flock.counters();
  per_tick_counters(st, n, static_cast<double>(c.pre_tests), static_cast<double>(c.exact_distances),
                    static_cast<double>(c.neighbour_pairs));
  st.counters["list_builds"] =
      benchmark::Counter(static_cast<double>(c.list_builds), benchmark::Counter::kAvgIterations);
  st.counters["cell_steps"] =
      benchmark::Counter(static_cast<double>(c.cell_steps), benchmark::Counter::kAvgIterations);
}

// Issue 15's per-tick rows: the fast engine on the machine's threads from
// seed 42, unaligned (its first 100 ticks) or aligned (100 ticks after
// 5,000). Both phases run the same 100 ticks whatever the size, so the time
// per tick against n shows how far from linear the engine is.
constexpr int kPhaseTicks = 100;
constexpr int kAlignedAfter = 5000;

const State& aligned(int n) {
  static std::map<int, State> states;
  auto [at, added] = states.try_emplace(n);
  if (added) {
    FastFlock flock(initialise(kSeed, n), FastFlock::default_threads());
    for (int t = 0; t < kAlignedAfter; ++t) {
      flock.step(Weights{});
    }
    at->second = flock.state();
  }
  return at->second;
}

void tick_phase(benchmark::State& st, int n, bool after_alignment) {
  // A fresh flock per repetition, so every repetition steps the same ticks.
  FastFlock flock(after_alignment ? aligned(n) : initialise(kSeed, n), FastFlock::default_threads());
  for (auto _ : st) {
    flock.step(Weights{});
  }
  const FastCounters& c = flock.counters();
  using benchmark::Counter;
  st.counters["pairs_within_90"] = Counter(static_cast<double>(c.neighbour_pairs), Counter::kAvgIterations);
  st.counters["pre_tests"] = Counter(static_cast<double>(c.pre_tests), Counter::kAvgIterations);
  st.counters["list_builds"] = Counter(static_cast<double>(c.list_builds), Counter::kAvgIterations);
  st.counters["cell_steps"] = Counter(static_cast<double>(c.cell_steps), Counter::kAvgIterations);
}

// The metrics of the bunched 400-bird flock: measure() against FastFlock.
void metrics_reference(benchmark::State& st) {
  const State& s = warmed(400);
  for (auto _ : st) {
    benchmark::DoNotOptimize(measure(s));
  }
}

void metrics_fast(benchmark::State& st, int threads) {
  const FastFlock flock(warmed(400), threads);
  for (auto _ : st) {
    benchmark::DoNotOptimize(flock.metrics());
  }
}

// The trivial request of spec/PROTOCOL.md's worked transcript, answered by
// the reference adapter `susurration engine`, started once per repetition
// (the start and the hello are outside the timing).
const std::vector<std::string> kEngineArgv = {SUSURRATION_CLI, "engine"};
constexpr std::chrono::milliseconds kDeadline{10000};
constexpr int kRoundTrips = 2000;

// The bare pipe: EngineProcess::exchange, one line out and one line back.
void protocol_pipe(benchmark::State& st) {
  grader::EngineProcess engine(kEngineArgv);
  if (engine.exchange(R"({"id":0,"method":"hello","params":{"protocol":1}})", kDeadline).kind !=
      grader::Reply::Kind::line) {
    st.SkipWithError("the engine did not answer hello");
    return;
  }
  long long id = 1;
  for (auto _ : st) {
    const grader::Reply reply = engine.exchange(
        R"({"id":)" + std::to_string(id++) +
            R"(,"method":"torus_delta","params":{"a":0.0,"b":500.0,"size":1000.0}})",
        kDeadline);
    if (reply.kind != grader::Reply::Kind::line ||
        reply.text.find(R"("result":{"delta":500.0})") == std::string::npos) {
      st.SkipWithError("the engine did not answer torus_delta");
      break;
    }
  }
  engine.stop(std::chrono::milliseconds(1000));
}

// What `grade` pays per request: Session::call, which also writes the JSON,
// parses the response, checks its id and validates it against the method's
// schema (PROTO-7).
void protocol_session(benchmark::State& st) {
  grader::Session session(kEngineArgv, kDeadline);
  const grader::Json params = {{"a", 0.0}, {"b", 500.0}, {"size", 1000.0}};
  try {
    session.ensure_started();
    for (auto _ : st) {
      const grader::Response r = session.call("torus_delta", params);
      if (r.kind != grader::Response::Kind::result || r.body.at("delta") != 500.0) {
        st.SkipWithError("the engine did not answer torus_delta");
        break;
      }
    }
  } catch (const grader::EngineBroke& e) {
    st.SkipWithError(e.what());
  }
  session.close();
}

void register_all() {
  struct Set {
    const char* name;
    Weights w;
  };
  for (const Set& set :
       {Set{"1,1,1", {1, 1, 1}}, Set{"0.3,0.9,0.1", {0.3, 0.9, 0.1}}, Set{"1,0,1", {1, 0, 1}}}) {
    const std::string w = set.name;
    for (auto [engine, name, ticks] : {std::tuple{Engine::fast, "fast", kVerifyTicks},
                                       std::tuple{Engine::scan, "scan", kPlainVerifyTicks},
                                       std::tuple{Engine::grid, "grid", kPlainVerifyTicks},
                                       std::tuple{Engine::plain, "plain", kVerifyTicks}}) {
      // The yardstick runs all 20,000 ticks (half a minute a run): at the
      // default weights only, the ratio issue 15 asks for.
      if (engine == Engine::plain && w != "1,1,1") {
        continue;
      }
      benchmark::RegisterBenchmark(("verify/" + std::string(name) + "/" + w).c_str(), verify,
                                   engine, set.w, ticks)
          ->Iterations(1)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    }
  }
  for (int n : {10, 120, 400, 2000, 10000}) {
    const std::string size = "/n:" + std::to_string(n);
    benchmark::RegisterBenchmark(("tick/scan" + size).c_str(), tick_scan, n)
        ->Iterations(ticks_measured(n))
        ->Unit(benchmark::kMicrosecond)
        ->UseRealTime();
    for (int threads : {1, 2}) {
      benchmark::RegisterBenchmark(
          ("tick/fast" + size + "/threads:" + std::to_string(threads)).c_str(), tick_fast, n,
          threads)
          ->Iterations(ticks_measured(n))
          ->Unit(benchmark::kMicrosecond)
          ->UseRealTime();
    }
  }
  for (int n : {400, 2000, 10000}) {
    for (bool after : {false, true}) {
      benchmark::RegisterBenchmark(
          ("tick/fast/" + std::string(after ? "aligned" : "unaligned") + "/n:" + std::to_string(n))
              .c_str(),
          tick_phase, n, after)
          ->Iterations(kPhaseTicks)
          ->Unit(benchmark::kMicrosecond)
          ->UseRealTime();
    }
  }
  benchmark::RegisterBenchmark("metrics/reference/n:400", metrics_reference)
      ->Unit(benchmark::kMicrosecond)
      ->UseRealTime();
  for (int threads : {1, 2}) {
    benchmark::RegisterBenchmark(("metrics/fast/n:400/threads:" + std::to_string(threads)).c_str(),
                                 metrics_fast, threads)
        ->Unit(benchmark::kMicrosecond)
        ->UseRealTime();
  }
  benchmark::RegisterBenchmark("protocol/torus_delta/pipe", protocol_pipe)
      ->Iterations(kRoundTrips)
      ->Unit(benchmark::kMicrosecond)
      ->UseRealTime();
  benchmark::RegisterBenchmark("protocol/torus_delta/session", protocol_session)
      ->Iterations(kRoundTrips)
      ->Unit(benchmark::kMicrosecond)
      ->UseRealTime();
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
    return 1;
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
