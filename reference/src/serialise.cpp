// Text forms of numbers and the state hash (spec/serialisation.md; the hash is spec/determinism.md DET-3).
#include "susurration/serialise.hpp"

#include <array>
#include <bit>
#include <charconv>
#include <cstring>

namespace susurration {

// SERIAL-1: std::to_chars without a precision is the shortest form that
// reads back to the same bits (libstdc++ implements it with Ryu).
std::string shortest(double v) {
  std::array<char, 32> buf{};
  const auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), v);
  std::string text(buf.data(), end);
  if (text.find_first_of(".eEn") == std::string::npos) {
    text += ".0";  // "1000" would read back as an integer in most JSON libraries
  }
  return text;
}

// SERIAL-2: to_chars with a precision is printf("%.*f") in the C locale,
// which rounds the exact binary value, ties to even.
std::string round_decimals(double v, int places) {
  std::array<char, 400> buf{};
  const auto [end, ec] =
      std::to_chars(buf.data(), buf.data() + buf.size(), v, std::chars_format::fixed, places);
  std::string text(buf.data(), end);
  // SERIAL-3: "-0.00" says nothing a reader can use and JavaScript's
  // JSON.stringify cannot produce it; a zero is written unsigned.
  if (text.front() == '-' && text.find_first_not_of("-0.") == std::string::npos) {
    text.erase(0, 1);
  }
  return text;
}

std::uint64_t state_hash(const State& s) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  auto mix = [&h](double v) {
    const auto bits = std::bit_cast<std::uint64_t>(v);
    for (int byte = 0; byte < 8; ++byte) {  // little-endian on every machine
      h ^= (bits >> (8 * byte)) & 0xffu;
      h *= 0x100000001b3ull;
    }
  };
  for (const Bird& b : s) {
    mix(b.x);
    mix(b.y);
    mix(b.vx);
    mix(b.vy);
  }
  return h;
}

std::string hex64(std::uint64_t h) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text(16, '0');
  for (int k = 15; k >= 0; --k, h >>= 4) {
    text[static_cast<std::size_t>(k)] = kDigits[h & 0xfu];
  }
  return text;
}

}  // namespace susurration
