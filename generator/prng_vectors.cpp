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

// The notes of prng.json's flags, which its fresh twin shares (fresh_vectors.cpp).
std::map<std::string, Note> prng_notes() {
  return
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
                {"RequestId",
                 {"integer-overflow", "The request's id past 2^32, up to 2^53 - 1, the most PROTO-6 allows. An "
                                      "engine that reads the id into a 32-bit integer or a float32, or writes it "
                                      "back in another form, refuses the request or echoes another id (PROTO-4)."}},
                {"Division",
                 {"rounding", "next() is the raw output divided by 2^32, exact in a double. "
                              "Dividing by 2^32 - 1 or using float32 changes the last bits."}}};
}

VectorFile prng_vectors() {
  VectorFile f{"prng",
               {"mulberry32 raw 32-bit outputs and the doubles next() returns, for seeds on the "
                "edges of the uint32 range.",
                "The state advances by 0x6D2B79F5 modulo 2^32 per draw; 1600 draws (400 birds) pass the wrap "
                "of the state many times for every seed."},
               prng_notes(),
               {}};
  // A case's first clause is the one it isolates, the one its pass clears
  // in a report's ranking (grading.md, "How a report ranks causes"): the
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
  // The request id at the edges a kit that numbers its requests from 0
  // never reaches (PROTO-6: any integer in 0..2^53 - 1; spec/must-accept.md):
  // an engine that keeps it in a 32-bit integer, a float32 or a double
  // printed with six digits refuses or misnumbers the answer. One draw of
  // the upstream's seed, so that only the id is new. The echo is PROTO-4's,
  // a rule no vector lists (spec/README.md); the grader files a wrong id
  // under it and a refusal under PROTO-6.
  Group ids{"The upstream's seed 42, asked with request ids past 2^32.", {{"seed", 42}}, {}};
  struct Id {
    std::uint64_t id;
    const char* name;
  };
  for (const Id i : {Id{4294967296ull, "2-32"}, Id{9007199254740990ull, "2-53-minus-2"},
                     Id{9007199254740991ull, "2-53-minus-1"}}) {
    Case c = prng_case(42, 0, 1, std::string("prng-seed-42-one-draw-asked-with-id-") + i.name,
                       std::string("The first draw for seed 42, asked with request id ") + std::to_string(i.id) + ".",
                       {"PRNG-1"}, {"RequestId"});
    c.extra["request_id"] = i.id;
    ids.cases.push_back(std::move(c));
  }
  f.groups.push_back(std::move(ids));
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

// Two drawn seeds: a drawn number of first draws (past 1600, and fewer),
// and draws after a skip drawn from the protocol's whole range
// (0..2^53 - 1). Then the published flags' classes at drawn places: a seed
// on the edge of the uint32 range after a drawn skip, one draw (the
// fewest a request asks) after a drawn skip, and seed 42 at a drawn run of
// the upstream's ten printed values.
std::vector<Group> fresh_prng_groups(Draws& draw) {
  std::vector<Group> groups;
  for (int k = 0; k < 2; ++k) {
    const std::uint32_t seed = draw.u32();
    const int count = static_cast<int>(k == 0 ? draw.integer(1600, 3000) : draw.integer(1, 1599));
    const std::uint64_t skip = ((std::uint64_t{draw.u32()} << 32) | draw.u32()) & ((1ull << 53) - 1);
    const std::string s = std::to_string(seed);
    Group g{"Seed " + s + ", drawn.", {{"seed", seed}}, {}};
    std::vector<std::string> flags = {"Fresh", "Division"};
    if (count >= 1600) flags.push_back("LongSequence");
    g.cases.push_back(prng_case(seed, 0, count, "fresh-prng-seed-" + s + "-first-" + std::to_string(count),
                               "The first " + std::to_string(count) + " draws for a drawn seed.",
                               {"PRNG-1", "PRNG-2"}, flags));
    g.cases.push_back(prng_case(seed, skip, 16, "fresh-prng-seed-" + s + "-after-" + std::to_string(skip),
                               "16 draws after a drawn skip.", {"PRNG-1"}, {"Fresh", "Jump", "LongSequence"}));
    if (k == 1) {
      const std::uint64_t one = ((std::uint64_t{draw.u32()} << 32) | draw.u32()) & ((1ull << 53) - 1);
      g.cases.push_back(prng_case(seed, one, 1, "fresh-prng-seed-" + s + "-one-draw-after-" + std::to_string(one),
                                 "One draw, the fewest a request asks, after a drawn skip.", {"PRNG-1", "PRNG-2"},
                                 {"Fresh", "CountBounds"}));
    }
    groups.push_back(std::move(g));
  }
  const std::uint32_t edges[] = {0, 2147483647u, 2147483648u, 4294967295u};
  const std::uint32_t edge = edges[draw.integer(0, 3)];
  const std::uint64_t skip = static_cast<std::uint64_t>(draw.integer(1, 1ll << 40));
  const std::string e = std::to_string(edge);
  Group g{"Seed " + e + ", on the edge of the uint32 range, after a drawn skip.", {{"seed", edge}}, {}};
  g.cases.push_back(prng_case(edge, skip, 32, "fresh-prng-seed-" + e + "-after-" + std::to_string(skip),
                             "32 draws after a drawn skip from a seed on the edge of the uint32 range.",
                             {"PRNG-1", "PRNG-2"}, {"Fresh", "SeedEdge"}));
  groups.push_back(std::move(g));
  const int first = static_cast<int>(draw.integer(1, 9));  // after skip 0, which the published cases ask
  const int count = static_cast<int>(draw.integer(1, 10 - first));
  Group upstream{"The upstream's seed 42, a drawn run of its ten printed values.", {{"seed", 42}}, {}};
  upstream.cases.push_back(prng_case(42, static_cast<std::uint64_t>(first), count,
                                    "fresh-prng-seed-42-values-" + std::to_string(first + 1) + "-to-" +
                                        std::to_string(first + count),
                                    "A drawn run of the ten values the upstream specification prints for seed 42.",
                                    {"PRNG-3", "PRNG-1", "PRNG-2"}, {"Fresh", "SpecValues"}));
  groups.push_back(std::move(upstream));
  return groups;
}

}  // namespace susurration::generator
