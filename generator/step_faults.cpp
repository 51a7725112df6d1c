// The faulty engines step.json's cases are shown to catch, each written in
// terms of the reference's step and named for the rule it breaks: a case's
// claim (step_cases.hpp) says the reference's step differs from it, visibly
// for the step class or in the bits for the exact class.
#include <algorithm>
#include <cmath>

#include "hard_cases.hpp"
#include "step_cases.hpp"
#include "step_terms.hpp"
#include "susurration/constants.hpp"
#include "susurration/exact_math.hpp"
#include "susurration/step.hpp"
#include "susurration/torus.hpp"

namespace susurration::generator {

// STEP-1 broken: bird i sees birds 0..i-1 already moved.
State in_place(const State& s, const Weights& w) {
  State flock = s;
  for (std::size_t i = 0; i < flock.size(); ++i) {
    flock[i] = step(flock, w)[i];
  }
  return flock;
}

// STATE-2 broken: every sum runs in decreasing index order.
State reversed_sums(const State& s, const Weights& w) {
  State flock(s.rbegin(), s.rend());
  flock = step(flock, w);
  return State(flock.rbegin(), flock.rend());
}

// FIELD-2 broken: a coordinate equal to the size is taken as 0 before moving.
State size_as_zero(const State& s, const Weights& w) {
  State flock = s;
  for (Bird& b : flock) {
    b.x = b.x == kWidth ? 0.0 : b.x;
    b.y = b.y == kHeight ? 0.0 : b.y;
  }
  return step(flock, w);
}

// STATE-1 broken: the state is stored in float32 between steps.
State float32_state(const State& s, const Weights& w) {
  auto narrow = [](State flock) {
    for (Bird& b : flock) {
      b = {static_cast<float>(b.x), static_cast<float>(b.y), static_cast<float>(b.vx),
           static_cast<float>(b.vy)};
    }
    return flock;
  };
  return narrow(step(narrow(s), w));
}

// STEP-3 broken: cohesion steers toward the neighbours' mean position, not
// their mean torus delta, which is the same only away from the seam.
State cohesion_toward_mean_position(const State& s, const Weights& w) {
  State flock = step(s, {0, w.alignment, w.separation});
  for (std::size_t i = 0; i < s.size(); ++i) {
    double sx = 0, sy = 0;
    int k = 0;
    for (std::size_t j = 0; j < s.size(); ++j) {
      if (j != i && cr_hypot(torus_delta(s[i].x, s[j].x, kWidth), torus_delta(s[i].y, s[j].y, kHeight)) < 90) {
        sx += s[j].x;
        sy += s[j].y;
        ++k;
      }
    }
    if (k > 0) {
      flock[i].vx += (sx / k - s[i].x) * (w.cohesion * kCohesionScale);
      flock[i].vy += (sy / k - s[i].y) * (w.cohesion * kCohesionScale);
    }
  }
  return flock;
}

// STEP-4 broken: alignment subtracts the bird's own velocity before
// dividing by k, (Svx - vx) / k, which is the same only for k = 1.
State alignment_subtracts_first(const State& s, const Weights& w) {
  State flock = step(s, {w.cohesion, 0, w.separation});
  for (std::size_t i = 0; i < s.size(); ++i) {
    double svx = 0, svy = 0;
    int k = 0;
    for (std::size_t j = 0; j < s.size(); ++j) {
      if (j != i && cr_hypot(torus_delta(s[i].x, s[j].x, kWidth), torus_delta(s[i].y, s[j].y, kHeight)) < 90) {
        svx += s[j].vx;
        svy += s[j].vy;
        ++k;
      }
    }
    if (k > 0) {
      flock[i].vx += (svx - s[i].vx) / k * (w.alignment * kAlignmentScale);
      flock[i].vy += (svy - s[i].vy) / k * (w.alignment * kAlignmentScale);
    }
  }
  return flock;
}

// STEP-8 broken: the bird moves by its start-of-tick velocity, not by the
// clamped one it leaves with.
State moves_by_old_velocity(const State& s, const Weights& w) {
  State flock = step(s, w);
  for (std::size_t i = 0; i < s.size(); ++i) {
    flock[i].x = wrapped(s[i].x + s[i].vx, kWidth);
    flock[i].y = wrapped(s[i].y + s[i].vy, kHeight);
  }
  return flock;
}

// STEP-8 broken: x moves by vy and y by vx.
State swapped_move(const State& s, const Weights& w) {
  State flock = step(s, w);
  for (std::size_t i = 0; i < s.size(); ++i) {
    flock[i].x = wrapped(s[i].x + flock[i].vy, kWidth);
    flock[i].y = wrapped(s[i].y + flock[i].vx, kHeight);
  }
  return flock;
}

// SERIAL-1 and STATE-1 broken: subnormals are flushed to zero, on the way
// in and on the way out (a build with flush-to-zero, or a writer that
// prints too few exponent digits).
State flushes_subnormals(const State& s, const Weights& w) {
  auto flush = [](State flock) {
    for (Bird& b : flock) {
      for (double* v : {&b.x, &b.y, &b.vx, &b.vy}) {
        if (std::fpclassify(*v) == FP_SUBNORMAL) *v = std::copysign(0.0, *v);
      }
    }
    return flock;
  };
  return flush(step(flush(s), w));
}

// STEP-6 broken: the three forces are summed first and added to v once,
// v + ((c + a) + s), which rounds differently from ((v + c) + a) + s. Its
// cases keep every speed inside the clamp's range, where f is exactly 1.
State forces_summed_first(const State& s, const Weights& w) {
  const auto terms = step_terms(s, w);
  State flock = s;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto& t = terms[i];
    double ux = s[i].vx + ((t[0] + t[2]) + t[4]);
    double uy = s[i].vy + ((t[1] + t[3]) + t[5]);
    const double sp = cr_hypot(ux, uy);
    const double f = std::min(std::max(sp, kMinSpeed), kMaxSpeed) / sp;
    ux *= f;
    uy *= f;
    flock[i] = {wrapped(s[i].x + ux, kWidth), wrapped(s[i].y + uy, kHeight), ux, uy};
  }
  return flock;
}

Engine with_weights(Weights other) {
  return [other](const State& s, const Weights&) { return step(s, other); };
}

// --- hard-to-round hypot in the step (issue 17) ----------------------------

// DET-2 broken, for the hard-to-round cases (step_hypot_vectors.cpp): a
// hypot that rounds the other way, in the clamp's speed of a lone bird and
// in the separation distance of a pair.
State misrounded_clamp(const State& s, const Weights&) {
  const Bird& b = s[0];
  const double speed = hypot_misrounded(b.vx, b.vy);
  const double f = std::min(std::max(speed, kMinSpeed), kMaxSpeed) / speed;
  const double ux = b.vx * f, uy = b.vy * f;
  return {{wrap_coordinate(b.x + ux, kWidth), wrap_coordinate(b.y + uy, kHeight), ux, uy}};
}

State misrounded_separation(const State& s, const Weights& w) {
  State after = s;
  for (std::size_t i = 0; i < 2; ++i) {
    const Delta delta = torus_delta(s[i], s[1 - i]);
    const double d = hypot_misrounded(delta.dx, delta.dy);
    const double d2 = d * d;
    const double ux = s[i].vx + (-delta.dx / d2) * (w.separation * kSeparationScale);
    const double uy = s[i].vy + (-delta.dy / d2) * (w.separation * kSeparationScale);
    after[i] = {wrap_coordinate(s[i].x + ux, kWidth), wrap_coordinate(s[i].y + uy, kHeight), ux, uy};
  }
  return after;
}

}  // namespace susurration::generator
