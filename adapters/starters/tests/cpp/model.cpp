// The C++ starter's model.cpp, filled in with the kit's reference
// (susurration::reference): what an author's finished model.cpp looks like
// to engine.cpp, and a model known to be right, so that a grade that is not
// conformant is the starter's fault.
#include "model.hpp"

#include "susurration/init.hpp"
#include "susurration/metrics.hpp"
#include "susurration/prng.hpp"
#include "susurration/step.hpp"
#include "susurration/torus.hpp"

namespace model {
namespace {

susurration::State to_reference(const State& s) {
  susurration::State out;
  for (const Bird& b : s) out.push_back({b[0], b[1], b[2], b[3]});
  return out;
}

State from_reference(const susurration::State& s) {
  State out;
  for (const susurration::Bird& b : s) out.push_back({b.x, b.y, b.vx, b.vy});
  return out;
}

}  // namespace

Draws prng(std::uint32_t seed, std::uint64_t skip, int count) {
  susurration::Mulberry32 g(seed);
  g.skip(skip);
  Draws d;
  for (int i = 0; i < count; ++i) {
    d.u32.push_back(g.next_u32());
    d.next.push_back(d.u32.back() / 4294967296.0);
  }
  return d;
}

double torus_delta(double a, double b, double size) { return susurration::torus_delta(a, b, size); }

Distance torus_distance(double x1, double y1, double x2, double y2) {
  const susurration::Delta d{susurration::torus_delta(x1, x2, 1000.0), susurration::torus_delta(y1, y2, 600.0)};
  return {d.dx, d.dy, susurration::torus_distance(d)};
}

State init(std::uint32_t seed, int birds) { return from_reference(susurration::initialise(seed, birds)); }

State step(const State& state, const Weights& w) {
  return from_reference(susurration::step(to_reference(state), {w[0], w[1], w[2]}, susurration::Query::grid));
}

Metrics metrics(const State& state) {
  const susurration::Metrics m = susurration::measure(to_reference(state));
  return {m.polarization, m.cluster_count, m.mean_neighbor_distance};
}

}  // namespace model
