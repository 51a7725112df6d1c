// The torus grid query (spec/determinism.md DET-4).
// Conventions: i the bird asking, j a candidate, c column, r row.
#include "susurration/neighbours.hpp"

#include <algorithm>

#include "susurration/constants.hpp"

namespace susurration {

// Cells are 1000/11 = 90.9 wide and 600/6 = 100 high, both more than the
// perception radius, so a neighbour is at most one cell away on each axis.
// The 0.9 units of slack also absorb the rounding of x * 11 / 1000: a bird
// put one cell off by rounding stands within 1e-12 of a cell edge, where
// any bird it could be 90 away from is still inside the 3 x 3 block.
int grid_column(double x) {
  return static_cast<int>(x * Grid::kColumns / kWidth) % Grid::kColumns;
}

int grid_row(double y) { return static_cast<int>(y * Grid::kRows / kHeight) % Grid::kRows; }

Grid::Grid(const State& s)
    : cell_of_(s.size()), cells_(static_cast<std::size_t>(kColumns * kRows)) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    cell_of_[i] = grid_row(s[i].y) * kColumns + grid_column(s[i].x);
    cells_[static_cast<std::size_t>(cell_of_[i])].push_back(i);
  }
}

void Grid::candidates(std::size_t i, std::vector<std::size_t>& out) const {
  out.clear();
  const int c = cell_of_[i] % kColumns;
  const int r = cell_of_[i] / kColumns;
  // 11 columns and 6 rows: the three columns and three rows are distinct,
  // so no cell is visited twice.
  for (int dr = -1; dr <= 1; ++dr) {
    for (int dc = -1; dc <= 1; ++dc) {
      const int cell = ((r + dr + kRows) % kRows) * kColumns + (c + dc + kColumns) % kColumns;
      for (std::size_t j : cells_[static_cast<std::size_t>(cell)]) {
        if (j != i) {
          out.push_back(j);
        }
      }
    }
  }
  // Cells come in block order; the step's sums need index order (STATE-2).
  std::sort(out.begin(), out.end());
}

}  // namespace susurration
