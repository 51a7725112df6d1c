// `susurration fuzz --engine CMD`: differential testing against the
// reference (issue 22; spec/PROTOCOL.md, "Fuzzing").
//
// Rounds of cases drawn to find edges (generator/fuzz.hpp) are written as a
// vector set in the published format, loaded back and graded as any set is,
// so that what is asked is always something that could be published and
// the comparison is the grader's own (its classes, its checks). A case the
// engine fails or errors on is a finding only if every class engine, a
// correct engine on a faithful libm, answers it within the class: a case so
// ill-conditioned that a correct engine on another libm leaves its class is
// dropped and counted, never reported. A finding is shrunk while that
// stays so, then written to --out as a vector set that
// `grade --vectors DIR --fresh off` replays with the grader's diagnosis.
//
// Exit 0 when nothing differed in the time given, 1 when something did
// (the set is written), 2 for a usage error or an engine that cannot start.
#include <unistd.h>

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
#include "exit_status.hpp"
#include "fuzz.hpp"
#include "progress.hpp"
#include "run_options.hpp"
#include "susurration/grader/runner.hpp"
#include "susurration/inputs.hpp"
#include "write_vectors.hpp"

namespace susurration::cli {
namespace {

namespace fs = std::filesystem;
using namespace susurration::grader;
using generator::Case;
using generator::FuzzInput;

struct Options {
  std::string engine;
  double seconds = 0;     // 0: 60, or no limit with --cases
  std::size_t cases = 0;  // 0: no limit
  std::string seed;  // empty: drawn, and printed
  std::string out = "fuzz-finding";
  std::vector<std::string> class_engines;
  int round = 200;
  double timeout = 10;
  bool quiet = false;
};

using Entry = std::pair<FuzzInput, Case>;

// The correct engines on faithful libms the build puts beside the kit
// (adapters/variants): the faithful libm at four seeds, and glibc's libm
// with the limits decided exactly. An installed kit has none: --class-engine.
std::vector<std::string> default_class_engines() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const fs::path variants = exe.parent_path().parent_path() / "adapters" / "variants";
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

GradeOptions options_for(const std::string& command, double timeout) {
  GradeOptions o;
  o.command = command;
  try {
    o.argv = split_command(command);
    resolve_program(o.argv);
  } catch (const EngineStartError& e) {
    throw InputError("engine", e.what(), "a command that runs an engine");
  }
  o.timeout = std::chrono::milliseconds(std::llround(timeout * 1000));
  return o;
}

bool differs(const CaseResult& r) { return r.outcome == Outcome::fail || r.outcome == Outcome::errored; }
bool within(const CaseResult& r) { return r.outcome == Outcome::pass_exact || r.outcome == Outcome::pass_tolerant; }

// A batch of cases as a vector set: written in the published format into
// `dir` and read back by the grader's own loader.
// `narrow`: with the step class narrowed for the class engines (fuzz.hpp).
VectorSet as_set(const std::vector<Entry>& batch, const fs::path& dir, bool narrow = false) {
  fs::remove_all(dir);
  auto files = generator::fuzz_files(batch, "A round of susurration fuzz.");
  generator::write_vector_files(dir, narrow ? generator::narrowed(std::move(files)) : files);
  return load_vector_set(dir);
}

class Fuzzer {
 public:
  Fuzzer(const Options& o, fs::path scratch)
      : engine_(options_for(o.engine, o.timeout)), scratch_(std::move(scratch)) {
    for (const std::string& c : o.class_engines) classes_.push_back(options_for(c, o.timeout));
  }

  std::size_t dropped = 0;

  // The first case of `batch` (in order) the engine fails or errors on and
  // every class engine answers within its class, with the engine's result.
  std::optional<std::pair<std::size_t, CaseResult>> first_fair_difference(const std::vector<Entry>& batch) {
    const VectorSet set = as_set(batch, scratch_ / "set");
    std::vector<std::size_t> all(set.cases.size());
    for (std::size_t k = 0; k < all.size(); ++k) all[k] = k;
    const GradeRun run = run_grade(set, all, engine_);
    std::vector<std::size_t> differing;
    for (std::size_t k = 0; k < run.results.size(); ++k) {
      if (differs(run.results[k])) differing.push_back(k);
    }
    if (differing.empty()) return std::nullopt;
    // The same cases, in the same order, with the step class narrowed.
    const VectorSet narrow = as_set(batch, scratch_ / "narrowed", true);
    std::vector<bool> fair(set.cases.size(), true);
    for (const GradeOptions& c : classes_) {
      const GradeRun by_class = run_grade(narrow, differing, c);
      for (std::size_t m = 0; m < differing.size(); ++m) {
        if (!within(by_class.results[m])) fair[differing[m]] = false;
      }
    }
    for (const std::size_t k : differing) {
      if (!fair[k]) ++dropped;
    }
    // The set's cases are in file order; the batch's in draw order.
    std::optional<std::pair<std::size_t, CaseResult>> best;
    for (const std::size_t k : differing) {
      if (!fair[k]) continue;
      const std::string id = set.cases[k].id();
      for (std::size_t b = 0; b < batch.size(); ++b) {
        if (batch[b].second.id == id && (!best || b < best->first)) best = {{b, run.results[k]}};
      }
    }
    return best;
  }

 private:
  GradeOptions engine_;
  std::vector<GradeOptions> classes_;
  fs::path scratch_;
};

// The scratch folder of the rounds, removed however fuzz ends.
struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("susurration-fuzz-" + std::to_string(::getpid()));
  Scratch() { fs::create_directories(dir); }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

std::string id_of(std::uint32_t seed, std::size_t k) { return "fuzz-" + std::to_string(seed) + "-" + std::to_string(k); }

// Shrinks `found` while the engine still fails a candidate that every class
// engine answers within its class: the biggest reduction that keeps it,
// again and again, until none does.
Entry shrink(Fuzzer& fuzzer, Entry found, CaseResult& result, const std::string& id) {
  for (int step = 0; step < 200; ++step) {
    // A candidate's case (the reference's answer, and for a step the
    // conditioning copies) is made only when its batch is graded: most
    // rounds keep a candidate of the first batch, and making all of a
    // crowd's 800 cases first took most of a shrink's time.
    const std::vector<FuzzInput> inputs = generator::shrink_candidates(found.first);
    std::size_t next = 0, made = 0;
    bool kept = false;
    while (next < inputs.size() && !kept) {
      std::vector<Entry> batch;
      for (; next < inputs.size() && batch.size() < 64; ++next) {
        try {
          batch.push_back({inputs[next], generator::fuzz_case(inputs[next], id + "-shrink-" + std::to_string(made))});
          ++made;
        } catch (const std::logic_error&) {
        }
      }
      if (batch.empty()) break;
      if (auto d = fuzzer.first_fair_difference(batch)) {
        found = batch[d->first];
        result = d->second;
        kept = true;
      }
    }
    if (!kept) break;
  }
  found.second = generator::fuzz_case(found.first, id);
  return found;
}

int run_fuzz(const Options& o) {
  if (!(o.seconds >= 0) || !std::isfinite(o.seconds)) {
    throw InputError("seconds", std::to_string(o.seconds), "a number of seconds above 0");
  }
  // --cases alone asks that many, however long it takes (for a replayable
  // run and for tests); --seconds alone, or neither, looks for that long.
  const double seconds = o.seconds > 0 ? o.seconds : o.cases > 0 ? std::numeric_limits<double>::infinity() : 60;
  if (o.round < 1 || o.round > 10000) throw InputError("round", std::to_string(o.round), "1..10000 cases");
  std::error_code ec;
  if (fs::exists(fs::symlink_status(o.out, ec)) && !fs::is_directory(o.out, ec)) {
    throw InputError("out", o.out, "a folder that exists or can be made");
  }
  Options options = o;
  if (options.class_engines.empty()) options.class_engines = default_class_engines();
  if (options.class_engines.empty()) {
    throw InputError("class-engine", "none given and none beside the kit",
                     "at least one correct engine on a faithful libm");
  }
  const std::uint32_t seed =
      o.seed.empty() ? static_cast<std::uint32_t>(std::random_device{}()) : parse_fresh_seed(o.seed);
  std::fprintf(stderr, "fuzz: seed %u, %zu class engines\n", seed, options.class_engines.size());

  Scratch scratch;
  Fuzzer fuzzer(options, scratch.dir);
  Progress progress("fuzz", o.cases > 0 ? "cases" : "s", o.cases > 0 ? o.cases : static_cast<std::size_t>(seconds),
                    o.quiet);
  generator::Draws draw(seed);
  const auto started = std::chrono::steady_clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(); };
  std::size_t asked = 0;
  std::size_t unconfirmed = 0;  // differences a fresh process did not repeat
  while (elapsed() < seconds && (o.cases == 0 || asked < o.cases)) {
    std::vector<Entry> batch;
    const std::size_t round = o.cases > 0 ? std::min<std::size_t>(o.round, o.cases - asked) : o.round;
    while (batch.size() < round) {
      const FuzzInput input = generator::draw_fuzz_input(draw);
      try {
        batch.push_back({input, generator::fuzz_case(input, id_of(seed, asked + batch.size()))});
      } catch (const std::logic_error&) {
        // A pair near a radius after the first tick: drawn again.
      }
    }
    const auto found = fuzzer.first_fair_difference(batch);
    if (!found) {
      asked += batch.size();
      progress.update(o.cases > 0 ? asked : static_cast<std::size_t>(elapsed()), std::to_string(asked) + " cases");
      continue;
    }
    asked += found->first + 1;
    Entry entry = batch[found->first];
    CaseResult result = found->second;
    // Asked again of a fresh engine process: a difference that does not
    // come back (a deadline missed on a loaded machine, say) is no finding.
    if (!fuzzer.first_fair_difference({entry})) {
      ++unconfirmed;
      continue;
    }
    progress.clear();
    const std::string id = entry.second.id;
    const std::string unshrunk = generator::fuzz_size(entry.first);
    std::fprintf(stdout, "difference after %zu cases (%.1f s): %s: %s\n", asked, elapsed(), id.c_str(),
                 result.message.c_str());
    std::fflush(stdout);
    const Entry original = entry;
    const CaseResult original_result = result;
    entry = shrink(fuzzer, entry, result, id);
    if (auto again = fuzzer.first_fair_difference({entry})) {
      result = again->second;
    } else {
      // The shrunk case did not come back: the confirmed one is written.
      entry = original;
      result = original_result;
    }
    const std::string header = "Written by susurration fuzz --seed " + std::to_string(seed) + ": " + id +
                               " shrunk from " + unshrunk + "; the engine's answer is outside the case's class and every class engine's "
                               "is within it. Replay: susurration grade --vectors DIR --fresh off --engine CMD.";
    const auto written = generator::write_vector_files(o.out, generator::fuzz_files({entry}, header));
    const std::string size = generator::fuzz_size(entry.first);
    std::fprintf(stdout, "shrunk to %s: %s [%s]: %s\n", size.c_str(), id.c_str(), result.clause.c_str(),
                 result.message.c_str());
    std::fprintf(stdout, "written to %s (%zu files); replay: susurration grade --vectors %s --fresh off --engine %s\n",
                 o.out.c_str(), written.size(), o.out.c_str(), o.engine.c_str());
    return kMismatch;
  }
  progress.clear();
  std::fprintf(stdout, "no difference in %zu cases (%.0f per second), seed %u; %zu dropped as outside a class "
                       "engine's class, %zu not repeated by a fresh engine process\n",
               asked, static_cast<double>(asked) / elapsed(), seed, fuzzer.dropped, unconfirmed);
  return kSuccess;
}

}  // namespace

Command add_fuzz(CLI::App& app) {
  auto o = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand("fuzz", "differential testing: ask an engine drawn edge cases, "
                                                 "compare with the reference, shrink and write what differs");
  command->add_option("--engine", o->engine, "the engine under test, a command as for grade")->required();
  command->add_option("--seconds", o->seconds, "how long to look (default 60, or no limit with --cases)");
  command->add_option("--cases", o->cases, "stop after this many cases (the same seed asks the same ones)");
  command->add_option("--seed", o->seed, "the draws' seed (0..4294967295); drawn and printed when not given");
  command->add_option("--out", o->out, "where a finding is written as a vector set (default fuzz-finding)");
  command->add_option("--class-engine", o->class_engines,
                      "a correct engine on a faithful libm; a case is a finding only if each answers it within "
                      "its class (repeatable; default: the faithful and glibc libm variants beside the kit)");
  command->add_option("--round", o->round, "cases per engine start (default 200)");
  command->add_option("--timeout", o->timeout, "seconds per request, as for grade (default 10)");
  command->add_flag("--quiet", o->quiet, "no progress on stderr (shown only when stderr is a terminal)");
  return {command, [o] { return run_fuzz(*o); }};
}

}  // namespace susurration::cli
