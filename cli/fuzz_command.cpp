// `susurration fuzz --engine CMD`: differential testing against the
// reference (issue 22; spec/grading.md, "Fuzzing").
//
// Rounds of cases drawn to find edges (generator/fuzz_cases.hpp) are written as a
// vector set in the published format, loaded back and graded as any set is,
// so that what is asked is always something that could be published and
// the comparison is the grader's own (its classes, its checks). A case the
// engine fails or errors on is a finding only if every class engine, a
// correct engine on a faithful libm, answers it within the class: a case so
// ill-conditioned that a correct engine on another libm leaves its class is
// dropped and counted, never reported. A fair difference counts when it
// replays: the requests its engine process had been sent, in order, asked
// of a fresh process, end in the same difference (an engine can go wrong
// from its twentieth request on). The history and the case are then shrunk
// while that stays so (fuzzer.hpp) and written to --out as a vector set that
// `grade --vectors DIR --fresh off` replays with the grader's diagnosis.
//
// Time is a bound: no case of the search starts after --seconds, and
// nothing (judging, replaying, shrinking) after --shrink-seconds more, so
// fuzz ends within both and the deadline of the one request under way.
//
// Exit 0 when nothing differed in the time given, 1 when something did
// (the set is written, or the difference is reported as one that did not
// replay), 2 for a usage error or an engine command that names no program,
// 3 when the time ran out before any case was asked (drawing the first
// round took longer on this machine), 7 when the engine (or a class engine)
// did not start, as grade's 7: "no difference" in no case would say what
// did not happen, and "no time" would send its author to give more.
#include <chrono>
#include <cmath>
#include <limits>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "commands.hpp"
#include "ending.hpp"
#include "engine_launch.hpp"
#include "exit_status.hpp"
#include "fuzz_cases.hpp"
#include "fuzzer.hpp"
#include "progress.hpp"
#include "susurration/grader/kit_guard.hpp"
#include "susurration/protocol/engine_text.hpp"
#include "run_options.hpp"
#include "susurration/grader/runner.hpp"
#include "susurration/inputs.hpp"
#include "susurration/serialise.hpp"
#include "write_vectors.hpp"

namespace susurration::cli {
namespace {

namespace fs = std::filesystem;
using namespace susurration::grader;
using generator::FuzzInput;
using Clock = std::chrono::steady_clock;

struct Options {
  std::string engine;
  double seconds = 0;     // 0: 60, or no limit with --cases
  double shrink_seconds = 60;
  std::size_t cases = 0;  // 0: no limit
  std::string seed;  // empty: drawn, and printed
  std::string out = "fuzz-finding";
  std::vector<std::string> class_engines;
  int round = 200;
  double timeout = 10;
  bool quiet = false;
  EngineLaunchOptions launch;  // as grade's: every engine fuzz starts runs as a graded one does
};

// The correct engines on faithful libms the build puts beside the kit
// (adapters/doubles/variants): the faithful libm at four seeds, and glibc's libm
// with the limits decided exactly. An installed kit has none: --class-engine.
std::vector<std::string> default_class_engines() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const fs::path variants = exe.parent_path().parent_path() / "adapters" / "doubles" / "variants";
  std::vector<std::string> out;
  const fs::path faithful = variants / "susurration_variant_faithful_libm";
  if (fs::is_regular_file(faithful, ec)) {
    for (int seed = 1; seed <= 4; ++seed) {
      out.push_back("'" + faithful.string() + "' --libm-seed " + std::to_string(seed) + " engine");
    }
  }
  const fs::path glibc = variants / "susurration_variant_glibc_libm";
  if (fs::is_regular_file(glibc, ec)) out.push_back("'" + glibc.string() + "' engine");
  return out;
}

std::string id_of(std::uint32_t seed, std::size_t k) { return "fuzz-" + std::to_string(seed) + "-" + std::to_string(k); }

std::string earlier(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " earlier case" : " earlier cases") + " in the same engine process";
}

// Fair differences tried for replay per round: one that does not replay
// is most often a deadline missed on a loaded machine, and so are the next.
constexpr std::size_t kReplaysPerRound = 3;

// Shrinks the difference within `end` and writes it to --out; exit 1.
int report_finding(const Options& o, Fuzzer& fuzzer, Finding d, std::uint32_t seed, Time end) {
  const std::string id = d.entry.second.id;
  const std::string unshrunk = generator::fuzz_size(d.entry.first);
  const std::size_t unshrunk_history = d.history.size();
  // Each history and case kept was itself replayed in a fresh process, so
  // what is written replays, however early the time runs out.
  fuzzer.shrink_history(d, end);
  fuzzer.shrink_case(d, end);
  fuzzer.shrink_history(d, end);  // a smaller case may need fewer requests before it
  const std::string history = d.history.empty()
                                  ? ""
                                  : ", after the " + earlier(d.history.size()) + " that precede it here (one engine "
                                    "process asks them in this set's order; " + std::to_string(unshrunk_history) +
                                    " did at first)";
  const std::string header = "Written by susurration fuzz --seed " + std::to_string(seed) + ": " + id +
                             " shrunk from " + unshrunk + history + "; the engine's answer is outside the case's "
                             "class and every class engine's is within it. Replay: susurration grade --vectors DIR "
                             "--fresh off --engine CMD.";
  std::vector<Entry> all = d.history;
  all.push_back(d.entry);
  const auto written = generator::write_vector_files(o.out, generator::fuzz_files(all, header));
  std::fprintf(stdout, "shrunk to %s%s: %s [%s]: %s\n", generator::fuzz_size(d.entry.first).c_str(),
               d.history.empty() ? "" : (", after " + earlier(d.history.size())).c_str(), id.c_str(),
               d.result.clause.c_str(), d.result.message.c_str());
  std::fprintf(stdout, "written to %s (%zu files); replay: susurration grade --vectors %s --fresh off --engine %s\n",
               o.out.c_str(), written.size(), o.out.c_str(), o.engine.c_str());
  return kMismatch;
}

// An engine that did not start (fuzzer.hpp): grade's block on stderr, and
// what was asked before it, which found no difference.
int did_not_start(const EngineDidNotStart& e, std::size_t asked, std::uint32_t seed) {
  std::fputs(protocol::visible(e.what()).c_str(), stderr);
  std::fprintf(stdout, "an engine did not start (stderr says which), seed %u; nothing written", seed);
  if (asked > 0) std::fprintf(stdout, "; the %zu cases before found no difference", asked);
  std::fprintf(stdout, "\n");
  return kEngineDidNotStart;
}

int run_fuzz(const Options& o) {
  if (!(o.seconds >= 0) || !std::isfinite(o.seconds)) {
    throw InputError("seconds", std::to_string(o.seconds), "a number of seconds above 0");
  }
  if (!(o.shrink_seconds >= 0) || !std::isfinite(o.shrink_seconds)) {
    throw InputError("shrink-seconds", std::to_string(o.shrink_seconds), "a number of seconds, 0 or more");
  }
  if (!(o.timeout >= 0.001 && o.timeout <= 3600)) {
    throw InputError("timeout", shortest(o.timeout), "seconds in [0.001, 3600]");
  }
  // --cases alone asks that many, however long it takes (for a replayable
  // run and for tests); --seconds alone, or neither, looks for that long.
  const double seconds = o.seconds > 0 ? o.seconds : o.cases > 0 ? std::numeric_limits<double>::infinity() : 60;
  if (o.round < 1 || o.round > 10000) throw InputError("round", std::to_string(o.round), "1..10000 cases");
  std::error_code ec;
  if (fs::exists(fs::symlink_status(o.out, ec)) && !fs::is_directory(o.out, ec)) {
    throw InputError("out", o.out, "a folder that exists or can be made");
  }
  check_engine_launch(o.launch);
  Options options = o;
  if (options.class_engines.empty()) options.class_engines = default_class_engines();
  if (options.class_engines.empty()) {
    throw InputError("class-engine", "none given and none beside the kit",
                     "at least one correct engine on a faithful libm");
  }
  const std::uint32_t seed =
      o.seed.empty() ? static_cast<std::uint32_t>(std::random_device{}()) : parse_fresh_seed(o.seed);
  // The class engines are started as the engine under test is: a case is
  // judged by engines that ran where it ran.
  const bool sandboxed = apply_engine_launch(o.launch);
  // Handlers first, then the folder they remove: a signal in between
  // finds nothing to leave behind.
  on_signals_kill_engines_and_exit();
  const ScratchFolder scratch("susurration-fuzz");
  // As grade guards itself (PROTO-16): not dumpable, and a fuzz stopped by
  // another process ends, its engines killed and its scratch folder removed.
  guard_the_kit(kKitStopped,
                "fuzz: the kit was stopped by a signal from another process (SIGSTOP or another stop signal; the "
                "engine under test can send one): fuzzing is abandoned, nothing written\n",
                remove_the_scratch_folder_now);
  Fuzzer fuzzer(o.engine, options.class_engines, o.timeout, scratch.path());
  std::fprintf(stderr, "fuzz: seed %u, %zu class engines, %s\n", seed, options.class_engines.size(),
               sandboxed ? "sandboxed" : "not sandboxed");
  Progress progress("fuzz", o.cases > 0 ? "cases" : "s", o.cases > 0 ? o.cases : static_cast<std::size_t>(seconds),
                    o.quiet);
  generator::Draws draw(seed);
  const Time started = Clock::now();
  // No case of the search starts at or after search_end; nothing at all
  // at or after end.
  const Time search_end = after(started, seconds), end = after(search_end, o.shrink_seconds);
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - started).count(); };
  std::size_t drawn = 0, asked = 0, dropped = 0, unjudged = 0, unreplayed = 0, untried = 0;
  std::string first_unreplayed;
  while (Clock::now() < search_end && (o.cases == 0 || drawn < o.cases)) {
    std::vector<Entry> batch;
    const std::size_t round = o.cases > 0 ? std::min<std::size_t>(o.round, o.cases - drawn) : o.round;
    while (batch.size() < round && Clock::now() < search_end) {
      const FuzzInput input = generator::draw_fuzz_input(draw);
      try {
        batch.push_back({input, generator::fuzz_case(input, id_of(seed, drawn + batch.size()))});
      } catch (const std::logic_error&) {
        // A pair near a radius after the first tick: drawn again.
      }
    }
    drawn += batch.size();
    Round found;
    try {
      found = fuzzer.ask(batch, search_end, end);
    } catch (const EngineDidNotStart& e) {
      progress.clear();
      return did_not_start(e, asked, seed);
    }
    dropped += found.dropped;
    unjudged += found.unjudged;
    for (std::size_t k = 0; k < found.fair.size() && k < kReplaysPerRound; ++k) {
      Finding d = found.difference(found.fair[k], batch);
      // Asked again of a fresh engine process after the requests its own
      // had been sent: a difference that does not come back (a deadline
      // missed on a loaded machine, say) is reported, never written.
      auto again = fuzzer.replay(d.history, d.entry, end);
      if (!again) {
        if (unreplayed++ == 0) {
          first_unreplayed = d.entry.second.id + " (after " + earlier(d.history.size()) + "): " + d.result.message;
        }
        continue;
      }
      d.result = *again;
      progress.clear();
      std::fprintf(stdout, "difference after %zu cases (%.1f s): %s%s: %s\n", asked + found.fair[k].at + 1,
                   elapsed(), d.entry.second.id.c_str(),
                   d.history.empty() ? "" : (", after " + earlier(d.history.size())).c_str(),
                   d.result.message.c_str());
      std::fflush(stdout);
      try {
        return report_finding(o, fuzzer, std::move(d), seed, std::min(end, after(Clock::now(), o.shrink_seconds)));
      } catch (const EngineDidNotStart& e) {
        return did_not_start(e, asked, seed);
      }
    }
    untried += found.fair.size() - std::min(found.fair.size(), kReplaysPerRound);
    asked += found.asked.size();
    progress.update(o.cases > 0 ? drawn : static_cast<std::size_t>(elapsed()), std::to_string(asked) + " cases");
  }
  progress.clear();
  if (unreplayed + unjudged > 0) {
    // Something differed and could not be made a finding: not nothing.
    std::fprintf(stdout, "no confirmed difference in %zu cases, seed %u, but ", asked, seed);
    if (unreplayed > 0) {
      std::fprintf(stdout, "%zu did not replay in a fresh engine process given the requests before them "
                           "(the first: %s; %zu more of their rounds were not tried)%s",
                   unreplayed, first_unreplayed.c_str(), untried, unjudged > 0 ? ", and " : "");
    }
    if (unjudged > 0) std::fprintf(stdout, "%zu were not judged by the class engines in the time given", unjudged);
    std::fprintf(stdout, "; nothing written\n");
    return kMismatch;
  }
  if (asked == 0) {
    std::fprintf(stdout, "no case asked: the time given (--seconds) ran out before the first was (seed %u); give "
                         "more time\n", seed);
    return kOverBudget;
  }
  std::fprintf(stdout, "no difference in %zu cases (%.0f per second), seed %u; %zu dropped as outside a class "
                       "engine's class\n",
               asked, static_cast<double>(asked) / elapsed(), seed, dropped);
  return kSuccess;
}

}  // namespace

Command add_fuzz(CLI::App& app) {
  auto o = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand("fuzz", "differential testing: ask an engine drawn edge cases, "
                                                 "compare with the reference, shrink and write what differs");
  command->add_option("--engine", o->engine, "the engine under test, a command as for grade")->required();
  command->add_option("--seconds", o->seconds, "how long to look: no case starts after it (default 60, or no "
                                               "limit with --cases)");
  command->add_option("--shrink-seconds", o->shrink_seconds,
                      "how much longer judging, replaying and shrinking a difference may take: nothing starts "
                      "after --seconds plus this, so fuzz ends within both and one request's deadline")
      ->capture_default_str();
  command->add_option("--cases", o->cases, "stop after this many cases (the same seed asks the same ones)");
  command->add_option("--seed", o->seed, "the draws' seed (0..4294967295); drawn and printed when not given");
  command->add_option("--output,--out", o->out, "where a finding is written as a vector set (default fuzz-finding)");
  command->add_option("--class-engine", o->class_engines,
                      "a correct engine on a faithful libm; a case is a finding only if each answers it within "
                      "its class (repeatable; default: the faithful and glibc libm variants beside the kit)");
  command->add_option("--round", o->round, "cases per engine start (default 200)");
  command->add_option("--timeout", o->timeout, "seconds per request, as for grade (default 10)");
  command->add_flag("--quiet", o->quiet, "no progress on stderr (shown only when stderr is a terminal)");
  o->launch.add_to(*command);
  return {command, [o] { return run_fuzz(*o); }};
}

}  // namespace susurration::cli
