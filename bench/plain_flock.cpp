// The textbook all-pairs step (plain_flock.hpp): what a newcomer writes from
// spec/step.md in one sitting, with std::hypot and no neighbour query.
#include "plain_flock.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace susurration::bench {

namespace {

constexpr double kWidth = 1000.0, kHeight = 600.0;
constexpr double kRadius = 90.0, kSeparation = 28.0;
constexpr double kMinSpeed = 1.6, kMaxSpeed = 4.2;

double delta(double a, double b, double size) {
  double d = b - a;
  if (d > size / 2) {
    d -= size;
  } else if (d < -size / 2) {
    d += size;
  }
  return d;
}

double wrap(double p, double size) { return p >= size ? p - size : (p < 0 ? p + size : p); }

}  // namespace

State plain_step(const State& old, const Weights& w) {
  State next(old.size());
  for (std::size_t i = 0; i < old.size(); ++i) {
    const Bird& b = old[i];
    double k = 0, cx = 0, cy = 0, ax = 0, ay = 0, sx = 0, sy = 0;
    for (std::size_t j = 0; j < old.size(); ++j) {
      if (j == i) continue;
      const double dx = delta(b.x, old[j].x, kWidth);
      const double dy = delta(b.y, old[j].y, kHeight);
      const double d = std::hypot(dx, dy);
      if (!(d < kRadius)) continue;
      k += 1;
      cx += dx;
      cy += dy;
      ax += old[j].vx;
      ay += old[j].vy;
      if (d < kSeparation && d > 0) {
        sx += -dx / (d * d);
        sy += -dy / (d * d);
      }
    }
    Bird u = b;
    if (k > 0) {
      u.vx = ((b.vx + (cx / k) * (w.cohesion * 0.0045)) + (ax / k - b.vx) * (w.alignment * 0.05)) +
             sx * (w.separation * 2.5);
      u.vy = ((b.vy + (cy / k) * (w.cohesion * 0.0045)) + (ay / k - b.vy) * (w.alignment * 0.05)) +
             sy * (w.separation * 2.5);
    }
    const double s = std::hypot(u.vx, u.vy);
    if (s < std::numeric_limits<double>::min()) {
      const double old_s = std::hypot(b.vx, b.vy);
      u.vx = b.vx / old_s * kMinSpeed;
      u.vy = b.vy / old_s * kMinSpeed;
    } else {
      const double f = std::clamp(s, kMinSpeed, kMaxSpeed) / s;
      u.vx *= f;
      u.vy *= f;
    }
    u.x = wrap(u.x + u.vx, kWidth);
    u.y = wrap(u.y + u.vy, kHeight);
    next[i] = u;
  }
  return next;
}

}  // namespace susurration::bench
