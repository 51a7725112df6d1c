// prng.json: mulberry32 outputs (PRNG-1..3).
#include <cstdint>

#include "files.hpp"
#include "fresh.hpp"
#include "susurration/prng.hpp"

namespace susurration::generator {

Case prng_case(std::uint32_t seed, std::uint64_t skip, int count, std::string id, std::string comment,
               std::vector<std::string> clauses, std::vector<std::string> flags) {
  Mulberry32 rng(seed);
  rng.skip(skip);
  Json u32 = Json::array();
  Json next = Json::array();
  for (int k = 0; k < count; ++k) {
    const std::uint32_t raw = rng.next_u32();
    u32.push_back(raw);
    next.push_back(static_cast<double>(raw) / 4294967296.0);
  }
  return {std::move(id), std::move(comment), std::move(clauses), std::move(flags), compare_exact(),
          {{"skip", skip}, {"count", count}}, {{"u32", u32}, {"next", next}}};
}

VectorFile prng_vectors() {
  VectorFile f{"prng",
               {"mulberry32 raw 32-bit outputs and the doubles next() returns, for seeds on the "
                "edges of the uint32 range.",
                "The state advances by 0x6D2B79F5 modulo 2^32 per draw; 1600 draws (400 birds) pass the wrap "
                "of the state many times for every seed."},
               {{"SpecValues",
                 {"known-answer", "The upstream's own ten values for seed 42. An engine that fails "
                                  "them has a different generator, and every initial state differs."}},
                {"SeedEdge",
                 {"integer-overflow", "Seeds 0, 2^31 - 1, 2^31 and 2^32 - 1. Engines that keep the "
                                      "state in a signed or floating type, or forget to reduce it "
                                      "modulo 2^32, go wrong here first."}},
                {"LongSequence",
                 {"integer-overflow", "Draws far into the sequence: a multiplication that is not "
                                      "taken modulo 2^32 (Math.imul in JavaScript) shows up after "
                                      "some draws even when the first ones agree."}},
                {"Jump",
                 {"performance-trap", "A skip as large as the protocol allows (2^53 - 1). The state after k "
                                      "draws is seed + k * 0x6D2B79F5 modulo 2^32, so an engine jumps there at "
                                      "once; one that draws and discards skip values misses every deadline, "
                                      "and one that multiplies k in a double or a 32-bit signed type lands "
                                      "elsewhere."}},
                {"CountBounds",
                 {"off-by-one", "The fewest and the most draws one request may ask for (1 and 100000): "
                                "a loop bound off by one, or a buffer sized for fewer, shows here."}},
                {"Division",
                 {"rounding", "next() is the raw output divided by 2^32, exact in a double. "
                              "Dividing by 2^32 - 1 or using float32 changes the last bits."}}},
               {}};
  // A case's first clause is the one it isolates, the one its pass clears
  // in a report's ranking (PROTOCOL.md, "How a report ranks causes"): the
  // upstream's printed values lead with PRNG-3, and two of the long runs of
  // next() with the division (PRNG-2), so that each has two such cases.
  Group seed42{"The upstream's seed 42.", {{"seed", 42}}, {}};
  seed42.cases.push_back(prng_case(42, 0, 10, "prng-seed-42-first-ten-values",
                                  "The ten values the upstream specification prints for seed 42.",
                                  {"PRNG-3", "PRNG-1", "PRNG-2"}, {"SpecValues", "Division"}));
  seed42.cases.push_back(prng_case(42, 0, 1600, "prng-seed-42-first-1600",
                                  "The first 1600 draws for seed 42: all that initialising 400 birds uses.", {"PRNG-2", "PRNG-1"},
                                  {"LongSequence", "Division"}));
  seed42.cases.push_back(prng_case(42, 0, 1, "prng-seed-42-one-draw",
                                  "The fewest draws a request may ask for: the first of the upstream's ten values.",
                                  {"PRNG-3", "PRNG-1", "PRNG-2"}, {"CountBounds", "SpecValues"}));
  f.groups.push_back(std::move(seed42));
  // The protocol's bounds on skip and count (request schema, PROTOCOL.md):
  // a seed of no special shape, so that only the bound is new.
  Group bounds{"Seed 20261202, at the bounds of skip and count.", {{"seed", 20261202}}, {}};
  bounds.cases.push_back(prng_case(20261202, 9007199254740991ull, 16, "prng-seed-20261202-after-2-53-minus-1",
                                  "Draws after skipping 2^53 - 1, the largest skip the protocol allows: "
                                  "skip * 0x6D2B79F5 modulo 2^32 is where the state lands.",
                                  {"PRNG-1"}, {"Jump", "LongSequence"}));
  bounds.cases.push_back(prng_case(20261202, 0, 100000, "prng-seed-20261202-first-100000",
                                  "The most draws one request may ask for.", {"PRNG-2", "PRNG-1"},
                                  {"CountBounds", "LongSequence", "Division"}));
  f.groups.push_back(std::move(bounds));
  struct Seed {
    std::uint32_t seed;
    const char* name;
  };
  for (const Seed s : {Seed{0, "0"}, Seed{1, "1"}, Seed{2147483647u, "2147483647"},
                       Seed{2147483648u, "2147483648"}, Seed{4294967295u, "4294967295"}}) {
    Group g{std::string("Seed ") + s.name + ".", {{"seed", s.seed}}, {}};
    g.cases.push_back(prng_case(s.seed, 0, 1600, std::string("prng-seed-") + s.name + "-first-1600",
                               std::string("The first 1600 draws for seed ") + s.name + ", all that 400 birds use.",
                               {"PRNG-1", "PRNG-2"}, {"SeedEdge", "LongSequence", "Division"}));
    g.cases.push_back(prng_case(s.seed, 100000, 16, std::string("prng-seed-") + s.name + "-after-100000",
                               std::string("Draws 100000..100015 for seed ") + s.name +
                                   ", after the state has wrapped thousands of times.",
                               {"PRNG-1"}, {"SeedEdge", "LongSequence"}));
    f.groups.push_back(std::move(g));
  }
  return f;
}

// Two drawn seeds: a drawn number of first draws, and draws after a skip
// drawn from the protocol's whole range (0..2^53 - 1).
std::vector<Group> fresh_prng_groups(Draws& draw) {
  std::vector<Group> groups;
  for (int k = 0; k < 2; ++k) {
    const std::uint32_t seed = draw.u32();
    const int count = static_cast<int>(draw.integer(1, 2000));
    const std::uint64_t skip = ((std::uint64_t{draw.u32()} << 32) | draw.u32()) & ((1ull << 53) - 1);
    const std::string s = std::to_string(seed);
    Group g{"Seed " + s + ", drawn.", {{"seed", seed}}, {}};
    g.cases.push_back(prng_case(seed, 0, count, "fresh-prng-seed-" + s + "-first-" + std::to_string(count),
                               "The first " + std::to_string(count) + " draws for a drawn seed.",
                               {"PRNG-1", "PRNG-2"}, {"Fresh"}));
    g.cases.push_back(prng_case(seed, skip, 16, "fresh-prng-seed-" + s + "-after-" + std::to_string(skip),
                               "16 draws after a drawn skip.", {"PRNG-1"}, {"Fresh"}));
    groups.push_back(std::move(g));
  }
  return groups;
}

}  // namespace susurration::generator
