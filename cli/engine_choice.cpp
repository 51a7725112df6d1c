// The engine a command runs (engine_choice.hpp).
#include "engine_choice.hpp"

#include <utility>

namespace susurration::cli {

namespace {

std::variant<FastSimulation, Simulation> start(Engine engine, std::uint32_t seed, int birds,
                                               Weights initial, Schedule schedule) {
  if (engine == Engine::fast) {
    return std::variant<FastSimulation, Simulation>(
        std::in_place_type<FastSimulation>, seed, birds, initial, std::move(schedule));
  }
  return std::variant<FastSimulation, Simulation>(
      std::in_place_type<Simulation>, seed, birds, initial, std::move(schedule),
      engine == Engine::scan ? Query::scan : Query::grid);
}

}  // namespace

EngineRun::EngineRun(Engine engine, std::uint32_t seed, int birds, Weights initial,
                     Schedule schedule)
    : run_(start(engine, seed, birds, initial, std::move(schedule))) {}

int EngineRun::tick() const {
  return std::visit([](const auto& r) { return r.tick(); }, run_);
}

const State& EngineRun::state() const {
  return std::visit([](const auto& r) -> const State& { return r.state(); }, run_);
}

Metrics EngineRun::metrics() const {
  return std::visit([](const auto& r) { return r.metrics(); }, run_);
}

const Counters& EngineRun::counters() const {
  return std::visit([](const auto& r) -> const Counters& { return r.counters(); }, run_);
}

void EngineRun::advance() {
  std::visit([](auto& r) { r.advance(); }, run_);
}

}  // namespace susurration::cli
