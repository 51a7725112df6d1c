// Engine text made safe (engine_text.hpp), on hand-written byte sequences:
// the expected outputs are the Unicode standard's (table 3-7 and its
// "maximal subparts" practice), written out here, not the code's own.
#include <gtest/gtest.h>

#include <string>

#include "susurration/protocol/engine_text.hpp"

namespace susurration::protocol {
namespace {

const std::string R = "\xEF\xBF\xBD";  // U+FFFD

bool is_valid_utf8(const std::string& s) { return valid_utf8(s) == s; }

TEST(EngineText, WellFormedUtf8IsKeptByteForByte) {
  const std::string text = "a \xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80 \xF4\x8F\xBF\xBF \xED\x9F\xBF";
  EXPECT_EQ(valid_utf8(text), text);
}

TEST(EngineText, EachMaximalIllFormedSubpartBecomesOneReplacementCharacter) {
  EXPECT_EQ(valid_utf8("\x80"), R);                       // a stray continuation byte
  EXPECT_EQ(valid_utf8("a\xE2\x82"), "a" + R);            // a sequence cut at the end
  EXPECT_EQ(valid_utf8("\xE2\x82" "A"), R + "A");         // cut in the middle
  EXPECT_EQ(valid_utf8("\xF0\x9F\x98" "x"), R + "x");
  EXPECT_EQ(valid_utf8("\xC0\xAF"), R + R);               // C0 and C1 never lead
  EXPECT_EQ(valid_utf8("\xE0\x80\x80"), R + R + R);       // overlong three-byte form
  EXPECT_EQ(valid_utf8("\xED\xA0\x80"), R + R + R);       // a UTF-16 surrogate
  EXPECT_EQ(valid_utf8("\xF4\x90\x80\x80"), R + R + R + R);  // past U+10FFFF
  EXPECT_EQ(valid_utf8("\xFF\xFE"), R + R);
}

TEST(EngineText, AQuoteIsCutOnACharacterBoundaryAndSaysHowLongTheWholeWas) {
  // 299 ASCII bytes, then a three-byte character that a 300-byte cut splits.
  const std::string text = std::string(299, 'x') + "\xE2\x82\xAC";
  EXPECT_EQ(quote(text, 300), std::string(299, 'x') + "... (302 bytes)");
  EXPECT_EQ(quote("short", 300), "short");
  EXPECT_EQ(quote("\xFF", 300), R);
}

TEST(EngineText, AQuoteOfAHugeTextIsSmall) {
  const std::string huge(60'000'000, 'y');
  const std::string q = quote(huge, 300);
  EXPECT_EQ(q, std::string(300, 'y') + "... (60000000 bytes)");
}

TEST(EngineText, AStderrTailKeepsTheLastLinesWithinItsBounds) {
  EXPECT_EQ(stderr_quote("first\nsecond\nlast\n"), "first\nsecond\nlast\n");
  EXPECT_EQ(stderr_quote("no newline"), "no newline\n");
  std::string flood;
  for (int k = 0; k < 20; ++k) flood += std::string(65536, static_cast<char>('a' + k)) + "\n";
  const std::string tail = stderr_quote(flood);
  EXPECT_LE(tail.size(), kStderrTailBytes);
  EXPECT_EQ(tail.back(), '\n');
  // The newest line is the one kept last, cut to its bound.
  const std::string last = std::string(kStderrLineBytes, 't') + "... (65536 bytes)\n";
  EXPECT_EQ(tail.substr(tail.size() - last.size()), last);
  EXPECT_TRUE(is_valid_utf8(stderr_quote("bad \xC3 byte\n\xE2\x82")));
}

TEST(EngineText, ControlCharactersAreWrittenVisibly) {
  EXPECT_EQ(visible("\x1b[2J\x1b]0;title\x07"), "\\x1b[2J\\x1b]0;title\\x07");
  EXPECT_EQ(visible("keep\nnew lines\tand tabs"), "keep\nnew lines\tand tabs");
  EXPECT_EQ(visible("cr\r del\x7f"), "cr\\x0d del\\x7f");
  EXPECT_EQ(visible("c1 \xC2\x9B" "31m"), "c1 \\u009b31m");              // CSI
  EXPECT_EQ(visible("rtl \xE2\x80\xAE" "exe"), "rtl \\u202eexe");        // right-to-left override
  EXPECT_EQ(visible("\xEF\xBF\xBE\xEF\xBF\xBF"), "\\ufffe\\uffff");      // not XML 1.0 characters
  // Each written by its code point, from the Unicode Standard's tables.
  EXPECT_EQ(visible("a\xE2\x80\xA8" "b\xE2\x80\xA9" "c"), "a\\u2028b\\u2029c");  // line, paragraph separator
  EXPECT_EQ(visible("\xE2\x80\x8E" "l \xE2\x80\x8F" "r \xD8\x9C" "a"), "\\u200el \\u200fr \\u061ca");  // LRM, RLM, ALM
  EXPECT_EQ(visible("\xEF\xBB\xBF" "bom"), "\\ufeffbom");
  EXPECT_EQ(visible("caf\xC3\xA9 \xE2\x82\xAC"), "caf\xC3\xA9 \xE2\x82\xAC");
  EXPECT_EQ(visible("bad \xFF"), "bad " + R);
}

TEST(EngineText, OneLineKeepsEngineTextOnOneLine) {
  EXPECT_EQ(one_line("two\nlines\tand a tab"), "two\\nlines\\tand a tab");
  EXPECT_EQ(one_line("forged\xE2\x80\xA8Level: exact"), "forged\\u2028Level: exact");
  EXPECT_EQ(one_line(std::string(400, 'x')).size(), kQuoteBytes + std::string("... (400 bytes)").size());
}

}  // namespace
}  // namespace susurration::protocol
