// The JSON report (schemas/report.schema.json): everything the text report
// says, and every case, for tools and dashboards.
#include "susurration/grader/report.hpp"

namespace susurration::grader {
namespace {

Json counts_json(const Counts& c) {
  Json j = Json::object();
  for (Outcome o : {Outcome::pass_exact, Outcome::pass_tolerant, Outcome::fail, Outcome::errored,
                    Outcome::skipped}) {
    j[to_string(o)] = c.of(o);
  }
  return j;
}

Json difference_json(const std::optional<Difference>& d) {
  if (!d) return nullptr;
  return {{"path", d->path},
          {"tick", d->tick ? Json(*d->tick) : Json()},
          {"bird", d->bird ? Json(*d->bird) : Json()},
          {"field", d->field},
          {"expected", d->expected},
          {"actual", d->actual},
          {"ulps", d->ulps ? Json(*d->ulps) : Json()},
          {"relative", d->relative ? Json(*d->relative) : Json()}};
}

Json reanchor_json(const std::optional<Reanchoring>& m) {
  if (!m) return nullptr;
  return {{"segments", m->segments}, {"largest_relative", m->largest_relative}, {"unequal_ticks", m->unequal_ticks}};
}

Json case_json(const CaseResult& r, int stderr_tail) {
  return {{"id", r.id},
          {"file", r.file},
          {"category", r.category},
          {"clauses", r.clauses},
          {"outcome", to_string(r.outcome)},
          {"clause", r.clause.empty() ? Json() : Json(r.clause)},
          {"check", r.check},
          {"message", r.message},
          {"hint", r.hint},
          {"difference", difference_json(r.difference)},
          {"drift", r.drift},
          {"reanchor", reanchor_json(r.reanchor)},
          {"expected_to_fail", r.expected_to_fail},
          {"offending", r.offending},
          {"stderr_tail", stderr_tail < 0 ? Json() : Json(stderr_tail)},
          {"seconds", r.seconds}};
}

Json diagnosis_json(const GradeRun& run, const Diagnosis& d) {
  Json causes = Json::array();
  for (const Cause& c : d.causes) {
    Json explains = Json::array();
    for (std::size_t k : c.explains) explains.push_back(run.results[k].id);
    causes.push_back({{"clause", c.clause}, {"score", c.score}, {"shown", run.results[c.shown].id},
                      {"explains", explains}, {"why", c.why}});
  }
  Json tolerant = Json::array();
  for (std::size_t k : d.tolerant_only) {
    const CaseResult& r = run.results[k];
    tolerant.push_back({{"case", r.id}, {"drift", r.drift}, {"difference", difference_json(r.difference)}});
  }
  return {{"causes", causes}, {"tolerant_only", tolerant}};
}

Json engine_json(const ReportInput& in) {
  Json e = {{"command", in.options.command}, {"name", nullptr}, {"version", nullptr},
            {"language", nullptr}, {"capabilities", Json::array()}};
  if (in.run.engine) {
    e["name"] = in.run.engine->name;
    e["version"] = in.run.engine->version;
    e["language"] = in.run.engine->language;
    e["capabilities"] = in.run.engine->capabilities;
  }
  return e;
}

}  // namespace

std::string json_report(const ReportInput& in) {
  Counts total;
  std::map<std::string, Counts> by_category, by_clause;
  const StderrTails tails = stderr_tails(in.run);
  Json cases = Json::array();
  for (std::size_t k = 0; k < in.run.results.size(); ++k) {
    const CaseResult& r = in.run.results[k];
    total.add(r);
    by_category[r.category].add(r);
    for (const std::string& clause : r.clauses) by_clause[clause].add(r);
    cases.push_back(case_json(r, tails.of_case[k]));
  }
  Json stderr_json = Json::array();
  for (const std::string* tail : tails.tails) stderr_json.push_back(*tail);
  Json files = Json::array();
  for (const Json& f : in.set.manifest.at("files")) {
    files.push_back({{"file", f.at("file")}, {"sha256", f.at("sha256")}, {"number_of_cases", f.at("number_of_cases")}});
  }
  Json categories = Json::object(), clauses = Json::object();
  for (const auto& [name, c] : by_category) categories[name] = counts_json(c);
  for (const auto& [name, c] : by_clause) clauses[name] = counts_json(c);
  const Diagnosis diagnosis = diagnose(in.set, in.run);
  Json first = nullptr;
  if (const CaseResult* f = first_failure(in.run, diagnosis)) {
    // Reported under the top cause's clause: the one the diagnosis blames.
    const std::string clause = diagnosis.causes.empty() ? f->clause : diagnosis.causes.front().clause;
    first = {{"case", f->id}, {"outcome", to_string(f->outcome)},
             {"clause", clause.empty() ? Json() : Json(clause)}, {"check", f->check},
             {"difference", difference_json(f->difference)}, {"message", f->message}};
  }
  Json counts = counts_json(total);
  counts["drift"] = total.drift;
  counts["expected-failures"] = total.expected_failures;
  counts["unexpected-passes"] = total.unexpected_passes;
  const Json report = {
      {"schema", "report.schema.json"},
      {"kit", "susurration 0.1.0"},
      {"engine", engine_json(in)},
      {"vectors", {{"dir", in.set.dir.string()},
                   {"spec_version", in.set.manifest.at("spec_version")},
                   {"generator_version", in.set.manifest.at("generator_version")},
                   {"files", files}}},
      {"selection", {{"cases_in_set", in.run.cases_in_set},
                     {"cases_selected", in.run.results.size()},
                     {"only", in.selection.only},
                     {"skip", in.selection.skip},
                     {"shard", std::to_string(in.selection.shard) + "/" + std::to_string(in.selection.shards)},
                     {"expect_fail", in.options.expect_fail}}},
      {"timeout_seconds", in.options.timeout.count() / 1000.0},
      {"jobs", in.options.jobs},
      {"seconds", in.run.seconds},
      {"level", to_string(verdict_of(in.run).level)},
      {"counts", counts},
      {"first_failure", first},
      {"diagnosis", diagnosis_json(in.run, diagnosis)},
      {"categories", categories},
      {"clauses", clauses},
      {"stderr_tails", stderr_json},
      {"cases", cases}};
  // Engine text is valid UTF-8 by the time it is here (engine_text.hpp);
  // replacing, not throwing, is the last line of defence of "always a report".
  return report.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace susurration::grader
