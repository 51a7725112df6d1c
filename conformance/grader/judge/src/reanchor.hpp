// Re-anchoring (spec/tolerance.md TOL-6): when a run's metrics leave the
// tolerance, the engine is started again from the reference's published
// state at each anchor and run over that anchor's segment. Internal to the
// grader.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "susurration/grader/case_result.hpp"
#include "susurration/grader/session.hpp"
#include "susurration/grader/vector_set.hpp"

namespace susurration::grader {

// Ticks from..to of a run, metrics at both ends included.
struct Segment {
  int from;
  int to;
};

// The segments of a trajectory case's window: from each published anchor
// before the window's end to the next anchor, the last one to the window's
// end, none past the run's last tick (a run of 0 ticks has none).
std::vector<Segment> window_segments(const VectorCase& c);

struct Reanchored {
  bool possible = true;          // false: the engine offers neither run_from nor step and metrics
  std::string how;               // "run_from" or "step and metrics"
  std::vector<Segment> agreed;   // the segments whose metrics agree, in tick order
  std::optional<Segment> off;    // the first segment that does not
  std::optional<Difference> first_off;  // its first differing tick
  Reanchoring measured;          // over every segment compared, `off` included
};

// Re-anchors every segment that starts at or before `departure`, in tick
// order, stopping at the first that disagrees. Throws EngineBroke.
Reanchored reanchor(const VectorCase& c, Session& session, int departure);

// run_from of the case's run (its weights and schedule) from `state` at
// `from_tick` for `ticks`, as one request: the metrics columns it answers.
// Listed and then refused contradicts hello (PROTO-5), with no quiet
// fallback: `what` names the request in that failure.
Json run_from_metrics(const VectorCase& c, Session& session, const Json& state, int from_tick, int ticks,
                      const std::string& what);

// The weights in force for the step out of `tick` (WEIGHTS-3), by the
// reference's own rule, from a trajectory group's parameters.
Json weights_for_step(const Json& parameters, int tick);

// Which rule an engine's wrong step from an anchor breaks, told from the
// one-step difference (the engine's new state against the reference's
// next_state): FIELD-5 for a position outside the field, STATE-1 for a
// state held in float32, STEP-8 for a position that is not the old one
// moved by the engine's own new velocity, STEP-7 for a speed outside
// 1.6..4.2 or every differing bird held at a limit the reference's is not
// at, else the term (STEP-3 cohesion, STEP-4 alignment, STEP-5 separation)
// whose per-bird vectors (the anchor's "terms") the velocity difference
// lies along; STEP-1, the step as a whole, when none of these fits. `why`
// gets a few words of evidence.
std::string anchor_step_clause(const Json& anchor, const Json& weights, const Json& engine_state, std::string& why);

// "0..50, 50..100 and 100..150".
std::string describe(const std::vector<Segment>& segments);

}  // namespace susurration::grader
