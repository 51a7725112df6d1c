// The JSON report (schemas/report.schema.json): everything the text report
// says, and every case, for tools and dashboards.
#include "susurration/grader/report.hpp"
#include "susurration/grader/fingerprint.hpp"

#include <algorithm>

namespace susurration::grader {

Json counts_json(const Counts& c) {
  Json j = Json::object();
  for (Outcome o : {Outcome::pass_exact, Outcome::pass_tolerant, Outcome::fail, Outcome::errored,
                    Outcome::skipped}) {
    j[to_string(o)] = c.of(o);
  }
  return j;
}

namespace {

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

// --- what the HTML report draws (report_html.cpp), carried here so that a
// saved JSON report redraws the page without the vector set ----------------

// A trajectory case's metric columns, the reference's and the engine's, and
// what a chart marks: the window, the tolerance, the anchors, the chaos
// horizon and the first tick the engine left the tolerance.
constexpr int kMostChartedTicks = 1000;

Json chart_json(const VectorCase& c, const CaseResult& r) {
  const Json& compare = c.json->at("compare");
  const Json& reference = c.json->at("expected").at("metrics");
  Json departure = nullptr;
  if (r.engine_answer) {
    bool same_length = true;
    for (const auto& [field, column] : reference.items()) {
      same_length = same_length && r.engine_answer->contains(field) && r.engine_answer->at(field).size() == column.size();
    }
    if (same_length) {
      const Comparison cmp = compare_trajectory(compare.at("relative").get<double>(), compare.at("window").get<int>(),
                                                reference, *r.engine_answer);
      if (cmp.first_off) departure = {{"tick", *cmp.first_off->tick}, {"field", cmp.first_off->field}};
    }
  }
  // Charted to tick 1000 at most: the run of 20000 ticks would put 3 MB of
  // columns into every report, for a chart no clearer past the window.
  const int ticks = std::min(c.json->at("input").at("ticks").get<int>(), kMostChartedTicks);
  const auto head = [ticks](const Json& columns) {
    Json out = Json::object();
    for (const auto& [field, column] : columns.items()) {
      out[field] = column.size() > static_cast<std::size_t>(ticks) + 1
                       ? Json(column.begin(), column.begin() + ticks + 1) : column;
    }
    return out;
  };
  Json anchors = Json::array();
  for (const Json& a : c.json->at("expected").at("anchors")) {
    if (a.at("tick").get<int>() <= ticks) anchors.push_back(a.at("tick"));
  }
  return {{"ticks", ticks},
          {"window", compare.at("window")},
          {"relative", compare.at("relative")},
          {"anchors", anchors},
          {"chaos_horizon", c.json->at("chaos_horizon").at("first_tick")},
          {"departure", departure},
          {"reference", head(reference)},
          {"engine", r.engine_answer && r.engine_answer->is_object() ? head(*r.engine_answer) : Json()}};
}

// A failing init or step case's state: the reference's positions, every
// bird with a value outside the case's class, and the first few of those
// values (a table of 400 birds helps nobody).
constexpr std::size_t kPictureRows = 20;

Json picture_json(const VectorCase& c, const CaseResult& r) {
  const Json& compare = c.json->at("compare");
  const Json& expected = c.json->at("expected").at("state");
  const Json& actual = r.engine_answer->at("state");
  static const char* const fields[] = {"x", "y", "vx", "vy"};
  Json positions = Json::array(), engine_positions = Json::array(), birds = Json::array(), rows = Json::array();
  std::size_t values = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    positions.push_back({expected[i].at(0), expected[i].at(1)});
    const bool answered = i < actual.size();
    engine_positions.push_back(answered ? Json{actual[i].at(0), actual[i].at(1)} : Json());
    bool differs = !answered;
    for (std::size_t f = 0; answered && f < 4; ++f) {
      const Comparison cmp = compare_values(compare, Json{{"v", expected[i].at(f)}}, Json{{"v", actual[i].at(f)}});
      if (cmp.within) continue;
      differs = true;
      ++values;
      if (rows.size() < kPictureRows) {
        rows.push_back({{"bird", i}, {"field", fields[f]}, {"expected", expected[i].at(f)},
                        {"actual", actual[i].at(f)},
                        {"ulps", cmp.first_off->ulps ? Json(*cmp.first_off->ulps) : Json()},
                        {"relative", cmp.first_off->relative ? Json(*cmp.first_off->relative) : Json()}});
      }
    }
    if (differs) birds.push_back(i);
  }
  return {{"width", 1000}, {"height", 600}, {"reference", positions}, {"engine", engine_positions},
          {"differing_birds", birds}, {"differing_values", values}, {"rows", rows},
          {"engine_birds", actual.size()}};
}

Json case_json(const CaseResult& r, int stderr_tail, const VectorCase* c) {
  Json chart = nullptr, picture = nullptr;
  if (c && c->category == "trajectories") chart = chart_json(*c, r);
  if (c && r.engine_answer && r.engine_answer->contains("state") && r.engine_answer->at("state").is_array()) {
    picture = picture_json(*c, r);
  }
  return {{"id", r.id},
          {"chart", chart},
          {"picture", picture},
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
          {"request", r.request},
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
    tolerant.push_back({{"case", r.id},
                        {"drift", r.drift},
                        {"difference", difference_json(r.difference)},
                        {"worst", difference_json(r.worst)}});
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

// The fresh set graded beside the published one: its seed replays it
// (grade --fresh SEED, vectors --fresh SEED); null when there was none.
Json fresh_json(const VectorSet& set) {
  if (!set.fresh_seed) return nullptr;
  const auto fresh = std::count_if(set.cases.begin(), set.cases.end(), [](const VectorCase& c) { return c.fresh; });
  return {{"seed", *set.fresh_seed}, {"cases", fresh}};
}

Json report_document(const ReportInput& in) {
  std::map<std::string, Counts> by_category, by_clause;
  const StderrTails tails = stderr_tails(in.run);
  std::map<std::string, const VectorCase*> by_id;
  for (const VectorCase& c : in.set.cases) by_id.emplace(c.id(), &c);
  Json cases = Json::array();
  for (std::size_t k = 0; k < in.run.results.size(); ++k) {
    const CaseResult& r = in.run.results[k];
    by_category[r.category].add(r);
    for (const std::string& clause : r.clauses) by_clause[clause].add(r);
    const auto found = by_id.find(r.id);
    cases.push_back(case_json(r, tails.of_case[k], found == by_id.end() ? nullptr : found->second));
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
  const Diagnosis& diagnosis = in.diagnosis;
  Json first = nullptr;
  if (const CaseResult* f = first_failure(in.run, diagnosis)) {
    // Reported under the top cause's clause: the one the diagnosis blames.
    const std::string clause = diagnosis.causes.empty() ? f->clause : diagnosis.causes.front().clause;
    first = {{"case", f->id}, {"outcome", to_string(f->outcome)},
             {"clause", clause.empty() ? Json() : Json(clause)}, {"check", f->check},
             {"difference", difference_json(f->difference)}, {"message", f->message}};
  }
  const Counts& total = in.verdict.counts;
  Json counts = counts_json(total);
  counts["drift"] = total.drift;
  counts["expected-failures"] = total.expected_failures;
  counts["unexpected-passes"] = total.unexpected_passes;
  Json doc = {
      {"schema", "report.schema.json"},
      {"kit", in.verdict.kit},
      {"date", in.date},
      {"command", in.command},
      {"engine", engine_json(in)},
      {"vectors", {{"dir", in.set.dir.string()},
                   {"spec_version", in.set.manifest.at("spec_version")},
                   {"generator_version", in.set.manifest.at("generator_version")},
                   {"manifest_sha256", in.set.manifest_sha256},
                   {"files", files},
                   {"fresh", fresh_json(in.set)}}},
      {"selection", {{"cases_in_set", in.run.cases_in_set},
                     {"cases_selected", in.run.results.size()},
                     {"only", in.selection.only},
                     {"skip", in.selection.skip},
                     {"shard", std::to_string(in.selection.shard) + "/" + std::to_string(in.selection.shards)},
                     {"expect_fail", in.options.expect_fail}}},
      {"timeout_seconds", in.options.timeout.count() / 1000.0},
      {"jobs", in.options.jobs},
      {"seconds", in.run.seconds},
      {"level", to_string(in.verdict.level)},
      {"scope", scope_json(in.verdict.scope)},
      {"counts", counts},
      {"first_failure", first},
      {"diagnosis", diagnosis_json(in.run, diagnosis)},
      {"categories", categories},
      {"clauses", clauses},
      {"stderr_tails", stderr_json},
      {"cases", cases}};
  if (Json f = fingerprint_json(in.run.results); !f.empty()) doc["fingerprint"] = std::move(f);
  // The block the text report gives an engine that did not start: only its
  // report says how the handshake failed, so the report keeps it.
  if (!in.run.not_started.empty()) doc["not_started"] = in.run.not_started;
  return doc;
}

std::string json_from_report(const Json& report) {
  // Engine text is valid UTF-8 by the time it is here (engine_text.hpp);
  // replacing, not throwing, is the last line of defence of "always a report".
  return report.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string json_report(const ReportInput& in) { return json_from_report(report_document(in)); }

}  // namespace susurration::grader
