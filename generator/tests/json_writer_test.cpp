// Tests the canonical JSON text of vector files: layout, float form, and that it reads back.
#include <gtest/gtest.h>

#include "json_writer.hpp"

using namespace susurration::generator;

TEST(CanonicalText, PutsScalarArraysOnOneLineAndObjectsOneKeyPerLine) {
  const Json v = {{"b", 1}, {"a", {1.5, 2.0}}, {"s", {{1.0, 2.0}, {3.0, 4.0}}}, {"e", Json::object()}};
  EXPECT_EQ(canonical_text(v),
            "{\n  \"b\": 1,\n  \"a\": [1.5, 2.0],\n  \"s\": [\n    [1.0, 2.0],\n    [3.0, 4.0]\n  ],\n"
            "  \"e\": {}\n}\n");
}

TEST(CanonicalText, WritesFloatsInShortestRoundTripFormAndIntegersAsIntegers) {
  const Json v = Json::array({0.1, 1000.0, 42, -0.0, 0.30000000000000004, nullptr, "x\"y"});
  EXPECT_EQ(canonical_text(v), "[0.1, 1000.0, 42, -0.0, 0.30000000000000004, null, \"x\\\"y\"]\n");
}

TEST(CanonicalText, ReadsBackToTheSameValue) {
  const Json v = {{"state", {{601.1037519201636, 268.974335398525, 2.005614880401549, -2.6724242730942556}}},
                  {"n", 120}};
  EXPECT_EQ(Json::parse(canonical_text(v)), v);
}
