// The two neighbour queries (spec/step.md STEP-2, spec/determinism.md DET-4).
//
// A query hands out, for bird i, candidate indices j != i in increasing
// order; the candidates are a superset of i's neighbours. The step does the
// same arithmetic over any such list, so every query that keeps index order
// makes the same world, bit for bit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "susurration/state.hpp"

namespace susurration {

enum class Query {
  scan,  // every other bird, in index order: the reference
  grid,  // the 3 x 3 block of torus grid cells around the bird, sorted
};

// Machine-independent cost: the distances computed per step (issue: count
// work in units that do not depend on the machine).
struct Counters {
  std::uint64_t distance_tests = 0;
  std::uint64_t neighbour_pairs = 0;  // ordered pairs (i, j) with distance < 90
};

// A grid of cells at least 90 wide over the torus: 11 columns of 1000/11 and
// 6 rows of 100, so every neighbour of a bird stands in the 3 x 3 block of
// cells around its own.
class Grid {
 public:
  explicit Grid(const State& s);

  // Fills `out` with the birds of the 3 x 3 block around bird i, other than
  // i, in increasing index order.
  void candidates(std::size_t i, std::vector<std::size_t>& out) const;

  static constexpr int kColumns = 11;
  static constexpr int kRows = 6;

 private:
  std::vector<int> cell_of_;                    // cell of bird i
  std::vector<std::vector<std::size_t>> cells_;  // birds of each cell, in index order
};

// The cell index (column, row) of a position; x == 1000 and y == 600 fall
// into column 0 and row 0, where they stand on the torus.
int grid_column(double x);
int grid_row(double y);

}  // namespace susurration
