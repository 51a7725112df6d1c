// The model engine.cpp calls: write each function (model.hpp says what it
// must do and which clauses of spec/ define it).
#include "model.hpp"

#include <stdexcept>

namespace model {

Draws prng(std::uint32_t /*seed*/, std::uint64_t /*skip*/, int /*count*/) {
  throw std::logic_error("prng is not written yet (model.cpp; PRNG-1, PRNG-2)");
}

double torus_delta(double /*a*/, double /*b*/, double /*size*/) {
  throw std::logic_error("torus_delta is not written yet (model.cpp; FIELD-3)");
}

Distance torus_distance(double /*x1*/, double /*y1*/, double /*x2*/, double /*y2*/) {
  throw std::logic_error("torus_distance is not written yet (model.cpp; FIELD-4)");
}

State init(std::uint32_t /*seed*/, int /*birds*/) {
  throw std::logic_error("init is not written yet (model.cpp; INIT-1..3)");
}

State step(const State& /*state*/, const Weights& /*weights*/) {
  throw std::logic_error("step is not written yet (model.cpp; STEP-1..8)");
}

Metrics metrics(const State& /*state*/) {
  throw std::logic_error("metrics is not written yet (model.cpp; METRIC-2..5)");
}

}  // namespace model
