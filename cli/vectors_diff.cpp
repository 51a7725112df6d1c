// `susurration vectors-diff OLD_DIR NEW_DIR`: the cases a change to spec/ or
// the reference added, removed or changed, by id, with the clauses they
// check and, for a changed case, the first value that differs (issue 3).
//
// A case is its own object plus its group's fields other than `cases` (the
// `parameters` it runs with, the group's comment): the same case under new
// parameters is a changed case. The envelope of each file is compared field
// by field, each note on its own; `number_of_cases` is left out because it
// follows from the cases, which are reported one by one.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "commands.hpp"
#include "exit_status.hpp"
#include "json_file.hpp"
#include "json_diff.hpp"
#include "susurration/tolerance.hpp"
#include "json_writer.hpp"
#include "output.hpp"
#include "susurration/inputs.hpp"

namespace susurration::cli {
namespace {

namespace fs = std::filesystem;

// AMB-29's distance, the one the grader counts (+0 and -0 are 1 apart);
// a JSON number is never NaN, so there is always one.
std::uint64_t ulps_between(double a, double b) { return susurration::ulp_distance(a, b).value_or(0); }

struct Case {
  std::string id;
  std::string file;
  std::vector<std::string> clauses;
  Json group;  // the group's fields other than `cases`
  Json body;   // the case object itself
};

struct VectorSet {
  std::map<std::string, Json> envelopes;  // by file name: flat fields (envelope_fields)
  std::map<std::string, Case> cases;      // by id, across files
};

struct FileDifference {
  std::string file;
  Difference first;
};

struct ChangedCase {
  const Case* old_case;
  const Case* new_case;
  Difference first;
};

struct Report {
  std::vector<std::string> only_in_old, only_in_new;  // file names
  std::vector<FileDifference> envelope;
  std::vector<const Case*> added, removed;
  std::vector<ChangedCase> changed;
  std::size_t unchanged = 0;
  std::set<std::string> clauses_touched;

  bool identical() const {
    return only_in_old.empty() && only_in_new.empty() && envelope.empty() && added.empty() &&
           removed.empty() && changed.empty();
  }
};

// ---- Reading a set --------------------------------------------------------

// Throws the one-line complaint about `at` (a path inside `file`) unless ok.
void require(bool ok, const fs::path& file, const std::string& at, const Json& value,
             const std::string& allowed) {
  if (!ok) {
    throw InputError(file.string() + (at.empty() ? "" : " " + at), brief_text(value), allowed);
  }
}

// The member `key` of the object at `at`, checked to be of the kind is_kind tests.
const Json& member(const Json& object, const char* key, bool (Json::*is_kind)() const noexcept,
                   const fs::path& file, const std::string& at, const std::string& allowed) {
  const std::string where = at.empty() ? key : at + "." + key;
  if (!object.contains(key)) {
    throw InputError(file.string() + " " + where, "missing", allowed);
  }
  require((object.at(key).*is_kind)(), file, where, object.at(key), allowed);
  return object.at(key);
}

Json envelope_fields(const Json& doc) {
  Json fields = Json::object();
  for (const auto& [key, value] : doc.items()) {
    if (key == "notes" && value.is_object()) {
      for (const auto& [flag, note] : value.items()) {
        fields["notes." + flag] = note;
      }
    } else if (key != "groups" && key != "number_of_cases") {
      fields[key] = value;
    }
  }
  return fields;
}

std::vector<std::string> clause_list(const Json& c, const fs::path& file, const std::string& at) {
  const char* allowed = "an array of clause ids";
  std::vector<std::string> clauses;
  for (const Json& clause : member(c, "clauses", &Json::is_array, file, at, allowed)) {
    require(clause.is_string(), file, at + ".clauses", clause, allowed);
    clauses.push_back(clause.get<std::string>());
  }
  return clauses;
}

void add_case(VectorSet& set, const fs::path& file, const std::string& at, const Json& group,
              const Json& c) {
  require(c.is_object(), file, at, c, "a case object");
  const Json& id = member(c, "id", &Json::is_string, file, at, "a string");
  const auto [it, fresh] = set.cases.emplace(
      id.get<std::string>(),
      Case{id.get<std::string>(), file.filename().string(), clause_list(c, file, at), group, c});
  require(fresh, file, at + ".id", id,
          "an id used once in the set, not also in " + it->second.file);
}

void add_file(VectorSet& set, const fs::path& file) {
  const Json doc = read_json_file<Json>("vector file", file.string(), vector_file_bounds(), true);
  require(doc.is_object(), file, "", doc, "a vector file object (vectors/README.md)");
  const Json& groups = member(doc, "groups", &Json::is_array, file, "", "an array of groups");
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const std::string at = "groups[" + std::to_string(g) + "]";
    require(groups[g].is_object(), file, at, groups[g], "a group object");
    const Json& cases = member(groups[g], "cases", &Json::is_array, file, at, "an array of cases");
    Json group = groups[g];
    group.erase("cases");
    for (std::size_t k = 0; k < cases.size(); ++k) {
      add_case(set, file, at + ".cases[" + std::to_string(k) + "]", group, cases[k]);
    }
  }
  set.envelopes[file.filename().string()] = envelope_fields(doc);
}

// Every *.json in dir but manifest.json (its hashes only repeat the files).
std::vector<fs::path> vector_files(const std::string& field, const std::string& dir) {
  std::error_code error;
  if (!fs::is_directory(dir, error)) {
    throw InputError(field, dir, "an existing directory of vector files");
  }
  std::vector<fs::path> files;
  for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
    const fs::path& p = it->path();
    if (p.extension() == ".json" && p.filename() != "manifest.json" && it->is_regular_file(error)) {
      files.push_back(p);
    }
  }
  if (error) {
    throw InputError(field, dir, "a readable directory of vector files");
  }
  std::sort(files.begin(), files.end());
  return files;
}

VectorSet load_set(const std::string& field, const std::string& dir) {
  VectorSet set;
  for (const fs::path& file : vector_files(field, dir)) {
    add_file(set, file);
  }
  return set;
}

// ---- Comparing two sets ---------------------------------------------------

std::optional<Difference> case_difference(const Case& a, const Case& b) {
  if (a.file != b.file) {
    return Difference{"file", Json(a.file), Json(b.file)};
  }
  if (auto d = first_difference(a.group, b.group, "group")) {
    return d;
  }
  return first_difference(a.body, b.body, "");
}

void compare_envelopes(const std::string& file, const Json& a, const Json& b,
                       std::vector<FileDifference>& out) {
  // One line per field, so a new spec_version is not hidden behind a note.
  for (const auto& [key, value] : a.items()) {
    if (!b.contains(key)) {
      out.push_back({file, {key, value, std::nullopt}});
    } else if (auto d = first_difference(value, b.at(key), key)) {
      out.push_back({file, *d});
    }
  }
  for (const auto& [key, value] : b.items()) {
    if (!a.contains(key)) {
      out.push_back({file, {key, std::nullopt, value}});
    }
  }
}

bool by_file_then_id(const Case* a, const Case* b) {
  return std::tie(a->file, a->id) < std::tie(b->file, b->id);
}

Report compare(const VectorSet& old_set, const VectorSet& new_set) {
  Report r;
  for (const auto& [file, fields] : old_set.envelopes) {
    if (!new_set.envelopes.contains(file)) {
      r.only_in_old.push_back(file);
    } else {
      compare_envelopes(file, fields, new_set.envelopes.at(file), r.envelope);
    }
  }
  for (const auto& [file, fields] : new_set.envelopes) {
    if (!old_set.envelopes.contains(file)) {
      r.only_in_new.push_back(file);
    }
  }
  for (const auto& [id, old_case] : old_set.cases) {
    const auto found = new_set.cases.find(id);
    if (found == new_set.cases.end()) {
      r.removed.push_back(&old_case);
    } else if (auto d = case_difference(old_case, found->second)) {
      r.changed.push_back({&old_case, &found->second, *d});
    } else {
      ++r.unchanged;
    }
  }
  for (const auto& [id, new_case] : new_set.cases) {
    if (!old_set.cases.contains(id)) {
      r.added.push_back(&new_case);
    }
  }
  // The maps hand out cases by id, so a stable sort by file leaves ids in order.
  std::stable_sort(r.added.begin(), r.added.end(), by_file_then_id);
  std::stable_sort(r.removed.begin(), r.removed.end(), by_file_then_id);
  std::stable_sort(r.changed.begin(), r.changed.end(), [](const auto& a, const auto& b) {
    return by_file_then_id(a.new_case, b.new_case);
  });
  auto touch = [&r](const Case* c) {
    r.clauses_touched.insert(c->clauses.begin(), c->clauses.end());
  };
  std::for_each(r.added.begin(), r.added.end(), touch);
  std::for_each(r.removed.begin(), r.removed.end(), touch);
  for (const ChangedCase& c : r.changed) {
    touch(c.old_case);
    touch(c.new_case);
  }
  return r;
}

// ---- Writing the report ---------------------------------------------------

bool both_floats(const Difference& d) {
  return d.old_value && d.new_value && d.old_value->is_number_float() &&
         d.new_value->is_number_float();
}

std::string joined(const auto& items) {
  std::string text;
  for (const std::string& item : items) {
    text += (text.empty() ? "" : ", ") + item;
  }
  return text.empty() ? "none" : text;
}

std::string shown(const std::optional<Json>& value) {
  return value ? brief_text(*value) : "(absent)";
}

std::string difference_line(const Difference& d) {
  std::string line = d.path + ": " + shown(d.old_value) + " -> " + shown(d.new_value);
  if (both_floats(d)) {
    const double a = d.old_value->get<double>(), b = d.new_value->get<double>();
    const std::uint64_t ulps = ulps_between(a, b);
    char relative[32];
    std::snprintf(relative, sizeof relative, "%.3g", relative_difference(a, b));
    line += "  (" + std::to_string(ulps) + (ulps == 1 ? " ulp" : " ulps") + ", relative " +
            relative + ")";
  }
  return line;
}

std::string case_line(const Case& c) {
  return "  " + c.file + "  " + c.id + "  [" + joined(c.clauses) + "]\n";
}

std::string summary_line(const Report& r) {
  return std::to_string(r.added.size()) + " added, " + std::to_string(r.removed.size()) +
         " removed, " + std::to_string(r.changed.size()) + " changed, " +
         std::to_string(r.unchanged) + " unchanged; clauses touched: " +
         joined(r.clauses_touched) + "\n";
}

// Sections with nothing in them are left out; the summary line is always there.
std::string text_report(const Report& r) {
  std::string out;
  auto heading = [&out](const char* title, bool present) {
    out += present ? std::string(title) + "\n" : "";
    return present;
  };
  if (heading("FILES ONLY IN OLD", !r.only_in_old.empty())) {
    for (const auto& file : r.only_in_old) {
      out += "  " + file + "\n";
    }
  }
  if (heading("FILES ONLY IN NEW", !r.only_in_new.empty())) {
    for (const auto& file : r.only_in_new) {
      out += "  " + file + "\n";
    }
  }
  if (heading("ENVELOPE", !r.envelope.empty())) {
    for (const auto& e : r.envelope) {
      out += "  " + e.file + "  " + difference_line(e.first) + "\n";
    }
  }
  if (heading("ADDED", !r.added.empty())) {
    for (const Case* c : r.added) {
      out += case_line(*c);
    }
  }
  if (heading("REMOVED", !r.removed.empty())) {
    for (const Case* c : r.removed) {
      out += case_line(*c);
    }
  }
  if (heading("CHANGED", !r.changed.empty())) {
    for (const auto& c : r.changed) {
      out += case_line(*c.new_case) + "    " + difference_line(c.first) + "\n";
    }
  }
  return out + summary_line(r);
}

Json difference_json(const Difference& d) {
  Json j = {{"path", d.path}};
  if (d.old_value) {
    j["old"] = *d.old_value;  // a side with nothing there has no key
  }
  if (d.new_value) {
    j["new"] = *d.new_value;
  }
  if (both_floats(d)) {
    const double a = d.old_value->get<double>(), b = d.new_value->get<double>();
    j["ulps"] = ulps_between(a, b);
    j["relative"] = relative_difference(a, b);
  }
  return j;
}

Json case_json(const Case& c) {
  return {{"id", c.id}, {"file", c.file}, {"clauses", c.clauses}};
}

Json case_list(const std::vector<const Case*>& cases) {
  Json list = Json::array();
  for (const Case* c : cases) {
    list.push_back(case_json(*c));
  }
  return list;
}

std::string json_report(const Report& r) {
  Json j = {{"files_only_in_old", r.only_in_old}, {"files_only_in_new", r.only_in_new}};
  j["envelope"] = Json::array();
  for (const auto& e : r.envelope) {
    j["envelope"].push_back({{"file", e.file}, {"difference", difference_json(e.first)}});
  }
  j["added"] = case_list(r.added);
  j["removed"] = case_list(r.removed);
  j["changed"] = Json::array();
  for (const auto& c : r.changed) {
    Json entry = case_json(*c.new_case);
    entry["first_difference"] = difference_json(c.first);
    j["changed"].push_back(entry);
  }
  j["summary"] = {{"added", r.added.size()},
                  {"removed", r.removed.size()},
                  {"changed", r.changed.size()},
                  {"unchanged", r.unchanged},
                  {"clauses_touched", r.clauses_touched}};
  return generator::canonical_text(j);
}

struct Options {
  std::string old_dir;
  std::string new_dir;
  std::string format = "text";
};

}  // namespace

Command add_vectors_diff(CLI::App& app) {
  auto o = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand(
      "vectors-diff", "compare two vector sets case by case; exit 0 if identical, 1 if not");
  command->add_option("OLD_DIR", o->old_dir, "the vector set before the change")->required();
  command->add_option("NEW_DIR", o->new_dir, "the vector set after the change")->required();
  command->add_option("--format", o->format, "text or json")
      ->capture_default_str()
      ->check(CLI::IsMember({"text", "json"}));
  return {command, [o] {
            // Both sets are read before anything is printed: bad input leaves stdout empty.
            const VectorSet old_set = load_set("old_dir", o->old_dir);
            const VectorSet new_set = load_set("new_dir", o->new_dir);
            const Report report = compare(old_set, new_set);
            emit(o->format == "json" ? json_report(report) : text_report(report));
            finish_output();
            return report.identical() ? kSuccess : kMismatch;
          }};
}

}  // namespace susurration::cli
