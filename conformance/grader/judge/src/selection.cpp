// Case selection for grade runs.
#include "susurration/grader/selection.hpp"

#include <fnmatch.h>

#include <sstream>

#include "susurration/protocol/bounded_file.hpp"

namespace susurration::grader {
namespace {

bool glob(const std::string& pattern, const std::string& text) {
  return ::fnmatch(pattern.c_str(), text.c_str(), 0) == 0;
}

// A pattern matches a case by its id or by any clause it checks, so
// `--only 'STEP-*'` and `--skip 'trajectory-n400-*'` both work.
bool matches(const std::vector<std::string>& patterns, const VectorCase& c) {
  for (const std::string& p : patterns) {
    if (glob(p, c.id())) return true;
    for (const Json& clause : c.json->at("clauses")) {
      if (glob(p, clause.get<std::string>())) return true;
    }
  }
  return false;
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

}  // namespace

void parse_shard(const std::string& text, int& shard, int& shards) {
  const auto slash = text.find('/');
  try {
    std::size_t used_i = 0, used_n = 0;
    if (slash == std::string::npos) throw std::invalid_argument("no slash");
    shard = std::stoi(text.substr(0, slash), &used_i);
    shards = std::stoi(text.substr(slash + 1), &used_n);
    if (used_i != slash || used_n != text.size() - slash - 1 || shards < 1 || shard < 1 || shard > shards) {
      throw std::invalid_argument("range");
    }
  } catch (const std::exception&) {
    throw SelectionError("invalid shard: " + text + " (allowed: I/N with 1 <= I <= N)");
  }
}

std::vector<std::size_t> select_cases(const VectorSet& set, const Selection& selection) {
  std::vector<std::size_t> chosen;
  for (std::size_t k = 0; k < set.cases.size(); ++k) {
    const VectorCase& c = set.cases[k];
    if (c.limits && !selection.limits) continue;
    if (static_cast<int>(k % static_cast<std::size_t>(selection.shards)) != selection.shard - 1) continue;
    if (!selection.only.empty() && !matches(selection.only, c)) continue;
    if (matches(selection.skip, c)) continue;
    chosen.push_back(k);
  }
  return chosen;
}

std::set<std::string> read_expect_fail(const std::string& path, const VectorSet& set) {
  std::string text;
  try {
    text = forms::read_bounded_file(path, {kMaxExpectFailBytes, true, false});
  } catch (const forms::FileReadError& e) {
    throw SelectionError("invalid expect-fail: " + path + ": " + e.what() +
                         " (allowed: a regular file of at most " + std::to_string(kMaxExpectFailBytes) +
                         " bytes)");
  }
  std::istringstream in(text);
  std::set<std::string> known;
  for (const VectorCase& c : set.cases) known.insert(c.id());
  std::set<std::string> ids;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string id = trim(line.substr(0, line.find('#')));
    if (id.empty()) continue;
    if (!known.contains(id)) {
      throw SelectionError("invalid expect-fail: " + path + ":" + std::to_string(number) + ": " + id +
                           " (allowed: ids of cases in the vector set)");
    }
    ids.insert(id);
  }
  return ids;
}

}  // namespace susurration::grader
