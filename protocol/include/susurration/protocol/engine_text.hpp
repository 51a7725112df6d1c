// Text that came from an engine (its stdout, its stderr, the strings in its
// responses), made safe to keep and to print: the one place where the kit
// sanitises it. An engine may write any bytes; the reports must stay valid
// UTF-8 (JSON), well-formed XML 1.0 (JUnit) and free of terminal control
// sequences (text), and no engine can make the kit keep more than a few
// kilobytes of its words per case (spec/grading.md, "Bounds").
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace susurration::protocol {

// The caps on quoted engine text (grading.md "Bounds", PROTO-10).
inline constexpr std::size_t kQuoteBytes = 300;         // offending output, an `unsupported` reason, an error
inline constexpr std::size_t kStderrLineBytes = 500;    // one stderr line
inline constexpr std::size_t kStderrTailBytes = 4096;   // the stderr tail kept per engine process
// A report line of engine text (one_line): a whole message (at most four
// quotes) written visibly, whose escapes may take four bytes for one.
inline constexpr std::size_t kReportLineBytes = 16 * kQuoteBytes;

// The bytes as UTF-8: every byte that does not belong to a well-formed
// sequence (a stray continuation, a truncated sequence, an overlong form, a
// surrogate, a code point past U+10FFFF) becomes U+FFFD.
std::string valid_utf8(std::string_view bytes);

// At most `max_bytes` of valid_utf8(bytes), cut on a character boundary;
// a cut says how long the whole was: "abc... (123456 bytes)".
std::string quote(std::string_view bytes, std::size_t max_bytes = kQuoteBytes);
// A request as a failing case shows it: a few hundred bytes, the rest in
// the replay's transcript.
inline constexpr std::size_t kRequestQuoteBytes = 400;

// The last lines of an engine's stderr, within kStderrTailBytes, each line
// within kStderrLineBytes, as valid UTF-8.
std::string stderr_quote(std::string_view tail);

// Valid UTF-8 with every character a terminal or an XML 1.0 parser could
// take for something else written visibly: C0 controls other than '\n' and
// '\t' and DEL as \x1b, C1 controls, U+FFFE, U+FFFF and the bidirectional
// overrides as \u009b. The text report and the JUnit report print engine
// text through this.
std::string visible(std::string_view text);

// visible(text) with '\n' and '\t' written \n and \t as well, within
// max_bytes (quote): a text that must stay on one line of the kit's output,
// whatever an engine or a hand-made report put in it.
std::string one_line(std::string_view text, std::size_t max_bytes = kQuoteBytes);

}  // namespace susurration::protocol
