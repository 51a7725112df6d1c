// The notes of step.json's flags: what each flag's cases catch and how a
// faulty engine fails them.
#include "files.hpp"

namespace susurration::generator {

// The notes of step.json's flags, which its fresh twin shares (fresh_vectors.cpp).
std::map<std::string, Note> step_notes() {
  std::map<std::string, Note> notes =
      {{"ExactlyNinety",
        {"boundary",
         "A neighbour at exactly 90 is not a neighbour (STEP-2). An engine comparing with <= "
         "makes the pair cohere and align, and their velocities change."}},
       {"JustInsideNinety",
        {"boundary",
         "A neighbour one ulp inside 90 is a neighbour. An engine that compares with a "
         "tolerance, in single precision, or against a rounded radius leaves it out."}},
       {"ExactlyTwentyEight",
        {"boundary",
         "A neighbour at exactly 28 adds no separation term (STEP-5). An engine comparing with "
         "<= pushes the pair apart."}},
       {"JustInsideTwentyEight",
        {"boundary",
         "A neighbour one ulp inside 28 separates. An engine with a looser comparison leaves "
         "the pair alone."}},
       {"Seam",
        {"wrap",
         "Neighbours across the seam (FIELD-3). An engine without torus deltas sees them a field "
         "apart and leaves them alone, or pushes them the long way round."}},
       {"SizeCoordinate",
        {"wrap",
         "x = 1000 and y = 600 are legal and stand where 0 stands (FIELD-2). An engine that refuses "
         "them, or turns them into 0 before moving, fails; the second fault is only seen in the "
         "exact class."}},
       {"Coincident",
        {"degenerate",
         "Birds at distance 0 add no separation term (STEP-5) but still count for cohesion "
         "and alignment. An engine that divides by d*d gets NaN or infinity."}},
       {"LandsOnTheSeam",
        {"wrap",
         "A move that ends exactly on 0 or on the size (FIELD-5): the size wraps to 0 and 0 stays. An "
         "engine that wraps with p > size keeps 1000.0, one that wraps with p <= 0 makes 0.0 into 1000.0; "
         "the step class counts 0 and 1000 as one place, so these cases use the exact class."}},
       {"TinyNegativeWrap",
        {"wrap",
         "-2^-54 + 1000 rounds to exactly 1000.0, which is kept (FIELD-5, AMB-1). An engine that "
         "corrects a second time gives 0.0; the step class counts 0 and 1000 as one place, so these "
         "cases use the exact class."}},
       {"ZeroSpeed",
        {"degenerate",
         "A new velocity of exactly (0, 0) takes the old direction at speed 1.6 (STEP-7). An "
         "engine that divides by the zero speed gets NaN; one that keeps (0, 0) stops the bird."}},
       {"SubnormalSpeed",
        {"degenerate",
         "A new velocity the forces cancel to a nonzero subnormal speed takes the old direction at "
         "speed 1.6, as a zero one does (STEP-7, AMB-31). An engine that divides by the speed gets "
         "an infinity and NaN; one that keeps the new velocity's own direction flies another way."}},
       {"MinSpeed",
        {"clamp",
         "A new speed below 1.6 is scaled up to 1.6 (STEP-7). An engine without the lower clamp "
         "leaves the bird slow."}},
       {"MaxSpeed",
        {"clamp",
         "A new speed above 4.2 is scaled down to 4.2 (STEP-7). An engine without the upper clamp, "
         "or that clamps each component, gives another velocity."}},
       {"LoneBird",
        {"degenerate",
         "A bird with no neighbours gets no force (STEP-6) but is still clamped. An engine "
         "that divides by k = 0 gets NaN; one that skips the clamp keeps the speed."}},
       {"Synchronous",
        {"order",
         "Every bird steers from the flock as it stood at the start of the tick (STEP-1). An "
         "engine that updates birds in place moves the later birds differently."}},
       {"SignOfZero",
        {"format",
         "-0.0 is a value of its own: it keeps its sign through the step and in JSON (SERIAL-1). "
         "An engine that writes it as 0 (JavaScript's JSON.stringify does) changes the state's bits "
         "and its hash."}},
       {"Float64",
        {"precision",
         "Positions and velocities are doubles (STATE-1). An engine that stores them in float32 is "
         "off by about 1e-5 after one step, and loses outright a position float32 cannot hold."}},
       {"SubnormalValue",
        {"precision",
         "A subnormal component (2^-1074, the least double) is an ordinary value: it is carried through "
         "the step and written so that it reads back (STATE-1, SERIAL-1). An engine built with "
         "flush-to-zero, or one whose writer prints too few digits, answers 0."}},
       {"AlignmentFormula",
        {"formula",
         "Alignment divides the neighbours' velocity sum by k before subtracting the bird's own "
         "velocity (STEP-4). An engine that subtracts first, (Svx - vx) / k, agrees only when k is 1."}},
       {"IndexOrder",
        {"rounding",
         "Neighbour sums run in increasing index order (STATE-2). Another order (reversed, "
         "grid cells, nearest first) changes the last bits: such an engine passes the step "
         "class but loses pass-exact."}},
       {"ForceOrder",
        {"rounding",
         "Forces are formed as value * (weight * constant) and added as ((v + c) + a) + s "
         "(AMB-13, AMB-14). Another grouping, or a fused multiply-add, changes the last bits."}},
       {"WeightZero",
        {"weights",
         "A weight of 0 switches its rule off (WEIGHTS-1). An engine that ignores the weight, "
         "or treats 0 as missing and uses the default 1, keeps the rule on."}},
       {"BandInside",
        {"boundary",
         "The pair's true distance lies within an ulp of the limit, just below the midpoint L - ulp(L)/2, "
         "so the correctly rounded distance is the double below L: inside (FIELD-4, DET-2). An engine "
         "that compares its platform's hypot with L leaves the pair out when that hypot rounds up to L."}},
       {"BandOutside",
        {"boundary",
         "The pair's true distance lies within an ulp of the limit, at or above the midpoint "
         "L - ulp(L)/2, so the correctly rounded distance is L or more: outside. An engine that compares "
         "its platform's hypot with L takes the pair in when that hypot rounds down, and one that decides "
         "dx*dx + dy*dy < L*L exactly takes it in whenever the true distance is below L "
         "(spec/grading.md, \"An engine without a correctly rounded hypot\")."}},
       {"MidpointTie",
        {"boundary",
         "The true distance is exactly the midpoint L - ulp(L)/2, a tie, which rounds to L (its last "
         "significand bit is 0): outside. An engine that decides the band with <= takes the pair in."}},
       {"HardToRound",
        {"rounding",
         "A hypot whose true value lies a tiny fraction of an ulp from a midpoint between two doubles "
         "(DET-2). A correctly rounded engine gets every bit; a libm hypot that rounds it the other way "
         "changes the last bits: pass-tolerant, not a failure."}},
       {"WeightOne",
        {"weights",
         "One weight at 1 and the others weakened: each weight scales its own rule. An engine "
         "that ignores weights or reads [cohesion, alignment, separation] in another order fails."}}};
  notes.insert(step_ticks_note());
  notes.insert(step_bounds_note());
  return notes;
}

}  // namespace susurration::generator
