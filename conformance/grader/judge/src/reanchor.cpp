// Re-anchoring (spec/tolerance.md TOL-6, grading.md "How the kit grades
// the answers"): a free run that leaves the tolerance is either wrong or
// drifting. Started again from the reference's state at each anchor, a
// correct engine stays within the tolerance over a whole segment (the
// measurement in spec/tolerance.md); a wrong one departs inside a segment.
#include "reanchor.hpp"

#include "check_parts.hpp"
#include "susurration/grader/blame.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "susurration/constants.hpp"
#include "susurration/protocol/forms.hpp"
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
Json by_run_from(const VectorCase& c, Session& session, const Json& state, const Segment& s) {
  return run_from_metrics(c, session, state, s.from, s.to - s.from, "a re-anchored segment");
}

// The fallback: the metrics of the state, then one step, tick by tick.
Json by_steps(const VectorCase& c, Session& session, Json state, const Segment& s) {
  Json columns = empty_columns();
  for (int t = s.from;; ++t) {
    const Response m = session.call("metrics", {{"state", state}});
    if (m.kind != Response::Kind::result) answered_without_result("metrics", "but answered a re-anchored segment with", m);
    for (const char* field : kColumns) columns[field].push_back(m.body.at(field));
    if (t == s.to) return columns;
    const Response next = session.call(
        "step", {{"state", state}, {"weights", weights_for_step(c.group->at("parameters"), t)}, {"ticks", 1}});
    if (next.kind != Response::Kind::result) answered_without_result("step", "but answered a re-anchored segment with", next);
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

Json run_from_metrics(const VectorCase& c, Session& session, const Json& state, int from_tick, int ticks,
                      const std::string& what) {
  const Json& p = c.group->at("parameters");
  const Response r = session.call("run_from", {{"state", state},
                                               {"from_tick", from_tick},
                                               {"weights", p.at("weights")},
                                               {"schedule", p.at("schedule")},
                                               {"ticks", ticks}});
  if (r.kind != Response::Kind::result) answered_without_result("run_from", "but answered " + what + " with", r);
  return r.body.at("metrics");
}

std::string anchor_step_clause(const Json& anchor, const Json& weights, const Json& engine_state, std::string& why) {
  const Json& before = anchor.at("state");
  const Json& reference = anchor.at("next_state");
  if (!engine_state.is_array() || engine_state.size() != before.size() || reference.size() != before.size()) {
    return clause_of(Found::step_as_a_whole);
  }
  const std::size_t n = before.size();
  auto at = [](const Json& s, std::size_t i, int f) { return s.at(i).at(static_cast<std::size_t>(f)).get<double>(); };
  if (took_no_tick(before, engine_state, reference)) {
    why = "the engine's state is the anchor's own: the step took no tick";
    return clause_of(Found::took_no_tick);
  }
  auto is_float = [](double x) { return static_cast<double>(static_cast<float>(x)) == x; };
  bool all_float = true, reference_float = true;
  for (std::size_t i = 0; i < n; ++i) {
    for (int f = 0; f < 4; ++f) {
      all_float = all_float && is_float(at(engine_state, i, f));
      reference_float = reference_float && is_float(at(reference, i, f));
    }
  }
  if (all_float && !reference_float) {
    why = "every value of the engine's state is a float32";
    return clause_of(Found::every_value_a_float32);
  }
  for (std::size_t i = 0; i < n; ++i) {
    const double x = at(engine_state, i, 0), y = at(engine_state, i, 1);
    if (!(x >= 0 && x <= kWidth && y >= 0 && y <= kHeight)) {
      why = "bird " + std::to_string(i) + " is outside the field";
      return clause_of(Found::bird_outside_the_field);
    }
  }
  // The move: each new position is the old one plus the engine's own new
  // velocity, wrapped; compared round the torus, so the wrap itself is not
  // judged here.
  auto round_torus = [](double d, double size) {
    d = std::fmod(std::abs(d), size);
    return std::min(d, size - d);
  };
  for (std::size_t i = 0; i < n; ++i) {
    const double ex = at(before, i, 0) + at(engine_state, i, 2), ey = at(before, i, 1) + at(engine_state, i, 3);
    if (round_torus(at(engine_state, i, 0) - ex, kWidth) > 1e-9 || round_torus(at(engine_state, i, 1) - ey, kHeight) > 1e-9) {
      why = "bird " + std::to_string(i) + " did not move by its own new velocity";
      return clause_of(Found::moved_not_by_its_own_velocity);
    }
  }
  // The clamp.
  auto speed = [&](const Json& s, std::size_t i) { return std::hypot(at(s, i, 2), at(s, i, 3)); };
  auto at_limit = [](double sp) { return std::abs(sp - kMinSpeed) < 1e-9 || std::abs(sp - kMaxSpeed) < 1e-9; };
  bool all_differing_at_limit = true;
  int differing = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double sp = speed(engine_state, i);
    if (sp < kMinSpeed * (1 - 1e-12) || sp > kMaxSpeed * (1 + 1e-12)) {
      why = "bird " + std::to_string(i) + " flies at " + std::to_string(sp);
      return clause_of(Found::speed_outside_the_clamp);
    }
    const bool off = std::abs(at(engine_state, i, 2) - at(reference, i, 2)) > 1e-9 ||
                     std::abs(at(engine_state, i, 3) - at(reference, i, 3)) > 1e-9;
    if (off) {
      ++differing;
      const double ref = speed(reference, i);
      if (!(at_limit(sp) && std::abs(sp - ref) > 1e-9)) all_differing_at_limit = false;
    }
  }
  if (differing > 0 && all_differing_at_limit) {
    why = "every bird that differs flies at a limit of the clamp the reference's does not";
    return clause_of(Found::differs_only_at_the_clamp);
  }
  // The terms, over the birds the clamp leaves alone on both sides: the
  // velocity difference against each term's per-bird vectors.
  if (!anchor.contains("terms") || anchor.at("terms").size() != n) return clause_of(Found::step_as_a_whole);
  const Json& terms = anchor.at("terms");
  const double wa = weights.at(1).get<double>();
  struct Term {
    const char* clause;
    const char* name;
    double dot = 0, norm = 0;
  };
  // Alignment is (mean - v) * wa * 0.05: its two halves are tried apart, so
  // an engine that drops or doubles one half is still told by its term.
  Term tried[] = {{clause_of(Found::along_cohesion), "cohesion"},
                  {clause_of(Found::along_alignment), "alignment"},
                  {clause_of(Found::along_alignment), "alignment's -v"},
                  {clause_of(Found::along_alignment), "alignment's neighbour mean"},
                  {clause_of(Found::along_separation), "separation"}};
  double delta_norm = 0;
  int spread = 0;  // birds off by more than the step class
  for (std::size_t i = 0; i < n; ++i) {
    const double se = speed(engine_state, i), sr = speed(reference, i);
    if (at_limit(se) || at_limit(sr)) continue;
    const double dx = at(engine_state, i, 2) - at(reference, i, 2), dy = at(engine_state, i, 3) - at(reference, i, 3);
    if (std::abs(dx) > 1e-9 || std::abs(dy) > 1e-9) ++spread;
    const Json& t = terms.at(i);
    const double cx = t.at(0).get<double>(), cy = t.at(1).get<double>(), ax = t.at(2).get<double>(),
                 ay = t.at(3).get<double>(), sx = t.at(4).get<double>(), sy = t.at(5).get<double>();
    const bool lone = cx == 0 && cy == 0 && ax == 0 && ay == 0 && sx == 0 && sy == 0;
    const double vx = lone ? 0 : -at(before, i, 2) * wa * kAlignmentScale, vy = lone ? 0 : -at(before, i, 3) * wa * kAlignmentScale;
    const double vectors[][2] = {{cx, cy}, {ax, ay}, {vx, vy}, {ax - vx, ay - vy}, {sx, sy}};
    for (std::size_t k = 0; k < std::size(tried); ++k) {
      tried[k].dot += dx * vectors[k][0] + dy * vectors[k][1];
      tried[k].norm += vectors[k][0] * vectors[k][0] + vectors[k][1] * vectors[k][1];
    }
    delta_norm += dx * dx + dy * dy;
  }
  // One or two birds off are a direction or two in the plane, which some
  // term lies near by chance: a term is named only from three or more.
  if (!(delta_norm > 0) || spread < 3) return clause_of(Found::step_as_a_whole);
  const Term* best = nullptr;
  double best_fit = 0;
  for (const Term& t : tried) {
    if (!(t.norm > 0)) continue;
    const double fit = t.dot * t.dot / (t.norm * delta_norm);  // cos^2 of the angle between them
    if (fit > best_fit) {
      best_fit = fit;
      best = &t;
    }
  }
  // A difference that lies along one term within about 18 degrees is that
  // term's; anything else (a neighbour missed or added, the update order)
  // moves several terms at once.
  if (best == nullptr || best_fit < 0.9) return clause_of(Found::step_as_a_whole);
  char buf[120];
  std::snprintf(buf, sizeof buf, "the velocity difference lies along %s (cos^2 %.3f)", best->name, best_fit);
  why = buf;
  return best->clause;
}

Json weights_for_step(const Json& parameters, int tick) {
  const Weights w = weights_at(forms::weights(parameters.at("weights")),
                               forms::schedule(parameters.at("schedule")), tick);
  return Json::array({w.cohesion, w.alignment, w.separation});
}

std::vector<Segment> window_segments(const VectorCase& c) {
  const int window = c.json->at("compare").at("window").get<int>();
  const int last = c.json->at("input").at("ticks").get<int>();
  const Json& anchors = c.json->at("expected").at("anchors");
  std::vector<Segment> out;
  for (std::size_t k = 0; k < anchors.size(); ++k) {
    const int tick = anchors[k].at("tick").get<int>();
    if (tick >= window) break;
    // To the next anchor, even past the window (a run in which no rule acts
    // may space its anchors 1000 apart: the lint allows more than 60 ticks
    // there alone); the last to the window's end; none past the run's end.
    const int to = std::min(k + 1 < anchors.size() ? anchors[k + 1].at("tick").get<int>() : window, last);
    if (to > tick) out.push_back({tick, to});
  }
  return out;
}

Reanchored reanchor(const VectorCase& c, Session& session, int departure) {
  Reanchored result;
  const std::set<std::string>& offered = session.ensure_started().capabilities;
  const bool use_run_from = offered.contains("run_from");
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
    const Json got =
        use_run_from ? by_run_from(c, session, state, s) : by_steps(c, session, state, s);
    result.how = use_run_from ? "run_from" : "step and metrics";
    ++result.measured.segments;
    const Json expected = expected_columns(c, s);
    Comparison cmp;
    bool whole = true;
    for (const char* field : kColumns) whole = whole && got.at(field).size() == expected.at(field).size();
    if (!whole) {
      Difference d;
      d.tick = s.from;
      d.field = "metrics.length";
      d.path = ".metrics.polarization.length";
      d.expected = expected.at("polarization").size();
      d.actual = got.at("polarization").size();
      cmp.within = false;
      cmp.first_off = d;
    } else {
      measure_segment(expected, got, result.measured);
      cmp = compare_trajectory(relative, s.to - s.from, expected, got);
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
