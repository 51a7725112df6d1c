// First differences between JSON values, and distances between doubles.
#include "json_diff.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "susurration/reference_engine/json_text.hpp"

namespace susurration::cli {

using reference_engine::append_compact;

namespace {

constexpr std::size_t kBriefLength = 60;

bool same_scalar(const Json& a, const Json& b) {
  if (a.is_number_float() != b.is_number_float()) {
    return false;  // 1 and 1.0 are different vectors, whatever their values
  }
  if (a.is_number_float()) {
    return std::bit_cast<std::uint64_t>(a.get<double>()) ==
           std::bit_cast<std::uint64_t>(b.get<double>());
  }
  return a == b;  // integers by value (signed or not), strings, booleans, null
}

std::string key_path(const std::string& path, const std::string& key) {
  return path.empty() ? key : path + "." + key;
}

std::optional<Difference> first_object_difference(const Json& a, const Json& b,
                                                  const std::string& path) {
  for (const auto& [key, value] : a.items()) {
    if (!b.contains(key)) {
      return Difference{key_path(path, key), value, std::nullopt};
    }
    if (auto d = first_difference(value, b.at(key), key_path(path, key))) {
      return d;
    }
  }
  for (const auto& [key, value] : b.items()) {
    if (!a.contains(key)) {
      return Difference{key_path(path, key), std::nullopt, value};
    }
  }
  return std::nullopt;
}

std::optional<Difference> first_array_difference(const Json& a, const Json& b,
                                                 const std::string& path) {
  const std::size_t common = std::min(a.size(), b.size());
  for (std::size_t k = 0; k < common; ++k) {
    if (auto d = first_difference(a[k], b[k], path + "[" + std::to_string(k) + "]")) {
      return d;
    }
  }
  if (a.size() == b.size()) {
    return std::nullopt;
  }
  // One array is a prefix of the other: the first element only one side has.
  auto element = [common](const Json& v) {
    return common < v.size() ? std::optional<Json>(v[common]) : std::nullopt;
  };
  return Difference{path + "[" + std::to_string(common) + "]", element(a), element(b)};
}

}  // namespace

std::optional<Difference> first_difference(const Json& old_value, const Json& new_value,
                                           const std::string& path) {
  if (old_value.is_object() && new_value.is_object()) {
    return first_object_difference(old_value, new_value, path);
  }
  if (old_value.is_array() && new_value.is_array()) {
    return first_array_difference(old_value, new_value, path);
  }
  if (same_scalar(old_value, new_value)) {
    return std::nullopt;
  }
  return Difference{path, old_value, new_value};
}

std::string brief_text(const Json& value) {
  std::string text;
  append_compact(value, text, ", ", ": ");
  if (text.size() <= kBriefLength) {
    return text;
  }
  std::size_t cut = kBriefLength;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0u) == 0x80u) {
    --cut;  // never split a UTF-8 character
  }
  return text.substr(0, cut) + "...";
}

}  // namespace susurration::cli
