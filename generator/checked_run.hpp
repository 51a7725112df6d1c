// The run every published trajectory is written from (issue 54): the plain
// reference (step() with the grid query, measure()) computes it, and a
// second engine, the fast one unless a test gives another, runs in lockstep
// and must make the same bits at every tick, or generation stops.
#pragma once

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

#include "susurration/metrics.hpp"
#include "susurration/state.hpp"

namespace susurration::generator {

// One engine's run from a given state.
class Flock {
 public:
  virtual ~Flock() = default;
  virtual void step(const Weights& w) = 0;
  virtual const State& state() const = 0;
  virtual Metrics metrics() const = 0;
};

// Makes the second engine's run from a state.
using FlockMaker = std::function<std::unique_ptr<Flock>(const State&)>;

// The fast engine (fast_engine/) on one thread: cases run side by side.
std::unique_ptr<Flock> fast_flock(const State& s);

// The two engines differ by a bit: `vectors` ends with its own exit status.
class EnginesDisagree : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class CheckedRun {
 public:
  // `label` names the case (and copy) in the message if the engines differ;
  // `second` empty runs the reference alone.
  CheckedRun(std::string label, const State& start, const FlockMaker& second = fast_flock);
  CheckedRun(CheckedRun&&) noexcept;
  CheckedRun& operator=(CheckedRun&&) noexcept;
  ~CheckedRun();

  int tick() const { return tick_; }
  const State& state() const { return state_; }

  // Both engines' metrics of this tick; the reference's, once they agree.
  Metrics metrics() const;

  // One tick in both engines, whose states must then agree bit for bit.
  void step(const Weights& w);

 private:
  [[noreturn]] void disagree(const std::string& what, double reference, double second) const;

  std::string label_;
  State state_;
  int tick_ = 0;
  std::unique_ptr<Flock> second_;
};

}  // namespace susurration::generator
