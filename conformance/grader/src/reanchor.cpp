// Re-anchoring (spec/tolerance.md TOL-6, PROTOCOL.md "How the kit grades
// the answers"): a free run that leaves the tolerance is either wrong or
// drifting. Started again from the reference's state at each anchor, a
// correct engine stays within the tolerance over a whole segment (the
// measurement in spec/tolerance.md); a wrong one departs inside a segment.
#include "reanchor.hpp"

#include "check_parts.hpp"

#include <algorithm>
#include <set>

#include "susurration/forms.hpp"
#include "susurration/simulation.hpp"
#include "susurration/tolerance.hpp"

namespace susurration::grader {
namespace {

const char* const kColumns[] = {"polarization", "cluster_count", "mean_neighbor_distance"};

Json empty_columns() {
  Json columns = Json::object();
  for (const char* field : kColumns) columns[field] = Json::array();
  return columns;
}

// The reference's metrics over a segment, cut from the case's columns.
Json expected_columns(const VectorCase& c, const Segment& s) {
  const Json& all = c.json->at("expected").at("metrics");
  Json columns = empty_columns();
  for (const char* field : kColumns) {
    for (int t = s.from; t <= s.to; ++t) columns[field].push_back(all.at(field).at(static_cast<std::size_t>(t)));
  }
  return columns;
}

// One request for the whole segment.
std::optional<Json> by_run_from(const VectorCase& c, Session& session, const Json& state, const Segment& s) {
  const Json& p = c.group->at("parameters");
  const Response r = session.call("run_from", {{"state", state},
                                               {"from_tick", s.from},
                                               {"weights", p.at("weights")},
                                               {"schedule", p.at("schedule")},
                                               {"ticks", s.to - s.from}});
  if (r.kind == Response::Kind::unsupported) return std::nullopt;  // listed but not offered: fall back
  if (r.kind != Response::Kind::result) answered_without_result("run_from but answered a re-anchored segment with", r);
  return r.body.at("metrics");
}

// The fallback: the metrics of the state, then one step, tick by tick.
Json by_steps(const VectorCase& c, Session& session, Json state, const Segment& s) {
  Json columns = empty_columns();
  for (int t = s.from;; ++t) {
    const Response m = session.call("metrics", {{"state", state}});
    if (m.kind != Response::Kind::result) answered_without_result("metrics but answered a re-anchored segment with", m);
    for (const char* field : kColumns) columns[field].push_back(m.body.at(field));
    if (t == s.to) return columns;
    const Response next = session.call(
        "step", {{"state", state}, {"weights", weights_for_step(c.group->at("parameters"), t)}, {"ticks", 1}});
    if (next.kind != Response::Kind::result) answered_without_result("step but answered a re-anchored segment with", next);
    state = next.body.at("state");
  }
}

// Adds a segment's per-tick differences to `m`: the largest TOL-1 measure
// of the float metrics, and the ticks no relative measure covers.
void measure_segment(const Json& expected, const Json& got, Reanchoring& m) {
  const std::size_t ticks = expected.at("polarization").size();
  for (std::size_t t = 0; t < ticks; ++t) {
    if (expected.at("cluster_count").at(t) != got.at("cluster_count").at(t)) ++m.unequal_ticks;
    for (const char* field : {"polarization", "mean_neighbor_distance"}) {
      const Json& e = expected.at(field).at(t);
      const Json& a = got.at(field).at(t);
      if (e.is_number() && a.is_number()) {
        m.largest_relative = std::max(m.largest_relative, relative_difference(e.get<double>(), a.get<double>()));
      } else if (e.is_null() != a.is_null()) {
        ++m.unequal_ticks;
      }
    }
  }
}

}  // namespace

Json weights_for_step(const Json& parameters, int tick) {
  const Weights w = weights_at(forms::weights(parameters.at("weights")),
                               forms::schedule(parameters.at("schedule")), tick);
  return Json::array({w.cohesion, w.alignment, w.separation});
}

std::vector<Segment> window_segments(const VectorCase& c) {
  const int window = c.json->at("compare").at("window").get<int>();
  std::vector<Segment> out;
  for (const Json& anchor : c.json->at("expected").at("anchors")) {
    const int tick = anchor.at("tick").get<int>();
    if (!out.empty()) out.back().to = std::min(tick, window);
    if (tick < window) out.push_back({tick, window});
  }
  return out;
}

Reanchored reanchor(const VectorCase& c, Session& session, int departure) {
  Reanchored result;
  const std::set<std::string>& offered = session.ensure_started().capabilities;
  bool use_run_from = offered.contains("run_from");
  if (!use_run_from && !(offered.contains("step") && offered.contains("metrics"))) {
    result.possible = false;
    return result;
  }
  const Json& anchors = c.json->at("expected").at("anchors");
  const double relative = c.json->at("compare").at("relative").get<double>();
  std::size_t k = 0;
  for (const Segment& s : window_segments(c)) {
    if (s.from > departure) break;
    while (anchors[k].at("tick").get<int>() != s.from) ++k;
    const Json& state = anchors[k].at("state");
    std::optional<Json> got = use_run_from ? by_run_from(c, session, state, s) : std::nullopt;
    if (!got) {
      if (!(offered.contains("step") && offered.contains("metrics"))) {
        result.possible = false;
        return result;
      }
      use_run_from = false;
      got = by_steps(c, session, state, s);
    }
    result.how = use_run_from ? "run_from" : "step and metrics";
    ++result.measured.segments;
    const Json expected = expected_columns(c, s);
    Comparison cmp;
    bool whole = true;
    for (const char* field : kColumns) whole = whole && got->at(field).size() == expected.at(field).size();
    if (!whole) {
      Difference d;
      d.tick = s.from;
      d.field = "metrics.length";
      d.path = ".metrics.polarization.length";
      d.expected = expected.at("polarization").size();
      d.actual = got->at("polarization").size();
      cmp.within = false;
      cmp.first_off = d;
    } else {
      measure_segment(expected, *got, result.measured);
      cmp = compare_trajectory(relative, s.to - s.from, expected, *got);
      if (cmp.first_off) {
        cmp.first_off->tick = *cmp.first_off->tick + s.from;
        cmp.first_off->path = ".metrics." + cmp.first_off->field + "[" + std::to_string(*cmp.first_off->tick) + "]";
      }
    }
    if (!cmp.within) {
      result.off = s;
      result.first_off = cmp.first_off;
      return result;
    }
    result.agreed.push_back(s);
  }
  return result;
}

std::string describe(const std::vector<Segment>& segments) {
  std::string out;
  for (std::size_t k = 0; k < segments.size(); ++k) {
    if (k > 0) out += k + 1 == segments.size() ? " and " : ", ";
    out += std::to_string(segments[k].from) + ".." + std::to_string(segments[k].to);
  }
  return out;
}

}  // namespace susurration::grader
