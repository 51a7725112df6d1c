// Band pairs drawn for a fresh set (fresh.hpp, issue 53): the published band
// cases' pairs, built by the same integer search (hard_cases.cpp), at drawn
// places, slopes, seams and orientations, so that no table of the published
// band answers can answer them.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <utility>

#include "fresh.hpp"
#include "susurration/constants.hpp"
#include "susurration/torus.hpp"

namespace susurration::generator {
namespace {

// Bird i at a drawn place such that i + (delta along the axis) lands inside
// the field, or across its seam when `seam`.
double drawn_start(Draws& draw, double delta, bool seam, double size) {
  return seam ? size - draw.uniform(0.05, 0.95) * delta : draw.uniform(0, size - delta - 1);
}

// The pair turned by swapping the birds' x coordinates, their y
// coordinates, or the birds themselves: each turn reuses the same doubles,
// so the torus delta keeps its magnitudes exactly; the decision is taken
// again from the new birds (band_pair_of) and must not change.
BandPair oriented(Draws& draw, double limit, BandPair p) {
  Bird i = p.i, j = p.j;
  if (draw.unit() < 0.5) std::swap(i.x, j.x);
  if (draw.unit() < 0.5) std::swap(i.y, j.y);
  if (draw.unit() < 0.5) std::swap(i, j);
  BandPair turned = band_pair_of(limit, i, j);
  if (turned.inside != p.inside || std::abs(turned.dx) != std::abs(p.dx) || std::abs(turned.dy) != std::abs(p.dy)) {
    throw std::logic_error("fresh_bands: turning a band pair moved it");
  }
  return turned;
}

// One pair on `band`'s side of its target: a drawn slope (an axis one time
// in three), each axis across its seam one time in three when the pair
// spans it visibly.
DrawnBand drawn_search(Draws& draw, double limit, Band band, const std::string& name) {
  const double along_x = draw.unit() < 1.0 / 3 ? 1.0 : draw.uniform(0.05, 0.95);
  const double along_y = std::sqrt(1 - along_x * along_x);
  Shape shape{0, 0, along_x};
  shape.seam_x = along_x >= 0.2 && draw.unit() < 1.0 / 3;
  shape.seam_y = along_y >= 0.2 && draw.unit() < 1.0 / 3;
  shape.x0 = drawn_start(draw, along_x * limit, shape.seam_x, kWidth);
  shape.y0 = drawn_start(draw, along_y * limit, shape.seam_y, kHeight);
  const BandPair p = oriented(draw, limit, band_pair(limit, shape, band));
  // A leg found beside its nominal share (an axis pair's short leg) can
  // carry bird j past the field: drawn again.
  for (const Bird& b : {p.i, p.j}) {
    if (!(b.x >= 0 && b.x < kWidth && b.y >= 0 && b.y < kHeight)) {
      throw std::logic_error("fresh_bands: a band pair leaves the field");
    }
  }
  std::string where = along_x == 1 ? "On an axis" : "On a drawn slope";
  if (shape.seam_x || shape.seam_y) {
    where += shape.seam_x && shape.seam_y ? ", across both seams" : shape.seam_x ? ", across the x seam" : ", across the y seam";
  }
  std::vector<std::string> clauses = {"FIELD-6", "FIELD-4"};
  if (band == Band::above_limit) clauses = {"FIELD-4"};
  if (shape.seam_x || shape.seam_y) clauses.push_back("FIELD-3");
  return {name, where, clauses, p};
}

// The midpoint tie: the legs of tie_pair (a Pythagorean triple on the
// midpoint), either way round, from a drawn place within the legs' binade,
// where every sum of place and leg is exact.
DrawnBand drawn_tie(Draws& draw, double limit, const std::string& name) {
  const BandPair legs = tie_pair(limit, 0, 0);
  const bool transposed = draw.unit() < 0.5;
  const double a = transposed ? legs.dy : legs.dx, b = transposed ? legs.dx : legs.dy;
  auto start = [&](double leg, double size) {
    const double top = std::min(std::exp2(std::floor(std::log2(leg)) + 1), size);
    return static_cast<double>(draw.integer(0, static_cast<std::int64_t>((top - leg) * 1024) - 1)) / 1024;
  };
  const double x0 = start(a, kWidth), y0 = start(b, kHeight);
  const BandPair p = oriented(draw, limit, band_pair_of(limit, {x0, y0, 0, 0}, {x0 + a, y0 + b, 0, 0}));
  if (band_flag(p) != "MidpointTie" || std::abs(p.dx) != a || std::abs(p.dy) != b) {
    throw std::logic_error("fresh_bands: a drawn tie is not on the midpoint");
  }
  return {name, "On a slope whose legs and the midpoint form a Pythagorean triple, at a drawn place", {"FIELD-6", "FIELD-4"}, p};
}

}  // namespace

namespace {

// The six kinds, in the order drawn_band_pairs draws them.
const struct {
  Band band;
  const char* name;
} kKinds[kBandKinds] = {{Band::below_midpoint, "just-below-the-midpoint-is-inside"},
                        {Band::above_midpoint, "just-above-the-midpoint-is-outside"},
                        {Band::below_midpoint, "just-below-the-midpoint-again-is-inside"},
                        {Band::above_midpoint, "just-above-the-midpoint-again-is-outside"},
                        {Band::above_limit, "just-above-the-limit-is-outside"},
                        {Band::above_limit, "exact-tie-at-the-midpoint-is-outside"}};

}  // namespace

DrawnBand drawn_band_pair(Draws& draw, double limit, std::size_t kind) {
  if (kind >= kBandKinds) throw std::out_of_range("fresh_bands: no such kind of band pair");
  const auto& k = kKinds[kind];
  if (kind + 1 == kBandKinds) return drawn_until(100, [] { return 0; }, [&](int) { return drawn_tie(draw, limit, k.name); });
  return drawn_until(100, [] { return 0; }, [&](int) { return drawn_search(draw, limit, k.band, k.name); });
}

std::vector<DrawnBand> drawn_band_pairs(Draws& draw, double limit) {
  std::vector<DrawnBand> pairs;
  for (std::size_t kind = 0; kind < kBandKinds; ++kind) pairs.push_back(drawn_band_pair(draw, limit, kind));
  return pairs;
}

}  // namespace susurration::generator
