// Engine text made safe (engine_text.hpp).
#include "susurration/protocol/engine_text.hpp"

#include <cstdio>
#include <vector>

namespace susurration::protocol {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

bool continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// The length of the well-formed sequence at text[i] (Unicode table 3-7),
// or 0 with `bad` set to the length of its longest well-formed prefix, at
// least 1: that many bytes become one U+FFFD ("maximal subparts").
std::size_t sequence_at(std::string_view text, std::size_t i, std::size_t& bad) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  bad = 1;
  if (lead < 0x80) return 1;
  std::size_t length;
  unsigned char low = 0x80, high = 0xBF;  // the range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // no overlong forms
    if (lead == 0xED) high = 0x9F;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;   // no overlong forms
    if (lead == 0xF4) high = 0x8F;  // nothing past U+10FFFF
  } else {
    return 0;  // a continuation byte, C0, C1 or F5..FF: never a lead
  }
  for (std::size_t k = 1; k < length; ++k) {
    if (i + k >= text.size()) return 0;
    const unsigned char c = byte(i + k);
    const bool ok = k == 1 ? (c >= low && c <= high) : continuation(c);
    if (!ok) return 0;
    bad = k + 1;
  }
  return length;
}

// The code point of a well-formed sequence.
char32_t decode(std::string_view s) {
  const auto b = [&](std::size_t k) { return static_cast<char32_t>(static_cast<unsigned char>(s[k])); };
  switch (s.size()) {
    case 1: return b(0);
    case 2: return ((b(0) & 0x1F) << 6) | (b(1) & 0x3F);
    case 3: return ((b(0) & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F);
    default: return ((b(0) & 0x07) << 18) | ((b(1) & 0x3F) << 12) | ((b(2) & 0x3F) << 6) | (b(3) & 0x3F);
  }
}

// What a terminal or XML 1.0 must not see raw. Bidirectional overrides
// (U+202A..U+202E, U+2066..U+2069) and marks (LRM U+200E, RLM U+200F, ALM
// U+061C) could make a report line read differently from what it says;
// the line and paragraph separators (U+2028, U+2029) start a new line in
// many viewers, where an engine could write a line the kit never wrote; a
// byte order mark (U+FEFF) inside a line is invisible (issue 24).
bool must_escape(char32_t c) {
  if (c < 0x20) return c != '\n' && c != '\t';
  return (c >= 0x7F && c <= 0x9F) || c == 0xFFFE || c == 0xFFFF || (c >= 0x202A && c <= 0x202E) ||
         (c >= 0x2066 && c <= 0x2069) || c == 0x200E || c == 0x200F || c == 0x061C || c == 0x2028 ||
         c == 0x2029 || c == 0xFEFF;
}

}  // namespace

std::string valid_utf8(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (std::size_t i = 0; i < bytes.size();) {
    std::size_t bad;
    const std::size_t n = sequence_at(bytes, i, bad);
    if (n) {
      out.append(bytes.substr(i, n));
      i += n;
    } else {
      out.append(kReplacement);
      i += bad;
    }
  }
  return out;
}

std::string quote(std::string_view bytes, std::size_t max_bytes) {
  // Only the head is looked at: a 60 MB reason costs no 60 MB copy. Four
  // more bytes than kept, so a character the cut would split is whole here.
  std::string head = valid_utf8(bytes.substr(0, max_bytes + 4));
  if (bytes.size() <= max_bytes && head.size() <= max_bytes) return head;
  std::size_t cut = std::min(max_bytes, head.size());
  while (cut > 0 && cut < head.size() && continuation(static_cast<unsigned char>(head[cut]))) --cut;
  head.resize(cut);
  return head + "... (" + std::to_string(bytes.size()) + " bytes)";
}

std::string stderr_quote(std::string_view tail) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start < tail.size();) {
    std::size_t nl = tail.find('\n', start);
    if (nl == std::string_view::npos) nl = tail.size();
    lines.push_back(tail.substr(start, nl - start));
    start = nl + 1;
  }
  // The newest lines are the ones worth keeping: taken from the end until
  // the tail is full.
  std::vector<std::string> kept;
  std::size_t bytes = 0;
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    std::string line = quote(*it, kStderrLineBytes);
    if (bytes + line.size() + 1 > kStderrTailBytes) break;
    bytes += line.size() + 1;
    kept.push_back(std::move(line));
  }
  std::string out;
  for (auto it = kept.rbegin(); it != kept.rend(); ++it) out += *it + "\n";
  return out;
}

std::string visible(std::string_view text) {
  const std::string valid = valid_utf8(text);
  std::string out;
  out.reserve(valid.size());
  for (std::size_t i = 0; i < valid.size();) {
    std::size_t bad;
    const std::size_t n = sequence_at(valid, i, bad);  // never 0: valid is well formed
    const std::string_view ch(valid.data() + i, n);
    const char32_t c = decode(ch);
    if (must_escape(c)) {
      char buf[16];
      std::snprintf(buf, sizeof buf, c < 0x80 ? "\\x%02x" : "\\u%04x", static_cast<unsigned>(c));
      out += buf;
    } else {
      out.append(ch);
    }
    i += n;
  }
  return out;
}

}  // namespace susurration::protocol

namespace susurration::protocol {

std::string one_line(std::string_view text, std::size_t max_bytes) {
  std::string out;
  for (char c : visible(text)) {
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else {
      out += c;
    }
  }
  return quote(out, max_bytes);
}

}  // namespace susurration::protocol
