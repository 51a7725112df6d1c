// Shrinking a fuzzed case the engine fails (fuzz_cases.hpp): smaller, rounder
// candidates of its input, each tried again by `susurration fuzz` until none
// still fails. A run's candidates are fuzz_runs.cpp's.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz_cases.hpp"
#include "fuzz_parts.hpp"
#include "susurration/constants.hpp"
#include "susurration/inputs.hpp"

namespace susurration::generator {

using namespace fuzzing;

namespace {

// x rounded to `digits` significant decimal digits.
double rounded(double x, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*e", digits - 1, x);
  return std::strtod(text, nullptr);
}

// Rounder arguments of a method of no state: coordinates to 1, 2, 3 or 6
// significant digits (kept on the axis); fewer draws, and no skip.
std::vector<FuzzInput> shrink_stateless(const FuzzInput& in) {
  std::vector<FuzzInput> out;
  auto keep = [&](const FuzzInput& c) {
    const bool same = c.a == in.a && c.b == in.b && c.state == in.state && c.skip == in.skip && c.count == in.count;
    if (!same) out.push_back(c);
  };
  if (in.method == FuzzInput::Method::init) {
    // Fewer birds, the fewest first, then ever closer to the size it has:
    // a size-dependent mistake is cornered in a few steps, not one by one.
    std::vector<int> sizes = {kMinBirds};
    for (int cut = (in.count - kMinBirds) / 2; cut >= 1; cut /= 2) sizes.push_back(in.count - cut);
    for (const int n : sizes) {
      FuzzInput c = in;
      c.count = n;
      c.shape = "the state after initialising " + count(n, "birds") + " from seed " + std::to_string(in.seed);
      keep(c);
    }
    return out;
  }
  if (in.method == FuzzInput::Method::prng) {
    for (const int count : {1, in.count / 2}) {
      FuzzInput c = in;
      c.count = std::max(1, count);
      keep(c);
    }
    FuzzInput c = in;
    c.skip = 0;
    keep(c);
    return out;
  }
  for (const int digits : {1, 2, 3, 6}) {
    FuzzInput c = in;
    c.a = std::min(rounded(in.a, digits), in.size);
    c.b = std::min(rounded(in.b, digits), in.size);
    for (Bird& p : c.state) p = {std::min(rounded(p.x, digits), kWidth), std::min(rounded(p.y, digits), kHeight), 0, 0};
    c.shape = in.shape + ", rounded to " + std::to_string(digits) + " digits";
    keep(c);
  }
  return out;
}

}  // namespace

std::vector<FuzzInput> shrink_candidates(const FuzzInput& in) {
  if (in.method == FuzzInput::Method::run) return shrink_run(in);
  // A band pair is two birds for one tick, and any other values lose the band.
  if (in.band) return {};
  if (in.method == FuzzInput::Method::torus_delta || in.method == FuzzInput::Method::torus_distance ||
      in.method == FuzzInput::Method::prng || in.method == FuzzInput::Method::init) {
    return shrink_stateless(in);
  }
  std::vector<FuzzInput> out;
  auto keep = [&](FuzzInput c, const std::string& how) {
    if ((c.state == in.state && c.ticks == in.ticks && c.weights == in.weights) || !legal(c.state)) return;
    c.shape = how;
    out.push_back(std::move(c));
  };
  const std::string shape = in.shape;
  // Fewer birds: each run of `chunk` consecutive birds left out, halves
  // first (or the granularity the last reduction reached), down to single
  // birds. A crowd that needs most of its birds to differ (a cap on the
  // neighbours) would otherwise try every coarser split again after each
  // bird it loses.
  const std::size_t n = in.state.size();
  const std::size_t first = std::max<std::size_t>(1, in.chunk > 0 ? std::min(in.chunk, n / 2) : n / 2);
  for (std::size_t chunk = first;; chunk = std::max<std::size_t>(1, chunk / 2)) {
    for (std::size_t from = 0; from < n && chunk < n; from += chunk) {
      FuzzInput c = in;
      c.state.erase(c.state.begin() + static_cast<long>(from),
                    c.state.begin() + static_cast<long>(std::min(n, from + chunk)));
      c.chunk = chunk;
      keep(c, count(c.state.size(), "birds") + " of " + shape);
    }
    if (chunk == 1) break;
  }
  // Fewer ticks.
  if (in.method == FuzzInput::Method::step) {
    for (const int ticks : {1, in.ticks / 2, in.ticks - 1}) {
      if (ticks >= 1 && ticks < in.ticks) {
        FuzzInput c = in;
        c.ticks = ticks;
        keep(c, shape);
      }
    }
    // Weights at 0, then drawn weights at 1: never away from 0 or 1, so
    // that shrinking cannot go back and forth.
    for (const double to : {0.0, 1.0}) {
      for (double Weights::*w : {&Weights::cohesion, &Weights::alignment, &Weights::separation}) {
        if (in.weights.*w == 0 || (to == 1 && in.weights.*w == 1)) continue;
        FuzzInput c = in;
        c.weights.*w = to;
        keep(c, shape);
      }
    }
  }
  // Rounder values: every value to 1, 2, 3 or 6 significant digits, then
  // the positions alone to whole numbers (kept on the field).
  for (const int digits : {1, 2, 3, 6}) {
    FuzzInput c = in;
    for (Bird& b : c.state) {
      b = {std::min(rounded(b.x, digits), kWidth), std::min(rounded(b.y, digits), kHeight), rounded(b.vx, digits),
           rounded(b.vy, digits)};
    }
    keep(c, shape + ", rounded to " + std::to_string(digits) + " digits");
  }
  FuzzInput whole = in;
  for (Bird& b : whole.state) {
    b.x = std::min(std::round(b.x), kWidth);
    b.y = std::min(std::round(b.y), kHeight);
  }
  keep(whole, shape + ", at whole positions");
  return out;
}

}  // namespace susurration::generator
