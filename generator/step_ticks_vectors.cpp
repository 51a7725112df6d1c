// step.json's cases of several ticks in one request (INPUT-4: `ticks` is
// 1..1000). Every other step case asks for one tick, so an engine that
// ignores `ticks`, stops one short, or keeps something from the first tick
// (the neighbour lists, the weights' products) would go unseen.
//
// Two regimes, each checked here before it is published:
// - a lone bird for the most ticks a request allows: it only adds its
//   velocity and wraps, so every correct engine gets the same bits whatever
//   its hypot (checked against that plain sum, computed apart);
// - a crowd for a few ticks, compared with the step class (abs 1e-9): no
//   pair comes within kMargin of 90 or 28 at any tick, so no correct engine
//   decides a neighbour differently, and the answer differs visibly from one
//   tick fewer or more.
#include <cmath>
#include <stdexcept>

#include "constructed_states.hpp"
#include "files.hpp"
#include "fresh.hpp"
#include "step_terms.hpp"
#include "susurration/constants.hpp"
#include "susurration/step.hpp"

namespace susurration::generator {
namespace {

State steps(State s, const Weights& w, int ticks) {
  for (int t = 0; t < ticks; ++t) s = step(s, w);
  return s;
}

// Every state from the start to `ticks` passes check_constructed: no pair
// within kMargin of either radius, so no correct engine's hypot decides a
// neighbour otherwise at any tick.
void check_margins(const std::string& id, State s, const Weights& w, int ticks) {
  for (int t = 0; t <= ticks; ++t) {
    check_constructed(id + " at tick " + std::to_string(t), s, {}, {kPerceptionRadius, kSeparationRadius});
    if (t < ticks) s = step(s, w);
  }
}

bool visibly_apart(const State& a, const State& b) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::fabs(a[i].x - b[i].x) > kVisible || std::fabs(a[i].y - b[i].y) > kVisible ||
        std::fabs(a[i].vx - b[i].vx) > kVisible || std::fabs(a[i].vy - b[i].vy) > kVisible) {
      return true;
    }
  }
  return false;
}

Case ticks_case(const std::string& name, const std::string& comment, std::vector<std::string> clauses,
                std::vector<std::string> flags, const State& s, const Weights& w, int ticks, Json compare) {
  const std::string id = "step-" + name;
  const State after = steps(s, w, ticks);
  if (!visibly_apart(after, steps(s, w, ticks - 1)) || !visibly_apart(after, steps(s, w, ticks + 1))) {
    throw std::logic_error(id + ": one tick fewer or more is not visibly different");
  }
  return {id, comment, std::move(clauses), std::move(flags), std::move(compare),
          {{"state", state_json(s)}, {"ticks", ticks}}, {{"state", state_json(after)}}};
}

// A lone bird's 1000 ticks, computed apart from the reference's step: with
// no neighbour and a speed inside the clamp, a tick adds the velocity and
// wraps (STEP-6..8, FIELD-5), nothing else.
Case lone_bird_case() {
  const State lone = {{997.25, 3.5, 3.125, -2.375}};  // speed 3.93: no clamp; every sum exact
  const int ticks = 1000;
  Bird b = lone[0];
  int seams = 0;
  for (int t = 0; t < ticks; ++t) {
    const double x = b.x + b.vx, y = b.y + b.vy;
    seams += (x >= kWidth || x < 0) + (y >= kHeight || y < 0);
    b.x = wrapped(x, kWidth);
    b.y = wrapped(y, kHeight);
  }
  Case c = ticks_case("lone-bird-for-the-most-ticks-a-request-allows",
                      "1000 ticks, the most one request may ask for: a lone bird crosses both seams again "
                      "and again, and every sum is exact, so every engine gets these bits.",
                      {"SESSION-2", "INPUT-4", "STEP-6", "STEP-8", "FIELD-5"}, {"ManyTicks"}, lone, Weights{}, ticks,
                      compare_exact());
  if (c.expected.at("state") != state_json({b}) || seams < 8) {
    throw std::logic_error(c.id + ": the reference's 1000 ticks are not the plain sums, or cross too few seams");
  }
  return c;
}

}  // namespace

Group step_ticks_group() {
  Group g{"Several ticks in one request (INPUT-4), with the default weights.", {{"weights", {1.0, 1.0, 1.0}}}, {}};
  g.cases.push_back(lone_bird_case());
  // Eight birds, most of them neighbours, several pairs inside 28: every
  // term acts (checked below), and the flock reshapes between ticks.
  const State crowd = {{200.5, 200.25, 2.1, -0.7}, {212.75, 216.5, -1.3, 2.2}, {224.25, 200.75, 0.4, 2.9},
                       {236.5, 216.25, -2.6, -1.1}, {200.25, 176.5, 1.7, 1.9},  {251.75, 236.25, -0.3, -3.1},
                       {293.5, 205.75, 2.45, 0.35}, {150.25, 260.5, -1.05, 1.85}};
  const std::string id = "step-crowd-for-seven-ticks";
  check_margins(id, crowd, Weights{}, 8);
  if (acting_terms(crowd, Weights{}).size() != 3) {
    throw std::logic_error(id + ": not every one of STEP-3..5 acts on the first tick");
  }
  g.cases.push_back(ticks_case("crowd-for-seven-ticks",
                               "Seven ticks of a crowd in one request: each tick's neighbours and forces come "
                               "from the state the tick before left, not from the one sent.",
                               // The terms that act are listed (PROTO-11): all three.
                               {"SESSION-2", "INPUT-4", "STEP-1", "STEP-2", "STEP-3", "STEP-4", "STEP-5", "STEP-8"},
                               {"ManyTicks"}, crowd, Weights{}, 7,
                               compare_step()));
  return g;
}

std::pair<std::string, Note> step_ticks_note() {
  return {"ManyTicks",
          {"repetition", "Several ticks in one step request (INPUT-4). An engine that ignores ticks, "
                         "stops one short, or reuses the first tick's neighbours, terms or wrap for the next "
                         "ones goes wrong here."}};
}

// A drawn crowd (drawn_flock: 10..40 birds in a box 60..200 wide), drawn
// weights and 1..4 ticks. Drawn again until no pair
// comes within kMargin of 90 or 28 at any tick (check_margins), so that
// the step class holds for every correct engine, as for the published crowd.
std::vector<Group> fresh_step_groups(Draws& draw) {
  std::vector<Group> groups;
  for (int k = 1; k <= 3; ++k) {
    const std::string id = "fresh-step-crowd-" + std::to_string(k);
    const Weights w{draw.unit(), draw.unit(), draw.unit()};
    const int ticks = static_cast<int>(draw.integer(k == 1 ? 2 : 1, 4));  // the first of several ticks (ManyTicks)
    auto crowd = [&] { return drawn_flock(draw, 10, 40, 60, 200); };
    const State start = drawn_until(100, crowd, [&](const State& s) {
      check_margins(id, s, w, ticks);
      return s;
    });
    std::vector<std::string> clauses = {"STEP-1", "STEP-2"};
    for (const std::string& term : acting_terms(start, w)) clauses.push_back(term);
    clauses.insert(clauses.end(), {"STEP-6", "STEP-7", "STEP-8"});
    if (ticks > 1) clauses.insert(clauses.begin(), "INPUT-4");
    Group g{"A drawn crowd with drawn weights.", {{"weights", weights_json(w)}}, {}};
    Case c = ticks_case("fresh-crowd-" + std::to_string(k), std::to_string(ticks) + " ticks of a drawn crowd.",
                        clauses, ticks > 1 ? std::vector<std::string>{"Fresh", "ManyTicks"} : std::vector<std::string>{"Fresh"},
                        start, w, ticks, compare_step());
    c.id = id;  // ticks_case names it step-...; a fresh id starts fresh-
    if (ticks == 1) c.input.erase("ticks");  // one tick is the default (step.schema.json)
    g.cases.push_back(std::move(c));
    groups.push_back(std::move(g));
  }
  for (Group& g : fresh_step_band_groups(draw)) groups.push_back(std::move(g));
  for (Group& g : fresh_step_moved_groups(draw)) groups.push_back(std::move(g));
  return groups;
}

}  // namespace susurration::generator
