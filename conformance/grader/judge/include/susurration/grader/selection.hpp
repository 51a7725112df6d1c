// Which cases a grade run asks: --only and --skip globs over case ids and
// clause ids, --shard I/N, and the --expect-fail list.
#pragma once

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "susurration/grader/vector_set.hpp"

namespace susurration::grader {

// A selection option that cannot be right (a malformed shard, an
// expect-fail id that names no case): a usage error of `grade`.
class SelectionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Selection {
  std::vector<std::string> only;  // globs; empty means every case
  std::vector<std::string> skip;  // globs
  int shard = 1;                  // 1-based, of shards
  int shards = 1;
  bool limits = false;  // --limits: limits.json's cases too (VectorCase::limits)
};

// "I/N" with 1 <= I <= N. Throws SelectionError.
void parse_shard(const std::string& text, int& shard, int& shards);

// Indices into set.cases, in manifest order. A case is in shard I of N when
// its index in the whole set is I - 1 modulo N, so shards never overlap and
// together cover the set whatever --only says.
std::vector<std::size_t> select_cases(const VectorSet& set, const Selection& selection);

// Case ids, one per line; '#' starts a comment. Every id must name a case of
// the set, so a renamed case cannot silently leave the list. The file must
// be a regular file of at most kMaxExpectFailBytes (a FIFO, a device or a
// folder is refused, never read as an empty list).
inline constexpr std::size_t kMaxExpectFailBytes = 1u << 20;
std::set<std::string> read_expect_fail(const std::string& path, const VectorSet& set);

}  // namespace susurration::grader
