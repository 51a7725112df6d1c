// Bounded JSON reading (protocol/bounded_json.hpp): the bounds hold
// before anything is built, and numbers mean what JSON says they mean.
#include "susurration/protocol/bounded_json.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

namespace susurration::forms {
namespace {

using Json = nlohmann::json;

std::string nested(std::size_t levels) { return std::string(levels, '[') + std::string(levels, ']'); }

TEST(BoundedJson, NestingToTheBoundIsReadAndOneLevelMoreIsRefused) {
  const JsonBounds bounds{1000, 8, 1000};
  EXPECT_NO_THROW(parse_bounded<Json>(nested(8), bounds));
  EXPECT_THROW(parse_bounded<Json>(nested(9), bounds), JsonTextError);
}

TEST(BoundedJson, FiftyThousandLevelsAreRefusedWithoutRecursion) {
  // Deep enough to overflow the stack of any recursive reader or printer.
  EXPECT_THROW(parse_bounded<Json>(nested(50000), JsonBounds{1u << 20, 64, 1u << 20}), JsonTextError);
}

TEST(BoundedJson, BracketsInsideStringsDoNotCount) {
  const Json v = parse_bounded<Json>(R"(["[[[[[[[[[[", "\"]]]]"])", JsonBounds{1000, 1, 1000});
  EXPECT_EQ(v[0], "[[[[[[[[[[");
  EXPECT_EQ(v[1], "\"]]]]");
}

TEST(BoundedJson, TooManyBytesOrValuesAreRefused) {
  EXPECT_THROW(parse_bounded<Json>("[1,2,3]", JsonBounds{6, 8, 100}), JsonTextError);
  EXPECT_NO_THROW(parse_bounded<Json>("[1,2,3]", JsonBounds{7, 8, 4}));  // the array and 3 numbers
  EXPECT_THROW(parse_bounded<Json>("[1,2,3]", JsonBounds{7, 8, 3}), JsonTextError);
}

TEST(BoundedJson, ANumberPastDoubleRangeIsNotJsonTextNotAnotherException) {
  EXPECT_THROW(parse_bounded<Json>("[1e400]"), JsonTextError);
  EXPECT_THROW(parse_bounded<Json>("{\"a\": -1e400}"), JsonTextError);
}

TEST(BoundedJson, MinusZeroIsNegativeZero) {
  const Json v = parse_bounded<Json>("[-0, -0 ,-0]");
  for (const Json& x : v) {
    ASSERT_TRUE(x.is_number_float());
    EXPECT_EQ(x.get<double>(), 0.0);
    EXPECT_TRUE(std::signbit(x.get<double>()));
  }
  EXPECT_TRUE(std::signbit(parse_bounded<Json>("-0").get<double>()));
  EXPECT_TRUE(std::signbit(parse_bounded<Json>("{\"vx\":-0}")["vx"].get<double>()));
}

TEST(BoundedJson, OtherNumbersAndStringsAreLeftAsTheyAre) {
  const Json v = parse_bounded<Json>(R"([0, -0.0, -0e1, 10, "-0", -1])");
  EXPECT_TRUE(v[0].is_number_integer());
  EXPECT_TRUE(std::signbit(v[1].get<double>()));
  EXPECT_TRUE(std::signbit(v[2].get<double>()));
  EXPECT_EQ(v[3], 10);
  EXPECT_EQ(v[4], "-0");
  EXPECT_EQ(v[5], -1);
}

TEST(BoundedJson, AMemberNamedTwiceIsRefusedOnlyWhenAsked) {
  JsonBounds refuse;
  refuse.refuse_duplicate_keys = true;
  // nlohmann alone keeps the last of the two.
  EXPECT_EQ(parse_bounded<Json>(R"({"a":1,"a":2})").at("a"), 2);
  EXPECT_THROW(parse_bounded<Json>(R"({"a":1,"a":2})", refuse), JsonTextError);
  EXPECT_THROW(parse_bounded<Json>(R"({"x":{"b":[{"c":1,"c":1}]}})", refuse), JsonTextError);
  EXPECT_THROW(parse_bounded<nlohmann::ordered_json>(R"({"a":1,"b":2,"a":3})", refuse), JsonTextError);
  // One name in sibling, nested or successive objects is no duplicate.
  EXPECT_NO_THROW(parse_bounded<Json>(R"([{"a":1},{"a":2},{"a":{"a":{"a":3}}}])", refuse));
  EXPECT_NO_THROW(parse_bounded<Json>(R"({"a":{"b":1},"b":{"a":2}})", refuse));
  try {
    parse_bounded<Json>(R"({"id":1,"result":{},"result":{}})", refuse);
    FAIL() << "no error";
  } catch (const JsonTextError& e) {
    EXPECT_NE(std::string(e.what()).find("\"result\" twice"), std::string::npos) << e.what();
  }
}

TEST(BoundedJson, InvalidTextIsOneErrorType) {
  for (const char* text : {"", "[", "[1,]", "{\"a\" 1}", "tru", "\"\\u12\""}) {
    EXPECT_THROW(parse_bounded<Json>(text), JsonTextError) << text;
  }
}

TEST(BoundedJson, MarkedNumbersPastDoubleRangeAreReadAsMarkedStrings) {
  JsonBounds bounds;
  bounds.mark_out_of_range = true;
  const Json v = parse_bounded<Json>(R"({"a": [1e400, -1E+999, 1.7e308, "1e400", -0, 1e-400]})", bounds);
  const Json& a = v["a"];
  ASSERT_TRUE(a[0].is_string() && a[1].is_string());
  EXPECT_EQ(out_of_range_text(a[0].get<std::string>()), "1e400");
  EXPECT_EQ(out_of_range_text(a[1].get<std::string>()), "-1E+999");
  EXPECT_EQ(a[2].get<double>(), 1.7e308);
  EXPECT_EQ(out_of_range_text(a[3].get<std::string>()), "");  // a string stays a string
  EXPECT_TRUE(std::signbit(a[4].get<double>()));
  EXPECT_EQ(a[5].get<double>(), 0.0);  // underflow is a number, as JSON readers take it
  EXPECT_THROW(parse_bounded<Json>("[1e400]"), JsonTextError);  // unmarked: refused whole
}

}  // namespace
}  // namespace susurration::forms
