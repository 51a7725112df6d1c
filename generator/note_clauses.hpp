// The clause each bug class belongs to: the rule an engine breaks when it
// fails the cases a flag marks. A report groups failures that share a flag
// under this clause (spec/grading.md, "How a report ranks causes"), so a
// mistake that shows in several clauses' cases (accepting 42.0 for every
// integer, say) is one cause, not six.
#pragma once

#include <string>

namespace susurration::generator {

// The clause of `flag` in the file of `category`; throws std::logic_error
// for a flag nobody has given a clause, so a new flag cannot go out without.
std::string note_clause(const std::string& category, const std::string& flag);

}  // namespace susurration::generator
