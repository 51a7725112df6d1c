// init.json: the full initial state for seeds on the edges of the uint32 range
// and bird counts 10, 120 and 400 (INIT-1..3, PRNG-1, PRNG-2, STATE-1).
#include <algorithm>
#include <cmath>
#include <optional>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "files.hpp"
#include "fresh.hpp"
#include "hard_cases.hpp"
#include "susurration/constants.hpp"
#include "susurration/exact_math.hpp"
#include "susurration/init.hpp"
#include "susurration/prng.hpp"

namespace susurration::generator {
namespace {

// Positions are one exact product each (next() * 1000, next() * 600), the
// same bits in every correct engine. Velocities are speed * cos(angle) and
// speed * sin(angle): a sin or cos one ulp off moves the exact product by at
// most one ulp of it relative, and rounding the product again can make that
// two ulps of the result; 2 ulps is the tightest class such an engine passes.
constexpr int kVelocityUlps = 2;

}  // namespace

// The state straight after initialising, in the class every correct engine passes.
// Every such case checks the whole of initialisation; `lead`, its first
// clause, is the one its pass clears in a report's ranking.
Case init_case(std::uint32_t seed, int n, std::string id, std::string comment, std::vector<std::string> flags,
               const std::string& lead) {
  std::vector<std::string> clauses = {"INIT-1", "INIT-2", "INIT-3", "PRNG-1", "PRNG-2", "STATE-1"};
  clauses.erase(std::find(clauses.begin(), clauses.end(), lead));
  clauses.insert(clauses.begin(), lead);
  return {std::move(id), std::move(comment), std::move(clauses),
          std::move(flags), compare_ulps(kVelocityUlps), {{"seed", seed}}, {{"state", state_json(initialise(seed, n))}}};
}

namespace {

// Each group's cases lead with another clause of INIT-1..3 (10 birds: the
// draws, 120: the speed and angle formulas, 400: sin and cos), so that each
// is isolated by cases of its own; what they check is the same.
Group birds_group(int n, const std::vector<std::uint32_t>& seeds, const std::string& lead) {
  Group g{std::to_string(n) + " birds: " + std::to_string(4 * n) + " draws per seed.", {{"birds", n}}, {}};
  for (const std::uint32_t seed : seeds) {
    std::vector<std::string> flags = {"DrawOrder", "SinCos", "SpeedFormula"};
    if (seed == 0 || seed == 2147483647u || seed == 2147483648u || seed == 4294967295u) {
      flags.push_back("SeedEdge");
    }
    if (n == 400) {
      flags.push_back("ManyBirds");
    }
    g.cases.push_back(init_case(seed, n, "init-seed-" + std::to_string(seed) + "-" + std::to_string(n) + "-birds",
                                "The state straight after initialising " + std::to_string(n) + " birds from seed " +
                                    std::to_string(seed) + ".",
                                flags, lead));
  }
  return g;
}

// Seeds whose initialisation meets a hard-to-round cos or sin (issue 17),
// found by generator/search/find_hard_init_seeds.cpp over seeds 0..299999
// and birds 0..9; checked again here with MPFR: the true value lies within
// 2e-6 ulp of a midpoint, and the double across it changes the velocity
// speed * cos(angle) (or sin), so a libm that rounds it the other way
// misses the bits.
struct HardSeed {
  std::uint32_t seed;
  int bird;
  bool cosine;
};

Group hard_to_round_group() {
  const std::vector<HardSeed> seeds = {{187050, 1, true},  {63729, 7, true},  {214131, 5, false},
                                       {143208, 8, false}, {262837, 9, false}, {60286, 0, true},
                                       {156207, 5, true},  {103256, 9, false}};
  constexpr int kBirds = 10;
  Group g{"Hard-to-round sin and cos (DET-2, issue 17), 10 birds: one bird's heading has a cos or sin a "
          "tiny fraction of an ulp from a midpoint.",
          {{"birds", kBirds}},
          {}};
  for (const HardSeed& h : seeds) {
    Mulberry32 rng(h.seed);
    double angle = 0, speed = 0;
    for (int i = 0; i <= h.bird; ++i) {
      rng.next();
      rng.next();
      angle = rng.next() * 2 * kPi;
      speed = kMinSpeed + rng.next() * (kMaxSpeed - kMinSpeed);
    }
    const double distance = h.cosine ? cos_midpoint_distance(angle) : sin_midpoint_distance(angle);
    const double right = h.cosine ? cr_cos(angle) : cr_sin(angle);
    const double wrong = h.cosine ? cos_misrounded(angle) : sin_misrounded(angle);
    const std::string id = "init-hard-to-round-seed-" + std::to_string(h.seed) + "-10-birds";
    if (!(distance < 2e-6) || speed * right == speed * wrong) {
      throw std::logic_error(id + ": not a hard-to-round case that shows");
    }
    char what[256];
    std::snprintf(what, sizeof what,
                  "Bird %d's %s(angle), angle = %.17g, lies %.2g ulp from the midpoint between %.17g and %.17g; "
                  "it rounds to %.17g.",
                  h.bird, h.cosine ? "cos" : "sin", angle, distance, right, wrong, right);
    g.cases.push_back({id,
                       what,
                       {"DET-2", "INIT-3", "INIT-1", "INIT-2"},
                       {"HardToRound", "SinCos"},
                       compare_ulps(kVelocityUlps),
                       {{"seed", h.seed}},
                       {{"state", state_json(initialise(h.seed, kBirds))}}});
  }
  return g;
}

}  // namespace

// The notes of init.json's flags, which its fresh twin shares (fresh_vectors.cpp).
std::map<std::string, Note> init_notes() {
  return
      {{"DrawOrder",
        {"order",
         "Four draws per bird, in the order x, y, angle, speed (INIT-1). An engine that draws "
         "all x first, or the speed before the angle, puts every bird somewhere else."}},
       {"SinCos",
        {"rounding",
         "vx uses cos and vy uses sin (INIT-3). Swapping them, using degrees, or taking "
         "the angle in [0, PI) turns every velocity; a libm sin or cos one ulp off stays "
         "within the class, and only correctly rounded ones pass exactly."}},
       {"SeedEdge",
        {"integer-overflow",
         "Seeds 0, 2^31 - 1, 2^31 and 2^32 - 1. An engine that keeps the "
         "generator state in a signed or floating type goes wrong here first."}},
       {"ManyBirds",
        {"integer-overflow",
         "400 birds: 1600 draws, passing the wrap of the generator state many "
         "times. A multiplication that is not taken modulo 2^32 shows up late in "
         "the state even when the first birds agree."}},
       {"HardToRound",
        {"rounding",
         "One bird's cos or sin lies a tiny fraction of an ulp from a midpoint between two doubles "
         "(DET-2). A correctly rounded cos and sin get every bit; a libm that rounds it the other way "
         "moves that velocity by an ulp: pass-tolerant, not a failure."}},
       {"SpeedFormula",
        {"rounding",
         "speed = 1.6 + next() * 2.6 as one rounded product then one rounded sum (AMB-6). "
         "A fused multiply-add or a blend 1.6 * (1 - r) + 4.2 * r moves a speed by an ulp: "
         "within the class, but never pass-exact."}}};
}

VectorFile init_vectors() {
  VectorFile f{
      "init",
      {"The full state straight after initialisation (tick 0) for seeds on the edges of the uint32 "
       "range and 10, 120 and 400 birds.",
       "Each bird draws x, y, angle, speed in that order; x = next() * 1000, y = next() * 600, "
       "angle = (next() * 2) * PI, speed = 1.6 + next() * (4.2 - 1.6); vx = speed * cos(angle), "
       "vy = speed * sin(angle).",
       "Compared in ulps(2): positions have the same bits in every correct engine; velocities may be "
       "up to 2 ulps off in an engine whose sin or cos is one ulp off (libm), since speed * cos rounds "
       "again. An engine with correctly rounded sin and cos matches every bit (pass-exact)."},
      init_notes(),
      {}};
  f.groups.push_back(birds_group(10, {0, 1, 42, 2147483647u, 2147483648u, 4294967295u}, "INIT-1"));
  f.groups.push_back(birds_group(120, {0, 42, 4294967295u}, "INIT-2"));
  f.groups.push_back(birds_group(400, {1, 42}, "INIT-3"));
  f.groups.push_back(hard_to_round_group());
  return f;
}

namespace {

// Is one of the first `birds` birds of `seed` a hard-to-round cos or sin
// that shows in its velocity (within `within` ulp of a midpoint, checked
// with MPFR after a long-double sieve)? Returns the text for the comment.
std::optional<std::string> hard_heading(std::uint32_t seed, int birds, double within) {
  Mulberry32 rng(seed);
  for (int i = 0; i < birds; ++i) {
    rng.next();
    rng.next();
    const double angle = rng.next() * 2 * kPi;
    const double speed = kMinSpeed + rng.next() * (kMaxSpeed - kMinSpeed);
    for (const bool cosine : {true, false}) {
      const long double t = cosine ? std::cos(static_cast<long double>(angle)) : std::sin(static_cast<long double>(angle));
      const double r = static_cast<double>(t);
      const double o = std::nextafter(r, t > r ? 2.0 : -2.0);
      const long double mid = (static_cast<long double>(r) + o) / 2;
      if (std::abs(t - mid) / std::abs(static_cast<long double>(o) - r) > 1e-3L) continue;
      const double distance = cosine ? cos_midpoint_distance(angle) : sin_midpoint_distance(angle);
      const double right = cosine ? cr_cos(angle) : cr_sin(angle);
      const double wrong = cosine ? cos_misrounded(angle) : sin_misrounded(angle);
      if (distance < within && speed * right != speed * wrong) {
        char what[256];
        std::snprintf(what, sizeof what, "Bird %d's %s(angle), angle = %.17g, lies %.2g ulp from a midpoint.", i,
                      cosine ? "cos" : "sin", angle, distance);
        return what;
      }
    }
  }
  return std::nullopt;
}

}  // namespace

// Two drawn seeds with drawn bird counts (10..400); then the published
// flags' classes at drawn seeds (issue 53): 400 birds, a seed on the edge
// of the uint32 range with a drawn count, and a drawn seed whose 10 birds
// meet a cos or sin within 1e-5 ulp of a midpoint.
std::vector<Group> fresh_init_groups(Draws& draw) {
  std::vector<Group> groups;
  auto push = [&](std::uint32_t seed, int n, const std::string& comment, std::vector<std::string> flags,
                  const std::string& lead = "INIT-1") {
    Group g{std::to_string(n) + " birds, drawn.", {{"birds", n}}, {}};
    flags.insert(flags.begin(), {"Fresh", "DrawOrder", "SinCos", "SpeedFormula"});
    g.cases.push_back(init_case(seed, n, "fresh-init-seed-" + std::to_string(seed) + "-" + std::to_string(n) + "-birds",
                                comment, flags, lead));
    groups.push_back(std::move(g));
  };
  for (int k = 0; k < 2; ++k) {
    const std::uint32_t seed = draw.u32();
    const int n = static_cast<int>(draw.integer(kMinBirds, kMaxBirds));
    push(seed, n, "The state straight after initialising a drawn count of birds from a drawn seed.",
         n == kMaxBirds ? std::vector<std::string>{"ManyBirds"} : std::vector<std::string>{});
  }
  push(draw.u32(), kMaxBirds, "The most birds, 400, from a drawn seed.", {"ManyBirds"}, "INIT-3");
  const std::uint32_t edges[] = {0, 2147483647u, 2147483648u, 4294967295u};
  const std::uint32_t edge = edges[draw.integer(0, 3)];
  push(edge, static_cast<int>(draw.integer(11, 119)), "A drawn count of birds from a seed on the edge of the uint32 range.",
       {"SeedEdge"}, "INIT-2");
  for (int tries = 0; tries < 100000; ++tries) {
    const std::uint32_t seed = draw.u32();
    if (const auto what = hard_heading(seed, 10, 1e-5)) {
      Group g{"10 birds, a drawn seed with a hard-to-round heading.", {{"birds", 10}}, {}};
      Case c = init_case(seed, 10, "fresh-init-hard-to-round-seed-" + std::to_string(seed) + "-10-birds", *what,
                         {"Fresh", "HardToRound", "SinCos"}, "INIT-3");
      c.clauses.insert(c.clauses.begin(), "DET-2");
      g.cases.push_back(std::move(c));
      groups.push_back(std::move(g));
      break;
    }
  }
  return groups;
}

}  // namespace susurration::generator
