// Canonical JSON text for vector files.
#include "json_writer.hpp"

#include <algorithm>

#include "susurration/serialise.hpp"

namespace susurration::generator {
namespace {

bool is_scalar(const Json& v) { return !v.is_array() && !v.is_object(); }

bool is_flat_array(const Json& v) {
  return v.is_array() && std::all_of(v.begin(), v.end(), [](const Json& e) { return is_scalar(e); });
}

void write(const Json& v, int indent, std::string& out);

void write_scalar(const Json& v, std::string& out) {
  if (v.is_number_float()) {
    out += shortest(v.get<double>());
  } else {
    out += v.dump();  // integers, strings (escaped), true, false, null
  }
}

void write_flat_array(const Json& v, std::string& out) {
  out += '[';
  for (std::size_t k = 0; k < v.size(); ++k) {
    out += k == 0 ? "" : ", ";
    write_scalar(v[k], out);
  }
  out += ']';
}

void newline(int indent, std::string& out) {
  out += '\n';
  out.append(static_cast<std::size_t>(indent), ' ');
}

void write(const Json& v, int indent, std::string& out) {
  if (is_scalar(v)) {
    write_scalar(v, out);
  } else if (v.empty()) {
    out += v.is_array() ? "[]" : "{}";
  } else if (is_flat_array(v)) {
    write_flat_array(v, out);
  } else if (v.is_array()) {
    out += '[';
    for (std::size_t k = 0; k < v.size(); ++k) {
      out += k == 0 ? "" : ",";
      newline(indent + 2, out);
      write(v[k], indent + 2, out);
    }
    newline(indent, out);
    out += ']';
  } else {
    out += '{';
    bool first = true;
    for (const auto& [key, value] : v.items()) {
      out += first ? "" : ",";
      first = false;
      newline(indent + 2, out);
      out += Json(key).dump() + ": ";
      write(value, indent + 2, out);
    }
    newline(indent, out);
    out += '}';
  }
}

}  // namespace

std::string canonical_text(const Json& value) {
  std::string out;
  write(value, 0, out);
  out += '\n';
  return out;
}

}  // namespace susurration::generator
