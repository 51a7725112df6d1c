// The fast engine's other way to find candidates, for a flock that will not
// keep neighbour lists: each tick, the birds of each of the reference's
// cells (Cells: 11 x 6 cells of 90.9 x 100) in groups of up to W, and one
// list per cell of every bird in its 3 x 3 block, in increasing index
// order, which all its groups read.
//
// Why it is enough: every neighbour of a bird stands in the block around
// the bird's cell (neighbours.hpp, the reference's grid query), so a cell's
// list is a superset of the neighbours of each of its birds, which is all
// the step needs (DET-4); the lanes' pre-tests pick the neighbours out.
// Why it pays while the flock is unaligned: making it costs no distance
// test, only a sort of the birds by cell and a pass over each block's birds,
// where a set of neighbour lists costs a search about as long as a step and
// then, in an unaligned flock, lasts a tick or two (Flock::use_cells).
// Conventions: see fast_engine_detail.hpp.
#include <bit>
#include <cstdint>

#include "fast_engine_detail.hpp"

namespace susurration::fast {

namespace {

// Cell c's list: the birds of its block, by a bitmap over the bird indices
// read back in order, and where the cell's own birds stand in it (Lists::own).
void list_cell(int c, const std::uint32_t lanes, Scratch& sc, Lists& lists) {
  const std::vector<std::uint32_t>& start = lists.start;
  std::vector<std::uint32_t>& list = lists.candidates[static_cast<std::size_t>(c)];
  std::vector<double>& ids = lists.ids[static_cast<std::size_t>(c)];
  if (start[c] == start[c + 1]) {  // no bird here reads the list
    list.clear();
    ids.clear();
    return;
  }
  const int* block = Cells::block(c);
  std::size_t listed = 0;
  for (int b = 0; b < 9; ++b) {  // nine distinct cells (Cells::block), so distinct birds
    for (std::uint32_t slot = start[block[b]]; slot < start[block[b] + 1]; ++slot) {
      const std::uint32_t j = lists.members[slot];
      sc.seen[j / 64] |= std::uint64_t{1} << (j % 64);
    }
    listed += start[block[b] + 1] - start[block[b]];
  }
  const std::uint32_t first_group = lists.cell_group[static_cast<std::size_t>(c)];
  for (std::uint32_t g = first_group; g < lists.cell_group[static_cast<std::size_t>(c) + 1]; ++g) {
    lists.own[g].clear();
  }
  list.resize(listed);
  ids.resize(listed);
  std::size_t at = 0;
  for (std::size_t word = 0; word < sc.seen.size(); ++word) {
    for (std::uint64_t bits = sc.seen[word]; bits != 0; bits &= bits - 1) {
      const std::size_t j = word * 64 + static_cast<std::size_t>(std::countr_zero(bits));
      const std::uint32_t slot = lists.slot_of[j];
      list[at] = slot;
      ids[at] = static_cast<double>(j);  // exact: n < 2^53
      if (slot >= start[c] && slot < start[c + 1]) {
        const std::uint32_t k = slot - start[c];
        lists.own[first_group + k / lanes].push_back(
            static_cast<std::uint32_t>(at * kMaxLanes + k % lanes));
      }
      ++at;
    }
    sc.seen[word] = 0;
  }
}

// Below this many birds the lists are made on the calling thread. (A
// threshold of 256 measured better at 400 unaligned birds: 74 to 82 against
// 90 to 98 us a tick on two threads, bench's tick/fast/unaligned/n:400,
// three interleaved runs of each; BENCHMARKS.md was measured with 1,024,
// so the lower one waits for a run of its own.)
constexpr std::size_t kParallelBirds = 1024;

}  // namespace

void build_cells(Soa& s, Soa& spare, const Kernel& kernel, std::vector<Scratch>& scratch,
                 WorkerPool& pool, Lists& lists) {
  const std::size_t n = s.x.size();
  const auto lanes = static_cast<std::uint32_t>(kernel.lanes);
  // The new slots: the old ones cell by cell, so a group's birds are contiguous.
  counting_sort(s, Cells::kCount, Cells::of, lists.start, lists.fill, lists.moved);
  move_slots(s, spare, lists);
  // Each cell's birds in groups of up to W, each reading the cell's list.
  lists.first.clear();
  lists.list_of.clear();
  lists.cell_group.resize(Cells::kCount + 1);
  for (int c = 0; c < Cells::kCount; ++c) {
    lists.cell_group[static_cast<std::size_t>(c)] = static_cast<std::uint32_t>(lists.first.size());
    for (std::uint32_t slot = lists.start[c]; slot < lists.start[c + 1]; slot += lanes) {
      lists.first.push_back(slot);
      lists.list_of.push_back(static_cast<std::uint32_t>(c));
    }
  }
  const std::size_t groups = lists.first.size();
  lists.cell_group[Cells::kCount] = static_cast<std::uint32_t>(groups);
  lists.first.push_back(static_cast<std::uint32_t>(n));
  if (lists.candidates.size() < static_cast<std::size_t>(Cells::kCount)) {
    lists.candidates.resize(Cells::kCount);
    lists.ids.resize(Cells::kCount);
  }
  lists.own.resize(groups);
  // The cells shared out among the threads, as the step shares the groups.
  Handout handout(Cells::kCount, pool.threads());
  auto job = [&](int thread) {
    Scratch& sc = scratch[static_cast<std::size_t>(thread)];
    for (Handout::Chunk c; (c = handout.take()).begin != c.end;) {
      for (std::size_t cell = c.begin; cell < c.end; ++cell) {
        list_cell(static_cast<int>(cell), lanes, sc, lists);
      }
    }
  };
  pool.run(job, n >= kParallelBirds);
  order_groups(lists);
  lists.built = true;
  lists.cells = true;
  lists.held = false;  // for this tick only
}

}  // namespace susurration::fast
