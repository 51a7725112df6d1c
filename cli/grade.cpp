// `susurration grade`: run an engine under test as a subprocess and grade
// it against a vector set (spec/PROTOCOL.md). Exit 0 when the engine is
// exact or conformant, 1 when it is not conformant, 3 when it is incomplete
// (nothing failed, some deadline missed by a slow engine), 5 for no verdict (no case graded, or
// an engine without the core capabilities), 2 for a usage error (including
// an engine command that cannot be found, or a selection of no case), 4 when
// the report cannot be written, 6 when the vector set is not the one
// --expect-manifest pins, 7 when the engine did not start. With
// --expect-fail the level is the same, and the status that of the cases not
// listed, a listed case that passes counting as a failure: 0 when the
// failing cases are exactly the listed ones.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <ctime>
#include <mutex>
#include <thread>
#include <random>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>

#include "commands.hpp"
#include "ending.hpp"
#include "engine_launch.hpp"
#include "exit_status.hpp"
#include "output.hpp"
#include "progress.hpp"
#include "susurration/protocol/engine_text.hpp"
#include "susurration/grader/kit_guard.hpp"
#include "susurration/grader/report.hpp"
#include "atomic_file.hpp"
#include "result_file.hpp"
#include "fresh.hpp"
#include "run_options.hpp"
#include "susurration/inputs.hpp"
#include "susurration/serialise.hpp"
#include "vector_lookup.hpp"

namespace susurration::cli {
namespace {

using namespace susurration::grader;

struct Options {
  std::string engine;
  std::string vectors;  // empty: the set beside the binary (vector_lookup.hpp)
  std::string expect_manifest;
  std::vector<std::string> only, skip;
  std::string expect_fail;
  double timeout = 10.0;
  std::string jobs = "1";  // N or auto (parse_jobs)
  std::string shard = "1/1";
  std::string report = "text";
  std::string output;
  std::vector<std::string> also_report;  // FORMAT=FILE
  std::string transcript;
  bool quiet = false;
  bool fail_fast = false;
  bool list = false;  // --list: print the cases the selection would grade, grade nothing
  bool limits = false;  // --limits: limits.json's cases too (spec/grading.md, "The limits set")
  std::string fresh;  // a seed, "off", or empty: a drawn seed for a plain grade
  EngineLaunchOptions launch;  // --sandbox, --engine-env, --engine-files
  double budget = 3600;
};

struct ExtraReport {
  std::string format, file;
};

// The report formats, one place for --report and --also-report.
constexpr const char* kFormats = "text, json, junit, html or earl";
bool known_format(const std::string& f) {
  return f == "text" || f == "json" || f == "junit" || f == "html" || f == "earl";
}

// --also-report FORMAT=FILE: the same run's report in another form, so a CI
// job keeps JUnit and JSON from one grade.
ExtraReport parse_extra_report(const std::string& word) {
  const std::size_t eq = word.find('=');
  ExtraReport r;
  if (eq != std::string::npos) r = {word.substr(0, eq), word.substr(eq + 1)};
  if (!known_format(r.format) || r.file.empty()) {
    throw InputError("also-report", word,
                     std::string("FORMAT=FILE with FORMAT ") + kFormats + " and FILE a file, or - for standard output");
  }
  return r;
}

bool is_sha256_hex(const std::string& s) {
  return s.size() == 64 && std::all_of(s.begin(), s.end(), [](unsigned char c) {
           return std::isdigit(c) || (c >= 'a' && c <= 'f');
         });
}

std::string report_in(const std::string& format, const ReportInput& input);

bool to_standard_output(const std::string& output) { return output.empty() || output == "-"; }

// --jobs N (1..64) or auto: this machine's cores, as many engines side by
// side as it can run at once. The default stays 1, so that a grade's load
// does not depend on the machine it runs on unless asked (issue 55).
int parse_jobs(const std::string& text) {
  if (text == "auto") return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 64u));
  std::size_t used = 0;
  int n = 0;
  try {
    n = std::stoi(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || n < 1 || n > 64) throw InputError("jobs", text, "an integer 1..64, or auto");
  return n;
}

// --list: the cases the selection would grade, one a line (id, category,
// clauses, tab-separated), and nothing graded; a plain grade's fresh seed is
// named, since it is drawn anew each time (--fresh SEED pins it).
void list_cases(const VectorSet& set, const std::vector<std::size_t>& selected) {
  std::string out = "# " + std::to_string(selected.size()) + " of the " + std::to_string(set.cases.size()) +
                    " cases (id, category, clauses)";
  if (set.fresh_seed) out += "; fresh seed " + std::to_string(*set.fresh_seed) + " (--fresh to pin it)";
  out += "\n";
  for (std::size_t k : selected) {
    const VectorCase& c = set.cases[k];
    std::string clauses;
    for (const Json& clause : c.json->at("clauses")) {
      if (!clauses.empty()) clauses += ',';
      clauses += clause.get<std::string>();
    }
    out += c.id() + "\t" + (c.fresh ? "fresh" : c.limits ? kLimitsCategory : c.category) + "\t" + clauses + "\n";
  }
  emit(out);
  finish_output();
}

// Every option checked before an engine is started, so a mistake costs
// nothing (INPUT-8: one line, exit 2). Numbers are shown in shortest form.
void check_options(const Options& o) {
  // At least 1 ms: a shorter deadline would round to 0, which expires
  // before any engine could answer.
  if (!(o.timeout >= 0.001 && o.timeout <= 3600)) {
    throw InputError("timeout", shortest(o.timeout), "seconds in [0.001, 3600]");
  }
  parse_jobs(o.jobs);
  if (!known_format(o.report)) throw InputError("report", o.report, kFormats);
  if (!to_standard_output(o.output)) generator::check_write_target("output", o.output);
  // `-` is standard output for every file option; one report at most goes there.
  if (!o.transcript.empty() && !to_standard_output(o.transcript)) {
    generator::check_write_target("transcript", o.transcript);
  }
  int reports_on_standard_output = to_standard_output(o.output) ? 1 : 0;
  for (const std::string& word : o.also_report) {
    const ExtraReport extra = parse_extra_report(word);
    if (!to_standard_output(extra.file)) {
      generator::check_write_target("also-report", extra.file);
    } else if (++reports_on_standard_output > 1) {
      throw InputError("also-report", word, "one report at most on standard output (--output FILE for the main one)");
    }
  }
  check_engine_launch(o.launch);
  if (!(o.budget >= 0.001 && o.budget <= 31'536'000)) {
    throw InputError("budget", shortest(o.budget), "seconds in [0.001, 31536000]");
  }
  if (!o.expect_manifest.empty() && !is_sha256_hex(o.expect_manifest)) {
    throw InputError("expect-manifest", o.expect_manifest, "64 lower-case hex digits (susurration --version prints them)");
  }
}

// The vector set named by --vectors, or else the one beside the binary.
std::filesystem::path vectors_dir(const Options& o) {
  if (!o.vectors.empty()) return o.vectors;
  const std::filesystem::path dir = vectors_beside_binary();
  if (dir.empty()) throw InputError("vectors", "(none given)", "--vectors DIR; this binary cannot find its own location");
  return dir;
}

// Every report asked for and the transcript, each written whole or not at
// all, and each on its own: one that cannot be drawn says why on stderr and
// the others are still written (issue 52: an EARL writer that threw lost
// the main report); one whose path was taken over while grading goes
// beside it or to standard error (result_file.hpp, issue 24). False when
// any was not written where it was asked (exit 4).
bool write_results(const Options& o, const ReportInput& input) {
  bool all_written = true;
  const auto write = [&](const std::string& what, const std::string& option, const std::string& file,
                         const std::function<std::string()>& text) {
    try {
      const std::string bytes = text();
      if (to_standard_output(file)) {
        emit(bytes);
        finish_output();
      } else {
        all_written &= write_result_file(option, file, bytes);
      }
    } catch (const std::exception& e) {
      std::fprintf(stderr, "grade: %s not written (%s): %s\n", what.c_str(),
                   to_standard_output(file) ? "standard output" : protocol::visible(protocol::valid_utf8(file)).c_str(),
                   protocol::visible(protocol::valid_utf8(e.what())).c_str());
      all_written = false;
    }
  };
  for (const std::string& word : o.also_report) {
    const ExtraReport extra = parse_extra_report(word);
    write("the " + extra.format + " report (--also-report)", "also-report", extra.file,
          [&] { return report_in(extra.format, input); });
  }
  if (!o.transcript.empty()) {
    write("the transcript", "transcript", o.transcript, [&] {
      std::string lines;
      for (const std::string& line : input.run.transcript) lines += line + "\n";
      return lines;
    });
  }
  write("the " + o.report + " report", "output", o.output, [&] { return report_in(o.report, input); });
  return all_written;
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : ",") + w;
  return out;
}

// A selection of no case would grade nothing and pass vacuously (issue 11):
// it is refused before any engine starts, naming what emptied it (a set of
// no case is refused earlier, in run_grade_command).
void refuse_empty_selection(const Options& o, const VectorSet& set) {
  const std::string of = " of the " + std::to_string(set.cases.size()) + " cases";
  if (!o.only.empty()) throw InputError("only", joined(o.only), "globs that, with --skip and --shard, match at least one" + of);
  if (!o.skip.empty()) throw InputError("skip", joined(o.skip), "globs that, with --shard, leave at least one" + of);
  throw InputError("shard", o.shard, "a shard holding at least one" + of);
}

std::string report_in(const std::string& format, const ReportInput& input) {
  return format == "json"    ? json_report(input)
         : format == "junit" ? junit_report(input)
         : format == "html"  ? html_report(input)
         : format == "earl"  ? earl_report(input)
                             : text_report(input);
}

// The date a report carries: when grading started, to the second, UTC.
std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buffer;
}

int exit_status(Level level) {
  switch (level) {
    case Level::exact:
    case Level::conformant: return kSuccess;
    case Level::not_conformant: return kMismatch;
    case Level::incomplete: return kIncomplete;
    case Level::no_verdict: return kNoVerdict;
  }
  return kInternalError;
}

// Fresh set `seed` as the grader reads files: the very bytes `vectors
// --fresh SEED` writes, so what is graded could have been published.
std::vector<Json> fresh_files(std::uint32_t seed) {
  std::vector<Json> files;
  for (const generator::VectorFile& f : generator::fresh_vector_files(seed)) {
    files.push_back(Json::parse(generator::canonical_text(f.to_json())));
  }
  return files;
}

int run_grade_command(const Options& o) {
  Selection selection{o.only, o.skip, 1, 1, o.limits};
  try {
    parse_shard(o.shard, selection.shard, selection.shards);
  } catch (const SelectionError& e) {
    throw InputError("shard", o.shard, "I/N with 1 <= I <= N");
  }
  check_options(o);
  // Fresh cases (PROTO-12): the seed given, or, for a plain grade, one
  // drawn here, so that even a plain grade asks what nobody could have
  // looked up. A selection (--only) grades what it names, and the shards of
  // a CI matrix would each draw their own (they share one by --fresh SEED).
  const bool plain = o.only.empty() && selection.shards == 1;
  const bool fresh = o.fresh.empty() ? plain : o.fresh != "off";
  const std::uint32_t fresh_seed =
      !fresh ? 0 : o.fresh.empty() ? static_cast<std::uint32_t>(std::random_device{}()) : parse_fresh_seed(o.fresh);
  VectorSet set;
  const std::filesystem::path dir = vectors_dir(o);
  try {
    set = load_vector_set(dir);
  } catch (const VectorSetError& e) {
    throw InputError("vectors", e.what(), "a vector set with its manifest");
  }
  // A CI job pins the set it grades against: another set (an upgraded kit,
  // a stray --vectors) stops the run before any engine starts.
  if (!o.expect_manifest.empty() && set.manifest_sha256 != o.expect_manifest) {
    std::fprintf(stderr, "vector set %s has manifest sha256 %s, not the %s --expect-manifest pins\n",
                 dir.c_str(), set.manifest_sha256.c_str(), o.expect_manifest.c_str());
    return kManifestMismatch;
  }
  GradeOptions options;
  options.command = o.engine;
  if (!o.list) {
    if (o.engine.empty()) {
      throw InputError("engine", "(none given)", "--engine CMD, the engine to grade (--list shows the cases without one)");
    }
    try {
      options.argv = split_command(o.engine);
      resolve_program(options.argv);
    } catch (const EngineStartError& e) {
      throw InputError("engine", e.what(), "a command that runs an engine");
    }
  }
  // A set of no case is refused whatever fresh cases would join it: they
  // are drawn beside a published set, never instead of one.
  if (set.cases.empty()) throw InputError("vectors", o.vectors, "a vector set with at least one case");
  // Without --limits, limits.json is not part of the set a grade speaks of
  // (spec/grading.md, The limits set): its cases are neither selected,
  // listed nor counted in the selection's cases_in_set.
  if (!o.limits) std::erase_if(set.cases, [](const VectorCase& c) { return c.limits; });
  if (fresh) add_fresh(set, fresh_files(fresh_seed), fresh_seed);
  options.timeout = std::chrono::milliseconds(std::llround(o.timeout * 1000));
  options.jobs = parse_jobs(o.jobs);
  options.keep_transcript = !o.transcript.empty();
  options.fail_fast = o.fail_fast;
  options.budget = std::chrono::milliseconds(std::llround(o.budget * 1000));
  // The sandbox (issue 24): probed once; `on` refuses to grade without it.
  apply_engine_launch(o.launch);
  try {
    if (!o.expect_fail.empty()) options.expect_fail = read_expect_fail(o.expect_fail, set);
  } catch (const SelectionError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return kBadInput;
  }
  const std::vector<std::size_t> selected = select_cases(set, selection);
  if (selected.empty()) refuse_empty_selection(o, set);
  if (o.list) {
    list_cases(set, selected);
    return kSuccess;
  }

  // Cases done of the selection, and the one a worker started last.
  Progress progress("grade", "cases", selected.size(), o.quiet);
  std::mutex progress_mutex;
  std::size_t done = 0;
  std::string running;
  if (progress.shown()) {
    options.on_case = [&](std::size_t k, bool finished) {
      std::lock_guard lock(progress_mutex);
      if (finished) {
        ++done;
      } else {
        running = set.cases[selected[k]].id();
      }
      progress.update(done, running);
    };
  }
  const std::string date = utc_now();
  on_signals_kill_engines_and_exit();
  guard_the_kit(kKitStopped);
  const GradeRun run = run_grade(set, selected, options);
  progress.clear();

  // What a report says of the command and the paths is valid UTF-8, made so
  // here once for every writer (an engine command or a vectors path may
  // hold any bytes); the engine was run with the bytes as given.
  options.command = protocol::valid_utf8(options.command);
  set.dir = protocol::valid_utf8(set.dir.string());
  // The verdict and the diagnosis once, for every form and the exit status alike.
  const Verdict verdict = grade_verdict(set, selection, run);
  const Diagnosis diagnosis = diagnose(set, run);
  const ReportInput input{set, selection, options, run, verdict, diagnosis, date, protocol::valid_utf8(invocation())};
  // An engine that did not start is one block on the terminal: the text
  // report on standard output is that block, any other report says it on
  // stderr.
  if (!run.not_started.empty() && !(o.report == "text" && to_standard_output(o.output))) {
    std::fputs(protocol::visible(run.not_started).c_str(), stderr);
  }
  // A report path taken over while grading (an engine put a symlink or a
  // folder there) costs the path, not the grade: exit 4, the report kept.
  if (!write_results(o, input)) return kInternalError;
  return run.not_started.empty() ? exit_status(verdict.status_level()) : kEngineDidNotStart;
}

}  // namespace

Command add_grade(CLI::App& app) {
  auto o = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand(
      "grade", "grade an engine (any program speaking spec/PROTOCOL.md) against the vectors");
  command->footer(
      "Levels and exit statuses: exact or conformant 0; not conformant 1 (a case failed: a wrong value,\n"
      "a crash, a response that breaks its schema, an engine stuck on an input); incomplete 3 (nothing\n"
      "failed, some deadline missed by an engine still answering: a slow engine needs a larger\n"
      "--timeout); no verdict 5 (no case graded, or the engine lacks init, step, metrics or run).\n"
      "A case listed in --expect-fail that fails is still a failure: the level is not conformant, and\n"
      "the list changes only the exit status, 0 when the failing cases are exactly the listed ones.\n"
      "2: a usage error, or a selection of no case; 4: a report or the transcript could not be written at\n"
      "its path (it is then at a fresh name beside it, or on stderr: one line there says which);\n"
      "6: the vector set's manifest is not the one --expect-manifest pins; 7: the engine did not start\n"
      "(its handshake failed on the first start and on a retry; no case was asked); 8: the kit was\n"
      "stopped (SIGSTOP or another stop signal, which an engine can send) and the grade abandoned.\n"
      "Without --vectors, the set at ../share/susurration/vectors beside this binary is used.");
  command->add_option("--engine", o->engine,
                      "the engine's command line, split into words like a shell would, run without one "
                      "(required but with --list)");
  command->add_option("--vectors", o->vectors,
                      "the vector set to grade against (default: the one installed beside this binary)");
  command->add_option("--expect-manifest", o->expect_manifest,
                      "refuse (exit 6) a vector set whose manifest.json has another SHA-256 (see --version)");
  command->add_option("--only", o->only, "grade only cases whose id or a clause matches a glob (repeatable)")
      ->delimiter(',');
  command->add_option("--skip", o->skip, "skip cases whose id or a clause matches a glob (repeatable)")
      ->delimiter(',');
  command->add_option("--expect-fail", o->expect_fail,
                      "file of case ids expected to fail: the level still counts them, the exit status is 0 "
                      "when exactly they fail (one that passes, or a failure not listed, gives 1)");
  command->add_option("--timeout", o->timeout, "base deadline of a request in seconds, 0.001..3600, scaled by its work (spec/grading.md, Deadlines)")->capture_default_str();
  command->add_option("--jobs", o->jobs,
                      "engine processes run side by side: N (1..64), or auto for as many as this machine has cores "
                      "(default 1, so that a grade's load does not depend on the machine)")
      ->capture_default_str();
  command->add_flag("--list", o->list,
                    "print the cases the selection (--only, --skip, --shard, --fresh) would grade: id, category "
                    "and clauses, tab-separated; grade nothing (--engine is then not needed)");
  command->add_option("--fresh", o->fresh,
                      "also grade fresh set SEED (0..4294967295), drawn at grading time and reported as the "
                      "category fresh; off grades the published set alone. Without it, a grade with no --only "
                      "and no --shard draws a seed of its own");
  command->add_flag("--limits", o->limits,
                    "also grade the limits set (vectors/limits.json): a step of 400 birds for 1000 ticks and a run "
                    "of 400 birds for 20000 ticks, the most work one request may ask; about 10 s for the reference "
                    "engine, minutes to hours for a slow one. Its deadlines scale with the work, and the report's "
                    "scope says whether it was asked");
  command->add_flag("--fail-fast", o->fail_fast,
                    "start no case after one fails or errors unlisted in --expect-fail (or passes listed there); "
                    "the rest are reported skipped (exit status as a whole grade's)");
  command->add_option("--shard", o->shard, "grade shard I of N (1-based), for CI matrices")->capture_default_str();
  command->add_option("--format,--report", o->report,
                      "text, json, junit, html (one self-contained page; `susurration report` draws it from a "
                      "saved json report) or earl (W3C EARL in JSON-LD)")
      ->capture_default_str();
  command->add_flag("--quiet", o->quiet, "no progress on stderr (shown only when stderr is a terminal)");
  command->add_option("--output", o->output, "write the report to this file (a regular file or a new name; - for standard output)");
  command->add_option("--also-report", o->also_report,
                      "also write the report as FORMAT (text, json, junit, html, earl) to FILE: FORMAT=FILE (repeatable)");
  command->add_option("--transcript", o->transcript,
                      "write every protocol line sent and received to this file (- for standard output)");
  o->launch.add_to(*command);
  command->add_option("--budget", o->budget,
                      "seconds the whole grade may take; no case starts after it, the rest are errored and the "
                      "level is incomplete")
      ->capture_default_str();
  return {command, [o] { return run_grade_command(*o); }};
}

}  // namespace susurration::cli
