// The tool's exit statuses (spec/sessions-and-traces.md): scripts tell
// outcomes apart by these numbers, so they never change meaning.
#pragma once

namespace susurration::cli {

inline constexpr int kSuccess = 0;
inline constexpr int kMismatch = 1;        // a claim that does not match
inline constexpr int kBadInput = 2;        // usage or input outside its range
inline constexpr int kOverBudget = 3;      // verification exceeded its budget
inline constexpr int kInternalError = 4;   // I/O failure or a bug of ours
// `grade` only (README.md, spec/grading.md "Levels and exit statuses"): 3 as for verify, the
// engine did not finish in the time given; 5, there is nothing to judge.
inline constexpr int kIncomplete = 3;      // nothing failed, some deadline missed by a slow engine
inline constexpr int kNoVerdict = 5;       // no case graded, or no core capability
// `grade --expect-manifest` only: the vector set is not the pinned one.
inline constexpr int kManifestMismatch = 6;
// `grade` and `fuzz`: the engine's handshake (or, for fuzz, a class
// engine's) failed on its first start and on a retry, so no case was asked
// of it (README.md, spec/grading.md "Levels and exit statuses", PROTO-13).
inline constexpr int kEngineDidNotStart = 7;
// `grade` and `fuzz`: another process (the engine under test, most likely)
// stopped the kit with SIGSTOP or another stop signal; the grade (or the
// fuzzing) was abandoned (issue 24).
inline constexpr int kKitStopped = 8;
// `vectors` only: the plain reference and the fast engine, which writes
// every trajectory beside it, differ by a bit (issue 54); nothing is written.
inline constexpr int kEnginesDisagree = 9;

}  // namespace susurration::cli
