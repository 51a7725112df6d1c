// The notes of metrics.json's flags: what each flag's cases catch and how a
// faulty engine fails them.
#include "files.hpp"

namespace susurration::generator {

// The notes of metrics.json's flags, which its fresh twin shares (fresh_vectors.cpp).
std::map<std::string, Note> metrics_notes() {
  return
      {{"ExactlyNinety",
        {"boundary",
         "Birds exactly 90 apart are not joined (METRIC-3). An engine using <= counts one "
         "cluster too few."}},
       {"JustInsideNinety",
        {"boundary",
         "Birds 90 minus one ulp apart are joined. An engine with a looser comparison counts "
         "one cluster too many."}},
       {"ExactlyTwoSeventy",
        {"boundary",
         "A nearest neighbour at exactly 270 is left out (METRIC-5). An engine using <= "
         "counts the bird, and the mean is 270 instead of null."}},
       {"JustInsideTwoSeventy",
        {"boundary",
         "A nearest neighbour one ulp inside 270 is counted. An engine with a looser "
         "comparison gives null."}},
       {"Seam",
        {"wrap",
         "Distances across the seam are short (FIELD-3). An engine without torus deltas splits "
         "chains at the seam and finds other nearest neighbours."}},
       {"Transitive",
        {"graph",
         "Clusters are connected components: a chain of edges joins birds that are far apart. An "
         "engine that counts pairs, or groups birds only with a first member, counts too many."}},
       {"Isolated",
        {"boundary",
         "Birds whose nearest neighbour is 270 or more away leave both the sum and the count. "
         "An engine that divides by n, or adds them in, gives another mean."}},
       {"NullMean",
        {"degenerate",
         "With no bird counted the mean is null (METRIC-5), not 0, NaN or a division by "
         "zero."}},
       {"Coincident",
        {"degenerate",
         "Birds in one place are each other's nearest neighbour at distance 0 (METRIC-4). An "
         "engine that skips zero distances finds another neighbour or none."}},
       {"NearlyEquidistant",
        {"rounding",
         "Two candidates whose squared distances agree to within 2^-40 (METRIC-4). An engine that keeps "
         "the last candidate of a band, or compares squared distances with a tolerance, reports the "
         "farther one; the difference is a few hundred ulps, so the case's ulps class sees it."}},
       {"SizeCoordinate",
        {"wrap",
         "x = 1000 stands where x = 0 stands (FIELD-2). An engine that refuses the coordinate or "
         "measures 1000 across the field fails."}},
       {"Aligned",
        {"rounding",
         "Birds flying one way have polarization 1: exactly on an axis, within an ulp on a "
         "diagonal. An engine that averages velocities instead of unit velocities gets "
         "another number when speeds differ."}},
       {"Opposed",
        {"rounding",
         "Opposed headings cancel to exactly 0. An engine that sums in another order, or "
         "normalises with a reciprocal, leaves a residue; the ulps class sees any nonzero "
         "value as far from 0."}},
       {"UnitVelocity",
        {"formula",
         "Polarization is hypot(Sx / n, Sy / n) of unit velocities (METRIC-2). An engine that "
         "averages raw velocities or averages speeds gives another value."}},
       {"VelocityBound",
        {"magnitude",
         "Speeds at INPUT-9's bounds, 1e150 and 1e-150. An engine that keeps velocities in float32 "
         "overflows or flushes them to zero; one that normalises with an epsilon guard drops the slow bird."}},
       {"LoneBird",
        {"degenerate",
         "n = 1: polarization 1, one cluster, and a null mean (METRIC-4). An engine that "
         "takes the bird's distance to itself gets mean 0."}},
       {"BandInside",
        {"boundary",
         "The pair's true distance lies within an ulp of the limit, just below the midpoint L - ulp(L)/2, "
         "so the correctly rounded distance is the double below L: inside (FIELD-4, DET-2). An engine that "
         "compares its platform's hypot with L leaves the pair out when that hypot rounds up to L."}},
       {"BandOutside",
        {"boundary",
         "The pair's true distance lies within an ulp of the limit, at or above the midpoint "
         "L - ulp(L)/2, so the correctly rounded distance is L or more: outside. An engine that compares "
         "its platform's hypot with L takes the pair in when that hypot rounds down (at 90, a cluster "
         "edge too many, so one cluster where two are due; at 270, a mean of 269.99999999999994 where "
         "null is due), and one that decides dx*dx + dy*dy < L*L exactly takes it in whenever the true "
         "distance is below L (spec/grading.md)."}},
       {"MidpointTie",
        {"boundary",
         "The true distance is exactly the midpoint L - ulp(L)/2, a tie, which rounds to L (its last "
         "significand bit is 0): outside. An engine that decides the band with <= takes the pair in."}},
       {"Seeded",
        {"integration",
         "The metrics of a real initial state: every rule at once on 120 or 400 birds, as "
         "tick 0 of a trajectory checks them."}}};
}

}  // namespace susurration::generator
