// The EARL report (report.hpp, spec/grading.md REPORT-7): a grade as W3C
// Evaluation and Report Language 1.0 assertions in JSON-LD, the form W3C
// implementation reports take in, drawn from the JSON report alone. One
// assertion per graded case: the kit asserts, of the engine, the outcome of
// the case's test; and one of the vector set as a whole, the verdict, with
// its level and scope.
#include <string>

#include "susurration/grader/report.hpp"

namespace susurration::grader {
namespace {

// Every key of the document is a term of this context, so a JSON-LD
// processor drops nothing (the test expands it in safe mode).
Json earl_context() {
  return {{"earl", "http://www.w3.org/ns/earl#"},
          {"dc", "http://purl.org/dc/terms/"},
          {"doap", "http://usefulinc.com/ns/doap#"},
          {"xsd", "http://www.w3.org/2001/XMLSchema#"},
          {"assertedBy", {{"@id", "earl:assertedBy"}, {"@type", "@id"}}},
          {"subject", {{"@id", "earl:subject"}, {"@type", "@id"}}},
          {"test", {{"@id", "earl:test"}, {"@type", "@id"}}},
          {"result", {{"@id", "earl:result"}}},
          {"outcome", {{"@id", "earl:outcome"}, {"@type", "@id"}}},
          {"mode", {{"@id", "earl:mode"}, {"@type", "@id"}}},
          {"info", {{"@id", "earl:info"}}},
          {"date", {{"@id", "dc:date"}, {"@type", "xsd:dateTime"}}},
          {"title", {{"@id", "dc:title"}}},
          {"description", {{"@id", "dc:description"}}},
          {"source", {{"@id", "dc:source"}, {"@type", "@id"}}},
          {"isPartOf", {{"@id", "dc:isPartOf"}, {"@type", "@id"}}},
          {"requires", {{"@id", "dc:requires"}, {"@type", "@id"}}},
          {"name", {{"@id", "doap:name"}}},
          {"revision", {{"@id", "doap:revision"}}},
          {"language", {{"@id", "doap:programming-language"}}}};
}

// EARL's outcome values. A skipped case was not asked because the engine
// does not list its capability (PROTO-8): the test does not apply to it.
// An errored case is one the engine broke on: the kit cannot tell.
std::string earl_outcome(const std::string& outcome) {
  if (outcome == "pass-exact" || outcome == "pass-tolerant") return "earl:passed";
  if (outcome == "fail") return "earl:failed";
  if (outcome == "skipped") return "earl:inapplicable";
  return "earl:cantTell";
}

// Case ids are unique within a vector set, and a set is named by its
// manifest hash: together an IRI no other question shares.
std::string suite_iri(const Json& report) {
  return "urn:susurration:vectors:" + report.at("vectors").at("manifest_sha256").get<std::string>();
}

// A fresh set is not part of any published one: the same kit draws the same
// set from one seed, so kit and seed name it, and two seeds' cases of one id
// are two questions.
std::string fresh_iri(const Verdict& v) {
  return "urn:susurration:fresh:" + v.kit.substr(v.kit.find(' ') + 1) + ":" + std::to_string(*v.scope.fresh_seed);
}

// The verdict as EARL says it of the whole set: passed only for a level
// that passes on the whole published set; a failure anywhere fails it; any
// other level, or a passing level on less than the whole, cannot tell.
std::string verdict_outcome(const Verdict& v) {
  if (v.level == Level::not_conformant) return "earl:failed";
  if ((v.level == Level::exact || v.level == Level::conformant) && v.scope.whole()) return "earl:passed";
  return "earl:cantTell";
}

}  // namespace

std::string earl_from_report(const Json& report) {
  try {
    const Json& engine = report.at("engine");
    const Verdict verdict = verdict_from_report(report);
    const std::string suite = suite_iri(report);
    const std::string fresh = verdict.scope.fresh_seed ? fresh_iri(verdict) : "";
    Json subject = {{"@id", "_:engine"},
                    {"@type", Json::array({"earl:TestSubject", "doap:Project"})},
                    {"name", engine.at("name").is_string() ? engine.at("name") : engine.at("command")},
                    {"description", "the engine run as " + engine.at("command").get<std::string>()}};
    if (engine.at("version").is_string()) subject["revision"] = engine.at("version");
    if (engine.at("language").is_string()) subject["language"] = engine.at("language");
    Json graph = Json::array();
    graph.push_back(subject);
    graph.push_back({{"@id", "_:kit"},
                     {"@type", Json::array({"earl:Assertor", "earl:Software"})},
                     {"title", report.at("kit")},
                     {"description", "susurration grade, run as " + report.at("command").get<std::string>()}});
    graph.push_back({{"@id", suite},
                     {"@type", "earl:TestCriterion"},
                     {"title", "the Susurration vector set " + report.at("vectors").at("manifest_sha256").get<std::string>() +
                                   " (spec " + report.at("vectors").at("spec_version").get<std::string>() + ")"}});
    if (!fresh.empty()) {
      graph.push_back({{"@id", fresh},
                       {"@type", "earl:TestCriterion"},
                       {"title", "the fresh set of seed " + std::to_string(*verdict.scope.fresh_seed) + " drawn by " +
                                     verdict.kit + " (not part of the published set)"}});
    }
    graph.push_back({{"@type", "earl:Assertion"},
                     {"assertedBy", "_:kit"},
                     {"subject", "_:engine"},
                     {"mode", "earl:automatic"},
                     {"test", suite},
                     {"result", {{"@type", "earl:TestResult"},
                                 {"outcome", verdict_outcome(verdict)},
                                 {"date", report.at("date")},
                                 {"info", "Level: " + level_phrase(verdict) + ". Scope: " + scope_phrase(verdict.scope)}}}});
    for (const Json& c : report.at("cases")) {
      const std::string id = c.at("id").get<std::string>();
      const std::string file = c.at("file").get<std::string>();
      const std::string part = c.at("category") == "fresh" && !fresh.empty() ? fresh : suite;
      Json clauses = Json::array();
      for (const Json& k : c.at("clauses")) clauses.push_back("urn:susurration:clause:" + k.get<std::string>());
      Json result = {{"@type", "earl:TestResult"},
                     {"outcome", earl_outcome(c.at("outcome").get<std::string>())},
                     {"date", report.at("date")}};
      std::string info = c.at("outcome").get<std::string>();
      if (c.at("clause").is_string()) info += " under " + c.at("clause").get<std::string>();
      if (!c.at("message").get<std::string>().empty()) info += ": " + c.at("message").get<std::string>();
      result["info"] = info;
      graph.push_back({{"@type", "earl:Assertion"},
                       {"assertedBy", "_:kit"},
                       {"subject", "_:engine"},
                       {"mode", "earl:automatic"},
                       {"test", {{"@id", part + ":" + file + "#" + id},
                                 {"@type", Json::array({"earl:TestCriterion", "earl:TestCase"})},
                                 {"title", id},
                                 {"isPartOf", part},
                                 {"requires", clauses}}},
                       {"result", result}});
    }
    return Json{{"@context", earl_context()}, {"@graph", graph}}.dump(1) + "\n";
  } catch (const Json::exception& e) {
    throw ReportFormatError(std::string("not a grade report this kit wrote: ") + e.what());
  }
}

std::string earl_report(const ReportInput& in) { return earl_from_report(report_document(in)); }

}  // namespace susurration::grader
